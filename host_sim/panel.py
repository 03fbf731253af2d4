"""SSD1306 / SH1106 OLED panel emulator, fed with the bytes of I2C transactions.

Decodes the control byte framing (Co and D/C bits), every command the two controllers
take (with their argument bytes, which may arrive in separate transactions), and
display data written through the page, horizontal and vertical addressing modes into
the controller's GDDRAM. `pixels()` is what the glass shows: RAM mapped through the
segment remap, COM scan direction, display start line, display offset and multiplex
ratio; blank when the display is off (or, on the SSD1306, when the charge pump that
makes the panel voltage is off); all lit under "entire display on"; inverted when set.

Orientation: the common modules are mounted so that segment remap (A1) plus reversed
COM scan (C8) shows RAM column 0, row 0 at the top-left. Without A1 the image is
mirrored left-right; with C0 it is flipped top-bottom.

Frames: the panel notes the virtual time of every transaction; once the bus has been
quiet for `frame_gap_us` the image is committed as a frame (if it differs from the last
one) together with the number of bus bytes that produced it.
"""
SSD1306 = "ssd1306"
SH1106 = "sh1106"

# argument byte counts of multi-byte commands
_ARGS_SSD1306 = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1,
    0xA3: 2, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD8: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
}
_ARGS_SH1106 = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}


class Frame:
    __slots__ = ("t_us", "image", "bytes", "index")

    def __init__(self, t_us, image, nbytes, index):
        self.t_us = t_us
        self.image = image      # packed: 64 rows x 16 bytes, MSB = leftmost pixel
        self.bytes = nbytes     # I2C bytes (address byte included) since the previous frame
        self.index = index

    def rows(self, width=128, height=64):
        return unpack(self.image, width, height)


def pack(rows):
    out = bytearray()
    for r in rows:
        for i in range(0, len(r), 8):
            v = 0
            for b in r[i:i + 8]:
                v = (v << 1) | (1 if b else 0)
            out.append(v)
    return bytes(out)


def unpack(image, width=128, height=64):
    bpr = width // 8
    rows = []
    for y in range(height):
        row = bytearray(width)
        for i in range(bpr):
            v = image[y * bpr + i]
            for k in range(8):
                row[i * 8 + k] = (v >> (7 - k)) & 1
        rows.append(row)
    return rows


class Panel:
    def __init__(self, kind=SSD1306, width=128, height=64, clock=None, frame_gap_us=8000):
        if kind not in (SSD1306, SH1106):
            raise ValueError("panel kind must be ssd1306 or sh1106")
        self.kind = kind
        self.width = width
        self.height = height
        self.ram_cols = 132 if kind == SH1106 else 128
        self.clock = clock
        self.frame_gap_us = frame_gap_us
        self.ram = [bytearray(self.ram_cols) for _ in range(8)]
        self.frames = []
        self.bytes_total = 0
        self.transactions = 0
        self.unknown = []        # command bytes the controller does not know
        self.errors = []         # framing problems (bad control bytes)
        self._since = 0          # bytes since the last committed frame
        self._last_t = None      # time of the last transaction not yet settled
        self._last_image = None
        self.reset()

    # --- power-on state -------------------------------------------------------------
    def reset(self):
        """The controller's state after RESET (RAM is left as it was)."""
        self.addr_mode = 2                 # page addressing
        self.col = 0
        self.page = 0
        self.col_start, self.col_end = 0, 127
        self.page_start, self.page_end = 0, 7
        self.page_col_start = 0            # page mode wrap target (set by 00-1F)
        self.start_line = 0
        self.contrast = 0x7F if self.kind == SSD1306 else 0x80
        self.display_on = False
        self.inverted = False
        self.entire_on = False
        self.seg_remap = False
        self.com_remap = False
        self.mux = 63
        self.offset = 0
        self.charge_pump = self.kind == SH1106   # SH1106: DC-DC on by default
        self.scroll_active = False
        self.clock_div = 0x80
        self.precharge = 0x22
        self.com_pins = 0x12
        self.vcomh = 0x20
        self._cmd = None
        self._args = []
        self._need = 0

    # --- bus side -----------------------------------------------------------------------
    def _now(self):
        return self.clock.us if self.clock is not None else 0

    def i2c_write(self, data):
        """One I2C write transaction addressed to the panel (address byte excluded)."""
        now = self._now()
        self.settle(now)
        self._last_t = now
        self.transactions += 1
        n = len(data) + 1
        self.bytes_total += n
        self._since += n
        i = 0
        L = len(data)
        while i < L:
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                self.errors.append("control byte 0x%02x has non-zero low bits" % ctrl)
            dc = ctrl & 0x40
            if ctrl & 0x80:          # Co=1: one byte, then another control byte
                if i < L:
                    self._byte(data[i], dc)
                    i += 1
                continue
            for b in data[i:]:       # Co=0: the rest is a stream
                self._byte(b, dc)
            break

    def _byte(self, b, dc):
        if dc:
            self._data(b)
        else:
            self._command_byte(b)

    # --- display data ---------------------------------------------------------------------
    def _data(self, b):
        if self._cmd is not None:
            # data while a command waits for arguments: the controller drops the command
            self.errors.append("data byte while command 0x%02x awaited arguments" % self._cmd)
            self._cmd = None
        if 0 <= self.page < 8 and 0 <= self.col < self.ram_cols:
            self.ram[self.page][self.col] = b
        if self.kind == SH1106:
            self.col = (self.col + 1) % self.ram_cols
            return
        m = self.addr_mode
        if m == 0:           # horizontal
            self.col += 1
            if self.col > self.col_end:
                self.col = self.col_start
                self.page += 1
                if self.page > self.page_end:
                    self.page = self.page_start
        elif m == 1:         # vertical
            self.page += 1
            if self.page > self.page_end:
                self.page = self.page_start
                self.col += 1
                if self.col > self.col_end:
                    self.col = self.col_start
        else:                # page
            self.col += 1
            if self.col > 127:
                self.col = self.page_col_start

    # --- commands ------------------------------------------------------------------------
    def _command_byte(self, b):
        if self._cmd is not None:
            self._args.append(b)
            if len(self._args) >= self._need:
                cmd, args = self._cmd, self._args
                self._cmd = None
                self._args = []
                self._command(cmd, args)
            return
        table = _ARGS_SH1106 if self.kind == SH1106 else _ARGS_SSD1306
        need = table.get(b, 0)
        if need:
            self._cmd = b
            self._need = need
            self._args = []
            return
        self._command(b, ())

    def _command(self, c, a):
        sh = self.kind == SH1106
        if c <= 0x0F:
            self.col = (self.col & 0xF0) | c
            self.page_col_start = self.col
        elif c <= 0x1F and (sh and c <= 0x18 or not sh and c <= 0x17):
            self.col = ((c & 0x0F) << 4) | (self.col & 0x0F)
            self.page_col_start = self.col
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 0x07
        elif c in (0xAE, 0xAF):
            self.display_on = c == 0xAF
        elif c in (0xA6, 0xA7):
            self.inverted = c == 0xA7
        elif c in (0xA4, 0xA5):
            self.entire_on = c == 0xA5
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif 0xC0 <= c <= 0xCF:
            self.com_remap = bool(c & 0x08)
        elif c == 0x81:
            self.contrast = a[0]
        elif c == 0xA8:
            self.mux = a[0] & 0x3F
        elif c == 0xD3:
            self.offset = a[0] & 0x3F
        elif c == 0xD5:
            self.clock_div = a[0]
        elif c == 0xD9:
            self.precharge = a[0]
        elif c == 0xDA:
            self.com_pins = a[0]
        elif c == 0xDB:
            self.vcomh = a[0]
        elif c == 0xE3:
            pass
        elif sh and c == 0xAD:
            self.charge_pump = (a[0] & 0x01) == 1      # 0x8B on, 0x8A off
        elif sh and 0x30 <= c <= 0x33:
            pass                                       # pump voltage
        elif not sh and c == 0x8D:
            self.charge_pump = (a[0] & 0x04) != 0      # 0x14 on, 0x10 off
        elif not sh and c == 0xAD:
            pass                                       # internal IREF select
        elif not sh and c == 0x20:
            self.addr_mode = a[0] & 0x03
            if self.addr_mode == 3:
                self.errors.append("invalid addressing mode 3")
                self.addr_mode = 2
        elif not sh and c == 0x21:
            self.col_start, self.col_end = a[0] & 0x7F, a[1] & 0x7F
            self.col = self.col_start
        elif not sh and c == 0x22:
            self.page_start, self.page_end = a[0] & 0x07, a[1] & 0x07
            self.page = self.page_start
        elif not sh and c == 0x2E:
            self.scroll_active = False
        elif not sh and c == 0x2F:
            self.scroll_active = True
        elif not sh and c in (0x26, 0x27, 0x29, 0x2A, 0xA3, 0xD8):
            pass                                       # scroll setup, fade: recorded only
        else:
            self.unknown.append(c)

    # --- what the glass shows ---------------------------------------------------------------
    def lit(self):
        """True when the panel shows anything at all (on, and powered)."""
        return self.display_on and self.charge_pump

    def pixels(self):
        """The visible image: `height` rows of `width` values 0/1."""
        w, h = self.width, self.height
        if not self.lit():
            return [bytearray(w) for _ in range(h)]
        if self.entire_on:
            return [bytearray([1]) * w for _ in range(h)]
        n = self.mux + 1
        inv = 1 if self.inverted else 0
        if self.kind == SH1106:
            cols = [(x + 2) if self.seg_remap else (129 - x) for x in range(w)]
        else:
            cols = [x if self.seg_remap else (127 - x) for x in range(w)]
        rows = []
        for y in range(h):
            c = y if self.com_remap else (n - 1 - y)
            if c < 0:
                rows.append(bytearray(w))
                continue
            i = (c + self.offset) % 64
            if i >= n:
                rows.append(bytearray(w))
                continue
            r = (i + self.start_line) % 64
            page = self.ram[r >> 3]
            bit = r & 7
            row = bytearray(w)
            for x, col in enumerate(cols):
                v = (page[col] >> bit) & 1 if 0 <= col < self.ram_cols else 0
                row[x] = v ^ inv
            rows.append(row)
        return rows

    def image(self):
        return pack(self.pixels())

    # --- frames ---------------------------------------------------------------------------------
    def settle(self, now=None):
        """Commit the current image as a frame if the bus has been quiet long enough."""
        if now is None:
            now = self._now()
        if self._last_t is not None and now - self._last_t >= self.frame_gap_us:
            self._commit(self._last_t)

    def flush(self):
        """Commit now regardless of the quiet period (end of a run)."""
        if self._last_t is not None:
            self._commit(self._last_t)

    def _commit(self, t):
        self._last_t = None
        img = self.image()
        if img != self._last_image:
            self.frames.append(Frame(t, img, self._since, len(self.frames)))
            self._last_image = img
            self._since = 0

    def ram_pixel(self, col, row):
        return (self.ram[row >> 3][col] >> (row & 7)) & 1
