# The 6x8 font: coverage, glyph shapes within the cell, drawing with blit.
import sys
import hw_fakes  # noqa: F401  (installs a framebuf on CPython when none is loaded)
import framebuf
from oya.ui import font


def _screen():
    buf = bytearray(128 * 64 // 8)
    return buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)


def _cell_at(buf, x, y):
    """The 6 column bytes of a cell at (x, y) with y a multiple of 8."""
    base = (y // 8) * 128 + x
    return bytes(buf[base:base + 6])


def test_table_shape_and_coverage():
    assert font.W == 6 and font.H == 8
    assert len(font.GLYPHS) == font.W * len(font.chars()) == font.W * font.N
    for c in range(0x20, 0x7F):
        assert font.index(chr(c)) == c - 0x20
    for c in range(0xFF61, 0xFFA0):
        assert font.chars()[font.index(chr(c))] == chr(c)
    for ch in "♠♥♦♣▒■←→↑↓▶◀▲▼•●○★✓¥×…⑩⑪⑫":
        assert font.chars()[font.index(ch)] == ch, ch
    for g, ch in enumerate(font.chars()):
        assert font.index(ch) == g


def test_glyphs_are_distinct_and_only_space_is_blank():
    seen = {}
    for g in range(font.N):
        bits = font.GLYPHS[g * 6:g * 6 + 6]
        assert bits not in seen, (font.chars()[g], font.chars()[seen.get(bits, 0)])
        seen[bits] = g
        assert (sum(bits) == 0) == (font.chars()[g] == " ")


def test_text_glyphs_keep_the_gap_column_and_descender_row():
    for g in range(font.N):
        ch = font.chars()[g]
        col = font.GLYPHS[g * 6:g * 6 + 6]
        if ch not in "▒■":
            assert col[5] == 0, ch            # the gap between characters
        if ch not in "gjpqy_":
            assert max(col) < 0x80, ch        # row 7 only for descenders


def test_draw_blits_the_glyph_bytes():
    buf, fb = _screen()
    end = font.draw(fb, "A", 120, 8)
    assert end == 126
    g = font.index("A")
    assert _cell_at(buf, 120, 8) == font.GLYPHS[g * 6:g * 6 + 6]
    # everything else untouched
    assert sum(buf) == sum(font.GLYPHS[g * 6:g * 6 + 6])


def test_draw_overwrites_the_cell_and_inverts():
    buf, fb = _screen()
    fb.fill(1)
    font.draw(fb, "ｶ", 0, 16)
    g = font.index("ｶ")
    assert _cell_at(buf, 0, 16) == font.GLYPHS[g * 6:g * 6 + 6]
    buf2, fb2 = _screen()
    font.draw(fb2, "ｶ", 6, 0, True)
    assert _cell_at(buf2, 6, 0) == bytes(b ^ 0xFF for b in font.GLYPHS[g * 6:g * 6 + 6])
    # unaligned y works too (blit does the shifting)
    buf3, fb3 = _screen()
    font.draw(fb3, "|", 0, 3)
    assert buf3[2] == 0x7F << 3 & 0xFF and buf3[128 + 2] == 0x7F >> 5


def test_full_width_kana_draw_as_half_width_pairs():
    assert font.glyphs("ガ") == font.glyphs("ｶﾞ") == [font.index("ｶ"), font.index("ﾞ")]
    assert font.glyphs("ぱ") == [font.index("ﾊ"), font.index("ﾟ")]
    assert font.cells("スペード") == 6 and font.cells("ABC") == 3
    assert font.index("ガ") == -1 and font.index("カ") == font.index("ｶ")
    b1, f1 = _screen()
    b2, f2 = _screen()
    assert font.draw(f1, "マツ ガ", 0, 0) == font.draw(f2, "ﾏﾂ ｶﾞ", 0, 0) == 30
    assert b1 == b2


def test_unknown_characters_draw_the_no_glyph_box():
    assert font.glyphs("親\n") == [font.TOFU, font.TOFU]
    assert font.index("親") == -1
    assert font.chars()[font.TOFU] == "\ufffd"


def test_draw_does_not_allocate():
    if sys.implementation.name != "micropython":
        return
    import gc
    buf, fb = _screen()
    text = "ｵｲﾁｮｶﾌﾞ 9 ♠A".encode()        # as the Grid keeps a row
    font.draw(fb, text, 0, 0)          # warm up (interned chars, cell buffers)
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for _ in range(5):
        font.draw(fb, text, 0, 8)
        font.draw(fb, text, 0, 16, True)
    b = gc.mem_alloc()
    gc.enable()
    assert b - a == 0, b - a


ROWS_TO_DRAW = ["Oya - home", "", "ｵｲﾁｮｶﾌﾞ 9 ♠A ⑩", "マツ ガ ぱ", "親\ufffd", "P1: Bet? 10 left  OK:x", "W" * 25,
                "ガ" * 12]


def test_the_page_writer_draws_what_draw_does_without_allocating():
    """font.page_writer puts glyph bytes straight into the display buffer;
    it must leave the very bytes draw_row (fill_rect + blit) leaves, inverted
    or not, for ASCII, kana with marks, symbols, unknowns and rows too long."""
    import gc
    ref_buf, ref_fb = _screen()
    buf, fb = _screen()
    for k in range(len(buf)):
        buf[k] = ref_buf[k] = 0x5A                     # what was there before
    write = font.page_writer(buf, 128)
    for r, text in enumerate(ROWS_TO_DRAW):
        inv = r % 3 == 1
        font.draw_row(ref_fb, r, text, inv)
        write(fb, r, text.encode(), inv)
        assert bytes(buf[r * 128:(r + 1) * 128]) == bytes(ref_buf[r * 128:(r + 1) * 128]), (r, text)
    if sys.implementation.name == "micropython":
        row = ROWS_TO_DRAW[2].encode()
        write(fb, 0, row)
        gc.collect()
        gc.disable()
        a = gc.mem_alloc()
        for _ in range(5):
            write(fb, 1, row)
            write(fb, 2, row, True)
        b = gc.mem_alloc()
        gc.enable()
        assert b - a == 0, b - a
