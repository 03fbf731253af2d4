"""Kachi-kachi's session_end = time_limit on the device app (keys and
ticks): the app's generic time limit (oya.ui.app: match.stop() once the
agreed time has passed) ends a Kachi-kachi match after the deal in play."""
import pytest

import tools  # noqa: F401
from oya.ui.app import App
from oya.ui import keys as K
from oya.ui import play as P
from tests.test_ui_app_rules import ruleset, step, title
from tests.test_ui_app_rules import new_table as shared_new_table


@pytest.fixture
def flash(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def new_table(app, ruleset_row, bots):
    shared_new_table(app, "kachi", ruleset_row, bots)


def play_to_match_over(app, now, steps=600):
    for _ in range(steps):
        if title(app) == "Match over":
            return
        now += 500
        step(app, now)
    raise AssertionError("the match did not end:\n" + app.screen_text())


def test_kachi_time_limit_ends_after_the_deal_in_play(flash):
    ruleset(flash, "t5", "kachi", session_end="time_limit", session_minutes=5)
    app = App(now=0)
    new_table(app, ruleset_row=1, bots=3)
    assert app.time_limit_ms() == 5 * 60000
    now = 1000
    app.tick(now)
    app.key(K.OK)                          # the first deal
    m = app.session.match
    assert m.deal is not None and not m.stopped
    now = 5 * 60000 + 1000
    app.tick(now)
    assert m.stopped and m.deal is not None and isinstance(app.top(), P.PlayScreen)
    play_to_match_over(app, now)
    assert m.ledger.pot == 0 and sum(m.ledger.chips) == sum(m.start_chips)


def test_kachi_default_has_no_time_limit(flash):
    app = App(now=0)
    new_table(app, ruleset_row=0, bots=3)
    assert app.time_limit_ms() is None


def test_kachi_time_up_with_a_carried_pot_plays_for_it_first(flash):
    # a tie (hiki) carries the pot into the next deal: when the time is up
    # between deals, the app asks the engine (match.over()) before ending,
    # so the carried pot is played for and never left out of the ranking
    from oya.ledger import POT
    ruleset(flash, "t5", "kachi", session_end="time_limit", session_minutes=5)
    app = App(now=0)
    new_table(app, ruleset_row=1, bots=3)
    m = app.session.match
    now = 1000
    for _ in range(400):
        if m.deal_no >= 1 and m.deal is None and app.top() is app._play:
            break
        now += 500
        step(app, now)
    else:
        raise AssertionError("the first deal did not end:\n" + app.screen_text())
    m.ledger.transfer(0, POT, 2, "hiki")    # as a tied deal leaves it
    now = 5 * 60000 + 1000
    app.tick(now)
    assert m.stopped and title(app) != "Match over"
    assert not m.over()
    play_to_match_over(app, now)
    assert m.deal_no >= 2 and m.ledger.pot == 0
    assert sum(m.ledger.chips) == sum(m.start_chips)
