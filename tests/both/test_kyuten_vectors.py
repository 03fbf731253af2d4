# The test vectors of shared/rules/kyutenhan.md section 10, one test each,
# on both runtimes. Unless a test says otherwise: 3 seats, seat 0 deals, so
# seat 1 then seat 2 act; the stock is rigged top first: the back cards in
# turn order, the dealer's up-card, then the hits and the dealer's draws.
from oya.games import kyuten as K
from kyuten_util import c, hand, new_deal, act, refused, antes, stays, bets, pays

START = 50


def net(d, seat):
    return d.ledger.chips[seat] - START


def test_KY_01():
    # ante 3 + bet 10 = 13, the largest stake; a natural wins 26
    m, d = new_deal(3, 0, ["9S", "5S", "2H", "KS"])
    antes(d, 3, 1)
    act(d, 1, "hit")                      # K: 9 + 1/2 = natural
    act(d, 1, "stay")
    act(d, 2, "stay")
    bets(d, 10, 1)
    assert d.ante[1] + d.bet[1] == 13
    assert d.ledger.pot == 13 + 2
    act(d, 0, "contest", target=1)
    assert (0, 1, 26, "natural") in pays(d)
    assert net(d, 1) == 26
    act(d, 0, "end")
    assert d.done and net(d, 1) == 26 and net(d, 0) == -26 and net(d, 2) == 0
    assert d.ledger.pot == 0


def test_KY_02():
    # ante 1 + bet 10 with limit 10: stake 11
    m, d = new_deal(3, 0, ["8S", "2S", "7H"])
    antes(d, 1, 1)
    stays(d)
    bets(d, 10, 1)
    assert d.ante[1] + d.bet[1] == 11
    act(d, 0, "contest", target=1)        # 8 against 7: the player wins
    assert net(d, 1) == 11 and net(d, 0) == -11


def test_KY_03():
    m, d = new_deal(3, 0, [])
    msg = refused(d, 1, "ante", chips=4)
    assert "1/2/3" in msg, msg
    act(d, 1, "ante", chips=3)            # 3 is the most
    assert d.ante[1] == 3


def test_KY_04():
    m, d = new_deal(3, 0, ["8S", "2S", "7H"])
    antes(d, 1, 1)
    stays(d)
    assert d.limit == 10
    assert "1 to 10" in refused(d, 1, "bet", chips=0)
    assert "1 to 10" in refused(d, 1, "bet", chips=11)
    act(d, 1, "bet", chips=10)
    act(d, 2, "bet", chips=1)


def test_KY_05():
    # the dealer's up-card is a 10: the deal ends, each player gets their ante
    m, d = new_deal(3, 0, ["8S", "2S", "TH"])
    antes(d, 2, 1)
    assert d.done
    assert net(d, 1) == 2 and net(d, 2) == 1 and net(d, 0) == -3
    assert not [e for e in d.events if e[0] == "act" and e[2] in ("bet", "hit", "stay")]
    assert d.ledger.pot == 0


def test_KY_06():
    # back 5, a hit shows 4: face-up sum 4, may hit again
    m, d = new_deal(3, 0, ["5S", "2S", "7H", "4D"])
    antes(d, 1, 1)
    act(d, 1, "hit")
    assert d.turn == 1 and K.HIT in d.choices(1)


def test_KY_07():
    # a hit shows a 9: no more cards for that player
    m, d = new_deal(3, 0, ["2C", "2S", "7H", "9D"])
    antes(d, 1, 1)
    act(d, 1, "hit")
    assert d.turn == 2
    assert d.choices(1) == []
    refused(d, 1, "hit")


def test_KY_08():
    # hits 4 then 5: the face-up sum reaches 9, a forced stay
    m, d = new_deal(3, 0, ["AC", "2S", "7H", "4D", "5D"])
    antes(d, 1, 1)
    act(d, 1, "hit")
    assert d.turn == 1
    act(d, 1, "hit")
    assert d.up_sum(1) == 18 and d.turn == 2


def test_KY_09():
    # hits K then 8: 8.5 face up, may hit again
    m, d = new_deal(3, 0, ["AC", "2S", "7H", "KD", "8D"])
    antes(d, 1, 1)
    act(d, 1, "hit")
    act(d, 1, "hit")
    assert d.up_sum(1) == 17 and d.turn == 1 and K.HIT in d.choices(1)


def _contest_one(stock, hits1, dealer_draws=0, bet=4):
    """Seat 1 hits `hits1` times then stays (if still asked); seat 2 stays;
    both bet; the dealer draws, then contests seat 1."""
    m, d = new_deal(3, 0, stock)
    antes(d, 1, 1)
    for _ in range(hits1):
        act(d, 1, "hit")
    stays(d)
    bets(d, bet, 1)
    for _ in range(dealer_draws):
        act(d, 0, "draw")
    act(d, 0, "contest", target=1)
    return m, d


def test_KY_10():
    # back J, a hit shows 10: jack-ten; the 10 ends the hitting; 2s against anything
    m, d = new_deal(3, 0, ["JS", "2S", "9H", "TD", "QH"])
    antes(d, 1, 1)
    act(d, 1, "hit")
    assert d.turn == 2                    # the 10 ended seat 1's hitting
    stays(d)
    bets(d, 4, 1)
    act(d, 0, "draw")                     # the dealer makes 9.5 (9 + Q)
    act(d, 0, "contest", target=1)
    shows = [e for e in d.events if e[0] == "show" and e[1] == "seat:1"]
    assert shows[0][3] == "10.5" and shows[0][4] == "jack_ten"
    assert net(d, 1) == 10                # 2 x (1 + 4)
    assert K.yaku(hand("JS", "TD")) == "jack_ten"


def test_KY_11():
    # back 10, a hit shows J, the player stays: jack-ten in either order
    m, d = _contest_one(["TS", "2S", "7H", "JD"], 1)
    assert K.yaku(hand("TS", "JD")) == "jack_ten"
    assert net(d, 1) == 10


def test_KY_12():
    # back Q, a hit shows 10: 10.5 is a bust, not jack-ten
    assert K.yaku(hand("QS", "TD")) is None and K.bust(hand("QS", "TD"))
    assert K.bust(hand("TS", "KD"))
    m, d = _contest_one(["QS", "2S", "3H", "TD"], 1)
    assert net(d, 1) == -5 and net(d, 0) == 5


def test_KY_13():
    # back 9, a hit shows K: natural, wins 2s even against the dealer's 9.5
    m, d = _contest_one(["9S", "2S", "9H", "KD", "QH"], 1, dealer_draws=1)
    assert K.total(d.dcards) == 19
    assert net(d, 1) == 10


def test_KY_14():
    # back 4, hits 5 and J: a 3-card natural pays double
    m, d = _contest_one(["4S", "2S", "7H", "5D", "JH"], 2)
    assert K.yaku(d.hand(1)) == "natural" and len(d.hand(1)) == 3
    assert net(d, 1) == 10


def test_KY_15():
    # dealer 7, player 7: the player wins s
    m, d = _contest_one(["7S", "2S", "7H"], 0)
    assert net(d, 1) == 5 and net(d, 0) == -5


def test_KY_16():
    # dealer bust, player bust: the player wins s
    m, d = _contest_one(["8S", "2S", "8H", "6D", "5H"], 1, dealer_draws=1)
    assert K.bust(d.hand(1)) and d.dealer_bust()
    assert net(d, 1) == 5


def test_KY_17():
    # the dealer's J then 10: 10.5 is a bust (jack-ten is for players only)
    m, d = new_deal(3, 0, ["2S", "3S", "JH", "TD"])
    antes(d, 1, 1)
    stays(d)
    bets(d, 1, 1)
    act(d, 0, "draw")
    assert d.dealer_bust() and K.DRAW not in d.choices(0)
    assert K.bust(hand("JH", "TD"), player=False)
    refused(d, 0, "draw")
    act(d, 0, "contest", target=1)
    assert net(d, 1) == 2                 # a plain win: 1 + 1


def test_KY_18():
    # dealer 9.5 (9 + Q) against player 9: the dealer wins s
    m, d = _contest_one(["9S", "2S", "9H", "QD"], 0, dealer_draws=1)
    assert K.total(d.dcards) == 19
    assert net(d, 1) == -5 and net(d, 0) == 5


def _table(players, stock=()):
    m, d = new_deal(players + 1, 0, stock)
    antes(d, *([1] * players))
    stays(d)
    bets(d, *([1] * players))
    return m, d


def test_KY_19():
    m, d = _table(8, ["2S"])
    assert d.required == 4
    for t in (1, 2, 3):
        act(d, 0, "contest", target=t)
    assert "1 more" in refused(d, 0, "end")
    act(d, 0, "contest", target=4)
    act(d, 0, "end")
    assert d.done


def test_KY_20():
    m, d = _table(7, ["2S"])
    assert d.required == 3
    assert K.quota(7) == 3 and K.quota(8) == 4
    assert K.quota(7, "strict_majority") == 4 and K.quota(1) == 1
    assert K.quota(1, "floor_half", False) == 0


def test_KY_21():
    m, d = _table(2, ["2S", "3S", "4H"])
    act(d, 0, "draw")
    assert "draw" in refused(d, 0, "end")
    m, d = _table(2, ["2S", "3S", "4H"])
    act(d, 0, "contest", target=1)        # quota (1 of 2) met
    act(d, 0, "draw")
    assert "draw" in refused(d, 0, "end")
    act(d, 0, "contest", target=2)
    assert d.done


def test_KY_22():
    # 8 players: contest 4, draw, contest 1, end; the other 3 are not settled
    m, d = _table(8, ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "AH", "AD"])
    for t in (1, 2, 3, 4):
        act(d, 0, "contest", target=t)
    act(d, 0, "draw")
    act(d, 0, "contest", target=5)
    act(d, 0, "end")
    assert d.done and d.ledger.pot == 0
    for s in (6, 7, 8):
        assert net(d, s) == 0 and d.result[s] == K.R_RETURN
        assert not [e for e in d.events if e[0] == "reveal" and e[2] == "seat:%d" % s]


def test_KY_23():
    # the dealer busts after 2 of 4 contests: no draw, 2 more contests, both lost
    m, d = _table(8, ["TS", "TH", "TD", "TC", "9S", "9H", "9D", "9C", "7H", "8D"])
    act(d, 0, "contest", target=1)        # 10 against 7: bust player loses
    act(d, 0, "contest", target=2)
    act(d, 0, "draw")                     # 7 + 8 = 15: bust
    assert d.dealer_bust()
    assert "bust" in refused(d, 0, "draw")
    assert refused(d, 0, "end")
    before = list(d.ledger.chips)
    act(d, 0, "contest", target=3)        # a bust player beats a bust dealer
    assert "1 more" in refused(d, 0, "end")
    act(d, 0, "contest", target=8)
    assert d.ledger.chips[3] == before[3] + 2 + 2 and d.ledger.chips[8] == before[8] + 2 + 2
    act(d, 0, "end")
    assert d.done and d.contests == 4


def test_KY_24():
    # a ken player gets no cards and does not count towards the quota
    m, d = new_deal(5, 0, [])
    antes(d, 1, 0, 1, 1)
    dealt = [e[2] for e in d.events if e[0] == "card"]
    assert "seat:2" not in dealt and "seat:1" in dealt
    assert d.nin == 3 and d.required == 1
    assert d.hand(2) == b""
    m, d = new_deal(5, 0, [])
    antes(d, 1, 1, 1, 1)
    assert d.required == 2


def test_KY_25():
    # back 3, a hit shows J (3.5): the player may stay; the dealer sees only the J
    m, d = new_deal(3, 0, ["3S", "2S", "7H", "JD"])
    antes(d, 1, 1)
    act(d, 1, "hit")
    assert K.HIT in d.choices(1) and K.STAY in d.choices(1)
    act(d, 1, "stay")
    v = d.view(0)
    assert v["ups"][1] == hand("JD") and v["back"] == b""
    assert c("3S") not in d.seen(0) and c("3S") in d.seen(1)
