# A chart of each player's chips after every deal of a match: an axis with
# the chip range labelled, a line per player with a mark at each point
# (square, cross, diamond, dot), and a legend naming each player beside its
# mark. draw() puts it on any framebuf: the 128x64 display at scale 1, or a
# band of a printed image at scale 3 (paper() gives the printer's band
# drawer). Loaded only when a chart is shown or printed.
#
# Drawing is framebuf's own line, rect and fill_rect into the plot area:
# nothing is allocated per pixel. With more than four players, four are
# drawn at a time; Pick chooses which.
from oya.compat import const
from oya.ui import font
from oya.ui.grid import fit

MOST = const(4)           # players drawn at once: one mark each
_LEGEND_COLS = const(2)


def mark(fb, i, x, y, r, c=1):
    """Mark `i` (0 square, 1 cross, 2 diamond, 3 dot) centred on (x, y),
    2r + 1 pixels across."""
    if i == 0:
        fb.rect(x - r, y - r, 2 * r + 1, 2 * r + 1, c)
    elif i == 1:
        fb.line(x - r, y - r, x + r, y + r, c)
        fb.line(x - r, y + r, x + r, y - r, c)
    elif i == 2:
        fb.line(x - r, y, x, y - r, c)
        fb.line(x, y - r, x + r, y, c)
        fb.line(x + r, y, x, y + r, c)
        fb.line(x, y + r, x - r, y, c)
    else:
        h = r // 2
        fb.fill_rect(x - h, y - h, 2 * h + 1, 2 * h + 1, c)


def text(fb, s, x, y, k=1):
    """Half-width `s` with its top-left at (x, y), each font pixel a k x k
    square; returns the x after it."""
    if k == 1:
        return font.draw(fb, s, x, y)
    G = font.GLYPHS
    for g in font.glyphs(s):
        b = g * font.W
        for cx in range(font.W):
            col = G[b + cx]
            cy = 0
            while col:
                if col & 1:
                    fb.fill_rect(x + cx * k, y + cy * k, k, k, 1)
                col >>= 1
                cy += 1
        x += font.W * k
    return x


def layout(deals, shown, w=128, h=64, k=1):
    """The chart's geometry inside a w x h box at scale k: (lo, hi, axis x,
    plot left, plot right, plot top, plot bottom, legend top), relative to
    the box. lo and hi are the range of the shown players' chips."""
    lo = hi = None
    for row in deals:
        for p in shown:
            v = row[p]
            if lo is None or v < lo:
                lo = v
            if hi is None or v > hi:
                hi = v
    if lo is None:
        lo = hi = 0
    if hi == lo:
        hi = lo + 1
    cw = font.W * k
    ch = font.H * k
    ax = max(len(str(lo)), len(str(hi))) * cw + k
    r = 2 * k                                   # a mark's half-size: room kept at the edges
    rows = (len(shown) + _LEGEND_COLS - 1) // _LEGEND_COLS
    leg = h - rows * ch
    return lo, hi, ax, ax + k + r, w - 1 - r, r, leg - 2 * k - 1 - r, leg


def point(deals, j, p, geo):
    """Where deal j's chips of player p are plotted: (x, y) in the box."""
    lo, hi, ax, x0, x1, y0, y1 = geo[:7]
    n = len(deals)
    x = x0 if n < 2 else x0 + j * (x1 - x0) // (n - 1)
    return x, y1 - (deals[j][p] - lo) * (y1 - y0) // (hi - lo)


def draw(fb, deals, names, shown, x=0, y=0, w=128, h=64, k=1, clip=None):
    """The chart of `deals` (deal j's chips per player: deals[j][p]) for
    the players `shown` (indices, at most MOST), into the w x h box at
    (x, y) of `fb`, at scale k; cleared first. clip = (top, bottom): only
    what reaches those rows of fb is drawn (a printed band)."""
    geo = layout(deals, shown, w, h, k)
    lo, hi, ax, x0, x1, y0, y1, leg = geo
    ta, tb = clip if clip else (y, y + h)
    cw = font.W * k
    ch = font.H * k
    fb.fill_rect(x, y, w, h, 0)
    base = y1 + 2 * k + 1                       # the axis row, under the lowest mark
    fb.fill_rect(x + ax, y, k, base + k, 1)
    fb.fill_rect(x + ax, y + base, w - ax, k, 1)
    for s, ty in ((str(hi), y), (str(lo), y + base - ch)):
        if ty < tb and ty + ch > ta:
            text(fb, s, x + ax - k - len(s) * cw, ty, k)
    r = 2 * k
    n = len(deals)
    for i in range(len(shown)):
        p = shown[i]
        px = py = None
        for j in range(n):
            qx, qy = point(deals, j, p, geo)
            qx += x
            qy += y
            if px is not None and min(py, qy) - k < tb and max(py, qy) + k >= ta:
                for d in range(k):
                    fb.line(px, py + d, qx, qy + d, 1)
            if qy - r - k < tb and qy + r + k >= ta:
                for d in range(k):
                    mark(fb, i, qx, qy + d, r)
            px, py = qx, qy
        lx = x + (i % _LEGEND_COLS) * (w // _LEGEND_COLS)
        ly = y + leg + (i // _LEGEND_COLS) * ch
        if ly < tb and ly + ch > ta:
            mark(fb, i, lx + r, ly + ch // 2 - 1, r)
            text(fb, fit(names[p], (w // _LEGEND_COLS - 2 * r - 2 * k) // cw - 1),
                 lx + 2 * r + 2 * k, ly, k)


class Pick:
    """Which players the chart draws: all of them up to MOST, else MOST
    seats in turn from `start`; up() and down() move the window one seat
    and say whether it moved."""

    def __init__(self, n):
        self.n = n
        self.start = 0

    def shown(self):
        n = self.n
        return [(self.start + i) % n for i in range(n if n < MOST else MOST)]

    def _move(self, d):
        if self.n <= MOST:
            return False
        self.start = (self.start + d) % self.n
        return True

    def up(self):
        return self._move(-1)

    def down(self):
        return self._move(1)


PAPER_K = const(3)        # the display's chart, three dots a pixel on paper


def paper(deals, names, shown, dots=384):
    """(height, draw) for the printer's image(): the chart at scale
    PAPER_K across `dots`, drawn a band at a time: draw(fb, top, rows)
    draws image rows top to top + rows - 1 into the band's framebuf."""
    h = 64 * PAPER_K

    def band(fb, top, rows):
        draw(fb, deals, names, shown, 0, -top, dots, h, PAPER_K, (0, rows))
    return h, band
