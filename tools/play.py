"""`python -m tools play GAME --seats N --seed HEX --bots random|smart --deals D
[--option id=value ...] [--ruleset FILE] --json FILE`: a bot-played match and its
transcript. The match seed derives every deal's seed, so the same command
writes the same file."""
import argparse
import hashlib
import importlib
import json
import sys

import tools  # (also puts firmware/ on sys.path)
from oya import rng, rules
from oya.compat import unhex
from oya.games import load
from oya.session import Session
from tools import transcript
from oya.games import options


def parse_value(text):
    """A command-line option value: JSON if it parses (numbers, true, null,
    lists), else the plain string."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def match_seed(text):
    """Any hex string -> a 32-byte seed (hashed unless already 32 bytes)."""
    raw = unhex(text)
    return raw if len(raw) == 32 else hashlib.sha256(raw).digest()


def bots_for(game, kind):
    if game.startswith("_"):
        mod = load(game)
    else:
        mod = importlib.import_module("oya.games.%s_bot" % game)
    return getattr(mod, kind + "_bot")


def resolve_options(game, option_args, ruleset_path=None):
    """(ruleset name, options) through the device's own validator."""
    if ruleset_path:
        with open(ruleset_path, "rb") as f:
            g, name, opts = rules.parse(f.read(), ruleset_path.split("/")[-1])
        if g != game:
            raise rules.RulesetError("%s: is a ruleset for %s, not %s." % (ruleset_path, g, game))
    else:
        name, opts = "default", None
    data = {"game": game, "name": name, "options": dict(opts or {})}
    for item in option_args or ():
        if "=" not in item:
            raise rules.RulesetError("--option %r: write it as id=value." % item)
        k, v = item.split("=", 1)
        data["options"][k] = parse_value(v)
    table = options(game) if game.startswith("_") else None
    _, name, opts = rules.validate(data, "--option", table)
    return name, opts


def table_card(deal, seed, started):
    """With --table-deck: the card the table turns when the deal asks, from
    the table's own shuffle (drawn from the match seed, never shown to the
    engine): the k-th card taken is the k-th of that shuffle."""
    from oya import cards, tabledeck
    deck = bytearray(cards.deck(deal.kind))
    rng.Rng(rng.derive(seed, 0x40000000 + started)).shuffle(deck)
    return tabledeck.enter(deck[deal.wants.k])


def play_match(game, nseats, seed, bots="random", max_deals=12, opts=None, ruleset_name="default",
               journal=None, names=None, on_step=None, step_limit=5000, table_deck=False):
    """Play a whole match with bots in every seat; returns the Session (its
    match keeps `history`). `on_step(session)` runs after every action.
    table_deck: real cards, entered from the table's shuffle (table_card)
    when the deal asks for them."""
    mod = load(game)
    if opts is None:
        opts = rules.defaults(options(game))
    names = names or ["P%d" % (i + 1) for i in range(nseats)]
    s = Session(game, ruleset_name, opts, names, None, journal, seed)
    s.match.table = table_deck
    s.match.history = []
    s.draw_first_dealer(rng.derive(seed, 0))
    bot = bots_for(game, bots) if isinstance(bots, str) else bots
    bot_rng = rng.Rng(rng.derive(seed, 0x7FFFFFFF))
    started = 0
    while not s.match.over() and s.match.deal_no < max_deals and started < 4 * max_deals + 20:
        deal = s.begin_deal()
        started += 1
        steps = 0
        while not deal.done:
            seat = deal.turn
            if table_deck and deal.wants is not None:
                s.act(table_card(deal, seed, started), seat)
            else:
                s.act(bot(deal, seat, bot_rng), seat)
            steps += 1
            if on_step is not None:
                on_step(s)
            if steps > step_limit:
                raise RuntimeError("deal %d did not end in %d steps" % (started, step_limit))
        if table_deck:       # the cards entered, for the transcript: (seat, card, place in the order taken)
            entered = [(e[1], deal.known[e[0]], e[0]) for e in getattr(deal, "entries", ())]
        s.end_deal()
        if table_deck:
            s.match.history[-1]["entered"] = entered
    return s


def parser():
    ap = argparse.ArgumentParser(prog="python -m tools play", description=tools.summary("play"))
    ap.add_argument("game", help="oicho, kachi, kakkuri, kyuten or meri")
    ap.add_argument("--seats", type=int, default=None,
                    help="number of seats (default: the rules' players, else the game's fewest)")
    ap.add_argument("--seed", default=None, help="match seed, hex (default: fresh entropy)")
    ap.add_argument("--bots", default="random", choices=("random", "smart"),
                    help="the bots in every seat: random (any legal action) or smart (default random)")
    ap.add_argument("--deals", type=int, default=12,
                    help="upper bound on deals; the match may end sooner by its rules (default 12)")
    ap.add_argument("--option", action="append", default=[], metavar="ID=VALUE",
                    help="one option of the rules (ids of rules/<game>.md); repeatable")
    ap.add_argument("--ruleset", default=None, help="a ruleset JSON file")
    ap.add_argument("--json", default=None, help="write the transcript here (default: stdout)")
    ap.add_argument("--table-deck", action="store_true",
                    help="deal with a table deck: cards entered when the rules need them (random bots)")
    return ap


def main(argv):
    a = parser().parse_args(argv)
    try:
        mod = load(a.game)
        name, opts = resolve_options(a.game, a.option, a.ruleset)
        seed = match_seed(a.seed) if a.seed else rng.entropy()
    except (ValueError, rules.RulesetError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    nseats = a.seats or opts.get("players") or mod.MATCH.SEATS[0]
    if "players" in opts and a.seats and not any(o.startswith("players=") for o in a.option):
        opts["players"] = a.seats        # --seats sets the game's own player-count option
        try:
            rules.validate({"game": a.game, "name": name, "options": opts}, "--seats")
        except rules.RulesetError as e:
            print("error: %s" % e, file=sys.stderr)
            return 2
    lo, hi = mod.MATCH.SEATS
    if not lo <= nseats <= hi:
        print("error: %s takes %d to %d seats." % (a.game, lo, hi), file=sys.stderr)
        return 2
    if a.table_deck:
        from oya.tabledeck import refuse
        why = refuse(a.game, opts)
        if why:
            print("error: %s." % why, file=sys.stderr)
            return 2
    s = play_match(a.game, nseats, seed, a.bots, a.deals, opts, name, table_deck=a.table_deck)
    t = transcript.build(s.match, name, rng.derive(seed, 0))
    text = json.dumps(t, indent=1, ensure_ascii=False)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        print("%s: %d deals, final %s -> %s" % (a.game, len(t["deals"]), t["final"], a.json))
    else:
        print(text)
    return 0
