"""The pause menu's Legend, in a deal of every game, through the simulator
by button presses only, in English and in Japanese (appdriver.py checks each
frame; in Japanese every cell is a glyph of the font)."""
import pytest

from oya import GAMES
from tests.sim.test_device_app import driver


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_the_legend_is_a_page_of_the_pause_menu(game, lang):
    from oya.ui.widgets import wrap
    d = driver(game, lang=lang)

    def stop(dd, n):
        raise StopIteration
    try:
        d.new_table(game, ruleset="Quick", humans=2)
        d.play_match(pause_at=stop)
    except StopIteration:
        pass
    m = d.app.session.match
    want = []
    mod = m.legend()
    for entry in (mod.JA if lang == "ja" else mod.EN).split("\n"):
        wrap(entry, 21, want)
    d.press("back")
    d.expect_title("pause")
    d.menu_to(6)
    assert d.rows()[-1] == ">" + d.half(d.t("legend")), d.rows()
    d.press("ok")
    d.advance(600)
    d.expect_title("legend")
    seen = d.rows()[1:-1]
    while len(seen) < len(want):            # DOWN scrolls a line at a time to the end
        d.press("down")
        seen.append(d.rows()[-2])
    assert seen == want
    d.press("back")
    d.expect_title("pause")
    d.press("back")
    assert d.screen_kind() in ("intro", "play"), d.screen_kind()
    assert d.app.session.match is m
    d.close()
