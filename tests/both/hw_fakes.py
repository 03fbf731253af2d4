# Protocol-level fakes for the hardware tests, runnable on MicroPython and CPython.
#
# FakeI2C records every write as bytes; FakePin holds a level the test sets;
# FakeUART records writes with the time they were made. On CPython, which has
# no `framebuf`, the simulator's (host_sim/framebuf.py) is installed under
# that name.
import sys

try:
    import framebuf  # noqa: F401
except ImportError:  # CPython: the simulator's framebuf, MicroPython's semantics
    from host_sim import framebuf
    sys.modules["framebuf"] = framebuf


class FakeI2C:
    """Records each writeto as bytes. `fail` = number of writes to refuse
    with OSError (-1: all of them)."""

    def __init__(self):
        self.log = []
        self.fail = 0

    def writeto(self, addr, buf, stop=True):
        if self.fail:
            if self.fail > 0:
                self.fail -= 1
            raise OSError(5)
        self.log.append((addr, bytes(buf)))
        return 1

    def writevto(self, addr, bufs, stop=True):
        b = b"".join(bytes(x) for x in bufs)
        return self.writeto(addr, b, stop)

    def take(self):
        out = [b for _, b in self.log]
        self.log = []
        return out


class FakePin:
    IN = 0
    OUT = 1
    PULL_UP = 1

    def __init__(self, level=1):
        self.level = level

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v


class FakeIrqPin(FakePin):
    """A pin with machine.Pin's irq(): set(level) changes the level and, on
    an edge, calls the handler as the port's interrupt would."""
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, level=1):
        FakePin.__init__(self, level)
        self.handler = None
        self.hard = None

    def irq(self, handler=None, trigger=12, hard=False):
        self.handler = handler
        self.hard = hard

    def set(self, level):
        if level != self.level:
            self.level = level
            if self.handler is not None:
                self.handler(self)


class FakeUART:
    """Records (time, bytes) for each write; `answer` is what a status query
    reads back (bytes, or None for a silent printer)."""

    def __init__(self, clock):
        self.clock = clock
        self.log = []
        self.rx = b""
        self.answer = None      # bytes: put in rx after each status query (a printer that answers)

    def write(self, b):
        self.log.append((self.clock[0], bytes(b)))
        if self.answer is not None and bytes(b) == b"\x10\x04\x04":
            self.rx = self.rx + self.answer
        return len(b)

    def any(self):
        return len(self.rx)

    def read(self, n=-1):
        if not self.rx:
            return None
        if n < 0:
            n = len(self.rx)
        out = self.rx[:n]
        self.rx = self.rx[n:]
        return out

    def data(self):
        return b"".join(b for _, b in self.log)


class FakeNorFlash:
    """rp2.Flash at the protocol level: 4 KB blocks (readblocks, writeblocks
    with an offset, ioctl) over NOR flash, where a program can only clear
    bits (bytes AND together) and an erase sets a block to 0xFF. A program
    holds to pico-sdk's flash_range_program: page-aligned, whole 256-byte
    pages (`programs` counts them)."""

    BLOCK = 4096

    def __init__(self, blocks=16):
        self.data = bytearray(b"\xff" * (self.BLOCK * blocks))
        self.blocks = blocks
        self.programs = []          # (byte address, length) of each program

    def readblocks(self, block, buf, off=0):
        a = block * self.BLOCK + off
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, block, buf, off=None):
        if off is None:
            self.ioctl(6, block)
            off = 0
        a = block * self.BLOCK + off
        n = len(buf)
        if a % 256 or n % 256:
            raise ValueError("flash_range_program: %d bytes at %d, not whole pages" % (n, a))
        for i in range(n):
            self.data[a + i] &= buf[i]
        self.programs.append((a, n))

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.BLOCK
        if op == 6:
            a = arg * self.BLOCK
            self.data[a:a + self.BLOCK] = b"\xff" * self.BLOCK
        return 0
