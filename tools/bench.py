"""`python -m tools bench` (`make bench`): memory, display traffic, speed and
printer figures, checked against the budgets; writes BENCHMARKS.md.

    python -m tools bench                      everything; exit 1 when a budget is missed
    python -m tools bench --games oicho,kachi  fewer games (budgets still checked)
    python -m tools bench --json build/bench.json --no-md
    python -m tools bench --firmware DIR       measure another firmware tree (before/after)
    python -m tools bench --check FILE.json    only check the budgets of saved figures
    python -m tools bench --report FILE.json   the same, and write them into BENCHMARKS.md

What runs where (details in docs/DEVELOPING.md, "Benchmarks"):
- Heap: the real MicroPython (WebAssembly port, tools/mpy_runtime.py) runs the
  device app with the real SSD1306 driver on a byte-counting I2C bus
  (tools/bench/mpbench.py), one key per harness step, so the heap is sampled
  after every key and collected between keys. Once from the .py sources, once
  from mpy-cross output (the deployed form).
- Display traffic, key and render times: the same script on CPython and under
  MicroPython (identical matches: every random byte comes from a fixed seed).
- Engine: a bot-played match, one deal per step.
- Printer: the host simulator (host_sim) runs the whole firmware on its virtual
  clock with the ESC/POS printer emulator on the UART.
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tools
from tools import benchpage, mpy_runtime

ROOT = Path(tools.ROOT)
FIRMWARE = ROOT / "firmware"
BENCH_DIR = ROOT / "tools" / "bench"
MD_PATH = benchpage.MD_PATH
GAMES = ("oicho", "kachi", "kakkuri", "kyuten", "meri")
KB = 1024

# name -> (limit, what, unit); a figure above its limit misses the budget.
# The heap and latency budgets are the RP2040's (`python -m tools pico bench`):
# this port's heap grows and collects when it likes, and its display traffic
# only stands in for time, so those figures here are for comparing commits.
BUDGETS = {
    "printer_overruns": (0, "printer overruns (bytes lost)", ""),
    "press_late": (0, "presses during printing handled after the next line was sent", ""),
    "table_presses_per_card": (2, "Oicho-Kabu table deck: presses per card entered, average", ""),
}
OPTIONAL = ("table_presses_per_card",)     # measured only when its game is benched


# ---- helpers -----------------------------------------------------------------

def pct(xs, p):
    """The p-th percentile (nearest rank) of xs; 0 for none."""
    if not xs:
        return 0
    s = sorted(xs)
    k = max(0, min(len(s) - 1, -(-p * len(s) // 100) - 1))
    return s[k]


def med(xs):
    return statistics.median(xs) if xs else 0


def log(msg):
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


def compile_tree(src, dst):
    """Every module of firmware `src` compiled into `dst` as `make deploy`
    compiles it (tools.deploy.compile_module: the same mpy-cross and flags;
    main.py stays source, as the deploy does), the rulesets copied with the
    index the deploy writes. -> {module path: .mpy bytes}."""
    from tools import deploy
    sizes = {}
    src = Path(src)
    for p in sorted(src.rglob("*.py")):
        if "__pycache__" in p.parts:
            continue
        rel = p.relative_to(src)
        if rel.as_posix() == "main.py":
            continue
        if rel.as_posix() in deploy.NATIVE:         # source, as deployed (this runtime refuses it)
            (Path(dst) / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(p, Path(dst) / rel)
            continue
        out = Path(dst) / rel.with_suffix(".mpy")
        try:
            deploy.compile_module(p, out, rel.as_posix())
        except deploy.DeployError as e:
            raise RuntimeError(str(e))
        sizes[rel.with_suffix(".mpy").as_posix()] = out.stat().st_size
    if (src / "rulesets").is_dir():
        shutil.copytree(src / "rulesets", Path(dst) / "rulesets")
        shipped = sorted((src / "rulesets").glob("*.json"))
        (Path(dst) / "rulesets" / deploy.INDEX_NAME).write_bytes(deploy.ruleset_index(shipped))
    return sizes


# ---- MicroPython runs ----------------------------------------------------------

SCRIPT = "play"     # the budgeted script (see tools/bench/mpbench.py)
SETUP_UI = """import mpbench
mpbench.fix_entropy()
B = mpbench.UIBench(%r, %s, %r, %s)
def go():
    return B.step()
"""
SETUP_ENGINE = """import mpbench
mpbench.fix_entropy()
E = None
def go():
    return E.step()
"""


def _mp_run(steps, tree, timeout=600):
    """Run steps with `tree` (a firmware tree of .py or .mpy) at / and
    tools/bench at /bench."""
    return mpy_runtime.run_steps(steps, firmware=False,
                                 extra_dirs=[(str(tree), "/"), (str(BENCH_DIR), "/bench")],
                                 sys_path=["/bench"], timeout=timeout)


def _check(r, what):
    if not r.ok:
        raise RuntimeError("MicroPython %s failed:\n%s\n%s" % (what, r.error, r.stdout[-2000:]))


def _heap_of(steps):
    """(total high, used high, live high) over measured steps (not h:*). A
    step that calls a function again and again (the match, key by key) is
    collected between calls: its live high is the largest of those."""
    ms = [s for s in steps if not s.name.startswith("h:")]
    return (max(max(s.heap["total"], s.heap["live_total"]) for s in ms),
            max(s.heap["used"] for s in ms),
            max(s.heap.get("live_high", s.heap["live"]) for s in ms))


def mp_ui_heap(game, tree, table=False):
    steps = [
        {"name": "h:setup", "code": SETUP_UI % (game, False, SCRIPT, table)},
        {"name": "imports", "code": "B.boot_imports()"},
        {"name": "app", "code": "B.boot_app()"},
        {"name": "h:mods", "code": "import sys\nprint(len(sys.modules))\nprint(' '.join(mpbench.module_names()))"},
        {"name": "frame", "code": "B.first_frame()"},
        {"name": "match", "call": "go"},
        {"name": "h:end", "code": "print(B.n, B.done)\nprint(' '.join(mpbench.module_names()))"},
    ]
    r = _mp_run(steps, tree)
    _check(r, "UI match (%s)" % game)
    by = {s.name: s for s in r.steps}
    base = by["h:setup"].heap["live"]
    boot = [by["imports"], by["app"], by["frame"]]
    mods = by["h:mods"].stdout.split("\n")
    end = by["h:end"].stdout.split("\n")
    t, u, lv = _heap_of(r.steps)
    bt, bu, bl = _heap_of(boot)
    return {
        "harness_live": base,
        "total_high": t, "used_high": u, "live_high": lv,
        "net_used_high": u - base, "net_live_high": lv - base,
        "boot_total_high": bt, "boot_used_high": bu - base, "boot_live": by["frame"].heap["live"] - base,
        "before_frame_live": by["app"].heap["live"] - base,
        "boot_modules": len(mods[1].split()), "boot_module_names": mods[1].split(),
        "keys": int(end[0].split()[0]), "match_modules": end[1].split(),
        "steps_ms": round(sum(s.ms for s in r.steps)),
    }


def mp_ui_record(game, tree):
    steps = [
        {"name": "h:setup", "code": SETUP_UI % (game, True, SCRIPT, False)},
        {"name": "run", "code": "B.run()"},
        {"name": "h:dump", "code": "import json\nprint(json.dumps({'changes': B.changes, 'key_us': B.key_us, "
                                   "'render_us': B.render_us, 'keys': B.n}))"},
    ]
    r = _mp_run(steps, tree)
    _check(r, "UI record (%s)" % game)
    d = json.loads(r.step("h:dump").stdout)
    d["changes"] = [tuple(c) for c in d["changes"]]
    return d


def mp_engine(game, tree, record):
    steps = [
        {"name": "h:setup", "code": SETUP_ENGINE},
        {"name": "start", "code": "E = mpbench.EngineBench(%r, record=%s)" % (game, record)},
        {"name": "match", "call": "go"},
        {"name": "h:dump", "code": "import json\nprint(json.dumps({'deals': E.deals, 'actions': E.actions, "
                                   "'total_us': E.total_us, 'act_us': E.act_us}))"},
    ]
    r = _mp_run(steps, tree)
    _check(r, "engine match (%s)" % game)
    d = json.loads(r.step("h:dump").stdout)
    base = r.step("h:setup").heap["live"]
    t, u, lv = _heap_of(r.steps)
    d.update({"total_high": t, "net_used_high": u - base, "net_live_high": lv - base})
    return d


# ---- CPython runs -----------------------------------------------------------------

class _CPython:
    """firmware/ (or another tree) importable, framebuf from the simulator, a
    scratch flash folder as cwd, os.urandom fixed; all undone on exit."""

    def __init__(self, firmware):
        self.firmware = str(firmware)

    def __enter__(self):
        self.cwd = os.getcwd()
        self.path = list(sys.path)
        self.urandom = os.urandom
        self.mods = set(sys.modules)
        self.tmp = tempfile.mkdtemp(prefix="oya-bench-")
        if os.path.isdir(os.path.join(self.firmware, "rulesets")):
            shutil.copytree(os.path.join(self.firmware, "rulesets"), os.path.join(self.tmp, "rulesets"))
        os.chdir(self.tmp)
        for k in [k for k in sys.modules if k == "oya" or k.startswith("oya.") or k == "mpbench"]:
            del sys.modules[k]
        sys.path[:0] = [self.firmware, str(BENCH_DIR)]
        if "framebuf" not in sys.modules:
            from host_sim import framebuf
            sys.modules["framebuf"] = framebuf
        import mpbench
        mpbench.fix_entropy()
        return mpbench

    def __exit__(self, *exc):
        os.chdir(self.cwd)
        sys.path[:] = self.path
        os.urandom = self.urandom
        for k in [k for k in sys.modules if k not in self.mods]:
            del sys.modules[k]
        shutil.rmtree(self.tmp, ignore_errors=True)


def cp_ui(game, firmware, script=SCRIPT):
    with _CPython(firmware) as mb:
        b = mb.UIBench(game, record=True, script=script).run()
        return {"changes": b.changes, "key_us": b.key_us, "render_us": b.render_us, "keys": b.n}


def cp_engine(game, firmware):
    with _CPython(firmware) as mb:
        e = mb.EngineBench(game, record=True)
        t0 = time.perf_counter()
        while e.step():
            pass
        wall = time.perf_counter() - t0
        return {"deals": e.deals, "actions": e.actions, "act_us": e.act_us, "wall_s": wall,
                "deals_per_s": e.deals / wall if wall else 0}


# ---- the whole bench -----------------------------------------------------------------

def display_stats(changes):
    sent = [c[0] for c in changes]
    full = sum(1 for c in changes if c[1] >= 1024)
    return {"changes": len(sent), "median": med(sent), "p95": pct(sent, 95), "max": max(sent or [0]),
            "full_share": full / len(sent) if sent else 0, "total": sum(sent)}


def timing(xs):
    return {"n": len(xs), "median": med(xs), "p95": pct(xs, 95), "max": max(xs or [0])}


def measure(games, firmware=FIRMWARE, jobs=2, with_printer=True):
    firmware = Path(firmware).resolve()
    mpy_runtime.check_available()
    fig = {"date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
           "machine": "%s, %s, %d cores, Python %s, node %s" % (
               platform.platform(), platform.processor() or platform.machine(), os.cpu_count() or 0,
               platform.python_version(), _node_version()),
           "firmware": str(firmware.relative_to(ROOT)) if firmware.is_relative_to(ROOT) else str(firmware),
           "commit": tools.git_head(), "games": list(games)}
    tmp = Path(tempfile.mkdtemp(prefix="oya-bench-mpy-"))
    try:
        mpy_tree = tmp / "mpy"
        t0 = time.time()
        fig["mpy_sizes"] = compile_tree(firmware, mpy_tree)
        log("bench: compiled %d modules with mpy-cross" % len(fig["mpy_sizes"]))

        from tools import benchtable
        fig["table_deck"] = benchtable.figures(games)
        log("bench: table-deck runs done (%.0f s)" % (time.time() - t0))

        # CPython first, alone on the machine, for its timings
        fig["cpython"] = {}
        for g in games:
            fig["cpython"][g] = {"ui": cp_ui(g, firmware), "ui_ok": cp_ui(g, firmware, "ok"),
                                 "engine": cp_engine(g, firmware)}
        log("bench: CPython runs done (%.0f s)" % (time.time() - t0))

        jobs_list = []
        for g in games:
            jobs_list.append(("heap_py", g, mp_ui_heap, (g, firmware)))
            jobs_list.append(("heap_mpy", g, mp_ui_heap, (g, mpy_tree)))
            jobs_list.append(("heap_mpy_table", g, mp_ui_heap, (g, mpy_tree, True)))
            jobs_list.append(("ui_mpy", g, mp_ui_record, (g, mpy_tree)))
            jobs_list.append(("engine_heap", g, mp_engine, (g, mpy_tree, False)))
            jobs_list.append(("engine_time", g, mp_engine, (g, mpy_tree, True)))
        mp = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
            futs = {ex.submit(fn, *args): (kind, g) for kind, g, fn, args in jobs_list}
            for f in concurrent.futures.as_completed(futs):
                kind, g = futs[f]
                mp.setdefault(g, {})[kind] = f.result()
        fig["micropython"] = mp
        for g, f in fig["table_deck"].items():     # the same UI match played with a table deck
            f["heap_mpy_high"] = mp[g]["heap_mpy_table"]["net_used_high"]
            f["heap_mpy_live"] = mp[g]["heap_mpy_table"]["net_live_high"]
        fig["runtime"] = _runtime_version()
        log("bench: MicroPython runs done (%.0f s)" % (time.time() - t0))
        if with_printer:
            from tools.benchprint import printer_figures
            fig["printer"] = printer_figures(firmware)
            log("bench: printer runs done (%.0f s)" % (time.time() - t0))
        fig["wall_s"] = round(time.time() - t0)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    fig["summary"] = summarise(fig)
    return fig


def summarise(fig):
    """The budgeted figures and the table rows, from the raw figures."""
    games = fig["games"]
    mp = fig["micropython"]
    s = {"games": {}}
    worst = (0, None)
    all_changes = []
    for g in games:
        row = {}
        hp, hm = mp[g]["heap_py"], mp[g]["heap_mpy"]
        row["heap_py"] = hp
        row["heap_mpy"] = hm
        if hm["net_used_high"] > worst[0]:
            worst = (hm["net_used_high"], g)
        cu = fig["cpython"][g]["ui"]
        mu = mp[g]["ui_mpy"]
        row["display"] = display_stats(cu["changes"])
        row["display_ok"] = display_stats(fig["cpython"][g]["ui_ok"]["changes"])
        row["same_bytes_on_both"] = [c[0] for c in cu["changes"]] == [c[0] for c in mu["changes"]]
        all_changes += cu["changes"]
        row["render_cp"] = timing(cu["render_us"])
        row["render_mp"] = timing(mu["render_us"])
        row["key_cp"] = timing(cu["key_us"])
        row["key_mp"] = timing(mu["key_us"])
        ce = fig["cpython"][g]["engine"]
        me = mp[g]["engine_time"]
        row["act_cp"] = timing(ce["act_us"])
        row["act_mp"] = timing(me["act_us"])
        row["deals_per_s_cp"] = ce["deals_per_s"]
        row["deals_per_s_mp"] = me["deals"] / (me["total_us"] / 1e6) if me["total_us"] else 0
        row["engine_heap"] = mp[g]["engine_heap"]
        row["engine_deals"] = ce["deals"]
        row["engine_actions"] = ce["actions"]
        s["games"][g] = row
    s["display_all"] = display_stats(all_changes)
    s["worst_heap_game"] = worst[1]
    g0 = games[0]
    s["boot_py"] = {k: mp[g0]["heap_py"][k] for k in ("boot_total_high", "boot_used_high", "boot_live",
                                                       "before_frame_live", "boot_modules")}
    s["boot_mpy"] = {k: mp[g0]["heap_mpy"][k] for k in ("boot_total_high", "boot_used_high", "boot_live",
                                                         "before_frame_live", "boot_modules")}
    s["boot_module_names"] = mp[g0]["heap_mpy"]["boot_module_names"]
    values = {}
    pr = fig.get("printer")
    if pr:
        values["printer_overruns"] = pr["overruns"]
        values["press_late"] = pr["press_late"]
    td = fig.get("table_deck") or {}
    if "oicho" in td:
        values["table_presses_per_card"] = td["oicho"]["presses_per_card"]
    s["budget_values"] = values
    return s


def check_budgets(summary):
    """[(name, value, limit, ok, what)] for every budget with a figure."""
    out = []
    for name, (limit, what, unit) in BUDGETS.items():
        if name not in summary["budget_values"]:
            if name in OPTIONAL:
                continue
            out.append((name, None, limit, False, what + " (not measured)"))
            continue
        v = summary["budget_values"][name]
        out.append((name, v, limit, v <= limit, what))
    return out


# ---- output ---------------------------------------------------------------------------

def _kb(n):
    return "%.1f" % (n / KB)


def table(fig):
    s = fig["summary"]
    lines = []
    lines.append("Heap under MicroPython %s (KB; net of the harness; high = used high-water, "
                 "live = after gc.collect())" % fig.get("runtime", "?"))
    lines.append("%-9s %9s %9s %9s %9s %9s %9s %6s" % ("game", "py high", "py live", "py total", "mpy high",
                                                      "mpy live", "mpy total", "keys"))
    for g in fig["games"]:
        r = s["games"][g]
        hp, hm = r["heap_py"], r["heap_mpy"]
        lines.append("%-9s %9s %9s %9s %9s %9s %9s %6d" % (
            g, _kb(hp["net_used_high"]), _kb(hp["net_live_high"]), _kb(hp["total_high"]),
            _kb(hm["net_used_high"]), _kb(hm["net_live_high"]), _kb(hm["total_high"]), hm["keys"]))
    for form in ("py", "mpy"):
        b = s["boot_" + form]
        lines.append("boot (%s): %d modules, heap before the first frame %s KB live, boot high %s KB, "
                     "total %s KB" % (form, b["boot_modules"], _kb(b["before_frame_live"]),
                                      _kb(b["boot_used_high"]), _kb(b["boot_total_high"])))
    lines.append("")
    lines.append("Display bytes per screen change (full frame = 7 command + 1025 data bytes); "
                 "'play' script, and 'ok' (OK on every screen)")
    lines.append("%-9s %7s %7s %7s %7s %9s %5s | %7s %7s %7s %9s" % (
        "game", "changes", "median", "p95", "max", "full", "MP=", "ok chg", "median", "p95", "full"))
    for g in fig["games"]:
        d = s["games"][g]["display"]
        o = s["games"][g]["display_ok"]
        lines.append("%-9s %7d %7d %7d %7d %8.1f%% %5s | %7d %7d %7d %8.1f%%" % (
            g, d["changes"], d["median"], d["p95"], d["max"], 100 * d["full_share"],
            "yes" if s["games"][g]["same_bytes_on_both"] else "NO",
            o["changes"], o["median"], o["p95"], 100 * o["full_share"]))
    d = s["display_all"]
    lines.append("%-9s %7d %7d %7d %7d %8.1f%%" % ("all", d["changes"], d["median"], d["p95"], d["max"],
                                                   100 * d["full_share"]))
    lines.append("")
    lines.append("Time (us, median/p95): engine action, key (UI + journal), frame render; deals/s")
    lines.append("%-9s %13s %13s %13s %13s %13s %13s %8s %8s" % (
        "game", "act CPy", "act MP", "key CPy", "key MP", "render CPy", "render MP", "deals/s", "MP d/s"))
    for g in fig["games"]:
        r = s["games"][g]

        def mp95(t):
            return "%d/%d" % (t["median"], t["p95"])
        lines.append("%-9s %13s %13s %13s %13s %13s %13s %8.0f %8.1f" % (
            g, mp95(r["act_cp"]), mp95(r["act_mp"]), mp95(r["key_cp"]), mp95(r["key_mp"]),
            mp95(r["render_cp"]), mp95(r["render_mp"]), r["deals_per_s_cp"], r["deals_per_s_mp"]))
    lines.append("")
    lines.append("Engine alone under MicroPython (.mpy): full bot match, one deal per step (KB)")
    for g in fig["games"]:
        e = s["games"][g]["engine_heap"]
        lines.append("%-9s deals %3d  actions %5d  heap high %6s  live %6s" % (
            g, e["deals"], e["actions"], _kb(e["net_used_high"]), _kb(e["net_live_high"])))
    pr = fig.get("printer")
    if pr:
        lines.append("")
        lines.append("Printer (host simulator, %d baud)" % pr["baud"])
        lines.append("%-14s %7s %7s %9s %9s" % ("slip", "lines", "bytes", "send s", "printed s"))
        for name, sl in pr["slips"].items():
            lines.append("%-14s %7d %7d %9.2f %9.2f" % (name, sl["lines"], sl["bytes"], sl["send_s"],
                                                        sl["printed_s"]))
        lines.append("overruns %d; presses during printing %d, longest wait %d ms (event to key), "
                     "handled after the next line was sent: %d" % (
                         pr["overruns"], pr["presses"], pr["max_wait_ms"], pr["press_late"]))
    if fig.get("table_deck"):
        from tools import benchtable
        lines.append("")
        lines.extend(benchtable.lines(fig["table_deck"]))
    lines.append("")
    lines.append("Budgets")
    for name, v, limit, ok, what in check_budgets(s):
        lines.append("  %-4s %-70s %s (limit %s)" % ("ok" if ok else "MISS", what,
                                                   "-" if v is None else v, limit))
    return "\n".join(lines)


TOP_MODULES = 5     # the largest .mpy files named on the page


def write_md(fig, path, text):
    """BENCHMARKS.md's section of this run (tools/benchpage.py keeps the rest of the page)."""
    s = fig["summary"]
    sizes = sorted(fig["mpy_sizes"].items(), key=lambda kv: -kv[1])
    held = ", ".join("%s %d" % (g, len(fig["micropython"][g]["heap_mpy"]["match_modules"])) for g in fig["games"])
    missed = [c for c in check_budgets(s) if not c[3]]
    body = ["## In MicroPython's WebAssembly port: `make bench`", "",
            "Commit %s, %s, `make bench` (= `python -m tools bench`; %d s on %s; MicroPython %s). "
            "Budgets: **%s** (each below, ok or MISS). How each figure is measured: "
            "docs/DEVELOPING.md, \"Benchmarks\"." % (
                fig["commit"], fig["date"], fig.get("wall_s", 0), fig["machine"], fig.get("runtime", "?"),
                "all met" if not missed else "%d MISSED" % len(missed)),
            "", "```", text, "```", "",
            "Boot (.mpy, before the first frame): %d modules. Modules held after each match, back home: %s. "
            "`.mpy` files: %d, %s B in all; the largest: %s." % (
                len(s["boot_module_names"]), held, len(sizes), format(sum(fig["mpy_sizes"].values()), ","),
                ", ".join("`%s` %s B" % (m, format(n, ",")) for m, n in sizes[:TOP_MODULES]))]
    benchpage.write_section("bench", "\n".join(body), path)


def _node_version():
    try:
        return subprocess.run([mpy_runtime.node_path() or "node", "--version"], capture_output=True,
                              text=True).stdout.strip()
    except OSError:
        return "?"


def _runtime_version():
    try:
        r = mpy_runtime.run("import sys\nprint(sys.version)", timeout=60)
        return "%s (%s)" % (r.runtime.get("version", "?"), r.stdout.strip())
    except Exception:
        return "?"


def parser():
    ap = argparse.ArgumentParser(prog="python -m tools bench", description=tools.summary("bench"))
    ap.add_argument("--games", default=",".join(GAMES), help="the games to measure, comma-separated (default: all)")
    ap.add_argument("--firmware", default=str(FIRMWARE),
                    help="the firmware folder to measure (default: this tree's firmware/)")
    ap.add_argument("--json", default=str(ROOT / "build" / "bench.json"), help="raw figures (JSON)")
    ap.add_argument("--md", default=str(MD_PATH), help="the report to write")
    ap.add_argument("--no-md", action="store_true", help="do not write the report")
    ap.add_argument("--no-printer", action="store_true", help="leave out the printer's figures (faster)")
    ap.add_argument("--jobs", type=int, default=2, help="MicroPython runs at once (default 2)")
    ap.add_argument("--check", default=None, metavar="FIGURES.json",
                    help="check the budgets of saved figures only")
    ap.add_argument("--report", default=None, metavar="FIGURES.json",
                    help="check the budgets of saved figures and write them into the page (--md)")
    return ap


def main(argv=None):
    a = parser().parse_args(argv)
    if a.check or a.report:
        fig = json.loads(Path(a.check or a.report).read_text())
        fig["summary"] = summarise(fig)
        if a.report:
            write_md(fig, Path(a.md), table(fig))
    else:
        games = [g for g in a.games.split(",") if g]
        fig = measure(games, a.firmware, a.jobs, not a.no_printer)
        if a.json:
            Path(a.json).parent.mkdir(parents=True, exist_ok=True)
            Path(a.json).write_text(json.dumps(fig, indent=1, default=list))
        if not a.no_md:
            write_md(fig, Path(a.md), table(fig))
    print(table(fig))
    missed = [c for c in check_budgets(fig["summary"]) if not c[3]]
    if missed:
        print("\nbench: %d budget(s) missed: %s" % (len(missed), ", ".join(c[0] for c in missed)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
