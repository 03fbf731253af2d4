"""Oicho-Kabu engine on CPython: illegal actions change nothing, every option
value does what the spec says (checked against independent oracles written
here from the spec's tables), visibility from the events, match-level rules,
labels, the command line."""
import json
import os
import sys
import unicodedata

import pytest

import tools  # noqa: F401
from oya import rng, stock
from oya.game import EN, JA, RuleError
from oya.games import oicho
from oya.games.oicho import (DONE, KOI, SHIMO, TOP, FOURTH, BOTTOM, KOI_COL, SHIMO_COL, BET,
                             NONE)
from oya.games.oicho_options import OPTIONS
from oya.games.oicho_bot import random_bot, smart_bot
from oya.session import Session

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "both"))
from oicho_util import new_match, start, bet_all, finish, pays, shows  # noqa: E402

CARD_KEYS = ("maki", "cols", "hand")


# -- independent oracles (from the spec's tables, written apart from the engine) --

RUNS = [(s, s + 1, s + 2) for s in range(1, 9)]       # nobori 1-2-3 .. 8-9-10, no wrap


def strength(ranks, dealer, o):
    """(category, value, multiplier, yaku): arashi 3, a privileged yaku or a
    nobori/kudari 2, else 1; the multiplier the hand wins at (§6.2-6.4)."""
    ranks = tuple(ranks)
    v = sum(ranks) % 10
    if len(ranks) == 3 and len(set(ranks)) == 1:
        if ranks[0] == 3 and o["arashi_kabu"] == "x5":
            return (3, v, 5, "arashi_kabu")
        return (3, v, 3, "arashi")
    if o["nobori_kudari"] == "on" and ranks in RUNS:
        return (2, v, 2, "nobori")
    if o["nobori_kudari"] == "on" and ranks[::-1] in RUNS:
        return (2, v, 2, "kudari")
    pin = {"x1": 1, "x2": 2}[o["pin_pay"]]
    if len(ranks) == 2:
        pair = ranks
        if o["pin_yaku_order"] == "any":
            pair = tuple(sorted(ranks, reverse=True))
        if dealer and pair == (9, 1):
            return (2, v, pin, "kuppin")
        owners = {"dealer": (True,), "child": (False,), "both": (True, False)}[o["shippin_owner"]]
        if pair == (4, 1) and dealer in owners:
            return (2, v, pin, "shippin")
    return (1, v, 1, None)


def expected_net(dr, cr, stake, o):
    """The child's net for one bet: the winner's multiplier times the stake,
    won or lost, or 0 when it is returned."""
    ds, cs = strength(dr, True, o), strength(cr, False, o)
    if o["dealer_buta"] == "no_contest" and ds[0] == 1 and ds[1] == 0:
        return 0
    if cs[0] != ds[0]:
        child = cs[0] > ds[0]
    elif (ds[3], cs[3]) == ("kuppin", "shippin"):
        child = False
    elif cs[1] != ds[1]:
        child = cs[1] > ds[1]
    elif o["tie"] == "push":
        return 0
    else:
        child = False
    return stake * cs[2] if child else -stake * ds[2]


def expected_draws(ranks, dealer, o):
    """{'koi', 'shimo'} allowed for a two-card hand."""
    if strength(ranks, dealer, o)[0] == 2:
        return {"shimo"}
    dr = o["draw_restrictions"]
    if dr == "all" or (dr == "dealer_only" and dealer):
        v = sum(ranks) % 10
        if v >= 7:
            return {"shimo"}
        if v <= 3:
            return {"koi"}
    return {"koi", "shimo"}


def stakes_of(deal):
    """{(child, column): chips} of the deal's bet actions."""
    stakes = {}
    for e in deal.events:
        if e[0] == "act" and e[2] == "bet":
            key = (e[1], e[3]["col"])
            stakes[key] = stakes.get(key, 0) + e[3]["chips"]
    return stakes


def allowed_cards(deal):
    """{seat: cards it may know} (-1: the table), from the events alone."""
    bettors = {}
    public, private, dealer_down = set(), {}, []
    for e in deal.events:
        if e[0] == "act" and e[2] == "bet":
            bettors.setdefault(e[3]["col"], set()).add(e[1])
        elif e[0] == "card":
            code, to, up = e[1], e[2], e[3]
            if up:
                public.add(code)
            elif to == "dealer":
                dealer_down.append(code)
            elif to.startswith("col:"):
                for s in bettors.get(int(to[4:]), ()):
                    private.setdefault(s, set()).add(code)
        elif e[0] == "reveal":
            public.add(e[1])
    if len(dealer_down) >= 2:
        private.setdefault(deal.dealer, set()).update(dealer_down)
    return dict((s, public | private.get(s, set())) for s in range(-1, deal.nseats))


def view_cards(v):
    out = []
    for k in CARD_KEYS:
        val = v[k]
        for b in (val if isinstance(val, list) else [val]):
            out.extend(x for x in b if x != NONE)
    return out


def leak_check(deal):
    allowed = allowed_cards(deal)
    for seat in range(-1, deal.nseats):
        seen = deal.seen(seat)
        assert len(seen) == len(set(seen))
        assert set(seen) == allowed[seat], (seat, deal.events)
        v = deal.public() if seat < 0 else deal.view(seat)
        assert sorted(view_cards(v)) == sorted(seen)
        for k, val in v.items():       # no card bytes anywhere else
            if k not in CARD_KEYS:
                assert not isinstance(val, (bytes, bytearray)) or k == "decided", k


# -- helpers ---------------------------------------------------------------------

def play_deals(n_matches, seed, opts=None, seats=None, bot=None, per_step=None, per_deal=None,
               max_deals=12):
    r = rng.Rng(rng.derive(seed, 1))
    for i in range(n_matches):
        o = dict(opts or {})
        nseats = seats or 2 + r.below(9)
        m = new_match(nseats, r.below(nseats), **o)
        b = bot or (random_bot if i % 2 else smart_bot)
        brng = rng.Rng(rng.derive(seed, 100 + i))
        for k in range(max_deals):
            if m.over():
                break
            d = m.start_deal(rng.derive(seed, 1000 * i + k))
            steps = 0
            while not d.done:
                if per_step:
                    per_step(d)
                d.act(b(d, d.turn, brng))
                steps += 1
                assert steps < 200
            if per_deal:
                per_deal(d)
            m.finish_deal()
        yield m


def snapshot(deal):
    return (repr(deal.public()), [repr(deal.view(s)) for s in range(deal.nseats)],
            list(deal.ledger.chips), deal.ledger.pot, len(deal.events),
            deal.stock.remaining(), deal.turn, deal.phase)


UNIVERSE = (list(range(-1, 32)) + [999, 1000, 7000, 10001, 99999]
            + [c * BET + k for c in range(1, 7) for k in (0, 1, 2, 3, 7, 10, 11, 100, 101)])


def halfwidth_len(s):
    """Characters on a half-width display: a kana with (han)dakuten takes two."""
    return len(unicodedata.normalize("NFD", s))


# -- tests -------------------------------------------------------------------------

def test_illegal_actions_refused_briefly_and_change_nothing():
    checked = [0]

    def quick(d):
        return (len(d.events), d.turn, d.phase, d.total, d.turn_bet, d.bidx, d.col,
                len(d.stock), list(d.ledger.chips), [bytes(c) for c in d.cols], bytes(d.hand))

    def step(d):
        before = snapshot(d)
        q = quick(d)
        for seat in range(d.nseats):
            ch = d.choices(seat)
            assert ch == [] or seat == d.turn
            for a in UNIVERSE if seat == d.turn else UNIVERSE[::7]:
                msg = d.check(a, seat)
                assert (msg is None) == (a in ch), (a, seat, msg, ch)
                if msg is None:
                    continue
                assert 0 < len(msg) <= 42, msg
                with pytest.raises(RuleError) as ei:
                    d.act(a, seat)
                assert str(ei.value) == msg
                assert quick(d) == q
                checked[0] += 1
        assert snapshot(d) == before

    for m in play_deals(12, b"\x11" * 32, per_step=step, max_deals=4):
        pass
    assert checked[0] > 10000


def test_choices_decode_encode_and_labels_fit():
    seen = set()

    def step(d):
        for a in d.choices():
            do, args = d.decode(a)
            assert d.encode(do, args) == a
            if a in seen:
                continue
            seen.add(a)
            assert 0 < len(d.label(a, EN)) <= 21, d.label(a, EN)
            assert 0 < halfwidth_len(d.label(a, JA)) <= 21, d.label(a, JA)
        lines = oicho.table_lines(d.public(), d.ledger.names, d.match.deck_kind())
        assert len(lines) >= d.ncols + 2 and all(len(x) <= 21 for x in lines)
        assert ("##" in " ".join(lines)) == (d.phase in (oicho.KOI_PHASE, oicho.DEALER))
        for s in range(d.nseats):
            assert 0 < len(d.prompt(s, EN)) <= 21
            assert 0 < halfwidth_len(d.prompt(s, JA)) <= 21

    for m in play_deals(30, b"\x12" * 32, per_step=step, max_deals=3,
                        opts={"domae": 100, "columns": 5, "starting_points": 9999}):
        pass
    assert {DONE, KOI, SHIMO, TOP} <= seen and any(a > 5 * BET for a in seen)
    d = new_match().start_deal(b"\x01" * 32)
    for a in (FOURTH, BOTTOM, KOI_COL + 5, SHIMO_COL + 5, 5 * BET + 100):
        assert len(d.label(a)) <= 21 and halfwidth_len(d.label(a, JA)) <= 21
    with pytest.raises(ValueError):
        d.decode(30)
    with pytest.raises(ValueError):
        d.encode("hit", None)
    assert d.decode(DONE) == ("bet_done", None)
    assert d.decode(FOURTH) == ("first_card", {"from": "fourth"})
    assert d.decode(KOI) == ("koi", None) and d.decode(SHIMO_COL + 3) == ("shimo", {"col": 3})
    assert d.decode(2 * BET + 7) == ("bet", {"col": 2, "chips": 7})
    for v in range(10):
        for lang in (EN, JA):
            assert halfwidth_len(oicho.value_label(v, None, lang)) <= 21
    named = {"arashi": ("Arashi 9", "アラシ 9"), "shippin": ("Shippin", "シッピン"),
             "kuppin": ("Kuppin", "クッピン"), "nobori": ("Nobori 9", "ノボリ 9"),
             "kudari": ("Kudari 9", "クダリ 9"), "arashi_kabu": ("Arashi-kabu", "アラシカブ")}
    assert sorted(named) == sorted(oicho.YAKU_IDS)
    for y in oicho.YAKU_IDS:
        assert (oicho.value_label(9, y), oicho.value_label(9, y, JA)) == named[y]


def test_local_yaku_names_on_the_screen_the_slip_and_the_options_list():
    """The §6.4 yaku: their names draw on the screen in both languages (every
    kana has a glyph, and a line holds them), the printed record names them
    by id beside the hand and the payment, and the options list shows each
    new option's id and value whole."""
    from oya import kana
    from oya.ui.grid import two_cols, COLS
    from oya.ui.records import deal_record_lines
    from oya.ui.table import option_row
    for y in ("nobori", "kudari", "arashi_kabu"):
        for lang in (EN, JA):
            label = oicho.value_label(9, y, lang)
            assert all(ord(ch) < 0x7F or kana.code(ord(ch)) >= 0 for ch in label), label
            assert 0 < halfwidth_len(label) <= 21
    fill = [[10, 10], [10, 6], [6, 6]]
    m = new_match(nobori_kudari="on", arashi_kabu="x5")
    d = start(m, [[7, 8, 9]] + fill, [3, 3, 3])
    bet_all(d, [(1, 1, 2)])
    finish(d, [[7, 8, 9]] + fill, [3, 3, 3])
    lines = deal_record_lines(m.deck_kind(), d.events, m.ledger.names, d.seen(-1))
    assert "dealer 3 3 3 =9 arashi_kabu" in lines and "col:1 7 8 9 =4 nobori" in lines
    assert "P2>P1 10 arashi_kabu c1" in lines
    for oid in ("shippin_owner", "pin_pay", "nobori_kudari", "arashi_kabu"):
        for v in [e for e in OPTIONS if e[0] == oid][0][2]:
            row = two_cols(">" + option_row(oid, v)[0], option_row(oid, v)[1])
            assert len(row) == COLS and row.startswith(">" + oid) and row.endswith(" " + v), row


def test_visibility_oracle_over_bot_deals():
    n = [0]

    def step(d):
        leak_check(d)
        n[0] += 1

    for opts in ({}, {"unbet_second_card": "face_down", "maki_fuda": "off"},
                 {"column_sharing": "exclusive", "columns": 5}):
        for m in play_deals(20, b"\x13" * 32, opts=opts, per_step=step, per_deal=leak_check, max_deals=4):
            pass
    assert n[0] > 1000


def test_dealer_first_card_hidden_from_dealer_until_second_card():
    m = new_match(3)
    d = start(m, [[10, 9], [1, 2], [3, 4], [5, 5]], [3, 4])
    bet_all(d, [(1, 1, 2), (2, 1, 1)])
    d.act(TOP)
    first = d.hand[0]
    for s in (-1, 0, 1, 2):
        assert first not in d.seen(s)
        v = d.public() if s < 0 else d.view(s)
        assert v["hand"] == bytes([NONE])
    # both bettors of column 1 see its second card; the dealer does not
    c2 = d.cols[0][1]
    assert c2 in d.seen(1) and c2 in d.seen(2) and c2 not in d.seen(0) and c2 not in d.seen(-1)
    # the unbet columns' second cards are face up
    assert d.cols[1][1] in d.seen(-1)
    d.act(SHIMO_COL + 1)
    assert d.phase == oicho.DEALER
    assert set(d.hand) <= set(d.seen(0))
    assert not set(d.hand) & set(d.seen(1)) and not set(d.hand) & set(d.seen(-1))
    d.act(SHIMO)
    assert set(d.hand) <= set(d.seen(-1)) and c2 in d.seen(-1)


def test_settlement_and_draw_rules_match_the_oracles_under_every_option_value():
    stats = {"pays": 0, "push": 0, "draws": 0}

    def step(d):
        o = d.opts
        if d.phase == oicho.KOI_PHASE:
            ranks = oicho.ranks_of(d.cols[d.col][:2])
            got = {d.decode(a)[0] for a in d.choices()}
            assert got == expected_draws(ranks, False, o), (list(ranks), o)
            stats["draws"] += 1
        elif d.phase == oicho.DEALER:
            ranks = oicho.ranks_of(d.hand[:2])
            got = {d.decode(a)[0] for a in d.choices()}
            assert got == expected_draws(ranks, True, o), (list(ranks), o)

    def deal_done(d):
        if d.void:
            assert not pays(d)
            return
        o = d.opts
        sh = shows(d)
        dr = sh["dealer"][0]
        stakes = stakes_of(d)
        got = {}
        for frm, to, n, why, col in pays(d):
            assert col is not None
            child = to if frm == d.dealer else frm
            got[(child, col)] = got.get((child, col), 0) + (n if to == child else -n)
        for (seat, col), k in stakes.items():
            want = expected_net(dr, sh["col:%d" % col][0], k, o)
            assert got.get((seat, col), 0) == want, (seat, col, k, dr, sh, o)
            stats["pays" if want else "push"] += 1
        assert set(got) <= set(stakes)
        assert d.dealer_net == -sum(got.values())

    r = rng.Rng(b"\x14" * 32)
    for i in range(60):
        opts = {}
        for e in OPTIONS:
            if len(e) == 3 and e[0] not in ("deals_per_match",):
                opts[e[0]] = e[2][r.below(len(e[2]))]
        for m in play_deals(1, rng.derive(b"\x14" * 32, i), opts=opts, per_step=step, per_deal=deal_done,
                            max_deals=6):
            pass
    assert stats["pays"] > 300 and stats["push"] > 5 and stats["draws"] > 300


def test_shipped_online_ruleset_plays_the_local_yaku_and_verifies():
    """rulesets/oicho_online.json sets what the online engine plays (§6.4),
    is told apart from the other Oicho-Kabu rulesets in the 20 cells a name
    has on the device's list, and a match played under it verifies."""
    import glob
    from oya import rules
    from oya.ui.grid import COLS
    from tools import transcript, verify
    from tools.play import play_match
    rs = os.path.join(os.path.dirname(oicho.__file__), "..", "..", "rulesets")
    game, name, o = rules.load(os.path.join(rs, "oicho_online.json"))
    local = {"nobori_kudari": "on", "arashi_kabu": "x5", "shippin_owner": "both", "pin_pay": "x2",
             "pin_yaku_order": "any"}
    assert game == "oicho" and o == dict(oicho.defaults(), **local)
    shown = [rules.load(p)[1][:COLS - 1] for p in sorted(glob.glob(os.path.join(rs, "oicho_*.json")))]
    assert len(shown) == 3 and len(set(shown)) == 3 and name in shown
    seed = rng.derive(b"oicho-online" + b"\x00" * 20, 1)
    s = play_match("oicho", 4, seed, "random", 12, o, ruleset_name=name)
    t = json.loads(json.dumps(transcript.build(s.match, name, rng.derive(seed, 0))))
    assert verify.verify_transcript(t).startswith("oicho: 12 deals verified")
    assert t["ruleset"]["options"]["nobori_kudari"] == "on"


@pytest.mark.parametrize("value", ["hanafuda", "kabufuda"])
def test_option_deck(value):
    m = new_match(deck=value)
    assert m.deck_kind() == (oicho.cards.HANAFUDA if value == "hanafuda" else oicho.cards.KABUFUDA)
    from tools import transcript
    from tools.play import play_match
    s = play_match("oicho", 3, b"\x02" * 32, "smart", 2, dict(m.opts))
    t = transcript.build(s.match, "t")
    names = [e["card"] for d in t["deals"] for e in d["events"] if e["t"] == "card"]
    lettered = [x for x in names if x[-1] in "abcd"]
    assert (len(lettered) == len(names)) if value == "hanafuda" else not lettered


@pytest.mark.parametrize("maki", ["on", "off"])
@pytest.mark.parametrize("cols", [4, 5])
def test_options_maki_fuda_and_columns(maki, cols):
    m = new_match(5, 2, maki_fuda=maki, columns=cols)
    d = m.start_deal(b"\x03" * 32)
    places = dict(d.places())
    makis = [p for p in places if p.startswith("maki:")]
    assert sorted(makis) == (["maki:0", "maki:1", "maki:3", "maki:4"] if maki == "on" else [])
    assert [p for p in places if p.startswith("col:")] == ["col:%d" % (c + 1) for c in range(cols)]
    assert len(d.stock) == 40 - len(makis) - cols
    assert d.turn == 3          # the child next to the dealer bets first


@pytest.mark.parametrize("value", ["face_up", "face_down"])
def test_option_unbet_second_card(value):
    m = new_match(unbet_second_card=value)
    d = start(m, [[10, 9], [1, 5], [3, 4], [5, 5]], [3, 4])
    bet_all(d, [(1, 2, 1)])
    d.act(TOP)
    ups = dict((e[2], e[3]) for e in d.events if e[0] == "card" and e[2].startswith("col:"))
    assert ups["col:2"] is False                      # a bet column: always face down
    for c in ("col:1", "col:3", "col:4"):
        assert ups[c] is (value == "face_up")
    finish(d, [[10, 9], [1, 5], [3, 4], [5, 5]], [3, 4])
    # unbet columns are never settled or shown
    assert set(shows(d)) == {"dealer", "col:2"}


def test_option_column_sharing():
    m = new_match(3, column_sharing="exclusive")
    d = start(m, [[10, 9], [1, 2], [3, 4], [5, 5]], [3, 4])
    d.act(1 * BET + 2, 1)
    d.act(DONE, 1)
    assert d.check(1 * BET + 1, 2) == "Another child bet there"
    assert all(a // BET != 1 for a in d.choices())
    d.act(2 * BET + 1, 2)
    # shared: the largest stake decides, ties go to the first bettor
    m = new_match(4)
    d = start(m, [[10, 9], [1, 2], [3, 4], [5, 5]], [3, 4])
    bet_all(d, [(1, 1, 2), (2, 1, 3), (3, 1, 1), (3, 2, 1)])
    assert d.decider(0) == 2
    d.act(TOP)
    assert d.turn == 2 and d.check(SHIMO_COL + 1, 1) == "Not your turn"
    m = new_match(3)
    d = start(m, [[10, 9], [1, 2], [3, 4], [5, 5]], [3, 4])
    bet_all(d, [(1, 1, 2), (2, 1, 2)])
    assert d.decider(0) == 1
    # exclusive with more children than columns: the last child is skipped
    m = new_match(4, column_sharing="exclusive", columns=4, domae=10)
    d = start(m, [[10, 9], [1, 2], [3, 4], [5, 5]], [3, 4])
    bet_all(d, [(1, 1, 1), (1, 2, 1), (2, 3, 1), (2, 4, 1)])
    assert d.phase == oicho.FIRST and d.total == 4


def test_option_mandatory_bet_and_void_deal():
    m = new_match(3)
    d = start(m, [[10, 9], [1, 2], [3, 4], [5, 5]], [3, 4])
    assert DONE not in d.choices()
    assert d.check(DONE, 1) == "Bet at least 1 point first"
    m = new_match(3, mandatory_bet=False)
    d = start(m, [[10, 9], [1, 2], [3, 4], [5, 5]], [3, 4])
    n_cards = len(d.stock)
    d.act(DONE)
    d.act(DONE)
    assert d.done and d.void and len(d.stock) == n_cards
    assert ("note", "No bets: void deal, dealt again") in d.events
    m.finish_deal()
    assert m.deal_no == 0 and m.dealer == 0 and m.started == 1


def test_option_domae_caps_the_total():
    def step(d):
        assert d.total <= d.domae
        if d.phase == oicho.BETTING:
            ch = d.choices()
            assert max(a % BET for a in ch) <= d.domae - d.total
            cols, most, done = d.bet_limits()
            assert sorted(ch) == sorted([c * BET + k for c in cols for k in range(1, most + 1)]
                                        + ([DONE] if done else []))
        else:
            assert d.bet_limits() == ((), 0, False)
    for domae in (1, 3, 25):
        for m in play_deals(6, bytes([domae]) * 32, opts={"domae": domae}, per_step=step, max_deals=3):
            pass


def test_options_deals_per_match_and_starting_points():
    from tools.play import play_match
    for n in (6, 12):
        s = play_match("oicho", 3, bytes([n]) * 32, "random", 99,
                       dict(oicho.defaults(), deals_per_match=n, starting_points=30))
        m = s.match
        assert m.deal_no == n and m.over()
        assert m.start_chips == [30, 30, 30] and sum(m.ledger.chips) == 90
        assert len([h for h in m.history if not h["void"]]) == n


def test_first_dealer_lowest_card_ties_draw_again():
    def cards_of(ranks):
        used, out = set(), []
        for r in ranks:
            c = next(c for c in range((r - 1) * 4, r * 4) if c not in used)
            used.add(c)
            out.append(c)
        return out + [c for c in range(40) if c not in used]

    m = new_match(3)
    assert m.draw_first_dealer(stock.fixed(cards_of([4, 2, 9]))) == 1
    m = new_match(4)
    who = m.draw_first_dealer(stock.fixed(cards_of([5, 3, 10, 3, 7, 2])))
    assert who == 3
    cards_ev = [e for e in m.intro if e[0] == "card"]
    assert [e[2] for e in cards_ev] == ["seat:0", "seat:1", "seat:2", "seat:3", "seat:1", "seat:3"]
    assert m.intro[-1] == ("note", "P4 deals first")
    # the 10 is the highest card, not 0
    m = new_match(2)
    assert m.draw_first_dealer(stock.fixed(cards_of([10, 1]))) == 1


def test_sudachi_over_a_match_follows_the_dealer_net():
    """Across bot matches: the dealer changes only by sudachi, to the next
    seat, exactly when the net since taking the deal reaches -domae or
    +2 x domae; void deals are not counted."""
    checked = 0
    from tools.play import play_match
    for i in range(20):
        s = play_match("oicho", 2 + i % 5, rng.derive(b"\x16" * 32, i), ("random", "smart")[i % 2], 12,
                       dict(oicho.defaults(), domae=4 + i % 3, mandatory_bet=bool(i % 3)))
        m = s.match
        dealer, net = m.history[0]["dealer"], 0
        counted = 0
        prev = list(m.start_chips)
        for h in m.history:
            assert h["dealer"] == dealer
            delta = h["balances"][dealer] - prev[dealer]
            prev = h["balances"]
            if h["void"]:
                assert delta == 0
                continue
            counted += 1
            net += delta
            sud = any(e[0] == "note" and e[1].startswith("Sudachi") for e in h["events"])
            dom = m.opts["domae"]
            assert sud == (net <= -dom or net >= 2 * dom)
            if sud:
                dealer, net = (dealer + 1) % len(m.ledger), 0
                checked += 1
        assert counted == m.deal_no == 12
        assert m.dealer == dealer and m.dealer_net == net
    assert checked > 10


def test_resume_mid_deal_from_the_journal(tmp_path):
    # the device's own journal (a file, with the recall of finished deals
    # beside it): three deals played, the fourth resumed after four actions
    from oya.journal import Journal
    j = Journal(str(tmp_path / "o.json"))
    s = Session("oicho", "t", oicho.defaults(), ["A", "B", "C", "D"], journal=j, seed=b"\x07" * 32)
    s.draw_first_dealer(b"\x08" * 32)
    brng = rng.Rng(b"\x09" * 32)
    for k in range(3):
        deal = s.begin_deal()
        while not deal.done:
            s.act(smart_bot(deal, deal.turn, brng))
        s.end_deal()
    deal = s.begin_deal()
    for _ in range(4):
        s.act(random_bot(deal, deal.turn, brng))
    back = Session.resume(j)
    d2 = back.match.deal
    assert d2.events == deal.events and d2.public() == deal.public()
    assert back.match.dealer_net == s.match.dealer_net and back.match.deal_no == 3
    assert [d2.view(x) for x in range(4)] == [deal.view(x) for x in range(4)]
    assert [len(r["acts"]) > 0 for r in back.recall] == [True] * 3   # the finished deals


def test_command_line_play_and_verify(tmp_path):
    from tools import play, verify
    out = tmp_path / "o.json"
    assert play.main(["oicho", "--seats", "5", "--seed", "abcd", "--bots", "smart", "--deals", "12",
                      "--option", "columns=5", "--option", "deck=kabufuda", "--json", str(out)]) == 0
    t = json.loads(out.read_text())
    assert t["game"] == "oicho" and t["ruleset"]["options"]["columns"] == 5
    assert len([d for d in t["deals"] if not d.get("void")]) == 12
    kinds = {e["t"] for d in t["deals"] for e in d["events"]}
    assert kinds >= {"card", "act", "reveal", "show", "pay"}
    assert all("col" in e for d in t["deals"] for e in d["events"] if e["t"] == "pay")
    assert verify.main([str(out)]) == 0
    out2 = tmp_path / "o2.json"
    assert play.main(["oicho", "--seats", "5", "--seed", "abcd", "--bots", "smart", "--deals", "12",
                      "--option", "columns=5", "--option", "deck=kabufuda", "--json", str(out2)]) == 0
    assert out.read_text() == out2.read_text()
    out3 = tmp_path / "o3.json"
    assert play.main(["oicho", "--seats", "10", "--seed", "01", "--bots", "random", "--deals", "6",
                      "--ruleset", "firmware/rulesets/oicho_kansai.json", "--json", str(out3)]) == 0
    assert verify.main([str(out3)]) == 0


def test_rulesets_load():
    from oya import rules
    root = os.path.join(os.path.dirname(__file__), "..", "firmware", "rulesets")
    g, name, o = rules.load(os.path.join(root, "oicho_default.json"))
    assert g == "oicho" and o == oicho.defaults()
    g, name, o = rules.load(os.path.join(root, "oicho_kansai.json"))
    assert o["deck"] == "kabufuda" and o["draw_restrictions"] == "dealer_only"
    with pytest.raises(rules.RulesetError):
        rules.validate({"game": "oicho", "name": "x", "options": {"columns": 6}})
    with pytest.raises(rules.RulesetError):
        rules.validate({"game": "oicho", "name": "x", "options": {"domae": 0}})


def test_smart_bot_behaviour():
    # the dealer takes the top card and draws on 4 or 5, stays on 6
    for dealer, want in (([2, 2], KOI), ([2, 3], KOI), ([3, 3], SHIMO)):
        m = new_match()
        d = start(m, [[10, 9], [1, 2], [3, 4], [5, 5]], dealer)
        bet_all(d, [(1, 1, 1)])
        assert smart_bot(d, 0, rng.Rng(b"\x01" * 32)) == TOP
        d.act(TOP)
        d.act(SHIMO_COL + 1)
        assert smart_bot(d, 0, rng.Rng(b"\x01" * 32)) == want
    # a child says koi below 5 and shimo from 6
    for col, want in (([2, 2], KOI_COL + 1), ([3, 3], SHIMO_COL + 1)):
        m = new_match()
        d = start(m, [col, [1, 2], [3, 4], [5, 5]], [3, 4])
        bet_all(d, [(1, 1, 1)])
        d.act(TOP)
        assert smart_bot(d, 1, rng.Rng(b"\x01" * 32)) == want
    # bets go to the strong first cards (7, 8, 9), not to weak ones
    m = new_match(3)
    d = start(m, [[2, 5], [9, 2], [3, 4], [8, 5]], [3, 4])
    r = rng.Rng(b"\x01" * 32)
    while d.turn == 1:
        d.act(smart_bot(d, 1, r))
    assert d.stake(1, 1) > 0 and d.stake(3, 1) > 0
    assert d.stake(0, 1) == 0 and d.stake(2, 1) == 0
    assert 0 < d.total <= 10 // 2 + 1


class ViewOnly:
    """A deal as a bot may see it: choices() and view() and nothing else."""

    def __init__(self, deal):
        self._deal = deal

    def choices(self, seat=None):
        return self._deal.choices(seat)

    def view(self, seat):
        return self._deal.view(seat)


def test_bots_use_only_view_and_choices():
    def via_view(bot):
        return lambda d, seat, r: bot(ViewOnly(d), seat, r)

    for bot in (smart_bot, random_bot):
        for opts in ({}, {"column_sharing": "exclusive", "mandatory_bet": False, "columns": 5}):
            for m in play_deals(10, b"\x17" * 32, opts=opts, bot=via_view(bot), max_deals=3):
                assert m.deal_no > 0
