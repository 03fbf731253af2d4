"""The device app's handling of match-level rules, driven by keys and ticks
(the synchronous core): Kakkuri played to an agreed time, 'End match now',
Kachi-kachi's seat warning."""
import json
import os

import pytest

import tools  # noqa: F401
from oya import GAMES, journal_read
from oya.ui.app import App
from oya.ui import keys as K
from oya.ui import play as P
from tests.test_ui_app import pause, waiting_passes


@pytest.fixture
def flash(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def title(app):
    return app.screen_text().split("\n")[0]


def ruleset(flash, name, game, **opts):
    os.makedirs(flash / "rulesets", exist_ok=True)
    (flash / "rulesets" / (name + ".json")).write_text(json.dumps({"game": game, "name": name, "options": opts}))


def new_table(app, game, ruleset_row=0, bots=0):
    """Home -> New table -> game -> ruleset row -> Continue -> (the default
    seats, unless the ruleset fixes them) -> names -> chips -> bots."""
    app.key(K.OK)
    for _ in range(GAMES.index(game)):
        app.key(K.DOWN)
    app.key(K.OK)
    waiting_passes(app)                    # (the pick waits for the rulesets' scan ahead)
    while type(app.top()).__name__ == "Listing":    # rulesets/ not indexed yet: listed by ticks
        app.tick(0)
    for _ in range(ruleset_row):
        app.key(K.DOWN)
    app.key(K.OK)
    waiting_passes(app)                    # (the pick waits for the options' code)
    app.key(K.UP)
    app.key(K.OK)                          # options: Continue
    if title(app) == "Seats":
        app.key(K.OK)                      # Kakkuri's and Meri's rulesets fix the seats
    assert title(app) == "Names"
    app.key(K.UP)
    app.key(K.OK)
    assert title(app) == "Starting chips"
    app.key(K.OK)
    assert title(app) == "Bot seats"
    for _ in range(bots):
        app.key(K.UP)
    app.key(K.OK)
    while app.idle():                      # the table is made on the device loop's idle passes
        pass
    assert title(app) == "First dealer"
    app.key(K.OK)


def step(app, now):
    """One move of whoever acts: bots by time, the human seat by OK."""
    top = app.top()
    if isinstance(top, P.PlayScreen) and top.state == P.DECIDE and top.is_bot(top.acting):
        app.tick(now)
    else:
        app.key(K.OK)
        app.tick(now)
    waiting_passes(app)                # (a match's end comes on them)


def test_kakkuri_time_limit_ends_after_the_deal_in_play(flash):
    ruleset(flash, "k5", "kakkuri", players=6, session_minutes=5)
    app = App(now=0)
    new_table(app, "kakkuri", ruleset_row=1, bots=5)
    assert app.time_limit_ms() == 5 * 60000
    now = 1000
    app.tick(now)
    app.key(K.OK)                          # the first deal
    m = app.session.match
    assert m.deal is not None and not m.stopped
    for _ in range(3):
        now += 500
        step(app, now)
    assert not m.stopped
    # standings in the pause menu say how long is left
    pause(app)
    assert title(app) == "Paused"
    app.key(K.DOWN)
    app.key(K.OK)
    assert any(r.startswith("Time left") and r.endswith(" 5 min") for r in app.screen_text().split("\n"))
    app.key(K.OK)
    app.key(K.BACK)                        # leave the pause menu
    assert isinstance(app.top(), P.PlayScreen)
    # the agreed time passes in the middle of the deal: the deal is played out
    deal_no = m.deal_no
    now = 5 * 60000 + 1000
    app.tick(now)
    assert m.stopped and m.deal is not None and isinstance(app.top(), P.PlayScreen)
    for _ in range(400):
        if title(app) == "Match over":
            break
        now += 500
        step(app, now)
    else:
        raise AssertionError("the match did not end:\n" + app.screen_text())
    assert m.deal_no == deal_no + 1 or m.deal is None
    assert not journal_read.has_record(app.match_j)


def test_kakkuri_time_up_between_deals_ends_at_once(flash):
    ruleset(flash, "k5", "kakkuri", players=6, session_minutes=5)
    app = App(now=0)
    new_table(app, "kakkuri", ruleset_row=1, bots=5)
    assert isinstance(app.top(), P.PlayScreen) and app.top().state == P.INTRO
    app.tick(4 * 60000)
    assert app.top().state == P.INTRO
    app.tick(5 * 60000 + 1)
    waiting_passes(app)                    # (the ranking comes on the loop's idle passes)
    assert title(app) == "Match over"


def test_kakkuri_played_time_survives_a_power_cut(flash):
    ruleset(flash, "k5", "kakkuri", players=6, session_minutes=5)
    app = App(now=0)
    new_table(app, "kakkuri", ruleset_row=1, bots=5)
    now = 3 * 60000
    app.tick(now)
    app.key(K.OK)                          # the deal begins at 3 min: journaled with the time
    for _ in range(2):
        now += 500
        step(app, now)
    played = app.played_ms()
    assert app.session.ui["played_ms"] >= 3 * 60000
    # power cut: a new boot whose tick counter starts again from 0
    app2 = App(now=0)
    assert title(app2) == "Resume the match?"
    app2.key(K.OK)
    while app2.idle():                     # (the match is made on the idle passes)
        pass
    assert app2.played_ms() == app2.session.ui["played_ms"] <= played
    assert app2.played_ms() >= 3 * 60000
    app2.tick(90 * 1000)
    assert not app2.session.match.stopped
    app2.tick(2 * 60000 + 10)              # 3 min before the cut + 2 min since: time is up
    assert app2.session.match.stopped


def test_a_match_played_to_a_deal_count_has_no_clock(flash):
    ruleset(flash, "k2", "kakkuri", players=6, session_end="deal_count", session_deals=2)
    app = App(now=0)
    new_table(app, "kakkuri", ruleset_row=1, bots=5)
    assert app.time_limit_ms() is None
    app.tick(10 ** 8)
    assert not app.session.match.stopped and "played_ms" not in app.session.record().get("ui", {})


def test_end_match_now_stops_a_kakkuri_match_and_shows_the_ranking(flash):
    ruleset(flash, "k5", "kakkuri", players=6, session_minutes=5, final_tiebreak="draw_cards")
    app = App(now=0)
    new_table(app, "kakkuri", ruleset_row=1, bots=5)
    m = app.session.match
    pause(app)
    assert title(app) == "Paused"
    for _ in range(5):
        app.key(K.DOWN)
    assert ">End match now" in app.screen_text()
    app.key(K.OK)
    assert title(app) == "End the match?"
    app.key(K.OK)                           # yes
    waiting_passes(app)
    assert m.stopped and title(app) == "Match over"
    # everyone has the starting chips: the tiebreak draw ranks them, one place each
    assert m.tiebreak is not None and sorted(m.tiebreak) == list(range(6))
    rows = app.screen_text().split("\n")
    drawn = [r for r in rows[1:] if r and not r[0].isdigit()]
    assert drawn, app.screen_text()         # the tiebreak cards, then the places
    app.key(K.DOWN)
    app.key(K.DOWN)
    text = "\n".join(app.top().lines)
    for place in range(1, 7):
        assert "\n%d " % place in "\n" + text


def test_kachi_warns_above_its_advised_seat_count(flash):
    app = App(now=0)
    app.key(K.OK)
    for _ in range(GAMES.index("kachi")):
        app.key(K.DOWN)
    app.key(K.OK)
    waiting_passes(app)
    app.key(K.OK)                          # defaults
    app.key(K.UP)
    app.key(K.OK)
    assert title(app) == "Seats"
    from oya.games import kachi
    spin = app.top()
    spin.v = kachi.KachiMatch.WARN_SEATS
    app.key(K.OK)
    assert title(app) == "Names"           # 6 seats: no warning
    app.key(K.BACK)
    assert title(app) == "Seats"
    app.key(K.UP)                          # 7 seats
    app.key(K.OK)
    assert title(app) == "Seats" and "advise at most 6" in app.screen_text().replace("\n", " ")
    app.key(K.BACK)                        # back to the number
    assert app.top() is spin
    app.key(K.OK)
    app.key(K.OK)                          # OK: go on with 7
    assert title(app) == "Names" and "7 P7" in app.screen_text()


def test_kakkuri_time_up_waits_for_an_open_menu_and_ends_once(flash):
    ruleset(flash, "k5", "kakkuri", players=6, session_minutes=5, final_tiebreak="draw_cards")
    app = App(now=0)
    new_table(app, "kakkuri", ruleset_row=1, bots=5)
    pause(app)
    assert title(app) == "Paused"
    app.tick(6 * 60000)
    assert title(app) == "Paused"          # the players' menu is not pulled away
    app.key(K.BACK)
    app.tick(6 * 60000 + 10)
    waiting_passes(app)
    assert title(app) == "Match over"
    over = app.top()
    app.key(K.DOWN)                        # scroll the ranking: later ticks leave it alone
    app.tick(6 * 60000 + 20)
    app.tick(6 * 60000 + 30)
    assert app.top() is over and over.top == 1
    app.key(K.OK)
    assert title(app) == "Night"           # the night's menu (oya.ui.night)
    app.tick(6 * 60000 + 40)
    assert title(app) == "Night"
