"""The terminal front end: the OLED drawn pixel-true, the receipt roll beside it.

The 128x64 panel is drawn with half-block characters, two pixel rows per character
cell (128x32 cells); on a terminal narrower than that, with quadrant blocks (64x16).
Keys become pin levels on the board's button pins (with contact bounce), so the
firmware's own debouncing and long-press timing decide what a key press means.
"""
import curses
import os
import time

KEYMAP_LINES = [
    "arrows: UP/DOWN/LEFT/RIGHT   Enter or o: OK   Esc, Backspace or b: BACK",
    "long press: Shift+arrow, O (OK), B (BACK)   Space: hold OK down / let go (peek)",
    "PgUp/PgDn, Home/End: scroll the receipt   p: power cut   r: power on   q: quit",
]

_HALF = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}
_QUAD = " \u2598\u259d\u2580\u2596\u258c\u259e\u259b\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588"


def oled_lines(rows, quarter=False):
    """The image as text: half blocks (2 pixel rows a line) or quadrants (2x2 a cell)."""
    h = len(rows)
    w = len(rows[0]) if h else 0
    out = []
    if not quarter:
        for y in range(0, h, 2):
            top, bot = rows[y], rows[y + 1] if y + 1 < h else bytes(w)
            out.append("".join(_HALF[(top[x], bot[x])] for x in range(w)))
        return out
    for y in range(0, h, 2):
        top, bot = rows[y], rows[y + 1] if y + 1 < h else bytes(w)
        line = []
        for x in range(0, w, 2):
            v = top[x] | (top[x + 1] << 1) | (bot[x] << 2) | (bot[x + 1] << 3)
            line.append(_QUAD[v])
        out.append("".join(line))
    return out


def receipt_window(n, room, top):
    """The receipt lines shown, as a range: `room` lines from `top`, or the newest
    `room` when `top` is None (the view follows the printing)."""
    if top is None or n <= room:
        top = max(0, n - room)
    top = max(0, min(top, n - room))
    return range(top, min(n, top + room))


class Front:
    """Keyboard -> pins, real time -> virtual time, screen -> terminal."""

    HOLD_MS = 1000

    def __init__(self, sim, receipts=None):
        self.sim = sim
        self.receipts = receipts  # a ReceiptFiles writing each slip as it is cut, or None
        self.free_at = {}        # button -> virtual us when its last press ends
        self.ok_down = False
        self.msg = ""
        self.top = None          # first receipt line shown; None follows the newest
        self.room = 20           # receipt lines the last drawing had room for

    def scroll(self, ch):
        """PgUp/PgDn a page, Home the first line, End back to following the newest."""
        n = len(self.sim.receipt().splitlines())
        shown = receipt_window(n, self.room, self.top)
        if ch == curses.KEY_PPAGE:
            self.top = max(0, shown.start - self.room)
        elif ch == curses.KEY_NPAGE:
            self.top = None if shown.stop + self.room >= n else shown.start + self.room
        elif ch == curses.KEY_HOME:
            self.top = 0
        else:
            self.top = None

    def press(self, name, hold_ms=80):
        sim = self.sim
        if not sim.has_button(name):
            self.msg = "this board has no %s button" % name.upper()
            return
        at = max(sim.clock.us + 1000, self.free_at.get(name, 0) + 30000)
        sim.schedule_press(name, at, hold_ms)
        self.free_at[name] = at + hold_ms * 1000

    def key(self, ch):
        """Handle one curses key code; False to quit."""
        k = curses
        hold = self.HOLD_MS
        table = {
            k.KEY_UP: ("up", 80), k.KEY_DOWN: ("down", 80), k.KEY_LEFT: ("left", 80),
            k.KEY_RIGHT: ("right", 80), 10: ("ok", 80), 13: ("ok", 80), k.KEY_ENTER: ("ok", 80),
            ord("o"): ("ok", 80), 27: ("back", 80), k.KEY_BACKSPACE: ("back", 80),
            127: ("back", 80), 8: ("back", 80), ord("b"): ("back", 80),
            k.KEY_SR: ("up", hold), k.KEY_SF: ("down", hold), k.KEY_SLEFT: ("left", hold),
            k.KEY_SRIGHT: ("right", hold), ord("O"): ("ok", hold), ord("B"): ("back", hold),
        }
        if ch in (ord("q"), ord("Q")):
            return False
        if ch in (k.KEY_PPAGE, k.KEY_NPAGE, k.KEY_HOME, k.KEY_END):
            self.scroll(ch)
        elif ch in table:
            name, ms = table[ch]
            self.press(name, ms)
        elif ch == ord(" "):
            if self.ok_down:
                self.sim.button_up("ok")
            else:
                self.sim.button_down("ok")
            self.ok_down = not self.ok_down
        elif ch == ord("p"):
            self.sim.power_cut()
            self.msg = "power cut"
        elif ch == ord("r"):
            if self.sim.dead:
                self.sim.boot()
                self.msg = "powered on"
        return True

    def status(self):
        s = self.sim
        fr = s.panel.frames if s.panel else []
        last = fr[-1].bytes if fr else 0
        st = "t=%.1fs  frames=%d (last %dB)" % (s.clock.us / 1e6, len(fr), last)
        if s.printer is not None:
            st += "  printer=%dB overruns=%d" % (s.printer.bytes_received, s.printer.overruns)
        if s.crashed is not None:
            st += "  CRASHED: %s" % (s.crashed,)
        elif s.dead:
            st += "  (no power: r to power on)" if not s.exited else "  (main.py ended)"
        if self.ok_down:
            st += "  [OK held]"
        return st


def _draw(scr, front, header):
    sim = front.sim
    H, W = scr.getmaxyx()
    scr.erase()
    quarter = W < 130 + 2
    rows = sim.frame() if sim.panel is not None else [bytes(128)] * 64
    oled = oled_lines(rows, quarter)
    ow = len(oled[0]) if oled else 0

    def put(y, x, text, attr=0):
        if 0 <= y < H and x < W:
            try:
                scr.addstr(y, x, text[:max(0, W - x - 1)], attr)
            except curses.error:
                pass
    put(0, 0, header, curses.A_BOLD)
    put(1, 0, "+" + "-" * ow + "+")
    for i, line in enumerate(oled):
        put(2 + i, 0, "|" + line + "|")
    put(2 + len(oled), 0, "+" + "-" * ow + "+")
    rx = ow + 3
    if rx + 20 < W:
        lines = sim.receipt().splitlines() if sim.printer is not None else ["(no printer)"]
        front.room = room = max(1, H - 8)
        shown = receipt_window(len(lines), room, front.top)
        title = "receipt"
        if len(lines) > room:
            title += " %d-%d of %d" % (shown.start + 1, shown.stop, len(lines))
        put(1, rx, (" %s " % title).center(34, "-"))
        for i, k in enumerate(shown):
            put(2 + i, rx, "|" + lines[k])
    y = 3 + len(oled)
    put(y, 0, front.status())
    for i, ln in enumerate(KEYMAP_LINES):
        put(y + 1 + i, 0, ln, curses.A_DIM)
    if front.msg:
        put(y + 1 + len(KEYMAP_LINES), 0, front.msg)
    scr.refresh()


def run(sim, header="Oya simulator", receipts=None):
    os.environ.setdefault("ESCDELAY", "25")
    front = Front(sim, receipts)

    def main(scr):
        curses.curs_set(0)
        scr.nodelay(True)
        scr.keypad(True)
        last = time.monotonic()
        shown = None
        while True:
            while True:
                ch = scr.getch()
                if ch == -1:
                    break
                if ch == curses.KEY_RESIZE:
                    shown = None
                    continue
                if not front.key(ch):
                    return
            now = time.monotonic()
            sim.advance(min(250.0, (now - last) * 1000))
            last = now
            if receipts is not None:
                for path in receipts.save():
                    front.msg = "receipt saved: %s" % path
            key = (sim.panel.image() if sim.panel else b"", sim.printer.bytes_received if sim.printer else 0,
                   front.status(), front.msg, front.top)
            if key != shown:
                _draw(scr, front, header)
                shown = key
            curses.napms(15)

    curses.wrapper(main)
