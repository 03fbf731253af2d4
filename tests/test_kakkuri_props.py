"""Kakkuri properties over 2,000+ bot-played deals with options drawn at
random from the table (the lead's generic harness): chips conserved after
every pay, every card in exactly one place after every event, each deal ends
within its step bound, replay reproduces the events and the transcript; plus
this game's visibility oracle. A second run lets seats act out of turn
(looks during fuwari, folds during play), which the generic harness never does."""
import tools  # noqa: F401
from oya import rng, rules
from oya.games import kakkuri as K
from oya.games.kakkuri_bot import random_bot, smart_bot
from oya.session import Session, replay_deal, new_match
from tests.props import run_deals, random_options, check_places
from tests.test_kakkuri_engine import leak_check
from oya.games import options

# A proven bound: fuwari offers and looks (7 + 8), utazu (1), folds (7),
# sanzoku (8), plays and hako turns together at most 48 (each moves a card),
# and between two of those (or before the first, or after the last) at most
# one pass per seat.
STEP_BOUND = 7 + 8 + 1 + 7 + 8 + 48 + 49 * 8


def _leak_sometimes():
    n = [0]

    def check(deal):
        n[0] += 1
        if n[0] % 10 == 0:
            leak_check(deal)
    return check


def test_properties_over_2000_random_and_smart_deals():
    stats = run_deals("kakkuri", deals=2000, seed=rng.derive(b"kakkuri-props" + b"\x00" * 19, 1),
                      bots=("random", "smart"), step_limit=STEP_BOUND, leak_check=_leak_sometimes())
    assert stats["deals"] == 2000
    assert stats["actions"] > 2000 * 20


def test_properties_with_out_of_turn_actions():
    r = rng.Rng(rng.derive(b"kakkuri-oot" + b"\x00" * 21, 1))
    deck = sorted(range(48))
    deals = 0
    oot = 0
    for i in range(80):
        opts = random_options(options("kakkuri"), r)
        nseats = 6 + r.below(3)
        mseed = rng.derive(b"kakkuri-oot" + b"\x00" * 21, 10 + i)
        s = Session("kakkuri", "prop", opts, ["P%d" % j for j in range(nseats)], None, None, mseed)
        m = s.match
        s.draw_first_dealer(rng.derive(mseed, 0))
        total = m.ledger.total()
        brng = rng.Rng(rng.derive(mseed, 99))
        for k in range(5):
            if m.over():
                break
            state0 = m.state()
            d = s.begin_deal()
            steps = 0
            while not d.done:
                seat = d.turn
                others = [x for x in range(nseats) if x != seat and d.choices(x)]
                if others and r.below(4) == 0:
                    seat = others[r.below(len(others))]
                    ch = d.choices(seat)
                    s.act(ch[r.below(len(ch))], seat)
                    oot += 1
                else:
                    s.act((random_bot if i % 2 else smart_bot)(d, seat, brng), seat)
                steps += 1
                assert steps <= STEP_BOUND
                assert m.ledger.total() == total
                check_places(d, deck)
                leak_check(d)
            twin = new_match("kakkuri", opts, m.ledger.names, m.start_chips)
            twin.restore(state0)
            assert replay_deal(twin, m.deal_seed, s.acts).events == d.events
            assert m.ledger.pot == 0
            s.end_deal()
            deals += 1
    assert deals >= 250 and oot > 300
