# Drivers: display (ssd1306.py: SSD1306 and SH1106), buttons, printer, storage,
# and board.py, which reads board.json and builds them (into a Hardware,
# hardware.py).
#
# Only real MicroPython APIs are used here (machine, framebuf, time.ticks_*,
# asyncio.sleep_ms); under CPython the simulator provides fakes of them.
# Every time-driven part has a synchronous step taking `now_ms` (Buttons.poll,
# Printer.pump) so tests and benchmarks can drive it without asyncio.
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


_sleep = None


def sleep_ms(ms):
    """An awaitable that sleeps `ms` milliseconds (asyncio.sleep_ms on
    MicroPython and under the simulator; asyncio.sleep elsewhere). The
    function is looked up once: an import statement run on every pass of a
    loop costs a search of the interned strings each time on MicroPython."""
    global _sleep
    if _sleep is None:
        import asyncio
        _sleep = getattr(asyncio, "sleep_ms", None) or (lambda ms: asyncio.sleep(ms / 1000))
    return _sleep(ms)


class HardwareError(Exception):
    """A device did not answer or answered wrongly; `str(e)` is readable."""
