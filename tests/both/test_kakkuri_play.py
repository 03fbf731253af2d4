# Whole bot-played Kakkuri deals on both runtimes: chips conserved, every card
# in one place, the deal ends, and the same seed and actions replay to the
# same events. Runtime-neutral.
from oya import rng
from oya.games import kakkuri_search as KS
from oya.games.kakkuri_bot import random_bot, smart_bot
from kakkuri_util import new_match


def _play(nseats, seed, bot, deals=2):
    m = new_match(nseats)
    r = rng.Rng(seed)
    deck = list(range(48))
    for k in range(deals):
        s = rng.derive(seed, k)
        state0 = m.state()
        d = m.start_deal(s)
        total = m.ledger.total()
        acts = []
        steps = 0
        while not d.done:
            seat = d.turn
            a = bot(d, seat, r)
            d.act(a, seat)
            acts.append((seat, a))
            steps += 1
            assert steps < 500
            assert m.ledger.total() == total
            got = []
            for place, cs in d.places():
                got.extend(cs)
            assert sorted(got) == deck
        twin = new_match(nseats)
        twin.restore(state0)
        d2 = twin.start_deal(s)
        for seat, a in acts:
            d2.act(a, seat)
        assert d2.events == d.events
        assert m.ledger.pot == 0
        m.finish_deal()
    return m


def test_random_bots_seven_seats():
    m = _play(7, b"\x11" * 32, random_bot)
    assert m.deal_no == 2 and sum(m.ledger.chips) == 140


def test_smart_bots_eight_seats():
    m = _play(8, b"\x12" * 32, smart_bot)
    assert m.deal_no == 2 and sum(m.ledger.chips) == 160


def test_smart_bots_six_seats_summary_rules():
    m = new_match(6, ori_window="any_time_before_playing", after_twelve="same_turn_only",
                  pass_circle="including_last_player")
    r = rng.Rng(b"\x13" * 32)
    d = m.start_deal(b"\x14" * 32)
    while not d.done:
        d.act(smart_bot(d, d.turn, r))
    assert sum(m.ledger.chips) == 120 and m.ledger.pot == 0


def test_the_searchs_literal_tables_say_what_the_rules_say():
    # written out as literals (frozen, they stay in flash): each as its rule
    assert KS._RANKS == tuple(range(1, 13))
    after = [KS._RANKS]                  # a play's first unit: any rank
    for p in range(1, 12):
        after.append((p, p + 1) if p <= 2 else (p + 1,))   # 1-2: the same again (tsukeuchi) or the next
    after.append(KS._RANKS[:-1])         # after 12: anything but 12
    assert KS._AFTER == tuple(after)
    assert KS._ZEROS == (0,) * 13
