# Push buttons: edges caught by pin interrupts, debounce, long press,
# auto-repeat and an event queue.
#
# Each pin's IRQ (both edges; a hard IRQ where the port has one) writes the
# edge's time and level into a preallocated ring and allocates nothing, so a
# press made while the app is busy (a redraw, a save, an import) is kept with
# its own time; poll(now_ms) (at each pass of the device loop, which an edge
# starts at once, or from a test) turns the edges into events in order.
# poll() also samples every pin: that serves pins without IRQs and any edge
# the full ring could not keep. The ring keeps an edge's time as the tick's
# low 16 bits (half the RAM of the whole tick): poll() puts it back beside
# its own tick, which is right for an edge up to 32 s old (no pass of the
# loop is a hundredth of that).
#
# UP, DOWN, LEFT and RIGHT act on their first edge: nothing waits for the
# contact to settle; instead the _LOCKOUT_MS after each accepted change ignores
# its bounce. OK and BACK confirm things (a deal, a bet), so their press is
# accepted only once stable for _DEBOUNCE_MS (a glitch is not a press); their
# release, which clicks, acts on its first edge like an arrow (waiting
# _DEBOUNCE_MS there would delay every answer). A level that differs from the
# accepted one after a lock-out (the bounce ended the other way) is accepted
# once stable for _DEBOUNCE_MS.
#
# Events are small ints, kind | button:
#   PRESS    the button went down (every button; OK's PRESS/RELEASE pair is
#            what hold-to-peek uses: show private cards between the two)
#   RELEASE  the button came up
#   CLICK    the action of a short press. UP, DOWN, LEFT, RIGHT click as soon as
#            they go down and then REPEAT after _REPEAT_DELAY_MS every
#            _REPEAT_EVERY_MS while held; OK and BACK click when released before
#            _LONG_MS
#   LONG     OK or BACK held for _LONG_MS (once; no CLICK follows)
#   REPEAT   auto-repeat of a held UP/DOWN/LEFT/RIGHT
# Events wait in a ring buffer (QUEUE events) so none is lost while the screen
# redraws or the printer prints; if the app falls that far behind, the newest
# are dropped and counted in `dropped`.
from array import array
from oya.compat import const
from oya.hw import tdiff, tadd, now_ms

UP = const(0)
DOWN = const(1)
OK = const(2)
BACK = const(3)
LEFT = const(4)
RIGHT = const(5)
_N_BUTTONS = const(6)

PRESS = const(0x00)
RELEASE = const(0x08)
CLICK = const(0x10)
LONG = const(0x18)
REPEAT = const(0x20)

_DEBOUNCE_MS = const(30)
_LOCKOUT_MS = const(30)      # after an arrow's accepted change: its bounce
_LONG_MS = const(700)
_REPEAT_DELAY_MS = const(400)
_REPEAT_EVERY_MS = const(120)
QUEUE = const(64)
# the IRQ ring: a few presses with bounce at both ends, more than the
# longest pass of the loop (a heap held near full) meets; a larger ring is
# heap every screen holds, where the frozen budget is tight
EDGES = const(64)

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
    def __init__(self, pins, now=0, clock=now_ms, irq=True):
        """`pins`: up to six objects with value() (machine.Pin configured as
        input with pull-up), indexed UP, DOWN, OK, BACK, LEFT, RIGHT; None for
        a button that is not fitted. Active low: value() == 0 is pressed.
        `clock`: the tick source the IRQs stamp edges with (ms). irq=False,
        or pins without irq(), leaves the buttons to sampling alone."""
        self.pins = list(pins) + [None] * (_N_BUTTONS - len(pins))
        self.fitted = tuple(p is not None for p in self.pins)
        self._raw = bytearray(_N_BUTTONS)
        self._state = bytearray(_N_BUTTONS)
        self._long = bytearray(_N_BUTTONS)
        self._since = [now] * _N_BUTTONS      # when the raw level last changed
        self._changed = [now - _LOCKOUT_MS] * _N_BUTTONS   # the last accepted change
        self._down = [now] * _N_BUTTONS
        self._next = [now] * _N_BUTTONS
        self._q = bytearray(QUEUE)
        self._head = 0
        self._n = 0
        self.dropped = 0
        # the edge ring: written by the IRQs only at _tail, read by poll() only
        # at _head, so neither needs to stop the other
        self._clock = clock
        self._et = array("H", bytes(2 * EDGES))
        self._eb = bytearray(EDGES)
        self._ehead = 0
        self._etail = 0
        self.lost_edges = 0
        self.irqs = 0
        self.woken = False        # set by the IRQs after each edge: the device loop's sleep ends
        self.wake = None          # and, when given, its set() is called (the simulator's loop)
        # one bound method for every pin. Not a closure: calling one over five
        # names puts its arguments on the heap, which a hard IRQ may not touch
        # (MemoryError, and the port turns the IRQ off at its first edge)
        self._edge_h = self._irq
        for i in range(_N_BUTTONS):
            p = self.pins[i]
            if p is None:
                continue
            self._raw[i] = 0 if p.value() else 1
            if irq and hasattr(p, "irq"):
                self._attach(p)

    def _attach(self, pin):
        trig = pin.IRQ_FALLING | pin.IRQ_RISING
        try:
            pin.irq(self._edge_h, trig, hard=True)
        except (TypeError, ValueError):
            pin.irq(self._edge_h, trig)
        self.irqs += 1

    def _irq(self, pin):
        # interrupt context: no allocation, no exception. The pin that
        # fired is one of ours (the IRQ passes the object it was set on).
        pins = self.pins
        i = 0
        while pins[i] is not pin:
            i += 1
            if i == _N_BUTTONS:
                return
        k = self._etail
        nk = (k + 1) % EDGES
        if nk == self._ehead:
            self.lost_edges += 1
            return
        self._et[k] = self._clock() & 0xFFFF
        self._eb[k] = i | (0 if pin.value() else 8)
        self._etail = nk
        self.woken = True
        w = self.wake
        if w is not None:
            w.set()

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
        """Turn the edges caught since the last call into events, sample every
        button, and run the timers (debounce, long press, repeat) up to tick
        `now`; returns the number of queued events."""
        et = self._et
        eb = self._eb
        while self._ehead != self._etail:
            k = self._ehead
            b = eb[k]
            d = (now - et[k]) & 0xFFFF          # its age in ms: 16 bits of tick
            t = tadd(now, 0x10000 - d if d & 0x8000 else -d)   # (after `now` was read: ahead of it)
            self._ehead = (k + 1) % EDGES
            for i in range(_N_BUTTONS):      # everything before this edge comes first
                if self.pins[i] is not None:
                    self._settle(i, t)
            self._edge(b & 7, b >> 3, t)
        raw = self._raw
        for i in range(_N_BUTTONS):
            p = self.pins[i]
            if p is None:
                continue
            lvl = 0 if p.value() else 1
            if lvl != raw[i]:
                self._edge(i, lvl, now)
            self._settle(i, now)
        return self._n

    def _edge(self, i, lvl, t):
        """Button i's contact went to `lvl` (1 = closed) at tick t."""
        if lvl == self._raw[i]:
            return
        self._settle(i, t)                  # what the old level did until t
        self._raw[i] = lvl
        self._since[i] = t
        if lvl != self._state[i] and (not lvl or (_REPEATS >> i) & 1) and \
                tdiff(t, self._changed[i]) >= _LOCKOUT_MS:
            self._set(i, lvl, t)            # an arrow, or a release, acts on its first edge

    def _settle(self, i, now):
        """Debounce, long press and repeat of button i up to tick `now`."""
        st = self._state
        lvl = self._raw[i]
        if lvl != st[i]:
            t = self._since[i]
            if tdiff(now, t) < _DEBOUNCE_MS or tdiff(now, self._changed[i]) < _LOCKOUT_MS:
                return
            self._set(i, lvl, t)
        if not st[i]:
            return
        if (_REPEATS >> i) & 1:
            if tdiff(now, self._next[i]) >= 0:
                self._put(REPEAT | i)
                self._next[i] = tadd(now, _REPEAT_EVERY_MS)
        elif not self._long[i] and tdiff(now, self._down[i]) >= _LONG_MS:
            self._long[i] = 1
            self._put(LONG | i)

    def _set(self, i, lvl, t):
        """Accept button i's new level, reached at tick t."""
        self._state[i] = lvl
        self._changed[i] = t
        if lvl:
            self._down[i] = t
            self._long[i] = 0
            self._put(PRESS | i)
            if (_REPEATS >> i) & 1:
                self._put(CLICK | i)
                self._next[i] = tadd(t, _REPEAT_DELAY_MS)
        else:
            self._put(RELEASE | i)
            if not (_REPEATS >> i) & 1 and not self._long[i]:
                self._put(CLICK | i)
