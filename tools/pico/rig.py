"""The board's wiring around the emulated RP2040, from a board file
(boards/*.json): the SSD1306 on its I2C pins (host_sim.panel decodes what the
firmware sends), the buttons as GPIO levels (active low, pulled up; presses
bounce as in host_sim), the printer on its UART (host_sim.printer decodes the
ESC/POS bytes). Works on anything with the Emulator's few calls (run, pin,
take, t, busy), so it is tested against a fake board too.
"""
import random

from host_sim.panel import Panel
from host_sim.printer import Printer

CYCLES_PER_MS = 125000         # the RP2040 at 125 MHz
IDLE_CYCLES_PER_20MS = 1250000  # half of 20 ms at 125 MHz (the idle app loop takes ~20%)
I2C_ADDR_BYTE = 1           # the address byte of each transaction is on the wire too


class _Clock:
    us = 0


class KeyFigures:
    """What one key cost: from the edge that acts (the press for UP/DOWN, the
    release for OK/BACK, as oya/hw/buttons.py acts) to the last display byte."""

    def __init__(self, name, t_edge, busy_edge, flash_edge=0):
        self.name = name
        self.t_edge = t_edge
        self.busy_edge = busy_edge
        self.flash_edge = flash_edge  # the flash's busy time so far, at the edge (us)
        self.flash_last = None        # the same at the last display byte
        self.display_bytes = 0
        self.t_last = None
        self.busy_last = None
        self.uart_bytes = 0
        self.flash_erases = 0         # flash sectors erased (the journal, files)
        self.flash_busy_us = 0        # time the flash chip was busy erasing/programming
        self.stretch = 0              # the longest run of CPU cycles without a sleep (a freeze)
        self.stretch_erases = 0       # the flash sectors erased inside that run
        self.live = None              # the largest live heap a collection left during the key
        self.heap_peak = None         # the most heap used during the key (--gc-every: ~its live peak)

    @property
    def latency_us(self):
        return None if self.t_last is None else self.t_last - self.t_edge

    @property
    def flash_wait_us(self):
        """The flash's erase/program time inside the latency (an erase is
        counted whole from its start): what instant flash would take off
        it. The journal's files written after the frame are not in it."""
        return None if self.flash_last is None else self.flash_last - self.flash_edge

    @property
    def cycles(self):
        return None if self.busy_last is None else self.busy_last - self.busy_edge

    def as_dict(self):
        return {"key": self.name, "latency_us": self.latency_us, "display_bytes": self.display_bytes,
                "cycles": self.cycles, "uart_bytes": self.uart_bytes,
                "flash_erases": self.flash_erases, "flash_busy_us": self.flash_busy_us,
                "flash_wait_us": self.flash_wait_us,
                "stretch": self.stretch, "stretch_erases": self.stretch_erases, "live": self.live,
                "heap_peak": self.heap_peak}


def is_init(data):
    """Whether an I2C write to the panel is the driver's init (oya.hw.ssd1306:
    one command transfer that starts with display off and sets the panel up),
    which it sends once a power-on or a restart: a frame's commands are a
    handful of bytes."""
    return len(data) > 16 and data[0] == 0x00 and data[1] == 0xAE


class Rig:
    ACT_ON_PRESS = ("up", "down", "left", "right")

    def __init__(self, emu, board, seed=1, bounce=True):
        self.emu = emu
        self.board = board
        self.clock = _Clock()
        self.panel = Panel(board["display"].get("driver", "ssd1306"), board["display"]["width"],
                           board["display"]["height"], clock=self.clock)
        p = board.get("printer") or {}
        self.printer = Printer(clock=self.clock, baud=p.get("baud", 19200), dots=p.get("dots", 384))
        self.rng = random.Random(seed)
        self.bounce = bounce
        self.display_bytes = 0
        self.uart_bytes = 0
        self.boots = 0                # the display's init transfers seen: one per power-on or restart
        self.current = None           # the KeyFigures being filled

    # -- what the firmware sent ---------------------------------------------------------
    def pump(self):
        for ev in self.emu.take():
            data = bytes.fromhex(ev["hex"])
            if ev["ev"] == "i2c":
                self.clock.us = int(ev["t"])
                self.panel.i2c_write(data)
                if is_init(data):
                    self.boots += 1
                n = len(data) + I2C_ADDR_BYTE
                self.display_bytes += n
                if self.current is not None:
                    self.current.display_bytes += n
                    self.current.t_last = ev["t1"]
                    self.current.busy_last = ev["busy"]
                    self.current.flash_last = ev.get("fbusy")
            elif ev["ev"] == "uart":
                self.printer.receive(data, int(ev["t"]))
                self.uart_bytes += len(data)
                if self.current is not None:
                    self.current.uart_bytes += len(data)
        self.printer.run(int(self.emu.t))

    def run(self, us):
        heap0 = getattr(self.emu, "heap", None) or {}
        self.emu.run(us)
        if self.current is not None:
            run = getattr(self.emu, "stretch", 0)
            if run > self.current.stretch:
                self.current.stretch = run
                self.current.stretch_erases = getattr(self.emu, "stretch_erases", 0)
            heap = getattr(self.emu, "heap", None) or {}
            if heap.get("run_peak"):
                self.current.heap_peak = max(self.current.heap_peak or 0, heap["run_peak"])
            if heap.get("collections", 0) > heap0.get("collections", 0):
                self.current.live = max(self.current.live or 0, heap.get("live_last", 0))
        self.pump()

    def screen(self):
        from host_sim.textrec import recognise
        return recognise(self.panel.pixels())

    def title(self):
        return self.screen()[0].strip()

    # -- the buttons --------------------------------------------------------------------
    def gpio(self, name):
        g = (self.board.get("buttons") or {}).get(name)
        if g is None:
            raise KeyError("the board has no %s button" % name)
        return g

    def edge_times(self, t, level, settle_by):
        """[(t, level)]: the contact flips a few times 0.1-1.5 ms apart before it
        settles at `level` (host_sim.sim's bounce), settled before settle_by."""
        out = [(t, level)]
        if self.bounce:
            tt = t
            for _ in range(self.rng.randrange(0, 4)):
                a = tt + self.rng.randrange(100, 1500)
                b = a + self.rng.randrange(100, 1500)
                if b >= settle_by:
                    break
                out += [(a, 1 - level), (b, level)]
                tt = b
        return out

    def _drive(self, gpio, edges):
        for t, level in edges:
            if t > self.emu.t:
                self.run(t - self.emu.t)
            self.emu.pin(gpio, level)

    def press(self, name, hold_ms=80, quiet_ms=250, max_ms=10000):
        """A short press; returns its KeyFigures once the display has been quiet
        for quiet_ms (or max_ms passed)."""
        gpio = self.gpio(name)
        self.pump()
        flash0 = dict(getattr(self.emu, "flash", None) or {})
        t_down = self.emu.t + 1000
        t_up = t_down + hold_ms * 1000
        on_press = name in self.ACT_ON_PRESS
        self.run(t_down - self.emu.t)
        if on_press:
            self.current = k = KeyFigures(name, t_down, self.emu.busy, self._flash_us())
        self._drive(gpio, self.edge_times(t_down, 0, t_up))
        self.run(max(0, t_up - self.emu.t))
        if not on_press:
            self.current = k = KeyFigures(name, t_up, self.emu.busy, self._flash_us())
        self._drive(gpio, self.edge_times(t_up, 1, t_up + 10000))
        # settled: the display quiet for quiet_ms and the CPU back to idle (a
        # press made while the app is busy could be missed: see oya/hw/buttons.py)
        start = self.emu.t
        while True:
            b0 = self.emu.busy
            self.run(20000)
            idle = (self.emu.busy - b0) < IDLE_CYCLES_PER_20MS
            last = k.t_last if k.t_last is not None else k.t_edge
            if (idle and self.emu.t - last >= quiet_ms * 1000) or self.emu.t - start >= max_ms * 1000:
                break
        self.current = None
        fl = getattr(self.emu, "flash", None) or {}
        k.flash_erases = fl.get("erases", 0) - flash0.get("erases", 0)
        k.flash_busy_us = fl.get("busy_us", 0) - flash0.get("busy_us", 0)
        return k

    def _flash_us(self):
        return (getattr(self.emu, "flash", None) or {}).get("busy_us", 0)

    def boot(self, until="Oya", max_ms=20000):
        """Power on to the first screen whose title starts with `until`."""
        while self.emu.t < max_ms * 1000:
            self.run(50000)
            if self.display_bytes and self.title().startswith(until):
                self.run(100000)
                return True
        return False
