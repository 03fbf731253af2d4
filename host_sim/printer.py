"""ESC/POS thermal receipt printer emulator (58 mm, 384 dots a line), on a fake UART.

Bytes arrive from the wire with their virtual arrival times. They go into the printer's
input buffer; the print engine takes them out in order, and while it prints a line (or
feeds, or prints a raster band) it takes nothing else, for as long as the paper motion
takes at the printer's speed. When a byte arrives to a full buffer it is lost and an
overrun is recorded: that is what happens to a real printer driven faster than it
prints, with no flow control.

Model figures (defaults, all settable): 50 mm/s print speed, the low end of what the
common 58 mm TTL panel printers quote (50-80 mm/s), at 8 dots/mm = 400 dot lines/s;
a 1 KB input buffer, on the small side of what these modules have, so firmware that
paces correctly here is safe on any of them. Font A is 12x24 dots (32 characters a
line); the default line spacing is 30 dots (Adafruit's 24-dot character + 6).

Decoded: printable text in code page 0 (PC437) or 1 (Katakana, JIS X 0201 0xA1-0xDF),
LF, CR (ignored), HT, ESC @, ESC E/G (bold), ESC - (underline), ESC ! (print mode),
GS ! (size), GS B (reverse), ESC a (align), ESC 2 / ESC 3 (line spacing), ESC t (code
page), ESC R (international set, recorded), ESC d (feed lines), ESC J (feed dots),
GS V (cut), GS v 0 (raster image), ESC * (bit image), GS ( k (QR code: store and print),
ESC 7 (heat settings), DC2 # (density), ESC = (online), ESC 8/ESC c 5 etc (recorded),
DLE EOT n (real-time status: one reply byte).
Faults: unplug() (bytes vanish, no replies), paper_out() (nothing printed, no status reply).
"""
import collections

FONT_W, FONT_H = 12, 24
FONT_B_W, FONT_B_H = 9, 17


def _decode_char(b, page):
    if b < 0x80:
        return chr(b)
    if page == 1:
        if 0xA1 <= b <= 0xDF:
            return chr(0xFF61 + b - 0xA1)
        return "?"
    if page == 0:
        return bytes([b]).decode("cp437")
    return "?"


class Line:
    """One printed item of the receipt."""

    def __init__(self, kind, **kw):
        self.kind = kind          # "text", "feed", "raster", "qr", "cut"
        self.__dict__.update(kw)

    def __repr__(self):
        return "Line(%s, %r)" % (self.kind, {k: v for k, v in self.__dict__.items() if k != "kind"})


class Printer:
    def __init__(self, clock=None, baud=19200, dots=384, buffer_size=1024,
                 dot_lines_per_s=400, line_spacing=30):
        self.clock = clock
        self.baud = baud
        self.dots = dots
        self.buffer_size = buffer_size
        self.dot_us = 1e6 / dot_lines_per_s
        self.default_spacing = line_spacing
        self.lines = []           # the receipt: Line objects in print order
        self.overruns = 0         # bytes lost to a full buffer
        self.overrun_times = []   # virtual times (us) of the first losses in each burst
        self.bytes_received = 0
        self.unknown = []         # unknown commands (bytes)
        self.heat = None
        self.density = None
        self.online = True
        self.plugged = True
        self.paper = True
        self.replies = []         # (t_us, byte) status replies produced, for the UART
        self._buf = collections.deque()   # (t_us, byte)
        self._engine_t = 0.0
        self._last_overrun_t = None
        self._rt = bytearray()     # real-time command matcher
        self._reset_modes()
        self._line = []            # [(char, bold, w, h, underline, reverse, font_b)]
        self._line_dots = 0
        self._parser = self._parse()
        next(self._parser)
        self._qr = {"data": b"", "size": 3, "ec": 48, "model": 50}
        self._busy = 0.0

    # --- faults ------------------------------------------------------------------------
    def unplug(self):
        self.plugged = False

    def plug(self):
        self.plugged = True

    def paper_out(self, out=True):
        self.paper = not out

    # --- modes ---------------------------------------------------------------------------
    def _reset_modes(self):
        self.bold = False
        self.underline = False
        self.reverse = False
        self.font_b = False
        self.wmul = 1
        self.hmul = 1
        self.align = 0
        self.spacing = self.default_spacing
        self.codepage = 0

    # --- the wire ----------------------------------------------------------------------------
    def receive(self, data, t_us):
        """Bytes that finished arriving at virtual time t_us (one call per byte is exact;
        the UART calls it per byte with each byte's own arrival time)."""
        if not self.plugged:
            return
        for b in data:
            self.bytes_received += 1
            self._realtime(b, t_us)
            self.run(t_us)
            if len(self._buf) >= self.buffer_size:
                self.overruns += 1
                if self._last_overrun_t is None or t_us - self._last_overrun_t > 100000:
                    self.overrun_times.append(t_us)
                self._last_overrun_t = t_us
                continue
            self._buf.append((t_us, b))

    def _realtime(self, b, t_us):
        rt = self._rt
        rt.append(b)
        if len(rt) > 3:
            del rt[0]
        if len(rt) >= 3 and rt[-3] == 0x10 and rt[-2] == 0x04 and 1 <= b <= 4:
            rt[:] = b""
            if self.paper and self.plugged:
                self.replies.append((t_us + 10e6 / self.baud, self._status(b)))

    def _status(self, n):
        if n == 1:
            return 0x12 if self.online else 0x1A
        if n == 2:
            return 0x12 if self.paper else 0x32
        if n == 3:
            return 0x12
        return 0x12 if self.paper else 0x72

    def run(self, until_us):
        """Let the print engine work through its buffer up to virtual time until_us."""
        buf = self._buf
        while buf:
            t_arr, b = buf[0]
            start = max(self._engine_t, t_arr)
            if start > until_us:
                break
            buf.popleft()
            self._engine_t = start
            self._busy = 0.0
            self._parser.send(b)
            self._engine_t = start + self._busy

    def buffered(self):
        return len(self._buf)

    def idle_at(self):
        """Virtual time (us) at which everything received so far will have printed."""
        t = self._engine_t
        return t

    # --- printing actions -------------------------------------------------------------------
    def _feed_dots(self, n):
        self._busy += n * self.dot_us
        if self.paper and n > 0:
            self.lines.append(Line("feed", dots=n))

    def _flush_line(self, feed=None):
        chars = self._line
        h = max([FONT_H * c[3] if not c[6] else FONT_B_H * c[3] for c in chars] or [0])
        adv = max(h, self.spacing) if feed is None else feed
        if self.paper:
            if chars:
                self.lines.append(Line("text", chars=list(chars), align=self.align,
                                       height=h, advance=adv, width=self._line_dots))
            elif adv:
                self.lines.append(Line("feed", dots=adv))
        self._busy += adv * self.dot_us
        self._line = []
        self._line_dots = 0

    def _put_char(self, ch):
        cw = (FONT_B_W if self.font_b else FONT_W) * self.wmul
        if self._line_dots + cw > self.dots:
            self._flush_line()
        self._line.append((ch, self.bold, self.wmul, self.hmul, self.underline,
                           self.reverse, self.font_b))
        self._line_dots += cw

    # --- the byte-stream parser (a generator fed one byte at a time) ------------------------
    def _parse(self):
        while True:
            b = yield
            if b == 0x0A:
                self._flush_line()
            elif b == 0x0D:
                pass
            elif b == 0x09:
                col = self._line_dots // FONT_W
                for _ in range(8 - col % 8):
                    self._put_char(" ")
            elif b == 0x1B:
                c = yield
                if c == 0x40:                       # ESC @
                    self._line = []
                    self._line_dots = 0
                    self._reset_modes()
                elif c in (0x45, 0x47):             # ESC E n / ESC G n
                    n = yield
                    self.bold = bool(n & 1)
                elif c == 0x2D:                     # ESC - n
                    n = yield
                    self.underline = n in (1, 2, 49, 50)
                elif c == 0x21:                     # ESC ! n
                    n = yield
                    self.font_b = bool(n & 1)
                    self.bold = bool(n & 0x08)
                    self.hmul = 2 if n & 0x10 else 1
                    self.wmul = 2 if n & 0x20 else 1
                    self.underline = bool(n & 0x80)
                elif c == 0x61:                     # ESC a n
                    n = yield
                    self.align = {0: 0, 48: 0, 1: 1, 49: 1, 2: 2, 50: 2}.get(n, self.align)
                elif c == 0x32:                     # ESC 2
                    self.spacing = self.default_spacing
                elif c == 0x33:                     # ESC 3 n
                    self.spacing = yield
                elif c == 0x74:                     # ESC t n
                    self.codepage = yield
                elif c == 0x52:                     # ESC R n
                    yield
                elif c == 0x64:                     # ESC d n
                    n = yield
                    if self._line:
                        self._flush_line()
                        n -= 1 if n else 0
                    if n:
                        self._feed_dots(n * self.spacing)
                elif c == 0x4A:                     # ESC J n
                    n = yield
                    if self._line:
                        self._flush_line(feed=n)
                    else:
                        self._feed_dots(n)
                elif c == 0x37:                     # ESC 7 n1 n2 n3
                    n1 = yield
                    n2 = yield
                    n3 = yield
                    self.heat = (n1, n2, n3)
                elif c == 0x3D:                     # ESC = n
                    n = yield
                    self.online = bool(n & 1)
                elif c == 0x2A:                     # ESC * m nL nH d...
                    m = yield
                    nl = yield
                    nh = yield
                    ncol = nl + 256 * nh
                    per = 3 if m in (32, 33) else 1
                    data = bytearray()
                    for _ in range(ncol * per):
                        data.append((yield))
                    self._bit_image(m, ncol, per, bytes(data))
                elif c == 0x38:                     # ESC 8 n1 n2 (sleep)
                    yield
                    yield
                else:
                    self.unknown.append(bytes([0x1B, c]))
            elif b == 0x1D:
                c = yield
                if c == 0x21:                       # GS ! n
                    n = yield
                    self.wmul = ((n >> 4) & 7) + 1
                    self.hmul = (n & 7) + 1
                elif c == 0x42:                     # GS B n
                    n = yield
                    self.reverse = bool(n & 1)
                elif c == 0x56:                     # GS V m [n]
                    m = yield
                    feed = 0
                    if m in (65, 66):
                        feed = yield
                    if self._line:
                        self._flush_line()
                    if feed:
                        self._feed_dots(feed)
                    if self.paper:
                        self.lines.append(Line("cut", partial=m in (1, 49, 66)))
                    self._busy += 300000.0           # the cutter takes a while
                elif c == 0x76:                     # GS v 0 m xL xH yL yH d...
                    z = yield
                    m = yield
                    xl = yield
                    xh = yield
                    yl = yield
                    yh = yield
                    wbytes = xl + 256 * xh
                    rows = yl + 256 * yh
                    data = bytearray()
                    for _ in range(wbytes * rows):
                        data.append((yield))
                    if z == 0x30:
                        self._raster(m, wbytes, rows, bytes(data))
                    else:
                        self.unknown.append(bytes([0x1D, 0x76, z]))
                elif c == 0x28:                     # GS ( k pL pH cn fn ...
                    sub = yield
                    pl = yield
                    ph = yield
                    params = bytearray()
                    for _ in range(pl + 256 * ph):
                        params.append((yield))
                    if sub == 0x6B:
                        self._qr_cmd(bytes(params))
                    else:
                        self.unknown.append(bytes([0x1D, 0x28, sub]))
                elif c in (0x48, 0x66, 0x68, 0x77, 0x4C, 0x57):  # barcode/margins settings
                    yield
                    if c in (0x4C, 0x57):
                        yield
                else:
                    self.unknown.append(bytes([0x1D, c]))
            elif b == 0x10:
                c = yield
                if c == 0x04:                       # DLE EOT n (answered in _realtime)
                    yield
                else:
                    self.unknown.append(bytes([0x10, c]))
            elif b == 0x12:
                c = yield
                if c == 0x23:                       # DC2 # n (density)
                    self.density = yield
                elif c == 0x2A:                     # DC2 * r n data (Adafruit bitmap)
                    r = yield
                    n = yield
                    data = bytearray()
                    for _ in range(r * n):
                        data.append((yield))
                    self._raster(0, n, r, bytes(data))
                else:
                    self.unknown.append(bytes([0x12, c]))
            elif b < 0x20 or b == 0x7F:
                self.unknown.append(bytes([b]))
            else:
                self._put_char(_decode_char(b, self.codepage))

    def _raster(self, m, wbytes, rows, data):
        if self._line:
            self._flush_line()
        sx = 2 if m in (1, 3, 49, 51) else 1
        sy = 2 if m in (2, 3, 50, 51) else 1
        bits = []
        for r in range(rows):
            row = bytearray()
            for i in range(wbytes):
                v = data[r * wbytes + i]
                for k in range(8):
                    row += bytes([(v >> (7 - k)) & 1]) * sx
            row = row[:self.dots]
            for _ in range(sy):
                bits.append(bytes(row))
        if self.paper:
            last = self.lines[-1] if self.lines else None
            width = wbytes * 8 * sx
            if (last is not None and last.kind == "raster" and last.width == width
                    and last.align == self.align and getattr(last, "bands", 0)):
                # an image sent in bands (GS v 0 after GS v 0) prints as one picture
                last.bits.extend(bits)
                last.height += rows * sy
                last.bands += 1
            else:
                self.lines.append(Line("raster", width=width, height=rows * sy,
                                       bits=bits, align=self.align, bands=1))
        self._busy += rows * sy * self.dot_us

    def _bit_image(self, m, ncol, per, data):
        if self._line:
            self._flush_line()
        h = 8 * per
        sx = 2 if m in (0, 32) else 1      # single density doubles each column
        sy = 2 if m in (0, 1) else 1
        rows = [bytearray(min(self.dots, ncol * sx)) for _ in range(h * sy)]
        for col in range(ncol):
            for k in range(per):
                v = data[col * per + k]
                for bit in range(8):
                    if (v >> (7 - bit)) & 1:
                        y = k * 8 + bit
                        for dy in range(sy):
                            for dx in range(sx):
                                x = col * sx + dx
                                if x < len(rows[0]):
                                    rows[y * sy + dy][x] = 1
        if self.paper:
            self.lines.append(Line("raster", width=len(rows[0]), height=len(rows),
                                   bits=[bytes(r) for r in rows], align=self.align))
        self._busy += len(rows) * self.dot_us

    def _qr_cmd(self, p):
        if len(p) < 2 or p[0] != 0x31:
            self.unknown.append(b"\x1d(k" + p[:2])
            return
        fn = p[1]
        if fn == 0x41 and len(p) >= 3:
            self._qr["model"] = p[2]
        elif fn == 0x43 and len(p) >= 3:
            self._qr["size"] = p[2]
        elif fn == 0x45 and len(p) >= 3:
            self._qr["ec"] = p[2]
        elif fn == 0x50:
            self._qr["data"] = bytes(p[3:])
        elif fn == 0x51:
            if self._line:
                self._flush_line()
            data = self._qr["data"]
            size = self._qr["size"]
            if self.paper:
                self.lines.append(Line("qr", data=data, module=size, align=self.align))
            self._busy += 200 * self.dot_us

    # --- the receipt ------------------------------------------------------------------------------
    def receipts(self):
        """The roll torn into receipts: (lines, cut) for each piece, in print order,
        `cut` False for the piece still on the printer (after the last cut)."""
        out, piece = [], []
        for ln in self.lines:
            piece.append(ln)
            if ln.kind == "cut":
                out.append((piece, True))
                piece = []
        if piece:
            out.append((piece, False))
        return out

    def text(self, lines=None):
        """The receipt as text: one line per printed text line, aligned in 32 columns
        (a double-width character takes two), blank lines for feeds, markers for the rest.
        `lines`: a part of the roll (a piece of receipts()); the whole roll by default."""
        cols = self.dots // FONT_W
        out = []
        for ln in self.lines if lines is None else lines:
            if ln.kind == "text":
                s = "".join(c[0] for c in ln.chars)
                width = sum(c[2] for c in ln.chars)
                pad = max(0, cols - width)
                if ln.align == 1:
                    s = " " * (pad // 2) + s
                elif ln.align == 2:
                    s = " " * pad + s
                out.append(s.rstrip())
            elif ln.kind == "feed":
                out.extend([""] * max(1, round(ln.dots / self.default_spacing)))
            elif ln.kind == "raster":
                out.append("[image %dx%d]" % (ln.width, ln.height))
            elif ln.kind == "qr":
                out.append("[QR %s]" % ln.data.decode("utf-8", "replace"))
            elif ln.kind == "cut":
                out.append("-" * 13 + " cut " + "-" * 14)
        return "\n".join(out) + ("\n" if out else "")

    def image(self, glyph=None, lines=None):
        """The receipt as a PIL image, `dots` wide. `glyph(ch)` -> list of 6 column bytes
        (LSB top, 8 rows) supplies a bitmap font; without one, Pillow's default font is used.
        `lines`: a part of the roll, as for text()."""
        from PIL import Image, ImageDraw, ImageFont
        if lines is None:
            lines = self.lines
        h = 0
        for ln in lines:
            h += self._height(ln)
        img = Image.new("1", (self.dots, max(h, 1)), 1)
        draw = ImageDraw.Draw(img)
        font = None
        y = 0
        for ln in lines:
            if ln.kind == "text":
                width = sum((FONT_B_W if c[6] else FONT_W) * c[2] for c in ln.chars)
                x = 0 if ln.align == 0 else (self.dots - width) // (2 if ln.align == 1 else 1)
                base = y + ln.height
                for (ch, bold, wm, hm, ul, rev, fb) in ln.chars:
                    cw = (FONT_B_W if fb else FONT_W) * wm
                    ch_h = (FONT_B_H if fb else FONT_H) * hm
                    top = base - ch_h
                    if rev:
                        draw.rectangle([x, top, x + cw - 1, base - 1], fill=0)
                    ink = 1 if rev else 0
                    cols = glyph(ch) if glyph else None
                    if cols is not None:
                        sx = cw / 6.0
                        sy = ch_h / 8.0
                        for gx, v in enumerate(cols):
                            for gy in range(8):
                                if (v >> gy) & 1:
                                    x0 = x + int(gx * sx)
                                    x1 = x + int((gx + 1) * sx) - 1 + (1 if bold else 0)
                                    draw.rectangle([x0, top + int(gy * sy), x1,
                                                    top + int((gy + 1) * sy) - 1], fill=ink)
                    else:
                        if font is None:
                            font = ImageFont.load_default()
                        tmp = Image.new("1", (FONT_W, FONT_H), 0)
                        ImageDraw.Draw(tmp).text((1, 4), ch, fill=1, font=font)
                        tmp = tmp.resize((cw, ch_h))
                        for yy in range(ch_h):
                            for xx in range(cw):
                                if tmp.getpixel((xx, yy)):
                                    img.putpixel((x + xx, top + yy), ink)
                                    if bold and x + xx + 1 < self.dots:
                                        img.putpixel((x + xx + 1, top + yy), ink)
                    if ul:
                        draw.line([x, base - 1, x + cw - 1, base - 1], fill=ink)
                    x += cw
                y += ln.advance
            elif ln.kind == "feed":
                y += ln.dots
            elif ln.kind == "raster":
                x0 = 0 if ln.align == 0 else (self.dots - ln.width) // (2 if ln.align == 1 else 1)
                for r, row in enumerate(ln.bits):
                    for xx, v in enumerate(row):
                        if v and 0 <= x0 + xx < self.dots:
                            img.putpixel((x0 + xx, y + r), 0)
                y += ln.height
            elif ln.kind == "qr":
                n = 21 * max(1, ln.module)
                x0 = 0 if ln.align == 0 else (self.dots - n) // (2 if ln.align == 1 else 1)
                draw.rectangle([x0, y, x0 + n - 1, y + n - 1], outline=0)
                draw.text((x0 + 3, y + n // 2 - 5), "QR", fill=0)
                y += n
            elif ln.kind == "cut":
                for xx in range(0, self.dots, 8):
                    draw.line([xx, y + 4, xx + 3, y + 4], fill=0)
                y += 9
        return img

    def _height(self, ln):
        if ln.kind == "text":
            return ln.advance
        if ln.kind == "feed":
            return ln.dots
        if ln.kind == "raster":
            return ln.height
        if ln.kind == "qr":
            return 21 * max(1, ln.module)
        if ln.kind == "cut":
            return 9
        return 0
