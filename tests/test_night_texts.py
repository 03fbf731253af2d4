"""The night's words (oya.ui.text_night) in both languages: each has every
glyph in the device's font (half-width kana as the display shows them) and
the menu's fit a row."""
import pytest

from host_sim.textrec import _font_module
from oya import kana
from oya.ui.text_night import w

KEYS = ("night", "settle_match", "settle_night", "chart", "print", "next", "end", "net", "wins", "even",
        "per_chip", "seats_differ", "match", "chart_keys")
MENU = ("settle_match", "settle_night", "chart", "print", "next", "end", "per_chip")


@pytest.mark.parametrize("lang", (0, 1))
def test_every_night_word_is_in_the_font_and_the_menus_fit_a_row(lang):
    font = _font_module()
    for k in KEYS:
        s = kana.to_half(w(k, lang))
        assert [c for c in s if font._code(c) == font.TOFU] == [], (k, s)
    for k in MENU:
        assert font.cells(kana.to_half(w(k, lang))) <= 19, k      # after the cursor's cell, and a value's
