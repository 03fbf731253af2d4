# Settling up: who gives whom how many chips so that every player's net
# comes to zero. Loaded only when a settle-up is shown or printed.
#
# A pair of players with equal and opposite nets settles with one transfer
# first; the rest goes from the largest debtor to the largest creditor, each
# transfer clearing at least one of the two, so there are never more
# transfers than one fewer than the players with a net.

# (payer, payee, chips[, points]) in each language; Japanese is in kana
_GIVES = ("%s gives %s %d", "%s カラ %s ヘ %d")
_POINTS = (" (%d pt)", " (%d テン)")


def transfers(nets):
    """The transfers that settle `nets` (one int per player, summing to
    zero): a list of (payer, payee, chips) with player indices and chips
    > 0, in a fixed order (the pairs by payer's seat, then the greedy pass).
    ValueError when the nets do not sum to zero."""
    left = list(nets)
    if sum(left) != 0:
        raise ValueError("nets do not sum to zero")
    n = len(left)
    out = []
    for i in range(n):
        a = left[i]
        if a < 0:
            for j in range(n):
                if left[j] == -a:
                    out.append((i, j, -a))
                    left[i] = left[j] = 0
                    break
    while True:
        d = c = 0
        for i in range(1, n):
            if left[i] < left[d]:
                d = i
            if left[i] > left[c]:
                c = i
        if n == 0 or left[c] == 0:
            return out
        a = left[c] if left[c] < -left[d] else -left[d]
        out.append((d, c, a))
        left[d] += a
        left[c] -= a


def lines(nets, names, lang=0, per_chip=0):
    """The settle-up as lines of text in `lang` (0 English, 1 Japanese),
    one per transfer: "P3 gives P1 12", and its worth in points after it
    when `per_chip` (points a chip, an integer) is set: "... (120 pt)"."""
    k = 1 if lang else 0
    out = []
    for d, c, a in transfers(nets):
        s = _GIVES[k] % (names[d], names[c], a)
        if per_chip:
            s += _POINTS[k] % (a * per_chip)
        out.append(s)
    return out
