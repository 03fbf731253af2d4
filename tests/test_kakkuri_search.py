"""Kakkuri's search (oya.games.kakkuri_search) against a plain reference
search written here for clarity from the spec (shared/rules/kakkuri.md
§5.3), on thousands of seeded random hands: the menu's search finds every
legal play once and nothing else, and play_order finds a legal order of a
play exactly when one exists. The engine's search is lean (one state list,
packed units, a stack in a bytearray); this one is the rule, spelled out."""
import functools
import os
import random
import sys
from collections import Counter

from oya.games import kakkuri_codec as KC
from oya.games import kakkuri_search as KS
from oya.games.kakkuri_consts import AKA, KURO, PLAY, TAIKO

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "both"))
from kakkuri_util import hand  # noqa: E402

HANDS = 3000            # random hands, each searched on a random base, sanzoku and after_twelve


# -- the reference -------------------------------------------------------------

def successors(rank):
    """S(x) of spec §5.3: the ranks a unit may have after a unit of `rank`."""
    if rank == 12:
        return range(1, 13)         # the kiri: anything
    if rank <= 2:
        return (rank, rank + 1)     # tsukeuchi: the same again, or the next
    return (rank + 1,)


def unit_sizes(rank, sanzoku):
    """The cards a unit of `rank` may hold: 1s and 2s go one a unit (S(1)
    and S(2) repeat them); 3-12 a single or a sanbon, or a pair after
    sanzoku."""
    if rank <= 2:
        return (1,)
    return (1, 2, 3) if sanzoku else (1, 3)


def max_in_one_play(rank):
    """No four of a kind 3-12 in one play, even split by a kiri; four 1s or 2s."""
    return 4 if rank <= 2 else 3


@functools.lru_cache(maxsize=None)
def unit_sequences(base, sanzoku, anyone):
    """Every legal play's shape on `base` (0: anything): the sequences of
    units [(rank, size), ...] of 1 to 6 cards, each unit in S(the one
    before), equal ranks 3-12 never in a row (they would be one unit),
    and no rank more often than one play may hold it."""
    if base == 0:
        first = range(1, 13)
    elif base == 12 and not anyone:
        first = ()                  # after_twelve = same_turn_only: a 12 on the table stops everyone
    else:
        first = successors(base)
    found = []

    def extend(units, cards, ranks):
        for r in ranks:
            if units and units[-1][0] == r and r >= 3:
                continue
            for n in unit_sizes(r, sanzoku):
                longer = units + ((r, n),)
                if cards + n > 6 or sum(s for u, s in longer if u == r) > max_in_one_play(r):
                    continue
                found.append(longer)
                extend(longer, cards + n, successors(r))

    extend((), 0, first)
    return tuple(found)


@functools.lru_cache(maxsize=None)
def shapes(base, sanzoku, anyone):
    """unit_sequences grouped by what they need: {(cards per rank, last rank): [sequences]}."""
    by_need = {}
    for units in unit_sequences(base, sanzoku, anyone):
        need = Counter()
        for r, n in units:
            need[r] += n
        key = (tuple(sorted(need.items())), units[-1][0])
        by_need.setdefault(key, []).append(units)
    return by_need


def reference_plays(hand, base, sanzoku, anyone):
    """The set of play actions legal from `hand` (card codes): every play
    shape whose cards the hand holds, each way of standing its wilds in
    and of counting the kuro-hibashi as one of its 3s."""
    ordinary = Counter(c // 4 + 1 for c in hand if c not in (AKA, TAIKO, KURO))
    held = ordinary + Counter({3: KURO in hand})         # the kuro-hibashi is a 3
    wilds = (AKA in hand) + (TAIKO in hand)
    plays = set()
    for (need, last), _ in shapes(base, sanzoku, anyone).items():
        need = dict(need)
        if sum(max(0, n - held[r]) for r, n in need.items()) > wilds:
            continue                                    # (short of cards, wilds and all: quicker)
        for aka in [0] + (sorted(need) if AKA in hand else []):
            for taiko in [0] + (sorted(need) if TAIKO in hand else []):
                for kuro in (0, 1) if KURO in hand and 3 in need else (0,):
                    plain = dict(need)
                    for r in (aka, taiko):
                        if r:
                            plain[r] -= 1
                    if kuro:
                        plain[3] -= 1
                    if all(0 <= plain[r] <= ordinary[r] for r in plain):
                        ranks = [r for r in plain for _ in range(plain[r])] + [3] * kuro
                        plays.add(KC.play_code(ranks, kuro, aka, taiko, last))
    return plays


def reference_orders(action, base, sanzoku, anyone):
    """The legal shapes of the play `action` on `base` (empty: none)."""
    ranks, k, a, t, last = KS.play_parts(action)
    need = Counter(ranks)
    for w in (a, t):
        if w:
            need[w] += 1
    return shapes(base, sanzoku, anyone).get((tuple(sorted(need.items())), last), [])


def token_units(toks):
    """play_order's tokens as units [(rank, size)]: equal ranks 3-12 in a
    row are one unit, 1s and 2s one a unit."""
    units = []
    for tok in toks:
        r = tok >> KS.TOK_RANK
        if units and units[-1][0] == r and r >= 3:
            units[-1] = (r, units[-1][1] + 1)
        else:
            units.append((r, 1))
    return tuple(units)


def token_cards(toks):
    """play_order's tokens as the cards of a play: (plain ranks, kuro?, aka rank, taiko rank)."""
    plain, k, a, t = [], 0, 0, 0
    for tok in toks:
        r, kind = tok >> KS.TOK_RANK, tok & KS.TOK_KIND
        if kind == KS.TOK_PLAIN:
            plain.append(r)
        elif kind == KS.TOK_KURO:
            k = 1
            plain.append(r)
        elif kind == KS.TOK_AKA:
            a = r
        else:
            t = r
    return sorted(plain, reverse=True), k, a, t


# -- random hands ----------------------------------------------------------------

def random_hands(n, seed):
    """n (hand, base, sanzoku, anyone): hands of 1 to 6 cards (a Kakkuri
    hand never holds more), half of them from a window of neighbouring
    ranks (long runs), two in five holding one to three of the special
    cards."""
    r = random.Random(seed)
    for i in range(n):
        size = r.choice((1, 2, 3, 4, 5, 6, 6, 6))
        if i % 2:
            lo = r.randint(1, 9)
            pool = [c for c in range(48) if lo <= c // 4 + 1 <= lo + 3 or c // 4 + 1 in (1, 2, 12)]
        else:
            pool = list(range(48))
        hand = r.sample(pool, min(size, len(pool)))
        if i % 5 < 2:
            for special in r.sample((AKA, TAIKO, KURO), r.randint(1, 3)):
                if special not in hand:
                    hand[r.randrange(len(hand))] = special
        yield bytes(hand), r.randint(0, 12), r.random() < 0.3, r.random() < 0.75


# -- the checks ------------------------------------------------------------------

def test_the_reference_reads_the_spec_vectors():
    # the reference is itself checked on spec §10's legality vectors
    def legal(base, text, sanzoku=False, anyone=True):
        held = hand(" ".join(name.split("=")[0] for name in text.split()))     # "1w=12" is the card 1w
        return KC.parse_play(text.split()) in reference_plays(held, base, sanzoku, anyone)

    assert legal(3, "4") and legal(3, "4 5 6 7") and not legal(3, "4 4 5") and not legal(3, "4 5 5")
    assert legal(10, "11 12 6 7 8") and legal(3, "4 5 2w=6 7") and legal(5, "6 7 7 7 8")
    assert legal(8, "9 9 1w=9") and not legal(6, "7 7 7 7") and legal(4, "5 5", sanzoku=True)
    assert legal(1, "2 2 3") and legal(1, "1 2 3") and legal(2, "2") and not legal(5, "5")
    assert legal(11, "1w=12 3 4") and not legal(12, "1", anyone=False) and legal(12, "1")
    assert not legal(11, "12 12 12 11 12")          # four 12s, split by a kiri


def test_the_search_finds_every_legal_play_once_and_nothing_else():
    plays = 0
    for hand, base, sanzoku, anyone in random_hands(HANDS, seed=62):
        got = KS.legal_plays(hand, base, sanzoku, anyone)
        assert len(got) == len(set(got)), (list(hand), base, sanzoku, anyone)
        assert set(got) == reference_plays(hand, base, sanzoku, anyone), (list(hand), base, sanzoku, anyone)
        plays += len(got)
    assert plays > 10 * HANDS          # (the hands make real searches, not mostly empty ones)


def test_the_search_in_steps_finds_the_same_plays_in_the_same_order():
    for hand, base, sanzoku, anyone in random_hands(HANDS // 10, seed=63):
        res = []
        for _ in KS.search_steps(*KS.counts(hand), base, sanzoku, anyone, res):
            pass
        assert res == [KS.legal_plays(hand, base, sanzoku, anyone)]


def test_play_order_gives_a_legal_order_exactly_when_there_is_one():
    rnd = random.Random(64)
    checked = refused = 0
    for hand, base, sanzoku, anyone in random_hands(HANDS, seed=65):
        plays = KS.legal_plays(hand, base, sanzoku, anyone)
        for action in rnd.sample(plays, min(len(plays), 8)):
            # on its own base, and on another base and rules
            for b, sz, any_ in ((base, sanzoku, anyone), (rnd.randint(0, 12), rnd.random() < 0.5, rnd.random() < 0.5)):
                toks = KS.play_order(action, b, sz, any_)
                legal = reference_orders(action, b, sz, any_)
                if not legal:
                    assert toks is None, (action, b, sz, any_)
                    refused += 1
                    continue
                assert toks is not None and token_units(toks) in legal, (action, b, sz, any_, toks)
                ranks, k, a, t, last = KS.play_parts(action)
                assert token_cards(toks) == (ranks, k, a, t) and toks[-1] >> KS.TOK_RANK == last
                checked += 1
    assert checked > HANDS and refused > HANDS // 2


def test_play_order_refuses_what_is_not_a_play():
    assert KS.play_order(PLAY - 1, 3) is None
    assert KS.play_order(KC.parse_play(["7", "7", "7", "7"]), 6) is None     # four of a kind


def test_the_units_table_is_every_unit_a_rank_may_make_in_search_order():
    # _UNITS is written out (frozen, a literal stays in flash): here it is
    # made from its rule, a unit's cards and which of them are special
    def units(sizes):
        out = []
        for size in sizes:
            for wilds in ((), (KS._U_AKA,), (KS._U_TAIKO,), (KS._U_AKA, KS._U_TAIKO)):
                if len(wilds) > size:
                    continue
                for kuro in (KS._U_KURO, 0):
                    out.append(size | sum(wilds) | kuro)
        return tuple(out)

    assert KS._UNITS[KS._LOW] == units((1,))
    assert KS._UNITS[KS._HIGH] == units((1, 3))
    assert KS._UNITS[KS._HIGH_SANZOKU] == units((1, 2, 3))
    for row in KS._UNITS:
        for u in row:
            assert 1 <= u & KS._SIZE <= 3 and u < 1 << (KS._KURO_BIT + 1)


def test_kakkuris_modules_import_only_those_below_them():
    # consts <- search <- codec, why <- the engine <- its bot, counting the
    # imports inside functions: no import circle among them
    import ast
    import pathlib
    games = pathlib.Path(KS.__file__).parent
    below = {"kakkuri_consts": set(), "kakkuri_search": {"kakkuri_consts"},
             "kakkuri_codec": {"kakkuri_consts"}, "kakkuri_why": {"kakkuri_consts", "kakkuri_search"},
             "kakkuri": {"kakkuri_consts", "kakkuri_search", "kakkuri_codec", "kakkuri_why", "kakkuri_legend"},
             "first_dealer": {"kakkuri_consts"}}
    for name, allowed in below.items():
        found = set()
        for node in ast.walk(ast.parse((games / (name + ".py")).read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("oya.games"):
                for a in node.names:
                    found.add(node.module[10:] if node.module != "oya.games" else a.name)
            elif isinstance(node, ast.Import):
                found |= {a.name[10:] for a in node.names if a.name.startswith("oya.games.")}
        assert {f for f in found if f.startswith("kakkuri")} <= allowed, (name, found)
