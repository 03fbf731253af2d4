# Kachi-kachi test vectors KK-01..KK-23 (shared/rules/kachi_kachi.md §11),
# played through the engine with rigged stocks. Runtime-neutral.
from oya.games import kachi
from oya.games.kachi import FOLD, CALL, DRAW, DRAW_SHOW, RATE, P_RATE, P_CALL
from oya.ledger import POT
from oya import cards
from kachi_util import (new_match, deal, act, why, pays, shows, evaluate, strength, alloc,
                        call_round, play_out, opts)


def _best(d, seat):
    b = d.best(seat)
    h = d.hands[seat]
    return cards.names(d.kind, [h[b[1][0]], h[b[1][1]]]), b[3], b[4]


def test_KK_01():
    m = new_match(2)
    d = deal(m, [["3", "7"], ["5", "3"]], draws=["7"])
    assert d.turn == 0 and d.phase == P_RATE
    assert DRAW_SHOW in d.choices() and DRAW_SHOW + 1 in d.choices()
    act(d, 0, "draw", show="3")
    assert d.events[-2][0] == "reveal" and cards.name(d.kind, d.events[-2][1]) == "3"
    assert d.events[-1][0] == "card" and d.events[-1][3] is False
    names, value, yaku = _best(d, 0)
    assert sorted(names) == ["7", "7"] and yaku == "shichishichi"
    # the shown 3 is public; the drawn 7 is not
    assert d.hands[0][0] in d.seen(1) and d.hands[0][2] not in d.seen(1)
    assert d.hands[0][2] in d.seen(0)


def test_KK_02():
    m = new_match(2)
    d = deal(m, [["3", "7"], ["5", "3"]], draws=["10", "10"])
    act(d, 0, "draw", show="7")
    assert DRAW in d.choices(0)          # the 3rd card is a 10: a 4th card may follow
    assert d.prompt(0) == "Draw a 4th card?"
    act(d, 0, "draw")
    reveals = [cards.name(d.kind, e[1]) for e in d.events if e[0] == "reveal"]
    assert reveals == ["7", "10"]        # the 10 was shown before the 4th card
    assert len(d.hands[0]) == 4
    names, value, yaku = _best(d, 0)
    assert names == ["10", "10"] and yaku == "junjun"
    assert DRAW not in d.choices(0) and d.check(DRAW, 0) == "No more draws"


def test_KK_03():
    o = opts()
    lad = kachi.ladder(o)
    hand = alloc(["2", "8", "1"], cards.KACHI20)
    b = kachi.best_pair(hand, False, o, lad)
    assert b[3] == 9 and b[4] is None and sorted(b[1]) == [1, 2]     # 8-1 = kabu
    # against a junjun the device plays 2-1 (kenpei): the junjun is void
    m = new_match(2)
    d = deal(m, [["10", "10"], ["2", "8"]], draws=["1"])
    act(d, 0, "rate", chips=1)
    act(d, 1, "draw", show="2")
    act(d, 1, "call", chips=1)
    play_out(d)
    sh = shows(d)
    assert sh["seat:1"][2] == "kenpei" and sh["seat:1"][1] == 3
    assert sorted(sh["seat:1"][0]) == ["1g", "2"]
    assert sh["seat:0"][2] == "junjun"
    assert d.winner == 1


def test_KK_04():
    m = new_match(2)
    d = deal(m, [["3", "6"], ["5", "3"]])
    assert why(d, 0, "draw", show="3") == "Draw needs a total of 0"
    assert not [a for a in d.choices(0) if a in (DRAW, DRAW_SHOW, DRAW_SHOW + 1)]


def test_KK_05():
    m = new_match(2)
    d = deal(m, [["5", "3"], ["2", "8"]])
    act(d, 0, "rate", chips=1)
    assert DRAW_SHOW in d.choices(1)
    act(d, 1, "call", chips=1)
    act(d, 0, "rate", chips=1)
    assert d.turn == 1
    assert why(d, 1, "draw", show="2") == "Draw only on your first turn"
    assert DRAW_SHOW not in d.choices(1)


def test_KK_06():
    m = new_match(2)
    d = deal(m, [["3", "5"], ["1g", "7"]])
    play_out(d)
    assert d.result == "hiki" and d.winner == -1
    assert m.ledger.pot == 2 + 3 * 2
    assert not pays(d, "win")
    m.finish_deal()
    assert m.dealer == 0 and m.ledger.pot == 8
    d2 = deal(m, [["2", "3"], ["4", "5"]])
    assert d2.dealer == 0 and m.ledger.pot == 10          # carried + two antes


def test_KK_07():
    m = new_match(2)
    d = deal(m, [["9", "9"], ["4", "1g"]])
    play_out(d)
    sh = shows(d)
    assert sh["seat:1"][2] == "shippin" and sh["seat:0"][2] == "kunkun"
    assert d.winner == 0


def test_KK_08():
    assert evaluate(["4", "1g"], oya=True) == (5, 5, None)
    m = new_match(2)
    d = deal(m, [["4", "1g"], ["6", "9"]])
    play_out(d)
    sh = shows(d)
    assert sh["seat:0"][1:] == (5, None) and sh["seat:1"][1:] == (5, None)
    assert d.result == "hiki"


def test_KK_09():
    assert evaluate(["9", "1g"], oya=False) == (0, 0, None)
    m = new_match(2)
    d = deal(m, [["5", "3"], ["9", "1g"]])
    act(d, 0, "rate", chips=1)
    assert DRAW_SHOW in d.choices(1) and DRAW_SHOW + 1 in d.choices(1)


def test_KK_10():
    m = new_match(2)
    d = deal(m, [["9", "1r"], ["4", "1g"]])
    play_out(d)
    sh = shows(d)
    assert sh["seat:0"][2] == "kuppin" and sh["seat:1"][2] == "shippin"
    assert d.winner == 0


def test_KK_11():
    assert strength(["1r", "1g"]) > strength(["9", "9"])
    m = new_match(2)
    d = deal(m, [["9", "9"], ["1r", "1g"]])
    play_out(d)
    assert shows(d)["seat:1"][2] == "pinpin" and d.winner == 1


def test_KK_12():
    m = new_match(2)
    d = deal(m, [["10", "10"], ["1g", "2"]])
    play_out(d)
    assert d.winner == 1
    assert shows(d)["seat:1"][2] == "kenpei"
    # a voided junjun earns no goshugi
    assert not pays(d, "goshugi")


def _kk13(effect):
    m = new_match(3, kenpei_effect=effect)
    d = deal(m, [["10", "10"], ["1g", "2"], ["6", "2"]])
    play_out(d)
    return d


def test_KK_13():
    d = _kk13("void_junjun")
    assert d.winner == 2 and shows(d)["seat:2"][1] == 8
    d = _kk13("kenpei_wins")
    assert d.winner == 1


def test_A7_junjun_with_a_drawn_card_plays_its_best_other_pair_against_kenpei():
    # 10-10 then a drawn 7 against the dealer's 1-2: the junjun would be void,
    # so the hand plays 10-7 (7), beats the dealer's plain 3 and earns no goshugi.
    m = new_match(2)
    d = deal(m, [["1g", "2"], ["10", "10"]], draws=["7"])
    act(d, 0, "rate", chips=1)
    act(d, 1, "draw", show="10")
    act(d, 1, "call", chips=1)
    play_out(d)
    sh = shows(d)
    assert sorted(sh["seat:1"][0]) == ["10", "7"] and sh["seat:1"][1:] == (7, None)
    assert sh["seat:0"][1:] == (3, None) and d.winner == 1 and d.result == "showdown"
    assert not pays(d, "goshugi")


def test_A7_junjun_from_two_draws_plays_its_best_other_pair_against_kenpei():
    # 3-7 then 10, 10 against the dealer's 1-2: 10-7 (7) rather than a void junjun
    m = new_match(2)
    d = deal(m, [["1g", "2"], ["3", "7"]], draws=["10", "10"])
    act(d, 0, "rate", chips=1)
    act(d, 1, "draw", show="7")
    act(d, 1, "draw")
    act(d, 1, "call", chips=1)
    play_out(d)
    sh = shows(d)
    assert sorted(sh["seat:1"][0]) == ["10", "7"] and sh["seat:1"][1] == 7 and d.winner == 1


def test_A7_three_tens_cannot_avoid_the_junjun():
    m = new_match(2, deck_variant="three_1s_10s")
    d = deal(m, [["1g", "2"], ["10", "10"]], draws=["10"])
    act(d, 0, "rate", chips=1)
    act(d, 1, "draw", show="10")
    act(d, 1, "call", chips=1)
    play_out(d)
    assert shows(d)["seat:0"][2] == "kenpei" and d.winner == 0


def test_KK_14():
    assert strength(["4", "4"]) > strength(["5", "1g"])
    m = new_match(2)
    d = deal(m, [["5", "1g"], ["4", "4"]])
    play_out(d)
    assert shows(d)["seat:0"][2] == "goppin" and d.winner == 1


def test_KK_15():
    kw = {"pin_41_91_position": "between_3-3_and_4-4"}
    assert strength(["4", "1g"], **kw) > strength(["3", "3"], **kw)
    assert strength(["4", "1g"], **kw) < strength(["4", "4"], **kw)
    m = new_match(2, **kw)
    d = deal(m, [["3", "3"], ["4", "1g"]])
    play_out(d)
    assert d.winner == 1
    # only two 4s exist, so 4-1 against 4-4 cannot be dealt: check the slot
    # with the dealer's 9-1 (kuppin), which moves with it
    m = new_match(2, **kw)
    d = deal(m, [["9", "1g"], ["4", "4"]])
    play_out(d)
    assert shows(d)["seat:0"][2] == "kuppin" and d.winner == 1
    lad = kachi.ladder(opts(**kw))
    assert lad.index("sansan") < lad.index("shippin") < lad.index("kuppin") < lad.index("shisshi")


def test_KK_16():
    assert evaluate(["10", "1g"], toppin_requires_aka_pin=True) == (1, 1, None)
    assert evaluate(["10", "1r"], toppin_requires_aka_pin=True)[2] == "toppin"
    assert evaluate(["10", "1g"])[2] == "toppin"


def test_KK_17():
    t = strength(["4g", "1g"])
    assert evaluate(["4g", "1g"])[2] == "tamashii"
    assert strength(["5", "5"]) < t < strength(["6", "6"])
    assert evaluate(["4g", "1g"], oya=True)[2] == "tamashii"      # any role
    m = new_match(3)
    d = deal(m, [["5", "5"], ["4g", "1g"], ["6", "6"]])
    play_out(d)
    assert d.winner == 2
    assert shows(d)["seat:1"][2] == "tamashii"
    assert sorted(pays(d, "goshugi")) == [(0, 1, 1, "goshugi"), (2, 1, 1, "goshugi")]


def test_KK_18():
    m = new_match(4)
    d = deal(m, [["2", "3"], ["5", "6"], ["7", "10"], ["9", "10"]])
    call_round(d, 2)
    act(d, 0, "rate", chips=3)
    act(d, 1, "fold")
    act(d, 2, "call", chips=3)
    act(d, 3, "call", chips=3)
    act(d, 0, "rate", chips=1)
    act(d, 2, "call", chips=1)
    assert m.ledger.pot == 4 + 2 * 4 + 3 * 3 + 1 * 2
    act(d, 3, "call", chips=1)
    assert d.done and d.winner == 3
    assert pays(d, "win") == [(POT, 3, 24, "win")]


def test_KK_19():
    m = new_match(3)
    d = deal(m, [["2", "3"], ["5", "6"], ["7", "10"]])
    act(d, 0, "rate", chips=2)
    act(d, 1, "fold")
    act(d, 2, "fold")
    assert d.done and d.winner == 0 and d.result == "win"
    assert not shows(d)
    assert pays(d, "win") == [(POT, 0, 5, "win")]


def test_KK_20():
    m = new_match(3)
    d = deal(m, [["2", "3"], ["5", "6"], ["7", "10"]])
    call_round(d, 1)
    assert d.circuit == 2 and d.turn == 0
    act(d, 0, "fold")
    assert d.oya == 1 and d.turn == 1 and d.phase == P_RATE and d.circuit == 2
    assert d.dealer == 0                       # the deal's dealer stays recorded
    act(d, 1, "rate", chips=2)
    assert d.turn == 2 and d.phase == P_CALL
    act(d, 2, "call", chips=2)
    assert d.turn == 1 and d.circuit == 3 and d.phase == P_RATE


def test_KK_21():
    m = new_match(3)
    d = deal(m, [["2", "3"], ["4", "6"], ["7", "10"]])
    act(d, 0, "rate", chips=2)
    act(d, 1, "call", chips=2)                 # declined the draw, called 2
    act(d, 2, "call", chips=2)
    act(d, 0, "rate", chips=1)
    before = m.ledger.chips[1]
    pot = m.ledger.pot
    act(d, 1, "shiroku")
    assert m.ledger.chips[1] == before + 1 and m.ledger.pot == pot - 1
    assert pays(d, "shiroku") == [(POT, 1, 1, "shiroku")]
    assert d.folded[1] == 1
    assert "seat:1" not in shows(d)


def test_KK_22():
    m = new_match(3, shibari="on")
    d = deal(m, [["3", "5"], ["1g", "7"], ["2", "3"]])
    play_out(d)
    assert d.result == "hiki"
    m.finish_deal()
    assert m.shibari == 8 and m.dealer == 0
    # A = seat 1 holds 9, B = seat 2 holds 7, C = seat 0 (dealer) holds 8
    d = deal(m, [["2", "6"], ["4", "5"], ["3", "4"]])
    assert d.choices(0)[0] == FOLD and RATE + 1 in d.choices(0)     # C may take part
    act(d, 0, "rate", chips=1)
    assert CALL in d.choices(1)                                       # A may take part
    act(d, 1, "call", chips=1)
    assert d.choices(2) == [FOLD]                                     # B must fold
    assert why(d, 2, "call", chips=1) == "Shibari: hand too weak, fold"
    act(d, 2, "fold")
    play_out(d)
    assert d.winner == 1
    m.finish_deal()
    assert m.shibari is None


def test_KK_23():
    assert strength(["4", "4"]) < strength(["5", "5"]) < strength(["4g", "1g"])
    assert evaluate(["5", "5"])[2] == "gongo"
    m = new_match(2)
    d = deal(m, [["5", "5"], ["2", "3"]])
    assert DRAW_SHOW in d.choices(0)
