"""RNG and security: seeds never repeat; commit and reveal match and `verify`
rejects tampered transcripts (every game, random options); no code path
evaluates or executes data read from flash or from a ruleset (read the code,
then try it with booby-trapped builtins); a ruleset cannot name a file outside
rulesets/; the printed deal record and the recall screen name no private
card. (Shuffle uniformity: tests/test_core_props.py here, 1,000,000 shuffles
in `make soak`.)"""
import ast
import builtins
import json
import os
import sys

import pytest

import tools  # noqa: F401
from oya import GAMES, rng
from oya.games import load
from tests.both.journal_util import encode
from tests.props import random_options
from tests.reliability import checks
from tests.reliability.hostile import cases, HOSTILE_STATE_RECORDS
from tools.play import play_match
from tools.verify import verify_transcript, Mismatch
from oya.games import options

FIRMWARE = tools.FIRMWARE


def test_seeds_never_repeat():
    from oya.match import Match
    seen = set()
    for _ in range(100000):
        seen.add(rng.entropy())
    m = Match.__new__(Match)
    m.seed = None
    for _ in range(100000):
        seen.add(m.next_seed())             # what a device deal starts from
    assert len(seen) == 200000


def _matches(game, n, deals, seed):
    mod = load(game)
    r = rng.Rng(seed)
    lo, hi = mod.MATCH.SEATS
    for i in range(n):
        opts = random_options(options(game), r)
        seats = opts["players"] if isinstance(opts.get("players"), int) else lo + r.below(hi - lo + 1)
        ms = rng.derive(seed, i)
        done = []

        def on_step(s):
            if s.match.deal.done:
                done.append(s.match.deal)
        s = play_match(game, seats, ms, ("random", "smart")[i % 2], deals, opts, on_step=on_step)
        yield s, rng.derive(ms, 0), done


@pytest.mark.parametrize("game", GAMES)
def test_commit_reveal_verify_and_tampering(game):
    n = 0
    rejected = {}
    for s, first, done in _matches(game, 6, 3, rng.derive(b"tamper" + bytes(26), GAMES.index(game))):
        t = checks.transcript_of(s, first)
        assert t["deals"], "no deal played"
        problems = checks.verify_and_tamper(t, verify_transcript, Mismatch, rejected)
        assert problems == [], problems
        n += len(t["deals"])
    assert n >= 6
    assert rejected["seed"] == rejected["commit"] == 6 and rejected["reseeded"] >= 4 and rejected["card"] >= 4, rejected


@pytest.mark.parametrize("game", GAMES)
def test_printed_record_and_recall_name_no_private_card(game):
    deals = 0
    for s, first, done in _matches(game, 25, 4, rng.derive(b"record" + bytes(26), GAMES.index(game))):
        kind = s.match.deck_kind()
        for d in done:
            assert checks.record_leaks(kind, d, s.match.ledger.names) == []
            deals += 1
    assert deals >= 25


def test_the_record_check_sees_a_face_down_discard():
    # Meri's okie exchange discards face down: before the fix the record
    # printed it ("exchange discard=3C"); printed without `public` it shows
    from oya.ui import records
    for s, first, done in _matches("meri", 30, 4, b"\x07" * 32):
        for d in done:
            pub = set(d.seen(-1))
            lines = records.deal_record_lines(s.match.deck_kind(), d.events, s.match.ledger.names)
            for e in d.events:
                if e[0] == "act" and e[3] and "discard" in e[3]:
                    code = [c for c in range(52) if __import__("oya.cards").cards.name(5, c) == e[3]["discard"]][0]
                    if code not in pub:
                        assert any(e[3]["discard"] in ln for ln in lines)
                        assert checks.record_leaks(s.match.deck_kind(), d, s.match.ledger.names) == []
                        return
    pytest.fail("no face-down discard in 30 matches")


# -- nothing read is executed ------------------------------------------------------------------

def _firmware_files():
    for dp, dn, fns in os.walk(FIRMWARE):
        for fn in fns:
            if fn.endswith(".py"):
                yield os.path.join(dp, fn)


def test_no_firmware_code_can_evaluate_or_execute_data():
    """Read every firmware file: no eval, exec, compile, execfile, pickle or
    marshal anywhere; __import__ only of "oya.games." + a name checked
    against the game list first."""
    imports = []
    for path in _firmware_files():
        tree = ast.parse(open(path, encoding="utf-8").read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("eval", "exec", "compile", "execfile", "input"), \
                    "%s:%d calls %s" % (path, node.lineno, node.func.id)
                if node.func.id == "__import__":
                    imports.append((os.path.relpath(path, FIRMWARE), node))
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                assert not set(names) & {"pickle", "marshal", "code", "codeop"}, path
    assert imports, "the game loader was not found"
    for rel, node in imports:
        arg = node.args[0]
        # "oya.games." + game or a name oya.games.module_name builds from it, a
        # registry's name, or a module of the caller's own package (oya.ui.flow)
        src = ast.unparse(arg)
        assert src.startswith(("'oya.games.' +", "name", "module_name(", "__name__ + '.' +")) \
            or "oya.games." in src, (rel, src)
    # the loaders check the name first
    loader = open(os.path.join(FIRMWARE, "oya", "games", "__init__.py")).read()
    assert "if game not in GAMES" in loader
    rules_src = open(os.path.join(FIRMWARE, "oya", "rules.py")).read()
    assert "if game not in GAMES" in rules_src


class Trap(Exception):
    pass


def test_hostile_files_are_never_executed(tmp_path, monkeypatch):  # noqa: C901
    """Every hostile ruleset and state record on flash, read by the firmware
    with eval/exec/compile booby-trapped and every import watched: nothing
    runs, no module outside the firmware's own is imported, and the canary
    the hostile code would write never appears."""
    canary = tmp_path / "PWNED"
    code = "open(%r, 'w').write('x')" % str(canary)
    monkeypatch.chdir(tmp_path)
    os.makedirs("rulesets")
    os.makedirs("state")
    for fn, data, what in cases():
        with open("rulesets/" + fn, "wb") as f:
            f.write(data.replace(b"os.remove('main.py')", code.encode()))
    for i, payload in enumerate((code, "__import__('os').system(%r)" % ("touch " + str(canary)),
                                 "exec(%r)" % code)):
        with open("rulesets/code%d.json" % i, "w") as f:
            json.dump({"game": "oicho", "name": payload[:32], "description": payload[:200]}, f)
    # every firmware module loaded first, so that what follows may import nothing new
    from oya.ui import app as A
    from oya.ui import boot, home, settings, setup, table, menu, menus, play, app_rare  # noqa: F401  (imported as flows start)
    from oya.ui import text_en, text_ja, text_en_setup, text_ja_setup  # noqa: F401
    from oya import rules, session, journal, journal_read, resume, rsindex, jsonlite  # noqa: F401
    for g in GAMES:
        load(g)
        __import__("oya.games.%s_bot" % g)
        __import__("oya.games.%s_options" % g)
    allowed = set(sys.modules)
    imported = []
    hits = []
    real = dict((n, getattr(builtins, n)) for n in ("__import__", "eval", "exec", "compile"))

    def watch(name, *a, **kw):
        # (CPython's codec registry imports encodings.* when json.loads
        # sniffs the encoding of bytes: the host's runtime, not the data)
        if name not in allowed and not name.startswith(("oya.", "encodings.")):
            imported.append(name)
        return real["__import__"](name, *a, **kw)

    def trap(*a, **kw):
        # source text (what data would be) is refused; the import system's
        # own code objects (CPython loading a codec module) pass
        if a and not isinstance(a[0], (str, bytes, bytearray)):
            return real[trap.name](*a, **kw)
        hits.append(repr(a[:1])[:200])
        raise Trap("data executed")

    def trapping(name):
        def f(*a, **kw):
            trap.name = name
            return trap(*a, **kw)
        return f
    records = [r for w, r in HOSTILE_STATE_RECORDS if not isinstance(r, str)]
    records += [{"v": 1, "game": "oicho", "ruleset": {"name": code[:32], "options": {"tie": code}},
                 "names": [code[:8]], "start_chips": None, "intro_seed": code, "state": {"chips": [code]},
                 "deal": {"seed": code, "acts": [code]}, "recall": [{"seed": code}]}]
    screens = []
    builtins.__import__ = watch
    for n in ("eval", "exec", "compile"):
        setattr(builtins, n, trapping(n))
    try:
        with pytest.raises(Trap):          # the trap works: a loader that evaluated would be caught
            builtins.eval("1 + 1")
        assert len(hits) == 1
        del hits[:]
        listed = A.list_rulesets()
        for rec in records:
            with open("state/match", "wb") as f:
                f.write(encode(3, rec))
            with open("state/settings", "wb") as f:
                f.write(encode(3, {"lang": code, "printer": code}))
            app = A.App()
            screens.append(app.screen_text())
            app.key(3)                      # OK: resume, if it was offered
            screens.append(app.screen_text())
            app.key(3)
            app.key(2)
            app.key(3)                      # into the Rulesets screen and the first entry
            screens.append(app.screen_text())
            for name in os.listdir("state"):
                if not os.path.isdir("state/" + name):     # (the recall's folder: the boot's)
                    os.remove("state/" + name)
    finally:
        for n, f in real.items():
            setattr(builtins, n, f)
    assert hits == [], hits
    assert sum(1 for x in listed if x[4] is not None) >= 100
    assert not any("Traceback" in t for t in screens)
    assert not canary.exists()
    assert imported == [], imported


def test_a_ruleset_cannot_name_a_file_outside_rulesets(tmp_path, monkeypatch):
    from oya.hw import storage
    from tools import ruleset as rs_tool
    from tools.deploy import DeployError
    for bad in ("../main.json", "/main.json", "a/b.json", "..\\x.json", ".hidden.json", "main.py",
                "x" * 70 + ".json", "", "rulesets/../../x.json"):
        with pytest.raises(ValueError):
            storage._check_name(bad)
        with pytest.raises(DeployError):
            rs_tool._check_name(bad)
    # a name, a description or an option value that looks like a path is just
    # text: listing and reading touch nothing outside rulesets/
    monkeypatch.chdir(tmp_path)
    os.makedirs("rulesets/sub")
    with open("rulesets/p.json", "w") as f:
        json.dump({"game": "oicho", "name": "../../main.py", "description": "/board.json"}, f)
    with open("rulesets/sub/inner.json", "w") as f:
        json.dump({"game": "oicho", "name": "inner"}, f)
    with open("main.py", "w") as f:
        f.write("# untouched\n")
    opened = []
    real_open = builtins.open

    def spy(path, *a, **kw):
        opened.append(str(path))
        return real_open(path, *a, **kw)
    monkeypatch.setattr(builtins, "open", spy)
    from oya.ui import app as A
    listed = A.list_rulesets()
    monkeypatch.setattr(builtins, "open", real_open)
    assert [x[0] for x in listed] == ["p.json"] and listed[0][2] == "../../main.py"
    assert opened and all(p.startswith("rulesets/") and ".." not in p for p in opened), opened
    assert open("main.py").read() == "# untouched\n"
