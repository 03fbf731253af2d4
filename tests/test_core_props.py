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
from tests import chisquare  # noqa: E402

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


# A fair shuffle fails this test (20 positions) with probability 1e-4; the
# seed is fixed, so it passes or fails the same way on every run.
LIMIT_20 = chisquare.limit(19, 1e-4, 20)
SHUFFLES = 80000


def test_shuffle_is_uniform_per_position():
    r = rng.Rng(rng.derive(b"\x05" * 32, 1))
    worst = max(chisquare.per_position(r.shuffle, 20, SHUFFLES))
    assert worst < LIMIT_20, worst


def biased_shuffle(seed):
    """A shuffle that moves card 0 to the top one time in a hundred more than
    chance: the uniformity check must catch it."""
    r = rng.Rng(rng.derive(seed, 7))
    b = rng.Rng(rng.derive(seed, 8))

    def shuffle(d):
        r.shuffle(d)
        if b.below(100) == 0:
            i = d.index(0)
            d[0], d[i] = d[i], d[0]
    return shuffle


def test_uniformity_check_catches_a_one_percent_bias():
    assert max(chisquare.per_position(biased_shuffle(b"\x05" * 32), 20, SHUFFLES)) > LIMIT_20


def test_chi_square_tail_matches_the_tables():
    # the 95th percentiles of the printed tables
    for df, x in ((1, 3.841), (10, 18.307), (19, 30.144), (51, 68.669)):
        assert abs(chisquare.survival(df, x) - 0.05) < 1e-4
    # a limit is the quantile its positions share the run's chance between
    assert abs(chisquare.survival(19, chisquare.limit(19, 1e-4, 20)) - 5e-6) < 1e-9


def test_generic_properties_on_the_trivial_game():
    from tests.props import run_deals
    stats = run_deals("_highcard", deals=300, seed=b"\x09" * 32, bots=("random",))
    assert stats["deals"] == 300 and stats["actions"] > 600
