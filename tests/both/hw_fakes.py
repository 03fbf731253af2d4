# Protocol-level fakes for the hardware tests, runnable on MicroPython and CPython.
#
# FakeI2C records every write as bytes; FakePin holds a level the test sets;
# FakeUART records writes with the time they were made. When the runtime has no
# `framebuf` (plain CPython before the simulator's fakes are loaded), a small
# pure-Python MONO_VLSB FrameBuffer is installed under that name, implementing
# only what the drivers and the font use.
import sys

try:
    import framebuf  # noqa: F401
except ImportError:
    class _FB:
        def __init__(self, buf, width, height, fmt, stride=None):
            self.buf = buf
            self.width = width
            self.height = height
            self.stride = width if stride is None else stride

        def pixel(self, x, y, c=None):
            if not (0 <= x < self.width and 0 <= y < self.height):
                return None if c is None else None
            i = (y >> 3) * self.stride + x
            m = 1 << (y & 7)
            if c is None:
                return 1 if self.buf[i] & m else 0
            if c:
                self.buf[i] |= m
            else:
                self.buf[i] &= ~m & 0xFF

        def fill(self, c):
            v = 0xFF if c else 0
            for i in range(len(self.buf)):
                self.buf[i] = v

        def fill_rect(self, x, y, w, h, c):
            for yy in range(max(0, y), min(self.height, y + h)):
                for xx in range(max(0, x), min(self.width, x + w)):
                    self.pixel(xx, yy, c)

        def hline(self, x, y, w, c):
            self.fill_rect(x, y, w, 1, c)

        def vline(self, x, y, h, c):
            self.fill_rect(x, y, 1, h, c)

        def rect(self, x, y, w, h, c, f=False):
            if f:
                return self.fill_rect(x, y, w, h, c)
            self.hline(x, y, w, c)
            self.hline(x, y + h - 1, w, c)
            self.vline(x, y, h, c)
            self.vline(x + w - 1, y, h, c)

        def line(self, x0, y0, x1, y1, c):
            n = max(abs(x1 - x0), abs(y1 - y0), 1)
            for k in range(n + 1):
                self.pixel(x0 + (x1 - x0) * k // n, y0 + (y1 - y0) * k // n, c)

        def blit(self, src, x, y, key=-1, palette=None):
            for sy in range(src.height):
                for sx in range(src.width):
                    dx = x + sx
                    dy = y + sy
                    if 0 <= dx < self.width and 0 <= dy < self.height:
                        c = src.pixel(sx, sy)
                        if c != key:
                            self.pixel(dx, dy, c)

        def text(self, s, x, y, c=1):
            raise NotImplementedError("fake framebuf has no text()")

        def scroll(self, dx, dy):
            raise NotImplementedError("fake framebuf has no scroll()")

    class _FramebufModule:
        MONO_VLSB = 0
        FrameBuffer = _FB

    sys.modules["framebuf"] = _FramebufModule()


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


class FakeUART:
    """Records (time, bytes) for each write; `answer` is what a status query
    reads back (bytes, or None for a silent printer)."""

    def __init__(self, clock):
        self.clock = clock
        self.log = []
        self.rx = b""

    def write(self, b):
        self.log.append((self.clock[0], bytes(b)))
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
