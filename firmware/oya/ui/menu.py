# A list to pick from: title on row 0, items below with a scrolling cursor
# (see oya.ui.widgets for the other shapes). Not needed while a deal is
# played: imported by the menus that use it, and dropped with them.
from oya.ui import keys
from oya.ui.grid import COLS, ROWS, two_cols
from oya.ui.widgets import Screen


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
        self.put_list(g, 1, self.i, len(self.items))

    def row_text(self, j):
        it = self.items[j]
        if isinstance(it, tuple):
            return two_cols(it[0], it[1], COLS - 1)      # (the cursor's cell before it)
        return it

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
