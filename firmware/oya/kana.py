# Japanese text for a 6x8 display font and a thermal printer's katakana page.
#
# Both can only show half-width katakana (JIS X 0201: bytes 0xA1-0xDF, Unicode
# U+FF61-U+FF9F), where a voiced kana is its base followed by a separate mark:
# "ガ" -> "ｶﾞ", "パ" -> "ﾊﾟ". This module maps full-width katakana, hiragana
# (as katakana), the long vowel ー and the punctuation 、。「」・゛゜ to them,
# full-width ASCII to ASCII, and produces
#   to_half(text)   -> str with half-width katakana
#   to_jis(text)    -> bytes for a printer's katakana code page (ASCII as is,
#                      0xA1-0xDF for kana, b"?" for what has no byte)
#   to_romaji(text) -> ASCII Hepburn for a printer without a katakana page
# code(cp) is the allocation-free primitive the font uses while drawing.
#
# One bytes table covers U+30A1-U+30FC: entry = (jis - 0xA0) | mark << 6,
# mark 1 = dakuten (ﾞ, 0xDE), 2 = handakuten (ﾟ, 0xDF); 0 = no mapping.
from oya.compat import const
_FULL = (
    b"\x07\x11\x08\x12\x09\x13\x0a\x14\x0b\x15\x16\x56\x17\x57\x18\x58"
    b"\x19\x59\x1a\x5a\x1b\x5b\x1c\x5c\x1d\x5d\x1e\x5e\x1f\x5f\x20\x60"
    b"\x21\x61\x0f\x22\x62\x23\x63\x24\x64\x25\x26\x27\x28\x29\x2a\x6a"
    b"\xaa\x2b\x6b\xab\x2c\x6c\xac\x2d\x6d\xad\x2e\x6e\xae\x2f\x30\x31"
    b"\x32\x33\x0c\x34\x0d\x35\x0e\x36\x37\x38\x39\x3a\x3b\x3c\x3c\x12"
    b"\x14\x06\x3d\x53\x16\x19\x7c\x52\x54\x46\x05\x10"
)

_DAKUTEN = const(0xDE)
_HANDAKUTEN = const(0xDF)


def code(cp):
    """Code point -> what to show: < 0x80 an ASCII code; 0xA1-0xDF a JIS X 0201
    katakana byte, plus 0x100 when a dakuten and 0x200 when a handakuten
    follows; -1 when there is no equivalent."""
    if cp < 0x80:
        return cp
    if 0xFF61 <= cp <= 0xFF9F:
        return cp - 0xFEC0
    if 0x3041 <= cp <= 0x3096:      # hiragana -> katakana
        cp += 0x60
    if 0x30A1 <= cp <= 0x30FC:
        e = _FULL[cp - 0x30A1]
        return (e & 0x3F) + 0xA0 + ((e >> 6) << 8)
    if 0xFF01 <= cp <= 0xFF5E:      # full-width ASCII
        return cp - 0xFEE0
    if cp == 0x3000:
        return 0x20
    if cp == 0x3001:
        return 0xA4
    if cp == 0x3002:
        return 0xA1
    if cp == 0x300C:
        return 0xA2
    if cp == 0x300D:
        return 0xA3
    if cp == 0x309B:
        return _DAKUTEN
    if cp == 0x309C:
        return _HANDAKUTEN
    return -1


def to_half(text):
    """Text with kana as half-width katakana; characters with no equivalent
    are kept as they are."""
    return half_utf8(text.encode()).decode()


def half_utf8(b):
    """to_half of the UTF-8 bytes `b`, as UTF-8 bytes: read and made as
    bytes. A str a character (iterating a str, chr()) is a new object each,
    looked up among the interned names, which makes a row of kana many
    times slower to draw than an English one."""
    out = bytearray()
    n = len(b)
    i = 0
    while i < n:
        o = b[i]
        if o < 0x80:
            out.append(o)
            i += 1
            continue
        if o < 0xE0:
            k = 2
            c = code((o & 0x1F) << 6 | (b[i + 1] & 0x3F))
        elif o < 0xF0:
            k = 3
            c = code((o & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | (b[i + 2] & 0x3F))
        else:
            k = 4
            c = -1                      # (no kana past the BMP)
        if c < 0:
            out.extend(b[i:i + k])
        elif c < 0x80:
            out.append(c)
        else:
            _half(out, (c & 0xFF) + 0xFEC0)
            if c >> 8:
                _half(out, 0xFF9D + (c >> 8))
        i += k
    return bytes(out)


def _half(out, cp):
    """The UTF-8 of the half-width form `cp` (U+FF61-U+FF9F) onto `out`."""
    out.append(0xEF)
    out.append(0x80 | ((cp >> 6) & 0x3F))
    out.append(0x80 | (cp & 0x3F))


def to_jis(text, missing=0x3F):
    """Bytes for a printer's JIS X 0201 katakana code page."""
    out = bytearray()
    for ch in text:
        c = code(ord(ch))
        if c < 0:
            out.append(missing)
        elif c < 0x80:
            out.append(c)
        else:
            out.append(c & 0xFF)
            if c >> 8:
                out.append(0xDD + (c >> 8))
    return bytes(out)


# Romaji of JIS 0xA1-0xDF, space separated ("~" marks the small kana that
# modify the syllable before them).
_ROMAJI = (". \" \" , . wo ~a ~i ~u ~e ~o ~ya ~yu ~yo ~tsu - "
           "a i u e o ka ki ku ke ko sa shi su se so ta chi tsu te to "
           "na ni nu ne no ha hi fu he ho ma mi mu me mo ya yu yo "
           "ra ri ru re ro wa n \" \"")
_VOICED = {"k": "g", "s": "z", "t": "d", "h": "b", "f": "b", "c": "j"}


def _voice(syl, mark):
    if mark == 2:
        if syl[0] in "hf":
            return "p" + syl[-1]
        return syl
    if syl == "u":
        return "vu"
    if syl in ("shi", "chi"):
        return "ji"
    if syl == "tsu":
        return "zu"
    v = _VOICED.get(syl[0])
    if v is None:
        return syl
    return v + syl[1:]


def to_romaji(text):
    """ASCII Hepburn romaji: "ガ" -> "ga", "キャ" -> "kya", "ジョ" -> "jo",
    "マッチ" -> "matchi", "ー" -> "-". Characters that are neither ASCII nor
    kana become "?"."""
    table = _ROMAJI.split(" ")
    jis = to_jis(text)
    out = []
    sokuon = False
    i = 0
    n = len(jis)
    while i < n:
        b = jis[i]
        i += 1
        if b < 0x80:
            out.append(chr(b))
            sokuon = False
            continue
        if b in (_DAKUTEN, _HANDAKUTEN):
            continue                    # a lone mark
        syl = table[b - 0xA1]
        if i < n and jis[i] in (_DAKUTEN, _HANDAKUTEN):
            syl = _voice(syl, jis[i] - 0xDD)
            i += 1
        if syl == "~tsu":
            sokuon = True
            continue
        if syl[0] == "~":
            small = syl[1:]
            prev = out[-1] if out else ""
            if small[0] == "y" and len(prev) >= 2 and prev[-1] == "i":
                if prev[-2] in "hj" or prev[-3:] == "chi":
                    out[-1] = prev[:-1] + small[1:]     # sha, ja, cho
                else:
                    out[-1] = prev[:-1] + small          # kya, ryo
                continue
            if small[0] != "y" and len(prev) >= 2 and prev[-1] in "aiueo":
                out[-1] = prev[:-1] + small              # fa, ti, she
                continue
            syl = small
        if sokuon:
            sokuon = False
            if syl[0] not in "aiueon":
                syl = ("t" if syl[0] == "c" else syl[0]) + syl
        out.append(syl)
    return "".join(out)
