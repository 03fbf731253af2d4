# Who deals first, as each game's rules draw for it: once, when a table is
# set up (each game's Match.draw_first_dealer imports this module for its
# draw, and Match.choose_first_dealer forgets it after), so none of it is in
# RAM with the deals. Each draw takes the match, a Stock and the game's own
# order of the cards (its engine's function: this module imports no engine),
# logs what was drawn in match.intro and returns the seat; given `who` (the seat a table chose by hand), it draws
# nothing and settles that seat as the dealer. Each card drawn is shown to
# the stock (stock.need): a table deck's stock asks for its face then
# (oya.tabledeck.first_dealer). Kakkuri's end-of-match tiebreak draws its own
# way too, and is here for the same reason (KakkuriMatch.draw_tiebreak).
from oya.game import seat_place


def _best_draw(m, stock, seats, key):
    """Each of `seats` in turn draws a card face up (logged in m.intro): the
    seats whose card scores the most by `key`, several on a tie. Should the
    stock run out, the best of those who drew stand (or the first seat)."""
    best, top = None, []
    for s in seats:
        if not len(stock):
            break
        c = stock.draw()
        stock.need(c, s)
        m.intro.append(("card", c, seat_place(s), True))
        k = key(c)
        if best is None or k > best:
            best, top = k, [s]
        elif k == best:
            top.append(s)
    return top or seats[:1]


def oicho(m, stock, card_value, who=None):
    """One card each; the lowest value deals first; the tied lowest draw
    again (A10). Should the stock run out, the first tied seat deals."""
    if who is None:
        low = list(range(len(m.ledger)))
        while True:
            low = _best_draw(m, stock, low, lambda c: -card_value(c))
            if len(low) == 1 or len(stock) < len(low):
                break
            m.intro.append(("note", "Tie for the lowest card: draw again"))
        who = low[0]
    m.intro.append(("note", "%s deals first" % m.ledger.names[who]))
    m.dealer_net = 0
    return who


def kachi(m, stock, rank, who=None):
    """Each seat draws a card face up; the lowest rank deals; the tied
    lowest draw again (seat order) until one is lowest."""
    if who is not None:
        return who
    who = list(range(len(m.ledger)))
    while len(who) > 1:
        who = _best_draw(m, stock, who, lambda c: -rank(c))
    return who[0]


def kyuten(m, stock, half, who=None):
    """Each seat draws a card; the highest value deals (10 beats 9 ...
    beats A beats the ½ picture cards); tied seats draw again. A permanent
    dealer gets the dealer's extra chips (dealer_extra_chips)."""
    if who is None:
        top = list(range(len(m.ledger)))
        while len(top) > 1 and len(stock) >= len(top):
            top = _best_draw(m, stock, top, half)
            if len(top) > 1:
                m.intro.append(("note", "Tie: draw again"))
        who = top[0]
    m.dealer = who
    if m.fresh and m.opts.get("dealer_mode") == "permanent":
        extra = m.opts.get("dealer_extra_chips", 0)
        if extra:
            m.ledger.chips[who] += extra
            m.start_chips[who] += extra
            m.intro.append(("note", "Dealer bank +%d" % extra))
    m.fresh = False
    return who


def meri(m, stock, strength, who=None):
    """Each seat draws a card face up; the highest rank (A high, suits
    equal) deals; seats tied for highest draw again."""
    if who is None:
        top = list(range(len(m.ledger)))
        while len(top) > 1:
            top = _best_draw(m, stock, top, strength)
        who = top[0]
    m.dealer = who
    return who


def _draw_off(stock, tied, log, rank, full=True):
    """Kakkuri: each tied seat draws a card (logged in `log`), the highest
    rank wins; ties redraw (only for first place unless `full`). The seats
    in order, best first."""
    if len(tied) <= 1:
        return list(tied)
    if len(stock) < len(tied):
        return list(tied)      # out of cards (practically never): seat order
    r = {}
    for s in tied:
        c = stock.draw()
        stock.need(c, s)
        log.append(("card", c, seat_place(s), True))
        r[s] = rank(c)
    out = []
    for v in range(12, 0, -1):
        grp = [s for s in tied if r[s] == v]
        if grp and (full or not out):
            grp = _draw_off(stock, grp, log, rank, full)
        out.extend(grp)
    return out


def kakkuri(m, stock, rank, who=None):
    """The seats with chips draw a card each; the highest rank deals; tied
    highest draw again."""
    if who is not None:
        return who
    seats = [s for s in range(len(m.ledger)) if m.ledger.chips[s] > 0] or [0]
    return _draw_off(stock, seats, m.intro, rank, False)[0]


def kakkuri_tiebreak(m, stock, rank):
    """final_tiebreak = draw_cards, at the end of a match: seats with equal
    chips draw cards (the highest rank places first, ties redraw); logged in
    m.outro. The seats in order, kept in m.tiebreak."""
    m.outro = []
    chips = m.ledger.chips
    order = list(range(len(chips)))
    order.sort(key=lambda s: -chips[s])
    out = []
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and chips[order[j]] == chips[order[i]]:
            j += 1
        out.extend(_draw_off(stock, order[i:j], m.outro, rank))
        i = j
    m.tiebreak = out
    return out
