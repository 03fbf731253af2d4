# The few shapes every screen is made of: a message, here; a number spinner
# in oya.ui.spinner and a list to pick from in oya.ui.menu (a deal needs
# neither but for an amount: they are imported where used) and the letter
# picker in oya.ui.table. Each draws itself on
# the Grid and reacts to keys; results go to callbacks, so flows read top to
# bottom.
from oya.ui import keys
from oya.ui.grid import ROWS, half
from oya.ui.text import t


class Screen:
    def draw(self, g):
        pass

    def key(self, k):
        pass

    def put_list(self, g, row, cursor, n):
        """Rows `row` to the last: n entries from self.top, scrolled to keep
        `cursor` in view; row_text(j) is entry j's row, after a mark cell:
        ">" at the cursor. The cursor is a glyph, not an inverted row: moving
        it changes two cells, not two whole pages of the display."""
        room = ROWS - row
        if cursor < self.top:
            self.top = cursor
        elif cursor >= self.top + room:
            self.top = cursor - room + 1
        for k in range(room):
            j = self.top + k
            if j < n:
                g.put(row + k, self.row_text(j), False, b">" if j == cursor else b" ")
            else:
                g.put(row + k, "")


class Message(Screen):
    """Lines of text (scrolling with UP/DOWN); OK or BACK continues."""

    def __init__(self, title, lines, on_ok, on_back=None, footer=None, lang=0):
        self.title = title
        self.lines = lines
        self.on_ok = on_ok
        self.on_back = on_back if on_back is not None else on_ok
        self.top = 0
        self.footer = t("go_on", lang) if footer is None else footer

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


def wrap(text, width=21, out=None):
    """Words to lines of at most `width` cells, appended to `out` when given
    (a list per line would be most of the garbage of a deal's results)."""
    text = half(text)
    if out is None:
        out = []
    if len(text) <= width and "\n" not in text:
        out.append(text)                # most lines: nothing to split or build
        return out
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
