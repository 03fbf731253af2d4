"""`python -m tools pico <command>`: the commands, each a small function over
the emulated board its flags describe (tools/pico/__init__.py says what the
bench measures and how).

    python -m tools pico bench --firmware RPI_PICO.uf2 --bootrom B1.bin [--frozen]
    python -m tools pico soak --presses 2000 --firmware ... --bootrom ...
    python -m tools pico press ok,ok,back --remove rulesets/.index --firmware ... --bootrom ...
    python -m tools pico report build/pico-bench.json

`python -m tools pico --firmware ...` (no command) is the bench, and the flags
that chose a command before there were commands (`--soak N`, `--press KEYS`,
`--heap-map` ...) still choose it.
"""
import argparse
import datetime
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import tools
from tools import pico
from tools.pico import GAMES, JSON_PATH, MAX_SECONDS, MD_PATH, SOAK_CAP_KB, log

MAX_KEYS = 2000     # a game's key limit by default


@dataclass
class Target:
    """The emulated board a command runs on: the image, the boot ROM, the
    board file and whether the app is frozen in the image."""
    uf2: Path
    rom: Path
    board_name: str
    board: dict
    frozen: bool

    def deploy(self, tmp):
        """The board's flash after `python -m tools deploy` -> (path, deploy output)."""
        log("pico: booting %s and deploying the files%s ..." % (self.uf2.name, " (--frozen)" if self.frozen else ""))
        return pico.deployed_flash(self.uf2, self.rom, self.board_name, self.frozen, Path(tmp) / "flash.bin")

    def emulator(self, flash):
        return pico.board_emulator(self.uf2, self.rom, flash, self.board)


@dataclass
class BenchRun:
    """What a bench collects: how it was run, and each game's run (a
    pico.GameRun as a dict), as build/pico-bench.json keeps it."""
    firmware_name: str
    frozen: bool
    board: str
    command: str
    heap_cap: int = None
    gc_every: int = None
    script: str = "people"
    deals: int = None
    commit: str = field(default_factory=tools.git_head)
    date: str = field(default_factory=lambda: datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC"))
    wall_s: int = 0
    runs: dict = field(default_factory=dict)

    def figures(self):
        """The JSON figures (the per-game summary included)."""
        fig = asdict(self)
        fig["summary"] = {g: pico.summarise(r) for g, r in self.runs.items()}
        return fig


def target(a):
    """-> (the Target of the flags, None), or (None, exit status) when a
    file is missing (exit 0: nothing to run) or the emulator cannot run."""
    gone = pico.missing(a.firmware, a.bootrom)
    if gone:
        print(pico.NEEDED % "".join("\n  (%s)" % g for g in gone))
        return None, 0
    from tools.deploy import board_file
    from tools.pico.emu import Unavailable, check_runtime
    try:
        check_runtime()
    except Unavailable as e:
        print("python -m tools pico: %s" % e)
        return None, 1
    _, board = board_file(a.board)
    return Target(Path(a.firmware).expanduser().resolve(), Path(a.bootrom).expanduser().resolve(),
                  a.board, board, a.frozen), None


def games_of(a):
    return [g for g in a.games.split(",") if g]


def cap_bytes(kb):
    return int(kb * 1024) if kb else None


# ---- the commands -----------------------------------------------------------------------

def cmd_bench(a, t):
    """Play a scripted match of each game and print its figures per key (also to build/ and BENCHMARKS.md)."""
    t0 = time.time()
    games = games_of(a)
    cap = cap_bytes(a.heap_cap)
    run = BenchRun(t.uf2.name, t.frozen, t.board_name, bench_command(a, t, games), cap, a.gc_every,
                   a.script, a.deals)
    with tempfile.TemporaryDirectory() as tmp:
        flash, dep = t.deploy(tmp)
        log(dep.rstrip())
        if cap or a.gc_every or a.deals is not None:
            from tools.pico.soak import capped_flash
            flash = capped_flash(t.uf2, t.rom, flash, cap, Path(tmp) / "capped.bin", a.gc_every, deals=a.deals)
        for g in games:
            log("pico: %s ..." % g)
            r = pico.play_game(t.uf2, t.rom, flash, t.board, g, a.max_keys, a.max_seconds, a.script == "bots")
            r.heap_cap = cap
            run.runs[g] = asdict(r)
            s = pico.summarise(run.runs[g])
            log("pico: %s: %d keys in %.0f s (%.0f s emulated), p95 %.0f ms, heap peak %.1f KB" % (
                g, s["keys"], r.wall_s, r.emulated_s, s["lat_p95"], s["heap_peak"] / 1024))
    run.wall_s = round(time.time() - t0)
    fig = run.figures()
    text = pico.table(fig)
    print(text)
    if a.json:
        p = Path(a.json)
        if p == JSON_PATH:          # one file per kind of run, as BENCHMARKS.md has one section
            p = p.with_name("pico-bench%s.json" % pico.section_kind(fig))
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(fig, indent=1))
    if not a.no_md:
        pico.write_md(Path(a.md), fig, text)
    return 0


def bench_command(a, t, games):
    """The shortest command that repeats this bench, for BENCHMARKS.md."""
    if set(games) == set(GAMES) and a.max_keys == MAX_KEYS:
        cmd = "make pico-bench FIRMWARE=%s BOOTROM=%s%s" % (t.uf2.name, t.rom.name, " FROZEN=1" if t.frozen else "")
    else:
        cmd = "python -m tools pico bench --firmware %s --bootrom %s%s --games %s --max-keys %d" % (
            t.uf2.name, t.rom.name, " --frozen" if t.frozen else "", ",".join(games), a.max_keys)
    extra = ([] if a.script == "people" else ["--script", a.script]) + \
        (["--heap-cap", "%g" % a.heap_cap] if a.heap_cap else []) + \
        (["--gc-every", str(a.gc_every)] if a.gc_every else []) + \
        (["--deals", str(a.deals)] if a.deals is not None else []) + \
        (["--max-seconds", "%g" % a.max_seconds] if a.max_seconds != MAX_SECONDS else [])
    if extra:
        cmd += (" ARGS='%s'" if cmd.startswith("make") else " %s") % " ".join(extra)
    return cmd


def cmd_report(a):
    """Print saved figures again, several files of one kind of run as one table (and write it to BENCHMARKS.md)."""
    fig = merged([json.loads(Path(f).read_text()) for f in a.figures])
    text = pico.table(fig)
    print(text)
    if not a.no_md:
        pico.write_md(Path(a.md), fig, text)
    return 0


def merged(figs):
    """One run's figures made of runs of other games on the same image, commit
    and settings (each game on its own core): their games together, the
    command of each, the longest wall time."""
    fig = dict(figs[0])
    same = ("commit", "firmware_name", "frozen", "board", "heap_cap", "gc_every", "script", "deals")
    for f in figs[1:]:
        differ = [k for k in same if f.get(k) != fig.get(k)]
        if differ:
            raise SystemExit("python -m tools pico report: the files differ in %s" % ", ".join(differ))
        fig["runs"] = dict(fig["runs"], **f["runs"])
        if "summary" in fig:
            fig["summary"] = dict(fig["summary"], **f.get("summary", {}))
        fig["wall_s"] = max(fig["wall_s"], f["wall_s"])
    if len(figs) > 1:
        fig["command"] = "; ".join(f["command"] for f in figs)
        fig["merged"] = True
    return fig


def cmd_soak(a, t):
    """Press at random in each game with the heap held to a cap; exit 1 on any finding."""
    from tools.pico import soak
    t0 = time.time()
    cap = int((SOAK_CAP_KB[bool(t.frozen)] if a.heap_cap is None else a.heap_cap) * 1024)
    console = None
    if a.console or a.pass_log:                 # (the pass log's lines come on the console)
        console, clash = pico.console_uart(t.board, "soak --console")
        if clash:
            print(clash)
            return 2
    games = games_of(a)
    with tempfile.TemporaryDirectory() as tmp:
        flash, _ = t.deploy(tmp)
        flash = soak.capped_flash(t.uf2, t.rom, flash, cap, Path(tmp) / "capped.bin", a.gc_every, console,
                                  a.pass_log, a.deals)

        def one(i):
            g = games[i]
            log("pico soak: %s, %d presses, heap held to %d B ..." % (g, a.presses, cap))
            with t.emulator(flash) as emu:
                return soak.soak_game(emu, t.board, g, a.presses, a.seed + i, pico.setup_keys, log,
                                      console is not None)
        # a game an emulator, --jobs of them at once (each is a node process bound by its CPU)
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(max(1, a.jobs)) as pool:
            runs = list(pool.map(one, range(len(games))))
    print(soak.report(runs, cap))
    out = {"date": datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC"), "commit": tools.git_head(),
           "firmware_name": t.uf2.name, "frozen": t.frozen, "heap_cap": cap, "presses": a.presses,
           "seed": a.seed, "deals": a.deals, "runs": runs, "command": soak_command(a, t, games),
           "wall_s": round(time.time() - t0)}
    p = JSON_PATH.with_name("pico-soak%s.json" % ("-frozen" if t.frozen else ""))
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(out, indent=1))
    if not a.no_md:
        write_soak_md(Path(a.md), out)
    return 1 if any(r["findings"] for r in runs) else 0


def write_soak_md(path, out):
    """Replace the soak's section of BENCHMARKS.md (.mpy or frozen)."""
    from tools import benchpage
    from tools.pico import soak
    benchpage.write_section("pico-soak" + ("-frozen" if out["frozen"] else ""),
                            soak.section(out, SOAK_CAP_KB[bool(out["frozen"])]), path)


def soak_command(a, t, games):
    """The command that repeats this soak, for BENCHMARKS.md."""
    cmd = "python -m tools pico soak --firmware %s --bootrom %s%s --presses %d --seed %d" % (
        t.uf2.name, t.rom.name, " --frozen" if t.frozen else "", a.presses, a.seed)
    if a.heap_cap is not None:
        cmd += " --heap-cap %g" % a.heap_cap
    if a.deals is not None:
        cmd += " --deals %d" % a.deals
    if set(games) != set(GAMES):
        cmd += " --games %s" % ",".join(games)
    return cmd + (" --jobs %d" % a.jobs if a.jobs != 1 else "")


def cmd_press(a, t):
    """Press the keys given from the home screen and show what each one did (tools/pico/presses.py)."""
    from tools.pico import presses, soak
    keys = [k.strip() for k in a.keys.split(",") if k.strip()]
    have = [k for k, v in (t.board.get("buttons") or {}).items() if v is not None]
    bad = [k for k in keys if k.replace("hold_", "", 1) not in have]
    if bad or not keys:
        print("python -m tools pico press: %s; the board's keys: %s (hold_ok: a long press)" % (
            "no key" if not keys else "not a key of the board: " + ", ".join(bad), ", ".join(have)))
        return 2
    console, clash = pico.console_uart(t.board, "press")         # (the device loop's passes come on it)
    if clash:
        print(clash)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        flash, _ = t.deploy(tmp)
        if a.remove:
            flash = presses.removed(t.uf2, t.rom, flash, a.remove, Path(tmp) / "removed.bin")
        flash = soak.capped_flash(t.uf2, t.rom, flash, cap_bytes(a.heap_cap), Path(tmp) / "console.bin", None,
                                  console, a.pass_log, a.deals)
        with t.emulator(flash) as emu:
            rows = presses.press_keys(emu, t.board, keys)
    print(presses.report(rows))
    return 0


def cmd_phases(a, t):
    """Time each key's steps from inside the app, over the USB REPL (tools/pico/phases.py)."""
    from tools.pico import phases
    for g, rows in phases.run_phases(t.uf2, t.rom, t.board_name, t.frozen, games_of(a), GAMES, a.max_keys, log,
                                     a.deals).items():
        print(phases.report(g, rows))
    return 0


def cmd_allocs(a, t):
    """Measure the heap each key of the deals allocates, step by step (tools/pico/allocs.py)."""
    from tools.pico import allocs
    for g, rows in allocs.run_allocs(t.uf2, t.rom, t.board_name, t.frozen, games_of(a), GAMES, a.max_keys, log,
                                     a.deals).items():
        print(allocs.report(g, rows))
    return 0


def cmd_heap_peaks(a, t):
    """Find the step of each key of the deals where the heap is highest (tools/pico/allocs.py)."""
    from tools.pico import allocs
    for g, rows in allocs.run_peaks(t.uf2, t.rom, t.board_name, t.frozen, games_of(a), GAMES, a.max_keys, log,
                                    a.gc_every, a.deals).items():
        print(allocs.peaks_report(g, rows, gc_every=a.gc_every))
    return 0


def cmd_labels(a, t):
    """Time the play labels of Kakkuri's dearest decision menus (tools/pico/labels.py)."""
    from tools.pico import labels
    print(labels.run_labels(t.uf2, t.rom, t.board_name, t.frozen, a.hands, log))
    return 0


def cmd_heap_parts(a, t):
    """Split the live heap at the first deal by module (tools/pico/heapparts.py)."""
    from tools.pico import heapparts
    for g, fig in heapparts.run_heap_parts(t.uf2, t.rom, t.board_name, t.frozen, games_of(a), GAMES, log).items():
        print(heapparts.report(g, fig, t.frozen))
    return 0


def cmd_heap_map(a, t):
    """Map who holds the live heap at one moment, read from the board's RAM (tools/pico/heapmap.py)."""
    from tools.pico import heapmap
    if a.elf and not Path(a.elf).expanduser().is_file():
        print("python -m tools pico heap-map: --elf: no file at %s" % a.elf)
        return 2
    for text in heapmap.run_heap_map(t.uf2, t.rom, t.board_name, t.frozen, games_of(a), GAMES, log, a.at_key,
                                     a.elf, a.at_screen, a.deals).values():
        print(text)
    return 0


# ---- the flags ---------------------------------------------------------------------------

def _board_flags():
    """The flags of every command that runs the emulator."""
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--firmware", default=os.environ.get("FIRMWARE") or None, metavar="RPI_PICO.uf2",
                   help="the MicroPython image for the Pico (default: $FIRMWARE)")
    p.add_argument("--bootrom", default=os.environ.get("BOOTROM") or None, metavar="B1.bin",
                   help="the RP2040 B1 boot ROM, 16 KB (default: $BOOTROM)")
    p.add_argument("--frozen", action="store_true", help="the image has the app frozen in it: deploy --frozen")
    p.add_argument("--board", default="rpi_pico", help="the board file in boards/ (default rpi_pico)")
    return p


def _flag(p, name):
    """One of the flags several commands share, with its help."""
    if name == "games":
        p.add_argument("--games", default=",".join(GAMES), help="the games, comma-separated (default: all five)")
    elif name == "deals":
        p.add_argument("--deals", type=int, metavar="SEED", help="deal the hands of SEED (boot.py: oya.rng.entropy "
                       "a fixed stream): the same cards whatever the firmware's timing, so runs of two commits "
                       "compare (default: random hands, as on a board)")
    elif name == "max-keys":
        p.add_argument("--max-keys", type=int, default=MAX_KEYS,
                       help="stop a game after this many keys (default %d)" % MAX_KEYS)
    elif name == "heap-cap":
        p.add_argument("--heap-cap", type=float, metavar="KB", help="hold the heap to KB (a boot.py pin; soak: "
                       "default %d as .mpy, %d frozen; 0 the whole heap); a match that runs out "
                       "shows an Error screen and is not done" % (SOAK_CAP_KB[False], SOAK_CAP_KB[True]))
    elif name == "pass-log":
        p.add_argument("--pass-log", type=int, metavar="MS", help="print each pass of the device loop of MS or "
                       "more, part by part, under its press (tools/pico/passlog.py; press: default 20)")


# (name, function, the shared flags it takes); each runs on the emulated board
COMMANDS = (
    ("bench", cmd_bench, ("games", "max-keys", "heap-cap", "deals")),
    ("soak", cmd_soak, ("games", "heap-cap", "deals", "pass-log")),
    ("press", cmd_press, ("heap-cap", "deals", "pass-log")),
    ("phases", cmd_phases, ("games", "max-keys", "deals")),
    ("allocs", cmd_allocs, ("games", "max-keys", "deals")),
    ("heap-peaks", cmd_heap_peaks, ("games", "max-keys", "deals")),
    ("labels", cmd_labels, ()),
    ("heap-parts", cmd_heap_parts, ("games",)),
    ("heap-map", cmd_heap_map, ("games", "deals")),
)


def parser():
    ap = argparse.ArgumentParser(prog="python -m tools pico", description=tools.summary("pico"),
                                 epilog="No command: the bench. Without the two files a command says what "
                                        "is needed and exits 0.")
    sub = ap.add_subparsers(dest="cmd", metavar="command")
    board = _board_flags()
    subs = {}
    for name, fn, shared in COMMANDS:
        about = fn.__doc__.split("\n\n")[0].replace("\n", " ")
        p = sub.add_parser(name, parents=[board], help=about, description=about)
        p.set_defaults(run=fn)
        for f in shared:
            _flag(p, f)
        subs[name] = p
    p = subs["bench"]
    p.add_argument("--script", default="people", choices=("people", "bots"),
                   help="'people' (default): every seat a person, OK on every screen (the wasm bench's 'ok' "
                   "script), so every key has an answer of its own; 'bots': every seat a bot, OK on every "
                   "screen (most keys then do nothing and the display changes when a bot's 400 ms are up)")
    p.add_argument("--max-seconds", type=float, default=MAX_SECONDS,
                   help="stop a game after this much wall time, s (default %d)" % MAX_SECONDS)
    p.add_argument("--gc-every", type=int, metavar="BYTES",
                   help="a collection after every BYTES allocated (boot.py: gc.threshold): the heap used is "
                   "then the live heap, and the keys where it peaks are listed; slower")
    p.add_argument("--json", default=str(JSON_PATH), help="write the figures here (default %s)"
                   % JSON_PATH.relative_to(tools.ROOT))
    p.add_argument("--md", default=str(MD_PATH), help="write the table into this page (default BENCHMARKS.md)")
    p.add_argument("--no-md", action="store_true", help="do not write the table into the page")
    p = subs["soak"]
    p.add_argument("--presses", type=int, default=2000, metavar="N", help="random presses per game (default 2000)")
    p.add_argument("--seed", type=int, default=1, help="the presses' seed; game i takes SEED+i (default 1)")
    p.add_argument("--gc-every", type=int, metavar="BYTES",
                   help="a collection after every BYTES allocated, as the bench's (the heap read is then live)")
    p.add_argument("--console", action="store_true", help="the REPL's output on the UART the printer does not "
                   "use (os.dupterm in boot.py): each finding gets what the firmware printed (a traceback)")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="N games at once, an emulator each (one CPU core each; default 1)")
    p.add_argument("--md", default=str(MD_PATH), help="write the summary into this page (default BENCHMARKS.md)")
    p.add_argument("--no-md", action="store_true", help="do not write the summary into the page")
    p = subs["press"]
    p.add_argument("keys", metavar="KEYS", help="the keys, comma-separated: up, down, ok, back, left, right, "
                   "hold_ok (a long press) ...")
    p.add_argument("--remove", action="append", metavar="PATH", help="take PATH off the board's flash first "
                   "(e.g. rulesets/.index: a board set up by hand); repeatable")
    p.set_defaults(pass_log=20)                # (its passes are what it is for)
    subs["heap-peaks"].add_argument("--gc-every", type=int, default=1024, metavar="BYTES",
                                    help="a collection after every BYTES allocated (default 1024)")
    subs["labels"].add_argument("hands", type=int, nargs="?", default=6, metavar="N",
                                help="the N hands of six whose menus cost most (default 6)")
    p = subs["heap-map"]
    p.add_argument("--at-key", type=int, default=0, metavar="N",
                   help="N keys after the first deal (or the --at-screen screen; default 0)")
    p.add_argument("--at-screen", default="Deal", metavar="TITLE", help="from the first screen whose title "
                   "starts with TITLE (default: Deal, the first deal), e.g. 'First dealer'")
    p.add_argument("--elf", metavar="firmware.elf", help="the firmware's ELF (its build folder's firmware.elf), "
                   "for each block's type")
    p = sub.add_parser("report", help=cmd_report.__doc__, description=cmd_report.__doc__)
    p.set_defaults(run=None)
    p.add_argument("figures", metavar="FIGURES.json", nargs="+",
                   help="figures a bench saved (build/pico-bench*.json); several of one kind of run "
                        "(other games, side by side) make one table")
    p.add_argument("--md", default=str(MD_PATH), help="write the table into this page (default BENCHMARKS.md)")
    p.add_argument("--no-md", action="store_true", help="only print it")
    return ap


# The flags that chose a command before there were commands (the command lines
# BENCHMARKS.md gives): the command, and where the flag's value goes ("": the
# command's argument, None: no value)
OLD_FLAGS = {"--soak": ("soak", "--presses"), "--press": ("press", ""), "--report": ("report", ""),
             "--labels": ("labels", ""), "--phases": ("phases", None), "--allocs": ("allocs", None),
             "--heap-peaks": ("heap-peaks", None), "--heap-parts": ("heap-parts", None),
             "--heap-map": ("heap-map", None)}


def from_old_flags(argv):
    """`argv` with an old command flag made its command (`--soak 150 ...` ->
    `soak --presses 150 ...`); as it was when it has none."""
    for i, arg in enumerate(argv):
        if arg in OLD_FLAGS:
            cmd, to = OLD_FLAGS[arg]
            rest = argv[:i] + argv[i + 1:]
            if to is None or i + 1 == len(argv) or argv[i + 1].startswith("-"):
                return [cmd] + rest
            return [cmd] + ([to] if to else []) + [argv[i + 1]] + argv[:i] + argv[i + 2:]
    return argv


def main(argv=None):
    argv = from_old_flags(list(sys.argv[1:] if argv is None else argv))
    names = [c[0] for c in COMMANDS] + ["report"]
    if not argv or (argv[0] not in names and argv[0] not in ("-h", "--help")):
        argv = ["bench"] + argv                 # no command: the bench
    a = parser().parse_args(argv)
    if a.cmd == "report":
        return cmd_report(a)
    t, status = target(a)
    if t is None:
        return status
    return a.run(a, t)
