# The device loop (oya.ui.loop.passes) and what runs it on the device
# (oya.hw.drive), on the real runtime: no asyncio in RAM, a key answered in
# the pass a button's edge starts, a sleep that an edge ends. Under CPython
# the simulator runs the same passes on its virtual clock (tests/sim).
import sys
from harness import MICROPYTHON, skip
from hw_fakes import FakeI2C, FakeIrqPin


def _needs_micropython():
    if not MICROPYTHON:
        skip("time.ticks_ms/sleep_ms are MicroPython's; tests/sim runs the loop under CPython")


def _app():
    from oya.hw.ssd1306 import SSD1306
    from oya.hw.buttons import Buttons
    from oya.hw import Hardware
    from oya.hw.no_printer import NullPrinter
    from oya.ui.app import App
    pins = [FakeIrqPin() for _ in range(6)]
    hw = Hardware({"name": "test"}, SSD1306(FakeI2C()), Buttons(pins), NullPrinter(), [])
    return App(hw), pins


def test_the_device_loop_answers_an_edge_in_its_pass_without_asyncio():
    _needs_micropython()
    from oya.ui.loop import passes
    app, pins = _app()
    loop = passes(app)
    assert 0 <= next(loop) <= 10          # the first pass: the home screen drawn
    before = app.screen_text()
    sent = app.hw.display.bytes_sent
    pins[1].set(0)                        # DOWN acts on its first edge
    assert app.hw.buttons.woken           # (the IRQ ends the driver's sleep)
    next(loop)
    assert app.screen_text() != before and app.hw.display.bytes_sent > sent
    assert "asyncio" not in sys.modules


def test_drive_sleeps_what_each_pass_asks_and_an_edge_ends_the_sleep():
    _needs_micropython()
    import time
    from oya import hw

    class Buttons:
        woken = False

    b = Buttons()
    t0 = time.ticks_ms()
    hw.drive(iter([30, 0, 20]), b)
    assert time.ticks_diff(time.ticks_ms(), t0) >= 50

    def passes():
        b.woken = True                    # an edge during the pass: no sleep
        yield 5000
    t0 = time.ticks_ms()
    hw.drive(passes(), b)
    assert time.ticks_diff(time.ticks_ms(), t0) < 1000


def test_building_the_hardware_drops_the_board_module_and_the_ports_rp2_module():
    # the port's _boot.py imports rp2 to mount the flash, in __main__'s namespace; its PIO assembler
    # is Python, ~1.3 KB of RAM through every match, and the app never uses it
    if not MICROPYTHON:
        skip("oya.heap.forget drops modules on MicroPython only")
    import __main__
    from oya.hw import board
    from oya.ui.loop import build_hardware
    sys.modules["rp2"] = board          # (any module: where it is bound is what counts)
    __main__.rp2 = board                # (_boot.py ran in __main__'s namespace)
    board.build = lambda path: ("built from", path)
    assert build_hardware() == ("built from", "board.json")
    assert "rp2" not in sys.modules and "oya.hw.board" not in sys.modules
    assert not hasattr(__main__, "rp2")
