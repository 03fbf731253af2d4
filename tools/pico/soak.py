"""`python -m tools pico soak --presses N --heap-cap KB`: random presses on the emulated
RP2040 with the MicroPython heap held to a budget.

The heap is capped the way a bigger program would cap it: a boot.py put on
the flash (after the deploy) takes a bytearray of everything above the cap at
power-on, before main.py runs, and keeps it (boot.py and main.py share their
globals). Then, per game: a new table with every seat a person, and N presses
drawn from a seeded generator (mostly OK and the arrows, some BACK, some long
holds), each held 40-120 ms, the next one as soon as the firmware sleeps
again. A table that ends (the home screen is back) is set up again.

A finding is any screen titled "Error" (the app shows every exception that
way: "memory allocation failed" is a MemoryError), a restart (the display's
init sent again: the app resets the board when it runs out of heap twice
running), or the display silent for 200 presses in a row (the firmware
stopped). Each finding names the press that led to it and the screen; the
run goes on from there. With --console, boot.py puts the REPL's output on
the UART the printer does not use (os.dupterm; the board's USB stays off)
and what the firmware printed since the press before (an error's
traceback: oya.ui.app.App.fail) goes with the finding. A new table the
soak's own script could not set up is noted apart. Listed too: where the
MemoryErrors were raised (the tracebacks' last frames, with --console),
the presses where the heap was highest, the longest CPU run without a
sleep and the presses whose run passed 100 ms (issue 17's limit for a
key), and the heap each time home came back.
"""
import random
import time

from tools.pico.rig import CYCLES_PER_MS, Rig

KEYS = (("ok", 40), ("down", 18), ("up", 12), ("back", 10), ("left", 5), ("right", 5), ("hold_ok", 6),
        ("hold_back", 4))
SILENT_PRESSES = 200
CONSOLE_LINES = 12      # --console: the last lines the firmware printed, with a finding
TOP_PEAKS = 8           # the presses with the highest heap, listed
SLOW_MS = 100           # issue 17: no key takes more than this of CPU; the presses over it are listed

BOOT_PY = """# Oya pico bench/soak: hold the heap to %(cap)d bytes (tools/pico/soak.py)
import gc
gc.collect()
_oya_heap_pin = bytearray(max(0, gc.mem_free() + gc.mem_alloc() - %(cap)d - globals().get("_oya_console", 0)))
gc.collect()
"""
CONSOLE_PY = """# Oya pico soak: the REPL's output on UART %(uart)d too, read by the emulator (tools/pico/soak.py);
# what that takes of the heap is left out of the cap below
import gc, os, machine
gc.collect()
_oya_console = gc.mem_alloc()
os.dupterm(machine.UART(%(uart)d, 115200))
gc.collect()
_oya_console = gc.mem_alloc() - _oya_console
"""
GC_EVERY_PY = """# Oya pico bench: a collection after every %(every)d bytes allocated, so the used
# heap the emulator reads is the live heap give or take that (tools/pico/soak.py)
import gc
gc.threshold(%(every)d)
"""

# The seeds come from os.urandom, which on the rp2 port is seeded once from the
# ring oscillator and the time: a firmware a few us faster deals other hands.
# This stream makes a run's hands depend on the seed alone, so runs of two
# commits play the same cards. It holds ~0.2 KB of the heap the figures count.
DEALS_PY = """# Oya pico bench: every seed oya.rng.entropy gives is the next of a fixed stream
# (--deals %(seed)d), so the hands dealt do not follow the firmware's timing (tools/pico/soak.py)
import oya.rng
_oya_deals = [0]
def _oya_entropy(extra=b""):
    import hashlib
    _oya_deals[0] += 1
    return hashlib.sha256(("oya/bench/deals/%(seed)d/%%d" %% _oya_deals[0]).encode()).digest()
oya.rng.entropy = _oya_entropy
"""


def boot_py(cap, gc_every=None, console_uart=None, pass_log=None, deals=None):
    """boot.py: the heap held to `cap` bytes (None: the whole heap), with
    `gc_every` a collection after every that many bytes allocated, with
    `console_uart` the REPL's output on that UART too, with `pass_log`
    the device loop's passes of that many ms or more printed there
    (tools/pico/passlog.py), and with `deals` (an int) the hands dealt
    from that seed."""
    text = BOOT_PY % {"cap": cap} if cap else ""
    if gc_every:
        text += GC_EVERY_PY % {"every": gc_every}
    if deals is not None:
        text += DEALS_PY % {"seed": deals}
    if console_uart is not None:
        text = CONSOLE_PY % {"uart": console_uart} + text
    if pass_log:
        from tools.pico.passlog import pass_log_py
        text += pass_log_py(pass_log)
    return text


CONSOLE_PINS = {0: (0, 1), 1: (4, 5)}        # machine.UART(n)'s default TX and RX on the rp2 port


def console_clash(board, uart):
    """Why the console cannot go on `uart` of `board` (a pin of its in use
    by a button, the display or the printer), or None."""
    used = [v for v in (board.get("buttons") or {}).values() if v is not None]
    for part in ("display", "printer"):
        used += [v for k, v in (board.get(part) or {}).items() if k in ("sda", "scl", "tx", "rx")]
    taken = [p for p in CONSOLE_PINS[uart] if p in used]
    return "UART%d would take GP%s, which the board uses" % (uart, " and GP".join(map(str, taken))) if taken else None


def capped_flash(uf2, bootrom, flash, cap, out, gc_every=None, console_uart=None, pass_log=None, deals=None):
    """`flash` with boot.py holding the heap to `cap` bytes (and collecting
    every `gc_every` bytes, the console on `console_uart`, the passes of
    `pass_log` ms or more printed, the hands dealt from seed `deals`),
    saved as `out`."""
    import os
    import tempfile
    from tools.pico.emu import Emulator
    with Emulator(uf2, bootrom, flash=flash) as emu:
        emu.boot_usb(1000000)
        with tempfile.TemporaryDirectory() as tmp:
            p = os.path.join(tmp, "boot.py")
            with open(p, "w") as f:
                f.write(boot_py(cap, gc_every, console_uart, pass_log, deals))
            r = emu.mpremote("fs", "cp", p, ":boot.py", timeout=600)
        if r.returncode != 0:
            raise RuntimeError("could not put boot.py on the board:\n%s%s" % (r.stdout, r.stderr))
        emu.save_flash(out)
    return out


def draw_keys(rng, n, buttons):
    """n keys among those the board has."""
    have = [(k, w) for k, w in KEYS if buttons.get(k.replace("hold_", "")) is not None]
    names = [k for k, _ in have]
    weights = [w for _, w in have]
    return rng.choices(names, weights, k=n)


def press(rig, key, rng):
    if key.startswith("hold_"):
        return rig.press(key[5:], hold_ms=rng.randrange(700, 1200), quiet_ms=0)
    return rig.press(key, hold_ms=rng.randrange(40, 120), quiet_ms=0)


def soak_game(emu, board, game, presses, seed, setup_keys, log=None, console=False):
    """-> {"game", "presses", "tables", "findings": [...], "heap_*"}; with
    the console on, "long_passes": the --pass-log lines the firmware printed,
    under the press they came in."""
    from tools.pico.passlog import pass_lines
    printed = bytearray()                           # the serial line since the last press (--console)
    if console:
        emu.on_cdc = printed.extend
    rig = Rig(emu, board, seed=seed)
    if not rig.boot("Oya"):
        return {"game": game, "presses": 0, "tables": 0,
                "findings": ["no home screen after power-on: %r" % rig.screen()]}
    emu.watch_heap()
    rng = random.Random(seed)
    findings = []

    def found(text):
        # said at once too: a soak of hours stopped early keeps what it found
        said = printed.decode(errors="replace").strip()
        if said:
            text += "\n      console: " + "\n      ".join(said.splitlines()[-CONSOLE_LINES:])
        findings.append(text)
        if log:
            log("pico soak: %s: finding: %s" % (game, text))
    tables = 0
    silent = 0
    done = 0
    boots = rig.boots
    t0 = time.time()
    before = ""                                     # the screen the last press was made on, and the key
    peaks = []                                      # the presses where the heap was highest: (B, press)
    longest = [0, ""]                               # the longest CPU run without a sleep, and its press
    slow = []                                       # the longest runs over SLOW_MS: (cycles, press)
    n_slow = 0
    long_passes = []                                # (press, line) the firmware printed (--pass-log)

    def note(f):
        """A press's figures: its CPU run and its heap, against the worst so far."""
        nonlocal n_slow
        for ln in pass_lines(printed.decode(errors="replace")):
            long_passes.append("press %d (%s): %s" % (done, before, ln))
        run = getattr(f, "stretch", 0) or 0
        if run > longest[0]:
            longest[:] = [run, "press %d (%s)" % (done, before)]
        if run > SLOW_MS * CYCLES_PER_MS:
            n_slow += 1
            slow.append((run, "press %d (%s)" % (done, before)))
            slow.sort(reverse=True)
            del slow[TOP_PEAKS:]
        b = getattr(f, "heap_peak", None)
        if b:
            peaks.append((b, "press %d (%s)" % (done, before)))
            peaks.sort(reverse=True)
            del peaks[TOP_PEAKS:]

    def restarted():
        """True, and a finding, when the firmware restarted since last asked."""
        nonlocal boots
        if rig.boots == boots:
            return False
        boots = rig.boots
        found("press %d (%s): the firmware restarted; the screen shows %r" % (done, before, rig.title()))
        return True

    at_home = []                                    # the heap each time home came back: a leak shows as a climb
    astray = []                                     # the new tables the soak's script could not set up

    while done < presses:
        title = rig.title()
        if title.startswith("Oya"):                 # home: a new table of the game
            at_home.append((emu.heap or {}).get("used"))
            try:
                for k in setup_keys(rig, game, bots=False):
                    before = "%s on %r, setting up a table" % (k, rig.title())
                    printed[:] = b""
                    f = rig.press(k, quiet_ms=50)
                    done += 1
                    note(f)
                    if restarted() or rig.title().startswith("Error"):
                        break               # (said below, as any Error screen)
                else:
                    tables += 1
            except RuntimeError as e:
                if not restarted() and not rig.title().startswith("Error"):
                    # the soak's own script lost its way (the home menu's
                    # cursor left on another item, the screens in Japanese
                    # after a press in Settings): noted, not the firmware's
                    # finding; the random presses go on from that screen
                    astray.append("press %d: %s" % (done, e))
                    rig.press("back", quiet_ms=50)
            continue
        if title.startswith("Error"):
            found(error_finding(done, before, rig.screen()))
            printed[:] = b""
            before = "ok on %r" % title
            rig.press("ok", quiet_ms=50)
            done += 1
            restarted()
            continue
        for key in draw_keys(rng, 20, board.get("buttons") or {}):
            before = "%s on %r" % (key, rig.title())
            printed[:] = b""
            f = press(rig, key, rng)
            done += 1
            note(f)
            if restarted():
                break
            silent = 0 if f.display_bytes else silent + 1
            if silent >= SILENT_PRESSES:
                found("press %d: the display has not changed for %d presses; screen %r" % (
                    done, silent, rig.screen()))
                silent = 0
            if done >= presses or rig.title().startswith(("Oya", "Error")):
                break
        if log and done % 500 < 20:
            log("pico soak: %s: %d presses, %d tables, %d findings, %.0f s" % (
                game, done, tables, len(findings), time.time() - t0))
    emu.run(10000)
    heap = emu.heap or {}
    return {"game": game, "presses": done, "tables": tables, "findings": findings,
            "heap_size": heap.get("size"), "heap_peak": heap.get("peak"), "heap_live_peak": heap.get("live_peak"),
            "heap_peaks": peaks, "heap_at_home": at_home, "astray": astray,
            "longest_run": longest[0], "longest_run_at": longest[1], "slow_runs": slow, "slow_presses": n_slow,
            "long_passes": long_passes,
            "collections": heap.get("collections"), "emulated_s": round(emu.t / 1e6, 1),
            "wall_s": round(time.time() - t0, 1)}


def error_finding(done, before, screen):
    """An Error screen as a finding: the press that led to it and the
    screen's text (a MemoryError says which allocation failed)."""
    return "press %d (%s): %s" % (done, before, " / ".join(x.strip() for x in screen if x.strip()))


def memory_sites(findings):
    """[(count, "file function")] of where the findings' MemoryErrors were
    raised (the traceback's last frame before each, from --console), most
    first: the places a heap at its cap runs out."""
    import re
    sites = {}
    for f in findings:
        frame = None
        for ln in f.splitlines():
            m = re.search(r'File "([^"]+)", line \d+, in (\S+)', ln)
            if m:
                frame = "%s %s" % m.groups()
            elif "MemoryError" in ln and frame:
                sites[frame] = sites.get(frame, 0) + 1
                frame = None
    return sorted(((n, w) for w, n in sites.items()), key=lambda x: (-x[0], x[1]))


def pin_of(r, cap):
    """The bytes boot.py's pin took: the heap's size less the cap (0 uncapped)."""
    return max(0, (r.get("heap_size") or 0) - cap) if cap else 0


def app_heap(r, cap):
    """(peak, live) of the heap the firmware had, in bytes: what the RAM
    reading saw less boot.py's pin."""
    pin = pin_of(r, cap)
    return max(0, (r.get("heap_peak") or 0) - pin), max(0, (r.get("heap_live_peak") or 0) - pin)


def report(runs, cap):
    rows = ["pico soak: heap capped at %d B (%.1f KB); peak and live are the firmware's, the pin taken out" % (
        cap, cap / 1024),
            "game       presses tables findings  heap KB: peak  live"]
    for r in runs:
        peak, live = app_heap(r, cap)
        rows.append("%-9s %8d %6d %8d  %13.1f %5.1f" % (
            r["game"], r["presses"], r["tables"], len(r["findings"]), peak / 1024, live / 1024))
        if r.get("astray"):
            rows.append("    (%d new tables not set up as scripted, not findings: %s)" % (
                len(r["astray"]), r["astray"][0]))
        if r.get("longest_run"):
            rows.append("    longest CPU run without a sleep: %.1f ms, in %s" % (
                r["longest_run"] / CYCLES_PER_MS, r["longest_run_at"]))
        if r.get("slow_presses"):
            rows.append("    presses with a CPU run over %d ms: %d; the longest: %s" % (
                SLOW_MS, r["slow_presses"], "; ".join("%.0f ms in %s" % (c / CYCLES_PER_MS, at)
                                                       for c, at in r["slow_runs"])))
        home = [(b - pin_of(r, cap)) / 1024 for b in r.get("heap_at_home") or () if b]
        if home:
            rows.append("    heap at home, each time: %s KB" % " ".join("%.1f" % b for b in home[:12]) + (
                " ... %.1f (%d times)" % (home[-1], len(home)) if len(home) > 12 else ""))
        for b, at in r.get("heap_peaks") or ():
            rows.append("    heap %.1f KB in %s" % ((b - pin_of(r, cap)) / 1024, at))
        for ln in r.get("long_passes") or ():
            rows.append("    pass: " + ln)
        sites = memory_sites(r["findings"])
        if sites:
            rows.append("    MemoryErrors by where they were raised: " + ", ".join("%d %s" % x for x in sites))
        for f in r["findings"][:10]:
            rows.append("    " + f)
        if len(r["findings"]) > 10:
            rows.append("    ... %d more" % (len(r["findings"]) - 10))
    return "\n".join(rows)


PRESSES_BUDGET = 2000   # random presses per game the soak's budget asks for


def summary_table(runs, cap):
    """One row per game, for BENCHMARKS.md (report() gives the details)."""
    rows = ["game       presses tables findings  heap KB: peak  live  longest CPU run ms  presses over %d ms" % SLOW_MS]
    for r in runs:
        peak, live = app_heap(r, cap)
        rows.append("%-9s %8d %6d %8d  %13.1f %5.1f  %18.1f  %d" % (
            r["game"], r["presses"], r["tables"], len(r["findings"]), peak / 1024, live / 1024,
            (r.get("longest_run") or 0) / CYCLES_PER_MS, r.get("slow_presses") or 0))
        sites = memory_sites(r["findings"])
        if sites:
            rows.append("    MemoryErrors by where they were raised: " + ", ".join("%d %s" % x for x in sites[:4]))
        for f in r["findings"][:2]:
            rows.append("    " + f[:150])
    return "\n".join(rows)


def section(out, budget_kb):
    """BENCHMARKS.md's section for a soak's saved figures (cli.cmd_soak's
    JSON): how it was run, the budget's verdict, a row per game."""
    from tools import benchpage
    runs, cap = out["runs"], out["heap_cap"]
    found = sum(len(r["findings"]) for r in runs)
    fewest = min((r["presses"] for r in runs), default=0)
    ok = found == 0 and fewest >= PRESSES_BUDGET and 0 < cap <= budget_kb * 1024
    form = "app frozen" if out["frozen"] else ".mpy"
    return "\n".join([
        "## On the emulated RP2040, %s: the soak" % form, "",
        "Commit %s, %s, `%s` (%d s wall). Random presses in each game (seed %d, game i takes seed+i), "
        "the heap held to %d B by a boot.py pin; a finding is an error screen, a traceback or a restart." % (
            out["commit"], out["date"], out["command"], out.get("wall_s", 0), out["seed"], cap), "",
        "Budget: %d random presses per game at a heap held to %d KB (%s) with no finding: **%s** "
        "(%d findings in %d presses; the fewest presses in a game %d)." % (
            PRESSES_BUDGET, budget_kb, form, benchpage.verdict(ok), found, sum(r["presses"] for r in runs), fewest),
        "", "```", summary_table(runs, cap), "```"])
