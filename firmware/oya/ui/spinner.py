# A number to pick (the setup's seats, chips and bots, the contrast, a
# bet's amount): a screen of its own module, since a deal's screens need it
# only for an amount, and Kakkuri's never.
from oya.ui import keys
from oya.ui.text import t
from oya.ui.widgets import Screen


class Spinner(Screen):
    """A number lo..hi: UP/DOWN by one (held: auto-repeat), LEFT/RIGHT by ten."""

    def __init__(self, title, lo, hi, value, on_done, on_back=None, unit="", lines=(), lang=0):
        self.title = title
        self.lo, self.hi = lo, hi
        self.v = min(hi, max(lo, value))
        self.on_done = on_done
        self.on_back = on_back
        self.unit = unit
        self.lines = lines
        self.lang = lang

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
        g.put(7, t("spin_keys", self.lang))

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
