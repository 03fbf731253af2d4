"""Screens a new player reads, through the simulator by button presses only
(appdriver.py checks every frame: the glass shows the app's grid, and in
Japanese every cell is a glyph of the font): the language switch, the
decision screens' cursor and table, cut words, the ruleset lists, the pause
menu's traps."""
import pytest

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


def quick(game, lang=None, seed=1, **opts):
    from tests.sim.test_device_app import driver
    return driver(game, lang=lang, seed=seed, **opts)


def to_deal_intro(d, deal_no):
    """Play (random legal choices) up to the intro of deal `deal_no` + 1."""
    def stop(dd, n):
        if n == deal_no:
            raise StopIteration
        return False
    try:
        d.play_match(pause_at=stop)
    except StopIteration:
        pass
    assert d.screen_kind() == "intro" and d.app.session.match.deal_no == deal_no


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_end_match_now_asks_first_and_back_keeps_the_match(lang):
    d = quick("oicho", lang=lang)
    try:
        d.new_table("oicho", ruleset="Quick", seats=3, humans=2)
        to_deal_intro(d, 1)
        for answer in ("back", "ok"):
            d.press("back")
            d.expect_title("pause")
            d.menu_to(5)
            d.press("ok")
            d.advance(300)
            d.expect_title("end_q")
            assert d.rows()[-1] == d.half(d.t("yes_no")), d.rows()
            d.press(answer)
            d.advance(600)
            if answer == "back":
                d.expect_title("pause")          # nothing ended: the match goes on from its menu
                assert d.app.session is not None and not d.app.session.match.over()
                d.press("back")
                assert d.screen_kind() == "intro"
        d.expect_title("match_end")
    finally:
        d.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_last_deals_number_each_deal_as_its_intro_did(lang):
    d = quick("oicho", lang=lang)
    try:
        d.new_table("oicho", ruleset="Quick", seats=3, humans=2)
        to_deal_intro(d, 3)
        rec = d.app.session.recall
        d.press("back")
        d.expect_title("pause")
        d.menu_to(2)
        d.press("ok")
        d.advance(600)
        d.expect_title("recall")
        rows = d.rows()
        assert rows[1:4] == [">#3 " + rec[2]["seed"][:8], " #2 " + rec[1]["seed"][:8], " #1 " + rec[0]["seed"][:8]], rows
        d.press("down")                     # deal 2
        d.press("ok")
        d.advance(600)
        d.expect_title("recall")
        assert d.rows()[1] == d.half("#2 %s %s" % (d.t("seed"), rec[1]["seed"][:8])), d.rows()
    finally:
        d.close()
