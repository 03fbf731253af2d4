# The renderer's cost on a board: the app's text grid drawn and sent to the
# SSD1306 driver the way the device does it (oya.ui.boot.attach_display: a
# page at a time, windows from ASCII rows' text), over five screens of a
# match (a hand-off, a bet whose cursor moves, results scrolled), 40 times.
# The I2C bus only counts bytes: the figure is the CPU of drawing and
# finding the windows, not the wire's time.
#
#   mpremote run tools/bench/render_loop.py     (a Pico with the app's files or
#                                                the frozen image; BENCHMARKS.md)
#   tools.pico.emu.run_script(uf2, bootrom, None, "tools/bench/render_loop.py")
#
# It prints one line: RENDER <us per frame> <frames> <bytes sent>. Under
# CPython (the host's framebuf) it runs too, for its test.
import gc
import time

try:
    import framebuf  # noqa: F401
except ImportError:  # CPython: the simulator's framebuf
    import sys
    from host_sim import framebuf
    sys.modules["framebuf"] = framebuf

from oya.hw.ssd1306 import SSD1306
from oya.ui import font
from oya.ui.grid import Grid, Renderer

ROUNDS = 40
SCREENS = (
    (("Pass to P2", "", "Hand the device to", "P2 (Bob).", "", "Nobody else looks.", "", "OK: I am P2"), 1),
    (("P2: Bet? 3 left", "Card: 7", "  bet 1", "> bet 5", "  bet 10", "  stand", "P2  95  P1 120",
      "OK: choose"), 1 | 8),
    (("P2: Bet? 3 left", "Card: 7", "  bet 1", "  bet 5", "> bet 10", "  stand", "P2  95  P1 120",
      "OK: choose"), 1 | 16),
    (("Results", "P1 7+9: 6 (6)", "P2 3+4: 7 (7) win", "P3 8+8: 6 (6)", "Dealer 1+2: 3", "- balances -",
      "P1          120", "v OK: next deal"), 1),
    (("Results", "P2 3+4: 7 (7) win", "P3 8+8: 6 (6)", "Dealer 1+2: 3", "- balances -", "P1          120",
      "P2           95", "v OK: next deal"), 1),
)


class CountingBus:
    sent = 0

    def writeto(self, addr, b):
        self.sent += len(b)


def _us():
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    return int(time.perf_counter() * 1e6)


def _since(t0):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(time.ticks_us(), t0)
    return _us() - t0


def main():
    bus = CountingBus()
    d = SSD1306(bus)
    d.one_page()
    r = Renderer(d.fb, font.page_writer(d.buf, d.width), d, font.W)
    grids = []
    for rows, inv in SCREENS:
        g = Grid()
        for i, text in enumerate(rows):
            g.put(i, text, bool(inv & (1 << i)))
        grids.append(g)
    bus.sent = 0
    gc.collect()
    t0 = _us()
    for _ in range(ROUNDS):
        for g in grids:
            r.render(g)
            d.show()
    dt = _since(t0)
    n = ROUNDS * len(grids)
    print("RENDER", dt // n, n, bus.sent)


main()
