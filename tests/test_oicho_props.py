"""Oicho-Kabu properties over 2,000+ bot-played deals with options drawn at
random from the table (the lead's generic harness): chips conserved after
every pay, every card in exactly one place after every event, each deal ends
within its step bound, replay reproduces the events and the transcript; plus
this game's visibility oracle after every action."""
import tools  # noqa: F401
from oya import rng
from oya.games import oicho
from tests.props import run_deals
from oya.games.oicho_options import DOMAE_MAX
from tests.test_oicho_engine import leak_check

# the longest deal: every chip of the domae bet one at a time, a DONE per
# child, the first card, a decision per column and the dealer's decision
STEP_BOUND = DOMAE_MAX + 10 + 1 + 5 + 1


def test_properties_over_2000_random_and_smart_deals():
    stats = run_deals("oicho", deals=2000, seed=rng.derive(b"oicho-props" + b"\x00" * 21, 1),
                      bots=("random", "smart"), step_limit=STEP_BOUND, leak_check=leak_check)
    assert stats["deals"] == 2000
    assert stats["actions"] > 2000 * 5


def test_properties_at_the_seat_extremes():
    for seats in ((2, 2), (10, 10)):
        stats = run_deals("oicho", deals=150, seed=bytes([seats[0]]) * 32, seats=seats,
                          bots=("smart", "random"), step_limit=STEP_BOUND, leak_check=leak_check)
        assert stats["deals"] == 150
