"""Fakes of the MicroPython modules the firmware imports, bound to one Sim.

machine: Pin (pulls, values, IRQs), I2C and SoftI2C (rp2 pin rules; transactions go to
the devices on the bus, and take the wire time at the bus frequency), UART (a TX buffer
that drains at baud/10 bytes a second into whatever is wired to the TX pin; reads see
what the device answered), freq, reset, soft_reset, reset_cause, unique_id, idle,
lightsleep, WDT, Timer, ADC, PWM, RTC, Signal.
time: ticks_ms/us/cpu/add/diff on the virtual clock (wrapping like MicroPython's), sleep,
sleep_ms, sleep_us (advance the clock), time, localtime, gmtime, mktime.
micropython: const, mem_info, opt_level, schedule, heap_lock/unlock, native/viper.
asyncio: CPython's asyncio on the Sim's virtual loop, plus sleep_ms, wait_for_ms,
ThreadSafeFlag and a non-blocking run() (the Sim drives the loop).
os: the flash filesystem (host_sim.flash) and a seeded urandom. gc, sys: MicroPython's
extras (mem_free, mem_alloc, print_exception).
"""
import asyncio as _asyncio
from bisect import bisect_right as _bisect_right
from operator import itemgetter as _itemgetter
import errno
import gc as _gc
import time as _time
import traceback
import types

from host_sim import framebuf as _framebuf
from host_sim.importer import private_sys

TICKS_PERIOD = 1 << 30
TICKS_MAX = TICKS_PERIOD - 1
TICKS_HALF = TICKS_PERIOD // 2
EPOCH_2024 = 1704067200


class SimReset(BaseException):
    """machine.reset() (or a watchdog) unwinding the firmware: the Sim reboots it."""


def _mod(name, doc=None):
    m = types.ModuleType(name, doc)
    return m


_first = _itemgetter(0)


# --- pins ------------------------------------------------------------------------------------
class PinBank:
    """External drive on each GPIO as a function of virtual time (buttons pull to GND)."""

    def __init__(self, clock):
        self.clock = clock
        self.drive = {}      # gpio -> list of (t_us, level or None)  (None: not driven)
        self.pins = {}       # gpio -> Pin state dict (mode, pull, out, irq)
        self.irq_cb = None   # set by the Sim: schedule(t_us, gpio)

    def drive_at(self, gpio, t_us, level):
        tl = self.drive.setdefault(gpio, [])
        # kept in time order; a later call at the same time comes after (wins)
        tl.insert(_bisect_right(tl, t_us, key=_first), (t_us, level))
        if self.irq_cb is not None:
            self.irq_cb(t_us, gpio)

    def external(self, gpio, t_us=None):
        """The drive of the last edge at or before t_us (None: not driven)."""
        if t_us is None:
            t_us = self.clock.us
        tl = self.drive.get(gpio)
        if not tl:
            return None
        i = _bisect_right(tl, t_us, key=_first)
        return tl[i - 1][1] if i else None

    def level(self, gpio, t_us=None):
        st = self.pins.get(gpio)
        ext = self.external(gpio, t_us)
        if st is not None and st["mode"] in (1,) :
            return st["out"] if ext is None else (st["out"] & ext)
        if st is not None and st["mode"] == 2:      # open drain
            out = st["out"]
            v = 0 if out == 0 else (1 if st["pull"] == 1 else 0)
            return v if ext is None else (v & ext)
        if ext is not None:
            return ext
        if st is not None and st["pull"] == 1:
            return 1
        return 0

    def prune(self, before_us):
        for gpio, tl in self.drive.items():
            keep = [e for e in tl if e[0] >= before_us]
            last = None
            for e in tl:
                if e[0] < before_us:
                    last = e
            if last is not None:
                keep.insert(0, (before_us, last[1]))
            self.drive[gpio] = keep


def _pin_id(p):
    if hasattr(p, "_gpio"):
        return p._gpio
    if isinstance(p, str):
        s = p.upper()
        if s.startswith("GPIO"):
            s = s[4:]
        elif s.startswith("GP"):
            s = s[2:]
        if s == "LED":
            return 25
        return int(s)
    return int(p)


def make_machine(sim):
    clock = sim.clock
    bank = sim.pins
    m = _mod("machine")

    def cost(us):
        clock.advance_us(us)

    class Pin:
        IN = 0
        OUT = 1
        OPEN_DRAIN = 2
        ALT = 3
        PULL_UP = 1
        PULL_DOWN = 2
        IRQ_LOW_LEVEL = 1
        IRQ_HIGH_LEVEL = 2
        IRQ_FALLING = 4
        IRQ_RISING = 8

        def __init__(self, id, mode=-1, pull=-1, value=None, drive=None, alt=None):
            self._gpio = _pin_id(id)
            if not 0 <= self._gpio <= 29:
                raise ValueError("invalid pin")
            st = bank.pins.get(self._gpio)
            if st is None:
                st = {"mode": 0, "pull": 0, "out": 0, "irq": None}
                bank.pins[self._gpio] = st
            self._st = st
            self.init(mode, pull, value=value)

        def init(self, mode=-1, pull=-1, value=None, drive=None, alt=None):
            if mode != -1 and mode is not None:
                self._st["mode"] = mode
            if pull != -1:
                self._st["pull"] = pull or 0
            if value is not None:
                self._st["out"] = 1 if value else 0

        def value(self, v=None):
            cost(1)
            if v is None:
                return bank.level(self._gpio)
            self._st["out"] = 1 if v else 0
            return None

        __call__ = value

        def on(self):
            self.value(1)

        def off(self):
            self.value(0)

        high = on
        low = off

        def toggle(self):
            self._st["out"] ^= 1

        def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
            self._st["irq"] = (handler, trigger, self) if handler else None
            return types.SimpleNamespace(trigger=lambda *a: trigger, flags=lambda: 0)

        def __repr__(self):
            return "Pin(GPIO%d)" % self._gpio

    class Signal:
        def __init__(self, pin, *a, invert=False, **kw):
            self._pin = pin if isinstance(pin, Pin) else Pin(pin, *a, **kw)
            self._inv = invert

        def value(self, v=None):
            if v is None:
                return self._pin.value() ^ (1 if self._inv else 0)
            self._pin.value((1 if v else 0) ^ (1 if self._inv else 0))

        def on(self):
            self.value(1)

        def off(self):
            self.value(0)

    def _check_i2c_pins(idn, scl, sda):
        if sda % 4 != (0 if idn == 0 else 2):
            raise ValueError("bad SDA pin")
        if scl % 4 != (1 if idn == 0 else 3):
            raise ValueError("bad SCL pin")

    class _I2CBase:
        _enodev = errno.EIO

        def _xfer_time(self, nbytes):
            # start + address byte + data bytes, 9 clocks each, + stop
            cost(int((nbytes + 1) * 9 * 1e6 / self._freq) + 3)

        def scan(self):
            found = sorted(sim.i2c_devices(self._scl, self._sda))
            cost(int(112 * 10 * 1e6 / self._freq))
            return found

        def _dev(self, addr):
            dev = sim.i2c_devices(self._scl, self._sda).get(addr)
            if dev is None or sim.dead:
                cost(int(10 * 1e6 / self._freq))
                raise OSError(self._enodev, "ENODEV" if self._enodev == errno.ENODEV else "EIO")
            return dev

        def writeto(self, addr, buf, stop=True):
            data = bytes(buf)
            dev = self._dev(addr)
            self._xfer_time(len(data))
            dev.i2c_write(data)
            return len(data) + 1 if isinstance(self, SoftI2C) else len(data)

        def writevto(self, addr, vector, stop=True):
            data = b"".join(bytes(v) for v in vector)
            dev = self._dev(addr)
            self._xfer_time(len(data))
            dev.i2c_write(data)
            return len(data) + 1 if isinstance(self, SoftI2C) else len(data)

        def readfrom(self, addr, nbytes, stop=True):
            dev = self._dev(addr)
            self._xfer_time(nbytes)
            rd = getattr(dev, "i2c_read", None)
            return bytes(rd(nbytes)) if rd else bytes(nbytes)

        def readfrom_into(self, addr, buf, stop=True):
            data = self.readfrom(addr, len(buf))
            buf[:] = data

        def writeto_mem(self, addr, memaddr, buf, addrsize=8):
            n = addrsize // 8
            return self.writeto(addr, memaddr.to_bytes(n, "big") + bytes(buf))

        def readfrom_mem(self, addr, memaddr, nbytes, addrsize=8):
            self.writeto(addr, memaddr.to_bytes(addrsize // 8, "big"), False)
            return self.readfrom(addr, nbytes)

        def init(self, *a, **kw):
            pass

        def deinit(self):
            pass

    class I2C(_I2CBase):
        def __init__(self, id=0, scl=None, sda=None, freq=400000, timeout=50000):
            if id not in (0, 1):
                raise ValueError("I2C(%r) doesn't exist" % (id,))
            self._id = id
            self._scl = _pin_id(scl) if scl is not None else (5 if id == 0 else 7)
            self._sda = _pin_id(sda) if sda is not None else (4 if id == 0 else 6)
            _check_i2c_pins(id, self._scl, self._sda)
            if freq > 1000000:
                raise ValueError("freq too high")
            self._freq = int(freq)
            sim.bus_freqs[("i2c", id)] = self._freq

        def __repr__(self):
            return "I2C(%d, freq=%d, scl=%d, sda=%d)" % (self._id, self._freq, self._scl, self._sda)

    class SoftI2C(_I2CBase):
        _enodev = errno.ENODEV

        def __init__(self, scl, sda, freq=400000, timeout=50000):
            self._scl = _pin_id(scl)
            self._sda = _pin_id(sda)
            self._freq = min(int(freq), 400000)   # bit-banged: a Pico manages ~400 kHz
            sim.bus_freqs[("softi2c", self._sda)] = self._freq

    class UART:
        INV_TX = 1
        INV_RX = 2
        CTS = 1
        RTS = 2

        def __init__(self, id, baudrate=115200, bits=8, parity=None, stop=1, tx=None, rx=None,
                     txbuf=256, rxbuf=256, timeout=0, timeout_char=0, **kw):
            if id not in (0, 1):
                raise ValueError("UART(%r) doesn't exist" % (id,))
            self._id = id
            tx = _pin_id(tx) if tx is not None else (0 if id == 0 else 4)
            rx = _pin_id(rx) if rx is not None else (1 if id == 0 else 5)
            if tx % 16 not in ((0, 12) if id == 0 else (4, 8)):
                raise ValueError("bad TX pin")
            if rx % 16 not in ((1, 13) if id == 0 else (5, 9)):
                raise ValueError("bad RX pin")
            self._port = sim.uart_port(id)
            self._port.configure(baudrate, bits, parity, stop, tx, rx, txbuf, rxbuf)
            self._timeout = timeout

        def init(self, baudrate=None, bits=8, parity=None, stop=1, **kw):
            p = self._port
            p.configure(baudrate or p.baud, bits, parity, stop, p.tx, p.rx, p.txbuf, p.rxbuf)

        def deinit(self):
            pass

        def write(self, buf):
            cost(2)
            return self._port.write(bytes(buf))

        def any(self):
            cost(2)
            return self._port.any()

        def read(self, n=None):
            cost(2)
            data = self._port.read(n, self._timeout)
            return data if data else None

        def readinto(self, buf, n=None):
            n = len(buf) if n is None else n
            data = self._port.read(n, self._timeout)
            if not data:
                return None
            buf[:len(data)] = data
            return len(data)

        def readline(self):
            out = bytearray()
            while True:
                b = self._port.read(1, self._timeout)
                if not b:
                    break
                out += b
                if b == b"\n":
                    break
            return bytes(out) if out else None

        def flush(self):
            self._port.flush()

        def txdone(self):
            return self._port.txdone()

        def sendbreak(self):
            pass

    class WDT:
        def __init__(self, id=0, timeout=5000):
            self._timeout = min(int(timeout), 8388)
            sim.wdt = {"timeout_us": self._timeout * 1000, "fed": clock.us}

        def feed(self):
            if sim.wdt is not None:
                sim.wdt["fed"] = clock.us

    class Timer:
        ONE_SHOT = 0
        PERIODIC = 1

        def __init__(self, id=-1, mode=PERIODIC, period=-1, freq=-1, callback=None, tick_hz=1000):
            self._h = None
            if callback is not None:
                self.init(mode=mode, period=period, freq=freq, callback=callback)

        def init(self, mode=PERIODIC, period=-1, freq=-1, callback=None, tick_hz=1000):
            self.deinit()
            if freq and freq > 0:
                period_us = int(1e6 / freq)
            else:
                period_us = int(period * 1e6 / tick_hz)
            loop = sim.loop

            def fire():
                if sim.dead:
                    return
                if mode == Timer.PERIODIC:
                    self._h = loop.call_at(loop.time() + period_us / 1e6, fire)
                callback(self)
            self._h = loop.call_at(loop.time() + period_us / 1e6, fire)

        def deinit(self):
            if self._h is not None:
                self._h.cancel()
                self._h = None

    class ADC:
        CORE_TEMP = 4

        def __init__(self, pin):
            self._ch = pin if isinstance(pin, int) and pin < 5 else _pin_id(pin)

        def read_u16(self):
            cost(2)
            if self._ch == 4:
                return 14200       # ~27 degC on the RP2040's sensor
            return sim.adc.get(self._ch, 0)

    class PWM:
        def __init__(self, pin, freq=None, duty_u16=None, **kw):
            self._gpio = _pin_id(pin)
            self._freq = freq or 1000
            self._duty = duty_u16 or 0
            sim.pwm[self._gpio] = (self._freq, self._duty)

        def freq(self, f=None):
            if f is None:
                return self._freq
            self._freq = int(f)
            sim.pwm[self._gpio] = (self._freq, self._duty)

        def duty_u16(self, d=None):
            if d is None:
                return self._duty
            self._duty = int(d)
            sim.pwm[self._gpio] = (self._freq, self._duty)

        def deinit(self):
            sim.pwm.pop(self._gpio, None)

    class RTC:
        def datetime(self, dt=None):
            if dt is not None:
                return None
            t = _time.gmtime(EPOCH_2024 + clock.us // 1000000)
            return (t.tm_year, t.tm_mon, t.tm_mday, t.tm_wday, t.tm_hour, t.tm_min, t.tm_sec, 0)

    def freq(hz=None):
        if hz is None:
            return sim.cpu_freq
        sim.cpu_freq = int(hz)

    def reset():
        sim.request_reset("machine.reset()")
        raise SimReset("machine.reset()")

    def soft_reset():
        sim.request_reset("machine.soft_reset()")
        raise SimReset("machine.soft_reset()")

    def reset_cause():
        return sim.reset_cause

    def unique_id():
        return sim.unique_id

    def idle():
        clock.advance_us(1000 - clock.us % 1000)

    def lightsleep(ms=None):
        clock.advance_us((ms or 0) * 1000)

    def disable_irq():
        return 0

    def enable_irq(state=0):
        pass

    def bootloader():
        raise SimReset("machine.bootloader()")

    for k, v in list(locals().items()):
        if k in ("m", "sim", "clock", "bank", "cost", "_check_i2c_pins", "_I2CBase"):
            continue
        if not k.startswith("__"):
            setattr(m, k, v)
    m.deepsleep = lightsleep
    m.PWRON_RESET = 1
    m.WDT_RESET = 3
    m.mem8 = m.mem16 = m.mem32 = {}
    return m


# --- time ---------------------------------------------------------------------------------------
def make_time(sim):
    clock = sim.clock
    t = _mod("time")

    def ticks_ms():
        return (clock.us // 1000) & TICKS_MAX

    def ticks_us():
        return clock.us & TICKS_MAX

    def ticks_add(ticks, delta):
        return (ticks + delta) & TICKS_MAX

    def ticks_diff(a, b):
        return ((a - b + TICKS_HALF) & TICKS_MAX) - TICKS_HALF

    def sleep(s):
        clock.advance_us(int(s * 1e6))

    def sleep_ms(ms):
        clock.advance_us(int(ms) * 1000)

    def sleep_us(us):
        clock.advance_us(int(us))

    def time():
        return EPOCH_2024 + clock.us // 1000000

    def time_ns():
        return EPOCH_2024 * 10 ** 9 + clock.us * 1000

    def localtime(secs=None):
        s = time() if secs is None else int(secs)
        g = _time.gmtime(s)
        return (g.tm_year, g.tm_mon, g.tm_mday, g.tm_hour, g.tm_min, g.tm_sec, g.tm_wday, g.tm_yday)

    def mktime(tup):
        import calendar
        return calendar.timegm(tuple(tup[:6]) + (0, 0, 0))

    for k, v in list(locals().items()):
        if callable(v) and not k.startswith("_"):
            setattr(t, k, v)
    t.gmtime = localtime
    t.ticks_cpu = ticks_us
    return t


# --- micropython, gc, sys -------------------------------------------------------------------------
def make_micropython(sim):
    m = _mod("micropython")
    m.const = lambda x: x
    m.opt_level = lambda *a: 0
    m.alloc_emergency_exception_buf = lambda n: None
    m.kbd_intr = lambda c: None
    m.heap_lock = lambda: 0
    m.heap_unlock = lambda: 0
    m.heap_locked = lambda: 0
    m.stack_use = lambda: 1024
    m.qstr_info = lambda *a: None
    m.native = m.viper = m.asm_thumb = lambda f: f

    def schedule(func, arg):
        sim.loop.call_soon(func, arg)
    m.schedule = schedule

    def mem_info(verbose=None):
        total, used, free = sim.heap_figures(sample=True)
        sim.console_write("stack: 1024 out of 7936\n")
        if used is None:
            sim.console_write("GC: total: %d, used: ?, free: ?\n" % total)
        else:
            sim.console_write("GC: total: %d, used: %d, free: %d\n" % (total, used, free))
    m.mem_info = mem_info
    return m


def make_gc(sim):
    g = _mod("gc")

    def collect():
        sim.clock.advance_us(500)
        sim.gc_collects += 1
        return 0

    def mem_free():
        total, used, free = sim.heap_figures()
        return free if free is not None else total

    def mem_alloc():
        total, used, free = sim.heap_figures()
        return used if used is not None else 0

    g.collect = collect
    g.mem_free = mem_free
    g.mem_alloc = mem_alloc
    g.enable = lambda: None
    g.disable = lambda: None
    g.isenabled = lambda: True
    g.threshold = lambda *a: -1
    return g


def make_sys(sim, modules):
    s = private_sys(modules)
    s.platform = "rp2"
    s.argv = []
    s.path = ["", "/lib"]

    class _Out:
        def write(self, text):
            sim.console_write(text)
            return len(text)

        def flush(self):
            pass
    s.stdout = s.stderr = _Out()

    def print_exception(exc, file=None):
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        (file or s.stdout).write(text)
    s.print_exception = print_exception

    def exit(code=0):
        raise SystemExit(code)
    s.exit = exit
    return s


# --- os over the flash -----------------------------------------------------------------------------
def make_os(sim):
    fl = sim.flash
    o = _mod("os")
    o.sep = "/"
    for name in ("stat", "listdir", "ilistdir", "remove", "rename", "mkdir", "rmdir", "chdir",
                 "getcwd", "statvfs"):
        setattr(o, name, getattr(fl, name))
    o.unlink = fl.remove
    o.sync = lambda: None
    o.dupterm = lambda *a: None
    o.urandom = sim.urandom

    def uname():
        return types.SimpleNamespace(sysname="rp2", nodename="rp2", release="1.24.1",
                                     version="v1.24.1 (host_sim)",
                                     machine=sim.board.get("name", "Raspberry Pi Pico") + " (host_sim)")
    o.uname = uname
    return o


# --- asyncio ---------------------------------------------------------------------------------------
class _AsyncioModule(types.ModuleType):
    def __getattr__(self, name):
        return getattr(_asyncio, name)


class ThreadSafeFlag:
    """MicroPython's asyncio.ThreadSafeFlag: set() from an IRQ, one waiter, auto-clear."""

    def __init__(self):
        self._ev = _asyncio.Event()

    def set(self):
        self._ev.set()

    def clear(self):
        self._ev.clear()

    async def wait(self):
        await self._ev.wait()
        self._ev.clear()


class PassWake:
    """The simulator's end to a wait of the device loop (Sim.drive_passes):
    set() from the buttons' IRQ resolves the wait in progress."""

    def __init__(self, loop):
        self.loop = loop
        self._fut = None

    def set(self):
        f = self._fut
        if f is not None and not f.done():
            f.set_result(None)

    async def wait(self, ms, buttons):
        """Sleep `ms` of virtual time, or until an edge (one that came during
        the pass ends it at once: buttons.woken, which the pass clears)."""
        if not buttons.woken and ms > 0:
            fut = self._fut = self.loop.create_future()
            h = self.loop.call_later(ms / 1000, self.set)
            try:
                await fut
            finally:
                h.cancel()
                self._fut = None
        else:
            await _asyncio.sleep(0)


def make_asyncio(sim):
    a = _AsyncioModule("asyncio")

    def run(coro):
        sim.start_main(coro)
        return None

    async def sleep_ms(ms):
        await _asyncio.sleep(ms / 1000)

    async def wait_for_ms(aw, ms):
        return await _asyncio.wait_for(aw, ms / 1000)

    def create_task(coro):
        return sim.loop.create_task(coro)

    class _LoopProxy:
        def create_task(self, coro):
            return sim.loop.create_task(coro)

        def run_forever(self):
            return None

        def run_until_complete(self, aw):
            if _asyncio.iscoroutine(aw):
                sim.start_main(aw)
            return None

        def stop(self):
            sim.loop.stop()

        def close(self):
            pass

        def set_exception_handler(self, handler):
            def h(loop, ctx):
                handler(self, ctx)
            sim.loop.set_exception_handler(h)

        def get_exception_handler(self):
            return sim.loop.get_exception_handler()

        def default_exception_handler(self, ctx):
            sim.loop.default_exception_handler(ctx)

        def call_exception_handler(self, ctx):
            sim.loop.call_exception_handler(ctx)

    proxy = _LoopProxy()
    a.run = run
    a.sleep_ms = sleep_ms
    a.wait_for_ms = wait_for_ms
    a.create_task = create_task
    a.get_event_loop = lambda *x: proxy
    a.new_event_loop = lambda: proxy
    a.ThreadSafeFlag = ThreadSafeFlag
    return a


def make_framebuf():
    fb = _mod("framebuf")
    for k in ("FrameBuffer", "FrameBuffer1", "MONO_VLSB", "MVLSB", "MONO_HLSB", "MONO_HMSB",
              "RGB565", "GS2_HMSB", "GS4_HMSB", "GS8"):
        setattr(fb, k, getattr(_framebuf, k))
    return fb


def make_all(sim, modules):
    return {
        "machine": make_machine(sim),
        "time": make_time(sim),
        "micropython": make_micropython(sim),
        "framebuf": make_framebuf(),
        "asyncio": make_asyncio(sim),
        "os": make_os(sim),
        "gc": make_gc(sim),
        "sys": make_sys(sim, modules),
    }


_gc_unused = _gc
