"""`python -m tools soak` (`make soak`): the long reliability runs, on CPython,
spread over worker processes (2 by default), with progress and the figures.

    deals    100,000 bot-played deals per game, options drawn at random per
             match (tests/props.py): chips conserved after every action, every
             card in exactly one place after every action, each game's own
             visibility oracle (its engine test's: seen/view/public against
             what the events let each seat know) after every action of every
             5th deal (--oracle-every), every deal ends within its step bound,
             replay reproduces
             the events and the transcript; at each deal's end the printed
             record names no private card; every deal seed is new.
    rng      chi-square per position over 1,000,000 shuffles of each deck size
             (tests/test_core_props.py's function), with the check that a 1%
             bias is caught; 1,000,000 fresh entropy seeds, none repeated;
             commit/reveal and `verify` on transcripts of every game, and four
             kinds of tampering rejected.
    presses  100,000 random button events per game through the simulator
             (tests/reliability/presses.py): presses, holds, glitches, double
             presses, chords, bounce, presses while printing, printer faults;
             no exception escapes, no screen offers a refused action, no screen
             names a card its viewer may not know, every match can be finished.
    cuts     per game, scripted matches cut before every flash operation and
             inside every journal write (tests/reliability/powercut.py):
             resume gives the state of the last completed action, no chip is
             made or lost.
    input    the hostile rulesets (tests/reliability/hostile.py) through the
             validator and the simulated device's screens.

Options: --quick (a few minutes: 1/50 of everything), --only PART[,PART],
--jobs N, --seed HEX (default: fresh, printed), --deals N, --presses N,
--shuffles N, --json PATH (default build/soak.json), --md PATH (build/soak.md).
Exit status 1 when anything failed."""
import argparse
import hashlib
import importlib
import json
import math
import multiprocessing
import os
import sys
import time
import traceback

import tools  # (also puts firmware/ on sys.path)
from oya.games import options

ROOT = tools.ROOT
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)            # tests/ (the harnesses the soak reuses)

GAMES = ("oicho", "kachi", "kakkuri", "kyuten", "meri")
BOARDS = ("rpi_pico", "rpi_pico_w", "rpi_pico2")
DECKS = (20, 40, 48, 52)


# -- the per-game visibility oracles of the engine tests ----------------------------------------------

def oracle_for(game):
    """The engine test's own visibility check, as a callable(deal)."""
    if game == "oicho":
        return importlib.import_module("tests.test_oicho_engine").leak_check
    if game == "kachi":
        return importlib.import_module("tests.test_kachi_props").leak_check
    if game == "kakkuri":
        return importlib.import_module("tests.test_kakkuri_engine").leak_check
    if game == "kyuten":
        return importlib.import_module("tests.test_kyuten_engine").oracle
    if game == "meri":
        me = importlib.import_module("tests.test_meri_engine")
        st = {}

        def meri_check(deal):
            if st.get("deal") is not deal:
                st["deal"] = deal
                st["k"] = me.Knowledge(deal)
            me.leak_check(deal, st["k"])
        return meri_check
    raise ValueError(game)


STEP_LIMITS = {"oicho": 200, "kachi": 400, "kakkuri": 3000, "kyuten": 400, "meri": 200}


# -- tasks (each runs in a worker process) ---------------------------------------------------------------

def step_limit(game):
    """The most actions a deal may take: the engine tests' proven bounds where
    they have one."""
    if game == "oicho":
        return importlib.import_module("tests.test_oicho_props").STEP_BOUND
    if game == "kakkuri":
        return importlib.import_module("tests.test_kakkuri_props").STEP_BOUND
    return STEP_LIMITS[game]


class checked_payments:
    """While in effect, every Ledger.transfer is checked as it happens: the
    total is the same after it as before, the pot never goes below zero, and
    the deal's event log gained exactly the pay event that moved those chips
    (so the transcript accounts for every chip). A failure raises
    AssertionError inside the engine's action, naming the payment."""

    def __init__(self, counts):
        self.counts = counts

    def __enter__(self):
        from oya import ledger
        self.cls = ledger.Ledger
        self.orig = orig = ledger.Ledger.transfer
        counts = self.counts

        def transfer(led, frm, to, n, why, extra=None):
            before = led.total()
            log = getattr(led.log, "__self__", None)
            k = len(log) if isinstance(log, list) else None
            moved = orig(led, frm, to, n, why, extra)
            counts["payments"] += 1
            assert led.total() == before, "payment %r %s->%s %d: the total went from %d to %d" % (
                why, frm, to, n, before, led.total())
            assert led.pot >= 0, "payment %r left the pot at %d" % (why, led.pot)
            if k is not None:
                want = [("pay", frm, to, moved, why, extra)] if moved else []
                assert log[k:] == want, "payment %r %s->%s %d is logged as %r" % (why, frm, to, n, log[k:])
            return moved
        ledger.Ledger.transfer = transfer
        return self

    def __exit__(self, *exc):
        self.cls.transfer = self.orig
        return False


def task_deals(game, n, seed, oracle_every=1):
    from tests.props import run_deals
    from tests.reliability import checks
    oracle = oracle_for(game)
    seeds = []
    counts = {"deals_checked": 0, "oracle_calls": 0, "record_checks": 0, "payments": 0}
    problems = []
    state = {"deal": None, "k": 0}

    def every_action(deal):
        if state["deal"] is not deal:
            state["deal"] = deal
            state["k"] += 1
        if (state["k"] - 1) % oracle_every == 0:
            oracle(deal)
            counts["oracle_calls"] += 1
        if deal.done:
            m = deal.match
            seeds.append(hashlib.sha256(m.deal_seed).digest()[:12])
            leaks = checks.record_leaks(m.deck_kind(), deal, m.ledger.names)
            counts["record_checks"] += 1
            if leaks:
                problems.append("%s: the printed record names private cards %s" % (game, leaks))
            counts["deals_checked"] += 1

    t = time.time()
    try:
        with checked_payments(counts):
            stats = run_deals(game, deals=n, seed=seed, step_limit=step_limit(game), leak_check=every_action)
    except AssertionError as e:
        stats = {"deals": 0, "actions": 0, "matches": 0}
        problems.append("%s deals (seed %s): %s\n%s" % (game, seed.hex(), e, traceback.format_exc()[-1500:]))
    if not problems and counts["deals_checked"] != stats["deals"]:
        problems.append("%s: %d deals played, %d checked at their end" % (game, stats["deals"], counts["deals_checked"]))
    stats.update(counts)
    stats["secs"] = time.time() - t
    return {"part": "deals", "game": game, "stats": stats, "problems": problems, "seeds": seeds}


# A fair shuffle fails the soak's uniformity check, over all the positions of
# all the deck sizes, with this probability (tests/chisquare.py).
RUN_ALPHA = 1e-4


def shuffle_limit(deck):
    from tests import chisquare
    return chisquare.limit(deck - 1, RUN_ALPHA, sum(DECKS))


def task_shuffles(deck, n, seed):
    from oya import rng
    from tests import chisquare
    t = time.time()
    r = rng.Rng(rng.derive(seed, 1000 + deck))
    worst = max(chisquare.per_position(r.shuffle, deck, n))
    limit = shuffle_limit(deck)
    problems = [] if worst < limit else [
        "shuffle of %d cards: worst chi-square per position %.1f over %d shuffles (limit %.1f)" % (deck, worst, n, limit)]
    return {"part": "rng", "game": "deck%d" % deck, "problems": problems,
            "stats": {"deck": deck, "shuffles": n, "worst_chi2": round(worst, 1), "limit": round(limit, 1),
                      "p": float("%.2g" % chisquare.survival(deck - 1, worst)),
                      "df": deck - 1, "secs": time.time() - t}}


def task_bias(seed, n=80000):
    """The same check, with the 20-card limit of the soak, on a shuffle with
    a 1% bias must fail (it has teeth)."""
    from tests import chisquare
    from tests.test_core_props import biased_shuffle
    worst = max(chisquare.per_position(biased_shuffle(seed), 20, n))
    limit = shuffle_limit(20)
    problems = [] if worst > limit else ["a 1%% bias was not caught (chi-square %.1f, limit %.1f)" % (worst, limit)]
    return {"part": "rng", "game": "bias", "problems": problems,
            "stats": {"biased_chi2": round(worst, 1), "limit": round(limit, 1), "shuffles": n}}


def task_entropy(n):
    from oya import rng
    t = time.time()
    seen = set()
    for _ in range(n):
        seen.add(rng.entropy())
    problems = [] if len(seen) == n else ["%d of %d fresh seeds repeated" % (n - len(seen), n)]
    return {"part": "rng", "game": "entropy", "problems": problems,
            "stats": {"entropy_seeds": n, "distinct": len(seen), "secs": time.time() - t}}


def task_verify(game, matches, seed):
    from oya import rng
    from oya.games import load
    from tests.props import random_options
    from tests.reliability import checks
    from tools.play import play_match
    from tools.verify import verify_transcript, Mismatch
    mod = load(game)
    r = rng.Rng(seed)
    lo, hi = mod.MATCH.SEATS
    problems = []
    deals = 0
    rejected = {}
    t = time.time()
    for i in range(matches):
        opts = random_options(options(game), r)
        seats = opts["players"] if isinstance(opts.get("players"), int) else lo + r.below(hi - lo + 1)
        ms = rng.derive(seed, i)
        s = play_match(game, seats, ms, ("random", "smart")[i % 2], 4, opts)
        tr = checks.transcript_of(s, rng.derive(ms, 0))
        deals += len(tr["deals"])
        for p in checks.verify_and_tamper(tr, verify_transcript, Mismatch, rejected):
            problems.append("%s match %d (seed %s): %s" % (game, i, ms.hex(), p))
    return {"part": "rng", "game": "verify-" + game, "problems": problems[:5],
            "stats": {"transcripts": matches, "deals_verified": deals, "tamperings_rejected": sum(rejected.values()),
                      "secs": time.time() - t}}


def task_presses(game, n, seed, board):
    from tests.reliability.presses import PressFuzz
    t = time.time()
    f = PressFuzz(game, seed=seed, board=board, printer_faults=True)
    problems = []
    try:
        half = n // 2
        f.run(half)
        if not f.findings and not f.finish_match():
            problems.append("the match could not be finished")
        f.run(n - half)
        if not f.findings and not f.finish_match():
            problems.append("the match could not be finished")
        problems += f.findings
    except Exception:
        problems.append("the fuzzer itself failed (seed %s): %s" % (seed, traceback.format_exc()[-2000:]))
    finally:
        f.close()
    st = dict(f.stats)
    st["secs"] = time.time() - t
    st["virtual_s"] = f.sim.clock.us / 1e6
    return {"part": "presses", "game": game, "stats": st,
            "problems": ["%s on %s, seed %s: %s" % (game, board, seed, p) for p in problems]}


def task_cuts(game, seed, deals):
    from tests.reliability import powercut
    t = time.time()
    try:
        st, problems = powercut.run_cuts(game, seed, deals=deals)
    except Exception:
        st, problems = {}, ["%s seed %s: %s" % (game, seed, traceback.format_exc()[-2000:])]
    st["secs"] = time.time() - t
    return {"part": "cuts", "game": game, "stats": st,
            "problems": ["%s seed %s: %s" % (game, seed, p) for p in problems[:3]]}


def task_input():
    """The hostile rulesets through `ruleset check` and the simulated device."""
    import contextlib
    import io
    import tempfile
    from oya import rules
    from tests.reliability.hostile import cases
    from tests.reliability.presses import app_of, FastSim
    from tools import ruleset as ruleset_tool
    t = time.time()
    problems = []
    cs = cases()
    refused = 0
    want = {}
    for fn, data, what in cs:
        try:
            rules.parse(data, fn)
            problems.append("%s (%s) was accepted" % (fn, what))
        except rules.RulesetError as e:
            msg = str(e)
            if not msg.startswith(fn + ": ") or "\n" in msg or "Traceback" in msg or len(msg) > 260:
                problems.append("%s: unclear message %r" % (fn, msg))
            refused += 1
            want[fn] = msg
    d = tempfile.mkdtemp(prefix="oya-soak-input-")
    os.makedirs(os.path.join(d, "rulesets"))
    for fn, data, what in cs:
        with open(os.path.join(d, "rulesets", fn), "wb") as f:
            f.write(data)
    # `python -m tools ruleset check`: one line per file, that same sentence
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        rc = ruleset_tool.main(["check"] + [os.path.join(d, "rulesets", fn) for fn, _, _ in cs])
    lines = out.getvalue().splitlines()
    checked = sum(1 for (fn, _, _), ln in zip(cs, lines) if ln == want.get(fn))
    if rc != 1 or checked != len(cs):
        problems.append("ruleset check: exit %d, %d of %d files refused with their sentence" % (rc, checked, len(cs)))
    # the simulated device: every one listed as invalid with its sentence
    sim = FastSim(seed=1, flash_dir=d)
    listed = 0
    try:
        sim.advance(300)
        app = app_of(sim)
        mod = sim.modules["oya.ui.app"]
        for fn, g, name, opts, err in mod.list_rulesets():
            if err != want.get(fn):
                problems.append("the device lists %s with %r, not %r" % (fn, err, want.get(fn)))
            listed += 1
        if listed != len(cs):
            problems.append("the device lists %d rulesets, not %d" % (listed, len(cs)))
        if app.top().title != "Oya - home" or sim.crashed is not None or sim.errors:
            problems.append("the device did not reach its home screen")
    finally:
        sim.close()
        import shutil
        shutil.rmtree(d, ignore_errors=True)
    return {"part": "input", "game": "rulesets", "problems": problems[:10],
            "stats": {"hostile_rulesets": len(cs), "refused": refused, "ruleset_check": checked,
                      "listed_on_device": listed, "secs": time.time() - t}}


def task_vdev():
    """The hostile rulesets on the virtual device (real MicroPython) through
    the real mpremote (tests/reliability/vdev_input.py)."""
    import tempfile
    from tools import vdev
    from tests.reliability.hostile import cases
    from tests.reliability.vdev_input import run_on_vdev
    if not vdev.available():
        return {"part": "input", "game": "vdev", "stats": {},
                "problems": ["node or the MicroPython WebAssembly runtime is missing (make setup)"]}
    import shutil
    d = tempfile.mkdtemp(prefix="oya-soak-vdev-")
    try:
        st, problems = run_on_vdev(d, cases())
    finally:
        shutil.rmtree(d, ignore_errors=True)
    st["secs"] = st.pop("vdev_secs", 0)
    return {"part": "input", "game": "vdev", "stats": st, "problems": problems[:10]}


def run_task(spec):
    fn = globals()[spec[0]]
    try:
        return fn(*spec[1:])
    except Exception:
        part = {"shuffles": "rng", "bias": "rng", "entropy": "rng", "verify": "rng", "vdev": "input"}.get(
            spec[0][5:], spec[0][5:])
        return {"part": part, "game": str(spec[1]) if len(spec) > 1 else spec[0][5:], "stats": {},
                "problems": ["%s%r crashed: %s" % (spec[0], spec[1:2], traceback.format_exc()[-2000:])]}


# -- planning, running, reporting ------------------------------------------------------------------------

def plan(a, seed):
    from oya import rng
    tasks = []
    only = set(a.only.split(",")) if a.only else {"deals", "rng", "presses", "cuts", "input"}
    if "deals" in only:
        chunk = max(1, min(a.deal_chunk, a.deals))
        for g in GAMES:
            k = 0
            left = a.deals
            while left > 0:
                n = min(chunk, left)
                tasks.append(("task_deals", g, n, rng.derive(seed, 1000 * (GAMES.index(g) + 1) + k), a.oracle_every))
                left -= n
                k += 1
    if "rng" in only:
        for deck in DECKS:
            tasks.append(("task_shuffles", deck, a.shuffles, seed))
        tasks.append(("task_bias", seed))
        tasks.append(("task_entropy", a.entropy))
        for g in GAMES:
            tasks.append(("task_verify", g, a.verify, rng.derive(seed, 50 + GAMES.index(g))))
    if "presses" in only:
        chunk = max(1, min(a.press_chunk, a.presses))
        for g in GAMES:
            left = a.presses
            k = 0
            while left > 0:
                n = min(chunk, left)
                board = BOARDS[(GAMES.index(g) + k) % len(BOARDS)]
                tasks.append(("task_presses", g, n, int.from_bytes(rng.derive(seed, 9000 + 100 * GAMES.index(g) + k)[:4], "big"), board))
                left -= n
                k += 1
    if "cuts" in only:
        for g in GAMES:
            for k in range(a.cut_seeds):
                tasks.append(("task_cuts", g, int.from_bytes(rng.derive(seed, 7000 + 10 * GAMES.index(g) + k)[:4], "big"), a.cut_deals))
    if "input" in only:
        tasks.append(("task_input",))
        tasks.append(("task_vdev",))
    # the longest first, so that two workers finish together
    weight = {"task_shuffles": 0, "task_cuts": 1, "task_presses": 2, "task_verify": 3, "task_deals": 4,
              "task_entropy": 5, "task_bias": 5, "task_input": 5, "task_vdev": 1}
    tasks.sort(key=lambda s: weight[s[0]])
    return tasks


def merge(results):
    parts = {}
    for r in results:
        d = parts.setdefault(r["part"], {}).setdefault(r["game"], {"problems": [], "tasks": 0})
        d["tasks"] += 1
        d["problems"] += r["problems"]
        for k, v in r["stats"].items():
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                d[k] = v
            elif k in ("worst_chi2", "limit", "p", "df", "deck", "biased_chi2"):
                d[k] = v
            else:
                d[k] = d.get(k, 0) + v
    return parts


def source_id():
    """'<commit> (<UTC date of the run>)', '+ changes' when the tree differs from it."""
    import subprocess
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    try:
        c = subprocess.run(["git", "rev-parse", "--short=10", "HEAD"], cwd=ROOT, capture_output=True,
                           text=True, timeout=20)
        d = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True, timeout=20)
        if c.returncode == 0:
            return "commit %s%s, %s" % (c.stdout.strip(), " + changes" if d.stdout.strip() else "", when)
    except (OSError, subprocess.SubprocessError):
        pass
    return "not a git checkout, %s" % when


def report(parts, seeds_total, seeds_distinct, secs, jobs, seed, oracle_every=1, source=None):
    L = []
    ok = not any(d["problems"] for p in parts.values() for d in p.values()) and seeds_total == seeds_distinct
    L.append("Oya soak: %s, %.0f s (%.0f min) on %d worker%s (CPython %s), seed %s" % (
        "PASSED" if ok else "FAILED", secs, secs / 60, jobs, "" if jobs == 1 else "s",
        ".".join(str(x) for x in sys.version_info[:3]), seed.hex()[:16]))
    if source:
        L.append("Run of %s" % source)
    if "deals" in parts:
        L.append("")
        L.append("Deals (options at random; places and chips after every action, replay and record per deal,")
        L.append("       the game's visibility oracle after every action of every %s deal):" % (
            "" if oracle_every == 1 else "%s" % {2: "2nd", 3: "3rd"}.get(oracle_every, "%dth" % oracle_every)))
        L.append("  %-8s %9s %11s %8s %13s %9s" % ("game", "deals", "actions", "matches", "oracle checks", "problems"))
        for g in GAMES:
            d = parts["deals"].get(g)
            if d:
                L.append("  %-8s %9d %11d %8d %13d %9d" % (g, d.get("deals", 0), d.get("actions", 0),
                                                          d.get("matches", 0), d.get("oracle_calls", 0),
                                                          len(d["problems"])))
        L.append("  deal seeds: %d, distinct: %d" % (seeds_total, seeds_distinct))
    if "rng" in parts:
        r = parts["rng"]
        L.append("")
        L.append("RNG (chi-square limits: a fair shuffle fails any of the %d positions with probability %g):" % (
            sum(DECKS), RUN_ALPHA))
        for deck in DECKS:
            d = r.get("deck%d" % deck)
            if d:
                L.append("  %d-card shuffle: %d shuffles, worst chi-square per position %.1f (%d df, p %.2g; limit %.1f)" % (
                    deck, d["shuffles"], d["worst_chi2"], d["df"], d["p"], d["limit"]))
        if "bias" in r:
            L.append("  a 1%%-biased shuffle scores %.1f over %d shuffles (caught: limit %.1f)" % (
                r["bias"]["biased_chi2"], r["bias"]["shuffles"], r["bias"]["limit"]))
        if "entropy" in r:
            L.append("  fresh seeds: %d drawn, %d distinct" % (r["entropy"]["entropy_seeds"], r["entropy"]["distinct"]))
        tv = [r[k] for k in r if k.startswith("verify-")]
        if tv:
            L.append("  verify: %d transcripts (%d deals) verified, %d tampered copies rejected" % (
                sum(x["transcripts"] for x in tv), sum(x["deals_verified"] for x in tv),
                sum(x["tamperings_rejected"] for x in tv)))
    if "presses" in parts:
        L.append("")
        L.append("Random button events through the simulator:")
        L.append("  %-8s %8s %7s %6s %8s %6s %7s %6s %8s %7s %9s" % (
            "game", "events", "holds", "chords", "glitches", "print", "faults", "deals", "finished", "checks", "problems"))
        for g in GAMES:
            d = parts["presses"].get(g)
            if d:
                L.append("  %-8s %8d %7d %6d %8d %6d %7d %6d %8d %7d %9d" % (
                    g, d.get("events", 0), d.get("holds", 0), d.get("chords", 0), d.get("glitches", 0),
                    d.get("during_print", 0), d.get("printer_faults", 0), d.get("deals", 0),
                    d.get("matches_finished", 0), d.get("screens_checked", 0) + d.get("leak_checks", 0),
                    len(d["problems"])))
    if "cuts" in parts:
        L.append("")
        L.append("Power cuts (resume = the last completed action, chips whole):")
        for g in GAMES:
            d = parts["cuts"].get(g)
            if d:
                L.append("  %-8s %5d cuts between flash operations, %4d inside writes, %4d saves, %d problems" % (
                    g, d.get("op_cuts", 0), d.get("byte_cuts", 0), d.get("saves", 0), len(d["problems"])))
    if "input" in parts:
        d = parts["input"].get("rulesets", {})
        v = parts["input"].get("vdev", {})
        L.append("")
        L.append("Bad input: %d hostile rulesets, %d refused with a clear sentence (%d by `ruleset check`)," % (
            d.get("hostile_rulesets", 0), d.get("refused", 0), d.get("ruleset_check", 0)))
        L.append("  %d listed as invalid by the simulated device; on the virtual device (MicroPython, mpremote):" % (
            d.get("listed_on_device", 0)))
        L.append("  %d copied, %d listed by `ruleset list`, %d on its Rulesets screen, %s" % (
            v.get("vdev_copied", 0), v.get("vdev_listed", 0), v.get("vdev_screens", 0),
            "then a deal played on its defaults" if v.get("vdev_played") else "NO deal played after"))
    probs = [(p, g, x) for p, gs in parts.items() for g, d in gs.items() for x in d["problems"]]
    if probs:
        L.append("")
        L.append("PROBLEMS (%d):" % len(probs))
        for p, g, x in probs[:20]:
            L.append("- [%s/%s] %s" % (p, g, x))
    return ok, "\n".join(L)


def parser():
    ap = argparse.ArgumentParser(prog="python -m tools soak", description=tools.summary("soak"),
                                 epilog="Exit status 1 when anything failed.")
    ap.add_argument("--quick", action="store_true", help="1/50 of everything (a few minutes)")
    ap.add_argument("--only", default=None, metavar="PART[,PART]",
                    help="only these parts: deals, rng, presses, cuts, input (default: all)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--seed", default=None, metavar="HEX", help="repeat a run (default: fresh, printed)")
    ap.add_argument("--deals", type=int, default=100000, help="bot-played deals per game")
    ap.add_argument("--deal-chunk", type=int, default=5000, help="deals per task handed to a worker")
    ap.add_argument("--oracle-every", type=int, default=5,
                    help="each game's visibility oracle after every action of every Nth deal "
                         "(it re-derives every seat's knowledge from all the events: the costly check)")
    ap.add_argument("--presses", type=int, default=100000, help="random button events per game")
    ap.add_argument("--press-chunk", type=int, default=5000, help="button events per task handed to a worker")
    ap.add_argument("--shuffles", type=int, default=1000000, help="shuffles per deck size (chi-square)")
    ap.add_argument("--entropy", type=int, default=1000000, help="fresh entropy seeds drawn, none to repeat")
    ap.add_argument("--verify", type=int, default=200, help="transcripts per game through verify")
    ap.add_argument("--cut-seeds", type=int, default=2, help="power-cut matches per game")
    ap.add_argument("--cut-deals", type=int, default=2, help="deals in each power-cut match")
    ap.add_argument("--json", default=os.path.join(ROOT, "build", "soak.json"),
                    help="write the figures here (default build/soak.json)")
    ap.add_argument("--md", default=os.path.join(ROOT, "build", "soak.md"),
                    help="write the report here (default build/soak.md)")
    return ap


def main(argv=None):
    a = parser().parse_args(argv)
    if a.quick:
        a.deals //= 50
        a.presses //= 50
        a.shuffles //= 50
        a.entropy //= 50
        a.verify = max(4, a.verify // 50)
        a.cut_seeds, a.cut_deals = 1, 1
        a.deal_chunk = min(a.deal_chunk, 500)
        a.press_chunk = min(a.press_chunk, 1000)
    from oya import rng
    seed = bytes.fromhex(a.seed) if a.seed else rng.entropy()
    if len(seed) != 32:
        seed = hashlib.sha256(seed).digest()
    tasks = plan(a, seed)
    print("Oya soak: %d tasks on %d worker%s, seed %s" % (len(tasks), a.jobs, "" if a.jobs == 1 else "s",
                                                         seed.hex()), flush=True)
    t0 = time.time()
    results = []
    seeds = set()
    n_seeds = 0
    ctx = multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork")
    with ctx.Pool(a.jobs, maxtasksperchild=8) as pool:
        for i, r in enumerate(pool.imap_unordered(run_task, tasks)):
            s = r.pop("seeds", None)
            if s is not None:
                n_seeds += len(s)
                seeds.update(s)
            results.append(r)
            st = r["stats"]
            what = ", ".join("%s %s" % (k, st[k]) for k in ("deals", "events", "shuffles", "op_cuts", "transcripts",
                                                            "hostile_rulesets", "vdev_listed", "entropy_seeds") if k in st)
            print("[%4d/%d %6.0fs] %-7s %-14s %s%s" % (
                i + 1, len(tasks), time.time() - t0, r["part"], r["game"], what,
                ("  PROBLEMS: %d" % len(r["problems"])) if r["problems"] else ""), flush=True)
            for p in r["problems"][:2]:
                print("    " + p.replace("\n", "\n    ")[:3000], flush=True)
    secs = time.time() - t0
    parts = merge(results)
    source = source_id()
    ok, text = report(parts, n_seeds, len(seeds), secs, a.jobs, seed, a.oracle_every, source)
    print()
    print(text, flush=True)
    for path, data in ((a.json, json.dumps({"ok": ok, "seed": seed.hex(), "secs": secs, "jobs": a.jobs,
                                            "args": vars(a), "source": source, "parts": parts, "deal_seeds": n_seeds,
                                            "deal_seeds_distinct": len(seeds)}, indent=1, default=str)),
                       (a.md, text + "\n")):
        if path:
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            with open(path, "w") as f:
                f.write(data)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
