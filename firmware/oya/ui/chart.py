# A chart of each player's chips after every deal of a match: an axis with
# the chip range labelled, a line per player with a mark at each point
# (square, cross, diamond, dot), and a legend naming each player beside its
# mark. draw() puts it on any framebuf: the 128x64 display at scale 1, or a
# band of a printed image at scale 3; steps() is draw() a step at a time,
# and bands() draws it a band (or a display page) at a time. Marks sit at
# every point, or at every few when they would touch. Loaded only when a
# chart is shown or printed.
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


def text(fb, s, x, y, k=1, ta=0, tb=0x7FFF):
    """Half-width `s` with its top-left at (x, y), each font pixel a k x k
    square, only the font rows that reach fb's rows ta to tb - 1 when k > 1;
    returns the x after it."""
    if k == 1:
        return font.draw(fb, s, x, y)
    G = font.GLYPHS
    for g in font.glyphs(s):
        b = g * font.W
        for cx in range(font.W):
            col = G[b + cx]
            cy = y
            while col:
                if col & 1 and cy + k > ta and cy < tb:
                    fb.fill_rect(x + cx * k, cy, k, k, 1)
                col >>= 1
                cy += k
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


def draw(fb, deals, names, shown, x=0, y=0, w=128, h=64, k=1, clip=None):
    """The chart of `deals` (deal j's chips per player: deals[j][p]) for
    the players `shown` (indices, at most MOST), into the w x h box at
    (x, y) of `fb`, at scale k; cleared first. clip = (top, bottom): only
    what reaches those rows of fb is drawn (a printed band)."""
    for _ in steps(fb, deals, names, shown, x, y, w, h, k, clip):
        pass


def steps(fb, deals, names, shown, x=0, y=0, w=128, h=64, k=1, clip=None, geo=None):
    """draw() a step at a time, for drawing between frames: it yields once
    the axis is drawn, then after each player's line and legend entry.
    Marks sit at every point, or at every few points when they would
    touch (many deals): the first, every `every`-th and the last. `geo`
    is layout()'s for these arguments, when already made."""
    lo, hi, ax, x0, x1, y0, y1, leg = geo or layout(deals, shown, w, h, k)
    ta, tb = clip if clip else (y, y + h)
    cw = font.W * k
    ch = font.H * k
    fb.fill_rect(x, y, w, h, 0)
    base = y1 + 2 * k + 1                       # the axis row, under the lowest mark
    fb.fill_rect(x + ax, y, k, base + k, 1)
    fb.fill_rect(x + ax, y + base, w - ax, k, 1)
    for s, ty in ((str(hi), y), (str(lo), y + base - ch)):
        if ty < tb and ty + ch > ta:
            text(fb, s, x + ax - k - len(s) * cw, ty, k, ta, tb)
    yield
    r = 2 * k
    n = len(deals)
    last = n - 1 if n > 1 else 1
    dx = x1 - x0
    dy = y1 - y0
    span = hi - lo
    every = (2 * r + 2) * last // dx + 1         # marks 2r + 2 apart at least
    ya = y + y1                                  # chips lo, in fb's rows
    for i in range(len(shown)):
        p = shown[i]
        px = py = 0
        for j in range(n):
            qx = x + x0 + j * dx // last
            qy = ya - (deals[j][p] - lo) * dy // span
            if j and (py if py < qy else qy) - k < tb and (py if py > qy else qy) + k >= ta:
                fb.line(px, py, qx, qy, 1)
                for d in range(1, k):
                    fb.line(px, py + d, qx, qy + d, 1)
            if (j % every == 0 or j == n - 1) and qy - r - k < tb and qy + r + k >= ta:
                mark(fb, i, qx, qy, r)
                for d in range(1, k):
                    mark(fb, i, qx, qy + d, r)
            px = qx
            py = qy
        lx = x + (i % _LEGEND_COLS) * (w // _LEGEND_COLS)
        ly = y + leg + (i // _LEGEND_COLS) * ch
        if ly < tb and ly + ch > ta:
            for d in range(k):
                mark(fb, i, lx + r, ly + ch // 2 - 1 + d - k // 2, r)
            text(fb, fit(names[p], (w // _LEGEND_COLS - 2 * r - 2 * k) // cw - 1),
                 lx + 2 * r + 2 * k, ly, k, ta, tb)
        yield


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


def bands(deals, names, shown, w=128, h=64, k=1):
    """The chart in a w x h image at scale k, drawn a band at a time:
    band(fb, top, rows) gives the steps that draw image rows top to
    top + rows - 1 into fb, a framebuf of the band (the display's one
    page at a time: band(fb, 8 * page, 8); a printed image's band)."""
    geo = layout(deals, shown, w, h, k)

    def band(fb, top, rows):
        return steps(fb, deals, names, shown, 0, -top, w, h, k, (0, rows), geo)
    return band


def paper(deals, names, shown, dots=384):
    """(height, band) for the printer's image(): the chart at scale
    PAPER_K across `dots` (see bands())."""
    h = 64 * PAPER_K
    return h, bands(deals, names, shown, dots, h, PAPER_K)
