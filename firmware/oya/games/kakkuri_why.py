# Why Kakkuri refuses an action: the reason a player reads. Its engine
# (oya.games.kakkuri) checks an action against its choices and asks here
# only when it is not one of them; a module of its own because the device's
# menus offer legal actions only, so in a match it is loaded for a refused
# action (a tool's transcript, a damaged journal) and not in every deal.
from oya.games.kakkuri_consts import (DECLINE, FOLD, FUWARI, HAKO, LOOK, PLAY, P_FUWARI, P_PLAY, P_UTAZU,
                                      SANZOKU, UTAZU)
from oya.games.kakkuri_search import counts, play_order, play_parts


def why(deal, action, seat):
    """Why `action` is refused to `seat` (an action not among its choices)."""
    ph = deal.phase
    if action == LOOK:
        return "Only before play starts" if ph != P_FUWARI else "Hand already looked at"
    if action == FOLD:
        if ph != P_PLAY:
            return "Fold only once play starts"
        if seat == deal.out:
            return "You are out of this deal"
        if deal.folded[seat]:
            return "You have folded"
        if deal.has_played[seat]:
            return "No fold after playing a card"
        if deal.first_only and deal.round > 1:
            return "Fold only in the first round"
        return "Last player in cannot fold"
    if deal.folded[seat]:
        return "You have folded"
    if not deal.active(seat):
        return "You are out of this deal"
    if seat != deal.turn:
        return "Not your turn"
    if action == DECLINE or FUWARI <= action < FUWARI + 8:
        if ph != P_FUWARI:
            return "Fuwari is over"
        if deal.looked[seat]:
            return "You looked at your hand"
        return "Cannot swap with that hand"
    if ph == P_FUWARI:
        return "Fuwari first: swap or not"
    if action == UTAZU:
        return "No utazu in this hand"
    if ph == P_UTAZU:
        return "Utazu: show the hand"
    if action == HAKO:
        return "Not time to turn the hako"
    if deal.pending:
        return "Turn the hako first"
    if action == SANZOKU:
        if deal.sanzoku[seat]:
            return "Sanzoku already declared"
        if len(deal.hands[seat]) < 6:
            return "Sanzoku needs all 6 cards"
        return "Sanzoku needs three pairs"
    if action >= PLAY:
        return _why_play(deal, action, seat)
    return "Not allowed now"

def _why_play(deal, action, seat):
    p = play_parts(action)
    if p is None:
        return "Not a valid play"
    cnt, k, a, t = counts(deal.hands[seat])
    need = [0] * 13
    for r in p[0]:
        need[r] += 1
    need[3] -= p[1]
    if (p[1] and not k) or (p[2] and not a) or (p[3] and not t):
        return "Those cards are not in your hand"
    for r in range(1, 13):
        if need[r] > cnt[r]:
            return "Those cards are not in your hand"
    for r in range(1, 13):
        n = need[r] + (1 if r == 3 else 0) * p[1]
        n += (1 if p[2] == r else 0) + (1 if p[3] == r else 0)
        if n > (4 if r <= 2 else 3):
            return "No four of a kind in one play"
    if deal.base == 12 and not deal.anyone:
        return "Nothing may follow this 12"
    if not deal.sanzoku[seat] and play_order(action, deal.base, True, deal.anyone):
        return "Pairs need a sanzoku"
    return "Not a run from %d" % deal.base
