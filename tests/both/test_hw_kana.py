# Full-width kana -> half-width katakana, JIS X 0201 bytes and romaji.
from oya.ui import kana


def test_voiced_kana_decompose():
    assert kana.to_half("ガ") == "ｶﾞ"
    assert kana.to_half("パ") == "ﾊﾟ"
    assert kana.to_half("ヴ") == "ｳﾞ"
    assert kana.to_half("スペード") == "ｽﾍﾟｰﾄﾞ"


def test_hiragana_punctuation_and_fullwidth_ascii():
    assert kana.to_half("おいちょかぶ") == "ｵｲﾁｮｶﾌﾞ"
    assert kana.to_half("「コイ」、シモ。・") == "｢ｺｲ｣､ｼﾓ｡･"
    assert kana.to_half("ＡＢ１２　x") == "AB12 x"
    assert kana.to_half("ｶﾞ already") == "ｶﾞ already"
    assert kana.to_half("親") == "親"              # no equivalent: kept


def test_every_katakana_maps():
    for cp in range(0x30A1, 0x30FD):
        c = kana.code(cp)
        assert 0xA1 <= (c & 0xFF) <= 0xDF, hex(cp)
    for cp in range(0x3041, 0x3097):
        assert kana.code(cp) == kana.code(cp + 0x60)
    for cp in range(0xFF61, 0xFFA0):
        assert kana.code(cp) == cp - 0xFEC0


def test_jis_bytes_for_the_printer():
    assert kana.to_jis("ガ") == b"\xb6\xde"
    assert kana.to_jis("パ") == b"\xca\xdf"
    assert kana.to_jis("オイチョカブ 3") == b"\xb5\xb2\xc1\xae\xb6\xcc\xde 3"
    assert kana.to_jis("マツa") == b"\xcf\xc2a"
    assert kana.to_jis("ー") == b"\xb0"
    assert kana.to_jis("親x") == b"?x"


def test_romaji_fallback():
    cases = [
        ("ガ", "ga"), ("パ", "pa"), ("カブ", "kabu"), ("オイチョカブ", "oichokabu"),
        ("キャ", "kya"), ("シュ", "shu"), ("ジョ", "jo"), ("チャ", "cha"),
        ("マッチ", "matchi"), ("カッパ", "kappa"), ("スペード", "supe-do"),
        ("ハート", "ha-to"), ("ダイヤ", "daiya"), ("クラブ", "kurabu"),
        ("ボタン", "botan"), ("モミジ", "momiji"), ("アカチョロ", "akachoro"),
        ("ススキ", "susuki"), ("フジ", "fuji"), ("ヅ", "zu"), ("ヂ", "ji"),
        ("ファ", "fa"), ("ヴ", "vu"), ("コイコイ 5", "koikoi 5"), ("親", "?"),
        ("ツ", "tsu"), ("ヲ", "wo"), ("ン", "n"),
    ]
    for src, want in cases:
        assert kana.to_romaji(src) == want, (src, kana.to_romaji(src), want)
