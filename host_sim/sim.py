"""Sim: the firmware, unchanged, on fake hardware and a virtual clock.

    sim = Sim(board="rpi_pico", seed=1)     # deploys to a temp flash folder and boots
    sim.press("ok"); sim.press("down", times=3); sim.hold("ok", 800)
    sim.screen_text()  -> 8 lines recognised from the panel's pixels
    sim.frame()        -> the panel's current image (64 rows of 128 0/1 values)
    sim.receipt()      -> what the printer printed, as text
    sim.power_cut(); sim.boot()

Everything the firmware touches is a fake speaking the real protocol: buttons are pin
levels on the board file's GPIOs (with contact bounce), the display is an SSD1306/SH1106
emulator on the fake I2C bus at the board file's pins and address, the printer an ESC/POS
emulator on the fake UART at the board's TX pin, and the flash a host folder.
"""
import asyncio
import json
import os
import random
import shutil
import tempfile
import traceback

from host_sim.vclock import VirtualClock, VirtualLoop
from host_sim.flash import Flash, PowerCut
from host_sim.panel import Panel
from host_sim.printer import Printer
from host_sim.importer import FirmwareImporter
from host_sim import fakes

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(REPO, "firmware")
BOARDS = os.path.join(REPO, "boards")

def default_board():
    """A copy of the firmware's own default wiring (oya.hw.board.DEFAULT)."""
    import sys
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)
    from oya.hw.board import DEFAULT
    return json.loads(json.dumps(DEFAULT))


HEAP_TOTAL = {"rp2040": 192 * 1024, "rp2350": 480 * 1024}


class FirmwareCrash(Exception):
    """The firmware raised out of its main task (on a device: back to the REPL)."""


def load_board(board):
    """A board dict from a dict, a board name (boards/<name>.json) or a path."""
    if board is None:
        board = "rpi_pico"
    if isinstance(board, dict):
        return json.loads(json.dumps(board))
    path = board
    if not os.path.exists(path):
        path = os.path.join(BOARDS, board + ".json")
    if not os.path.exists(path):
        if board == "rpi_pico":
            return default_board()
        raise FileNotFoundError("no board file %r (looked in %s)" % (board, BOARDS))
    with open(path) as f:
        return json.load(f)


class UartPort:
    """One UART's wire: a TX buffer draining at baud/10 bytes/s into what the TX pin is
    wired to, and an RX buffer filled by what the device answered."""

    def __init__(self, sim, uid):
        self.sim = sim
        self.uid = uid
        self.baud = 115200
        self.tx = self.rx = None
        self.txbuf = 256
        self.rxbuf = 256
        self.free_at = 0.0         # virtual us at which the wire is idle
        self.pending = []          # [(arrival_us, byte)] not yet delivered
        self.rx = None
        self.rxq = bytearray()
        self.bytes_written = 0
        self.framing_errors = 0
        self.blocked_writes = 0    # writes that waited for room in the buffer (a stall of the app)

    def configure(self, baud, bits, parity, stop, tx, rx, txbuf, rxbuf):
        self.baud = int(baud)
        self.bits, self.parity, self.stop = bits, parity, stop
        self.tx, self.rx = tx, rx
        self.txbuf = max(32, int(txbuf or 256))
        self.rxbuf = int(rxbuf or 256)

    def _byte_us(self):
        return 10e6 / self.baud

    def write(self, data):
        clock = self.sim.clock
        now = clock.us
        bt = self._byte_us()
        start = max(now, self.free_at)
        for b in data:
            start += bt
            self.pending.append((start, b))
        self.free_at = start
        self.bytes_written += len(data)
        # the FIFO (32) + txbuf hold what has not started; write() blocks until it fits
        cap = self.txbuf + 32
        not_started = (self.free_at - now) / bt
        if not_started > cap:
            self.blocked_writes += 1
            clock.advance_to(int(self.free_at - cap * bt + 0.5))
        self.pump()
        return len(data)

    def pump(self):
        now = self.sim.clock.us
        dev = self.sim.uart_device(self)
        i = 0
        p = self.pending
        while i < len(p) and p[i][0] <= now:
            i += 1
        due, self.pending = p[:i], p[i:]
        if dev is not None:
            if dev.baud != self.baud:
                self.framing_errors += len(due)
            else:
                for t, b in due:
                    dev.receive(bytes([b]), t)
            dev.run(now)
            keep = []
            for t, b in dev.replies:
                if t <= now:
                    if len(self.rxq) < self.rxbuf:
                        self.rxq.append(b)
                else:
                    keep.append((t, b))
            dev.replies[:] = keep

    def any(self):
        self.pump()
        return len(self.rxq)

    def read(self, n, timeout_ms):
        self.pump()
        if not self.rxq and timeout_ms:
            dev = self.sim.uart_device(self)
            clock = self.sim.clock
            deadline = clock.us + timeout_ms * 1000
            nxt = None
            if dev is not None:
                # replies may also come from bytes still on the wire
                for t, _b in list(self.pending):
                    if t > deadline:
                        break
                    clock.advance_to(t)
                    self.pump()
                    if dev.replies or self.rxq:
                        break
                if dev.replies:
                    nxt = min(t for t, _ in dev.replies)
            if not self.rxq:
                clock.advance_to(nxt if nxt is not None and nxt <= deadline else deadline)
                self.pump()
        if not self.rxq:
            return None
        n = len(self.rxq) if n is None else min(n, len(self.rxq))
        out = bytes(self.rxq[:n])
        del self.rxq[:n]
        return out

    def flush(self):
        self.sim.clock.advance_to(int(self.free_at + 0.999))
        self.pump()

    def txdone(self):
        return self.free_at <= self.sim.clock.us


class Sim:
    def __init__(self, board="rpi_pico", seed=0, flash_dir=None, firmware=FIRMWARE, main="main",
                 lang=None, trace_heap=False, strict=True, ticks_start_ms=0, echo=False,
                 bounce=True, frame_gap_us=8000, printer=True, buffer_size=1024,
                 autoboot=True, deploy=True):
        self.board = load_board(board)
        self.seed = seed
        self.rng = random.Random(seed)
        self._urandom = random.Random("urandom:%s" % (seed,))
        self.clock = VirtualClock(ticks_start_ms * 1000)
        self._tmp = None
        if flash_dir is None:
            self._tmp = tempfile.mkdtemp(prefix="oya-flash-")
            flash_dir = self._tmp
        self.flash = Flash(flash_dir)
        self.flash.on_cut = self._flash_cut
        self.firmware = os.path.abspath(firmware)
        self.main_name = main
        self.strict = strict
        self.echo = echo
        self.bounce = bounce
        self.trace_heap = trace_heap
        disp = self.board.get("display") or None
        self.panel = None
        if disp:
            self.panel = Panel(disp.get("driver", "ssd1306"), disp.get("width", 128),
                               disp.get("height", 64), clock=self.clock, frame_gap_us=frame_gap_us)
        pr = self.board.get("printer") or None
        self.printer = None
        if pr and printer:
            self.printer = Printer(self.clock, baud=pr.get("baud", 19200), dots=pr.get("dots", 384),
                                   buffer_size=buffer_size)
        self.pins = fakes.PinBank(self.clock)
        self.pins.irq_cb = self._schedule_irq
        self.uarts = {}
        self.bus_freqs = {}
        self.adc = {}
        self.pwm = {}
        self.console = []
        self._console_part = ""
        self.errors = []
        self.crashed = None
        self.exited = False
        self.dead = True
        self.loop = None
        self.main_task = None
        self.incarnation = 0
        self.reset_cause = 1
        self._reset_req = None
        self.wdt = None
        self.cpu_freq = 125000000
        self.gc_collects = 0
        self.heap_samples = []
        self._heap_cache = None
        self._tracing = False             # tracemalloc started by this Sim
        self.unique_id = bytes(self.rng.randrange(256) for _ in range(8))
        self._graveyard = []
        self.lang = lang
        if deploy:
            self.deploy()
        if lang is not None:
            self.set_language(lang)
        if autoboot:
            self.boot()

    # --- deploy and devices ------------------------------------------------------------------
    def deploy(self, update=False):
        """Put the data files on the flash the way the deploy does: board.json, rulesets/.
        A flash kept from an earlier run has them already; `update` brings them up to
        date as `make deploy` does: a missing or changed file is written, the others
        (and files added by hand) stay. Returns the files written with `update`."""
        board = json.dumps(self.board, indent=1)
        if not self.flash.exists("board.json"):
            self.flash.put("board.json", board)
        src = os.path.join(self.firmware, "rulesets")
        if os.path.isdir(src) and not self.flash.exists("rulesets"):
            self.flash.copytree(src, "rulesets")
        if not update:
            return []
        files = [("board.json", board.encode())]
        for name in sorted(os.listdir(src)) if os.path.isdir(src) else ():
            with open(os.path.join(src, name), "rb") as f:
                files.append(("rulesets/" + name, f.read()))
        written = []
        for path, data in files:
            if not self.flash.exists(path) or self.flash.get(path) != data:
                self.flash.put(path, data)
                written.append(path)
        return written

    def set_language(self, lang):
        """Preset the device's language setting (en|ja) before boot, as a user would have."""
        code = {"en": 0, "ja": 1}.get(lang, lang)
        self.lang = lang
        try:
            journal = self._offline().load("oya.journal")   # the firmware's own format
            if not self.flash.exists("state"):
                self.flash.mkdir("state")
            j = journal.Journal("state/settings")
            try:
                cur = fw.load("oya.journal_read").load(j) or {}
            except Exception:
                cur = {}
            cur["lang"] = code
            j.save(cur)
        except Exception as e:  # pragma: no cover - best effort
            self.console_write("host_sim: cannot preset language: %s\n" % e)

    def _offline(self):
        """The firmware's modules on the flash, with the device switched off (no
        board, display or printer): for what a person does to the flash from outside."""
        return FirmwareImporter(self.firmware, {"os": fakes.make_os(self), "gc": fakes.make_gc(self),
                                                "micropython": fakes.make_micropython(self)},
                                overrides={"open": self.flash.open})

    def add_ruleset(self, path):
        """Copy a ruleset file into the flash's rulesets/, as a person copies one
        onto the device, once the device would list it (a *.json name, not
        hidden) and its validator (oya.rules) passes it. Returns (game, name);
        ValueError with the reason when it refuses the file, OSError when the
        file cannot be read."""
        fname = os.path.basename(path)
        if not fname.endswith(".json") or fname.startswith("."):
            raise ValueError("%s: the device lists only files named NAME.json (not starting with '.')"
                             % fname)
        with open(path, "rb") as f:
            raw = f.read()
        game, name, _opts = self._offline().load("oya.rules").load(fname, raw=raw)
        self.flash.put("rulesets/" + fname, raw)
        return game, name

    def i2c_devices(self, scl, sda):
        disp = self.board.get("display") or {}
        if self.panel is not None and disp.get("sda") == sda and disp.get("scl") == scl:
            return {disp.get("addr", 0x3C): self.panel}
        return {}

    def uart_port(self, uid):
        p = self.uarts.get(uid)
        if p is None:
            p = self.uarts[uid] = UartPort(self, uid)
        return p

    def uart_device(self, port):
        pr = self.board.get("printer") or {}
        if self.printer is not None and port.tx == pr.get("tx"):
            return self.printer
        return None

    def urandom(self, n):
        return bytes(self._urandom.randrange(256) for _ in range(n))

    # --- console ---------------------------------------------------------------------------------
    def console_write(self, text):
        if self.echo:
            import sys
            sys.stderr.write(text)
        s = self._console_part + text
        parts = s.split("\n")
        self.console.extend(parts[:-1])
        self._console_part = parts[-1]

    def _print(self, *args, sep=" ", end="\n", file=None, flush=False):
        text = sep.join(str(a) for a in args) + end
        if file is not None and hasattr(file, "write") and not getattr(file, "_sim_console", False):
            try:
                file.write(text)
                return
            except Exception:
                pass
        self.console_write(text)

    # --- heap -------------------------------------------------------------------------------------
    def heap_total(self):
        name = (self.board.get("name") or "").lower()
        return HEAP_TOTAL["rp2350"] if "2" in name.replace("rp2040", "") and "pico 2" in name else HEAP_TOTAL["rp2040"]

    def heap_figures(self, sample=False):
        """(total, used, free) of the simulated heap. `used` is what the firmware's own
        code has allocated and still holds, traced with tracemalloc (CPython object
        sizes: larger than MicroPython's), or None when tracing is off."""
        total = self.heap_total()
        used = None
        if self.trace_heap:
            import tracemalloc
            if tracemalloc.is_tracing():
                now = self.clock.us
                if self._heap_cache is None or now - self._heap_cache[0] > 1000000 or sample:
                    snap = tracemalloc.take_snapshot().filter_traces(
                        [tracemalloc.Filter(True, os.path.join(self.firmware, "*"))])
                    used = sum(s.size for s in snap.statistics("filename"))
                    self._heap_cache = (now, used)
                used = self._heap_cache[1]
        free = None if used is None else max(0, total - used)
        if sample:
            self.heap_samples.append({"t_ms": self.clock.us // 1000, "total": total,
                                      "used": used, "free": free})
        return total, used, free

    # --- life cycle ---------------------------------------------------------------------------------
    def _exception_handler(self, loop, ctx):
        exc = ctx.get("exception")
        if isinstance(exc, (PowerCut, fakes.SimReset)) or self.dead:
            return
        msg = ctx.get("message", "")
        if exc is not None:
            msg += "\n" + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.errors.append(msg)
        self.console_write("Task exception: " + msg + "\n")

    def boot(self):
        """Power on (or reset): fresh RAM, fresh firmware modules, main.py runs."""
        self.prepare()
        self._guard(lambda: self.importer.load(self.main_name))
        self.advance(0)
        return self

    def prepare(self):
        """Power on without running main.py: fresh loop, fakes and firmware module table.
        `sim.importer.load("oya.hw.ssd1306")` then gives a firmware module on the fakes."""
        self._bury()
        self.incarnation += 1
        self.flash.power_on()
        self.dead = False
        self.crashed = None
        self.exited = False
        self._reset_req = None
        self.wdt = None
        if self.panel is not None:
            self.panel.reset()
            for page in self.panel.ram:
                page[:] = bytes(len(page))
        if self.printer is not None:
            self.printer.run(self.clock.us)
        for p in self.uarts.values():
            p.pending = [e for e in p.pending if e[0] <= self.clock.us]
            p.rxq = bytearray()
        self.pins.pins.clear()
        self.loop = VirtualLoop(self.clock)
        self.loop.set_exception_handler(self._exception_handler)
        self.main_task = None
        modules = {}
        fk = fakes.make_all(self, modules)
        self.passes = None
        self.importer = FirmwareImporter(self.firmware, fk, overrides={
            "open": self.flash.open, "print": self._print},
            patches={"oya.hw": {"drive": self.drive_passes}})
        modules.update(fk)
        self.importer.modules = modules
        self.modules = modules
        # re-arm IRQ delivery for button transitions still to come
        self.clock.clear_interrupts()
        for gpio, tl in self.pins.drive.items():
            for t, _lvl in tl:
                if t > self.clock.us:
                    self._schedule_irq(t, gpio)
        if self.trace_heap:
            import tracemalloc
            if not tracemalloc.is_tracing():
                tracemalloc.start()
                self._tracing = True      # close() stops it: it slows every allocation ~5x
        return self

    def _guard(self, fn):
        try:
            fn()
        except PowerCut:
            self._die("power cut")
        except fakes.SimReset:
            pass
        except SystemExit:
            self.exited = True
            self.dead = True
        except Exception as e:
            self._crash(e)

    def _crash(self, e):
        self.crashed = e
        self.dead = True
        text = "".join(traceback.format_exception(type(e), e, e.__traceback__))
        self.console_write(text)
        self.errors.append(text)

    def drive_passes(self, passes, buttons):
        """oya.hw.drive in the simulator: the device loop's passes run as the
        main task of the virtual loop; each wait ends early when a button's
        edge comes (the buttons' IRQ sets `woken` and calls wake.set()), as
        the device's 1 ms naps do. Returns at once: main.py ends and the
        loop runs the passes from now on."""
        wake = fakes.PassWake(self.loop)
        buttons.wake = wake
        self.passes = passes

        async def run():
            for ms in passes:
                await wake.wait(ms, buttons)
        return self.start_main(run())

    def start_main(self, coro):
        """asyncio.run(coro) from main.py: the Sim's loop runs it from now on."""
        task = self.loop.create_task(coro)
        self.main_task = task

        def done(t):
            if t.cancelled():
                return
            exc = t.exception()
            if exc is None:
                self.exited = True
                self.dead = True
            elif isinstance(exc, (PowerCut, fakes.SimReset)):
                pass
            elif isinstance(exc, SystemExit):
                self.exited = True
                self.dead = True
            else:
                self._crash(exc)
            if self.loop is not None:
                self.loop.stop()
        task.add_done_callback(done)
        return task

    def _flash_cut(self, why):
        self._die("power cut: " + why)

    def _die(self, why):
        """Power is gone: nothing of the firmware runs any more."""
        if not self.dead:
            self.console_write("host_sim: %s\n" % why)
        self.dead = True
        if self.loop is not None:
            self.loop.stop()

    def request_reset(self, why):
        self._reset_req = why
        self.dead = True
        if self.loop is not None:
            self.loop.stop()

    def _bury(self):
        """Drop the previous incarnation's loop without running any more of its code."""
        loop = self.loop
        if loop is None:
            return
        for t in asyncio.all_tasks(loop):
            t._log_destroy_pending = False
            self._graveyard.append(t)
        self._graveyard.append(loop)
        self.loop = None

    def power_cut(self):
        """Cut the power now: the firmware stops where it is; flash keeps what was written."""
        self._die("power cut")
        self.flash.powered = False
        if self.panel is not None:
            self.panel.display_on = False
        self._bury()

    # --- time -----------------------------------------------------------------------------------------
    @property
    def now_ms(self):
        return self.clock.us // 1000

    def advance(self, ms):
        """Run the firmware until `ms` more virtual milliseconds have passed."""
        target = self.clock.us + int(ms * 1000)
        guard = 0
        while True:
            if self._reset_req is not None:
                why = self._reset_req
                self.console_write("host_sim: reset (%s)\n" % why)
                self.reset_cause = 3 if "watchdog" in why else 1
                self.boot()
                continue
            if self.dead or self.loop is None:
                self.clock.advance_to(target)
                break
            if self.clock.us >= target and guard:
                break
            guard += 1
            step = target
            if self.wdt is not None:
                step = min(step, self.wdt["fed"] + self.wdt["timeout_us"])
            self.loop.run_until_us(max(step, self.clock.us))
            if self.wdt is not None and not self.dead and \
                    self.clock.us >= self.wdt["fed"] + self.wdt["timeout_us"]:
                self.request_reset("watchdog")
                continue
            if self.clock.us >= target:
                break
        self._settle()
        if self.crashed is not None and self.strict:
            e = self.crashed
            raise FirmwareCrash("firmware crashed: %s: %s\n%s" % (
                type(e).__name__, e, "\n".join(self.console[-30:])))
        return self

    def _settle(self):
        for p in self.uarts.values():
            p.pump()
        if self.printer is not None:
            self.printer.run(self.clock.us)
        if self.panel is not None:
            self.panel.settle()

    def run_until(self, pred, timeout_ms=10000, step_ms=10):
        end = self.clock.us + timeout_ms * 1000
        while self.clock.us < end:
            if pred():
                return True
            self.advance(step_ms)
        return bool(pred())

    def wait_printer(self, timeout_ms=60000):
        """Advance until the printer has printed everything sent to it."""
        def idle():
            busy = any(p.pending for p in self.uarts.values())
            return not busy and (self.printer is None or (
                not self.printer.buffered() and self.printer.idle_at() <= self.clock.us))
        return self.run_until(idle, timeout_ms, 50)

    # --- buttons --------------------------------------------------------------------------------------
    def button_pin(self, name):
        pin = (self.board.get("buttons") or {}).get(name.lower())
        if pin is None:
            raise KeyError("board %r has no %s button" % (self.board.get("name"), name))
        return pin

    def has_button(self, name):
        return (self.board.get("buttons") or {}).get(name.lower()) is not None

    def _edge(self, gpio, t, level, settle_by=None):
        """A contact edge at time t (us): with bounce, a few quick flips (0.1-1.5 ms
        apart, a few ms in all) before the contact settles at `level`, and
        settled before `settle_by` (a press bounces out before its release:
        a bounce left over after the release would leave the pin held)."""
        other = None if level == 0 else 0
        self.pins.drive_at(gpio, t, level)
        if self.bounce:
            tt = t
            for _ in range(self.rng.randrange(0, 4)):
                a = tt + self.rng.randrange(100, 1500)
                b = a + self.rng.randrange(100, 1500)
                if settle_by is not None and b >= settle_by:
                    break
                self.pins.drive_at(gpio, a, other)
                self.pins.drive_at(gpio, b, level)
                tt = b

    def schedule_press(self, name, at_us, hold_ms):
        gpio = self.button_pin(name)
        up = at_us + int(hold_ms * 1000)
        self._edge(gpio, at_us, 0, settle_by=up)
        self._edge(gpio, up, None)

    def press(self, name, times=1, hold_ms=80, gap_ms=150):
        """Short press(es): the pin is pulled low for hold_ms, then the UI gets gap_ms."""
        for _ in range(times):
            self.schedule_press(name, self.clock.us + 1000, hold_ms)
            self.advance(1 + hold_ms + gap_ms)
        return self

    def hold(self, name, ms=1000, gap_ms=150):
        return self.press(name, 1, hold_ms=ms, gap_ms=gap_ms)

    def button_down(self, name):
        self._edge(self.button_pin(name), self.clock.us, 0)

    def button_up(self, name):
        self._edge(self.button_pin(name), self.clock.us, None)

    def _schedule_irq(self, t_us, gpio):
        """The pin's IRQ handler runs when the clock passes the edge, even in
        the middle of firmware code (a hard IRQ), seeing the clock and the pin
        as they are at the edge."""
        before = self.pins.level(gpio, t_us - 1)

        def fire():
            if self.dead or self.loop is None:
                return
            st = self.pins.pins.get(gpio)
            if not st or not st.get("irq"):
                return
            handler, trig, pin = st["irq"]
            after = self.pins.level(gpio, t_us)
            if before == after:
                return
            if (after == 0 and trig & 4) or (after == 1 and trig & 8):
                self._guard(lambda: handler(pin))
        self.clock.at(t_us, fire)

    # --- what the person sees ---------------------------------------------------------------------------
    def frame(self):
        """The panel's current image: rows of 0/1 (what the glass shows now)."""
        return self.panel.pixels()

    @property
    def frames(self):
        self.panel.settle()
        return self.panel.frames

    def screen_text(self):
        """The screen as 8 lines of text, recognised from the pixels with the firmware's font."""
        from host_sim.textrec import recognise
        return recognise(self.panel.pixels())

    def screen(self):
        return "\n".join(self.screen_text())

    def receipt(self, lines=None):
        """What the printer printed, as text: the whole roll, or `lines` of it."""
        if self.printer is None:
            return ""
        self._settle()
        return self.printer.text(lines)

    def receipt_image(self, lines=None):
        from host_sim.textrec import printer_glyph
        return self.printer.image(printer_glyph(), lines)

    def summary(self):
        self._settle()
        fr = self.panel.frames if self.panel is not None else []
        pr = self.printer
        return {
            "board": self.board.get("name"),
            "seed": self.seed,
            "virtual_ms": self.clock.us // 1000,
            "boots": self.incarnation,
            "frames": len(fr),
            "display_bytes_total": self.panel.bytes_total if self.panel else 0,
            "display_bytes_per_frame": [f.bytes for f in fr],
            "display_transactions": self.panel.transactions if self.panel else 0,
            "display_errors": (self.panel.errors + ["unknown command 0x%02x" % c for c in self.panel.unknown])
            if self.panel else [],
            "i2c_freq": {"%s%s" % k: v for k, v in self.bus_freqs.items()},
            "printer_bytes": pr.bytes_received if pr else 0,
            "printer_overruns": pr.overruns if pr else 0,
            "printer_overrun_at_ms": [int(t // 1000) for t in pr.overrun_times] if pr else [],
            "printer_unknown": [u.hex() for u in pr.unknown] if pr else [],
            "uart_framing_errors": sum(p.framing_errors for p in self.uarts.values()),
            "flash_ops": self.flash.ops,
            "flash_bytes_written": self.flash.bytes_written,
            "heap": self.heap_samples,
            "heap_used_peak": max([h["used"] for h in self.heap_samples if h["used"] is not None] or [None],
                                  key=lambda v: -1 if v is None else v),
            "heap_total": self.heap_total(),
            "gc_collects": self.gc_collects,
            "errors": self.errors,
            "crashed": repr(self.crashed) if self.crashed else None,
        }

    def close(self):
        self._bury()
        if self._tracing:
            import tracemalloc
            tracemalloc.stop()
            self._tracing = False
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.close()
