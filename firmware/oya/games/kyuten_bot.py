# Kyutenhan bots. They decide from deal.view(seat) and deal.choices(seat)
# only: a player knows their own back card, the dealer only the up-cards.
from oya.games.kyuten import (half, total, yaku, rank, HIT, STAY, DRAW, END, KEN,
                              ANTE, BET, CONTEST, LIMIT)


def random_bot(deal, seat, rng):
    ch = deal.choices(seat)
    return ch[rng.below(len(ch))]


def _largest(ch, base, top=100):
    best = None
    for a in ch:
        if base <= a < base + top and (best is None or a > best):
            best = a
    return best


def _bet(ch, want):
    hi = _largest(ch, BET)
    if hi is None:
        return ch[0]
    want = max(1, want)
    return min(hi, BET + want)


def _player(v, seat, ch, rng):
    ph = v["phase"]
    if ph == "ante":                      # the smallest ante there is
        for a in ch:
            if ANTE <= a < ANTE + 10:
                return a
        return ch[0]
    hand = bytes(v["back"]) + bytes(v["ups"][seat])
    t = total(hand)
    yk = yaku(hand) if hand else None
    if ph == "hit":
        if HIT not in ch or yk or t >= 19:
            return STAY
        up = total(v["ups"][seat])
        back = half(v["back"][0]) if v["back"] else 10
        if up < 10 and t < 14:           # below 5 face-up and not yet 7
            return HIT
        if back <= 6 and t < 16:          # a low back card: still room
            return HIT
        return STAY
    if ph == "bet":
        lim = v["limit"]
        if yk:
            return _bet(ch, lim)
        if t >= 20:                       # bust: bet small, now and then bluff
            return _bet(ch, lim // 2 if rng.below(8) == 0 else 1)
        if t >= 17:
            return _bet(ch, (lim * 3 + 3) // 4)
        if t >= 15:
            return _bet(ch, (lim + 1) // 2)
        return _bet(ch, 1 + rng.below(2))
    return ch[0]


def _looks_weak(v, s):
    """How weak seat s looks to the dealer from its up-cards and bet: the
    higher, the better for the dealer to contest."""
    ups = v["ups"][s]
    up = total(ups)
    score = 0
    if up >= 11:                  # a hidden card of 5 or more busts this
        score += up
    elif up == 0:                 # stayed on the hidden card: it may be high
        score += 4
    else:
        score += 10 - up // 2
    if len(ups) == 1 and rank(ups[0]) in (10, 11):
        score -= 8                # a lone J or 10 up: jack-ten is possible
    lim = v["limit"] or 1
    score -= (20 * v["bets"][s]) // lim
    return score


def _dealer(v, ch, rng):
    if v["phase"] == "limit":
        return _largest(ch, LIMIT)
    dt = total(v["dealer_cards"])
    if DRAW in ch and dt <= 10:
        return DRAW
    targets = [a for a in ch if CONTEST <= a < CONTEST + 100]
    if not targets:
        return END if END in ch else ch[0]
    best, pick = None, targets[0]
    for a in targets:
        sc = _looks_weak(v, a - CONTEST)
        if best is None or sc > best:
            best, pick = sc, a
    if END not in ch:
        return pick
    # obligations met: contest more only when it looks good
    if dt < 20 and (best >= 12 or (dt >= 17 and best >= 6)):
        return pick
    return END


def smart_bot(deal, seat, rng):
    ch = deal.choices(seat)
    if len(ch) == 1:
        return ch[0]
    v = deal.view(seat)
    if seat == v["dealer"]:
        return _dealer(v, ch, rng)
    return _player(v, seat, ch, rng)
