# Kakkuri test vectors KA-01..KA-28 (shared/rules/kakkuri.md §10): the pure
# legality functions and rigged deals through the engine. Runtime-neutral.
from oya.games import kakkuri as K
from oya.games.kakkuri import PASS, FOLD, HAKO, SANZOKU, UTAZU
from kakkuri_util import (legal, new_base, play, hand, new_match, start, pays, received,
                          pass_until)


def test_KA_01():
    assert legal(3, "4 9 10 11 6 1", "4")
    assert new_base(3, "4") == 4


def test_KA_02():
    assert legal(3, "4 5 6 7 10 11", "4 5 6 7")
    assert new_base(3, "4 5 6 7") == 7
    for part in ("4", "4 5", "4 5 6"):
        assert legal(3, "4 5 6 7 10 11", part)


def test_KA_03():
    assert not legal(3, "4 4 5 9 10 11", "4 4 5")
    assert legal(3, "4 4 5 9 10 11", "4 5")


def test_KA_04():
    assert not legal(3, "4 5 5 9 10 11", "4 5 5")
    assert legal(3, "4 5 5 9 10 11", "4 5")


def test_KA_05():
    assert legal(10, "11 12 6 7 8 3", "11 12 6 7 8")
    assert new_base(10, "11 12 6 7 8") == 8
    # same_turn_only still lets the 12 free the rest of the same play
    assert legal(10, "11 12 6 7 8 3", "11 12 6 7 8", anyone=False)


def test_KA_06():
    assert legal(3, "4 5 2w 7 9 10", "4 5 2w=6 7")
    assert new_base(3, "4 5 2w=6 7") == 7
    assert not legal(3, "4 5 2w 7 9 10", "4 5 2w=8 7")


def test_KA_07():
    assert legal(5, "6 7 7 7 8 11", "6 7 7 7 8")
    assert new_base(5, "6 7 7 7 8") == 8


def test_KA_08():
    assert legal(8, "9 9 1w 4 5 6", "9 9 1w=9")
    assert new_base(8, "9 9 1w=9") == 9


def test_KA_09():
    h = "7 7 7 7 10 11"
    assert not legal(6, h, "7 7 7 7")
    assert legal(6, h, "7 7 7")
    # the fourth 7 in a later play
    assert play("7") in K.legal_plays(hand("7 10 11"), 6)
    # through the engine: refused with a reason
    m = new_match(7)
    d = start(m, {0: h}, base="6")
    assert d.turn == 0
    assert d.check(play("7 7 7 7"), 0) == "No four of a kind in one play"
    d.act(play("7 7 7"), 0)
    assert d.base == 7 and len(d.hands[0]) == 3


def _sanzoku_deal():
    # seat 0 deals and acts first on base 4; seat 1 holds 6 7
    m = new_match(6)
    d = start(m, {0: "5 5 8 8 9 9", 1: "6 7 10 10 11 1"}, base="4")
    return m, d


def test_KA_10():
    m, d = _sanzoku_deal()
    assert d.turn == 0 and d.base == 4
    assert d.check(play("5 5"), 0) == "Pairs need a sanzoku"
    assert SANZOKU in d.choices(0)
    d.act(SANZOKU, 0)
    assert d.turn == 0 and d.sanzoku[0]
    assert SANZOKU not in d.choices(0)
    d.act(play("5 5"), 0)
    assert d.base == 5 and d.turn == 1
    assert ("act", 0, "play", {"cards": ["5", "5"]}) in d.events


def test_KA_11():
    m, d = _sanzoku_deal()
    d.act(SANZOKU, 0)
    d.act(play("5 5"), 0)
    d.act(play("6 7"), 1)
    pass_until(d, 0)
    assert d.base == 7
    d.act(play("8 8 9 9"), 0)
    assert d.done and d.winner == 0 and d.result == "agari"
    assert received(d, 0) == 5          # 1 from each of the 5 others: not guri
    m.finish_deal()
    assert m.dealer == 0


def test_KA_12():
    assert legal(1, "2 2 3 9 10 11", "2 2 3")
    assert new_base(1, "2 2 3") == 3


def test_KA_13():
    assert legal(1, "1 2 3 9 10 11", "1 2 3")
    assert legal(1, "1 1 2 9 10 11", "1 1 2")


def test_KA_14():
    assert legal(2, "2 5 6 9 10 11", "2")
    assert new_base(2, "2") == 2


def test_KA_15():
    assert not legal(5, "5 6 9 9 10 11", "5")
    m = new_match(7)
    d = start(m, {0: "5 8 9 9 10 11"}, base="5")
    assert d.check(play("5"), 0) == "Not a run from 5"


def test_KA_16():
    assert legal(11, "2w 3 4 8 9 10", "2w=12 3 4")
    assert new_base(11, "2w=12 3 4") == 4


def test_KA_17():
    # 7 seats, all pass round; the dealer turns the hako: the aka-choro
    m = new_match(7)
    d = start(m, {1: "1 2 5 6 9 10"}, base="12", hako="1w")
    for i in range(7):
        d.act(PASS)
    assert d.turn == 0 and d.choices(0) == [HAKO]
    d.act(HAKO, 0)
    assert ("card", K.AKA, "base", True) in d.events
    assert d.base == 1
    d.act(PASS, 0)
    ch = d.choices(1)
    assert play("1") in ch and play("2") in ch and play("1 2") in ch
    assert play("5") not in ch


def test_KA_18():
    assert not K.utazu(hand("1w 1 1 5 6 7"))
    m = new_match(7)
    d = start(m, {2: "1w 1 1 5 6 7"})
    assert d.phase == 3 and d.turn == 0      # straight into play: no utazu


def test_KA_19():
    assert K.utazu(hand("1w 1 1 1 6 7"))
    assert K.utazu(hand("1 1 1 5 6 7"))
    m = new_match(7)
    d = start(m, {3: "1w 1 1 1 6 7"})
    assert d.turn == 3 and d.choices(3) == [UTAZU]
    assert d.choices(0) == []
    d.act(UTAZU, 3)
    assert d.done and received(d, 3) == 18
    for s in (0, 1, 2, 4, 5, 6):
        assert received(d, s) == -3
    m.finish_deal()
    assert m.dealer == 3


def _win_with_folds(guri):
    # seat 0 deals, seat 1 wins; seats 2 and 3 fold in the first round
    m = new_match(7)
    if guri:
        d = start(m, {1: "7 8 9 10 11 12"}, base="6")
    else:
        d = start(m, {1: "7 8 9 10 11 5"}, base="6", hako="4")
    d.act(FOLD, 2)                       # out of turn
    d.act(FOLD, 3)
    assert d.ledger.pot == 2
    d.act(PASS, 0)
    if guri:
        d.act(play("7 8 9 10 11 12"), 1)
    else:
        d.act(play("7 8 9 10 11"), 1)
        pass_until(d, 1)
        assert d.pending and d.choices(1) == [HAKO]
        d.act(HAKO, 1)
        assert d.base == 4
        d.act(play("5"), 1)
    assert d.done and d.winner == 1
    return m, d


def test_KA_20():
    m, d = _win_with_folds(False)
    assert d.result == "agari"
    assert received(d, 1) == 6
    assert d.ledger.pot == 0
    assert (K.POT, 1, 1, "fold chip") in pays(d)


def test_KA_21():
    m, d = _win_with_folds(True)
    assert d.result == "guri"
    assert received(d, 1) == 4 * 2 + 2 * 1
    for s in (2, 3):
        assert received(d, s) == -1
    for s in (0, 4, 5, 6):
        assert received(d, s) == -2


def test_KA_22():
    # 8 seats: seat 5 holds the kuro-hibashi; its hand (as dealt) is the base
    # card (the 3k) and the hako (11 5 6 9 10); seat 1 goes out
    m = new_match(8)
    d = start(m, {5: "3k 11 5 6 9 10", 1: "4 5 6 7 8 12"})
    assert d.out == 5 and len(d.hands[5]) == 0
    assert d.pile == bytearray([K.KURO]) and d.base == 3 and len(d.stock) == 5
    assert FOLD not in d.choices(5) and d.check(FOLD, 5) == "You are out of this deal"
    d.act(PASS, 0)
    d.act(play("4 5 6 7 8"), 1)
    pass_until(d, 1)
    d.act(HAKO, 1)
    assert d.base == 11
    d.act(play("12"), 1)
    assert d.result == "agari" and received(d, 1) == 6
    assert received(d, 5) == 0


def test_KA_23():
    m = new_match(8)
    d = start(m, {5: "3k 4 5 6 9 10", 2: "1 1 1 7 8 9"})
    assert d.out == 5 and d.turn == 2 and d.choices(2) == [UTAZU]
    d.act(UTAZU, 2)
    assert received(d, 2) == 21 and received(d, 5) == -3


def test_KA_24():
    m = new_match(7, dealer=2)
    d = start(m, {})
    d.act(FOLD, 4)
    steps = 0
    while not d.done:
        d.act(HAKO if d.pending else PASS)
        steps += 1
    # 5 hako cards: 6 circles of 6 passes, 5 turns
    assert steps == 6 * 6 + 5
    assert d.result == "no_winner" and d.winner == -1
    assert [p for p in pays(d) if p[3] != "fold"] == [(K.POT, 4, 1, "fold returned")]
    assert m.ledger.chips == [20] * 7 and m.ledger.pot == 0
    m.finish_deal()
    assert m.dealer == 3


def test_KA_25():
    m = new_match(7)
    d = start(m, {0: "5 8 9 9 10 11"}, base="4")
    d.act(play("5"), 0)
    assert FOLD not in d.choices(0)
    assert d.check(FOLD, 0) == "No fold after playing a card"


def _round_two(ori):
    m = new_match(7, ori_window=ori)
    d = start(m, {})
    for i in range(7):
        d.act(PASS)
    d.act(HAKO)
    assert d.round == 2 and d.turn == 0
    return d


def test_KA_26():
    d = _round_two("first_round_only")
    assert d.check(FOLD, 3) == "Fold only in the first round"
    assert FOLD not in d.choices(3)
    d = _round_two("any_time_before_playing")
    assert FOLD in d.choices(3)
    d.act(FOLD, 3)
    assert d.folded[3]


def test_KA_27():
    for anyone in (True, False):
        m = new_match(7, after_twelve="anyone" if anyone else "same_turn_only")
        d = start(m, {0: "5 6 8 9 10 11"}, base="12")
        ch = d.choices(0)
        if anyone:
            assert play("5 6") in ch and play("8 9 10 11") in ch
        else:
            assert [a for a in ch if a >= K.PLAY] == []
            assert PASS in ch
            assert d.check(play("5"), 0) == "Nothing may follow this 12"


def test_KA_28():
    for mode in ("return_to_last_player", "including_last_player"):
        m = new_match(7, pass_circle=mode)
        d = start(m, {0: "4 5 8 9 1 2"}, base="3", hako="7")
        d.act(play("4 5"), 0)
        for i in range(6):
            d.act(PASS)
        assert d.turn == 0
        if mode == "including_last_player":
            assert not d.pending and PASS in d.choices(0)
            d.act(PASS, 0)
        assert d.pending and d.choices(0) == [HAKO]
        d.act(HAKO, 0)
        assert d.base == 7 and d.turn == 0 and not d.pending
        ch = d.choices(0)
        assert play("8 9") in ch and PASS in ch
