"""Core properties on CPython: ledger conservation under random transfers,
shuffle uniformity (with a check that the test catches a 1% bias), and the
generic deal properties on the trivial test game."""
import sys
import os

from hypothesis import given, settings, strategies as st

import tools  # noqa: F401
from oya import rng
from oya.ledger import Ledger, LedgerError, POT
from oya.games import EXTRA

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "both"))
import highcard  # noqa: E402

EXTRA["_highcard"] = highcard


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 60), min_size=2, max_size=10),
       st.booleans(),
       st.lists(st.tuples(st.integers(-1, 9), st.integers(-1, 9), st.integers(0, 80)), max_size=60))
def test_ledger_conserves_under_random_transfers(chips, negative, moves):
    led = Ledger(["s%d" % i for i in range(len(chips))], chips, allow_negative=negative)
    total = led.total()
    n = len(chips)
    for frm, to, amt in moves:
        frm = POT if frm < 0 else frm % n
        to = POT if to < 0 else to % n
        before = (list(led.chips), led.pot)
        try:
            led.transfer(frm, to, amt, "x")
        except LedgerError:
            assert (led.chips, led.pot) == before, "a refused transfer moved chips"
        assert led.total() == total
        assert led.pot >= 0
        if not negative:
            assert min(led.chips) >= 0


def chi_square_per_position(shuffle, deck_size, shuffles):
    """Largest chi-square statistic over the positions of a shuffled deck."""
    counts = [[0] * deck_size for _ in range(deck_size)]
    for _ in range(shuffles):
        d = bytearray(range(deck_size))
        shuffle(d)
        for pos, c in enumerate(d):
            counts[pos][c] += 1
    expected = shuffles / deck_size
    worst = 0.0
    for row in counts:
        worst = max(worst, sum((x - expected) ** 2 / expected for x in row))
    return worst


# chi-square with 19 degrees of freedom: the 99.99th percentile is about 50.
# Taking the worst of 20 positions, a fair shuffle stays below it with
# probability ~0.998.
LIMIT_19DF = 50.0
SHUFFLES = 80000


def test_shuffle_is_uniform_per_position():
    r = rng.Rng(rng.derive(b"\x05" * 32, 1))
    worst = chi_square_per_position(r.shuffle, 20, SHUFFLES)
    assert worst < LIMIT_19DF, worst


def test_uniformity_check_catches_a_one_percent_bias():
    # the same check against a shuffle that moves card 0 to the top one time
    # in a hundred more than chance: it must fail
    r = rng.Rng(rng.derive(b"\x05" * 32, 2))
    biased_rng = rng.Rng(rng.derive(b"\x05" * 32, 3))

    def biased(d):
        r.shuffle(d)
        if biased_rng.below(100) == 0:
            i = d.index(0)
            d[0], d[i] = d[i], d[0]

    assert chi_square_per_position(biased, 20, SHUFFLES) > LIMIT_19DF


def test_generic_properties_on_the_trivial_game():
    from tests.props import run_deals
    stats = run_deals("_highcard", deals=300, seed=b"\x09" * 32, bots=("random",))
    assert stats["deals"] == 300 and stats["actions"] > 600
