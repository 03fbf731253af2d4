# Drivers: display (ssd1306.py: SSD1306 and SH1106), buttons, printer, storage,
# and board.py, which reads board.json and builds them into a Hardware (here:
# it stays in RAM with what it holds, and this package is there anyway).
#
# Only real MicroPython APIs are used here (machine, framebuf, time.ticks_*,
# time.sleep_ms); under CPython the simulator provides fakes of them. Every
# time-driven part is a synchronous step taking `now_ms` (Buttons.poll,
# Printer.pump) that the device loop (oya.ui.loop.passes) calls each pass.
import time

try:
    from time import ticks_diff as tdiff, ticks_add as tadd
except ImportError:  # plain CPython without the simulator's clock
    def tdiff(a, b):
        """time.ticks_diff for a 30-bit tick counter (what rp2 uses)."""
        return ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000

    def tadd(a, b):
        return (a + b) & 0x3FFFFFFF


def now_ms():
    """The tick counter, looked up at call time so a clock installed after
    import (the simulator's virtual clock) is the one read."""
    return time.ticks_ms()


def drive(passes, buttons):
    """Run the device loop (oya.ui.loop.passes) for ever: sleep the ms each
    pass asks for, in 1 ms naps so that a button's edge (its IRQ sets
    buttons.woken, which the pass it starts clears) starts the next pass
    within a millisecond. The simulator runs the passes on its virtual
    clock instead."""
    sleep = time.sleep_ms
    for ms in passes:
        end = tadd(now_ms(), ms)
        while not buttons.woken and tdiff(end, now_ms()) > 0:
            sleep(1)


class Hardware:
    """What board.build() made. Of the board file only its name is kept
    (the About screen's): the drivers hold the rest, and the parsed file
    would be RAM held all match long."""

    def __init__(self, board, display, buttons, printer, errors):
        self.name = board.get("name", "?")
        self.display = display
        self.buttons = buttons
        self.printer = printer
        self.errors = errors
