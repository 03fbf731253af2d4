# Full-width kana -> half-width katakana, JIS X 0201 bytes and romaji.
from oya import kana


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


def test_half_width_from_utf8_bytes_is_the_character_by_character_mapping():
    # half_utf8 reads and makes bytes (no str a character: on the RP2040 a row
    # of kana took 5-7 ms that way); it must give what mapping each character
    # with code() gives, for every kind of character around a kana
    def one_by_one(text):
        out = []
        for ch in text:
            c = kana.code(ord(ch))
            if c < 0:
                out.append(ch)
            elif c < 0x80:
                out.append(chr(c))
            else:
                out.append(chr((c & 0xFF) + 0xFEC0))
                if c >> 8:
                    out.append(chr(0xFF9D + (c >> 8)))
        return "".join(out)
    cps = ([0x20, 0x41, 0x7E, 0xA5, 0xD7, 0x2026, 0x2660, 0x2469, 0x3000, 0x3001, 0x3002, 0x300C, 0x300D,
            0x309B, 0x309C, 0x30FB, 0x30FC, 0xFF01, 0xFF21, 0xFF5E, 0xFF61, 0xFF9E, 0xFF9F, 0xFFFD, 0x89AA,
            0x1F0A1] + list(range(0x3041, 0x3097)) + list(range(0x30A1, 0x30FD)))
    texts = ["".join(chr(c) for c in cps)] + [chr(c) + "x" + chr(c) for c in cps] + ["", "ascii only"]
    for text in texts:
        want = one_by_one(text)
        assert kana.half_utf8(text.encode()) == want.encode(), text
        assert kana.to_half(text) == want
    # a screen row: cut to its cells, one a character once half-width
    from oya.ui.grid import half_fit
    assert half_fit("ガギグ".encode(), 6) == "ｶﾞｷﾞｸﾞ".encode()
    assert half_fit("ガギグ".encode(), 4) == "ｶﾞｷ~".encode()
    assert half_fit("♠A ガ".encode(), 4) == "♠A ~".encode()       # (5 cells: ｶ and its mark)


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
