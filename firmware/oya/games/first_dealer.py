# Who deals first, as each game's rules draw for it: once, when a table is
# set up (oya.match.Match.draw_first_dealer imports this module for the draw
# and forgets it after), so none of it is in RAM with the deals. Each draw
# takes the match and a Stock, logs what was drawn in match.intro and
# returns the seat. (Kakkuri's draw shares its code with the end-of-match
# tiebreak and stays in its engine.)
from oya.game import seat_place


def oicho(m, stock):
    """One card each; the lowest value deals first; the tied lowest draw
    again (A10). Should the stock run out, the first tied seat deals."""
    from oya.games.oicho import card_value
    tied = list(range(len(m.ledger)))
    while True:
        best, low = 99, []
        for s in tied:
            c = stock.draw()
            m.intro.append(("card", c, seat_place(s), True))
            v = card_value(c)
            if v < best:
                best, low = v, [s]
            elif v == best:
                low.append(s)
        if len(low) == 1 or len(stock) < len(low):
            break
        m.intro.append(("note", "Tie for the lowest card: draw again"))
        tied = low
    who = low[0]
    m.intro.append(("note", "%s deals first" % m.ledger.names[who]))
    m.dealer_net = 0
    return who


def kachi(m, stock):
    """Each seat draws a card face up; the lowest rank deals; the tied
    lowest draw again (seat order) until one is lowest."""
    from oya.games.kachi_hands import rank
    who = list(range(len(m.ledger)))
    while len(who) > 1:
        low, tied = 99, []
        for s in who:
            if not len(stock):
                return tied[0] if tied else who[0]
            c = stock.draw()
            m.intro.append(("card", c, seat_place(s), True))
            r = rank(c)
            if r < low:
                low, tied = r, [s]
            elif r == low:
                tied.append(s)
        who = tied
    return who[0]


def kyuten(m, stock):
    """Each seat draws a card; the highest value deals (10 beats 9 ...
    beats A beats the ½ picture cards); tied seats draw again. A permanent
    dealer gets the dealer's extra chips (dealer_extra_chips)."""
    from oya.games.kyuten import half
    who = list(range(len(m.ledger)))
    while len(who) > 1 and len(stock) >= len(who):
        best, top = -1, []
        for s in who:
            c = stock.draw()
            m.intro.append(("card", c, seat_place(s), True))
            v = half(c)
            if v > best:
                best, top = v, [s]
            elif v == best:
                top.append(s)
        if len(top) > 1:
            m.intro.append(("note", "Tie: draw again"))
        who = top
    m.dealer = who[0]
    if m.fresh and m.opts.get("dealer_mode") == "permanent":
        extra = m.opts.get("dealer_extra_chips", 0)
        if extra:
            m.ledger.chips[who[0]] += extra
            m.start_chips[who[0]] += extra
            m.intro.append(("note", "Dealer bank +%d" % extra))
    m.fresh = False
    return who[0]


def meri(m, stock):
    """Each seat draws a card face up; the highest rank (A high, suits
    equal) deals; seats tied for highest draw again."""
    from oya.games.meri import strength
    tied = list(range(len(m.ledger)))
    while True:
        best = -1
        top = []
        for s in tied:
            if len(stock) == 0:
                return top[0] if top else tied[0]
            c = stock.draw()
            m.intro.append(("card", c, seat_place(s), True))
            k = strength(c)
            if k > best:
                best = k
                top = [s]
            elif k == best:
                top.append(s)
        if len(top) == 1:
            m.dealer = top[0]
            return top[0]
        tied = top
