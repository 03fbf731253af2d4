# Oya's bitmap font: 6x8 cells (21 columns x 8 rows on a 128x64 panel).
#
# Stable API (the simulator's text recogniser is built from it):
#   W = 6, H = 8          cell size in pixels
#   GLYPHS                bytes, W bytes per glyph, glyph g at GLYPHS[g*W:(g+1)*W];
#                         each byte is one column, MONO_VLSB (bit 0 = top row)
#   chars()               str, the character of each glyph in glyph order:
#                         printable ASCII 0x20-0x7E, half-width katakana
#                         U+FF61-U+FF9F (JIS X 0201 order; the voicing marks
#                         ﾞ ﾟ are glyphs of their own), then EXTRA
#   EXTRA                 card and UI glyphs: suits ♠♥♦♣, ▒ card back,
#                         ■ hidden card, arrows ←→↑↓, ▶ cursor, ◀ ▲ ▼, • ● ○ ★ ✓,
#                         ¥ × …, ⑩ ⑪ ⑫ (card numbers 10-12 in one cell),
#                         and U+FFFD, drawn for anything without a glyph
#   index(ch) -> int      glyph of a character drawn as exactly one glyph, else -1
#   glyphs(text) -> list  the glyph indices draw() puts down for `text`
#   cells(text) -> int    how many cells `text` takes
#   draw(fb, text, x, y, invert=False) -> x after the text
# Full-width katakana and hiragana are accepted too and drawn as half-width
# (base glyph + mark glyph: "ガ" takes two cells, like "ｶﾞ"); see oya.kana.
#
# draw() puts each glyph down with framebuf.blit: glyph g's six column bytes
# (MONO_VLSB, as GLYPHS holds them) are copied into a 6x8 cell FrameBuffer,
# and a blit of the cell draws it (opaque, so it overwrites what was under
# it). GLYPHS is read in place (no copy of the font in RAM) and nothing is
# allocated per glyph or per call. The glyph pixels come from
# tests/hw/font_art.py.
import framebuf
from oya.compat import const
try:
    from oya.viper import glyph_run      # machine code where the board has a native emitter
except Exception:                        # CPython, the WebAssembly port: the loop below alone
    glyph_run = None

W = const(6)
H = const(8)
_KANA0 = const(95)          # first katakana glyph (U+FF61)
_EXTRA0 = const(158)        # first EXTRA glyph
EXTRA = "♠♥♦♣▒■←→↑↓▶◀▲▼•●○★✓¥×…⑩⑪⑫\ufffd"
TOFU = _EXTRA0 + len(EXTRA) - 1
N = _EXTRA0 + len(EXTRA)

GLYPHS = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x5f\x00\x00\x00\x00\x07\x00\x07"
    b"\x00\x00\x14\x7f\x14\x7f\x14\x00\x24\x2a\x7f\x2a\x12\x00\x23\x13"
    b"\x08\x64\x62\x00\x36\x49\x55\x22\x50\x00\x00\x04\x03\x00\x00\x00"
    b"\x00\x1c\x22\x41\x00\x00\x00\x41\x22\x1c\x00\x00\x14\x08\x3e\x08"
    b"\x14\x00\x08\x08\x3e\x08\x08\x00\x00\x50\x30\x00\x00\x00\x00\x08"
    b"\x08\x08\x00\x00\x00\x60\x60\x00\x00\x00\x20\x10\x08\x04\x02\x00"
    b"\x3e\x51\x49\x45\x3e\x00\x00\x42\x7f\x40\x00\x00\x42\x61\x51\x49"
    b"\x46\x00\x21\x41\x45\x4b\x31\x00\x18\x14\x12\x7f\x10\x00\x27\x45"
    b"\x45\x45\x39\x00\x3c\x4a\x49\x49\x30\x00\x01\x71\x09\x05\x03\x00"
    b"\x36\x49\x49\x49\x36\x00\x06\x49\x49\x29\x1e\x00\x00\x36\x36\x00"
    b"\x00\x00\x00\x56\x36\x00\x00\x00\x08\x14\x22\x41\x00\x00\x14\x14"
    b"\x14\x14\x14\x00\x00\x41\x22\x14\x08\x00\x02\x01\x51\x09\x06\x00"
    b"\x32\x49\x79\x41\x3e\x00\x7e\x11\x11\x11\x7e\x00\x7f\x49\x49\x49"
    b"\x36\x00\x3e\x41\x41\x41\x22\x00\x7f\x41\x41\x22\x1c\x00\x7f\x49"
    b"\x49\x49\x41\x00\x7f\x09\x09\x09\x01\x00\x3e\x41\x49\x49\x7a\x00"
    b"\x7f\x08\x08\x08\x7f\x00\x00\x41\x7f\x41\x00\x00\x20\x40\x41\x3f"
    b"\x01\x00\x7f\x08\x14\x22\x41\x00\x7f\x40\x40\x40\x40\x00\x7f\x02"
    b"\x0c\x02\x7f\x00\x7f\x04\x08\x10\x7f\x00\x3e\x41\x41\x41\x3e\x00"
    b"\x7f\x09\x09\x09\x06\x00\x3e\x41\x51\x21\x5e\x00\x7f\x09\x19\x29"
    b"\x46\x00\x46\x49\x49\x49\x31\x00\x01\x01\x7f\x01\x01\x00\x3f\x40"
    b"\x40\x40\x3f\x00\x1f\x20\x40\x20\x1f\x00\x3f\x40\x38\x40\x3f\x00"
    b"\x63\x14\x08\x14\x63\x00\x03\x04\x78\x04\x03\x00\x61\x51\x49\x45"
    b"\x43\x00\x00\x7f\x41\x41\x00\x00\x02\x04\x08\x10\x20\x00\x00\x41"
    b"\x41\x7f\x00\x00\x04\x02\x01\x02\x04\x00\x80\x80\x80\x80\x80\x00"
    b"\x00\x01\x02\x04\x00\x00\x20\x54\x54\x54\x78\x00\x7f\x48\x44\x44"
    b"\x38\x00\x38\x44\x44\x44\x20\x00\x38\x44\x44\x48\x7f\x00\x38\x54"
    b"\x54\x54\x18\x00\x08\x7e\x09\x01\x02\x00\x18\xa4\xa4\xa4\x7c\x00"
    b"\x7f\x08\x04\x04\x78\x00\x00\x44\x7d\x40\x00\x00\x40\x80\x84\x7d"
    b"\x00\x00\x7f\x10\x28\x44\x00\x00\x00\x41\x7f\x40\x00\x00\x7c\x04"
    b"\x78\x04\x78\x00\x7c\x08\x04\x04\x78\x00\x38\x44\x44\x44\x38\x00"
    b"\xfc\x24\x24\x24\x18\x00\x18\x24\x24\x24\xfc\x00\x7c\x08\x04\x04"
    b"\x08\x00\x48\x54\x54\x54\x20\x00\x04\x3f\x44\x40\x20\x00\x3c\x40"
    b"\x40\x20\x7c\x00\x1c\x20\x40\x20\x1c\x00\x3c\x40\x30\x40\x3c\x00"
    b"\x44\x28\x10\x28\x44\x00\x1c\xa0\xa0\xa0\x7c\x00\x44\x64\x54\x4c"
    b"\x44\x00\x00\x08\x36\x41\x00\x00\x00\x00\x7f\x00\x00\x00\x00\x41"
    b"\x36\x08\x00\x00\x08\x04\x08\x10\x08\x00\x70\x50\x70\x00\x00\x00"
    b"\x0f\x01\x01\x00\x00\x00\x00\x00\x40\x40\x78\x00\x10\x20\x40\x00"
    b"\x00\x00\x00\x18\x18\x00\x00\x00\x05\x45\x25\x15\x0f\x00\x04\x44"
    b"\x34\x14\x0c\x00\x00\x20\x10\x78\x04\x00\x18\x08\x4c\x48\x38\x00"
    b"\x48\x48\x78\x48\x48\x00\x48\x28\x18\x7c\x08\x00\x08\x7c\x08\x28"
    b"\x18\x00\x40\x48\x48\x78\x40\x00\x44\x54\x54\x7c\x00\x00\x18\x00"
    b"\x58\x40\x38\x00\x08\x08\x08\x08\x08\x00\x41\x3d\x09\x05\x03\x00"
    b"\x10\x08\x7c\x02\x01\x00\x0e\x02\x43\x22\x1e\x00\x42\x42\x7e\x42"
    b"\x42\x00\x22\x12\x0a\x7f\x02\x00\x42\x3f\x02\x42\x3e\x00\x0a\x0a"
    b"\x7f\x0a\x0a\x00\x44\x43\x21\x11\x0f\x00\x04\x03\x42\x3e\x02\x00"
    b"\x41\x41\x41\x41\x7f\x00\x02\x4f\x22\x1f\x02\x00\x45\x45\x40\x20"
    b"\x1e\x00\x41\x21\x11\x29\x47\x00\x02\x3f\x42\x4a\x46\x00\x43\x44"
    b"\x20\x10\x0f\x00\x44\x43\x25\x19\x07\x00\x0a\x4a\x3e\x09\x09\x00"
    b"\x07\x00\x47\x20\x1f\x00\x04\x45\x3d\x05\x04\x00\x00\x7f\x08\x10"
    b"\x00\x00\x04\x44\x3f\x04\x04\x00\x20\x22\x22\x22\x20\x00\x41\x25"
    b"\x19\x29\x07\x00\x22\x12\x7b\x16\x22\x00\x40\x20\x10\x0f\x00\x00"
    b"\x70\x0e\x00\x0e\x70\x00\x3f\x44\x44\x44\x44\x00\x01\x41\x21\x11"
    b"\x0f\x00\x08\x04\x08\x10\x20\x00\x3a\x02\x7f\x02\x3a\x00\x01\x09"
    b"\x31\x49\x07\x00\x25\x25\x4a\x4a\x40\x00\x60\x5c\x43\x50\x60\x00"
    b"\x40\x44\x28\x18\x27\x00\x05\x3f\x45\x45\x45\x00\x02\x7f\x02\x0a"
    b"\x06\x00\x40\x42\x42\x7e\x40\x00\x49\x49\x49\x49\x7f\x00\x04\x45"
    b"\x45\x25\x1c\x00\x0f\x40\x20\x1f\x00\x00\x7e\x00\x7f\x40\x30\x00"
    b"\x7f\x40\x20\x10\x08\x00\x7f\x41\x41\x41\x7f\x00\x07\x01\x41\x21"
    b"\x1f\x00\x41\x42\x40\x20\x1e\x00\x03\x00\x03\x00\x00\x00\x07\x05"
    b"\x07\x00\x00\x00\x1c\x4e\x7f\x4e\x1c\x00\x1c\x3e\x7c\x3e\x1c\x00"
    b"\x08\x3e\x7f\x3e\x08\x00\x1c\x5f\x6f\x5f\x1c\x00\x7f\x6b\x55\x6b"
    b"\x7f\x00\x7f\x7f\x7f\x7f\x7f\x00\x08\x1c\x2a\x08\x08\x00\x08\x08"
    b"\x2a\x1c\x08\x00\x04\x02\x7f\x02\x04\x00\x10\x20\x7f\x20\x10\x00"
    b"\x7f\x3e\x1c\x08\x00\x00\x00\x08\x1c\x3e\x7f\x00\x08\x0c\x0e\x0c"
    b"\x08\x00\x08\x18\x38\x18\x08\x00\x00\x1c\x1c\x1c\x00\x00\x0e\x1f"
    b"\x1f\x1f\x0e\x00\x0e\x11\x11\x11\x0e\x00\x24\x1c\x0f\x1c\x24\x00"
    b"\x08\x10\x08\x04\x02\x00\x15\x16\x7c\x16\x15\x00\x22\x14\x08\x14"
    b"\x22\x00\x40\x00\x40\x00\x40\x00\x7f\x00\x7f\x41\x7f\x00\x02\x7f"
    b"\x00\x02\x7f\x00\x7f\x00\x79\x49\x4f\x00\x7f\x41\x55\x41\x7f\x00")


def chars():
    """The character of each glyph, in glyph order: made when asked for (the
    simulator's recogniser, tests), as the device draws by glyph number."""
    return ("".join(chr(c) for c in range(0x20, 0x7F))
            + "".join(chr(c) for c in range(0xFF61, 0xFFA0)) + EXTRA)


_cell = None
_cellfb = None
_inv = None                 # palette 0->1, 1->0: a glyph blitted inverted (the cursor row)
_extra = None               # EXTRA's code points


def _init():
    global _cell, _cellfb, _inv, _extra
    _cell = bytearray(W)
    _cellfb = framebuf.FrameBuffer(_cell, W, H, framebuf.MONO_VLSB)
    _inv = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
    _inv.pixel(0, 0, 1)
    _extra = tuple(ord(c) for c in EXTRA)


def _code_point(o):
    """Code point -> glyph, or two glyphs packed as g1 | (g2 + 1) << 8."""
    if 0x20 <= o < 0x7F:
        return o - 0x20
    if 0xFF61 <= o <= 0xFF9F:
        return _KANA0 + o - 0xFF61
    if o >= 0xA0 and o in _extra:
        return _EXTRA0 + _extra.index(o)
    from oya import kana            # imported for kana only: English text never needs it
    c = kana.code(o)
    if c < 0x20 or 0x7F <= c < 0xA1:
        return TOFU
    if c < 0x7F:
        return c - 0x20
    g = _KANA0 + (c & 0xFF) - 0xA1
    m = c >> 8
    if m:
        return g | (_KANA0 + 0xDD + m - 0xA1 + 1) << 8
    return g


def _code(ch):
    if _extra is None:
        _init()
    return _code_point(ord(ch))


def index(ch):
    c = _code(ch)
    if c > 0xFF or (c == TOFU and ch != "\ufffd"):
        return -1
    return c


def glyphs(text):
    out = []
    for ch in text:
        c = _code(ch)
        out.append(c & 0xFF)
        if c > 0xFF:
            out.append((c >> 8) - 1)
    return out


def cells(text):
    n = 0
    for ch in text:
        n += 2 if _code(ch) > 0xFF else 1
    return n


def _put(fb, g, x, y, invert):
    # glyph g's columns into the cell (GLYPHS is read in place: no copy of
    # the font in RAM, and a slice would allocate), then the cell onto fb,
    # through the inverting palette if asked
    c = _cell
    b = g * W
    for k in range(W):
        c[k] = GLYPHS[b + k]
    if invert:
        fb.blit(_cellfb, x, y, -1, _inv)
    else:
        fb.blit(_cellfb, x, y)


def draw(fb, text, x, y, invert=False):
    """Draw `text` (str, or its UTF-8 bytes) with its top-left corner at
    (x, y); returns the x after it. It is read as bytes: iterating a str
    makes a str per character, and on MicroPython each new str is looked up
    among all the interned strings (a linear search once .mpy files are
    loaded). Given bytes, nothing is allocated."""
    if _cell is None:
        _init()
    b = text.encode() if isinstance(text, str) else text
    n = len(b)
    i = 0
    while i < n:
        o = b[i]
        if o < 0x80:
            i += 1
        elif o < 0xE0:
            o = (o & 0x1F) << 6 | (b[i + 1] & 0x3F)
            i += 2
        elif o < 0xF0:
            o = (o & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | (b[i + 2] & 0x3F)
            i += 3
        else:
            o = 0xFFFD
            i += 4
        c = _code_point(o)
        if c > 0xFF:
            _put(fb, c & 0xFF, x, y, invert)
            x += W
            c = (c >> 8) - 1
        _put(fb, c, x, y, invert)
        x += W
    return x


def draw_row(fb, r, text, invert=False, width=128):
    """Row r (a page: y = 8r) of `fb`: its background, then `text` from x = 0."""
    fb.fill_rect(0, r * H, width, H, 1 if invert else 0)
    draw(fb, text, 0, r * H, invert)


def page_writer(buf, width):
    """A draw_row for a MONO_VLSB frame `fb` over `buf`, `width` pixels wide:
    the glyphs' column bytes go straight into the buffer (a row of the grid is
    a display page, one byte per column), the rest of the row is blanked with
    one fill_rect. Per glyph that is six byte stores, with no call and no
    blit: rendering is most of a key's CPU on the device. Where oya.viper
    loads, runs of ASCII are stored by its machine code."""

    def write(fb, r, text, invert=False):
        if _extra is None:
            _init()
        G = GLYPHS
        o = r * width
        end = o + width
        n = len(text)
        i = 0
        run = glyph_run
        while i < n:
            if run is not None:            # a run of ASCII in machine code, the rest here
                k = run(buf, o, end, G, text, i, n, 0xFF if invert else 0)
                i += k
                o += k * W
                if i >= n:
                    break
            c = text[i]
            if c < 0x80:
                i += 1
                c = c - 0x20 if 0x20 <= c < 0x7F else _code_point(c)
            else:
                if c < 0xE0:
                    c = (c & 0x1F) << 6 | (text[i + 1] & 0x3F)
                    i += 2
                elif c < 0xF0:
                    c = (c & 0x0F) << 12 | (text[i + 1] & 0x3F) << 6 | (text[i + 2] & 0x3F)
                    i += 3
                else:
                    c = 0xFFFD
                    i += 4
                c = _code_point(c)
            while True:
                b = (c & 0xFF) * W
                if o + W > end:                 # cut at the edge, as a blit clips
                    while o < end:
                        buf[o] = G[b] ^ 0xFF if invert else G[b]
                        o += 1
                        b += 1
                    i = n
                    break
                if invert:
                    buf[o] = G[b] ^ 0xFF
                    buf[o + 1] = G[b + 1] ^ 0xFF
                    buf[o + 2] = G[b + 2] ^ 0xFF
                    buf[o + 3] = G[b + 3] ^ 0xFF
                    buf[o + 4] = G[b + 4] ^ 0xFF
                    buf[o + 5] = G[b + 5] ^ 0xFF
                else:
                    buf[o] = G[b]
                    buf[o + 1] = G[b + 1]
                    buf[o + 2] = G[b + 2]
                    buf[o + 3] = G[b + 3]
                    buf[o + 4] = G[b + 4]
                    buf[o + 5] = G[b + 5]
                o += W
                if c <= 0xFF:
                    break
                c = (c >> 8) - 1           # a voiced kana's mark, in the next cell
        x = o - r * width
        if x < width:
            fb.fill_rect(x, r * H, width - x, H, 1 if invert else 0)
    return write
