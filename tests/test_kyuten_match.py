"""Kyutenhan match length (spec section 7 and A8: rotations, until broke, a
time limit) on the engine and on the device app; refusals fit the screen;
the properties with the ante sizes drawn too."""
import json
import os
import sys

import pytest

import tools  # noqa: F401
from oya import GAMES, rng, rules
from oya.games import kyuten as K
from oya.session import Session
from oya.ui import keys as KEY
from oya.ui import play as P
from oya.ui.app import App
from oya.ui.widgets import wrap
from tests import props
from tools.play import play_match

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "both"))
from kyuten_util import new_match  # noqa: E402
from tests.test_kyuten_engine import bot_matches, CANDIDATES  # noqa: E402
from tests.test_ui_app import waiting_passes  # noqa: E402
from oya.games import options


def opts(**kw):
    o = rules.defaults(options("kyuten"))
    o.update(kw)
    return o


def test_session_end_option_and_default():
    e = rules.find(options("kyuten"), "session_end")
    assert e[1] == "rotations" and set(e[2]) == {"rotations", "broke", "time_limit"}
    assert rules.find(options("kyuten"), "session_minutes")[1] == 60
    # a match saved before the option existed plays to rotations, not to a clock
    o = rules.defaults(options("kyuten"))
    del o["session_end"]
    m = K.MATCH(o, ["A", "B", "C"])
    assert m.opts["session_end"] == "rotations"


def test_rotations_end_the_match_and_broke_plays_on():
    s = play_match("kyuten", 3, b"\x91" * 32, "smart", 40,
                   opts(deals_per_dealer=1, starting_chips=2000))
    assert s.match.over() and s.match.deal_no == 3            # one rotation
    s = play_match("kyuten", 3, b"\x91" * 32, "smart", 40,
                   opts(deals_per_dealer=1, starting_chips=2000, session_end="broke"))
    assert s.match.deal_no == 40 and not s.match.over()       # no count: only the cap of play
    s = play_match("kyuten", 3, b"\x92" * 32, "random", 400,
                   opts(deals_per_dealer=1, starting_chips=8, session_end="broke"))
    m = s.match
    assert m.over() and min(m.ledger.chips) < m.min_stake()   # until a player is broke


def test_permanent_dealer_plays_as_many_deals_as_the_rotations():
    s = play_match("kyuten", 3, b"\x93" * 32, "smart", 40,
                   opts(dealer_mode="permanent", starting_chips=2000))
    assert s.match.deal_no == 3 * 3 and s.match.over()        # 1 rotation x 3 seats x 3 deals
    s = play_match("kyuten", 3, b"\x93" * 32, "smart", 40,
                   opts(dealer_mode="permanent", starting_chips=2000, rotations=2, deals_per_dealer=1))
    assert s.match.deal_no == 6


def test_time_limit_ends_only_when_stopped_and_survives_a_resume():
    o = opts(session_end="time_limit", session_minutes=5, deals_per_dealer=1, starting_chips=2000)
    s = Session("kyuten", "t", o, ["A", "B", "C"], None, None, b"\x94" * 32)
    s.draw_first_dealer(b"\x95" * 32)
    r = rng.Rng(b"\x96" * 32)
    from oya.games import kyuten_bot as B
    for _ in range(5):                   # past a full rotation: the clock alone ends it
        d = s.begin_deal()
        while not d.done:
            s.act(B.smart_bot(d, d.turn, r), d.turn)
        s.end_deal()
    assert not s.match.over() and s.match.tenures >= 3
    rec = json.loads(json.dumps(s.record()))
    d = s.begin_deal()
    s.match.stop()                       # time is up in the middle of a deal
    assert not d.done                    # the deal in play goes on (the device plays it out)
    while not d.done:
        s.act(B.smart_bot(d, d.turn, r), d.turn)
    s.end_deal()
    assert s.match.over()
    # time up between deals: a resumed match is still over (the device asks
    # the clock again mid-deal: the journal keeps the played time)
    s2 = Session.from_record(rec)
    assert not s2.match.over()
    s2.match.stop()
    s3 = Session.from_record(json.loads(json.dumps(s2.record())))
    assert s3.match.stopped and s3.match.over()


def test_refusals_fit_two_screen_rows():
    msgs = set()
    for s, d in bot_matches(25, b"\x97" * 32):
        for seat in range(d.nseats):
            for a in CANDIDATES:
                m = d.check(a, seat)
                if m:
                    msgs.add(m)
    m = new_match(3, 0, chips=[50, 2, 50], allow_ken=False)
    d = m.start_deal(cards=list(m.deck()))
    msgs.add(d.check(K.KEN, 1))
    msgs.add(d.check(K.ANTE + 3, 1))
    msgs.add(d.check(K.ANTE + 0, 1))
    assert len(msgs) > 20
    for msg in msgs:
        assert len(wrap(msg)) <= 2, (msg, wrap(msg))


def test_properties_with_the_ante_sizes_drawn_too(monkeypatch):
    """The generic option draw keeps list options at their default; here
    ante_values is drawn as well."""
    sizes = ([1], [2], [3], [1, 2], [1, 3], [2, 3], [1, 2, 3])
    base = props.random_options
    drawn = []

    def draw(table, r):
        o = base(table, r)
        if table is options("kyuten"):
            o["ante_values"] = list(sizes[r.below(len(sizes))])
            o["session_end"] = "rotations"         # a match stops at deals_per_match anyway
            drawn.append(o["ante_values"][0])
        return o

    monkeypatch.setattr(props, "random_options", draw)
    stats = props.run_deals("kyuten", deals=300, seed=b"\x98" * 32)
    assert stats["deals"] == 300 and set(drawn) == {1, 2, 3}


# -- the device app -------------------------------------------------------------------

@pytest.fixture
def flash(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.makedirs(tmp_path / "rulesets")
    return tmp_path


def title(app):
    return app.screen_text().split("\n")[0]


def new_table(app, bots):
    """Kyutenhan, the second ruleset (k5 below), 4 seats."""
    from tests.test_ui_app_rules import new_table as shared_new_table
    shared_new_table(app, "kyuten", 1, bots)


def step(app, now):
    top = app.top()
    if isinstance(top, P.PlayScreen) and top.state == P.DECIDE and top.is_bot(top.acting):
        app.tick(now)
    else:
        app.key(KEY.OK)
        app.tick(now)
    waiting_passes(app)                # (a match's end comes on them)


def test_the_device_ends_a_timed_match_after_the_deal_in_play(flash):
    (flash / "rulesets" / "k5.json").write_text(json.dumps(
        {"game": "kyuten", "name": "k5", "options": {"session_end": "time_limit", "session_minutes": 5}}))
    app = App(now=0)
    new_table(app, bots=4)
    assert app.time_limit_ms() == 5 * 60000
    m = app.session.match
    now = 1000
    app.tick(now)
    app.key(KEY.OK)                          # the first deal
    assert m.deal is not None
    for _ in range(3):
        now += 500
        step(app, now)
    assert not m.stopped and m.deal is not None
    now = 5 * 60000 + 1000
    app.tick(now)
    assert m.stopped and m.deal is not None  # the deal in play is finished first
    for _ in range(600):
        if m.deal is None or title(app) == "Match over":
            break
        now += 500
        step(app, now)
    else:
        raise AssertionError("the deal did not end:\n" + app.screen_text())
    assert m.deal_no == 1 and m.over()
    assert title(app) == "Match over", app.screen_text()   # no second deal


def test_the_default_ruleset_has_no_clock(flash):
    (flash / "rulesets" / "kd.json").write_text(json.dumps({"game": "kyuten", "name": "kd", "options": {}}))
    app = App(now=0)
    new_table(app, bots=4)
    assert app.time_limit_ms() is None
    app.tick(10 ** 8)
    assert not app.session.match.stopped


def test_ranking_shares_a_place_on_equal_winnings():
    m = new_match(4, 0, chips=[100, 50, 50, 50])
    m.ledger.chips = [90, 70, 40, 60]                  # net -10, +20, -10, +10
    assert m.ranking() == [(1, 1, 70), (2, 3, 60), (3, 0, 90), (3, 2, 40)]
    m.ledger.chips = [100, 50, 50, 50]
    assert [p for p, _, _ in m.ranking()] == [1, 1, 1, 1]
