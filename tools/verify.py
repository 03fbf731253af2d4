"""`python -m tools verify TRANSCRIPT.json`: replay every deal of a transcript
through the engines and check the commitment against the seed, every event
and the chip totals.

`python -m tools verify --game G [--ruleset R] --seats P1,P2,P3 [--chips 50,50,50]
[--dealer D] --seed HEX --actions S:A,S:A,...` replays one deal copied from a
printed slip (seat:action codes as printed) and prints its transcript."""
import argparse
import json
import sys

import tools  # noqa: F401
from oya import rng
from oya.compat import unhex
from oya.games import load
from oya.match import Match
from tools import transcript
from tools.play import resolve_options


class Mismatch(Exception):
    pass


def _acts_of(deal_events):
    """(seat, do, args) of every act event of a transcript deal."""
    out = []
    for e in deal_events:
        if e["t"] == "act":
            args = dict((k, v) for k, v in e.items() if k not in ("t", "seat", "do"))
            out.append((e["seat"], e["do"], args or None))
    return out


def _enter(deal, entered, where):
    """A table-deck deal: the cards it asks for now, from the transcript's
    `entered` list (each must be the card asked for, a card the deck holds)."""
    while getattr(deal, "wants", None) is not None:
        if not entered:
            raise Mismatch("%s: the deal asks for card %d, none was entered" % (where, deal.wants.k))
        e = entered.pop(0)
        if e["n"] != deal.wants.k:
            raise Mismatch("%s: card %d entered when card %d was asked for" % (where, e["n"], deal.wants.k))
        try:
            deal.act(deal.encode("enter", {"card": e["card"]}), e["seat"])
        except Exception as ex:
            raise Mismatch("%s: card %s by seat %d is not possible here (%s)" % (where, e["card"], e["seat"], ex))


def verify_transcript(t):
    """Raise Mismatch on the first problem; return a summary line."""
    game = t.get("game")
    mod = load(game)
    opts = t["ruleset"]["options"]
    names = [s["name"] for s in t["seats"]]
    chips = [s["chips"] for s in t["seats"]]
    m = mod.MATCH(opts, names, chips)
    m.table = t.get("deal") == "table"     # real cards: the rules and the chips, not a shuffle
    kind = m.deck_kind()
    classes = transcript.by_class(game, m.table)
    total = sum(chips)
    fd = t.get("first_dealer")
    if fd:
        seed = unhex(fd["seed"])
        if rng.commit(seed) != fd["commit"]:
            raise Mismatch("first dealer: the seed does not match its commitment")
        m.choose_first_dealer(seed)
        if m.dealer != fd["seat"]:
            raise Mismatch("first dealer: the seed gives seat %d, not %d" % (m.dealer, fd["seat"]))
    elif t["deals"]:
        m.dealer = t["deals"][0]["dealer"]
    for d in t["deals"]:
        where = "deal %d" % d["n"]
        seed = None
        if not m.table:
            seed = unhex(d["seed"])
            if rng.commit(seed) != d["commit"]:
                raise Mismatch(where + ": the seed does not match its commitment")
        if d["dealer"] != m.dealer:
            raise Mismatch(where + ": dealer should be seat %d, not %d" % (m.dealer, d["dealer"]))
        deal = m.start_deal(seed)
        entered = list(d.get("entered") or ()) if m.table else []
        for seat, do, args in _acts_of(d["events"]):
            _enter(deal, entered, where)
            try:
                deal.act(deal.encode(do, args), seat)
            except Exception as e:
                raise Mismatch("%s: act %s by seat %d is not legal here (%s)" % (where, do, seat, e))
        _enter(deal, entered, where)
        if entered:
            raise Mismatch("%s: %d cards entered that the deal never asked for" % (where, len(entered)))
        got = [transcript.event_json(kind, e, classes) for e in deal.events]
        if got != d["events"]:
            for i, (a, b) in enumerate(zip(got, d["events"])):
                if a != b:
                    raise Mismatch("%s: event %d should be %s, the transcript has %s" % (
                        where, i + 1, json.dumps(a), json.dumps(b)))
            raise Mismatch("%s: %d events replayed, the transcript has %d" % (where, len(got), len(d["events"])))
        if not deal.done:
            raise Mismatch(where + ": the deal does not end")
        if m.ledger.total() != total:
            raise Mismatch(where + ": chips not conserved")
        m.finish_deal()
        if m.scores() != d["balances"]:
            raise Mismatch("%s: balances should be %s, the transcript has %s" % (
                where, m.scores(), d["balances"]))
    final = m.scores()
    if final != t["final"]:
        raise Mismatch("final scores should be %s, the transcript has %s" % (final, t["final"]))
    return "%s: %d deals verified, final %s" % (game, len(t["deals"]), final)


def verify_slip(game, ruleset, seats, chips, dealer, seed_hex, actions, option_args=()):
    mod = load(game)
    name, opts = resolve_options(game, option_args, ruleset)
    names = seats.split(",") if not seats.isdigit() else ["P%d" % (i + 1) for i in range(int(seats))]
    chip_list = [int(c) for c in chips.split(",")] if chips else None
    m = mod.MATCH(opts, names, chip_list, dealer)
    m.history = []
    seed = unhex(seed_hex)
    deal = m.start_deal(seed)
    for item in [a for a in actions.replace(" ", "").split(",") if a]:
        seat, act = item.split(":")
        deal.act(int(act), int(seat))
    if not deal.done:
        raise Mismatch("the actions stop before the deal ends (turn: seat %d)" % deal.turn)
    m.finish_deal()
    return transcript.build(m, name)


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m tools verify", description=__doc__.split("\n")[0])
    ap.add_argument("transcript", nargs="?")
    ap.add_argument("--game")
    ap.add_argument("--ruleset")
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--seats", default="3")
    ap.add_argument("--chips")
    ap.add_argument("--dealer", type=int, default=0)
    ap.add_argument("--seed")
    ap.add_argument("--actions", default="")
    a = ap.parse_args(argv)
    try:
        if a.transcript:
            with open(a.transcript, encoding="utf-8") as f:
                t = json.load(f)
            print("OK " + verify_transcript(t))
        elif a.game and a.seed:
            t = verify_slip(a.game, a.ruleset, a.seats, a.chips, a.dealer, a.seed, a.actions, a.option)
            print(json.dumps(t, indent=1, ensure_ascii=False))
            print("OK commit %s" % t["deals"][0]["commit"], file=sys.stderr)
        else:
            ap.print_usage()
            return 2
    except (Mismatch, ValueError, KeyError, OSError) as e:
        print("FAILED: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
