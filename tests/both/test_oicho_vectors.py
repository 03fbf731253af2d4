# Oicho-Kabu test vectors OK-01..OK-32 (shared/rules/oicho_kabu.md §11),
# played through the engine with rigged stocks. Runtime-neutral.
from oya.games import oicho
from oya.games.oicho import (KOI, SHIMO, FOURTH, BOTTOM, KOI_COL, SHIMO_COL, BET,
                             hand_value, yaku, settle, value_label, plus_minus)
from oya.game import JA
from oicho_util import new_match, opts, run, start, bet_all, finish, pays, shows, to_koi_phase

# seat 0 deals; seat 1 (and seat 2 in 3-seat tests) are the children; columns 1..4


def test_OK_01():
    assert hand_value([6, 8]) == 4
    assert value_label(4) == "Yotsuya 4" and value_label(4, None, JA) == "ヨツヤ 4"
    d = run(new_match(), [[6, 8], [2, 2], [3, 3], [5, 5]], [3, 4], [(1, 1, 1)])
    assert shows(d)["col:1"] == ([6, 8], 4, None)


def test_OK_02():
    assert hand_value([10, 9]) == 9 and value_label(9) == "Kabu 9"
    d = run(new_match(), [[10, 9], [2, 2], [3, 3], [5, 5]], [3, 4], [(1, 1, 2)])
    assert shows(d)["col:1"] == ([10, 9], 9, None)
    assert pays(d) == [(0, 1, 2, "higher", 1)]


def test_OK_03():
    d = to_koi_phase(new_match(), [[3, 4], [2, 2], [3, 3], [5, 5]], [3, 4], [(1, 1, 1)])
    assert d.turn == 1 and d.col == 0
    assert d.check(KOI_COL + 1, 1) == "No draw on 7 or more"
    assert d.choices() == [SHIMO_COL + 1]     # shimo is forced, offered alone
    d.act(SHIMO_COL + 1)
    assert len(d.cols[0]) == 2


def test_OK_04():
    d = to_koi_phase(new_match(), [[5, 8], [2, 2], [3, 3], [5, 5]], [3, 4], [(1, 1, 1)])
    assert d.choices() == [KOI_COL + 1]
    assert d.check(SHIMO_COL + 1, 1) == "Must draw on 3 or less"
    d.act(KOI_COL + 1)
    assert len(d.cols[0]) == 3
    card = [e for e in d.events if e[0] == "card" and e[2] == "col:1"][-1]
    assert card[1] == d.cols[0][2] and card[3] is True      # the third card is dealt face up


def test_OK_05():
    d = to_koi_phase(new_match(), [[1, 5], [2, 2], [3, 3], [5, 5]], [3, 4], [(1, 1, 1)])
    assert sorted(d.choices()) == [KOI_COL + 1, SHIMO_COL + 1]


def test_OK_06():
    m = new_match(draw_restrictions="none")
    d = to_koi_phase(m, [[4, 4], [1, 1], [3, 3], [5, 5]], [3, 4], [(1, 1, 1), (1, 2, 1)])
    assert sorted(d.choices()) == [KOI_COL + 1, SHIMO_COL + 1]
    d.act(KOI_COL + 1)
    assert d.col == 1 and sorted(d.choices()) == [KOI_COL + 2, SHIMO_COL + 2]
    d.act(SHIMO_COL + 2)
    assert len(d.cols[0]) == 3 and len(d.cols[1]) == 2
    # the dealer is exempt too under "none": a dealer 3+4 (7) may draw
    assert sorted(d.choices()) == [KOI, SHIMO]


def test_OK_07():
    m = new_match()
    d = to_koi_phase(m, [[10, 9], [2, 2], [3, 3], [5, 5]], [4, 1], [(1, 1, 3)])
    d.act(SHIMO_COL + 1)
    assert d.turn == 0 and d.choices() == [SHIMO]
    assert d.check(KOI, 0) == "Shippin: no third card"
    d.act(SHIMO)
    assert shows(d)["dealer"] == ([4, 1], 5, "shippin")
    assert pays(d) == [(1, 0, 3, "shippin", 1)]
    assert m.ledger.chips == [53, 47]


def test_OK_08():
    d = to_koi_phase(new_match(), [[10, 9], [2, 2], [3, 3], [5, 5]], [1, 4], [(1, 1, 1)])
    d.act(SHIMO_COL + 1)
    assert sorted(d.choices()) == [KOI, SHIMO]            # goke: the draw is optional
    assert yaku([1, 4], True, opts()) is None
    d = to_koi_phase(new_match(pin_yaku_order="any"), [[10, 9], [2, 2], [3, 3], [5, 5]], [1, 4],
                     [(1, 1, 1)])
    d.act(SHIMO_COL + 1)
    assert d.choices() == [SHIMO]
    d.act(SHIMO)
    assert shows(d)["dealer"][2] == "shippin"


def test_OK_09():
    m = new_match(3)
    d = to_koi_phase(m, [[10, 9], [8, 10], [3, 3], [5, 5]], [9, 1], [(1, 1, 2), (2, 2, 1)])
    d.act(SHIMO_COL + 1)
    d.act(SHIMO_COL + 2)
    assert d.choices() == [SHIMO]           # value 0, yet no draw
    assert d.check(KOI, 0) == "Kuppin: no third card"
    d.act(SHIMO)
    assert shows(d)["dealer"] == ([9, 1], 0, "kuppin")
    assert pays(d) == [(1, 0, 2, "kuppin", 1), (2, 0, 1, "kuppin", 2)]


def test_OK_10():
    d = to_koi_phase(new_match(), [[9, 1], [2, 2], [3, 3], [5, 5]], [3, 4], [(1, 1, 1)])
    assert d.choices() == [KOI_COL + 1]
    assert yaku([9, 1], False, opts()) is None and hand_value([9, 1]) == 0


def test_OK_11():
    d = to_koi_phase(new_match(), [[4, 1], [2, 2], [3, 3], [5, 5]], [3, 4], [(1, 1, 1)])
    assert sorted(d.choices()) == [KOI_COL + 1, SHIMO_COL + 1]
    d.act(SHIMO_COL + 1)
    d.act(SHIMO)
    assert shows(d)["col:1"] == ([4, 1], 5, None)


def test_OK_12():
    m = new_match(shippin_owner="child")
    d = to_koi_phase(m, [[4, 1], [2, 2], [3, 3], [5, 5]], [10, 9], [(1, 1, 2)])
    assert d.choices() == [SHIMO_COL + 1]
    assert d.check(KOI_COL + 1, 1) == "Shippin: no third card"
    d.act(SHIMO_COL + 1)
    d.act(SHIMO)
    assert len(d.cols[0]) == 2
    assert shows(d)["col:1"] == ([4, 1], 5, "shippin")
    assert pays(d) == [(0, 1, 2, "shippin", 1)]
    # the dealer's own 4-1 is goke when shippin belongs to the children
    assert yaku([4, 1], True, opts(shippin_owner="child")) is None


def test_OK_13():
    m = new_match()
    d = run(m, [[3, 3, 3], [2, 2], [3, 4], [5, 5]], [9, 1], [(1, 1, 2)])
    assert shows(d)["col:1"] == ([3, 3, 3], 9, "arashi")
    assert pays(d) == [(0, 1, 6, "arashi", 1)]
    assert m.ledger.chips == [44, 56]


def test_OK_14():
    m = new_match()
    d = run(m, [[8, 8, 8], [1, 2], [3, 4], [5, 5]], [2, 2, 2], [(1, 1, 3)])
    assert shows(d)["dealer"] == ([2, 2, 2], 6, "arashi")
    assert shows(d)["col:1"] == ([8, 8, 8], 4, "arashi")
    assert pays(d) == [(1, 0, 9, "arashi", 1)]


def test_OK_15():
    m = new_match()
    d = to_koi_phase(m, [[10, 9], [1, 2], [3, 4], [5, 5]], [10, 10, 10], [(1, 1, 2)])
    d.act(SHIMO_COL + 1)
    assert d.choices() == [KOI]              # 10+10 = 0: must draw
    d.act(KOI)
    assert shows(d)["dealer"] == ([10, 10, 10], 0, "arashi")
    assert pays(d) == [(1, 0, 6, "arashi", 1)]


def test_OK_16():
    cols = [[7, 10], [1, 2], [3, 4], [5, 5]]
    m = new_match()
    d = run(m, cols, [3, 4], [(1, 1, 2)])
    assert pays(d) == [(1, 0, 2, "oyaken", 1)]
    m = new_match(tie="push")
    d = run(m, cols, [3, 4], [(1, 1, 2)])
    assert pays(d) == [] and m.ledger.chips == [50, 50]


def test_OK_17():
    cols = [[2, 2, 7], [3, 3, 4], [1, 8], [6, 6]]
    bets = [(1, 1, 2), (2, 2, 3)]
    m = new_match(3)
    d = run(m, cols, [5, 5, 10], bets)
    assert shows(d)["dealer"] == ([5, 5, 10], 0, None)
    assert shows(d)["col:1"][1] == 1 and shows(d)["col:2"][1] == 0
    assert pays(d) == [(0, 1, 2, "higher", 1), (2, 0, 3, "oyaken", 2)]
    m = new_match(3, dealer_buta="no_contest")
    d = run(m, cols, [5, 5, 10], bets)
    assert pays(d) == [] and m.ledger.chips == [50, 50, 50]
    # kuppin and an arashi of 10s are not buta under no_contest
    assert settle([9, 1], [8, 10], opts(dealer_buta="no_contest")) == (-1, 1, "kuppin")
    assert settle([10, 10, 10], [8, 10], opts(dealer_buta="no_contest")) == (-1, 3, "arashi")
    # and a child's arashi gets its stake back from a buta dealer (A2)
    assert settle([5, 5, 10], [3, 3, 3], opts(dealer_buta="no_contest"))[0] == 0


def test_OK_18():
    m = new_match(3, domae=10)
    d = start(m, [[7, 10], [1, 2], [3, 4], [5, 5]], [3, 4])
    d.act(1 * BET + 7, 1)
    assert d.check(3 * BET + 4, 1) == "Domae cap: 3 left"
    d.act(3 * BET + 3, 1)
    # the cap is reached: child B never gets a betting turn
    assert d.total == 10 and d.phase == oicho.FIRST and d.turn == 0
    assert d.check(2 * BET + 1, 2) == "Not your turn"
    assert d.choices(2) == []
    finish(d, [[7, 10], [1, 2], [3, 4], [5, 5]], [3, 4])
    assert d.stake(0, 2) == 0 and d.stake(2, 2) == 0


def test_OK_19():
    m = new_match()
    d = run(m, [[10, 8], [1, 3], [3, 4], [5, 5]], [2, 4], [(1, 1, 2), (1, 2, 3)])
    assert pays(d) == [(0, 1, 2, "higher", 1), (1, 0, 3, "higher", 2)]
    assert m.ledger.chips == [51, 49] and d.dealer_net == 1


def _sudachi_case(net_before, cols, dealer, bets):
    m = new_match()
    m.dealer_net = net_before
    d = run(m, cols, dealer, bets)
    m.finish_deal()
    return m, d


def test_OK_20():
    # the dealer (seat 0) loses 2 at -8: -10, sudachi
    m, d = _sudachi_case(-8, [[10, 9], [1, 2], [3, 4], [5, 5]], [3, 4], [(1, 1, 2)])
    assert d.sudachi and m.dealer == 1 and m.dealer_net == 0
    assert ("note", "Sudachi: P1 net -10, P2 deals next") in d.events
    # loses 4 at -8: -12, sudachi too
    m, d = _sudachi_case(-8, [[10, 9], [1, 2], [3, 4], [5, 5]], [3, 4], [(1, 1, 4)])
    assert d.sudachi and m.dealer == 1
    # loses 1 at -8: -9, stays
    m, d = _sudachi_case(-8, [[10, 9], [1, 2], [3, 4], [5, 5]], [3, 4], [(1, 1, 1)])
    assert not d.sudachi and m.dealer == 0 and m.dealer_net == -9


def test_OK_21():
    cols = [[10, 5], [1, 2], [3, 4], [5, 5]]
    m, d = _sudachi_case(18, cols, [10, 9], [(1, 1, 2)])
    assert d.sudachi and m.dealer == 1 and m.dealer_net == 0
    m, d = _sudachi_case(18, cols, [10, 9], [(1, 1, 1)])
    assert not d.sudachi and m.dealer == 0 and m.dealer_net == 19


def _at_first_card():
    m = new_match()
    d = start(m, [[10, 9], [1, 2], [3, 4], [5, 5]], [3, 4])
    bet_all(d, [(1, 1, 1)])
    assert d.phase == oicho.FIRST
    return d, d.stock.remaining()


def test_OK_22():
    d, stock = _at_first_card()
    d.act(FOURTH)
    assert d.hand[0] == stock[3]
    rest = stock[:3] + stock[4:]             # a, b, c, e, ..., z
    assert d.cols[0][1] == stock[0]          # the next card dealt is the old top card
    assert bytes(d.cols[c][1] for c in range(4)) == rest[:4]
    assert d.stock.remaining() == rest[4:]


def test_OK_23():
    d, stock = _at_first_card()
    d.act(BOTTOM)
    assert d.hand[0] == stock[-1]
    assert d.cols[0][1] == stock[0]
    assert d.stock.remaining() == stock[4:-1]


def test_OK_24():
    m = new_match()
    d = to_koi_phase(m, [[5, 5, 5], [1, 2], [3, 4], [5, 9]], [10, 9], [(1, 1, 2)])
    assert d.choices() == [KOI_COL + 1]
    d.act(KOI_COL + 1)
    d.act(SHIMO)
    assert shows(d)["col:1"] == ([5, 5, 5], 5, "arashi")
    assert pays(d) == [(0, 1, 6, "arashi", 1)]


def test_OK_25():
    assert plus_minus([63, 45, 42], [50, 50, 50]) == [13, -5, -8]
    m = new_match(3)
    m.ledger.chips = [63, 45, 42]
    m.deal_no = 11
    assert not m.over()
    m.deal_no = 12
    assert m.over()
    assert m.genten() == [13, -5, -8]
    assert new_match(deals_per_match=6).starting_chips() == 50


# -- §6.4: the yaku other tables play (options) --------------------------------

FILL = [[10, 10], [10, 6], [6, 6]]      # columns 2-4, nobody bets on them


def test_OK_26():
    m = new_match(nobori_kudari="on")
    d = run(m, [[7, 8, 9]] + FILL, [1, 3, 2], [(1, 1, 2)])
    assert shows(d)["col:1"] == ([7, 8, 9], 4, "nobori")
    assert shows(d)["dealer"] == ([1, 3, 2], 6, None)      # 1-3-2 runs by neither one nor minus one
    assert pays(d) == [(0, 1, 4, "nobori", 1)]
    assert m.ledger.chips == [46, 54]
    assert value_label(4, "nobori") == "Nobori 4" and value_label(4, "nobori", JA) == "ノボリ 4"
    # the option off: the same cards are an ordinary 4, beaten by the dealer's 6
    m = new_match()
    d = run(m, [[7, 8, 9]] + FILL, [1, 3, 2], [(1, 1, 2)])
    assert shows(d)["col:1"] == ([7, 8, 9], 4, None) and pays(d) == [(1, 0, 2, "higher", 1)]


def test_OK_27():
    m = new_match(nobori_kudari="on")
    d = to_koi_phase(m, [[9, 10]] + FILL, [3, 4], [(1, 1, 1)])
    assert d.choices() == [SHIMO_COL + 1]          # kabu: no draw under draw_restrictions = all
    d.act(SHIMO_COL + 1)
    d.act(SHIMO)
    assert shows(d)["col:1"] == ([9, 10], 9, None)
    assert yaku([9, 10], False, opts(nobori_kudari="on")) is None


def test_OK_28():
    m = new_match(nobori_kudari="on", draw_restrictions="none")
    d = run(m, [[9, 10, 1]] + FILL, [5, 6], [(1, 1, 1)])
    assert shows(d)["col:1"] == ([9, 10, 1], 0, None)       # no wrap
    assert pays(d) == [(1, 0, 1, "higher", 1)]
    o = opts(nobori_kudari="on")
    assert [yaku(r, False, o) for r in ([10, 1, 2], [2, 1, 10], [1, 2, 4], [8, 9, 10], [3, 2, 1])] == \
        [None, None, None, "nobori", "kudari"]


def test_OK_29():
    m = new_match(nobori_kudari="on")
    d = run(m, [[2, 2, 4]] + FILL, [3, 2, 1], [(1, 1, 3)])
    assert shows(d)["dealer"] == ([3, 2, 1], 6, "kudari")
    assert shows(d)["col:1"] == ([2, 2, 4], 8, None)
    assert pays(d) == [(1, 0, 6, "kudari", 1)]
    assert value_label(6, "kudari") == "Kudari 6" and value_label(6, "kudari", JA) == "クダリ 6"


def test_OK_30():
    m = new_match(arashi_kabu="x5")
    d = run(m, [[3, 3, 3]] + FILL, [10, 9], [(1, 1, 2)])
    assert shows(d)["col:1"] == ([3, 3, 3], 9, "arashi_kabu")
    assert pays(d) == [(0, 1, 10, "arashi_kabu", 1)]
    assert m.ledger.chips == [40, 60]
    assert value_label(9, "arashi_kabu") == "Arashi-kabu" and value_label(9, "arashi_kabu", JA) == "アラシカブ"
    # off: an arashi like any other (x3); on: other arashi still pay x3
    d = run(new_match(), [[3, 3, 3]] + FILL, [10, 9], [(1, 1, 2)])
    assert pays(d) == [(0, 1, 6, "arashi", 1)]
    assert settle([10, 9], [5, 5, 5], opts(arashi_kabu="x5")) == (1, 3, "arashi")
    # the dealer's arashi-kabu collects x5, and beats any other arashi (9 is the highest)
    assert settle([3, 3, 3], [8, 8, 8], opts(arashi_kabu="x5")) == (-1, 5, "arashi_kabu")


def test_OK_31():
    cols = [[1, 4]] + FILL
    o = dict(shippin_owner="both", pin_pay="x2", pin_yaku_order="any")
    m = new_match(**o)
    d = to_koi_phase(m, cols, [4, 1], [(1, 1, 3)])
    assert d.choices() == [SHIMO_COL + 1]           # the child's shippin is kept
    d.act(SHIMO_COL + 1)
    assert d.choices() == [SHIMO]
    d.act(SHIMO)
    assert shows(d)["dealer"] == ([4, 1], 5, "shippin") and shows(d)["col:1"] == ([1, 4], 5, "shippin")
    assert pays(d) == [(1, 0, 6, "oyaken", 1)]      # equal: oyaken, at the dealer's shippin's x2
    m = new_match(tie="push", **o)
    d = run(m, cols, [4, 1], [(1, 1, 3)])
    assert pays(d) == [] and m.ledger.chips == [50, 50]


def test_OK_32():
    m = new_match(nobori_kudari="on")
    d = run(m, [[7, 8, 9]] + FILL, [2, 2, 2], [(1, 1, 2)])
    assert shows(d)["dealer"] == ([2, 2, 2], 6, "arashi") and shows(d)["col:1"][2] == "nobori"
    assert pays(d) == [(1, 0, 6, "arashi", 1)]


def test_two_category_2_hands_and_the_winners_multiplier():
    o = opts(shippin_owner="both", pin_pay="x2", nobori_kudari="on")
    # the dealer's kuppin beats a child's shippin (§6.3 rule 5) at the kuppin's x2
    assert settle([9, 1], [4, 1], o) == (-1, 2, "kuppin")
    # otherwise the higher value: a nobori (never 0) beats kuppin, at the nobori's x2
    assert settle([9, 1], [1, 2, 3], o) == (1, 2, "nobori")
    assert settle([9, 1], [1, 2, 3], opts(nobori_kudari="on")) == (1, 2, "nobori")
    # a dealer's kudari 6 against a child's shippin 5, and the other way round
    assert settle([3, 2, 1], [4, 1], o) == (-1, 2, "kudari")
    assert settle([4, 1], [3, 2, 1], opts(nobori_kudari="on", pin_pay="x2")) == (1, 2, "kudari")
    assert settle([4, 1], [2, 3, 4], opts(nobori_kudari="on")) == (1, 2, "nobori")
    # a nobori 5 against a shippin 5: the tie rule, at the winner's multiplier
    assert settle([4, 5, 6], [4, 1], o) == (-1, 2, "oyaken")
    assert settle([4, 1], [6, 5, 4], opts(nobori_kudari="on")) == (-1, 1, "oyaken")
    o["tie"] = "push"
    assert settle([4, 1], [6, 5, 4], o) == (0, 0, "tie")
    # a kuppin beaten by an arashi pays the arashi's x3 only; a shippin beats kabu at x2
    assert settle([9, 1], [5, 5, 5], o) == (1, 3, "arashi")
    assert settle([4, 1], [10, 9], o) == (-1, 2, "shippin")
    assert settle([10, 9], [4, 1], o) == (1, 2, "shippin")
    # the ordinary game is untouched by the options
    assert settle([10, 9], [8, 10], o) == (-1, 1, "higher")
