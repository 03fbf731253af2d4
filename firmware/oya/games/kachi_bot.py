# Bots for Kachi-kachi. They see only deal.view(seat) and the legal choices.
#   random_bot: uniform over the legal actions.
#   smart_bot:  draws whenever eligible unless the dealt hand is a yaku (and
#               always takes a 4th card); declares a -geri when it may; as
#               dealer sets the rate by hand strength; calls with a strong hand
#               and folds a weak one against a high rate (shiroku instead of a
#               plain fold when it may).
from oya.games.kachi import (FOLD, CALL, SHIROKU, INKETSU_GERI, BUTA_GERI, DRAW, DRAW_SHOW,
                             EXPOSE, RATE, best_pair, evaluate, rank)


def random_bot(deal, seat, rng):
    ch = deal.choices(seat)
    return ch[rng.below(len(ch))]


def _strength(deal, v, seat):
    hand = v["hand"]
    return best_pair(hand, v["oya"] == seat, deal.opts, deal.lad)


def smart_bot(deal, seat, rng):
    ch = deal.choices(seat)
    if len(ch) == 1:
        return ch[0]
    v = deal.view(seat)
    hand = v["hand"]
    oya = v["oya"] == seat
    b = _strength(deal, v, seat)
    s = b[2]
    # expose (any_card): a card outside the best pair, the lowest such
    exposes = [a for a in ch if EXPOSE <= a < EXPOSE + 4]
    if exposes:
        i, j = b[1]
        outside = [a for a in exposes if a - EXPOSE not in (i, j)]
        pool = outside or exposes
        pick = pool[0]
        for a in pool:
            if rank(hand[a - EXPOSE]) < rank(hand[pick - EXPOSE]):
                pick = a
        return pick
    if INKETSU_GERI in ch:
        return INKETSU_GERI
    if BUTA_GERI in ch:
        return BUTA_GERI
    if DRAW in ch and v["drew"] == 1:
        return DRAW                      # a 4th card never hurts
    draws = [a for a in ch if a == DRAW or DRAW_SHOW <= a < DRAW_SHOW + 2]
    if draws and v["drew"] == 0:
        _, _, y = evaluate(hand[0], hand[1], oya, deal.opts, deal.lad)
        if y is None:
            return draws[rng.below(len(draws))]
    rates = [a for a in ch if a >= RATE]
    if rates:
        lo = rates[0] - RATE
        if s >= 10:
            want = lo * 4
        elif s >= 8:
            want = lo * 3
        elif s >= 6:
            want = lo * 2
        else:
            want = lo
        pick = rates[0]
        for a in rates:
            if a - RATE <= want:
                pick = a
        return pick
    if CALL in ch:
        rate = v["rate"]
        lo = deal.rmin
        high = rate > 2 * lo or rate * 4 > v["chips"][seat]
        if s >= 7 or (s >= 4 and not high) or (not high and rate <= lo):
            return CALL
    return SHIROKU if SHIROKU in ch else FOLD
