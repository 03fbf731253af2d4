"""Screens a new player reads, through the simulator by button presses only
(appdriver.py checks every frame: the glass shows the app's grid, and in
Japanese every cell is a glyph of the font): the language switch, the
decision screens' cursor and table, cut words, the ruleset lists, the pause
menu's traps."""
from tests.sim.appdriver import AppDriver


def test_the_language_switch_redraws_at_once_in_the_new_language():
    """OK on Language: the settings come back in the other language without
    another key, and the value reads in glyphs the font has."""
    d = AppDriver(seed=1)
    T = d.T
    d.expect_title("home")
    d.press("down", 2)
    d.press("ok")
    d.expect_title("settings")
    assert d.rows()[1] == ">Language     English"
    d.lang = 1              # the frames from here on are checked as Japanese ones (no box for a missing glyph)
    d.press("ok")
    d.advance(300)
    rows = d.rows()
    assert rows[0] == d.half(T.t("settings", 1)), rows
    assert rows[1].startswith(">" + d.half(T.t("language", 1))) and rows[1].endswith(d.half("ニホンゴ")), rows
    d.lang = 0
    d.press("ok")
    d.advance(300)
    assert d.rows()[:2] == ["Settings", ">Language     English"], d.rows()
    d.close()
