# Push buttons: debounce, long press, auto-repeat and an event queue.
#
# Polled (every ~5 ms from run(), or poll(now_ms) from a test or a benchmark);
# no interrupts, so nothing happens behind the app's back. A level is accepted
# once it has been stable for DEBOUNCE_MS; shorter bounces are ignored.
#
# Events are small ints, kind | button:
#   PRESS    the button went down (every button; OK's PRESS/RELEASE pair is
#            what hold-to-peek uses: show private cards between the two)
#   RELEASE  the button came up
#   CLICK    the action of a short press. UP, DOWN, LEFT, RIGHT click as soon as
#            they go down and then REPEAT after REPEAT_DELAY_MS every
#            REPEAT_EVERY_MS while held; OK and BACK click when released before
#            LONG_MS
#   LONG     OK or BACK held for LONG_MS (once; no CLICK follows)
#   REPEAT   auto-repeat of a held UP/DOWN/LEFT/RIGHT
# Events wait in a ring buffer (QUEUE events) so none is lost while the screen
# redraws or the printer prints; if the app falls that far behind, the newest
# are dropped and counted in `dropped`.
from oya.compat import const
from oya.hw import tdiff, tadd, now_ms, sleep_ms

UP = const(0)
DOWN = const(1)
OK = const(2)
BACK = const(3)
LEFT = const(4)
RIGHT = const(5)
N_BUTTONS = const(6)

PRESS = const(0x00)
RELEASE = const(0x08)
CLICK = const(0x10)
LONG = const(0x18)
REPEAT = const(0x20)

DEBOUNCE_MS = const(30)
LONG_MS = const(700)
REPEAT_DELAY_MS = const(400)
REPEAT_EVERY_MS = const(120)
POLL_MS = const(5)
QUEUE = const(64)

NAMES = ("UP", "DOWN", "OK", "BACK", "LEFT", "RIGHT")
KINDS = ("PRESS", "RELEASE", "CLICK", "LONG", "REPEAT")
_REPEATS = const(0b110011)   # UP, DOWN, LEFT, RIGHT


def button(ev):
    return ev & 7


def kind(ev):
    return ev & 0xF8


def name(ev):
    """'CLICK_OK' style name of an event (for logs and tests)."""
    return KINDS[ev >> 3] + "_" + NAMES[ev & 7]


class Buttons:
    def __init__(self, pins, now=0):
        """`pins`: up to six objects with value() (machine.Pin configured as
        input with pull-up), indexed UP, DOWN, OK, BACK, LEFT, RIGHT; None for
        a button that is not fitted. Active low: value() == 0 is pressed."""
        self.pins = list(pins) + [None] * (N_BUTTONS - len(pins))
        self.fitted = tuple(p is not None for p in self.pins)
        self._raw = bytearray(N_BUTTONS)
        self._state = bytearray(N_BUTTONS)
        self._long = bytearray(N_BUTTONS)
        self._since = [now] * N_BUTTONS
        self._down = [now] * N_BUTTONS
        self._next = [now] * N_BUTTONS
        self._q = bytearray(QUEUE)
        self._head = 0
        self._n = 0
        self.dropped = 0
        for i in range(N_BUTTONS):
            p = self.pins[i]
            if p is not None:
                self._raw[i] = 0 if p.value() else 1

    # -- queue -------------------------------------------------------------
    def _put(self, ev):
        if self._n >= QUEUE:
            self.dropped += 1
            return
        self._q[(self._head + self._n) % QUEUE] = ev
        self._n += 1

    def get(self):
        """The oldest event, or -1 when there is none."""
        if not self._n:
            return -1
        ev = self._q[self._head]
        self._head = (self._head + 1) % QUEUE
        self._n -= 1
        return ev

    def pending(self):
        return self._n

    def clear(self):
        self._n = 0

    def held(self, b):
        """Whether button `b` is down now (debounced)."""
        return self._state[b] == 1

    # -- polling -----------------------------------------------------------
    def poll(self, now):
        """Sample every button at tick `now`; returns the number of queued
        events."""
        raw = self._raw
        st = self._state
        for i in range(N_BUTTONS):
            p = self.pins[i]
            if p is None:
                continue
            lvl = 0 if p.value() else 1
            if lvl != raw[i]:
                raw[i] = lvl
                self._since[i] = now
                continue
            t = self._since[i]
            if lvl != st[i]:
                if tdiff(now, t) < DEBOUNCE_MS:
                    continue
                st[i] = lvl
                if lvl:
                    self._down[i] = t
                    self._long[i] = 0
                    self._put(PRESS | i)
                    if (_REPEATS >> i) & 1:
                        self._put(CLICK | i)
                        self._next[i] = tadd(t, REPEAT_DELAY_MS)
                else:
                    self._put(RELEASE | i)
                    if not (_REPEATS >> i) & 1 and not self._long[i]:
                        self._put(CLICK | i)
                continue
            if not lvl:
                continue
            if (_REPEATS >> i) & 1:
                if tdiff(now, self._next[i]) >= 0:
                    self._put(REPEAT | i)
                    self._next[i] = tadd(now, REPEAT_EVERY_MS)
            elif not self._long[i] and tdiff(now, self._down[i]) >= LONG_MS:
                self._long[i] = 1
                self._put(LONG | i)
        return self._n

    async def run(self, period=POLL_MS):
        """Poll forever (an asyncio task)."""
        while True:
            self.poll(now_ms())
            await sleep_ms(period)

    async def wait(self, period=POLL_MS):
        """The next event, waiting for one (run() must be polling)."""
        while True:
            ev = self.get()
            if ev >= 0:
                return ev
            await sleep_ms(period)
