"""`python -m tools pico allocs ...`: where a match's live heap grows, key by key.

The heap bench gives the peak of a match and the keys that reached it;
`heap-parts` what the live heap at the first deal is made of. This says what
each key of the deals does to it, on the emulated board over its USB REPL
(mpremote run): before each key a collection, then the collector off while
the app takes the key, so each step's figure is every byte it allocated
(live or not):

    key     App.key       frame   App.frame + Renderer.render
    show    the display driver    settle  App.settle (the journal's files)
    idle    App.idle's passes (prefetched modules, a slice of a search)

and after them, collector on, the live heap the key left. From the first
deal's screen on, for the bench's script (a new table, every seat a person,
OK on every screen). The report gives the live heap at each deal's start
and its highest in the deal (what a deal keeps: its state, its actions, its
screens), and the keys that allocated the most (what they hold at once is
what sits above the live heap at the peak).

The figures include the running script's own code (a few KB): compare keys
and deals with each other, not with the bench's.
"""
import bisect

from tools.pico.phases import DEVICE_SCRIPT, fill, run_script_per_game

STEPS = ("key", "frame", "show", "settle", "idle")

# the bench's script from phases, its timed loop replaced by this one; MEASURE
# is what the test runs under MicroPython with the host's app
MEASURE = r'''
def measure(app, R, d, keys, title, emit, max_keys):
    import gc
    ma = gc.mem_alloc
    n = 0
    dealt = False
    for k in keys:
        if not dealt:
            dealt = title().startswith("Deal")
        gc.collect()
        a0 = ma()
        gc.disable()
        try:
            app.key(k)
            a1 = ma()
            if R.render(app.frame()):
                a2 = ma()
                d.show()
            else:
                a2 = ma()
            a3 = ma()
            while app.settle():
                pass
            a4 = ma()
            while app.idle():
                pass
            a5 = ma()
        finally:
            gc.enable()
        gc.collect()
        if dealt:
            emit("A %d %d %d %d %d %d %d %s" % (a0, a1 - a0, a2 - a1, a3 - a2, a4 - a3, a5 - a4, ma(), title()))
            n += 1
            if n >= max_keys:
                break
    emit("ALLOCS %d" % n)
'''

DEVICE_TAIL = MEASURE + r'''
measure(app, R, d, script(), title, print, MAX_KEYS)
'''


def _script(tail, game, games, max_keys, gc_every=1024):
    """The bench's script up to its timed loop (tools/pico/phases.py), then `tail`."""
    return fill(DEVICE_SCRIPT.split("n = 0\n")[0] + tail, game, games, max_keys, GC_EVERY=gc_every)


def device_script(game, games, max_keys=2000):
    return _script(DEVICE_TAIL, game, games, max_keys)


def parse(out):
    """[(live before, key, frame, show, settle, idle, live after, screen)] from the device's output (bytes)."""
    rows = []
    for line in out.splitlines():
        if line.startswith("A "):
            parts = line[2:].split(" ", 7)
            rows.append(tuple(int(x) for x in parts[:7]) + (parts[7] if len(parts) > 7 else "",))
    return rows


def deals(rows):
    """[(screen the deal starts on, live after that key, highest live in the deal, its screen)]:
    a deal starts at a key that led to a "Deal" screen (the first row is the first deal's)."""
    out = []
    for r in rows:
        if not out or r[7].startswith("Deal"):
            out.append([r[7], r[6], r[6], r[7]])
        elif r[6] > out[-1][2]:
            out[-1][2:] = [r[6], r[7]]
    return [tuple(x) for x in out]


def report(game, rows, most=8):
    if not rows:
        return "%s: no keys measured" % game
    lines = ["%s: %d keys from the first deal (KB; steps: bytes allocated, collector off)" % (game, len(rows)),
             "%-8s %8s %8s %8s" % ("", "median", "p95", "max")]
    for i, name in enumerate(STEPS):
        xs = sorted(r[1 + i] for r in rows)
        lines.append("%-8s %8.1f %8.1f %8.1f" % (name, xs[len(xs) // 2] / 1024,
                                                 xs[min(len(xs) - 1, int(len(xs) * 0.95))] / 1024, xs[-1] / 1024))
    lines.append("live heap per deal (after the key that began it -> the highest in it):")
    for start, live0, top, at in deals(rows):
        lines.append("  %-22s %6.1f -> %6.1f  (+%.1f, after the key to %s)" % (
            start[:22], live0 / 1024, top / 1024, (top - live0) / 1024, at))
    lines.append("the keys that allocated the most (key/frame/show/settle/idle KB; live after):")
    for r in sorted(rows, key=lambda r: -sum(r[1:6]))[:most]:
        lines.append("  %5.1f = %s  live %.1f  -> %s" % (
            sum(r[1:6]) / 1024, " ".join("%4.1f" % (x / 1024) for x in r[1:6]), r[6] / 1024, r[7]))
    return "\n".join(lines)


def run_allocs(uf2, rom, board_name, frozen, games, all_games, max_keys, log, deals=None):
    """-> {game: rows}"""
    return run_script_per_game(uf2, rom, board_name, frozen, games, log, "allocations per key",
                               lambda g: device_script(g, all_games, max_keys), parse, deals=deals)


# -- heap-peaks: in which step of a key the heap is at its highest -----------------
# The emulator keeps every change of the heap used with its time (read from
# RAM: no code runs for it); the device prints each key's step boundaries
# (time.ticks_us: the same clock), and each step's highest heap is read off
# the log. The collector runs every 1024 B allocated (--gc-every), as the
# heap bench's: the heap used is the live heap give or take that. A step's
# figure starts from the heap in force as it begins: the garbage the steps
# before it left, not yet collected, counts in it too.
PEAKS_TAIL = r"""
from time import ticks_us as us
gc.collect()
gc.threshold(GC_EVERY)
n = 0
dealt = False
for k in script():
    if not dealt:
        dealt = title().startswith("Deal")
    t0 = us()
    app.key(k)
    t1 = us()
    c = R.render(app.frame())
    t2 = us()
    if c:
        d.show()
    t3 = us()
    while app.settle():
        pass
    t4 = us()
    while app.idle():
        pass
    t5 = us()
    if dealt:
        print("T", t0, t1, t2, t3, t4, t5, title())
        n += 1
        if n >= MAX_KEYS:
            break
print("PEAKS", n)
"""

PEAK_STEPS = ("key", "frame", "show", "settle", "idle")


def peaks_script(game, games, max_keys=2000, gc_every=1024):
    return _script(PEAKS_TAIL, game, games, max_keys, gc_every=gc_every)


def parse_bounds(out):
    """[(t0..t5, screen)] from the device's "T" lines."""
    rows = []
    for line in out.splitlines():
        if line.startswith("T "):
            parts = line[2:].split(" ", 6)
            rows.append((tuple(int(x) for x in parts[:6]), parts[6] if len(parts) > 6 else ""))
    return rows


def step_peaks(bounds, times, used):
    """Per key: (the highest heap used in each of its steps, screen), from
    the heap's change log (times ascending, the value holding until the next
    change)."""
    out = []
    for ts, screen in bounds:
        peaks = []
        for a, b in zip(ts, ts[1:]):
            i = max(0, bisect.bisect_right(times, a) - 1)      # the value in force at a
            j = bisect.bisect_right(times, b)
            peaks.append(max(used[i:j]) if j > i else (used[i] if used else 0))
        out.append((tuple(peaks), screen))
    return out


def peaks_report(game, rows, most=10, gc_every=1024):
    if not rows:
        return "%s: no keys measured" % game
    top = max(max(p) for p, _ in rows)
    lines = ["%s: %d keys from the first deal; the heap used at its highest in each step (KB, a "
             "collection every %d B)" % (game, len(rows), gc_every),
             "%-8s %8s %8s %8s  %s" % ("", "median", "p95", "max", "keys whose highest is here")]
    for i, name in enumerate(PEAK_STEPS):
        xs = sorted(p[i] for p, _ in rows)
        n = sum(1 for p, _ in rows if p.index(max(p)) == i)     # (the step it is first reached in)
        lines.append("%-8s %8.1f %8.1f %8.1f  %d" % (name, xs[len(xs) // 2] / 1024,
                                                    xs[min(len(xs) - 1, int(len(xs) * 0.95))] / 1024,
                                                    xs[-1] / 1024, n))
    lines.append("the highest keys (key/frame/show/settle/idle KB):")
    for p, screen in sorted(rows, key=lambda r: -max(r[0]))[:most]:
        lines.append("  %5.1f  %s  -> %s" % (max(p) / 1024, " ".join("%5.1f" % (x / 1024) for x in p), screen))
    lines.append("(peak of the run %.1f KB)" % (top / 1024))
    return "\n".join(lines)


def run_peaks(uf2, rom, board_name, frozen, games, all_games, max_keys, log, gc_every=1024, deals=None):
    """-> {game: [(step peaks, screen)]}"""
    from tools.pico.emu import Emulator

    def run(uf2, rom, flash, script):
        with Emulator(uf2, rom, flash=flash) as emu:
            emu.boot_usb()
            emu.heap_log(True)
            p = emu.mpremote("run", str(script))
            return p.stdout + p.stderr, emu.heap_log(False)

    def parse_out(got):
        out, (times, used) = got
        bounds = parse_bounds(out)
        return step_peaks(bounds, times, used) if bounds and times else None

    return run_script_per_game(uf2, rom, board_name, frozen, games, log,
                               "the heap's highest in each step of a key",
                               lambda g: peaks_script(g, all_games, max_keys, gc_every), parse_out, run, deals)
