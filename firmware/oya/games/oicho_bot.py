# Oicho-Kabu bots. They decide from deal.view(seat) and deal.choices(seat)
# only, never from hidden cards.
#   random_bot  uniform over the legal choices.
#   smart_bot   bets on the columns whose first card is strong (7, 8 or 9),
#               sharing the domae fairly with the children still to bet;
#               says koi below 5, shimo from 6 and tosses a coin on 5; as the
#               dealer takes the top card and draws on 5 or less.
from oya.games.oicho import (DONE, KOI, SHIMO, TOP, KOI_COL, SHIMO_COL, BET, NONE,
                             hand_value)


def random_bot(deal, seat, rng):
    ch = deal.choices(seat)
    return ch[rng.below(len(ch))]


def _value(codes):
    return hand_value(bytes(c // 4 + 1 for c in codes[:2] if c != NONE))


def smart_bot(deal, seat, rng):
    ch = deal.choices(seat)
    if len(ch) == 1:
        return ch[0]
    v = deal.view(seat)
    ph = v["phase"]
    if ph == "first":
        return TOP if TOP in ch else ch[0]
    if ph == "dealer":
        return KOI if _value(v["hand"]) <= 5 and KOI in ch else SHIMO
    if ph == "koi":
        c = v["col"]
        val = _value(v["cols"][c - 1])
        koi = val < 5 or (val == 5 and rng.below(2) == 0)
        a = (KOI_COL if koi else SHIMO_COL) + c
        return a if a in ch else ch[0]
    return _smart_bet(v, seat, ch)


def _smart_bet(v, seat, ch):
    cols = v["cols"]
    mine = [0] * len(cols)
    for c in range(len(cols)):
        for b in v["bets"][c]:
            if b[0] == seat:
                mine[c] = b[1]
    budget = max(1, (v["room"] + sum(mine)) // (v["left"] + 1))
    open_cols = [c for c in range(len(cols)) if (c + 1) * BET + 1 in ch]
    strength = [(cols[c][0] // 4 + 1) % 10 for c in range(len(cols))]
    strong = [c for c in open_cols if strength[c] >= 7]
    strong.sort(key=lambda c: -strength[c])
    targets = strong[:2]
    if not targets and DONE not in ch:
        best = open_cols[0]
        for c in open_cols:
            if strength[c] > strength[best]:
                best = c
        targets = [best]
    per = max(1, budget // max(1, len(targets)))
    for c in targets:
        if mine[c] < per and sum(mine) < budget:
            k = min(per - mine[c], v["room"])
            a = (c + 1) * BET + k
            if a in ch:
                return a
    if DONE in ch:
        return DONE
    return ch[0]
