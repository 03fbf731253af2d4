"""`python -m tools verify TRANSCRIPT.json`: replay every deal of a transcript
through the engines and check the commitment against the seed, every event
and the chip totals.

`python -m tools verify --night NIGHT TRANSCRIPT...`: check a night's record
(docs/NIGHT.md; its JSON, or the device's journal file state/night) against
its matches' transcripts, in order: each transcript verifies, is the match
the night lists (game, seats, commitment), and gives each seat what the
night says; the night's totals are the sums of those.

`python -m tools verify --game G --seed HEX --actions "S:A,S:A,..." [--dealer P2]
[--seats N|P1,P2,P3] [--chips 50,50,50] [--commit HEX] [--json [FILE]]`
replays one deal copied from a printed slip and prints one line: OK with the
seed's commitment, or FAILED with the reason."""
import argparse
import json
import sys

import tools
from oya import rng, rules
from oya.compat import unhex
from oya.games import load
from oya import journal
from oya.match import Match
from oya.night import Night
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


def game_id(text):
    """The game's id from `text`: its id ("oicho") or its name as a slip
    prints it ("Oicho-Kabu"), in either language."""
    from oya import GAMES
    from oya.ui.text import game_name
    for g in GAMES:
        if text.lower() in (g, game_name(g, 0).lower(), game_name(g, 1)):
            return g
    if text.startswith("_"):
        return text                 # the tests' own games
    raise Mismatch("--game %s: not a game (%s)" % (text, ", ".join(GAMES)))


def seat_names(seats):
    """--seats: a number of seats (named P1, P2, ...) or the names, comma-separated."""
    return ["P%d" % (i + 1) for i in range(int(seats))] if seats.isdigit() else seats.split(",")


def seat_of(names, text):
    """--dealer as the slip prints it: a seat's name ("P2"), or its number
    counted from 1 as the names P1, P2, ... count."""
    for i, nm in enumerate(names):
        if text.strip().lower() == nm.lower():
            return i
    if text.strip().isdigit() and 1 <= int(text) <= len(names):
        return int(text) - 1
    raise Mismatch("--dealer %s: not a seat of %s" % (text, ",".join(names)))


def parse_seed(text):
    """The seed as printed (two lines of 32 hex digits, spaces and line
    breaks allowed) -> 32 bytes."""
    h = "".join(text.split())
    try:
        seed = unhex(h)
    except ValueError:
        raise Mismatch("the seed is not hex digits: %s" % h)
    if len(seed) != 32:
        raise Mismatch("the seed has %d hex digits; the slip prints 64 (two lines of 32)" % len(h))
    return seed


def parse_actions(text):
    """The slip's acts lines as printed (the word "acts", seat:code pairs
    separated by commas, over as many lines as the slip takes) -> [(seat, code)]."""
    out = []
    for item in text.replace(",", " ").split():
        if item == "acts":
            continue
        seat, sep, code = item.partition(":")
        if not (sep and seat.isdigit() and code.isdigit()):
            raise Mismatch("%r is not a seat:code pair as the slip prints them" % item)
        out.append((int(seat), int(code)))
    return out


def replay_slip(mod, opts, names, chips, dealer, seed, acts):
    """The match after one deal replayed from the slip's seed and actions;
    Mismatch names the first action the deal refuses."""
    m = mod.MATCH(opts, names, chips, dealer)
    m.history = []
    deal = m.start_deal(seed)
    for i, (seat, code) in enumerate(acts):
        if deal.done:
            raise Mismatch("the deal is over after action %d; %d more were given" % (i, len(acts) - i))
        try:
            deal.act(code, seat)
        except Exception as e:
            err = Mismatch("action %d (%d:%d) is not legal here: %s" % (i + 1, seat, code, e))
            err.at = i
            raise err
    if not deal.done:
        raise Mismatch("the actions stop before the deal ends (seat %s's turn)" % names[deal.turn])
    m.finish_deal()
    return m


def dealers_that_fit(mod, opts, names, chips, seed, acts):
    """Every dealer with whom the actions replay to the deal's end: (dealer,
    match) pairs, and (dealer, refusal) of the one that went furthest."""
    fits, best = [], None
    for d in range(len(names)):
        try:
            fits.append((d, replay_slip(mod, opts, names, chips, d, seed, acts)))
        except Mismatch as e:
            if best is None or getattr(e, "at", len(acts)) > getattr(best[1], "at", len(acts)):
                best = (d, e)
    return fits, best


def verify_slip(game, ruleset, seats, chips, dealer, seed_hex, actions, option_args=()):
    """The transcript of one deal replayed from a printed slip. `dealer` is a
    seat index, or None to work it out from the actions (Mismatch when none
    or several dealers fit them)."""
    return check_slip(game, ruleset, seats, chips, dealer, seed_hex, actions, option_args)[0]


def check_slip(game, ruleset, seats, chips, dealer, seed_hex, actions, option_args=(), commit=None):
    """-> (transcript, the one line that says what was checked)."""
    game = game_id(game)
    mod = load(game)
    name, opts = resolve_options(game, option_args, ruleset)
    names = seat_names(seats)
    chip_list = [int(c) for c in chips.replace("chips", "").replace(" ", "").split(",")] if chips else None
    if chip_list is not None and len(chip_list) != len(names):
        raise Mismatch("--chips gives %d seats, --seats %d" % (len(chip_list), len(names)))
    seed = parse_seed(seed_hex)
    c = rng.commit(seed)
    if commit is not None and "".join(commit.split()).lower() != c:
        raise Mismatch("the seed does not match the commitment: it hashes to %s" % c)
    acts = parse_actions(actions)
    if dealer is None:
        fits, best = dealers_that_fit(mod, opts, names, chip_list, seed, acts)
        if not fits:
            raise Mismatch("no dealer fits these actions with this seed (the furthest, dealer %s: %s); "
                           "check the seed, the actions, --seats and --ruleset" % (names[best[0]], best[1]))
        if len(fits) > 1:
            raise Mismatch("the actions fit more than one dealer (%s): give --dealer as the slip prints it"
                           % ", ".join(names[d] for d, _ in fits))
        dealer, m = fits[0]
        how = "dealer %s (from the actions)" % names[dealer]
    else:
        try:
            m = replay_slip(mod, opts, names, chip_list, dealer, seed, acts)
        except Mismatch as e:
            raise Mismatch("%s (dealer %s); check the seed, the dealer and the actions" % (e, names[dealer]))
        how = "dealer %s" % names[dealer]
    line = "OK %s, %s, %d actions: seed matches commitment %s; balances %s" % (
        game, how, len(acts), c, ",".join(str(x) for x in m.ledger.chips))
    return transcript.build(m, name), line


def night_gains(t):
    """What a verified match transcript gives a night per seat (oya.night):
    net chips, or in a game without chips (Meri) 1 to each seat of the team
    with the highest total (none on a draw)."""
    final = t["final"]
    if load(t["game"]).MATCH.CHIPS:
        return [f - s["chips"] for f, s in zip(final, t["seats"])]
    top = max(final)
    return [0] * len(final) if min(final) == top else [1 if f == top else 0 for f in final]


def read_night(path):
    """A night's record from its JSON file or the device's journal file."""
    with open(path, "rb") as f:
        head = f.read(len(journal.MAGIC))
    if head == journal.MAGIC.encode():
        from oya.journal_read import load
        return load(journal.Journal(path[:-4] if path.endswith(".old") else path))
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def verify_night(rec, transcripts):
    """Raise Mismatch on the first problem; return a summary line."""
    try:
        n = Night.from_record(rec)
    except (ValueError, KeyError, TypeError) as e:
        raise Mismatch("night: %s" % e)
    if len(transcripts) != len(n.matches):
        raise Mismatch("night: %d matches listed, %d transcripts given" % (len(n.matches), len(transcripts)))
    for k, (m, t) in enumerate(zip(n.matches, transcripts)):
        where = "night's match %d" % (k + 1)
        try:
            verify_transcript(t)
        except Mismatch as e:
            raise Mismatch("%s: %s" % (where, e))
        if t["game"] != m[0]:
            raise Mismatch("%s: the night lists %s, the transcript is %s" % (where, m[0], t["game"]))
        if [s["name"] for s in t["seats"]] != n.names:
            raise Mismatch("%s: the transcript's seats are not the night's" % where)
        commit = (t.get("first_dealer") or {}).get("commit")
        if m[1] != commit:
            raise Mismatch("%s: commitment %s, the transcript's is %s" % (where, m[1], commit))
        if night_gains(t) != m[2]:
            raise Mismatch("%s: the night has %s, the transcript gives %s" % (where, m[2], night_gains(t)))
    return "night of %d matches verified: chips %s, games won %s" % (
        len(n.matches), n.totals(True), n.totals(False))


def parser():
    ap = argparse.ArgumentParser(
        prog="python -m tools verify", description=tools.summary("verify"),
        epilog="One deal from a printed slip: --game, --seed and --actions as the slip prints them "
               "(--dealer, --seats and --chips too when it prints them); it prints one line, OK with "
               "the commitment to compare with the slip printed before the deal, or FAILED with the "
               "reason.")
    ap.add_argument("transcript", nargs="?", help="a match transcript (JSON, as `python -m tools play` writes)")
    ap.add_argument("--night", nargs="+", metavar=("NIGHT", "TRANSCRIPT"),
                    help="a night's record, then its matches' transcripts in order (docs/NIGHT.md)")
    ap.add_argument("--game", help="a slip's game: its id (oicho, kachi, kakkuri, kyuten, meri) or its "
                    "name as printed (Oicho-Kabu)")
    ap.add_argument("--ruleset", metavar="FILE", help="the ruleset file the deal was played with "
                    "(default: the game's default rules)")
    ap.add_argument("--option", action="append", default=[], metavar="ID=VALUE",
                    help="one option of the rules as played (repeatable)")
    ap.add_argument("--seats", default="3", help="the number of seats (named P1, P2, ...) or their names, "
                    "comma-separated (default 3)")
    ap.add_argument("--chips", help="the slip's chips line: each seat's chips at the deal's start, "
                    "comma-separated (default: the rules' starting chips)")
    ap.add_argument("--dealer", help="the dealer as the slip prints it (P2), or the seat's number from 1; "
                    "without it, the dealer the actions fit")
    ap.add_argument("--seed", help="the slip's seed (its two lines of hex, joined or quoted)")
    ap.add_argument("--commit", metavar="HEX", help="the commitment printed before the deal: the seed "
                    "must hash to it")
    ap.add_argument("--actions", default="", help="the slip's acts lines, seat:code pairs as printed "
                    "(quote them; the word acts and line breaks may stay)")
    ap.add_argument("--json", nargs="?", const="-", metavar="FILE",
                    help="also write the deal's transcript to FILE (no FILE: to standard output)")
    return ap


def main(argv):
    ap = parser()
    a = ap.parse_args(argv)
    try:
        if a.night:
            ts = []
            for path in a.night[1:]:
                with open(path, encoding="utf-8") as f:
                    ts.append(json.load(f))
            print("OK " + verify_night(read_night(a.night[0]), ts))
        elif a.transcript:
            with open(a.transcript, encoding="utf-8") as f:
                t = json.load(f)
            print("OK " + verify_transcript(t))
        elif a.game and a.seed:
            names = seat_names(a.seats)
            dealer = None if a.dealer is None else seat_of(names, a.dealer)
            t, line = check_slip(a.game, a.ruleset, a.seats, a.chips, dealer, a.seed, a.actions,
                                 a.option, a.commit)
            if a.json == "-":
                print(json.dumps(t, indent=1, ensure_ascii=False))
            elif a.json:
                with open(a.json, "w", encoding="utf-8") as f:
                    json.dump(t, f, indent=1, ensure_ascii=False)
            print(line, file=sys.stderr if a.json == "-" else sys.stdout)
        else:
            ap.print_usage()
            return 2
    except (Mismatch, ValueError, KeyError, OSError, rules.RulesetError) as e:
        print("FAILED: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
