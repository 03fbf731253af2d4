"""Kakkuri engine (CPython): the legality oracle, refusals that change
nothing, every option value, fuwari, the pass circle, folds, visibility
computed from the events, bots on their view only, match rules, resume, the
command line."""
import copy
import itertools
import json
import os
import sys
import unicodedata

import pytest

import tools  # noqa: F401
from oya import rng, rules, stock
from oya.game import EN, JA, RuleError
from oya.games import kakkuri as K
from oya.games import kakkuri_codec as KC
from oya.games import kakkuri_search as KS
from oya.games.kakkuri import (LOOK, DECLINE, UTAZU, SANZOKU, PASS, FOLD, HAKO, FUWARI, PLAY)
from oya.games.kakkuri_bot import random_bot, smart_bot
from oya.ledger import POT
from oya.session import Session
from oya.journal import Journal

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "both"))
from kakkuri_util import new_match, start, hand, play, received, pays, pass_until, layout  # noqa: E402
from oya.games import options

DOS = ("look", "decline", "fuwari", "utazu", "sanzoku", "play", "pass", "fold", "hako")
CARD_KEYS = ("pile", "played", "shown", "hand")


# -- an independent legality oracle (spec §5.3 on ordered sequences) ----------------

def seq_legal(ranks, base, sanzoku, anyone):
    units = []
    for r in ranks:
        if units and r >= 3 and units[-1][0] == r:
            units[-1][1] += 1
        else:
            units.append([r, 1])
    for r, n in units:
        if r >= 3 and (n >= 4 or (n == 2 and not sanzoku)):
            return False
    for r in range(1, 13):
        if ranks.count(r) > (4 if r <= 2 else 3):
            return False
    prev = base
    for i, (r, n) in enumerate(units):
        if prev == 12:
            if i == 0 and not anyone:
                return False
        elif prev <= 2:
            if r not in (prev, prev + 1):
                return False
        elif r != prev + 1:
            return False
        prev = r
    return True


def oracle_plays(cards, base, sanzoku, anyone):
    """{action: set of last ranks} over every ordered subset and wild rank."""
    res = {}
    for k in range(1, len(cards) + 1):
        for sub in itertools.permutations(cards, k):
            wild = [i for i, c in enumerate(sub) if c in (K.AKA, K.TAIKO)]
            for assign in itertools.product(range(1, 13), repeat=len(wild)):
                ranks = [K.rank(c) for c in sub]
                for i, r in zip(wild, assign):
                    ranks[i] = r
                if not seq_legal(ranks, base, sanzoku, anyone):
                    continue
                a = t = 0
                for i, c in enumerate(sub):
                    if c == K.AKA:
                        a = ranks[i]
                    elif c == K.TAIKO:
                        t = ranks[i]
                nonwild = [ranks[i] for i, c in enumerate(sub) if c not in (K.AKA, K.TAIKO)]
                code = KC.play_code(nonwild, 1 if K.KURO in sub else 0, a, t, ranks[-1])
                res.setdefault(code, []).append(list(sub))
    return res


def test_legal_plays_match_the_oracle_on_random_hands():
    r = rng.Rng(rng.derive(b"kakkuri-oracle" + bytes(18), 1))
    n = 0
    while n < 260:
        size = 1 + r.below(6)
        if n % 2:
            lo = 1 + r.below(9)
            pool = [c for c in range(48) if lo <= K.rank(c) <= lo + 3 or K.rank(c) in (1, 2, 12)]
        else:
            pool = list(range(48))
        cs = bytearray(pool)
        r.shuffle(cs)
        cards = list(cs[:size])
        if (K.AKA in cards) + (K.TAIKO in cards) == 2 and size > 4:
            continue                        # keep the oracle fast
        base = 1 + r.below(12)
        sz = r.below(3) == 0
        anyone = r.below(4) != 0
        want = oracle_plays(cards, base, sz, anyone)
        got = K.legal_plays(bytes(cards), base, sz, anyone)
        assert len(got) == len(set(got))
        assert set(got) == set(want), (cards, base, sz, anyone)
        for a in got:
            toks = K.play_order(a, base, sz, anyone)
            assert toks and toks[-1] >> 2 == K.play_parts(a)[4]
            assert KC.parse_play([K.token_name(t) for t in toks]) == a
        n += 1


def test_the_search_goes_six_units_deep_and_back():
    # six one-card units, the deepest a play goes (the search's stack has
    # a level a unit), with plays of every length beside it on the way
    h = hand("1 1 2 2 3 4 9")
    got = K.legal_plays(h, 12, False, True)
    six = play("1 1 2 2 3 4")
    assert six in got and play("1 1 2 2 3") in got and play("9") in got
    assert play("1 2 2 3 4 9") not in got
    toks = K.play_order(six, 12, False, True)
    assert [K.token_name(t) for t in toks] == ["1", "1", "2", "2", "3", "4"]
    res = []
    for _ in KS.search_steps(*KS.counts(h), 12, False, True, res):
        pass
    assert res == [got]


def test_a_labels_order_is_looked_for_over_ranks_not_over_every_card(monkeypatch):
    # the order of a play is searched over ranks and unit sizes, with its
    # cards placed after: the search over every card (the menu's, _rec) was
    # ~1,100 passes of its loops for a label of 12 12 12 9 10 11 with both
    # wilds, up to 161 ms of the RP2040's CPU, and a menu made four at a key
    plays = K.legal_plays(hand("1w 2w 9 10 11 12"), 0, True, True)

    def no_card_search(*a):
        raise AssertionError("a label searched over every card")

    monkeypatch.setattr(KS, "_rec", no_card_search)
    kiri = play("12 1w=12 2w=12 9 10 11")
    assert [K.token_name(t) for t in K.play_order(kiri, 0)] == ["12", "1w=12", "2w=12", "9", "10", "11"]
    assert [K.token_name(t) for t in K.play_order(kiri, 11, False)] == ["12", "1w=12", "2w=12", "9", "10", "11"]
    assert K.play_order(kiri, 8) is None                 # (9 first, and then it ends on 12)
    # the cards of a rank: ordinary first, then the kuro-hibashi, aka-choro, taiko
    assert [K.token_name(t) for t in K.play_order(play("3 3k 1w=3 4"), 2)] == ["3", "3k", "1w=3", "4"]
    assert [K.token_name(t) for t in K.play_order(play("2w=5 5 1w=5"), 4)] == ["5", "1w=5", "2w=5"]

    from tools.pico.labels import _looks      # (the count --labels picks its hands by)
    _, looks, undo = _looks()
    try:
        for p in plays:
            looks()
            assert K.play_order(p, 0) is not None
            assert looks() <= 450, [K.token_name(t) for t in K.play_order(p, 0)]
    finally:
        undo()


def test_sanzoku_pairs_of_twelves_leave_different_bases():
    # one set of cards, two legal orders ending on different ranks: two actions
    h = hand("12 1w 11 5 5 7")
    got = K.legal_plays(h, 11, True)
    a = KC.parse_play(["12", "1w=12", "11"])
    b = KC.parse_play(["12", "11", "1w=12"])
    assert a in got and b in got and a != b
    assert a not in K.legal_plays(h, 11, False) and b in K.legal_plays(h, 11, False)


def test_pure_functions():
    assert K.is_sanzoku(hand("5 5 8 8 9 9"))
    assert K.is_sanzoku(hand("5 5 8 8 9 1w"))
    assert K.is_sanzoku(hand("5 5 8 8 1w 2w"))
    assert not K.is_sanzoku(hand("5 5 5 5 8 8"))
    assert not K.is_sanzoku(hand("5 5 5 8 8 1w"))
    assert not K.is_sanzoku(hand("5 5 8 8 9 10"))
    assert not K.is_sanzoku(hand("5 5 8 8 9"))
    assert K.utazu(hand("1 1 1 4 5 6")) and not K.utazu(hand("1 1 1w 4 5 6"))
    for names in (["4"], ["3k", "4", "5"], ["1w=12", "2w=3", "3", "3", "4", "5"], ["12", "12", "12"],
                  ["1", "1", "1w=1", "2w=1"]):
        a = KC.parse_play(names)
        assert PLAY <= a < (1 << 29)
        p = K.play_parts(a)
        assert sorted(p[0]) == sorted(int(x) if x[0] != "3" or x == "3" else 3 for x in names
                                      if "=" not in x)
    with pytest.raises(ValueError):
        KC.parse_play(["1", "2", "3", "4", "5", "6", "7"])
    with pytest.raises(ValueError):
        KC.parse_play(["1w=13"])
    assert K.play_parts(PLAY - 1) is None
    biggest = KC.play_code([12] * 6, 0, 0, 0, 12)
    assert biggest < (1 << 29)
    assert K.value_label(None, "guri") == "Guri" and K.value_label(None, "utazu", JA) == "ウタズ"


# -- helpers ---------------------------------------------------------------------

def snapshot(deal):
    """Every attribute of the deal (but the choices cache), the hako and the chips."""
    st = dict((k, repr(v)) for k, v in deal.__dict__.items() if k not in ("_cache", "events"))
    return (st, deal.stock.remaining(), list(deal.ledger.chips), deal.ledger.pot, len(deal.events))


def halfwidth_len(s):
    return len(unicodedata.normalize("NFD", s))


def play_deals(n_matches, seed, opts=None, seats=None, bot=None, per_step=None, per_deal=None,
               max_deals=6, out_of_turn=False):
    r = rng.Rng(rng.derive(seed, 1))
    for i in range(n_matches):
        nseats = seats or 6 + r.below(3)
        m = new_match(nseats, r.below(nseats), **dict(opts or {}))
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
                seat = d.turn
                if out_of_turn and r.below(6) == 0:
                    others = [s for s in range(nseats) if s != d.turn and d.choices(s)]
                    if others:
                        seat = others[r.below(len(others))]
                        ch = d.choices(seat)
                        d.act(ch[r.below(len(ch))], seat)
                        steps += 1
                        continue
                d.act(b(d, seat, brng), seat)
                steps += 1
                assert steps < 500
            if per_deal:
                per_deal(d)
            m.finish_deal()
        yield m


# -- visibility oracle: what each seat may know, from the events ------------------

def allowed_cards(deal):
    """Per seat (and -1 for the table): the cards it may see now, rebuilt from
    the event log alone (plus the public phase and the forced-out seat)."""
    n = deal.nseats
    hands = [[] for _ in range(n)]
    looked = [False] * n
    public = []
    for e in deal.events:
        if e[0] == "card":
            if e[2].startswith("seat:"):
                hands[int(e[2][5:])].append(e[1])
            if e[3]:
                public.append(e[1])
        elif e[0] == "show":
            for c in e[2]:
                if c not in public:
                    public.append(c)
        elif e[0] == "act":
            seat, do, args = e[1], e[2], e[3]
            if do == "look":
                looked[seat] = True
            elif do == "fuwari":
                t = args["with"]
                hands[seat], hands[t] = hands[t], hands[seat]
            elif do == "play":
                for nm in args["cards"]:
                    if nm.startswith("1w="):
                        c = K.AKA
                    elif nm.startswith("2w="):
                        c = K.TAIKO
                    elif nm == "3k":
                        c = K.KURO
                    else:
                        r = int(nm)
                        c = min(x for x in hands[seat] if K.rank(x) == r and x not in (0, 4, 8))
                    hands[seat].remove(c)
                    public.append(c)
    pub = deal.public()
    if pub["out"] >= 0:
        hands[pub["out"]] = []
    if pub["phase"] != "fuwari":
        looked = [True] * n
    out = {-1: set(public)}
    for s in range(n):
        out[s] = set(public) | (set(hands[s]) if looked[s] else set())
    return out


def view_cards(v):
    out = []
    for k in CARD_KEYS:
        x = v.get(k)
        if isinstance(x, list):
            for b in x:
                out.extend(b)
        elif x:
            out.extend(x)
    return out


def leak_check(deal):
    allowed = allowed_cards(deal)
    for seat in range(-1, deal.nseats):
        seen = deal.seen(seat)
        assert len(seen) == len(set(seen))
        assert set(seen) == allowed[seat], (seat, sorted(seen), sorted(allowed[seat]))
        v = deal.public() if seat < 0 else deal.view(seat)
        assert sorted(set(view_cards(v))) == sorted(seen)
        for k, val in v.items():
            if k not in CARD_KEYS:
                assert k in ("counts", "seated", "folded", "looked", "swapped", "has_played",
                             "sanzoku") or not isinstance(val, (bytes, bytearray, list)) \
                    or k == "last" and all(isinstance(x, str) for x in val), k


# -- tests ------------------------------------------------------------------------

def test_illegal_actions_refused_briefly_and_change_nothing():
    r = rng.Rng(rng.derive(b"kakkuri-refuse" + bytes(18), 1))
    counted = [0, 0]
    pool = list(range(0, 8)) + list(range(FUWARI, FUWARI + 8)) + [PLAY + 5, 9999]

    def probe(d):
        if r.below(3):
            return
        extra = []
        for s in range(d.nseats):
            extra.extend(d.choices(s)[:4])
            if d.hands[s]:
                extra.extend(K.legal_plays(d.hands[s], 1 + r.below(12), True)[:6])
        for a in pool + extra:
            s = r.below(d.nseats)
            msg = d.check(a, s)
            legal = a in d.choices(s)
            assert (msg is None) == legal, (a, s, msg)
            if msg is None:
                counted[1] += 1
                continue
            assert 0 < len(msg) <= 42, msg
            before = snapshot(d)
            with pytest.raises(RuleError):
                d.act(a, s)
            assert snapshot(d) == before
            counted[0] += 1

    for m in play_deals(16, b"refuse", per_step=probe, out_of_turn=True):
        pass
    assert counted[0] > 2000 and counted[1] > 50


def test_refusal_messages():
    m = new_match(7)
    d = start(m, {}, fuwari=False)
    assert d.turn == 1 and d.phase == 1
    assert d.check(PASS, 1) == "Fuwari first: swap or not"
    assert d.check(FOLD, 3) == "Fold only once play starts"
    assert d.check(DECLINE, 3) == "Not your turn"
    assert d.check(FUWARI + 2, 1) == "Cannot swap with that hand"
    d.act(LOOK, 4)
    assert d.check(LOOK, 4) == "Hand already looked at"
    while d.phase == 1:
        d.act(DECLINE)
    assert d.check(LOOK, 2) == "Only before play starts"
    assert d.check(DECLINE, 0) == "Fuwari is over"
    assert d.check(HAKO, 0) == "Not time to turn the hako"
    assert d.check(UTAZU, 0) == "No utazu in this hand"
    assert d.check(SANZOKU, 0) == "Sanzoku needs three pairs"
    assert d.check(play("1w=5"), 0) in ("Those cards are not in your hand",)
    d.act(FOLD, 3)
    assert d.check(FOLD, 3) == "You have folded"
    assert d.check(PASS, 3) == "You have folded"
    assert d.check(9, 0) == "Not allowed now"
    assert d.check(PASS, 9) == "Not in this deal"


def test_choices_decode_encode_labels_and_prompts_fit():
    kinds = set()

    def per_step(d):
        for s in range(d.nseats):
            p = d.prompt(s, EN)
            assert 0 < len(p) <= 21, p
            assert 0 < halfwidth_len(d.prompt(s, JA)) <= 21
            for a in d.choices(s):
                do, args = d.decode(a)
                assert do in DOS
                kinds.add(do)
                assert d.encode(json.loads(json.dumps(do)), json.loads(json.dumps(args))) == a
                assert 0 < len(d.label(a, EN)) <= 21, d.label(a, EN)
                assert 0 < halfwidth_len(d.label(a, JA)) <= 21, d.label(a, JA)
        lines = K.table_lines(d.public(), d.ledger.names)
        assert len(lines) <= 8 and all(len(x) <= 21 for x in lines), lines

    for m in play_deals(10, b"labels", per_step=per_step, out_of_turn=True):
        pass
    assert kinds >= {"look", "decline", "fuwari", "play", "pass", "fold", "hako"}
    # labels of every play are distinct in a big choice list
    d = start(new_match(7), {0: "1w 2w 11 5 6 12"}, base="12")
    ch = d.choices(0)
    assert len(ch) > 100
    labels = [d.label(a) for a in ch]
    assert len(set(labels)) == len(labels)
    assert d.label(play("5 6"), EN) == "Play 5 6"
    assert d.label(play("11 12 1w=5 6"), EN) == "Play 11 12 C5 6"
    assert d.label(play("11 12 2w=5 6"), JA) == "ウツ 11 12 タ5 6"
    assert d.decode(play("11 12 1w=5 6")) == ("play", {"cards": ["11", "12", "1w=5", "6"]})


def test_visibility_oracle_over_bot_deals():
    for m in play_deals(30, b"visibility", per_step=leak_check, per_deal=leak_check, out_of_turn=True):
        pass
    for m in play_deals(12, b"visibility8", seats=8, per_step=leak_check, per_deal=leak_check,
                        out_of_turn=True):
        pass


def test_unlooked_hands_stay_hidden_until_looked():
    m = new_match(7)
    d = start(m, {}, fuwari=False)
    for s in range(7):
        assert d.view(s)["hand"] == b""
        assert d.seen(s) == d.seen(-1)
    d.act(LOOK, 5)
    assert len(d.view(5)["hand"]) == 6 and d.view(4)["hand"] == b""
    while d.phase == 1:
        d.act(DECLINE)
    for s in range(7):
        assert len(d.view(s)["hand"]) == 6


def test_fuwari_chain():
    m = new_match(6)                       # dealer 0; children 1..5
    d = start(m, {0: "1w 2w 12 12 11 10", 1: "4 4 4 5 5 5", 2: "6 6 6 7 7 7"}, fuwari=False)
    h0, h1, h2 = bytes(d.hands[0]), bytes(d.hands[1]), bytes(d.hands[2])
    assert d.turn == 1 and d.choices(1) == [FUWARI + 0, DECLINE, LOOK]
    d.act(FUWARI + 0, 1)                   # 1 takes the dealer's hand
    assert bytes(d.hands[1]) == h0 and bytes(d.hands[0]) == h1
    assert ("act", 1, "fuwari", {"with": 0}) in d.events
    # 2 may take the dealer's (now 1's old) hand or 1's (the dealer's old) hand
    assert d.turn == 2 and d.choices(2)[:2] == [FUWARI + 0, FUWARI + 1]
    d.act(FUWARI + 1, 2)
    assert bytes(d.hands[2]) == h0 and bytes(d.hands[1]) == h2
    # 3: the dealer's hand and both swapped children are still unlooked
    assert d.choices(3)[:3] == [FUWARI + 0, FUWARI + 1, FUWARI + 2]
    d.act(LOOK, 0)                         # the dealer looks out of turn
    assert FUWARI + 0 not in d.choices(3)
    d.act(LOOK, 3)                         # looking on one's own offer declines it
    assert d.turn == 4
    d.act(DECLINE, 4)
    assert d.turn == 5
    d.act(LOOK, 1)
    d.act(LOOK, 2)                         # nothing left to swap with: 5 is skipped
    assert d.phase == 3 and d.turn == 0
    assert sum(d.swapped) == 2 and all(d.looked)


def test_eight_seats_forced_out_after_fuwari():
    m = new_match(8)                       # dealer 0; seat 1 swaps with the dealer's 3k
    d = start(m, {0: "3k 11 5 6 9 10", 1: "4 5 6 7 8 12"}, fuwari=False)
    assert len(d.stock) == 0 and len(d.pile) == 0 and d.base == 0
    d.act(FUWARI + 0, 1)
    while d.phase == 1:
        d.act(DECLINE)
    assert d.out == 1 and len(d.hands[1]) == 0
    assert d.pile == bytearray([K.KURO]) and d.base == 3
    assert sorted(d.stock.remaining()) == sorted(hand("11 5 6 9 10"))
    assert d.turn == 0 and not d.choices(1)
    notes = [e for e in d.events if e[0] == "note"]
    assert "kuro-hibashi" in notes[0][1]


def test_eight_seats_dealer_forced_out_play_starts_right():
    m = new_match(8, dealer=3)
    d = start(m, {3: "3k 11 5 6 9 10"})
    assert d.out == 3 and d.turn == 4 and d.lead == 4 and d.round == 1
    # the first round ends when the turn passes the dealer's seat
    for i in range(7):
        d.act(PASS)
    assert d.turn == 4 and d.pending and d.round == 2


def test_pass_circle_lead_folds_and_next_takes_the_role():
    m = new_match(6, ori_window="any_time_before_playing")
    d = start(m, {})
    d.act(PASS, 0)
    d.act(PASS, 1)
    d.act(FOLD, 0)                         # the dealer (L, never played) folds out of turn
    assert d.lead == 1
    for s in (2, 3, 4, 5):
        d.act(PASS, s)
    assert d.turn == 1 and d.pending and d.choices(1)[0] == HAKO


def test_last_player_cannot_fold_and_plays_alone():
    m = new_match(6, ori_window="any_time_before_playing")
    d = start(m, {0: "4 5 6 7 8 9"}, base="12", hako="1 2 3 4 5")
    for s in (1, 2, 3, 4, 5):
        d.act(FOLD, s)
    assert d.ledger.pot == 5
    assert FOLD not in d.choices(0) and d.check(FOLD, 0) == "Last player in cannot fold"
    d.act(PASS, 0)                         # alone: the circle is complete at once
    assert d.pending and d.turn == 0
    while not d.done:
        d.act(HAKO if d.pending else PASS)
    assert d.result == "no_winner"
    assert m.ledger.chips == [20] * 6      # every fold chip returned


def test_fold_in_turn_and_pending_fold():
    m = new_match(6, ori_window="any_time_before_playing")
    d = start(m, {})
    for s in range(6):
        d.act(PASS, s)
    assert d.turn == 0 and d.pending and d.choices(0) == [HAKO, FOLD]
    d.act(FOLD, 0)                         # L folds instead of turning: the next seat turns
    assert d.turn == 1 and d.pending and d.lead == 1
    d.act(HAKO, 1)
    assert not d.pending and d.turn == 1


def test_guri_against_short_players_pays_what_they_have():
    m = new_match(7, chips=[20, 20, 1, 20, 20, 20, 20])
    d = start(m, {1: "7 8 9 10 11 12"}, base="6")
    d.act(PASS, 0)
    d.act(play("7 8 9 10 11 12"), 1)
    assert d.result == "guri"
    assert received(d, 2) == -1 and received(d, 1) == 5 * 2 + 1
    assert m.ledger.chips[2] == 0
    assert any(e == ("note", "P3 is out of chips") for e in d.events)
    m.finish_deal()
    d2 = start(m, {})
    assert not d2.inp[2] and len(d2.hands[2]) == 0 and d2.choices(2) == []
    assert sum(len(h) for h in d2.hands) == 36 and len(d2.stock) == 11


def test_utazu_short_payer():
    m = new_match(7, chips=[2, 20, 20, 20, 20, 20, 20])
    d = start(m, {4: "1 1 1 5 6 7"})
    d.act(UTAZU, 4)
    assert received(d, 0) == -2 and received(d, 4) == 2 + 5 * 3
    assert d.shown == bytes(sorted(hand("1 1 1 5 6 7")))
    assert ("show", "seat:4", d.shown, None, "utazu") in d.events


def test_sanzoku_needs_six_cards_and_stays_declared():
    m = new_match(6)
    d = start(m, {0: "5 5 8 8 9 9", 1: "6 7 10 10 11 2"}, base="4")
    d.act(play("5"), 0)                    # one single: the hand is no longer 3 pairs
    assert SANZOKU not in d.choices(0)
    d.act(play("6 7"), 1)
    pass_until(d, 0)
    assert d.check(SANZOKU, 0) == "Sanzoku needs all 6 cards"


# -- every option value --------------------------------------------------------------

def test_option_table_and_rulesets():
    table = options("kakkuri")
    ids = [e[0] for e in table]
    assert ids == ["players", "starting_chips", "ori_window", "after_twelve", "pass_circle",
                   "eight_player_stock", "fold_chip_no_winner", "session_end", "session_minutes",
                   "session_deals", "final_tiebreak"]
    d = rules.defaults(table)
    assert d["players"] == 7 and d["starting_chips"] == 20 and d["ori_window"] == "first_round_only"
    assert d["after_twelve"] == "anyone" and d["pass_circle"] == "return_to_last_player"
    assert d["session_end"] == "time_limit" and d["final_tiebreak"] == "shared_rank"
    for bad in ({"players": 5}, {"players": 9}, {"after_twelve": "nobody"}, {"starting_chips": 0}):
        with pytest.raises(rules.RulesetError):
            rules.validate({"game": "kakkuri", "name": "x", "options": bad})
    root = os.path.join(os.path.dirname(__file__), "..", "firmware", "rulesets")
    g, name, o = rules.load(os.path.join(root, "kakkuri_default.json"))
    assert g == "kakkuri" and o == d
    g, name, o = rules.load(os.path.join(root, "kakkuri_summary.json"))
    assert o["ori_window"] == "any_time_before_playing" and o["after_twelve"] == "same_turn_only"


@pytest.mark.parametrize("players", [6, 7, 8])
def test_option_players_any_table_size_plays(players):
    # `players` is the size the device proposes; the seat list decides
    for m in play_deals(2, b"players%d" % players, seats=players, opts={"players": players}):
        assert m.deal_no >= 1


def test_option_starting_chips():
    m = new_match(6, starting_chips=35)
    assert m.ledger.chips == [35] * 6


@pytest.mark.parametrize("value", ["anyone", "same_turn_only"])
def test_option_after_twelve_inside_a_play(value):
    m = new_match(6, after_twelve=value)
    d = start(m, {0: "11 12 3 4 8 9", 1: "5 6 7 10 10 2"}, base="10")
    d.act(play("11 12"), 0)
    ch = d.choices(1)
    assert (play("5 6 7") in ch) == (value == "anyone")
    assert (d.prompt(1) == "Play on 12 or pass") == (value == "anyone")


@pytest.mark.parametrize("value", ["return_to_last_player", "including_last_player"])
def test_option_pass_circle_with_a_fold_inside(value):
    m = new_match(6, pass_circle=value)
    d = start(m, {2: "5 6 9 10 11 1"}, base="4", hako="8")
    d.act(PASS, 0)
    d.act(PASS, 1)
    d.act(play("5 6"), 2)
    d.act(FOLD, 4)
    for s in (3, 5, 0, 1):
        d.act(PASS, s)
    if value == "including_last_player":
        assert d.turn == 2 and not d.pending
        d.act(PASS, 2)
    assert d.turn == 2 and d.pending
    d.act(HAKO, 2)
    assert d.base == 8 and play("9 10 11") in d.choices(2)


@pytest.mark.parametrize("value", ["first_round_only", "any_time_before_playing"])
def test_option_ori_window(value):
    m = new_match(6, ori_window=value)
    d = start(m, {})
    assert all(d.can_fold(s) for s in range(6))
    for s in range(5):
        d.act(PASS, s)
    assert d.round == 1 and d.can_fold(0)
    d.act(PASS, 5)                         # back to the dealer: round 2
    assert d.round == 2
    assert d.can_fold(3) == (value == "any_time_before_playing")


def test_option_single_value_options_and_no_winner_returns_chips():
    m = new_match(6, eight_player_stock="forced_out_hand", fold_chip_no_winner="returned")
    d = start(m, {})
    d.act(FOLD, 2)
    d.act(FOLD, 3)
    while not d.done:
        d.act(HAKO if d.pending else PASS)
    assert m.ledger.chips == [20] * 6
    assert [p for p in pays(d) if p[3] == "fold returned"] == [(POT, 2, 1, "fold returned"),
                                                               (POT, 3, 1, "fold returned")]


def test_option_session_end_deal_count_and_time_limit():
    m = new_match(6, session_end="deal_count", session_deals=2)
    for i in range(2):
        assert not m.over()
        d = start(m, {})
        while not d.done:
            d.act(HAKO if d.pending else PASS)
        m.finish_deal()
    assert m.over() and m.deal_no == 2
    m = new_match(6, session_end="time_limit", session_minutes=30, session_deals=1)
    d = start(m, {})
    m.stop()                               # the device: time is up, mid-deal
    assert m.over()
    while not d.done:
        d.act(HAKO if d.pending else PASS)
    m.finish_deal()
    st = m.state()
    assert st["stopped"] is True
    m2 = new_match(6)
    m2.restore(json.loads(json.dumps(st)))
    assert m2.over()
    assert not new_match(6, session_end="time_limit", session_deals=1).over()


@pytest.mark.parametrize("value", ["shared_rank", "draw_cards"])
def test_option_final_tiebreak(value):
    m = new_match(6, chips=[25, 18, 25, 10, 18, 24], final_tiebreak=value)
    assert m.ranking() == [(1, 0, 25), (1, 2, 25), (3, 5, 24), (4, 1, 18), (4, 4, 18), (6, 3, 10)]
    if value == "draw_cards":
        order = m.draw_tiebreak(stock.fixed(hand("3 9 12 12 5 7")))
        # 0 draws 3, 2 draws 9 -> 2 first; 1 draws 12, 4 draws 12 -> redraw 5 / 7 -> 4 first
        assert order == [2, 0, 5, 4, 1, 3]
        assert m.ranking() == [(1, 2, 25), (2, 0, 25), (3, 5, 24), (4, 4, 18), (5, 1, 18), (6, 3, 10)]
        assert len(m.outro) == 6
        m2 = new_match(6, chips=[25, 18, 25, 10, 18, 24])
        m2.restore(json.loads(json.dumps(m.state())))
        assert m2.standings()[0] == (2, 25)


# -- match rules -------------------------------------------------------------------

def test_first_dealer_highest_card_ties_draw_again():
    m = new_match(6)
    src = stock.fixed(hand("5 12 3 12 7 2 4 9"))
    assert m.draw_first_dealer(src) == 3      # 1 and 3 tie on 12; redraw 4 < 9
    assert [e[2] for e in m.intro] == ["seat:%d" % s for s in (0, 1, 2, 3, 4, 5, 1, 3)]
    m = new_match(7)
    assert m.choose_first_dealer(rng.derive(b"\x05" * 32, 0)) in range(7)


def test_next_dealers():
    m = new_match(7, dealer=6)
    d = start(m, {})
    while not d.done:
        d.act(HAKO if d.pending else PASS)
    m.finish_deal()
    assert m.dealer == 0                   # no winner: the dealer's right neighbour
    m = new_match(7, dealer=6, chips=[0, 20, 20, 20, 20, 20, 20])
    d = start(m, {})
    while not d.done:
        d.act(HAKO if d.pending else PASS)
    m.finish_deal()
    assert m.dealer == 1                   # seat 0 has no chips: skipped
    assert any(e == ("note", "Next dealer: P2") for e in d.events)


def test_match_ends_when_one_seat_has_chips():
    m = new_match(6, chips=[1, 1, 1, 1, 1, 20])
    d = start(m, {5: "7 8 9 10 11 12"}, base="6")
    pass_until(d, 5)
    d.act(play("7 8 9 10 11 12"), 5)
    m.finish_deal()
    assert m.over() and m.ledger.chips == [0, 0, 0, 0, 0, 25]


def test_dealer_without_chips_moves_on():
    m = new_match(6, dealer=2, chips=[20, 20, 0, 20, 20, 20])
    d = start(m, {})
    assert d.dealer == 3 and d.turn == 3


def test_resume_mid_deal_from_the_journal(tmp_path):
    j = Journal(str(tmp_path / "k.json"))
    opts = rules.defaults(options("kakkuri"))
    s = Session("kakkuri", "default", opts, ["P%d" % i for i in range(7)], None, j, b"\x07" * 32)
    s.draw_first_dealer(b"\x08" * 32)
    brng = rng.Rng(b"\x09" * 32)
    d = s.begin_deal(b"\x0a" * 32)
    for i in range(25):
        if d.done:
            break
        s.act(random_bot(d, d.turn, brng), d.turn)
    s2 = Session.resume(j)
    d2 = s2.match.deal
    assert d2.events == d.events and d2.public() == d.public()
    assert [d2.view(x) for x in range(7)] == [d.view(x) for x in range(7)]


def test_bots_use_only_their_view():
    """Shuffling every card the seat cannot see never changes its decision."""
    r = rng.Rng(b"\x33" * 32)
    checked = [0]

    def per_step(d):
        seat = d.turn
        hidden = []
        for s in range(d.nseats):
            if s != seat or not d.looked[s]:
                hidden.extend(d.hands[s])
        hidden.extend(d.stock.remaining())
        if len(hidden) < 2:
            return
        twin = copy.deepcopy(d)
        mix = bytearray(hidden)
        r.shuffle(mix)
        i = 0
        for s in range(twin.nseats):
            if s != seat or not twin.looked[s]:
                k = len(twin.hands[s])
                twin.hands[s] = bytearray(mix[i:i + k])
                i += k
        twin.stock = stock.fixed(mix[i:])
        twin._ver += 1
        for bot in (smart_bot, random_bot):
            a = bot(d, seat, rng.Rng(b"\x44" * 32))
            b = bot(twin, seat, rng.Rng(b"\x44" * 32))
            assert a == b
        checked[0] += 1

    for m in play_deals(8, b"bots-view", per_step=per_step):
        pass
    assert checked[0] > 300


def test_smart_bot_behaviour():
    # goes out when it can
    d = start(new_match(6), {0: "4 5 6 7 8 9"}, base="3")
    assert smart_bot(d, 0, rng.Rng(b"\x01" * 32)) == play("4 5 6 7 8 9")
    # keeps the wild: plays 4 5 rather than 4 5 2w=6 7
    d = start(new_match(6), {0: "4 5 2w 7 10 11"}, base="3")
    assert smart_bot(d, 0, rng.Rng(b"\x01" * 32)) == play("4 5")
    # holds a 12: passes rather than hand the kiri on
    d = start(new_match(6), {0: "12 3 5 7 9 11"}, base="11")
    assert smart_bot(d, 0, rng.Rng(b"\x01" * 32)) == PASS
    # folds a weak hand in the first round when several opponents hold 6 cards
    d2 = start(new_match(7), {1: "3 5 7 9 11 1"}, base="2")
    d2.act(PASS, 0)
    assert smart_bot(d2, 1, rng.Rng(b"\x01" * 32)) == FOLD
    # declares sanzoku
    d = start(new_match(6), {0: "5 5 8 8 9 9"}, base="4")
    assert smart_bot(d, 0, rng.Rng(b"\x01" * 32)) == SANZOKU


def _reference_play_score(deal, seat, plays):
    """The smart bot's scoring as first written (every play with a 12 placed
    by a full search): the decisions of the lazier bot must be the same."""
    v = deal.view(seat)
    hand = v["hand"]
    nh = len(hand)
    wilds = sum(1 for c in hand if c in (K.AKA, K.TAIKO))
    out = []
    for a in plays:
        ranks, k, ar, tr, last = K.play_parts(a)
        w = (1 if ar else 0) + (1 if tr else 0)
        n = len(ranks) + w
        score = 2 * n - 3 * w
        if w and w == wilds and nh - n > 1:
            score -= 2
        if last == 12:
            score -= 5
        elif 12 in ranks or ar == 12 or tr == 12:
            toks = K.play_order(a, v["base"], v["sanzoku"][seat], deal.anyone)
            i = 0
            while toks[i] >> KS.TOK_RANK != 12:
                i += 1
            if len(toks) - i - 1 < 2:
                score -= 5
        out.append(score)
    return out


def test_smart_bot_searches_only_the_plays_that_can_win(monkeypatch):
    """Placing the 12 of a play costs a search (about 0.4 KB of garbage under
    MicroPython each): with both wilds a hand has up to 200+ plays, and scoring them
    all made one decision allocate ~90 KB. Only plays still able to score best
    are searched now; the decision is the one the full scoring gives."""
    calls = [0]
    orig = KS.play_order

    def counting(*a, **kw):
        calls[0] += 1
        return orig(*a, **kw)

    monkeypatch.setattr(KS, "play_order", counting)     # (the bot's)
    d = start(new_match(6), {0: "1w 1 2w 9 10 12"}, base="10")
    plays = [a for a in d.choices(0) if a >= PLAY]
    assert len(plays) > 50
    pick = smart_bot(d, 0, rng.Rng(b"\x01" * 32))
    assert calls[0] <= 10, calls[0]
    ref = _reference_play_score(d, 0, plays)
    assert pick in [a for a, sc in zip(plays, ref) if sc == max(ref)]
    # over bot-played deals: every play the bot picks is one the full scoring
    # rates best (the bot draws among those; a single best one is the pick)
    calls[0] = 0
    checked = 0
    r = rng.Rng(b"\x22" * 32)
    for i in range(25):
        m = new_match(7, i % 7)
        d = m.start_deal(rng.derive(b"\x23" * 32, i))
        while not d.done:
            seat = d.turn
            got = smart_bot(d, seat, r)
            plays = [a for a in d.choices(seat) if a >= PLAY]
            goes_out = [a for a in plays if KS.play_size(a) == len(d.hands[seat])]
            if got >= PLAY and len(plays) > 1 and not goes_out:
                ref = _reference_play_score(d, seat, plays)
                best = [a for a, sc in zip(plays, ref) if sc == max(ref)]
                assert got in best and (len(best) > 1 or got == best[0])
                checked += 1
            d.act(got, seat)
        m.finish_deal()
    assert checked > 100


def test_smart_beats_random():
    names = ["P%d" % i for i in range(7)]
    net = 0
    for i in range(30):
        m = K.KakkuriMatch(rules.defaults(options("kakkuri")), names, None, i % 7)
        brng = rng.Rng(rng.derive(b"\x55" * 32, i))
        for k in range(4):
            d = m.start_deal(rng.derive(b"\x66" * 32, i * 10 + k))
            while not d.done:
                b = smart_bot if d.turn == 0 else random_bot
                d.act(b(d, d.turn, brng))
            m.finish_deal()
        net += m.ledger.chips[0] - 20
    assert net > 0


def test_command_line_play_and_verify(tmp_path):
    from tools import play as play_tool, verify
    out = tmp_path / "k.json"
    assert play_tool.main(["kakkuri", "--seats", "8", "--seed", "0a", "--bots", "smart", "--deals", "4",
                           "--json", str(out)]) == 0
    t = json.loads(out.read_text())
    assert t["game"] == "kakkuri" and len(t["deals"]) == 4
    assert sum(t["final"]) == 160
    assert verify.verify_transcript(t).startswith("kakkuri: 4 deals verified")
    assert play_tool.main(["kakkuri", "--seats", "6", "--seed", "0b", "--bots", "random", "--deals", "3",
                           "--option", "session_end=deal_count", "--option", "session_deals=2",
                           "--json", str(out)]) == 0
    assert len(json.loads(out.read_text())["deals"]) == 2


# -- the pass circle (spec §4 step 8, §4.1) after folds --------------------------------

def test_last_seat_left_after_folds_plays_on_the_base_before_any_hako():
    # python -m tools play kakkuri --seats 6 --seed b23a52c7911f4921, deal 9: the
    # dealer (L) and four more fold; the seat that takes L's role has had no turn
    # on the base yet, so the circle is not complete and it may play its 4 on 3.
    m = new_match(6, dealer=5)
    d = start(m, {4: "4 6 7 1 11 12"}, base="3", hako="6 9 10")
    for s in (5, 0, 1, 2, 3):
        d.act(FOLD, s)
    assert d.lead == 4 and d.turn == 4 and not d.pending
    assert play("4") in d.choices(4) and PASS in d.choices(4) and HAKO not in d.choices(4)
    d.act(play("4"), 4)
    assert d.base == 4                     # alone after its own play: nobody else to pass,
    assert d.pending and d.choices(4) == [HAKO]   # so the circle is complete and it turns


def test_role_taken_by_a_fold_in_a_full_table_still_needs_its_turn():
    m = new_match(6, ori_window="any_time_before_playing")
    d = start(m, {2: "5 8 9 10 11 12"}, base="4", hako="6 9 10")
    d.act(PASS, 0)
    d.act(PASS, 1)
    d.act(FOLD, 0)                         # L folds; seat 1 (already passed) takes the role
    d.act(FOLD, 1)                         # and folds too: seat 2 is L, has not had its turn
    assert d.lead == 2 and d.turn == 2 and not d.pending
    d.act(play("5"), 2)
    for s in (3, 4, 5):
        d.act(PASS, s)
    assert d.turn == 2 and d.pending


def circle_faults(t):
    """Spec oracle over a transcript: every `hako` turned by seat X comes after
    every other active seat passed on the base, and X made the base (played or
    turned it) or passed on it too (or, with including_last_player, passed)."""
    including = t["ruleset"]["options"].get("pass_circle") == "including_last_player"
    faults = []
    for d in t["deals"]:
        seats = {int(e["to"][5:]) for e in d["events"] if e["t"] == "card" and e["to"].startswith("seat:")}
        folded, passed, maker, turner = set(), set(), None, None
        for e in d["events"]:
            if e["t"] == "card" and e["to"] == "base":
                passed, maker, turner = set(), turner, None
            if e["t"] != "act":
                continue
            s, do = e["seat"], e["do"]
            if do == "fold":
                folded.add(s)
            elif do == "pass":
                passed.add(s)
            elif do == "play":
                passed, maker = set(), s
            elif do == "hako":
                turner = s
                need = (seats - folded) - ({s} if maker == s and not including else set())
                if not need <= passed:
                    faults.append((d["n"], s, sorted(need - passed)))
    return faults


@pytest.mark.parametrize("seed,opts", [
    ("b23a52c7911f4921", []),
    ("256bd73752c59f13", ["--option", "ori_window=any_time_before_playing"]),
    ("5a", ["--option", "pass_circle=including_last_player"]),
    ("5b", ["--option", "ori_window=any_time_before_playing"]),
])
def test_pass_circle_oracle_over_bot_matches(tmp_path, seed, opts):
    from tools import play as play_tool
    out = tmp_path / "k.json"
    assert play_tool.main(["kakkuri", "--seats", "6", "--seed", seed, "--bots", "random", "--deals", "20",
                           "--json", str(out)] + opts) == 0
    t = json.loads(out.read_text())
    assert sum(1 for d in t["deals"] for e in d["events"] if e.get("do") == "hako") > 10
    assert circle_faults(t) == []


def test_the_table_drawn_from_table_public_is_the_one_public_gives():
    # the device draws the table from table_public() (what table_lines
    # reads, lent not copied): at every step of every deal it must be the
    # table that the whole public() gives, and public() must not change
    checked = []

    def per_step(d):
        before = d.public()
        names = ["P%d" % (s + 1) for s in range(d.nseats)]
        assert K.table_lines(d.table_public(), names) == K.table_lines(before, names)
        assert d.public() == before
        checked.append(1)

    for _ in play_deals(4, b"table-public", per_step=per_step, out_of_turn=True):
        pass
    assert len(checked) > 200
