"""The simulated clock and an asyncio event loop that runs on it.

Virtual time is an integer count of microseconds. The loop's `time()` reads it and,
when every task is asleep, the loop jumps the clock straight to the next timer instead
of sleeping, so an hour of firmware time costs only the CPU the firmware uses.
"""
import asyncio
import heapq
import math
import selectors


class VirtualClock:
    """Virtual microseconds. Interrupts (at(t_us, fn)) run when the clock
    passes their time, whoever moves it: the loop's idle jump, or firmware code
    that costs time (an I2C write, a sleep); as on the chip, an interrupt
    preempts the code that was running, which is what a hard IRQ does."""

    def __init__(self, start_us=0):
        self.us = int(start_us)
        self._due = []            # heap of (t_us, seq, fn)
        self._seq = 0
        self._in_irq = False

    @property
    def ms(self):
        return self.us // 1000

    def seconds(self):
        return self.us / 1e6

    def at(self, t_us, fn):
        """Run fn() when the clock reaches t_us (with the clock at t_us)."""
        self._seq += 1
        heapq.heappush(self._due, (int(t_us), self._seq, fn))

    def clear_interrupts(self):
        self._due = []

    def advance_us(self, d):
        if d > 0:
            self.advance_to(self.us + int(d))

    def advance_to(self, us):
        us = int(us)
        due = self._due
        while due and due[0][0] <= us and not self._in_irq:
            t, _, fn = heapq.heappop(due)
            if t > self.us:
                self.us = t
            self._in_irq = True
            try:
                fn()
            finally:
                self._in_irq = False
        if us > self.us:
            self.us = us


class _VirtualSelector(selectors.SelectSelector):
    """A selector that never waits: select(timeout) moves the virtual clock instead."""

    def __init__(self, clock):
        super().__init__()
        self.clock = clock
        self.limit_us = None

    def select(self, timeout=None):
        now = self.clock.us
        if timeout is None:
            target = self.limit_us if self.limit_us is not None else now
        else:
            target = now + int(math.ceil(timeout * 1e6 - 1e-6))
            if self.limit_us is not None:
                target = min(target, self.limit_us)
        due = self.clock._due
        if due and due[0][0] < target:
            # an interrupt comes first: it wakes the CPU (WFE) and the loop
            # looks again at what is ready (an IRQ may have ended the device
            # loop's sleep) instead of sleeping on to its next timer
            target = due[0][0]
        self.clock.advance_to(max(now, target))
        return []


class VirtualLoop(asyncio.SelectorEventLoop):
    """asyncio loop whose clock is a VirtualClock. Drive it with run_until_us()."""

    def __init__(self, clock):
        self.vclock = clock
        self._vsel = _VirtualSelector(clock)
        super().__init__(selector=self._vsel)
        self._clock_resolution = 1e-7

    def time(self):
        return self.vclock.us / 1e6

    def run_until_us(self, target_us):
        """Run callbacks and tasks until virtual time reaches target_us (or stop())."""
        if target_us < self.vclock.us:
            target_us = self.vclock.us
        self._vsel.limit_us = target_us
        h = self.call_at(target_us / 1e6, self.stop)
        prev = None
        try:
            try:
                prev = asyncio.events._get_running_loop()
            except Exception:  # pragma: no cover
                prev = None
            if prev is not None:
                raise RuntimeError("a VirtualLoop cannot run inside another running loop")
            self.run_forever()
        finally:
            h.cancel()
            self._vsel.limit_us = None
