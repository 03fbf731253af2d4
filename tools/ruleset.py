"""`python -m tools ruleset <command>`: rulesets on the host and on the board.

  check FILE...              validate with the device's own validator (oya.rules)
  push FILE [--port P]       check, then copy to the board's /rulesets/
  list [--port P]            what the board sees: file, game, name, valid or error
  pull NAME [--port P] [-o PATH] [--force]   copy /rulesets/NAME back, byte for byte
  docs [--check] [-o PATH]   write docs/rulesets.md (every option of every game)

Rulesets are data: JSON read by firmware/oya/rules.py (strict JSON, at most
4096 bytes) as {"game", "name", "description", "options"}; nothing in them is
executed. `list` and the check after `push` run the firmware's code on the
board itself (over mpremote), so they report exactly what the device reads.
"""
import argparse
import json
import sys
from pathlib import Path

from tools.deploy import DeployError, device_exec, firmware_rules, mpremote_error, run_mpremote

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rulesets.md"
DIR = "/rulesets"
MARK = "OYA-RS "
NOFW = "OYA-NOFW"

# What each option means, in a sentence (docs/rulesets.md). The rules
# specifications (rules/<game>.md, section "Options") give the full rule and
# where each option comes from; tests check every option here is documented.
SPEC = {
    "oicho": "oicho_kabu.md",
    "kachi": "kachi_kachi.md",
    "kakkuri": "kakkuri.md",
    "kyuten": "kyutenhan.md",
    "meri": "yonin_meri.md",
}
GAME_TITLES = {
    "oicho": "Oicho-Kabu (おいちょかぶ)",
    "kachi": "Kachi-kachi (かちかち)",
    "kakkuri": "Kakkuri (かっくり)",
    "kyuten": "Kyutenhan (九点半)",
    "meri": "4-nin Meri (4人メリ)",
}
OPTION_HELP = {
    "oicho": {
        "deck": "Hanafuda months 1-10 (Kanto) or kabufuda (Kansai); only the card faces differ.",
        "dealer_buta": "A dealer's buta (0) is still compared (`contest`) or every stake is returned (`no_contest`).",
        "tie": "An equal column loses to the dealer (`dealer_wins`, oyaken) or the stake is returned (`push`).",
        "maki_fuda": "Start with the field cards dealt to the columns (`on`) or not.",
        "draw_restrictions": "Shichiken-biki nashi and santa wa hiki for everyone (`all`), the dealer only (`dealer_only`: children draw freely) or nobody (`none`).",
        "shippin_owner": "Who may claim shippin (4-1): the `dealer`, a `child` or `both`.",
        "pin_pay": "Shippin and kuppin win the stake once (`x1`) or twice (`x2`).",
        "nobori_kudari": "Three cards running up (nobori, 1-2-3 to 8-9-10) or down (kudari) by one in the order dealt: a yaku ranked with shippin, below arashi, that wins the stake twice.",
        "arashi_kabu": "An arashi of 3s (arashi-kabu) wins the stake 3 times like any arashi (`off`) or 5 times (`x5`).",
        "pin_yaku_order": "Shippin and kuppin need the 4 or 9 first, then the 1 (`strict`), or any order (`any`).",
        "columns": "Number of betting columns on the table.",
        "deals_per_match": "Deals in a match.",
        "starting_points": "Points each player starts with.",
        "domae": "Dōmae: the cap on the children's total bets in a deal.",
        "unbet_second_card": "A column nobody bet on gets its second card face up or face down.",
        "column_sharing": "Several children may bet on one column, the largest bettor deciding (`shared`), or one child per column (`exclusive`).",
        "mandatory_bet": "Each child must bet at least 1 point while the dōmae has room.",
    },
    "kachi": {
        "ante": "The ante (bada) every player puts in the pot each deal.",
        "rate_cap": "Highest rate the dealer may set in a circuit (`null` = no cap).",
        "rate_min": "Lowest rate the dealer may set.",
        "circuits": "Betting circuits per deal.",
        "deck_variant": "20 kabufuda cards (1-10 twice) or 22 with three 1s and three 10s (arashi possible).",
        "draw_exposure": "A player who draws shows one of the original two cards (`original_card`) or any card (`any_card`).",
        "pin_yaku": "The pin yaku (4-1, 5-1, 6-1, 9-1, 10-1) count.",
        "roppin": "Roppin (6-1) is a yaku.",
        "toppin_requires_aka_pin": "Toppin (10-1) needs the red pin (aka-pin).",
        "pin_41_91_position": "Where 4-1 and 9-1 rank: in the pin tier, or between two named pairs.",
        "pin_tier_order": "The pin yaku from weakest to strongest.",
        "tamashii": "The gilded 4-1 (tamashii) ranks between 5-5 and 6-6 (`on`) or as an ordinary 4-1.",
        "kenpei": "Kenpei: a 1-2 shown against a junjun.",
        "kenpei_effect": "Kenpei voids the junjun and the best other hand wins (`void_junjun`), or the 1-2 wins (`kenpei_wins`).",
        "shiroku": "Shiroku (4-6 dealt): fold and take the ante back.",
        "inketsu_geri": "Inketsu-geri (dealt total 1) wins the pot at once.",
        "buta_geri": "Buta-geri (dealt total 0) wins the pot at once.",
        "goshugi": "Bonus paid by every player, in antes, per yaku (0 = none).",
        "shibari": "After a tie, only a hand at least as strong as the tied one may play the next deal.",
        "color_tiebreak": "Equal hands (playing cards): red or black cards win, or no tie-break.",
        "aka_pin_priority": "Equal hands (kabufuda): the red pin wins (`superior`), loses (`inferior`) or does not count.",
        "starting_chips": "Chips each player starts with.",
        "deals_per_match": "Deals in a match with `deal_count`.",
        "session_end": "The match ends after `deals_per_match` deals (`deal_count`), as soon as a player cannot pay the ante (`broke`), or after `session_minutes` (`time_limit`; the deal in play is finished).",
        "session_minutes": "Length of the match with `time_limit`.",
    },
    "kakkuri": {
        "players": "Players at the table.",
        "starting_chips": "Chips each player starts with.",
        "ori_window": "A player may fold only in the first round (`first_round_only`) or any time before playing a card.",
        "after_twelve": "After a 12, anyone may start the next sequence (`anyone`) or only the same player in the same turn.",
        "pass_circle": "When everyone passes, play returns to the last player (`return_to_last_player`) or the last player also gets a turn.",
        "eight_player_stock": "With 8 players the kuro-hibashi 3 forces its holder out and their hand becomes the stock.",
        "fold_chip_no_winner": "A folded player's chip when nobody goes out is returned.",
        "session_end": "The session ends after an agreed time (`time_limit`) or a number of deals (`deal_count`).",
        "session_minutes": "Length of the session with `time_limit`.",
        "session_deals": "Deals in the session with `deal_count`.",
        "final_tiebreak": "Players level at the end share the rank (`shared_rank`) or draw cards to break the tie.",
    },
    "kyuten": {
        "decks": "One pack of 52 cards, or two for a large table.",
        "limit": "Highest bet (besides the ante), fixed for a dealer's tenure.",
        "limit_by_dealer": "Each dealer sets their own limit, up to `limit`, at the start of the tenure.",
        "ante_values": "The ante sizes a player may choose from (at most 1, 2, 3).",
        "allow_ken": "A player may sit a deal out (ken).",
        "dealer_mode": "The deal rotates (mawari-dō) or one player deals the whole match.",
        "deals_per_dealer": "Deals in a dealer's tenure when the deal rotates.",
        "rotation_direction": "Which way the deal passes.",
        "contest_quota": "How many players the dealer must contest: half rounded down (`floor_half`) or a strict majority.",
        "contest_quota_min_one": "The dealer contests at least one player.",
        "starting_chips": "Chips each player starts with.",
        "dealer_extra_chips": "Extra chips for a permanent dealer.",
        "session_end": "The match ends after `rotations` full rotations of the deal (`rotations`; with a permanent dealer as many deals), only when a player is broke (`broke`), or after `session_minutes` (`time_limit`).",
        "rotations": "Full rotations of the deal in a match.",
        "session_minutes": "Length of the match with `time_limit` (the deal in play is finished).",
        "deals_per_match": "Cap on the deals in a match (`null` = no cap).",
        "end_when_broke": "The match ends when a player cannot cover the smallest ante and bet.",
    },
    "meri": {
        "players": "4 players (2 against 2) or the experimental 6 (3 against 3).",
        "deals_per_game": "Deals in a game.",
        "lead_card_rank": "The rank of the lead card (the trump J replaces the robai).",
        "two_beats_ace": "The trump 2 beats the trump A.",
        "hiki_mode": "How hiki moves tricks: net and capped, gross and capped, or net and uncapped.",
        "hiki_5_stacking": "Hiki 5 at most (`max5`) or added up (`additive`: last trick + hidden J = 10).",
        "exchange_turned_card": "The start player may exchange the turned-up trump card (`optional`) or not.",
    },
}


def _rules():
    return firmware_rules()


def _games():
    firmware_rules()  # puts firmware/ on sys.path
    from oya import GAMES
    return GAMES


# ---- check -----------------------------------------------------------------

def check_file(path):
    """(ok, message): the device validator's verdict on one file."""
    rules = _rules()
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError:
        return False, "%s: cannot be read." % path.name
    try:
        game, name, opts = rules.parse(raw, path.name)
    except rules.RulesetError as e:
        return False, str(e)
    changed = sum(1 for k, v in opts.items() if rules.defaults(rules.option_table(game)).get(k) != v)
    return True, "%s: valid: %s ruleset %s (%d option%s differ from the defaults)" % (
        path.name, game, json.dumps(name, ensure_ascii=False), changed, "" if changed == 1 else "s")


def cmd_check(a):
    bad = 0
    for f in a.files:
        ok, msg = check_file(f)
        print(msg)
        bad += not ok
    if bad and len(a.files) > 1:
        print("%d of %d rulesets are not valid" % (bad, len(a.files)))
    return 1 if bad else 0


# ---- on the board -------------------------------------------------------------

def _check_name(name):
    """The device's rule for ruleset file names (oya/hw/storage.py)."""
    if (not name or "/" in name or "\\" in name or name[0] == "." or len(name) > 64
            or not name.endswith(".json")):
        raise DeployError("bad ruleset file name %r: a plain name ending in .json, at most 64 "
                          "characters, not starting with '.'" % name)
    return name


LIST_CODE = r"""
import json
try:
    import oya.rules
except ImportError:
    print('OYA-NOFW')
else:
    try:
        from oya.ui.app import list_rulesets
        rs = list_rulesets()
    except ImportError:
        import os
        rs = []
        try:
            names = sorted(os.listdir('rulesets'))
        except OSError:
            names = []
        for fn in names:
            if fn.endswith('.json') and fn[0] != '.':
                try:
                    g, n, o = oya.rules.load('rulesets/' + fn)
                    rs.append((fn, g, n, o, None))
                except oya.rules.RulesetError as e:
                    rs.append((fn, None, fn, None, str(e)))
    for fn, g, n, o, err in rs:
        print('OYA-RS ' + json.dumps([fn, g, n, err]))
"""

CHECK_CODE = r"""
import json
import os
os.chdir('/')
try:
    from oya import rules
except ImportError:
    print('OYA-NOFW')
else:
    try:
        try:
            from oya.rules import remember     # validates and adds it to rulesets/.index
        except ImportError:                    # firmware older than the device's index
            remember = None
        if remember is not None:
            g, n, o = remember(%(name)r)
        else:
            g, n, o = rules.load(%(path)r)
        print('OYA-RS ' + json.dumps([%(name)r, g, n, None]))
    except rules.RulesetError as e:
        print('OYA-RS ' + json.dumps([%(name)r, None, None, str(e)]))
"""


def _parse(out):
    if any(line.strip() == NOFW for line in out.splitlines()):
        raise DeployError("the board has no Oya firmware to read rulesets with: run `make deploy` first")
    rows = []
    for line in out.splitlines():
        if line.startswith(MARK):
            rows.append(json.loads(line[len(MARK):]))
    return rows


def board_rulesets(port):
    """[(file, game, name, error)] as the device lists them."""
    return _parse(device_exec(port, "import os\nos.chdir('/')\n" + LIST_CODE))


def _status(err):
    return "valid" if err is None else err


def cmd_list(a):
    rows = board_rulesets(a.port)
    print("rulesets on %s (%s/, as the device reads them):" % (a.port or "auto", DIR))
    if not rows:
        print("  (none)")
        return 0
    w = max(len(r[0]) for r in rows)
    print("  %-*s  %-8s %-30s %s" % (w, "FILE", "GAME", "NAME", "STATUS"))
    for fn, g, n, err in rows:
        print("  %-*s  %-8s %-30s %s" % (w, fn, g or "-", n if err is None else "-", _status(err)))
    bad = sum(1 for r in rows if r[3] is not None)
    print("%d ruleset%s, %d valid%s" % (len(rows), "" if len(rows) == 1 else "s", len(rows) - bad,
                                         ", %d not valid (the device skips them)" % bad if bad else ""))
    return 0


def cmd_push(a):
    path = Path(a.file)
    name = _check_name(a.name or path.name)
    ok, msg = check_file(path)
    print(msg)
    if not ok:
        print("not pushed: fix the ruleset first", file=sys.stderr)
        return 1
    dst = "%s/%s" % (DIR, name)
    mkdir = "import os\ntry:\n os.mkdir(%r)\nexcept OSError:\n pass" % DIR
    check = CHECK_CODE % {"path": dst, "name": name}
    rc, out, err = run_mpremote(a.port, ["exec", mkdir, "+", "fs", "cp", str(path), ":" + dst,
                                         "+", "exec", check])
    if rc != 0:
        raise DeployError(mpremote_error(rc, err or out, a.port))
    same = "Up to date:" in out
    print("%s %s on %s" % ("already up to date (same sha256):" if same else "pushed to", dst,
                           a.port or "auto"))
    try:
        rows = _parse(out)
    except DeployError as e:
        print("copied, but %s" % e)
        return 0
    if not rows:
        print("copied, but the board printed no verdict:\n" + out.strip())
        return 1
    fn, g, n, e = rows[0]
    print("the board reads it as: %s" % ("valid (%s, %s)" % (g, json.dumps(n, ensure_ascii=False))
                                        if e is None else e))
    return 0 if e is None else 1


def cmd_pull(a):
    name = _check_name(a.name)
    dest = Path(a.output) if a.output else Path(name)
    if dest.is_dir():
        dest = dest / name
    tmp = dest.with_name(dest.name + ".pull-tmp")
    rc, out, err = run_mpremote(a.port, ["fs", "cp", ":%s/%s" % (DIR, name), str(tmp)])
    if rc != 0:
        try:
            tmp.unlink()
        except OSError:
            pass
        if "No such file" in (err or "") or "ENOENT" in (err or ""):
            raise DeployError("no %s/%s on the board (see: python -m tools ruleset list)" % (DIR, name))
        raise DeployError(mpremote_error(rc, err or out, a.port))
    data = tmp.read_bytes()
    if dest.exists() and dest.read_bytes() != data and not a.force:
        tmp.unlink()
        raise DeployError("%s exists and differs from the board's copy: use --force to overwrite, "
                          "or -o another path" % dest)
    tmp.replace(dest)
    print("pulled %s/%s from %s to %s (%d bytes)" % (DIR, name, a.port or "auto", dest, len(data)))
    ok, msg = check_file(dest)
    print(msg)
    return 0


# ---- docs ------------------------------------------------------------------------

def _fmt_default(v):
    return "`%s`" % json.dumps(v, ensure_ascii=False)


def docs_text():
    rules = _rules()
    out = []
    w = out.append
    w("# Writing a ruleset")
    w("")
    w("<!-- Generated by `python -m tools ruleset docs` from the firmware's option tables;")
    w("     do not edit by hand (a test checks it is current). -->")
    w("")
    w("A ruleset is a small JSON file that sets a game's local rules. The device lists")
    w("the files in its `rulesets/` folder on the New table screen; the ones shipped in")
    w("`firmware/rulesets/` are copied there by `make deploy`, and your own go there with")
    w("`python -m tools ruleset push`.")
    w("")
    w("```json")
    w('{')
    w('  "game": "oicho",')
    w('  "name": "Oicho-Kabu (Kansai)",')
    w('  "description": "Kansai style: kabufuda, and the children draw freely.",')
    w('  "options": {"deck": "kabufuda", "draw_restrictions": "dealer_only"}')
    w('}')
    w("```")
    w("")
    w("- `game`: one of %s." % ", ".join("`%s`" % g for g in _games()))
    w("- `name`: what the device shows, 1 to %d characters." % rules.NAME_MAX)
    w("- `description` (optional): at most 200 characters.")
    w("- `options`: only the options you change; every other option keeps its default.")
    w("  An option the game does not have, or a value it does not allow, makes the whole")
    w("  file invalid: the device skips it and `ruleset list` shows why.")
    w("- The file is strict JSON (no comments, no trailing commas), UTF-8, at most %d bytes;" % rules.MAX_BYTES)
    w("  its name is a plain name ending in `.json` (at most 64 characters).")
    w("  `true`/`false` are JSON booleans; `null` means \"none\" where an option allows it.")
    w("")
    w("Check a file before pushing it (the same validator and messages as the device):")
    w("`python -m tools ruleset check my_rules.json`.")
    w("")
    w("The full rule behind each option (and where it comes from) is in the project's rules")
    w("specifications, section *Options* of each game's file (`rules/<file>` in the shared")
    w("specification folder, named below).")
    for g in _games():
        table = rules.option_table(g)
        w("")
        w("## %s: `\"game\": \"%s\"`" % (GAME_TITLES.get(g, g), g))
        w("")
        w("Rules: `rules/%s`, section *Options*." % SPEC.get(g, g + ".md"))
        shipped = sorted((ROOT / "firmware" / "rulesets").glob(g + "_*.json"))
        if shipped:
            w("Shipped: %s." % ", ".join("`%s`" % p.name for p in shipped))
        w("")
        w("| Option | Allowed values | Default | Meaning |")
        w("|---|---|---|---|")
        helps = OPTION_HELP.get(g, {})
        for e in table:
            allowed = rules.allowed(e).replace("|", "\\|")
            w("| `%s` | %s | %s | %s |" % (e[0], allowed, _fmt_default(e[1]),
                                           helps.get(e[0], "").replace("|", "\\|")))
    w("")
    return "\n".join(out)


def cmd_docs(a):
    dest = Path(a.output) if a.output else DOCS
    text = docs_text()
    if a.check:
        cur = dest.read_text(encoding="utf-8") if dest.exists() else ""
        if cur != text:
            print("%s is out of date: run `python -m tools ruleset docs`" % dest, file=sys.stderr)
            return 1
        print("%s is up to date" % dest)
        return 0
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(text, encoding="utf-8")
    print("wrote %s" % dest)
    return 0


PORT_HELP = "the board's serial port (default: mpremote's auto)"


def parser():
    import tools
    ap = argparse.ArgumentParser(prog="python -m tools ruleset", description=tools.summary("ruleset"))
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="command")

    def command(name, about):
        return sub.add_parser(name, help=about, description=about[0].upper() + about[1:] + ".")
    p = command("check", "validate ruleset files with the device's own validator")
    p.add_argument("files", nargs="+", help="ruleset JSON files")
    p = command("push", "check a ruleset, then copy it to the board's /rulesets/")
    p.add_argument("file", help="the ruleset JSON file")
    p.add_argument("--port", default=None, help=PORT_HELP)
    p.add_argument("--name", default=None, help="file name on the board (default: the file's)")
    p = command("list", "list the board's rulesets as the device reads them")
    p.add_argument("--port", default=None, help=PORT_HELP)
    p = command("pull", "copy a ruleset from the board")
    p.add_argument("name", help="its file name on the board")
    p.add_argument("--port", default=None, help=PORT_HELP)
    p.add_argument("-o", "--output", default=None, help="file or folder (default: ./NAME)")
    p.add_argument("--force", action="store_true", help="overwrite a different local file")
    p = command("docs", "write docs/rulesets.md from the option tables")
    p.add_argument("--check", action="store_true", help="only check it is up to date")
    p.add_argument("-o", "--output", default=None, help="write it here instead (default docs/rulesets.md)")
    return ap


def main(argv=None):
    a = parser().parse_args(argv)
    try:
        return {"check": cmd_check, "push": cmd_push, "list": cmd_list, "pull": cmd_pull,
                "docs": cmd_docs}[a.cmd](a)
    except DeployError as e:
        print("ruleset %s: %s" % (a.cmd, e), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
