"""Oicho-Kabu properties over 2,000+ bot-played deals with options drawn at
random from the table (the lead's generic harness): chips conserved after
every pay, every card in exactly one place after every event, each deal ends
within its step bound, replay reproduces the events and the transcript; plus
this game's visibility oracle after every action. With the local yaku of
§6.4 on: chips conserved and every settlement paid at its winner's yaku's
multiplier."""
import tools  # noqa: F401
from oya import rng
from oya.games import oicho
from tests.props import run_deals, random_options
from oya.games.oicho_options import DOMAE_MAX
from tests.test_oicho_engine import (leak_check, play_deals, pays, stakes_of, strength, new_match, start,
                                    bet_all, finish)
from oya.games import options

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


# what each yaku wins at with every §6.4 option on (shared/rules/oicho_kabu.md)
WIN_MULT = {None: 1, "shippin": 2, "kuppin": 2, "nobori": 2, "kudari": 2, "arashi": 3, "arashi_kabu": 5}
ALL_LOCAL = {"nobori_kudari": "on", "arashi_kabu": "x5", "shippin_owner": "both", "pin_pay": "x2"}


def _yaku_hand(r):
    """Card values for a column or the dealer, a yaku's shape one time in two."""
    k = r.below(8)
    if k == 0:
        s = 1 + r.below(8)
        return [s, s + 1, s + 2] if r.below(2) else [s + 2, s + 1, s]
    if k < 4:
        return ([3, 3, 3], [1 + r.below(10)] * 3, [4, 1], [1, 4], [9, 1], [1, 9])[r.below(6)]
    h = [1 + r.below(10) for _ in range(2 + r.below(2))]
    return h[:2] if sorted(h[:2]) in ([1, 4], [1, 9]) else h     # (a pin yaku is never drawn to)


def _rigged_deals(r, n, per_deal):
    """n deals on stocks that deal the hands of _yaku_hand (every column bet,
    draws free, so each hand is played as drawn) and random stakes."""
    done = 0
    while done < n:
        o = dict(ALL_LOCAL, draw_restrictions="none", maki_fuda="off",
                 pin_yaku_order=("strict", "any")[r.below(2)], tie=("dealer_wins", "push")[r.below(2)],
                 dealer_buta=("contest", "no_contest")[r.below(2)])
        cols = [_yaku_hand(r) for _ in range(4)]
        dealer = _yaku_hand(r)
        m = new_match(3, **o)
        try:
            d = start(m, cols, dealer)
        except ValueError:              # a fifth card of a value: draw again
            continue
        bet_all(d, [(1, 1, 1 + r.below(2)), (1, 2, 1 + r.below(2)), (2, 3, 1 + r.below(2)),
                    (2, 4, 1 + r.below(2))])
        per_deal(finish(d, cols, dealer))
        done += 1


def test_local_yaku_conserve_chips_and_pay_the_winners_multiplier():
    """With the four local-yaku options on: the ledger total never moves,
    every hand shown is named as the oracle of tests/test_oicho_engine.py
    names it, and every settlement moves the stake times the multiplier of
    the winner's yaku. Bot-played deals (the other options drawn at random
    per match), then deals on stocks rigged towards the yaku, which a
    shuffled deck deals too rarely (3-3-3 above all) to check each multiplier."""
    stats = {"deals": 0, "settled": 0, "returned": 0, "won_by": {}}

    def conserved(d):
        assert d.ledger.total() == sum(d.match.start_chips)

    def settled(d):
        conserved(d)
        if d.void:
            return
        shown = {}
        for e in d.events:
            if e[0] == "show":
                ranks = oicho.ranks_of(e[2])
                assert e[4] == strength(ranks, e[1] == "dealer", d.opts)[3], (e, d.opts)
                shown[e[1]] = e[4]
        stakes = stakes_of(d)
        paid = set()
        for frm, to, n, why, col in pays(d):
            child = to if frm == d.dealer else frm
            y = shown["dealer"] if to == d.dealer else shown["col:%d" % col]
            assert n == stakes[(child, col)] * WIN_MULT[y], (n, y, why, shown)
            assert why in (y, "higher", "oyaken"), (why, y)
            paid.add((child, col))
            stats["won_by"][y] = stats["won_by"].get(y, 0) + 1
        stats["settled"] += len(paid)
        stats["returned"] += len(set(stakes) - paid)
        stats["deals"] += 1

    seed = b"oicho-local" + b"\x00" * 21
    r = rng.Rng(rng.derive(seed, 1))
    for i in range(300):
        o = random_options(options("oicho"), r)
        o["deals_per_match"] = 12
        o.update(ALL_LOCAL)
        for m in play_deals(1, rng.derive(seed, 2 + i), opts=o, per_step=conserved, per_deal=settled):
            pass
    bot_deals = stats["deals"]
    _rigged_deals(r, 3000, settled)
    print("local yaku: %d deals (%d bot-played), %d settlements checked, %d stakes returned, won by %s" % (
        stats["deals"], bot_deals, stats["settled"], stats["returned"],
        sorted(stats["won_by"].items(), key=str)))
    assert bot_deals > 3000 and stats["settled"] > 15000
    # every yaku won settlements, so each multiplier was checked
    assert all(stats["won_by"].get(y, 0) >= 20 for y in WIN_MULT), stats["won_by"]
