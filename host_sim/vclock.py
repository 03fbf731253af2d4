"""The simulated clock and an asyncio event loop that runs on it.

Virtual time is an integer count of microseconds. The loop's `time()` reads it and,
when every task is asleep, the loop jumps the clock straight to the next timer instead
of sleeping, so an hour of firmware time costs only the CPU the firmware uses.
"""
import asyncio
import math
import selectors


class VirtualClock:
    def __init__(self, start_us=0):
        self.us = int(start_us)

    @property
    def ms(self):
        return self.us // 1000

    def seconds(self):
        return self.us / 1e6

    def advance_us(self, d):
        if d > 0:
            self.us += int(d)

    def advance_to(self, us):
        if us > self.us:
            self.us = int(us)


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
