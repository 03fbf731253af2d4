# The test vectors ME-01..ME-24 of rules/yonin_meri.md, through the engine
# (rigged stocks) or the pure functions. Seats: North 0, East 1, South 2,
# West 3 (clockwise). Trump is spades unless stated.
from oya.games import meri
from oya.games.meri import (ROBOTTA, HIDE, NO_EXCHANGE, EXCHANGE, PLAY, PLAY_DOWN)
from meri_util import (c, new_match, plan_stock, start, play, play_action, events_of, refused)

N, E, S, W = 0, 1, 2, 3

FILL2 = [["KC", "2C", "3C", "4C"], ["QC", "5C", "6C", "7C"]]
FILL3 = [["AC", "2C", "3C", "4C"], ["KC", "5C", "6C", "7C"], ["QC", "8C", "9C", "TC"]]

# Tricks 1-11 of a deal led first by North: West wins trick 1 with the AC and
# every later one; tricks 2-3 are meris (everyone plays a spade), tricks 4-11
# are followed in suit (trick 11: only West has a diamond). LAST is then led
# by West, and North plays the JS: North, the start player, holds the J.
LONG = [
    ["2C", "3C", "4C", "AC"],
    ["AS", "9S", "8S", "7S"],
    ["KS", "6S", "5S", "4S"],
    ["KC", "6C", "7C", "8C"],
    ["QC", "9C", "TC", "JC"],
    ["AH", "2H", "3H", "4H"],
    ["QH", "6H", "7H", "8H"],
    ["AD", "2D", "3D", "4D"],
    ["KD", "5D", "6D", "7D"],
    ["QD", "8D", "9D", "TD"],
    ["JD", "9H", "TH", "JH"],
]
LAST = ["5H", "JS", "TS", "KH"]


def _winner_of(d, k):
    return d.winners[k - 1]


def test_ME_01():
    # trump D; North holds the JD and announces robotta: North leads and may
    # take the turned-up card for a face-down discard
    m = new_match()
    m.dealer = S
    stock = plan_stock([], N, S, trump="D", okie="5D", hold={N: ["JD", "2H"]})
    d = m.start_deal(cards=stock)
    assert d.phase == meri.P_ROBOTTA and d.turn == W
    assert d.choices() == [HIDE]
    d.act(HIDE)
    assert d.turn == N and d.choices() == [ROBOTTA, HIDE]
    d.act(ROBOTTA)
    assert d.robotta == N and d.start == N
    assert d.phase == meri.P_EXCHANGE and d.turn == N
    ch = d.choices()
    assert NO_EXCHANGE in ch and len(ch) == 13
    for s in (E, S, W):
        assert d.choices(s) == []
    d.act(EXCHANGE + c("2H"))
    assert c("5D") in bytes(d.hands[N]) and c("2H") not in bytes(d.hands[N])
    places = dict(d.places())
    assert places["discard"] == bytes([c("2H")]) and "trump" not in places
    assert d.phase == meri.P_PLAY and d.turn == N and d.trick_no == 1
    assert d.public()["okie_at"] == N and d.j_hidden is False
    # the discard is seen by nobody but the discarder
    for s in (E, S, W):
        assert c("2H") not in d.seen(s) and d.view(s)["discard"] == b""
    assert c("2H") not in d.seen(-1)
    assert d.view(N)["discard"] == bytes([c("2H")])


def test_ME_02():
    # kikkabutta: the okie is the JD: the dealer leads and may take the JD
    m = new_match()
    m.dealer = E
    stock = plan_stock([], N, E, trump="D", okie="JD", hold={E: ["3C"]})
    d = m.start_deal(cards=stock)
    assert d.phase == meri.P_EXCHANGE and d.turn == E and d.start == E
    assert d.robotta == -1 and d.j_holder == -1
    assert not [e for e in d.events if e[0] == "act"]
    d.act(EXCHANGE + c("3C"))
    assert c("JD") in bytes(d.hands[E])
    assert d.j_hidden is False
    assert d.turn == E and d.phase == meri.P_PLAY


def test_ME_03():
    # the JD sleeps among the undealt cards: everyone is asked, nobody can
    # announce, the dealer leads
    m = new_match()
    m.dealer = W
    stock = plan_stock([], N, W, trump="D", okie="5D", rest=["JD"])
    d = m.start_deal(cards=stock)
    asked = []
    while d.phase == meri.P_ROBOTTA:
        assert d.choices() == [HIDE]
        asked.append(d.turn)
        d.act(HIDE)
    assert asked == [N, E, S, W]
    assert d.start == W and d.turn == W and d.phase == meri.P_EXCHANGE
    assert d.j_holder == -1 and d.j_hidden is False


def test_ME_04():
    # South holds the JD and stays silent: the dealer (East) leads; South's
    # J is hidden, and nothing public says who holds it
    m = new_match()
    m.dealer = E
    stock = plan_stock([], N, E, trump="D", okie="5D", hold={S: ["JD"]})
    d = m.start_deal(cards=stock)
    assert d.turn == S and d.choices() == [ROBOTTA, HIDE]
    d.act(HIDE)
    for s in (W, N, E):
        assert d.turn == s and d.choices() == [HIDE]
        d.act(HIDE)
    assert d.start == E and d.turn == E
    assert d.j_hidden is True and d.robotta == -1
    acts = [e for e in d.events if e[0] == "act"]
    assert [a[2] for a in acts] == ["hide"] * 4
    assert d.public()["robotta"] == -1


def test_ME_05():
    # trick 1: leading the trump 7 is refused (meri is forbidden on trick 1)
    m = new_match()
    stock = plan_stock([], N, N, hold={N: ["7S", "5H"]})
    d = start(m, stock, dealer=N)
    assert d.turn == N and d.trick_no == 1
    assert PLAY + c("7S") not in d.choices() and PLAY_DOWN + c("7S") not in d.choices()
    assert refused(d, PLAY + c("7S")) == "No meri on the first trick"
    assert refused(d, PLAY_DOWN + c("7S")) == "The lead is face up"
    d.act(PLAY + c("5H"))
    assert d.monchi is False


def test_ME_06():
    # trick 3, free state: 5H, 9H, 4S fd, AC: the 4S is revealed and wins; one
    # trump only, no yaku
    m = new_match()
    t3 = ["5H", "9H", "4S", "AC"]
    d = start(m, plan_stock(FILL2 + [t3], N, N), dealer=N)
    play(d, FILL2)
    assert d.trick_no == 3 and d.turn == N
    d.act(PLAY + c("5H"))
    d.act(PLAY + c("9H"))
    assert PLAY + c("4S") not in d.choices() and PLAY_DOWN + c("4S") in d.choices()
    assert refused(d, PLAY + c("4S")) == "Trumps go face down"
    n0 = len(d.events)
    d.act(PLAY_DOWN + c("4S"))
    assert d.public()["cards"] == bytes([c("5H"), c("9H"), meri.HIDDEN])
    assert c("4S") not in d.seen(N) and c("4S") in d.seen(S)
    d.act(PLAY + c("AC"))
    new = d.events[n0:]
    assert ("reveal", c("4S"), "trick:3") in new
    assert _winner_of(d, 3) == S
    assert not events_of(d, "show") and d.hiki == [0, 0]
    assert d.turn == S and d.trick_no == 4


def test_ME_07():
    # no trump: the highest card of the suit led wins; off-suit cards cannot
    m = new_match()
    t3 = ["5H", "AC", "9H", "KD"]
    d = start(m, plan_stock(FILL2 + [t3], N, N), dealer=N)
    play(d, FILL2 + [t3])
    assert _winner_of(d, 3) == S
    assert not events_of(d, "reveal")


def _one_trick(trick, **kw):
    m = new_match(**kw)
    d = start(m, plan_stock([trick], N, N, two_beats_ace=kw.get("two_beats_ace") == "on"), dealer=N)
    play(d, [trick])
    return d


def test_ME_08():
    d = _one_trick(["5H", "KS", "QS", "2H"])
    assert _winner_of(d, 1) == E
    assert events_of(d, "show") == [("show", "trick:1", bytes([c(x) for x in ("5H", "KS", "QS", "2H")]),
                                     2, "kq")]
    assert d.hiki == [0, 2]     # East is team B
    reveals = events_of(d, "reveal")
    assert reveals == [("reveal", c("KS"), "trick:1"), ("reveal", c("QS"), "trick:1")]


def test_ME_09():
    d = _one_trick(["5H", "AS", "QS", "2H"])
    assert _winner_of(d, 1) == E
    assert not events_of(d, "show") and d.hiki == [0, 0]


def test_ME_10():
    d = _one_trick(["3C", "3S", "2S", "4C"])
    assert _winner_of(d, 1) == E
    assert [e[4] for e in events_of(d, "show")] == ["32"] and d.hiki == [0, 2]


def test_ME_11():
    d = _one_trick(["5H", "TS", "9S", "2H"])
    assert _winner_of(d, 1) == E
    assert not events_of(d, "show") and d.hiki == [0, 0]


def _long(robotta, stacking="max5"):
    # start N: the JS holder is N (see LONG), West wins trick 1 and leads on
    m = new_match(hiki_5_stacking=stacking)
    stock = plan_stock(LONG + [LAST], N, N if not robotta else E, okie="QS", rest=["3S", "2S", "5C"])
    d = start(m, stock, robotta=robotta, dealer=N if not robotta else E)
    assert d.start == N and d.j_holder == N
    return d


def test_ME_12():
    # trick 12: 5H, JS fd, 10S fd, KH: the J wins; a yaku in the last trick: 5
    d = _long(robotta=True)
    assert d.j_hidden is False
    play(d, LONG)
    assert d.trick_no == 12 and d.turn == W
    play(d, [LAST])
    assert _winner_of(d, 12) == N
    assert [(e[3], e[4]) for e in events_of(d, "show")] == [(5, "jt")]
    assert d.hiki == [5, 0] and d.done
    # every other trick went to West (team B): 11 - 1, then 5 hiki back
    assert d.tricks == [1, 11] and d.result == [6, 6]


def test_ME_12_hidden_J_stacks_only_with_additive():
    d = _long(robotta=False)
    assert d.j_hidden is True
    play(d, LONG + [LAST])
    assert d.hiki == [5, 0]
    d = _long(robotta=False, stacking="additive")
    play(d, LONG + [LAST])
    assert d.hiki == [10, 0] and d.result == [11, 1]


def _trick5(robotta):
    m = new_match()
    tricks = LONG[:4] + [LAST]
    stock = plan_stock(tricks, N, N if not robotta else E, okie="QS", rest=["3S", "2S", "5C"])
    d = start(m, stock, robotta=robotta, dealer=N if not robotta else E)
    assert d.start == N and d.j_holder == N
    play(d, tricks)
    assert _winner_of(d, 5) == N
    return d


def test_ME_13():
    # trick 5: the kakushi-robai JS fd beats the 10S fd: 5 hiki
    d = _trick5(robotta=False)
    assert d.j_hidden
    assert [(e[1], e[3], e[4]) for e in events_of(d, "show")] == [("trick:5", 5, "jt")]
    assert d.hiki == [5, 0]


def test_ME_14():
    # the same with a J announced by robotta: 2 hiki
    d = _trick5(robotta=True)
    assert not d.j_hidden
    assert [(e[3], e[4]) for e in events_of(d, "show")] == [(2, "jt")]
    assert d.hiki == [2, 0]


def test_ME_15():
    # trick 4: North leads 7S (meri); East holds 2S and hearts: East must play
    # the trump face up; no yaku; monchi from then on
    m = new_match()
    t4 = ["7S", "2S", "5D", "6D"]
    hearts = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"]
    stock = plan_stock(FILL3 + [t4], N, N, hold={E: hearts}, void={S: "S", W: "S"})
    d = start(m, stock, dealer=N)
    play(d, FILL3)
    d.act(PLAY + c("7S"))
    assert d.monchi and d.public()["meri"]
    assert d.turn == E and d.choices() == [PLAY + c("2S")]
    assert refused(d, PLAY + c("3H")) == "Meri: you must play a trump"
    assert refused(d, PLAY_DOWN + c("2S")) == "Meri: trumps face up"
    d.act(PLAY + c("2S"))
    assert c("2S") in d.seen(-1)
    play(d, [t4[2:]])
    assert _winner_of(d, 4) == N
    assert not events_of(d, "show") and not events_of(d, "reveal")
    assert d.public()["monchi"] is True


def _monchi(first, t6, hold, void=None):
    # tricks: 1 free; 2 a meri (AS) where everyone plays a spade; 3-5
    # followed in suit; trick 6 (`t6`, planned whole) is led by `first`
    # with the 5H. Returns the deal after the 5H lead.
    m = new_match()
    tricks = [["AC", "2C", "3C", "4C"], ["AS", "2S", "5S", "6S"], ["KC", "5C", "6C", "7C"],
              ["QC", "8C", "9C", "TC"], ["KD", "7D", "8D", "9D"]]
    stock = plan_stock(tricks + [t6], first, first, hold=hold, void=void)
    d = start(m, stock, dealer=first)
    play(d, tricks)
    assert d.monchi and d.trick_no == 6 and d.turn == first
    d.act(PLAY + c("5H"))
    return d


def test_ME_16():
    # monchi: 5H led; West holds hearts and spades: a heart, or a spade face down
    d = _monchi(N, ["5H", "6H", "7H", "3S"], {W: ["4S", "8H", "9H", "JD"]})
    play(d, [["6H", "7H"]])
    assert d.turn == W
    ch = d.choices()
    ups = [a - PLAY for a in ch if PLAY <= a < PLAY_DOWN]
    downs = [a - PLAY_DOWN for a in ch if a >= PLAY_DOWN]
    assert ups and all(x // 13 == 1 for x in ups)
    assert downs and all(x // 13 == 0 for x in downs)
    assert set(ups + downs) == set(x for x in bytes(d.hands[W]) if x // 13 in (0, 1))
    assert c("JD") in bytes(d.hands[W])
    assert refused(d, PLAY + c("JD")) == "Monchi: follow suit or trump"
    assert refused(d, PLAY + c("3S")) == "Trumps go face down"
    d.act(PLAY_DOWN + c("3S"))
    assert ("reveal", c("3S"), "trick:6") in d.events
    assert _winner_of(d, 6) == W


def test_ME_17():
    # monchi: 5H led (by West); North has no heart: any card, a spade face down
    d = _monchi(W, ["5H", "JD", "6H", "7H"], {N: ["3S", "4S"]}, void={N: "H"})
    assert d.turn == N
    assert not [x for x in bytes(d.hands[N]) if x // 13 == 1]
    ch = d.choices()
    assert len(ch) == len(d.hands[N])
    for x in bytes(d.hands[N]):
        assert (PLAY_DOWN if x // 13 == 0 else PLAY) + x in ch
    assert refused(d, PLAY + c("3S")) == "Trumps go face down"
    d.act(PLAY + c("JD"))
    assert d.turn == E


def test_ME_18():
    assert meri.settle(7, 5, 2, 0) == (9, 3)


def test_ME_19():
    assert meri.settle(1, 11, 5, 0) == (6, 6)


def test_ME_20():
    assert meri.settle(10, 2, 0, 5) == (5, 7)


def test_ME_21():
    assert meri.settle(12, 0, 2, 0, "net_capped") == (12, 0)


def test_ME_22():
    assert meri.settle(6, 6, 2, 5) == (3, 9)


def test_ME_23():
    # two_beats_ace: 5H, AS fd, 2S fd, KS fd: the 2 wins, a yaku worth 2
    d = _one_trick(["5H", "AS", "2S", "KS"], two_beats_ace="on")
    assert _winner_of(d, 1) == S
    assert [(e[3], e[4]) for e in events_of(d, "show")] == [(2, "2a")]
    assert d.hiki == [2, 0]
    d = _one_trick(["5H", "AS", "2S", "KS"])
    assert _winner_of(d, 1) == E
    assert [(e[3], e[4]) for e in events_of(d, "show")] == [(2, "ak")]


def test_ME_24():
    # game totals over 4 deals: A 26, B 22: team A wins
    m = new_match()
    m.restore({"dealer": 0, "deal_no": 4, "started": 4, "chips": [0, 0, 0, 0], "pot": 0,
               "teams": [26, 22]})
    assert m.over() and m.winner() == 0
    assert m.scores() == [26, 22, 26, 22]
    assert [s for s, _ in m.standings()] == [0, 2, 1, 3]
    m.restore({"dealer": 0, "deal_no": 3, "started": 3, "chips": [0, 0, 0, 0], "pot": 0,
               "teams": [20, 16]})
    assert not m.over()
    m.restore({"dealer": 0, "deal_no": 4, "started": 4, "chips": [0, 0, 0, 0], "pot": 0,
               "teams": [24, 24]})
    assert m.winner() is None
