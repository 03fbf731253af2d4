"""Generic property checks over bot-played deals, for every engine.

    from tests.props import run_deals, random_options
    stats = run_deals("oicho", deals=2000, seed=b"...", seats=(2, 10))

Checked after every action: the ledger total never changes (so every pay
event conserved chips); places() holds every card of the deck exactly once;
seen(seat) of each seat and of the table hold only cards that are somewhere.
Checked per deal: it ends within a step bound; replaying (options, seats,
state, seed, actions) reproduces the identical events; the transcript built
from the replay is byte-for-byte the transcript of the original.
Each game's own visibility oracle is the game's own test (`leak_check`).
"""
import json

import tools  # noqa: F401  (firmware on sys.path)
from oya import rng, rules
from oya.games import load
from oya.session import Session, replay_deal, new_match
from tools import transcript
from tools.play import bots_for
from oya.games import options


def random_options(table, r):
    """One value per option, drawn uniformly from its allowed values (ranges:
    a value near the default, so matches stay playable)."""
    out = {}
    for e in table:
        if len(e) == 4:
            lo, hi = e[2], e[3]
            base = e[1] if e[1] is not None else lo
            cand = [v for v in (base, base + 1, base * 2, lo, max(lo, base - 1)) if lo <= v <= hi]
            if e[1] is None:
                cand.append(None)
            out[e[0]] = cand[r.below(len(cand))]
        elif callable(e[2]):
            out[e[0]] = e[1]
        else:
            out[e[0]] = e[2][r.below(len(e[2]))]
    return out


def check_places(deal, deck_sorted):
    got = []
    for _, cs in deal.places():
        got.extend(cs)
    got.sort()
    assert got == deck_sorted, "cards lost or duplicated: %d in places, %d in the deck" % (
        len(got), len(deck_sorted))


def run_deals(game, deals=2000, seed=b"\x00" * 32, seats=None, bots=("random", "smart"),
              option_draw=True, step_limit=3000, leak_check=None, deals_per_match=8):
    """Play `deals` deals in matches of up to `deals_per_match` deals, options
    drawn at random per match; assert the properties. Returns counters."""
    mod = load(game)
    lo, hi = seats or mod.MATCH.SEATS
    r = rng.Rng(seed)
    n_deals = 0
    n_acts = 0
    match_no = 0
    while n_deals < deals:
        match_no += 1
        mseed = rng.derive(seed, match_no)
        opts = random_options(options(game), r) if option_draw else rules.defaults(options(game))
        nseats = lo + r.below(hi - lo + 1)
        if isinstance(opts.get("players"), int):    # games whose seat count is an option
            nseats = opts["players"]
        bot = bots_for(game, bots[match_no % len(bots)])
        s = Session(game, "prop", opts, ["P%d" % (i + 1) for i in range(nseats)], None, None, mseed)
        m = s.match
        s.draw_first_dealer(rng.derive(mseed, 0))
        deck_sorted = sorted(m.deck())
        total = m.ledger.total()
        bot_rng = rng.Rng(rng.derive(mseed, 99))
        started = 0
        while not m.over() and m.deal_no < deals_per_match and started < 4 * deals_per_match:
            state0 = m.state()
            deal = s.begin_deal()
            started += 1
            steps = 0
            while not deal.done:
                seat = deal.turn
                s.act(bot(deal, seat, bot_rng), seat)
                steps += 1
                n_acts += 1
                assert steps <= step_limit, "%s deal did not end in %d steps" % (game, step_limit)
                assert m.ledger.total() == total, "chips not conserved"
                check_places(deal, deck_sorted)
                if leak_check is not None:
                    leak_check(deal)
            _check_replay(game, opts, m, state0, s.acts, deal)
            s.end_deal()
            n_deals += 1
            if n_deals >= deals:
                break
    return {"deals": n_deals, "actions": n_acts, "matches": match_no}


def _check_replay(game, opts, m, state0, acts, deal):
    twin = new_match(game, opts, m.ledger.names, m.start_chips)
    twin.restore(state0)
    again = replay_deal(twin, m.deal_seed, acts)
    assert again.events == deal.events, "replay differs"
    kind = m.deck_kind()
    a = transcript.deal_json(kind, 1, deal.dealer, m.deal_seed, deal.events, m.ledger.chips)
    b = transcript.deal_json(kind, 1, again.dealer, twin.deal_seed, again.events, twin.ledger.chips)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True), "transcript differs"
