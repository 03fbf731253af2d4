# SSD1306 and SH1106 128x64 OLED drivers over I2C that send only what changed
# (the SH1106's own part is in oya.hw.sh1106, loaded only for a board with one).
#
# The frame is a framebuf.FrameBuffer (MONO_VLSB: one byte = 8 vertical pixels,
# a page = 8 rows of `width` bytes). A shadow keeps the bytes the panel shows;
# show() compares each page with its shadow (one C memcmp through preallocated
# memoryviews), finds the first and last changed column and sends only that
# window: SSD1306 sets the column (0x21) and page (0x22) address range in
# horizontal addressing mode; SH1106 (132-column RAM, visible from column 2)
# uses page addressing (0xB0|page, column low/high nibble). When the windows
# would cost more than a whole frame, the whole frame goes in one transfer.
#
# The app draws its text grid a page at a time (one_page()): the frame and
# its shadow give way to one page of RAM. The owner draws a page and
# sends it at once with send_page(): the columns it says changed, or those
# that differ from the page as the panel shows it, drawn first and kept
# (keep_page()).
#
# Wire format: one I2C write per command group (control byte 0x00, then command
# bytes) and one per data window (control byte 0x40, then pixel bytes). The
# frame buffer sits one byte into a bytearray so a window is sent straight from
# it: the byte before the window is lent to hold 0x40 for the transfer, then put
# back. So show() allocates nothing but one small memoryview per changed page.
#
# Counters for benchmarks: bytes_sent (every byte written, control and command
# bytes included), data_sent (pixel bytes only), writes (I2C transfers).
# An I2C error (OSError) never escapes: the display is marked failed (`failed`
# holds a readable message, show() returns False) and the next show() tries to
# initialise the panel again and, on success, sends a full frame (drawn a page
# at a time, it returns False: the owner draws every page again).
import framebuf
from oya.compat import const
try:
    from oya.viper import first_diff, last_diff     # machine code where the board has it
except Exception:                                   # CPython, the WebAssembly port
    def first_diff(a, b, n):
        i = 0
        while i < n and a[i] == b[i]:
            i += 1
        return i

    def last_diff(a, b, n):
        i = n - 1
        while i >= 0 and a[i] == b[i]:
            i -= 1
        return i

_I2C_ADDR = const(0x3C)          # the panel's usual I2C address
# control bytes: what the rest of an I2C write is
_CTRL_CMD = const(0x00)
_CTRL_DATA = const(0x40)
# commands (a flag in the low bits where there is one: on, inverted, remapped)
_SET_MEM_ADDR = const(0x20)      # then the addressing mode
_MEM_ADDR_HORIZ = const(0x00)
_SET_COL_ADDR = const(0x21)      # then the first and last column
_SET_PAGE_ADDR = const(0x22)     # then the first and last page
_SET_DISP_START_LINE = const(0x40)   # | the RAM row shown at the top
_SET_CONTRAST = const(0x81)      # then the contrast
_SET_CHARGE_PUMP = const(0x8D)   # then _PUMP_ON or _PUMP_OFF
_PUMP_OFF = const(0x10)          # an external VCC
_PUMP_ON = const(0x14)
_SET_SEG_REMAP = const(0xA0)     # | 1: column 127 -> SEG0
_SET_ENTIRE_ON = const(0xA4)     # | 0: the display follows its RAM
_SET_NORM_INV = const(0xA6)      # | 1: inverted
_SET_MUX_RATIO = const(0xA8)     # then the rows - 1
_SET_DISP = const(0xAE)          # | 1: on
_SET_COM_OUT_DIR = const(0xC0)   # | 8: COM scanned from the last row
_SET_DISP_OFFSET = const(0xD3)   # then the vertical shift
_SET_DISP_CLK_DIV = const(0xD5)  # then the divide ratio and oscillator
_CLK_DIV = const(0x80)           # the reset value
_SET_PRECHARGE = const(0xD9)     # then the phase 1 and 2 periods
_PRECHARGE_EXT = const(0x22)
_PRECHARGE_INT = const(0xF1)
_SET_COM_PIN_CFG = const(0xDA)   # then the COM pins' wiring
_COM_PIN_SEQ = const(0x02)       # sequential: a panel twice as wide as tall (128x32)
_COM_PIN_ALT = const(0x12)       # alternative: 128x64
_SET_VCOM_DESEL = const(0xDB)    # then the VCOMH level
_VCOM_DESEL = const(0x30)
_CONTRAST_MAX = const(0xFF)
_NO_CHANGE = const(255)          # a page's first changed column when none is


class SSD1306:
    # Bytes of addressing overhead per window (command transfer + data control
    # byte): 00 21 a b 22 p p, then the 0x40 data control byte. (One class,
    # not a panel base and a subclass: a class is RAM, frozen too.)
    _WINDOW_COST = 8

    def __init__(self, i2c, width=128, height=64, addr=_I2C_ADDR, external_vcc=False, rotate=False):
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.pages = height // 8
        self.external_vcc = external_vcc
        n = width * self.pages
        self._frame(n, height)
        self._stride = width         # a page's offset in the frame: 0 drawn a page at a time
        self._shadow = bytearray(n)
        shmv = memoryview(self._shadow)
        self._pv = [self.buf[p * width:(p + 1) * width] for p in range(self.pages)]
        self._sv = [shmv[p * width:(p + 1) * width] for p in range(self.pages)]
        self._win = bytearray([_NO_CHANGE] * (2 * self.pages))   # per page: first, last column changed
        self._cmd = bytearray(7)
        self._cmd4 = memoryview(self._cmd)[0:4]
        self.bytes_sent = 0
        self.data_sent = 0
        self.writes = 0
        self.errors = 0
        self.failed = None
        self._valid = False
        self._rot = bool(rotate)     # a panel mounted upside down: set before the first init
        self.init_display()

    def _frame(self, n, height):
        """The frame: n bytes behind the data control byte, `height` rows."""
        self._raw = bytearray(n + 1)
        self._raw[0] = _CTRL_DATA
        self._rawmv = memoryview(self._raw)
        self.buf = self._rawmv[1:]
        self.fb = framebuf.FrameBuffer(self.buf, self.width, height, framebuf.MONO_VLSB)

    def __getattr__(self, name):
        # Drawing goes to the FrameBuffer; its calls (fill, pixel, text, ...)
        # are reachable on the display too, looked up when used: bound
        # methods kept on every display would be RAM held all the time.
        # (Not for `fb` itself: asked before it is set, that would recurse.)
        if name == "fb":
            raise AttributeError(name)
        return getattr(self.fb, name)

    # -- transport ---------------------------------------------------------
    def _write(self, b):
        self.i2c.writeto(self.addr, b)
        self.bytes_sent += len(b)
        self.writes += 1

    def _fail(self, e):
        self.errors += 1
        self._valid = False
        self.failed = "display: no answer on I2C at 0x%02x (%s)" % (self.addr, e)
        return False

    def command(self, *cmds):
        """Send command bytes in one transfer; False when the panel failed."""
        try:
            self._write(bytes((_CTRL_CMD,) + cmds))
        except OSError as e:
            return self._fail(e)
        return True

    # -- life cycle --------------------------------------------------------
    def init_display(self):
        """Configure the panel and send a full frame; False on I2C failure."""
        try:
            self._write(self._init_cmds())
        except OSError as e:
            return self._fail(e)
        self.failed = None
        return self.refresh()

    def poweroff(self):
        return self.command(_SET_DISP)

    def poweron(self):
        return self.command(_SET_DISP | 1)

    def contrast(self, value):
        return self.command(_SET_CONTRAST, value & 0xFF)

    def invert(self, on):
        return self.command(_SET_NORM_INV | (1 if on else 0))

    def rotate(self, flip):
        """Turn the picture 180 degrees (panel mounted upside down)."""
        self._rot = bool(flip)
        r = 0 if flip else 1
        if not self.command(_SET_SEG_REMAP | r, _SET_COM_OUT_DIR | (r << 3)):
            return False
        return self.refresh()

    # -- frames ------------------------------------------------------------
    def refresh(self):
        """Send the whole frame regardless of what changed. Drawn a page at
        a time there is no frame to send: False, and the owner draws every
        page again (send_page())."""
        if not self._stride:
            self._valid = True
            return False
        try:
            self._send_all()
        except OSError as e:
            return self._fail(e)
        if self._shadow is not None:
            self._shadow[:] = self.buf
        win = self._win
        for i in range(len(win)):
            win[i] = _NO_CHANGE
        self._valid = True
        return True

    def one_page(self):
        """From now on whoever draws draws one page at a time, into a frame
        one page tall at y 0 (fb, buf), and sends it with send_page() (as
        oya.ui.grid.Renderer does: a row of its grid is a page). The whole
        frame and its shadow go. show() then sends nothing;
        it sets up a panel that failed (and returns False: draw it all)."""
        self._shadow = self._sv = None
        self._frame(self.width, 8)
        self._pv = None
        self._stride = 0
        self._page = bytearray(self.width)

    def keep_page(self):
        """The page drawn now is what the panel shows: send_page() can send
        what differs from it."""
        self._page[:] = self.buf

    def send_page(self, p, a=0, b=-1):
        """Send columns a..b of the page drawn now as page p of the panel
        (b past the edge: to the edge), or with b < 0 the columns that
        differ from keep_page()'s copy. Nothing once the display has
        failed (show() sets it up again)."""
        if self.failed is not None:
            return
        w = self.width
        new = self.buf
        if b < 0:
            old = self._page
            if new == old:
                return
            a = first_diff(new, old, w)
            b = last_diff(new, old, w)
        elif b >= w:
            b = w - 1
        if a > b:
            return
        try:
            self._send_window(p, a, b)
        except OSError as e:
            self._fail(e)

    def _diff_shadow(self):
        """Each page's window against the shadow, into _win."""
        win = self._win
        pv = self._pv
        sv = self._sv
        w = self.width
        for p in range(self.pages):
            if pv[p] == sv[p]:
                win[2 * p] = _NO_CHANGE
                continue
            win[2 * p] = first_diff(pv[p], sv[p], w)
            win[2 * p + 1] = last_diff(pv[p], sv[p], w)

    def show(self):
        """Send what changed since the last frame. True when the panel shows
        the frame; False when the display failed (see `failed`)."""
        if self.failed is not None:
            return self.init_display()
        if not self._valid:
            return self.refresh()
        sv = self._sv
        if sv is not None:
            self._diff_shadow()
        win = self._win
        cost = 0
        for p in range(self.pages):
            a = win[2 * p]
            if a != _NO_CHANGE:
                cost += win[2 * p + 1] - a + 1 + self._WINDOW_COST
        if cost == 0:
            return True
        if cost >= self._full_cost():
            return self.refresh()
        pv = self._pv
        try:
            for p in range(self.pages):
                a = win[2 * p]
                if a != _NO_CHANGE:
                    self._send_window(p, a, win[2 * p + 1])
                    win[2 * p] = _NO_CHANGE
                    if sv is not None:
                        sv[p][:] = pv[p]
        except OSError as e:
            return self._fail(e)
        return True

    def _send_data(self, start, n):
        """Send n frame bytes from frame index `start`, prefixed by 0x40,
        straight out of the frame's backing bytearray."""
        raw = self._raw
        keep = raw[start]
        raw[start] = _CTRL_DATA
        try:
            self._write(self._rawmv[start:start + n + 1])
        finally:
            raw[start] = keep
        self.data_sent += n

    # -- the SSD1306's addressing (oya.hw.sh1106.SH1106 has its own) -------------
    def _init_cmds(self):
        ext = self.external_vcc
        r = 0 if self._rot else 1
        return bytes((
            _CTRL_CMD,
            _SET_DISP,                  # off
            _SET_MEM_ADDR, _MEM_ADDR_HORIZ,
            _SET_DISP_START_LINE | 0,
            _SET_SEG_REMAP | r,
            _SET_MUX_RATIO, self.height - 1,
            _SET_COM_OUT_DIR | (r << 3),
            _SET_DISP_OFFSET, 0,
            _SET_COM_PIN_CFG, _COM_PIN_SEQ if self.width > 2 * self.height else _COM_PIN_ALT,
            _SET_DISP_CLK_DIV, _CLK_DIV,
            _SET_PRECHARGE, _PRECHARGE_EXT if ext else _PRECHARGE_INT,
            _SET_VCOM_DESEL, _VCOM_DESEL,
            _SET_CONTRAST, _CONTRAST_MAX,
            _SET_ENTIRE_ON,
            _SET_NORM_INV,
            _SET_CHARGE_PUMP, _PUMP_OFF if ext else _PUMP_ON,
            _SET_DISP | 1,              # on
        ))

    def _full_cost(self):
        return 7 + 1 + self.width * self.pages

    def _send_window(self, p, a, b):
        c = self._cmd
        c[0] = _CTRL_CMD
        c[1] = _SET_COL_ADDR
        c[2] = a
        c[3] = b
        c[4] = _SET_PAGE_ADDR
        c[5] = p
        c[6] = p
        self._write(c)
        self._send_data(p * self._stride + a, b - a + 1)

    def _send_all(self):
        c = self._cmd
        c[0] = _CTRL_CMD
        c[1] = _SET_COL_ADDR
        c[2] = 0
        c[3] = self.width - 1
        c[4] = _SET_PAGE_ADDR
        c[5] = 0
        c[6] = self.pages - 1
        self._write(c)
        self._write(self._raw)
        self.data_sent += len(self._raw) - 1
