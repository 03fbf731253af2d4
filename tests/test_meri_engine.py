"""Meri engine on CPython: refusals leave the state unchanged, check() agrees
with choices(), every option value, the visibility oracle, words and codes,
match-level rules (first dealer, rotation, end, totals, resume)."""
import json
import os
import sys

import pytest

import tools  # noqa: F401
from oya import rng, rules, cards
from oya.game import RuleError, EN, JA
from oya.games import meri, meri_bot
from oya.games.meri_options import HIKI_MODES
from oya.games.meri import (ROBOTTA, HIDE, NO_EXCHANGE, EXCHANGE, PLAY, PLAY_DOWN, NACTIONS, HIDDEN)
from oya.session import Session
from oya import stock as stock_mod

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "both"))
from meri_util import c, opts as make_opts, new_match, plan_stock, start, play  # noqa: E402
from oya.games import options

BOTS = (meri_bot.random_bot, meri_bot.smart_bot)


def snapshot(d):
    return (json.dumps(d.public(), default=repr, sort_keys=True),
            [json.dumps(d.view(s), default=repr, sort_keys=True) for s in range(d.nseats)],
            list(d.events), list(d.ledger.chips), d.ledger.pot, d.places())


def bot_deals(count, seed, n=4, bots=BOTS, **kw):
    """Yield (deal, step) after every action of `count` bot-played deals, and
    (deal, None) once before the first action."""
    m = meri.MeriMatch(make_opts(n, deals_per_game=99, **kw), ["P%d" % i for i in range(n)])
    r = rng.Rng(seed)
    for i in range(count):
        m.dealer = i % n
        d = m.start_deal(rng.derive(seed, i + 1))
        bot = bots[i % len(bots)]
        yield d, None
        step = 0
        while not d.done:
            d.act(bot(d, d.turn, r))
            step += 1
            yield d, step
        m.finish_deal()


# -- refusals ----------------------------------------------------------------------


def test_check_agrees_with_choices_and_refusals_change_nothing():
    r = rng.Rng(b"\x11" * 32)
    checked = 0
    for d, step in bot_deals(40, b"\x12" * 32, n=4):
        if d.done:
            assert d.check(PLAY, 0) == "The deal is over"
            continue
        turn = d.turn
        ch = set(d.choices(turn))
        assert ch, "a seat in turn with no choice"
        for a in range(NACTIONS):
            msg = d.check(a, turn)
            assert (msg is None) == (a in ch), (a, msg)
            if msg is not None:
                assert 0 < len(msg) <= 42, msg
        for s in range(d.nseats):
            if s != turn:
                assert d.choices(s) == []
                assert d.check(min(ch), s) == "Not your turn"
        assert d.check(-1, turn) and d.check(NACTIONS, turn)
        # an actual refusal (every few steps, as it snapshots): nothing changes
        if step is None or step % 7 == 0:
            bad = [a for a in range(NACTIONS) if a not in ch]
            a = bad[r.below(len(bad))]
            before = snapshot(d)
            with pytest.raises(RuleError) as e:
                d.act(a, turn)
            assert len(str(e.value)) <= 42
            assert snapshot(d) == before
            other = (turn + 1) % d.nseats
            with pytest.raises(RuleError):
                d.act(min(ch), other)
            assert snapshot(d) == before
            checked += 1
    assert checked > 200


def test_refusal_messages():
    m = new_match()
    stock = plan_stock([], 0, 3, hold={1: ["JS", "5H"], 0: ["3S", "4H"], 2: ["6H"]})
    m.dealer = 3
    d = m.start_deal(cards=stock)
    assert d.turn == 0
    assert d.check(ROBOTTA, 0) == "Only the trump J's holder"
    assert d.check(PLAY + c("4H"), 0) == "Robotta or stay silent"
    d.act(HIDE)
    assert d.check(ROBOTTA, 1) is None
    d.act(ROBOTTA)
    assert d.turn == 1 and d.phase == meri.P_EXCHANGE
    assert d.check(EXCHANGE + c("4H"), 1) == "Not in your hand"
    assert d.check(PLAY + c("5H"), 1) == "Take the okie or not"
    d.act(NO_EXCHANGE)
    assert d.check(NO_EXCHANGE, 1) == "Play a card"
    assert d.check(PLAY + c("4H"), 1) == "Not in your hand"
    assert d.check(PLAY + c("5H"), 0) == "Not your turn"
    d.act(PLAY + c("5H"))
    assert d.check(PLAY_DOWN + c("6H"), 2) == "Only trumps go face down"
    assert d.check(PLAY + c("4H"), 2) == "Not in your hand"


# -- options -------------------------------------------------------------------------


def test_option_table_matches_the_spec():
    t = dict((e[0], e) for e in options("meri"))
    assert set(t) == {"players", "deals_per_game", "lead_card_rank", "two_beats_ace", "hiki_mode",
                      "hiki_5_stacking", "exchange_turned_card"}
    d = rules.defaults(options("meri"))
    assert d == {"players": 4, "deals_per_game": 4, "lead_card_rank": "J", "two_beats_ace": "off",
                 "hiki_mode": "net_capped", "hiki_5_stacking": "max5",
                 "exchange_turned_card": "optional"}
    assert t["players"][2] == (4, 6)
    assert t["hiki_mode"][2] == ("net_capped", "gross_capped", "net_uncapped")
    assert t["hiki_5_stacking"][2] == ("max5", "additive")
    for name in ("meri_default", "meri_six"):
        path = os.path.join(tools.ROOT, "firmware", "rulesets", name + ".json")
        game, _, o = rules.load(path)
        assert game == "meri"
    assert rules.load(os.path.join(tools.ROOT, "firmware", "rulesets", "meri_default.json"))[2] == d


def test_six_players_teams_alternate_8_cards_8_tricks():
    m = new_match(6)
    d = m.start_deal(b"\x01" * 32)
    assert [len(h) for h in d.hands] == [8] * 6
    assert len(d.stock) == 3 and d.ntricks == 8
    r = rng.Rng(b"\x02" * 32)
    while not d.done:
        d.act(meri_bot.random_bot(d, d.turn, r))
    assert d.trick_no == 8 and sum(d.tricks) == 8 and sum(d.result) == 8
    # every trick's winner credited to its team: seats 0, 2, 4 are team A
    won = [0, 0]
    for w in d.winners:
        won[w % 2] += 1
    assert won == d.tricks
    assert m.scores() == [0] * 6
    m.finish_deal()
    assert m.scores() == [m.teams[s % 2] for s in range(6)] and sum(m.teams) == 8


def test_six_player_last_trick_is_the_8th():
    # a yaku on trick 8 of a 6-seat deal is worth 5
    d8 = meri.yaku_hiki(meri.yaku_index("kq"), True, False)
    assert d8 == 5
    m = new_match(6)
    r = rng.Rng(b"\x03" * 32)
    seen5 = 0
    for i in range(300):
        d = m.start_deal(rng.derive(b"\x04" * 32, i))
        while not d.done:
            d.act(meri_bot.smart_bot(d, d.turn, r))
        for e in d.events:
            if e[0] == "show":
                k = int(e[1].split(":")[1])
                expect = 5 if (k == 8 or (e[4] == "jt" and d.j_hidden)) else 2
                assert e[3] == expect, (e, d.j_hidden)
                seen5 += e[3] == 5
    assert seen5 > 0


def test_players_must_match_the_seats():
    with pytest.raises(ValueError):
        meri.MeriMatch(make_opts(4), ["a"] * 6)
    with pytest.raises(ValueError):
        meri.MeriMatch(make_opts(6), ["a"] * 4)
    with pytest.raises(ValueError):
        meri.MeriMatch(make_opts(4), ["a"] * 5)


def test_exchange_off_skips_the_exchange():
    for d, step in bot_deals(20, b"\x21" * 32, exchange_turned_card="off"):
        assert d.phase != meri.P_EXCHANGE
        assert not [e for e in d.events if e[0] == "act" and "exchange" in e[2]]


def test_exchange_optional_is_offered_every_deal():
    offered = 0
    for d, step in bot_deals(20, b"\x22" * 32):
        if d.phase == meri.P_EXCHANGE:
            ch = d.choices()
            assert NO_EXCHANGE in ch and len(ch) == 13
            assert d.turn == d.start
            offered += 1
    assert offered >= 20


def test_two_beats_ace_only_when_both_are_in():
    t = 0
    trick = [c("5H"), c("AS"), c("2S"), c("KS")]
    assert meri.trick_winner(trick, t, True) == 2
    assert meri.trick_winner(trick, t, False) == 1
    assert meri.trick_winner([c("5H"), c("KS"), c("2S")], t, True) == 1
    # in a meri the 2 still beats the A, but no yaku
    meri_trick = [c("AS"), c("2S"), c("5H"), c("6H")]
    assert meri.trick_winner(meri_trick, t, True) == 1
    assert meri.trick_yaku(meri_trick, t, True) is None
    assert meri.trick_yaku([c("5H"), c("AS"), c("2S")], t, True) == meri.yaku_index("2a")
    assert meri.trick_yaku([c("5H"), c("AS"), c("2S")], t, False) is None
    # 3 trumps: the deciding pair is the top two
    assert meri.trick_yaku([c("5H"), c("QS"), c("KS"), c("2S")], t) == meri.yaku_index("kq")
    assert meri.trick_yaku([c("5H"), c("3S"), c("KS"), c("2S")], t) is None
    assert meri.trick_yaku([c("5H"), c("3S"), c("4H"), c("2S")], t) == meri.yaku_index("32")


def test_meri_tricks_never_score():
    # trick 2 is a meri with K and Q face up: no yaku
    m = new_match()
    tricks = [["AC", "2C", "3C", "4C"], ["KS", "QS", "5D", "6D"]]
    d = start(m, plan_stock(tricks, 0, 0, void={2: "S", 3: "S"}), dealer=0)
    play(d, tricks)
    assert not [e for e in d.events if e[0] in ("show", "reveal")]
    assert d.hiki == [0, 0] and d.monchi


def test_hiki_modes():
    assert meri.settle(1, 11, 5, 0, "net_capped") == (6, 6)
    assert meri.settle(2, 10, 5, 0, "net_capped") == (7, 5)
    assert meri.settle(12, 0, 2, 0, "net_capped") == (12, 0)
    # gross: each side's take capped by the other's original count, together
    assert meri.settle(6, 6, 2, 5, "gross_capped") == (3, 9)
    assert meri.settle(1, 11, 5, 5, "gross_capped") == (5, 7)
    assert meri.settle(12, 0, 2, 5, "gross_capped") == (7, 5)
    # uncapped: negative counts allowed
    assert meri.settle(12, 0, 2, 0, "net_uncapped") == (14, -2)
    assert meri.settle(1, 11, 0, 5, "net_uncapped") == (-4, 16)
    for mode in HIKI_MODES:
        for ta in range(13):
            for ha in (0, 2, 5, 7, 10):
                for hb in (0, 2, 5, 12):
                    a, b = meri.settle(ta, 12 - ta, ha, hb, mode)
                    assert a + b == 12
                    if mode != "net_uncapped":
                        assert a >= 0 and b >= 0


def test_hiki_applied_at_the_end_of_the_deal_in_each_mode():
    got = {}
    for mode in HIKI_MODES:
        m = new_match(hiki_mode=mode, deals_per_game=99)
        r = rng.Rng(b"\x31" * 32)
        for i in range(150):
            d = m.start_deal(rng.derive(b"\x32" * 32, i))
            while not d.done:
                d.act(meri_bot.random_bot(d, d.turn, r))
            assert d.result == list(meri.settle(d.tricks[0], d.tricks[1], d.hiki[0], d.hiki[1], mode))
            assert sum(d.result) == 12
            if d.result != d.tricks:
                got[mode] = got.get(mode, 0) + 1
            before = list(m.teams)
            m.finish_deal()
            assert m.teams == [before[0] + d.result[0], before[1] + d.result[1]]
        assert sum(m.teams) == 12 * 150
    assert all(got.get(mode) for mode in HIKI_MODES)


def test_hiki_stacking_values():
    jt = meri.yaku_index("jt")
    kq = meri.yaku_index("kq")
    assert meri.yaku_hiki(kq, False, False) == 2
    assert meri.yaku_hiki(kq, False, True) == 2      # the hidden J bonus is J over 10 only
    assert meri.yaku_hiki(kq, True, False) == 5
    assert meri.yaku_hiki(jt, False, True) == 5
    assert meri.yaku_hiki(jt, True, True, "max5") == 5
    assert meri.yaku_hiki(jt, True, True, "additive") == 10
    assert meri.yaku_hiki(kq, True, True, "additive") == 5
    assert meri.yaku_hiki(None, True, True) == 0


def test_all_trumps_leader_may_lead_a_trump_on_trick_1():
    # A9: North holds the 12 spades that are not the okie
    spades = [cards.name(cards.STD52, x) for x in range(13) if x != c("2S")]
    m = new_match()
    stock = plan_stock([], 0, 0, okie="2S", hold={0: spades})
    d = start(m, stock, robotta=True, dealer=0)
    assert d.turn == 0 and d.trick_no == 1
    ch = d.choices()
    assert ch == [PLAY + c(x) for x in sorted(spades, key=c)]
    d.act(PLAY + c("AS"))
    assert d.monchi and d.public()["meri"]


# -- visibility ----------------------------------------------------------------------

CARD_KEYS = ("okie", "cards", "played", "last", "hand", "discard")
OTHER_KEYS = ("phase", "turn", "dealer", "start", "trump", "okie_at", "robotta", "trick",
              "tricks_per_deal", "leader", "meri", "monchi", "counts", "leaders", "winners",
              "tricks", "hiki", "result", "score", "deal", "deals", "seat")


_CODE = dict((cards.name(cards.STD52, x), x) for x in range(52))


class Knowledge:
    """What each seat (and the table, -1) may know, read from the events as
    they come: its dealt cards, the okie, its own discard and face-down plays,
    every face-up play and every reveal."""

    def __init__(self, d):
        self.d = d
        self.i = 0
        self.k = dict((s, set()) for s in range(-1, d.nseats))

    def update(self):
        evs = self.d.events
        while self.i < len(evs):
            e = evs[self.i]
            self.i += 1
            for seat, k in self.k.items():
                if e[0] == "card":
                    if e[3] or e[2] == "seat:%d" % seat:
                        k.add(e[1])
                elif e[0] == "reveal":
                    k.add(e[1])
                elif e[0] == "act":
                    args = e[3] or {}
                    if "card" in args and (not args["down"] or e[1] == seat):
                        k.add(_CODE[args["card"]])
                    if "discard" in args and e[1] == seat:
                        k.add(_CODE[args["discard"]])
        return self.k


def _codes(v):
    out = set()
    assert set(v) <= set(CARD_KEYS + OTHER_KEYS), set(v) - set(CARD_KEYS + OTHER_KEYS)
    for key in CARD_KEYS:
        x = v.get(key)
        if x is None:
            continue
        if isinstance(x, int):
            out.add(x)
        else:
            out.update(b for b in x if b != HIDDEN)
    return out


def leak_check(d, oracle):
    know = oracle.update()
    pub = know[-1]
    assert set(d.seen(-1)) == pub
    assert _codes(d.public()) <= pub
    for s in range(d.nseats):
        k = know[s]
        assert set(d.seen(s)) == k, (s, sorted(set(d.seen(s)) ^ k))
        assert _codes(d.view(s)) <= k
        assert set(d.view(s)["hand"]) == set(d.hands[s])
    # a face-down card shows only as HIDDEN until its trick is complete
    cards_now = d.public()["cards"]
    assert len(cards_now) == (d._pos() if d.phase == meri.P_PLAY else 0)


def test_visibility_oracle():
    for n in (4, 6):
        steps = 0
        for d, step in bot_deals(60, bytes([n]) * 32, n=n):
            if step is None:
                oracle = Knowledge(d)
            leak_check(d, oracle)
            steps += 1
        assert steps > 60 * 40


def test_robotta_round_does_not_reveal_the_holder():
    # every seat is asked the same question; the events say only "hide"
    for d, step in bot_deals(40, b"\x41" * 32, bots=(meri_bot.random_bot,)):
        if d.done:
            asked = [e[1] for e in d.events if e[0] == "act" and e[2] in ("hide", "robotta")]
            if d.okie == d.jcode:
                assert asked == []
            elif d.robotta < 0:
                assert asked == [(d.dealer + 1 + i) % 4 for i in range(4)]
            else:
                assert asked[-1] == d.robotta and len(set(asked)) == len(asked)
        elif d.phase == meri.P_ROBOTTA:
            assert d.prompt(d.turn) == "Robotta or silent?"
            assert HIDE in d.choices()


# -- words and codes -------------------------------------------------------------------

_DAKU = "ガギグゲゴザジズゼゾダヂヅデドバビブベボパピプペポヴ"


def halfwidth_len(s):
    """Length on the OLED: katakana half-width, a voiced kana takes two cells."""
    return sum(2 if ch in _DAKU else 1 for ch in s)


def test_labels_prompts_decode_encode():
    m = new_match()
    d = m.start_deal(b"\x05" * 32)
    for a in range(NACTIONS):
        for lang in (EN, JA):
            lab = d.label(a, lang)
            assert 0 < halfwidth_len(lab) <= 21, (a, lab)
        do, args = d.decode(a)
        assert d.encode(do, args) == a
        assert json.loads(json.dumps([do, args])) == [do, args]
    with pytest.raises(ValueError):
        d.decode(NACTIONS)
    assert d.decode(PLAY_DOWN + c("QS")) == ("play", {"card": "QS", "down": True})
    assert d.decode(EXCHANGE + c("TH")) == ("exchange", {"discard": "TH"})
    for yid, _, _ in meri.YAKU:
        for lang in (EN, JA):
            for v in (2, 5, 10):
                assert halfwidth_len(meri.value_label(v, yid, lang)) <= 21
    assert meri.value_label(5, "jt") == "J over 10: 5 hiki"
    r = rng.Rng(b"\x06" * 32)
    for d, step in bot_deals(10, b"\x07" * 32):
        for s in range(d.nseats):
            for lang in (EN, JA):
                p = d.prompt(s, lang)
                assert 0 < halfwidth_len(p) <= 21, p


# -- match -------------------------------------------------------------------------------


def test_first_dealer_is_the_highest_draw_ties_redraw():
    m = new_match()
    # seat 2 draws the A (highest); others lower
    src = stock_mod.fixed([c("KH"), c("2S"), c("AD"), c("QC")] + list(range(52))[:10])
    assert m.draw_first_dealer(src) == 2 and m.dealer == 2
    assert m.intro == [("card", c(x), "seat:%d" % i, True) for i, x in enumerate(["KH", "2S", "AD", "QC"])]
    # seats 1 and 3 tie with kings: they draw again, 3 wins
    m = new_match()
    src = stock_mod.fixed([c(x) for x in ("5H", "KS", "2D", "KC", "4H", "9D")])
    assert m.draw_first_dealer(src) == 3
    assert len(m.intro) == 6 and m.intro[4][2] == "seat:1" and m.intro[5][2] == "seat:3"


def test_dealer_rotates_and_match_ends_after_deals_per_game():
    for deals in (1, 4, 5):
        s = Session("meri", "t", make_opts(4, deals_per_game=deals), ["a", "b", "c", "d"], seed=b"\x08" * 32)
        s.draw_first_dealer(b"\x09" * 32)
        first = s.match.dealer
        dealers = []
        r = rng.Rng(b"\x0a" * 32)
        while not s.match.over():
            deal = s.begin_deal()
            dealers.append(deal.dealer)
            while not deal.done:
                s.act(meri_bot.smart_bot(deal, deal.turn, r))
            s.end_deal()
        assert dealers == [(first + i) % 4 for i in range(deals)]
        m = s.match
        assert sum(m.teams) == 12 * deals
        assert m.ledger.chips == [0, 0, 0, 0] and m.ledger.pot == 0
        w = m.winner()
        a, b = m.teams
        assert w == (None if a == b else (0 if a > b else 1))
        st = m.standings()
        assert st[0][1] == max(a, b) and {x[0] % 2 for x in st[:2]} == {st[0][0] % 2}


def test_resume_mid_deal_gives_the_same_state():
    s = Session("meri", "t", make_opts(4), ["a", "b", "c", "d"], seed=b"\x0b" * 32)
    s.draw_first_dealer(b"\x0c" * 32)
    r = rng.Rng(b"\x0d" * 32)
    for _ in range(2):
        deal = s.begin_deal()
        while not deal.done:
            s.act(meri_bot.smart_bot(deal, deal.turn, r))
        s.end_deal()
    deal = s.begin_deal()
    for _ in range(23):
        s.act(meri_bot.random_bot(deal, deal.turn, r))
    rec = json.loads(json.dumps(s.record()))
    s2 = Session.from_record(rec)
    assert s2.match.deal.events == deal.events
    assert s2.match.teams == s.match.teams
    assert s2.match.deal.public() == deal.public()
    assert [s2.match.deal.view(i) for i in range(4)] == [deal.view(i) for i in range(4)]
