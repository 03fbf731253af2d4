# Bots for 4-nin Meri. They see only deal.view(seat) and deal.choices(seat).
#   random_bot: uniform over the legal actions.
#   smart_bot:  announces robotta with a trump-rich hand (else keeps the J
#               hidden for its 5-hiki chance); as start player takes the okie
#               and drops its lowest plain card; leads a trump (meri) to draw
#               trumps when holding many, else its best plain card; follows
#               suit low when the partner is winning (else its cheapest
#               card, a plain one before a trump); when the opponents are
#               winning, beats them cheaply: a trump face down, or the lowest
#               card of the suit led that wins.
from oya.games.meri import (ROBOTTA, HIDE, EXCHANGE, PLAY, PLAY_DOWN, HIDDEN,
                            suit, strength)


def random_bot(deal, seat, rng):
    ch = deal.choices(seat)
    return ch[rng.below(len(ch))]


def _card(a):
    return a - PLAY_DOWN if a >= PLAY_DOWN else a - PLAY


def smart_bot(deal, seat, rng):
    ch = deal.choices(seat)
    if len(ch) == 1:
        return ch[0]
    v = deal.view(seat)
    hand = v["hand"]
    t = v["trump"]
    phase = v["phase"]
    ntr = 0
    for c in hand:
        if suit(c) == t:
            ntr += 1
    if phase == "robotta":
        if ROBOTTA in ch and ntr >= 4:
            return ROBOTTA
        return HIDE
    if phase == "exchange":
        cands = [a - EXCHANGE for a in ch if EXCHANGE <= a < PLAY]
        plain = [c for c in cands if suit(c) != t]
        pool = plain or cands
        low = pool[0]
        for c in pool:
            if strength(c) < strength(low):
                low = c
        return EXCHANGE + low
    return _play(v, ch, seat, t, ntr)


def _low(ch, t):
    """The cheapest legal card: a plain card before a trump, low rank first."""
    best = ch[0]
    bk = None
    for a in ch:
        c = _card(a)
        k = (1 if suit(c) == t else 0, strength(c))
        if bk is None or k < bk:
            best, bk = a, k
    return best


def _play(v, ch, seat, t, ntr):
    trick = v["cards"]
    n = len(v["counts"])
    if len(trick) == 0:
        # leading: meri to draw trumps when holding many (not allowed on trick 1)
        tr = [a for a in ch if suit(_card(a)) == t]
        plain = [a for a in ch if suit(_card(a)) != t]
        if tr and (not plain or (v["trick"] > 1 and ntr * 2 >= len(v["hand"]) and ntr >= 3)):
            best = tr[0]
            for a in tr:
                if strength(_card(a)) > strength(_card(best)):
                    best = a
            return best
        best = plain[0]
        for a in plain:
            if strength(_card(a)) > strength(_card(best)):
                best = a
        return best
    leader = v["leader"]
    led = suit(trick[0])
    meri = v["meri"]
    mine = seat % 2
    # who is winning what the table can see
    win_seat = leader
    win_card = trick[0]
    hidden_opp = hidden_mine = False
    for i in range(1, len(trick)):
        s = (leader + i) % n
        c = trick[i]
        if c == HIDDEN:
            if s % 2 == mine:
                hidden_mine = True
            else:
                hidden_opp = True
            continue
        if suit(c) == suit(win_card) and strength(c) > strength(win_card):
            win_seat, win_card = s, c
        elif suit(c) == t and suit(win_card) != t:
            win_seat, win_card = s, c
    if hidden_opp:
        partner_wins = False
    elif hidden_mine:
        partner_wins = True
    else:
        partner_wins = win_seat % 2 == mine
    if partner_wins:
        # follow suit low (in the free state too), else the cheapest card
        follow = [a for a in ch if a < PLAY_DOWN and suit(_card(a)) == led]
        if follow and not meri:
            return _lowest(follow)
        return _low(ch, t)
    if meri:
        beat = [a for a in ch if suit(_card(a)) == t and strength(_card(a)) > strength(win_card)]
        if beat:
            return _lowest(beat)
        return _low(ch, t)
    downs = [a for a in ch if a >= PLAY_DOWN]
    if downs:
        if hidden_opp:
            best = downs[0]
            for a in downs:
                if strength(_card(a)) > strength(_card(best)):
                    best = a
            return best
        return _lowest(downs)
    if not hidden_opp:
        beat = [a for a in ch if suit(_card(a)) == led and suit(win_card) == led
                and strength(_card(a)) > strength(win_card)]
        if beat:
            return _lowest(beat)
    return _low(ch, t)


def _lowest(acts):
    best = acts[0]
    for a in acts:
        if strength(_card(a)) < strength(_card(best)):
            best = a
    return best
