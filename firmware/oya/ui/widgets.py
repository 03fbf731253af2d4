# The few shapes every screen is made of: a list to pick from, a number
# spinner and a message (the letter picker belongs to the new-table flow, in
# oya.ui.setup). Each draws itself on the Grid and reacts to keys; results go
# to callbacks, so flows read top to bottom.
from oya.ui import keys
from oya.ui.grid import ROWS, two_cols, half


class Screen:
    def draw(self, g):
        pass

    def key(self, k):
        pass


class Menu(Screen):
    """Title on row 0, items below with a scrolling cursor. items: list of
    labels (str) or (label, right-hand text). on_pick(index)."""

    def __init__(self, title, items, on_pick, on_back=None, index=0, on_hold=None):
        self.title = title
        self.items = items
        self.on_pick = on_pick
        self.on_back = on_back
        self.on_hold = on_hold
        self.i = index if 0 <= index < len(items) else 0
        self.top = 0

    def draw(self, g):
        g.put(0, self.title, True)
        room = ROWS - 1
        if self.i < self.top:
            self.top = self.i
        elif self.i >= self.top + room:
            self.top = self.i - room + 1
        for r in range(room):
            j = self.top + r
            if j >= len(self.items):
                g.put(r + 1, "")
                continue
            it = self.items[j]
            mark = ">" if j == self.i else " "
            # the cursor is a glyph, not an inverted row: moving it changes
            # two cells, not two whole pages of the display
            if isinstance(it, tuple):
                g.put(r + 1, two_cols(mark + it[0], it[1]))
            else:
                g.put(r + 1, mark + it)

    def key(self, k):
        n = len(self.items)
        if k == keys.UP and n:
            self.i = (self.i - 1) % n
        elif k == keys.DOWN and n:
            self.i = (self.i + 1) % n
        elif k == keys.LEFT and n:
            self.i = max(0, self.i - (ROWS - 1))
        elif k == keys.RIGHT and n:
            self.i = min(n - 1, self.i + (ROWS - 1))
        elif k == keys.OK and n:
            self.on_pick(self.i)
        elif k == keys.HOLD_OK and self.on_hold is not None:
            self.on_hold(self.i)
        elif k == keys.BACK and self.on_back is not None:
            self.on_back()


class Spinner(Screen):
    """A number lo..hi: UP/DOWN by one (held: auto-repeat), LEFT/RIGHT by ten."""

    def __init__(self, title, lo, hi, value, on_done, on_back=None, unit="", lines=()):
        self.title = title
        self.lo, self.hi = lo, hi
        self.v = min(hi, max(lo, value))
        self.on_done = on_done
        self.on_back = on_back
        self.unit = unit
        self.lines = lines

    def draw(self, g):
        g.put(0, self.title, True)
        r = 1
        for ln in self.lines[:4]:
            g.put(r, ln)
            r += 1
        while r < 5:
            g.put(r, "")
            r += 1
        g.put(5, "    < %d %s>" % (self.v, self.unit + " " if self.unit else ""), True)
        g.put(6, "  %d..%d" % (self.lo, self.hi))
        g.put(7, "UP/DN change  OK set")

    def key(self, k):
        if k == keys.UP:
            self.v = self.v + 1 if self.v < self.hi else self.lo
        elif k == keys.DOWN:
            self.v = self.v - 1 if self.v > self.lo else self.hi
        elif k == keys.RIGHT:
            self.v = min(self.hi, self.v + 10)
        elif k == keys.LEFT:
            self.v = max(self.lo, self.v - 10)
        elif k == keys.OK:
            self.on_done(self.v)
        elif k == keys.BACK and self.on_back is not None:
            self.on_back()


class Message(Screen):
    """Lines of text (scrolling with UP/DOWN); OK or BACK continues."""

    def __init__(self, title, lines, on_ok, on_back=None, footer="OK: continue"):
        self.title = title
        self.lines = lines
        self.on_ok = on_ok
        self.on_back = on_back if on_back is not None else on_ok
        self.top = 0
        self.footer = footer

    def draw(self, g):
        g.put(0, self.title, True)
        room = ROWS - 2
        for r in range(room):
            j = self.top + r
            g.put(r + 1, self.lines[j] if j < len(self.lines) else "")
        more = self.top + room < len(self.lines)
        g.put(ROWS - 1, ("v " if more else "") + self.footer)

    def key(self, k):
        room = ROWS - 2
        if k == keys.DOWN and self.top + room < len(self.lines):
            self.top += 1
        elif k == keys.UP and self.top > 0:
            self.top -= 1
        elif k == keys.OK:
            self.on_ok()
        elif k == keys.BACK:
            self.on_back()


def wrap(text, width=21):
    """Words to lines of at most `width` cells."""
    text = half(text)
    if len(text) <= width and "\n" not in text:
        return [text]                   # most lines: nothing to split or build
    out = []
    for para in text.split("\n"):
        line = ""
        for w in para.split(" "):
            while len(w) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(w[:width])
                w = w[width:]
            if not line:
                line = w
            elif len(line) + 1 + len(w) <= width:
                line += " " + w
            else:
                out.append(line)
                line = w
        out.append(line)
    return out
