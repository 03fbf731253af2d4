"""Meri properties over 2,000+ bot-played deals with options drawn at random
from the table (seats = the `players` option): chips conserved (the ledger
never moves), every card in exactly one place after every action, every deal
ends within the step bound, replay reproduces the identical events and
transcript, the deal's team counts add up to its number of tricks and the
match totals to tricks x deals, and the visibility oracle on every 4th deal.

(The generic tests.props.run_deals draws the seat count independently of the
options; Meri needs seats == players, so this file runs its own loop with the
same per-step checks.)"""
import os
import sys
import time

import tools  # noqa: F401
from oya import rng
from oya.games import meri, meri_bot
from oya.session import Session
from tests.props import random_options, check_places, _check_replay

sys.path.insert(0, os.path.dirname(__file__))
from test_meri_engine import Knowledge, leak_check  # noqa: E402
from oya.games import options

DEALS = int(os.environ.get("MERI_PROP_DEALS", "2000"))
STEP_LIMIT = 200      # 4 robotta + 1 exchange + 48 plays at most


def test_two_thousand_bot_deals():
    seed = b"\x4d" * 32
    r = rng.Rng(seed)
    deals = acts = match_no = 0
    seen_opts = {}
    t0 = time.time()
    while deals < DEALS:
        match_no += 1
        mseed = rng.derive(seed, match_no)
        opts = random_options(options("meri"), r)
        for k, v in opts.items():
            seen_opts.setdefault(k, set()).add(v)
        n = opts["players"]
        bots = (meri_bot.random_bot, meri_bot.smart_bot)
        bot_a = bots[match_no % 2]
        bot_b = bots[(match_no // 2) % 2]
        s = Session("meri", "prop", opts, ["P%d" % (i + 1) for i in range(n)], None, None, mseed)
        m = s.match
        s.draw_first_dealer(rng.derive(mseed, 0))
        deck_sorted = sorted(m.deck())
        total = m.ledger.total()
        bot_rng = rng.Rng(rng.derive(mseed, 99))
        while not m.over() and deals < DEALS:
            state0 = m.state()
            deal = s.begin_deal()
            check_places(deal, deck_sorted)
            oracle = Knowledge(deal) if deals % 4 == 0 else None
            steps = 0
            while not deal.done:
                seat = deal.turn
                bot = bot_a if seat % 2 == 0 else bot_b
                s.act(bot(deal, seat, bot_rng), seat)
                steps += 1
                assert steps <= STEP_LIMIT
                assert m.ledger.total() == total
                check_places(deal, deck_sorted)
                if oracle is not None:
                    leak_check(deal, oracle)
            acts += steps
            assert sum(deal.result) == deal.ntricks == sum(deal.tricks)
            assert sum(deal.winners) >= 0 and len(deal.winners) == deal.ntricks
            _check_replay("meri", opts, m, state0, s.acts, deal)
            before = sum(m.teams)
            s.end_deal()
            assert sum(m.teams) == before + deal.ntricks
            deals += 1
        if m.over():
            assert sum(m.teams) == m.deal_no * (12 if n == 4 else 8)
            assert m.scores() == [m.teams[i % 2] for i in range(n)]
            assert m.ledger.chips == [0] * n
    dt = time.time() - t0
    # every value of every option was drawn at least once
    for e in options("meri"):
        if len(e) == 3 and not callable(e[2]):
            assert seen_opts[e[0]] == set(e[2]), e[0]
    assert acts > DEALS * 45
    print("meri props: %d deals, %d actions, %d matches in %.1fs" % (deals, acts, match_no, dt))
