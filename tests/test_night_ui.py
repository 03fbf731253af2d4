"""The night's screens in the app's synchronous core: the settle-up in chips
and in points at the chip's value set in Settings, in both languages; a game
whose seats do not fit the night's is refused with a message; the chart's
module goes when its screen is left."""
import sys

import pytest

import tools  # noqa: F401
from oya import GAMES, settle
from oya.ui import keys as K
from oya.ui.app import App
from tests.test_ui_app import new_table, press_ok_until, waiting_passes


@pytest.fixture
def flash(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def night_menu(app):
    press_ok_until(app, "Match over")
    app.key(K.OK)
    waiting_passes(app)
    assert app.screen_text().startswith("Night")


def pick(app, label):
    items = app.top().items
    i = items.index(label)
    while app.top().i != i:
        app.key(K.DOWN)
    app.key(K.OK)


def test_the_settle_up_in_chips_and_points_and_the_chart_let_go(flash, monkeypatch):
    from host_sim import framebuf
    monkeypatch.setitem(sys.modules, "framebuf", framebuf)     # (the simulator's: the font draws with it)
    app = App()
    app.settings["per_chip"] = 10
    new_table(app, GAMES.index("kachi"))
    night_menu(app)
    n = app.night
    nets = n.totals(True)
    assert sum(nets) == 0 and nets == n.matches[0][2]
    pick(app, "Settle night")
    shown = " ".join(app.top().lines)             # (wrapped to the screen's rows)
    want = settle.lines(nets, n.names, 0, 10)
    assert want and all(" pt)" in ln for ln in want)
    for ln in want:
        assert ln in shown
    app.key(K.OK)
    pick(app, "Chart")
    assert type(app.top()).__name__ == "ChartScreen", app.screen_text()
    assert "oya.ui.chart" in sys.modules
    # (forget() drops modules on MicroPython only: what it is asked here)
    night = sys.modules["oya.ui.night"]
    dropped = []
    monkeypatch.setattr(night, "forget", lambda *names: dropped.extend(names))
    app.key(K.OK)
    assert app.screen_text().startswith("Night") and dropped == ["oya.ui.chart"]
    # in Japanese
    app.settings["lang"] = 1
    pick(app, "Settle match")
    shown = " ".join(app.top().lines)
    from oya.kana import to_half
    for ln in settle.lines(nets, n.names, 1, 10):
        assert to_half(ln) in shown             # (as the display shows kana: half-width)


def test_a_next_match_whose_game_does_not_seat_the_night_is_refused(flash):
    app = App()
    new_table(app, GAMES.index("kachi"), seats_up=1)   # five seats
    night_menu(app)
    k = len(app.night.names)
    pick(app, "Next match")
    for _ in range(GAMES.index("meri")):
        app.key(K.DOWN)
    app.key(K.OK)                                  # Meri: four or six
    waiting_passes(app)
    app.key(K.OK)                                  # default ruleset
    waiting_passes(app)
    app.key(K.UP)
    app.key(K.OK)                                  # Continue
    text = app.screen_text()
    assert ("the night has %d" % k) in text, text
    assert app.session is None


def test_a_match_ended_with_chips_in_the_pot_settles_them_with_the_pot_as_a_party():
    # a match ended mid-deal leaves its stakes in the pot: the players' nets
    # then sum to minus the pot, and the settle-up names the pot
    import types
    from oya.ui import night as screens
    app = types.SimpleNamespace(lang=0, settings={})
    out = screens.settle_lines(app, ["P1", "P2", "P3"], [6, -5, -4], True)
    text = "\n".join(out)
    assert "Pot" in text and "+3" in text, text
    gives = [ln for ln in out if " gives " in ln]
    moved = sum(int(ln.split()[-1]) for ln in gives)
    assert moved == 9, out                   # P2 and P3 give all they lost: 6 to P1, 3 to the pot
