# Why Kyutenhan refuses an action: the reason a player reads. Its engine
# (oya.games.kyuten) checks an action against its choices and asks here
# only when it is not one of them; a module of its own because the device's
# menus offer legal actions only, so in a match it is loaded for a refused
# action (a tool's transcript, a damaged journal) and not in every deal
# (as .mpy its code and messages were ~1.5 KB of RAM through every deal).
from oya.games.kyuten_acts import (ANTE, BET, CONTEST, DRAW, END, HIT, KEN, LIMIT, STAY,
                                   P_ANTE, P_BET, P_DEALER, P_HIT, P_LIMIT)


def why(deal, action, seat):
    """Why `action` is refused to `seat` (None: it is not)."""
    if deal.turn < 0:
        return "The deal is over"
    if seat != deal.turn:
        if seat == deal.dealer and deal.phase != P_DEALER:
            return "Wait: players first"
        return "Not your turn"
    ph = deal.phase
    if LIMIT <= action < LIMIT + 100:
        if ph != P_LIMIT:
            return "The limit is set for this tenure"
        v = action - LIMIT
        hi = deal.match.opts.get("limit", 10)
        if not 1 <= v <= hi:
            return "Limit is 1 to %d" % hi
        return None
    if ph == P_LIMIT:
        return "Set the limit first"
    if action == KEN or ANTE <= action < ANTE + 10:
        if ph != P_ANTE:
            return "Antes are over"
        if action == KEN:
            if not deal.match.opts.get("allow_ken", True):
                return "Sitting out (ken) is not allowed"
            return None
        a = action - ANTE
        if a not in deal.antes:
            return "Ante is %s chips" % "/".join(str(x) for x in deal.antes)
        if not deal.can_ante(seat, a):
            return "Ante %d needs %d chips (1 for the bet)" % (a, a + 1)
        return None
    if ph == P_ANTE:
        return "Ante or ken first"
    if action == HIT or action == STAY:
        if ph != P_HIT:
            return "Not time to hit or stay"
        if action == HIT:
            if len(deal.stock) == 0:
                return "The stock is empty: stay"
            if deal.up_sum(seat) >= 18:
                return "Up-cards reach 9: you must stay"
        return None
    if ph == P_HIT:
        return "Hit or stay first"
    if BET <= action < BET + 100:
        if ph != P_BET:
            return "Not time to bet"
        b = action - BET
        if not 1 <= b <= deal.limit:
            return "Bet 1 to %d (the limit)" % deal.limit
        if b > deal.ledger.chips[seat]:
            return "You have only %d chips" % deal.ledger.chips[seat]
        return None
    if ph == P_BET:
        return "Bet first"
    # the dealer's phase
    if action == DRAW:
        if deal.dealer_bust():
            return "Dealer is bust: no more draws"
        if not deal.uncontested():
            return "Nobody left to contest"
        if len(deal.stock) == 0:
            return "The stock is empty"
        return None
    if CONTEST <= action < CONTEST + 100:
        t = action - CONTEST
        if t >= deal.nseats or t == deal.dealer or not deal.ante[t]:
            return "That seat is not in this deal"
        if deal.contested[t]:
            return "Already contested"
        return None
    if action == END:
        if deal.owed:
            return "A draw must be followed by a contest"
        if deal.contests < deal.required:
            return "Contest %d more first" % (deal.required - deal.contests)
        return None
    return "Not allowed now"
