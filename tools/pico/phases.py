"""`python -m tools pico phases ...`: where a key's time goes on the RP2040.

The pico bench times a key from outside (press -> last display byte). This
runs the app's own steps on the emulated board, over its USB REPL (mpremote
run, as a user would on a real Pico), and times each with time.ticks_us:

    key     App.key: the screen's answer (the engine's action, the next state)
    frame   App.frame: the screen drawn into the text grid
    rows    Renderer.render: the changed rows drawn, each in the display's
            one page and its changed columns sent over I2C at once (at 400
            kHz a byte is 22.5 us on the wire: most of this)
    show    the display driver's show(): on a panel drawn a page at a time,
            nothing left to send (a frame-buffer panel sends its windows here)
    settle  App.settle: the journal's files, written after the frame (one per
            loop pass on the device; flash erases spin the CPU)

then, untimed, what the device loop's idle passes do (App.idle's prefetched
modules, a collection when the heap runs low); each key's figures are printed
as it goes, so nothing is kept in the board's heap,
for the bench's script (a new table, every seat a person, OK on every screen
until the match is over), then prints medians, p95s and the slowest keys with
the screens they went between. The USB host keeps TinyUSB busy, so every
figure is a little higher than the bench's (which runs without one).
"""
import tempfile
from pathlib import Path

DEVICE_SCRIPT = r'''
import time, gc
from oya.ui.app import App, render
from oya.ui.loop import build_hardware, idle_collect
from oya.ui import keys as K
hw = build_hardware()        # as main.py: the filesystem mounted again, the board module gone
app = App(hw)                # (its boot attaches the display)
render(app)
app.match_j.lazy = True
d = hw.display
R = app.renderer
def title():
    return app.grid.line(0)

def script():
    yield K.OK
    for _ in range(GAME_INDEX):
        yield K.DOWN
    yield K.OK
    yield K.OK
    yield K.UP
    yield K.OK
    if title().startswith("Seats"):
        yield K.OK
    yield K.UP
    yield K.OK
    if title().startswith("Starting"):
        yield K.OK
    yield K.OK
    yield K.OK
    while True:
        t = title()
        if KAKKURI and t.startswith("Deal ") and int(t.split()[1]) > KAKKURI:
            yield K.BACK
            while not title().startswith("Paused"):
                yield K.BACK
            for _ in range(5):
                yield K.DOWN
            yield K.OK
            continue
        yield K.OK
        if t.startswith("Match over"):
            return

n = 0
gc.collect()
us = time.ticks_us
df = time.ticks_diff
before = title()
for k in script():
    t0 = us(); app.key(k); t1 = us()
    g = app.frame(); t2 = us()
    c = R.render(g); t3 = us()
    if c:
        d.show()
    t4 = us()
    while app.settle():
        pass
    t5 = us()
    while app.idle():         # the device loop's idle passes (untimed): modules
        pass                  # the next screen wants, and a collection when low
    idle_collect()
    after = title()
    # printed as it goes (outside the timed steps): nothing kept in the heap
    print("K", df(t1, t0), df(t2, t1), df(t3, t2), df(t4, t3), df(t5, t4), before, "->", after)
    before = after
    n += 1
    if n >= MAX_KEYS:
        break
print("PHASES", n)
'''

NAMES = ("key", "frame", "rows", "show", "settle")


def fill(text, game, games, max_keys=2000, kakkuri_deals=4, **more):
    """A device script of the bench's (`text`) for `game`: its placeholders
    (MAX_KEYS, GAME_INDEX, KAKKURI and `more`'s names) filled in."""
    text = (text.replace("MAX_KEYS", str(max_keys)).replace("GAME_INDEX", str(games.index(game)))
            .replace("KAKKURI", str(kakkuri_deals if game == "kakkuri" else 0)))
    for name, value in more.items():
        text = text.replace(name, str(value))
    return text


def device_script(game, games, max_keys=2000, kakkuri_deals=4):
    return fill(DEVICE_SCRIPT, game, games, max_keys, kakkuri_deals)


def parse(out):
    """[(key, frame, rows, show, settle, 'from -> to')] from the device's output (us)."""
    rows = []
    for line in out.splitlines():
        if line.startswith("K "):
            parts = line[2:].split(" ", 5)
            rows.append(tuple(int(x) for x in parts[:5]) + (parts[5],))
    return rows


def _pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))] if xs else 0


def report(game, rows, slowest=12):
    lines = ["%s: %d keys (ms; the answer = key + frame + rows + show, settle comes after it)" % (game, len(rows)),
             "%-8s %8s %8s %8s %9s" % ("", "median", "p95", "max", "total s")]
    cols = [[r[i] for r in rows] for i in range(5)] + [[r[0] + r[1] + r[2] + r[3] for r in rows]]
    for name, xs in zip(NAMES + ("answer",), cols):
        lines.append("%-8s %8.1f %8.1f %8.1f %9.2f" % (name, _pct(xs, 0.5) / 1000, _pct(xs, 0.95) / 1000,
                                                       max(xs) / 1000 if xs else 0, sum(xs) / 1e6))
    lines.append("slowest answers (key/frame/rows/show ms):")
    for r in sorted(rows, key=lambda r: -(r[0] + r[1] + r[2] + r[3]))[:slowest]:
        lines.append("  %6.1f = %5.1f %5.1f %5.1f %5.1f  %s" % ((r[0] + r[1] + r[2] + r[3]) / 1000, r[0] / 1000,
                                                             r[1] / 1000, r[2] / 1000, r[3] / 1000, r[5]))
    return "\n".join(lines)


def run_script_per_game(uf2, rom, board_name, frozen, games, log, doing, script_for, parse_out, run=None,
                        deals=None):
    """Deploy once, then for each game boot from that flash and `mpremote run`
    script_for(game) over the USB REPL (or `run(uf2, rom, flash, script)`),
    with `deals` (an int) the hands dealt from that seed, as the bench's
    --deals. -> {game: parse_out(what it gave)}."""
    from tools.pico import deployed_flash
    from tools.pico.soak import DEALS_PY
    if run is None:
        from tools.pico.emu import run_script

        def run(uf2, rom, flash, script):
            return run_script(uf2, rom, flash, script).stdout
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        log("pico: booting %s and deploying the files ..." % Path(uf2).name)
        flash, _ = deployed_flash(uf2, rom, board_name, frozen, Path(tmp) / "flash.bin")
        for g in games:
            log("pico: %s: %s over the USB REPL ..." % (g, doing))
            script = Path(tmp) / ("device_%s.py" % g)
            script.write_text((DEALS_PY % {"seed": deals} if deals is not None else "") + script_for(g))
            got = run(uf2, rom, flash, script)
            rows = parse_out(got)
            if not rows:
                raise RuntimeError("the device printed no figures:\n%s" % (str(got)[-2000:],))
            out[g] = rows
    return out


def run_phases(uf2, rom, board_name, frozen, games, all_games, max_keys, log, deals=None):
    """-> {game: rows}"""
    return run_script_per_game(uf2, rom, board_name, frozen, games, log, "timing each step",
                               lambda g: device_script(g, all_games, max_keys), parse, deals=deals)
