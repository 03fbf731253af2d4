"""MicroPython's `framebuf` module for CPython, with MicroPython's semantics.

Written from the documented behaviour of extmod/modframebuf.c: the same pixel formats
and memory layouts, the same clipping, the same Bresenham line, ellipse and polygon
rules, and blit's (key, palette) rule (the palette maps the source colour first, then
the key is compared). `text()` needs MicroPython's built-in 8x8 ROM font, which is not
bundled here: the firmware draws text with its own font (oya.ui.font).
"""
MONO_VLSB = MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_FORMATS = (MONO_VLSB, RGB565, GS4_HMSB, MONO_HLSB, MONO_HMSB, GS2_HMSB, GS8)


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if format not in _FORMATS:
            raise ValueError("invalid format")
        mv = memoryview(buffer)
        if mv.readonly:
            raise TypeError("object with buffer protocol required (writable)")
        self._buf = mv.cast("B") if mv.format != "B" or mv.ndim != 1 else mv
        self._obj = buffer
        self.width = int(width)
        self.height = int(height)
        self.format = format
        stride = self.width if stride is None else int(stride)
        if format in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
        elif format == GS2_HMSB:
            stride = (stride + 3) & ~3
        elif format == GS4_HMSB:
            stride = (stride + 1) & ~1
        self.stride = stride
        need = self._needed()
        if len(self._buf) < need:
            raise ValueError("buffer too small")

    def _needed(self):
        f, s, h = self.format, self.stride, self.height
        if f == MONO_VLSB:
            return ((h + 7) // 8 - 1) * s + self.width if h else 0
        if f in (MONO_HLSB, MONO_HMSB):
            return (s * (h - 1) + self.width + 7) // 8 if h else 0
        if f == RGB565:
            return 2 * s * h
        if f == GS2_HMSB:
            return (s * h + 3) // 4
        if f == GS4_HMSB:
            return (s * h + 1) // 2
        return s * h

    # --- raw pixel access per format ------------------------------------------------
    def _set(self, x, y, c):
        b = self._buf
        f = self.format
        if f == MONO_VLSB:
            i = (y >> 3) * self.stride + x
            m = 1 << (y & 7)
            b[i] = (b[i] | m) if c else (b[i] & ~m & 0xFF)
        elif f == MONO_HLSB or f == MONO_HMSB:
            i = (x + y * self.stride) >> 3
            off = (x & 7) if f == MONO_HMSB else 7 - (x & 7)
            m = 1 << off
            b[i] = (b[i] | m) if c else (b[i] & ~m & 0xFF)
        elif f == RGB565:
            i = 2 * (x + y * self.stride)
            c &= 0xFFFF
            b[i] = c & 0xFF
            b[i + 1] = c >> 8
        elif f == GS2_HMSB:
            i = (x + y * self.stride) >> 2
            sh = (x & 3) << 1
            b[i] = ((c & 3) << sh) | (b[i] & ~(3 << sh) & 0xFF)
        elif f == GS4_HMSB:
            i = (x + y * self.stride) >> 1
            if x & 1:
                b[i] = (c & 0x0F) | (b[i] & 0xF0)
            else:
                b[i] = ((c << 4) & 0xF0) | (b[i] & 0x0F)
        else:
            b[x + y * self.stride] = c & 0xFF

    def _get(self, x, y):
        b = self._buf
        f = self.format
        if f == MONO_VLSB:
            return (b[(y >> 3) * self.stride + x] >> (y & 7)) & 1
        if f == MONO_HLSB or f == MONO_HMSB:
            i = (x + y * self.stride) >> 3
            off = (x & 7) if f == MONO_HMSB else 7 - (x & 7)
            return (b[i] >> off) & 1
        if f == RGB565:
            i = 2 * (x + y * self.stride)
            return b[i] | (b[i + 1] << 8)
        if f == GS2_HMSB:
            return (b[(x + y * self.stride) >> 2] >> ((x & 3) << 1)) & 3
        if f == GS4_HMSB:
            v = b[(x + y * self.stride) >> 1]
            return v & 0x0F if x & 1 else v >> 4
        return b[x + y * self.stride]

    def _fill_rect_raw(self, x, y, w, h, c):
        if self.format == MONO_VLSB:
            b = self._buf
            s = self.stride
            yend = y + h
            while y < yend:
                page = y >> 3
                top = y & 7
                n = min(8 - top, yend - y)
                mask = ((1 << n) - 1) << top
                i = page * s + x
                row = b[i:i + w]
                if c:
                    b[i:i + w] = bytes(v | mask for v in row)
                else:
                    inv = ~mask & 0xFF
                    b[i:i + w] = bytes(v & inv for v in row)
                y += n
            return
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self._set(xx, yy, c)

    def _fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill_rect_raw(x, y, xend - x, yend - y, c)

    def _set_checked(self, x, y, c, mask=1):
        if mask and 0 <= x < self.width and 0 <= y < self.height:
            self._set(x, y, c)

    # --- the public API ---------------------------------------------------------------
    def fill(self, c):
        self._fill_rect_raw(0, 0, self.width, self.height, int(c))

    def fill_rect(self, x, y, w, h, c):
        self._fill_rect(int(x), int(y), int(w), int(h), int(c))

    def pixel(self, x, y, c=None):
        x = int(x)
        y = int(y)
        if 0 <= x < self.width and 0 <= y < self.height:
            if c is None:
                return self._get(x, y)
            self._set(x, y, int(c))
        return None

    def hline(self, x, y, w, c):
        self._fill_rect(int(x), int(y), int(w), 1, int(c))

    def vline(self, x, y, h, c):
        self._fill_rect(int(x), int(y), 1, int(h), int(c))

    def rect(self, x, y, w, h, c, f=False):
        x, y, w, h, c = int(x), int(y), int(w), int(h), int(c)
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def _line(self, x1, y1, x2, y2, c):
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self._set_checked(y1, x1, c)
            else:
                self._set_checked(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        self._set_checked(x2, y2, c)

    def line(self, x1, y1, x2, y2, c):
        self._line(int(x1), int(y1), int(x2), int(y2), int(c))

    def _ellipse_points(self, cx, cy, x, y, c, mask):
        if mask & 0x10:
            if mask & 1:
                self._fill_rect(cx, cy - y, x + 1, 1, c)
            if mask & 2:
                self._fill_rect(cx - x, cy - y, x + 1, 1, c)
            if mask & 4:
                self._fill_rect(cx - x, cy + y, x + 1, 1, c)
            if mask & 8:
                self._fill_rect(cx, cy + y, x + 1, 1, c)
        else:
            self._set_checked(cx + x, cy - y, c, mask & 1)
            self._set_checked(cx - x, cy - y, c, mask & 2)
            self._set_checked(cx - x, cy + y, c, mask & 4)
            self._set_checked(cx + x, cy + y, c, mask & 8)

    def ellipse(self, cx, cy, xr, yr, c, f=False, m=0x0F):
        cx, cy, a, b, c = int(cx), int(cy), int(xr), int(yr), int(c)
        mask = (0x10 if f else 0) | (int(m) & 0x0F)
        if a == 0 and b == 0:
            self._set_checked(cx, cy, c, mask & 0x0F)
            return
        two_a2 = 2 * a * a
        two_b2 = 2 * b * b
        x, y = a, 0
        xchange = b * b * (1 - 2 * a)
        ychange = a * a
        err = 0
        stopx = two_b2 * a
        stopy = 0
        while stopx >= stopy:
            self._ellipse_points(cx, cy, x, y, c, mask)
            y += 1
            stopy += two_a2
            err += ychange
            ychange += two_a2
            if 2 * err + xchange > 0:
                x -= 1
                stopx -= two_b2
                err += xchange
                xchange += two_b2
        x, y = 0, b
        xchange = b * b
        ychange = a * a * (1 - 2 * b)
        err = 0
        stopx = 0
        stopy = two_a2 * b
        while stopx <= stopy:
            self._ellipse_points(cx, cy, x, y, c, mask)
            x += 1
            stopx += two_b2
            err += xchange
            xchange += two_b2
            if 2 * err + ychange > 0:
                y -= 1
                stopy -= two_a2
                err += ychange
                ychange += two_a2

    def poly(self, x, y, coords, c, f=False):
        x, y, c = int(x), int(y), int(c)
        pts = [int(v) for v in coords]
        n = len(pts) // 2
        if n == 0:
            return
        if not f:
            px1, py1 = pts[0], pts[1]
            i = n * 2 - 1
            while i >= 0:
                py2 = pts[i]
                px2 = pts[i - 1]
                i -= 2
                self._line(x + px1, y + py1, x + px2, y + py2, c)
                px1, py1 = px2, py2
            return
        ys = pts[1::2][:n]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            px1, py1 = pts[0], pts[1]
            i = n * 2 - 1
            while i >= 0:
                py2 = pts[i]
                px2 = pts[i - 1]
                i -= 2
                if py1 != py2 and ((py1 > row and py2 <= row) or (py1 <= row and py2 > row)):
                    # C integer division truncates toward zero
                    node = _cdiv(_cdiv(32 * (px2 - px1) * (row - py1), py2 - py1) + 32 * px1 + 16, 32)
                    nodes.append(node)
                elif row == max(py1, py2):
                    if py1 < py2:
                        self._set_checked(x + px2, y + py2, c)
                    elif py2 < py1:
                        self._set_checked(x + px1, y + py1, c)
                    else:
                        self._line(x + px1, y + py1, x + px2, y + py2, c)
                px1, py1 = px2, py2
            nodes.sort()
            for k in range(0, len(nodes) - 1, 2):
                self._fill_rect(x + nodes[k], y + row, nodes[k + 1] - nodes[k] + 1, 1, c)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        if isinstance(fbuf, tuple):
            fbuf = FrameBuffer(*fbuf)
        if not isinstance(fbuf, FrameBuffer):
            raise TypeError("blit source must be a FrameBuffer")
        if palette is not None and not isinstance(palette, FrameBuffer):
            raise TypeError("palette must be a FrameBuffer")
        x, y, key = int(x), int(y), int(key)
        src = fbuf
        if x >= self.width or y >= self.height or -x >= src.width or -y >= src.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + src.width)
        y0end = min(self.height, y + src.height)
        ukey = key & 0xFFFFFFFF
        get = src._get
        setp = self._set
        pget = palette._get if palette is not None else None
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = get(cx1, y1)
                if pget is not None:
                    col = pget(col, 0)
                if col != ukey:
                    setp(cx0, y0, col)
                cx1 += 1
            y0 += 1
            y1 += 1

    def scroll(self, xstep, ystep):
        xstep, ystep = int(xstep), int(ystep)
        if xstep < 0:
            sx, xend, dx = 0, self.width + xstep, 1
            if xend <= 0:
                return
        else:
            sx, xend, dx = self.width - 1, xstep - 1, -1
            if xend >= sx:
                return
        if ystep < 0:
            y, yend, dy = 0, self.height + ystep, 1
            if yend <= 0:
                return
        else:
            y, yend, dy = self.height - 1, ystep - 1, -1
            if yend >= y:
                return
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy

    def text(self, s, x, y, c=1):
        raise NotImplementedError(
            "framebuf.text(): MicroPython's built-in 8x8 font is not bundled in host_sim; "
            "draw text with oya.ui.font")


def _cdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def FrameBuffer1(buffer, width, height, stride=None):
    return FrameBuffer(buffer, width, height, MONO_VLSB, stride)
