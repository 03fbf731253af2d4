# Settling up: the transfers settle every net exactly, in at most one fewer
# than the players with a net, pairs with equal and opposite nets first; the
# count is checked against an exhaustive search for the fewest transfers.
from oya import settle


class _Lcg:
    """A seeded stream of ints, the same on both runtimes."""

    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n


def _nets(r, n, span):
    """n ints summing to zero, some zero, some equal and opposite."""
    nets = [r.below(2 * span + 1) - span for _ in range(n - 1)]
    if n > 2 and r.below(3) == 0:                # an equal and opposite pair
        nets[r.below(n - 1)] = -nets[r.below(n - 1)]
    if r.below(4) == 0:
        nets[r.below(n - 1)] = 0
    nets.append(-sum(nets))
    return nets


def _fewest(nets):
    """The fewest transfers that settle `nets`, by exhaustive search: the
    first unsettled net is settled against each net of the other sign in
    turn (a plain reference, exponential in the players)."""
    debt = [x for x in nets if x]

    def go(i):
        while i < len(debt) and debt[i] == 0:
            i += 1
        if i == len(debt):
            return 0
        best = len(debt)
        for j in range(i + 1, len(debt)):
            if debt[j] * debt[i] < 0:
                debt[j] += debt[i]
                best = min(best, 1 + go(i + 1))
                debt[j] -= debt[i]
        return best
    return go(0)


def _check(nets):
    ts = settle.transfers(nets)
    left = list(nets)
    for d, c, a in ts:
        assert a > 0 and d != c and nets[d] < 0 < nets[c], (nets, ts)
        left[d] += a
        left[c] -= a
    assert left == [0] * len(nets), (nets, ts)          # every net settled exactly
    live = len([x for x in nets if x])
    assert len(ts) <= max(0, live - 1), (nets, ts)
    for v in nets:                                       # equal and opposite pairs: one transfer each
        if v > 0:
            pairs = min(nets.count(v), nets.count(-v))
            alone = [t for t in ts if t[2] == v and nets[t[0]] == -v and nets[t[1]] == v
                     and len([u for u in ts if t[0] in u[:2] or t[1] in u[:2]]) == 1]
            assert len(alone) == pairs, (nets, ts)
    assert settle.transfers(nets) == ts                  # the same order every time
    return ts


def test_random_nets_are_settled_exactly_in_at_most_n_minus_one():
    r = _Lcg(63)
    for k in range(3000):
        _check(_nets(r, 2 + k % 9, 1 + r.below(60)))


def test_greedy_is_fewest_up_to_five_with_a_net_and_never_more_than_n_minus_one():
    r = _Lcg(7)
    for k in range(400):
        n = 2 + k % 5                                    # 2..6 players
        nets = _nets(r, n, 1 + r.below(12))
        ts = _check(nets)
        best = _fewest(nets)
        live = len([x for x in nets if x])
        assert best <= len(ts)
        if live <= 5:                                    # no zero-sum split but pairs
            assert len(ts) == best, (nets, ts, best)


def test_the_greedy_can_miss_a_split_into_two_threes_the_reference_finds():
    nets = [-3, -4, 7, -5, -6, 11]
    assert _fewest(nets) == 4
    assert len(_check(nets)) == 5


def test_known_settlements_in_order():
    assert settle.transfers([]) == []
    assert settle.transfers([0, 0, 0]) == []
    assert settle.transfers([12, 0, -12]) == [(2, 0, 12)]
    # the pair (-5, 5) first, then largest debtor to largest creditor
    assert settle.transfers([-5, 9, 5, -6, -3]) == [(0, 2, 5), (3, 1, 6), (4, 1, 3)]
    assert settle.transfers([-10, 4, 3, 3]) == [(0, 1, 4), (0, 2, 3), (0, 3, 3)]


def test_nets_that_do_not_sum_to_zero_are_refused():
    try:
        settle.transfers([3, -2])
    except ValueError as e:
        assert "zero" in str(e)
    else:
        raise AssertionError("a net that does not balance is refused")


def test_lines_in_both_languages_with_and_without_points():
    nets = [12, 0, -12]
    names = ["P1", "P2", "P3"]
    assert settle.lines(nets, names) == ["P3 gives P1 12"]
    assert settle.lines(nets, names, 0, 10) == ["P3 gives P1 12 (120 pt)"]
    assert settle.lines(nets, names, 1) == ["P3 カラ P1 ヘ 12"]
    assert settle.lines(nets, names, 1, 10) == ["P3 カラ P1 ヘ 12 (120 テン)"]
    assert settle.lines([0, 0], ["A", "B"]) == []
