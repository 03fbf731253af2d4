"""`python -m tools pico press ok,down,ok [--remove rulesets/.index]`: keys
pressed by hand on the emulated board, and what each cost.

The bench plays a whole match and the soak presses at random; this presses
the keys given, from the home screen, and prints for each the screen it was
pressed on and the one it led to, the longest run of the CPU without a sleep
(a freeze: issue 17 wants none over 100 ms), the latency to the last display
byte and its bytes, the flash sectors erased, and under it the device loop's
passes of --pass-log MS or more (default 20), part by part, as the firmware
timed them (tools/pico/passlog.py). --remove takes files off the board's
flash first: `rulesets/.index` is a board set up by hand, its rulesets
validated on the first listing; --heap-cap holds the heap as the soak does.
"""
from tools.pico.passlog import pass_lines
from tools.pico.rig import CYCLES_PER_MS, Rig

QUIET_MS = 1000         # a key is over when the display has been quiet this long (and the CPU idle)
HOLD_MS = 900           # hold_ok, hold_back: a long press


def removed(uf2, bootrom, flash, paths, out):
    """`flash` with `paths` removed from the board's filesystem (mpremote
    over its USB line), saved as `out`."""
    from tools.pico.emu import Emulator
    with Emulator(uf2, bootrom, flash=flash) as emu:
        emu.boot_usb(1000000)
        for p in paths:
            r = emu.mpremote("fs", "rm", ":" + p.lstrip("/"), timeout=600)
            if r.returncode != 0:
                raise RuntimeError("could not remove %s from the board:\n%s%s" % (p, r.stdout, r.stderr))
        emu.save_flash(out)
    return out


def press_keys(emu, board, keys, quiet_ms=QUIET_MS):
    """Power on, then each key of `keys` -> [{"key", "before", "after",
    "run_ms", "latency_ms", "display_bytes", "erases", "passes"}]."""
    printed = bytearray()                   # the console since the press before (--pass-log's lines)
    emu.on_cdc = printed.extend
    rig = Rig(emu, board)
    if not rig.boot("Oya"):
        raise RuntimeError("no home screen after power-on: %r" % (rig.screen(),))
    rows = []
    for k in keys:
        before = rig.title()
        printed[:] = b""
        if k.startswith("hold_"):
            f = rig.press(k[5:], hold_ms=HOLD_MS, quiet_ms=quiet_ms)
        else:
            f = rig.press(k, quiet_ms=quiet_ms)
        lat = f.latency_us
        rows.append({"key": k, "before": before, "after": rig.title(), "run_ms": f.stretch / CYCLES_PER_MS,
                     "latency_ms": None if lat is None else lat / 1000.0, "display_bytes": f.display_bytes,
                     "erases": f.flash_erases, "passes": pass_lines(printed.decode(errors="replace"))})
    return rows


def report(rows):
    out = ["key      on screen              -> screen                 CPU run ms  latency ms  bytes  erases"]
    for r in rows:
        lat = "-" if r["latency_ms"] is None else "%.1f" % r["latency_ms"]
        out.append("%-8s %-22s -> %-22s %10.1f  %10s  %5d  %6d" % (
            r["key"], r["before"][:22], r["after"][:22], r["run_ms"], lat, r["display_bytes"], r["erases"]))
        out += ["    pass: " + p for p in r["passes"]]
    worst = max(rows, key=lambda r: r["run_ms"]) if rows else None
    if worst:
        out.append("longest CPU run without a sleep: %.1f ms (%s on %r)" % (worst["run_ms"], worst["key"],
                                                                         worst["before"]))
    return "\n".join(out)
