"""`python -m tools pico bench` (`make pico-bench`): the real MicroPython firmware
on an emulated RP2040, with this project's files on it and the board's wiring
around it; a scripted match per game, figures per key. The other commands
(soak, press, phases, allocs, heap-peaks, labels, heap-parts, heap-map,
report) are in tools/pico/cli.py.

    python -m tools pico bench --firmware RPI_PICO.uf2 --bootrom B1.bin
    python -m tools pico bench --firmware RPI_PICO-frozen.uf2 --bootrom B1.bin --frozen
    python -m tools pico bench ... --games oicho,meri --max-keys 200 --no-md

- The emulator: rp2040js (npm, tools/pico/package.json; `make setup`), core 0
  at 125 MHz emulated time, with a SPI flash chip behind the SSI so the
  filesystem and the app's journal are really written (tools/pico/emulator.mjs).
- The files: `python -m tools deploy --no-reset [--frozen]` (the very command a
  user runs, mpremote included) over the emulated USB serial line, once per
  image; each game then starts from that flash with a power-on boot.
- The wiring (tools/pico/rig.py, from boards/<board>.json): the SSD1306 on the
  I2C pins with 9 bit times per byte at the bus speed the firmware set, the
  buttons as pin levels with contact bounce, the printer on the UART.
- The script: a new table of the game with every seat a person, then OK on
  every screen until the match is over (Kakkuri, played to an agreed time, is
  ended from the pause menu after 4 deals): the wasm bench's 'ok' script
  (tools/bench/mpbench.py), read off the emulated panel. Every key has its own
  answer (hand-off, decision, result). `--script bots` seats bots instead:
  most keys then do nothing, and what the display shows after them is a bot's
  move when its 400 ms are up.
- Per key: press -> last display byte (from the edge the firmware acts on: the
  press for UP/DOWN, the release for OK/BACK), display bytes, CPU cycles spent
  (not waiting in WFE/WFI) in that time; the GC heap is read from RAM as the
  firmware runs (no code runs for it): its peak, and the live heap after each
  collection (a drop of the used heap).

Without the two files it says what is needed and exits 0 (docs/DEVELOPING.md:
"The emulated Pico").
"""
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import tools
from tools import benchpage
from tools.pico.rig import CYCLES_PER_MS

ROOT = Path(tools.ROOT)
MD_PATH = benchpage.MD_PATH
JSON_PATH = ROOT / "build" / "pico-bench.json"
GAMES = ("oicho", "kachi", "kakkuri", "kyuten", "meri")
KAKKURI_DEALS = 4

NEEDED = """python -m tools pico: nothing run, it needs two files it does not ship:

  --firmware RPI_PICO.uf2   MicroPython for the Raspberry Pi Pico: the official
                            image from the MicroPython download page (board
                            RPI_PICO), or one you built (docs/DEVELOPING.md:
                            "A frozen image"; it needs a clean build folder).
  --bootrom B1.bin          the RP2040 B1 boot ROM (16 KB): the `bootromB1`
                            array in the rp2040js repository's demo/bootrom.ts,
                            written out as little-endian 32-bit words.
%s
Then: make pico-bench FIRMWARE=RPI_PICO.uf2 BOOTROM=B1.bin
"""


def missing(firmware, bootrom):
    """What is missing of the two files, as lines (empty: both there)."""
    out = []
    for flag, p in (("--firmware", firmware), ("--bootrom", bootrom)):
        if not p:
            out.append("%s was not given" % flag)
        elif not Path(p).expanduser().is_file():
            out.append("%s %s: no such file" % (flag, p))
    return out


def pct(xs, p):
    from tools.bench import pct as _pct
    return _pct(xs, p)


def log(msg):
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


# ---- the board, set up as `make deploy` sets it up ------------------------------------

def deployed_flash(uf2, bootrom, board, frozen, out):
    """Boot the image, run `python -m tools deploy` on its USB serial line, and
    keep the flash. -> (path, deploy output)."""
    from tools.pico.emu import Emulator
    with Emulator(uf2, bootrom) as emu:
        emu.boot_usb()
        with emu.serial() as port:
            cmd = [sys.executable, "-m", "tools", "deploy", "--board", board, "--port", port, "--no-reset"]
            if frozen:
                cmd.append("--frozen")
            r = subprocess.run(cmd, cwd=str(ROOT), capture_output=True, text=True, timeout=1200)
        if r.returncode != 0:
            raise RuntimeError("deploy failed:\n%s%s" % (r.stdout, r.stderr))
        emu.save_flash(out)
    return out, r.stdout


# ---- one game -----------------------------------------------------------------------

def setup_keys(rig, game, bots=True):
    """A new table of `game` with default rules and every seat a bot (as
    mpbench.UIBench.setup_keys, but the bot spinner wraps to all seats), or
    with `bots` False every seat a person."""
    yield "ok"                                   # home: New table
    for _ in range(GAMES.index(game)):
        yield "down"
    yield "ok"                                   # the game
    yield "ok"                                   # ruleset: defaults
    yield "up"
    yield "ok"                                   # options: Continue
    if rig.title().startswith("Seats"):
        yield "ok"
    yield "up"
    yield "ok"                                   # names: Continue
    if rig.title().startswith("Starting chips"):
        yield "ok"
    if bots:
        yield "down"                             # bot seats: 0 wraps to all of them
    yield "ok"
    if not rig.title().startswith("First dealer"):
        raise RuntimeError("expected First dealer, the screen shows %r" % rig.title())
    yield "ok"


NIGHT_WAIT_S = 20          # the longest wait, emulated, for the night after a match
_NIGHT_STEP_US = 200000    # how long the board runs between two looks at the screen meanwhile


def match_keys(rig, game):
    """OK on every screen until the match is over (Kakkuri: ended from the
    pause menu after KAKKURI_DEALS deals), then home: the night's menu that
    follows a match is ended with its last item (End the night)."""
    while True:
        t = rig.title()
        if t.startswith("Match over"):
            yield "ok"
            # the night's screens come on the idle passes after the key, once
            # the match is in the night, which can outlast the press's quiet time
            for _ in range(NIGHT_WAIT_S * 1000000 // _NIGHT_STEP_US):
                if not rig.title().startswith("Match over"):
                    break
                rig.run(_NIGHT_STEP_US)
            if rig.title().startswith("Night"):
                yield "up"
                yield "ok"
            return
        if game == "kakkuri" and t.startswith("Deal ") and _deal_no(t) > KAKKURI_DEALS:
            yield "back"
            while not rig.title().startswith("Paused"):
                yield "back"
            for _ in range(5):
                yield "down"
            yield "ok"                           # End match now
            continue
        yield "ok"


def _deal_no(title):
    try:
        return int(title.split()[1])
    except (IndexError, ValueError):
        return 0


def printer_uart(board):
    """The UART the board's printer is on (the RP2040 has two)."""
    return (board.get("printer") or {}).get("uart", 1)


def board_emulator(uf2, bootrom, flash, board):
    """An emulator of `board` (its display, its printer's UART), no USB."""
    from tools.pico.emu import Emulator
    return Emulator(uf2, bootrom, flash=flash, display_addr=board["display"].get("addr", 60),
                    i2c=board["display"].get("i2c", 0), uart=printer_uart(board), usb=False)


def console_uart(board, label):
    """(the UART the firmware's console goes to: the one the printer does
    not use, None) or (None, an error line under `label`) when that UART's
    pins are the board's."""
    from tools.pico import soak
    uart = 1 - printer_uart(board)
    clash = soak.console_clash(board, uart)
    return (None, "python -m tools pico %s: %s" % (label, clash)) if clash else (uart, None)


@dataclass
class GameRun:
    """What one game's scripted match on the emulated board collects. `keys`:
    a dict per key (tools/pico/rig.py's figures, the phase and the screen it
    led to); the heap figures are read from RAM as the firmware runs."""
    game: str
    keys: list = field(default_factory=list)
    finished: bool = False          # the match ran to its end (else a limit stopped it)
    boot_ms: int = 0
    boot_heap_used: int = None
    heap_size: int = None
    heap_peak: int = None
    heap_live_peak: int = None
    collections: int = None
    heap_end_used: int = None
    display_bytes: int = 0
    uart_bytes: int = 0
    emulated_s: float = 0.0
    wall_s: float = 0.0
    screen: list = None             # the last screen's text
    error: str = None               # an Error screen's text, when one stopped the match
    heap_cap: int = None            # the boot.py pin's cap, when the heap was held


def play_game(uf2, bootrom, flash, board, game, max_keys, deadline_s, bots=False):
    """One game's scripted match from a power-on boot of `flash` -> GameRun."""
    from tools.pico.rig import Rig
    t0 = time.time()
    with board_emulator(uf2, bootrom, flash, board) as emu:
        rig = Rig(emu, board)
        if not rig.boot("Oya"):
            raise RuntimeError("no home screen within 20 s of emulated time; screen: %r" % rig.screen())
        run = GameRun(game, boot_ms=round(emu.t / 1000))
        h0 = emu.watch_heap()
        ended, run.error = press_script(rig, game, bots, run.keys, max_keys, t0 + deadline_s)
        run.finished = ended and rig.title().startswith("Oya")
        emu.run(10000)
        heap = emu.heap or {}
        run.boot_heap_used = h0.get("used")
        run.heap_size = heap.get("size") or h0.get("size")
        run.heap_peak, run.heap_live_peak = heap.get("peak"), heap.get("live_peak")
        run.collections, run.heap_end_used = heap.get("collections"), heap.get("used")
        run.display_bytes, run.uart_bytes = rig.display_bytes, rig.uart_bytes
        run.emulated_s, run.wall_s = round(emu.t / 1e6, 2), round(time.time() - t0, 1)
        run.screen = rig.screen()
        return run


def press_script(rig, game, bots, keys, max_keys, deadline):
    """Press the setup's keys, then the match's, each key's figures onto
    `keys`, until the match is over, an Error screen shows or a limit is
    reached (the key count, the wall-time `deadline`) -> (whether the script
    ran to its end, the Error screen's text or None)."""
    for phase, gen in (("setup", setup_keys(rig, game, bots)), ("match", match_keys(rig, game))):
        for k in gen:
            d = rig.press(k).as_dict()
            d["phase"] = phase
            d["title"] = rig.title()      # the screen the key led to
            if os.environ.get("PICO_TRACE"):
                log("  %-5s %8s us %5d B %10s cycles %d erases -> %s" % (
                    k, d["latency_us"], d["display_bytes"], d["cycles"], d["flash_erases"], d["title"]))
            keys.append(d)
            if d["title"].startswith("Error"):     # an exception (MemoryError with a capped heap)
                error = " / ".join(x.strip() for x in rig.screen() if x.strip())
                log("pico: %s: key %d: %s" % (game, len(keys), error))
                return False, error
            if len(keys) >= max_keys or time.time() > deadline:
                return False, None
    return True, None


# ---- figures -------------------------------------------------------------------------

def summarise(run):
    """The per-game row: latency median/p95/max (ms), display bytes, cycles;
    with the heap capped (--heap-cap) the heap figures are the firmware's,
    the boot.py pin taken out, and its size is the cap."""
    ks = [k for k in run["keys"] if k["latency_us"] is not None]
    lat = [k["latency_us"] / 1000 for k in ks]
    cyc = [k["cycles"] for k in ks if k["cycles"] is not None]
    mid = lambda xs: sorted(xs)[len(xs) // 2] if xs else 0  # noqa: E731
    return {
        "keys": len(run["keys"]), "answered": len(ks),
        "lat_median": round(mid(lat), 1), "lat_p95": round(pct(lat, 95), 1), "lat_max": round(max(lat or [0]), 1),
        "bytes_median": mid([k["display_bytes"] for k in ks]),
        "bytes_total": run["display_bytes"],
        "mcycles_median": round(mid(cyc) / 1e6, 2), "mcycles_p95": round(pct(cyc, 95) / 1e6, 2),
        "mcycles_max": round(max(cyc or [0]) / 1e6, 2),
        "finished": run["finished"],
        "flash_erases": sum(k.get("flash_erases", 0) for k in run["keys"]),
        # the longest CPU run without a sleep after each key (ms at 125 MHz): a freeze
        "stretch_p95": round(pct([k.get("stretch", 0) / CYCLES_PER_MS for k in run["keys"]], 95), 1),
        "stretch_max": round(max([k.get("stretch", 0) for k in run["keys"]] or [0]) / CYCLES_PER_MS, 1),
        **_heap(run),
        "live_peak_at": _live_peak_at(run["keys"]),
        # what the key would take with instant flash writes (the erase wait inside it subtracted)
        "lat_p95_no_flash_wait": round(pct([max(0.0, (k["latency_us"] - _flash_wait(k)) / 1000)
                                            for k in ks], 95), 1),
    }


def _flash_wait(k):
    """The flash's busy time inside a key's latency; figures saved before
    it was kept have only the key's whole time (the journal's files after
    the frame included), which overstates it."""
    w = k.get("flash_wait_us")
    return k.get("flash_busy_us", 0) if w is None else w


def _live_peak_at(keys):
    """Which key left the largest live heap at a collection: "#i phase key"
    (None when no collection came during a key)."""
    best = None
    for i, k in enumerate(keys):
        if k.get("live") and (best is None or k["live"] > keys[best]["live"]):
            best = i
    if best is None:
        return None
    k = keys[best]
    return "#%d %s %s -> %s" % (best, k.get("phase", ""), k["key"], k.get("title", "?"))


def _heap(run):
    cap = run.get("heap_cap")
    if cap:
        from tools.pico.soak import app_heap
        peak, live = app_heap(run, cap)
        return {"heap_peak": peak, "heap_live_peak": live, "heap_size": cap}
    return {"heap_peak": run.get("heap_peak") or 0, "heap_live_peak": run.get("heap_live_peak") or 0,
            "heap_size": run.get("heap_size") or 0}


HEAP_BUDGET_KB = {False: 100, True: 32}    # a scripted match's peak live heap, as .mpy / frozen
LATENCY_BUDGET_MS = 50                      # p95 press -> last display byte, each game
SOAK_CAP_KB = {False: 112, True: 40}        # the heap a soak is held to, as .mpy / frozen


def heap_table(fig):
    """A run with a collection every fig["gc_every"] bytes (--gc-every): the
    heap used is then the live heap at every moment, give or take those
    bytes, so its peak is the match's peak live heap, set against the
    budget. (Its latencies are not the device's: every key collects.)"""
    cap = fig.get("heap_cap")
    budget = HEAP_BUDGET_KB[bool(fig["frozen"])]
    rows = ["RP2040 (rp2040js, 125 MHz): %s%s; a collection every %d B allocated (boot.py: gc.threshold)%s" % (
        fig["firmware_name"], " (app frozen)" if fig["frozen"] else ", files as `make deploy` writes them",
        fig["gc_every"], "; heap held to %d B by a boot.py pin (figures less the pin)" % cap if cap else ""),
        "game       keys done  peak heap KB (used ~ live)  budget KB  verdict       the keys that reached the most (KB)"]
    for g, r in fig["runs"].items():
        s = summarise(r)
        peak = s["heap_peak"] / 1024
        verdict = "met" if peak <= budget else "over by %.1f" % (peak - budget)
        rows.append("%-9s %5d %4s  %27.1f  %9d  %-12s  %s" % (
            g, s["keys"], "yes" if s["finished"] else "no", peak, budget, verdict,
            "; ".join("#%d %s -> %s %.1f" % x for x in heap_peaks(r, cap, 3))))
    return "\n".join(rows)


def table(fig):
    if fig.get("gc_every"):
        return heap_table(fig)
    cap = fig.get("heap_cap")
    rows = ["RP2040 (rp2040js, 125 MHz): %s%s; files as `make deploy` writes them%s%s" % (
        fig["firmware_name"], " (app frozen)" if fig["frozen"] else "",
        "" if fig["frozen"] else " (.mpy -O3)",
        "; heap held to %d B by a boot.py pin (figures less the pin)" % cap if cap else ""),
        "game       keys done  press->last display byte ms  bytes/key  Mcycles/key          heap KB:"
        "  erases/  p95 w/o     CPU run ms",
        "                      median     p95     max     median  median    p95    max  peak   live (of)"
        "    key  flash wait  p95   max"]
    for g, r in fig["runs"].items():
        s = summarise(r)
        rows.append("%-9s %5d %4s  %7.1f %7.1f %7.1f  %9d  %6.2f %6.2f %6.2f %5.1f %6.1f (%.1f) %6.2f %8.1f %6.1f %5.1f" % (
            g, s["keys"], "yes" if s["finished"] else "no", s["lat_median"], s["lat_p95"], s["lat_max"],
            s["bytes_median"], s["mcycles_median"], s["mcycles_p95"], s["mcycles_max"],
            s["heap_peak"] / 1024, s["heap_live_peak"] / 1024, s["heap_size"] / 1024,
            s["flash_erases"] / max(1, s["keys"]), s["lat_p95_no_flash_wait"], s["stretch_p95"], s["stretch_max"]))
    long = [(g, freezes(r)) for g, r in fig["runs"].items()]
    if any(f for g, f in long):
        rows.append("CPU runs over %d ms (key number in the run: ms, 4 KB sectors erased in that key's time"
                    ", of them inside the run itself):" % FREEZE_MS)
        for g, f in long:
            if f:
                rows.append("%-9s %s" % (g, "; ".join("#%d %.1f ms %d" % x[:3] + _inside(x) for x in f)))
    return "\n".join(rows)


def heap_peaks(run, cap=None, n=5):
    """The n keys that used the most heap: (key number, key, the screen it
    led to, KB), the pin taken out when the heap was capped."""
    from tools.pico.soak import pin_of
    pin = pin_of(run, cap)
    ks = sorted((k.get("heap_peak") or 0, i) for i, k in enumerate(run["keys"]))[::-1][:n]
    return [(i, run["keys"][i]["key"], run["keys"][i].get("title", "?"), (b - pin) / 1024) for b, i in ks]


MAX_SECONDS = 600   # a game's wall-time limit by default

FREEZE_MS = 100     # issue 17: no key takes more CPU than this without a sleep


def freezes(run):
    """The keys after which the CPU ran over FREEZE_MS without a sleep, the
    longest first: (key number, ms, sectors erased in the key's time, of
    them inside the run: None in figures saved before it was kept). A run
    with 2+ erases inside it is littlefs at work (45 ms each, the CPU
    spinning in the boot ROM): one call of it (a folder made: a new metadata
    pair and a compaction of its parent's log) or journal steps the device
    loop ran without a sleep between them; with none, the app's own work
    (as .mpy, mostly a module's import)."""
    out = []
    for i, k in enumerate(run["keys"]):
        ms = k.get("stretch", 0) / CYCLES_PER_MS
        if ms > FREEZE_MS:
            out.append((i, ms, k.get("flash_erases", 0), k.get("stretch_erases")))
    out.sort(key=lambda x: -x[1])
    return out


def _inside(freeze):
    """ ", N inside" of a freezes() entry, when its figures kept it."""
    return "" if freeze[3] is None else ", %d inside" % freeze[3]


def section_kind(fig):
    """The section's suffix: "" (.mpy), "-frozen", "-heap", "-heap-frozen"."""
    return ("-heap" if fig.get("gc_every") else "") + ("-frozen" if fig["frozen"] else "")


def budget_line(fig):
    """The budget this table is set against, met or missed, and the worst game."""
    rows = [(summarise(r), g) for g, r in fig["runs"].items()]
    if fig.get("gc_every"):
        limit = HEAP_BUDGET_KB[bool(fig["frozen"])]
        worst, g = max((s["heap_peak"] / 1024, g) for s, g in rows)
        what = "peak live heap of the scripted match <= %d KB %s" % (limit, "frozen" if fig["frozen"] else "as .mpy")
        unit = "KB"
    else:
        limit = LATENCY_BUDGET_MS
        worst, g = max((s["lat_p95"], g) for s, g in rows)
        what = "p95 press -> last display byte <= %d ms in each game" % limit
        unit = "ms"
    return "Budget: %s: **%s** (the highest: %s %.1f %s)." % (what, benchpage.verdict(worst <= limit), g, worst, unit)


def section(fig, text):
    """BENCHMARKS.md's section for this run: heading, how it was made, the
    budget's verdict, the table."""
    form = "app frozen" if fig["frozen"] else ".mpy"
    if fig.get("gc_every"):
        title = "## On the emulated RP2040, %s: peak live heap of the scripted match" % form
        how = ("The same match as the table above with a collection after every %d B allocated: the heap "
               "used is then the live heap at every moment; its latencies are not the device's and are "
               "left out." % fig["gc_every"])
    else:
        title = "## On the emulated RP2040, %s: latency, CPU runs, heap" % form
        how = ("Every seat %s, OK on every screen (Kakkuri ended after %d deals); latency from the edge the "
               "firmware acts on to the last display byte, emulated time; *CPU run*: the longest run without "
               "a sleep after each key." % ("a bot" if fig.get("script") == "bots" else "a person", KAKKURI_DEALS))
    return "\n".join([
        title, "",
        "Commit %s, %s, `%s` (%d s wall%s). %s Columns: docs/DEVELOPING.md, \"Benchmarks\"." % (
            fig["commit"], fig["date"], "`, `".join(fig["command"].split("; ")), fig["wall_s"],
            ", side by side, merged with `python -m tools pico report`" if fig.get("merged") else "", how),
        "", budget_line(fig), "", "```", text, "```"])


def write_md(path, fig, text):
    """Replace this image kind's section of BENCHMARKS.md."""
    benchpage.write_section("pico-bench" + section_kind(fig), section(fig, text), path)


def main(argv=None):
    """`python -m tools pico <command>` (tools/pico/cli.py)."""
    from tools.pico.cli import main as cli_main
    return cli_main(argv)
