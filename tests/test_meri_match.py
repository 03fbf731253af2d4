"""Meri: the smart bot does what issue 8 says (follows suit low when the
partner is winning, trumps face down when the opponents are winning, leads a
trump to draw trumps when holding many), bots see only their view, the
match-over ranking (partners share a place, a drawn game), refusals fit two
screen rows, and `python -m tools play meri` (4 and 6 seats) with verify."""
import json
import pytest
import os
import subprocess
import sys

import tools  # noqa: F401
from oya import rng
from oya.games import meri, meri_bot
from oya.games.meri import ROBOTTA, HIDE, EXCHANGE, PLAY, PLAY_DOWN, NACTIONS
from oya.ui.widgets import wrap

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "both"))
from meri_util import c, new_match, plan_stock, start  # noqa: E402
from tests.test_meri_engine import bot_deals  # noqa: E402
from tests.test_ui_app import waiting_passes  # noqa: E402

N, E, S, W = 0, 1, 2, 3
R = rng.Rng(b"\x01" * 32)


def smart(d):
    return meri_bot.smart_bot(d, d.turn, R)


def test_smart_follows_suit_low_when_the_partner_is_winning():
    # free state, trick 1: North leads the AH, East plays the 2H; South
    # (North's partner) holds a lower club than its lowest heart, and trumps
    south = ["3H", "9H", "2C", "4C", "6D", "7D", "8D", "9D", "TD", "3S", "4S", "5S"]
    m = new_match()
    d = start(m, plan_stock([["AH", "2H"]], N, N, hold={S: south}), dealer=N)
    d.act(PLAY + c("AH"))
    d.act(PLAY + c("2H"))
    assert d.turn == S and PLAY + c("2C") in d.choices()
    assert smart(d) == PLAY + c("3H")
    # with no heart it throws its cheapest plain card, never a trump
    south = ["2C", "4C", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "3S", "4S", "5S"]
    m = new_match()
    d = start(m, plan_stock([["AH", "2H"]], N, N, hold={S: south}), dealer=N)
    d.act(PLAY + c("AH"))
    d.act(PLAY + c("2H"))
    assert smart(d) == PLAY + c("2C")


def test_smart_trumps_face_down_when_the_opponents_are_winning():
    east = ["2S", "KS", "5H", "6H", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    m = new_match()
    d = start(m, plan_stock([["AH"]], N, N, hold={E: east}), dealer=N)
    d.act(PLAY + c("AH"))
    assert d.turn == E
    assert smart(d) == PLAY_DOWN + c("2S")          # the cheapest trump, face down
    # an opponent's face-down trump is in: play the highest trump down
    m = new_match()
    west = ["3S", "KS", "5H", "6H", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    d = start(m, plan_stock([["AH", "2H", "4S"]], N, N, hold={W: west}), dealer=N)
    d.act(PLAY + c("AH"))
    d.act(PLAY + c("2H"))
    d.act(PLAY_DOWN + c("4S"))                       # South (West's opponent)
    assert d.turn == W
    assert smart(d) == PLAY_DOWN + c("KS")


def test_smart_leads_a_trump_to_draw_trumps_when_holding_many():
    # North plays the AH to trick 1 (planned) and holds 6 trumps of 11 after it
    north = ["KS", "QS", "TS", "9S", "8S", "7S", "2C", "3C", "4C", "5C", "6C"]
    trick1 = ["AH", "2H", "3H", "4H"]
    m = new_match()
    d = start(m, plan_stock([trick1], N, N, hold={N: north}), dealer=N)
    assert d.turn == N and d.trick_no == 1
    a = smart(d)
    assert meri.suit(a - PLAY) != 0                  # no meri on trick 1
    for x in trick1:
        d.act(PLAY + c(x))
    assert d.trick_no == 2 and d.turn == N          # North won trick 1
    assert smart(d) == PLAY + c("KS")                # meri with the top trump
    # with few trumps it leads its best plain card
    north = ["KS", "QS", "3D", "9D", "KD", "7H", "2C", "3C", "4C", "5C", "6C"]
    m = new_match()
    d = start(m, plan_stock([trick1], N, N, hold={N: north}), dealer=N)
    for x in trick1:
        d.act(PLAY + c(x))
    assert d.turn == N and smart(d) == PLAY + c("KD")


def test_smart_robotta_and_exchange():
    m = new_match()
    m.dealer = W
    north = ["JS", "AS", "KS", "QS", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "2C"]
    d = m.start_deal(cards=plan_stock([], N, W, okie="5S", hold={N: north}))
    assert d.turn == N and smart(d) == ROBOTTA       # 4 trumps: announce and lead
    d.act(ROBOTTA)
    assert smart(d) == EXCHANGE + c("2C")            # takes the okie, drops the lowest plain card
    m = new_match()
    m.dealer = W
    north = ["JS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "2C", "3C", "4C", "5C"]
    d = m.start_deal(cards=plan_stock([], N, W, okie="5S", hold={N: north}))
    assert smart(d) == HIDE                          # 1 trump: keeps the J hidden


class ViewOnly:
    def __init__(self, deal):
        self._d = deal

    def choices(self, seat=None):
        return self._d.choices(seat)

    def view(self, seat):
        return self._d.view(seat)


def test_bots_use_only_choices_and_view():
    n = 0
    for d, step in bot_deals(12, b"\x51" * 32):
        if d.done:
            continue
        for bot in (meri_bot.smart_bot, meri_bot.random_bot):
            assert bot(ViewOnly(d), d.turn, rng.Rng(b"\x02" * 32)) in d.choices()
        n += 1
    assert n > 500


def test_ranking_partners_share_the_place_and_a_draw_ties_everyone():
    m = new_match()
    m.restore({"dealer": 0, "deal_no": 4, "started": 4, "chips": [0] * 4, "pot": 0, "teams": [22, 26]})
    assert m.ranking() == [(1, 1, 26), (1, 3, 26), (2, 0, 22), (2, 2, 22)]
    m.restore({"dealer": 0, "deal_no": 4, "started": 4, "chips": [0] * 4, "pot": 0, "teams": [24, 24]})
    assert [p for p, _, _ in m.ranking()] == [1, 1, 1, 1]
    m = new_match(6)
    m.restore({"dealer": 0, "deal_no": 4, "started": 4, "chips": [0] * 6, "pot": 0, "teams": [17, 15]})
    assert m.ranking() == [(1, 0, 17), (1, 2, 17), (1, 4, 17), (2, 1, 15), (2, 3, 15), (2, 5, 15)]


def test_refusals_fit_two_screen_rows():
    msgs = set()
    for d, step in bot_deals(25, b"\x61" * 32):
        for seat in range(d.nseats):
            for a in range(-1, NACTIONS + 1):
                m = d.check(a, seat)
                if m:
                    msgs.add(m)
    assert len(msgs) >= 12
    for m in msgs:
        assert len(wrap(m)) <= 2, (m, wrap(m))


def test_cli_play_and_verify(tmp_path):
    root = tools.ROOT
    for seats in (4, 6):
        out = tmp_path / ("m%d.json" % seats)
        r = subprocess.run([sys.executable, "-m", "tools", "play", "meri", "--seats", str(seats), "--seed", "0a0b",
                            "--bots", "smart", "--deals", "4", "--option", "two_beats_ace=on", "--json", str(out)],
                           cwd=root, capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        t = json.loads(out.read_text())
        assert t["game"] == "meri" and len(t["seats"]) == seats and len(t["deals"]) == 4
        assert t["ruleset"]["options"]["two_beats_ace"] == "on" and t["ruleset"]["options"]["players"] == seats
        per = 12 if seats == 4 else 8
        assert sum(t["final"][:2]) == 4 * per
        dos = set(e["do"] for dl in t["deals"] for e in dl["events"] if e["t"] == "act")
        assert {"play", "hide"} <= dos
        r = subprocess.run([sys.executable, "-m", "tools", "verify", str(out)], cwd=root,
                           capture_output=True, text=True)
        assert r.returncode == 0 and r.stdout.startswith("OK"), r.stdout + r.stderr


def test_the_device_match_over_screen_shows_the_team_places(tmp_path, monkeypatch):
    from oya import GAMES
    from oya.ui.app import App
    from oya.ui import keys as K
    from oya.ui import play as P
    monkeypatch.chdir(tmp_path)
    os.makedirs(tmp_path / "rulesets")
    (tmp_path / "rulesets" / "m1.json").write_text(json.dumps(
        {"game": "meri", "name": "m1", "options": {"deals_per_game": 1}}))
    app = App(now=0)

    def title():
        return app.screen_text().split("\n")[0]

    app.key(K.OK)
    for _ in range(GAMES.index("meri")):
        app.key(K.DOWN)
    app.key(K.OK)
    waiting_passes(app)                    # (the pick waits for the rulesets' scan ahead)
    from oya.ui.setup import Listing
    for _ in range(20):                        # m1 is not indexed yet: validated on ticks, a part each
        if not isinstance(app.top(), Listing):
            break
        app.tick(0)
    app.key(K.DOWN)
    app.key(K.OK)                          # ruleset m1
    waiting_passes(app)                    # (the pick waits for the options' code)
    app.key(K.UP)
    app.key(K.OK)                          # options: Continue
    assert title() == "Names"
    app.key(K.UP)
    app.key(K.OK)
    assert title() == "Bot seats"
    for _ in range(4):
        app.key(K.UP)
    app.key(K.OK)
    while app.idle():                      # the table is made on the device loop's idle passes
        pass
    app.key(K.OK)                          # first dealer
    m = app.session.match
    now = 0
    for _ in range(3000):
        if (m.deal is None and m.over()) or title() == "Match over":
            break
        now += 500
        top = app.top()
        if not (isinstance(top, P.PlayScreen) and top.state == P.DECIDE and top.is_bot(top.acting)):
            app.key(K.OK)
        app.tick(now)
        waiting_passes(app)                # (the match's end comes on the idle passes)
    else:
        raise AssertionError("the match did not end:\n" + app.screen_text())
    assert title() == "Match over", app.screen_text()
    rows = app.screen_text().split("\n")[1:5]
    places = [r.split()[0] for r in rows]
    totals = [int(r.split()[-1]) for r in rows]
    assert sum(totals) == 2 * 12            # each team's total, shown for both partners
    if totals[0] == totals[2]:
        assert places == ["1", "1", "1", "1"]
    else:
        assert places == ["1", "1", "2", "2"] and totals[0] == totals[1] > totals[2] == totals[3]
    assert m.over() and m.deal_no == 1


def test_transcript_balances_are_team_totals_leading_to_the_final(tmp_path):
    # TRANSCRIPT.md: for Meri, chips are replaced by team trick totals; each
    # deal's balances are the totals after it, so the last one is the final.
    from tools import play as play_tool, verify
    out = tmp_path / "m.json"
    assert play_tool.main(["meri", "--seats", "4", "--seed", "01", "--bots", "random", "--deals", "4",
                           "--json", str(out)]) == 0
    t = json.loads(out.read_text())
    per_deal = 12
    prev = [0, 0, 0, 0]
    for n, d in enumerate(t["deals"], 1):
        b = d["balances"]
        assert b[0] == b[2] and b[1] == b[3]               # partners share their team's total
        assert b[0] >= prev[0] and b[1] >= prev[1] and b[0] + b[1] == n * per_deal
        prev = b
    assert t["deals"][-1]["balances"] == t["final"]
    assert verify.verify_transcript(t).startswith("meri: 4 deals verified")
    t["deals"][1]["balances"] = [0, 0, 0, 0]                # the old writer's ledger chips
    with pytest.raises(verify.Mismatch, match="deal 2: balances should be"):
        verify.verify_transcript(t)
