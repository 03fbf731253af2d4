# The screen is a grid of 8 rows x 21 cells of the 6x8 font (one row = one
# display page). Screens fill rows of text; the renderer draws only the rows
# that changed since the last frame, so the driver sends only changed pages.
# A row is kept as the UTF-8 bytes of its half-width text, made once when the
# screen puts it: the renderer and the font read bytes, and allocate nothing.
from oya.compat import const

COLS = const(21)
ROWS = const(8)


def half(text):
    """`text` as the font draws it, one character per cell: kana become
    half-width katakana, and a voiced kana takes two cells ("ガ" is "ｶﾞ").
    ASCII comes back as it is."""
    if len(text.encode()) == len(text):
        return text
    from oya import kana
    return kana.to_half(text)


def fit(text, width=COLS):
    """Cut to `width` cells."""
    if len(text) * 2 > width:           # could be wider than it looks: count cells
        text = half(text)
    return cut(text, width)


def cut(text, width):
    """Half-width `text` (one character a cell) cut to `width` cells, "~"
    in the last when cut."""
    return text if len(text) <= width else text[:width - 1] + "~"


def half_fit(b, room):
    """The UTF-8 bytes `b` half-width (oya.kana.half_utf8), cut to `room`
    cells ("~" in the last when cut). A str is made only to cut."""
    from oya import kana
    h = kana.half_utf8(b)
    if len(h) > room:                   # (bytes: more than the cells unless all ASCII)
        h = cut(h.decode(), room).encode()
    return h


def two_cols(left, right, width=COLS):
    """`left` and `right` on one row, right-aligned."""
    left = half(left)
    right = half(right)
    room = width - len(right)
    if room < 1:
        return cut(right, width)
    left = cut(left, room - 1)          # (both half-width already: not made again)
    return "%s%*s" % (left, width - len(left), right)     # one string made (no ljust in MicroPython)


class Grid:
    def __init__(self):
        self.rows = [b""] * ROWS      # UTF-8, half-width, fitted (see line())
        self.inv = 0              # bit r set: row r drawn inverted (the cursor)
        self.wide = 0             # bit r set: row r is not all ASCII (a byte is not a cell)
        self._kana = None         # per row, (text, cells, bytes) of its last wide text (see put())

    def clear(self):
        for i in range(ROWS):
            self.rows[i] = b""
        self.inv = 0
        self.wide = 0

    def put(self, r, text, invert=False, lead=b""):
        """Row r: `text` after the ASCII cells `lead` (a menu's cursor mark),
        fitted to the row. The lead is joined as bytes: no string is made of
        the two (as .mpy each one costs a search of the interned names)."""
        if 0 <= r < ROWS:
            b = text.encode()
            room = COLS - len(lead)
            bit = 1 << r
            self.wide &= ~bit
            if len(b) != len(text):             # kana and symbols: half-width, cut by cells
                # (kept a row: a screen puts every row each frame, and a row
                # of kana made again each time makes a Japanese menu's
                # cursor move slower to draw than an English one)
                k = self._kana
                if k is None:
                    k = self._kana = [None] * ROWS
                c = k[r]
                if c is not None and c[1] == room and c[0] == text:
                    b = c[2]
                else:
                    b = half_fit(b, room)
                    k[r] = (text, room, b)
                self.wide |= bit
            elif len(b) > room:
                b = b[:room - 1] + b"~"
            if lead:
                b = lead + b
            self.rows[r] = b
            if invert:
                self.inv |= bit
            else:
                self.inv &= ~bit

    def line(self, r):
        """Row r as text (half-width, as drawn)."""
        return self.rows[r].decode()

    def lines(self):
        return [self.line(r) for r in range(ROWS)]

    def text(self):
        return "\n".join(self.lines())


class Renderer:
    """Draws a Grid onto a framebuf-like surface, row by row, skipping rows
    identical to the last frame. With `pages` (oya.hw.ssd1306 in one_page
    mode: a row is a display page) each row is drawn in that one page and
    sent at once, only the columns that changed: the whole row when its
    last text is not known or its inversion changed (every column then);
    else, with `cell` (the font's cell width) and both texts ASCII (a byte
    a cell), the cells between their first and last difference; else the
    columns where it differs from the row drawn first as the panel shows
    it (its last text). draw_row(fb, r, text, invert) draws a whole row,
    background included (oya.ui.font.draw_row, or font.page_writer's
    straight into the display's buffer)."""

    def __init__(self, fb, draw_row, pages=None, cell=0):
        self.fb = fb
        self.draw_row = draw_row
        self.pages = pages           # a display drawn a page at a time
        self.cell = cell
        self.last = [None] * ROWS
        self.last_inv = 0
        self.last_wide = 0

    def invalidate(self):
        self.last = [None] * ROWS

    def render(self, grid):
        """-> number of rows redrawn (0: nothing to send)."""
        changed = 0
        pages = self.pages
        last = self.last
        for r in range(ROWS):
            text = grid.rows[r]
            bit = 1 << r
            inv = grid.inv & bit
            old = last[r]
            flipped = inv != self.last_inv & bit
            if text == old and not flipped:
                continue
            if pages is None:
                self.draw_row(self.fb, r, text, bool(inv))
            else:
                a = 0
                b = -1                      # (b < 0: the columns found from the pixels)
                if old is None or flipped:
                    b = 255
                elif self.cell and not (grid.wide | self.last_wide) & bit:
                    n = len(old)
                    m = len(text)
                    while a < n and a < m and old[a] == text[a]:
                        a += 1
                    if n == m:
                        b = n - 1
                        while b > a and old[b] == text[b]:
                            b -= 1
                        b += 1
                    else:
                        b = n if n > m else m
                    a *= self.cell
                    b = b * self.cell - 1
                else:
                    self.draw_row(self.fb, 0, old, bool(inv))
                    pages.keep_page()
                self.draw_row(self.fb, 0, text, bool(inv))
                pages.send_page(r, a, b)
            last[r] = text
            changed += 1
        self.last_inv = grid.inv
        self.last_wide = grid.wide
        return changed
