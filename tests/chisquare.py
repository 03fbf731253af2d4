"""Shuffle uniformity by chi-square per position, with limits that hold for a
whole run: the test and `make soak` check many positions at once, and taking
each position's 99.99th percentile would fail a fair shuffle in ~1.6% of
soaks (160 positions over the four deck sizes). The limit is set so that a
fair shuffle fails the whole family of positions with probability `alpha`
(Bonferroni), from the exact chi-square tail."""
import math


def per_position(shuffle, deck_size, shuffles):
    """The chi-square statistic of each position of a shuffled deck (how far
    the cards that land there are from uniform), deck_size - 1 degrees of
    freedom each."""
    counts = [[0] * deck_size for _ in range(deck_size)]
    for _ in range(shuffles):
        d = bytearray(range(deck_size))
        shuffle(d)
        for pos, c in enumerate(d):
            counts[pos][c] += 1
    expected = shuffles / deck_size
    return [sum((x - expected) ** 2 / expected for x in row) for row in counts]


def survival(df, x):
    """P(X >= x) for X chi-square with df degrees of freedom: the regularized
    upper incomplete gamma Q(df/2, x/2), by its series below a + 1 and its
    continued fraction above (Numerical Recipes, 6.2)."""
    a, x = df / 2.0, x / 2.0
    if x <= 0:
        return 1.0
    front = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > 1e-16 * total:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - front * total)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > tiny else tiny)
        c = b + an / (c if abs(c) > tiny else tiny)
        step = d * c
        h *= step
        if abs(step - 1) < 1e-16:
            break
    return front * h


def limit(df, alpha, positions):
    """The statistic a fair shuffle exceeds at any of `positions` positions
    with probability at most alpha: the (1 - alpha/positions) quantile."""
    p = alpha / positions
    lo, hi = 0.0, float(df)
    while survival(df, hi) > p:
        hi *= 2
    for _ in range(100):
        mid = (lo + hi) / 2
        if survival(df, mid) > p:
            lo = mid
        else:
            hi = mid
    return hi
