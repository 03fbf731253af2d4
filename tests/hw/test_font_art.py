# font.py's GLYPHS are exactly the pixel art in font_art.py, in chars() order.
from oya.ui import font
from tests.hw import font_art


def test_glyphs_match_the_art():
    chars, data = font_art.compile_all()
    assert chars == font.chars()
    assert data == font.GLYPHS, "run: python -m tests.hw.font_art"


def test_art_rows_are_well_formed():
    for ch, rows in font_art.GLYPH_LIST:
        assert len(ch) == 1
        font_art.compile_glyph(rows)
