# The printer as the app and the device loop see it, in RAM all the time: the
# UART, the board's settings and what the slips came to. The ESC/POS driver
# (oya.hw.printer) is imported for a slip and dropped once the last slip is
# out: most of a match prints nothing, and the driver is RAM.
import sys
from oya.compat import const
from oya.heap import DRIVER, PRINTER, forget

_HELD = const(2)      # slips taken before the driver is made: one to print, one waiting (as the driver)


class PrinterPort:
    fitted = True

    def __init__(self, uart, baud=19200, dots=384, codepage=1, heat=None, status=True):
        self._args = (uart, baud, dots, codepage, heat, status)
        self.cols = dots // 12
        self._driver = None
        self._held = []            # slips asked for before the driver is made: _ask()'s args
        # what the slips came to, kept here by each driver (its `stats`)
        self.answered = False      # the printer has answered before (oya.hw.printer: Status)
        self.bytes_sent = 0
        self.printed = 0
        self.failed = 0
        self.last_error = None

    def driver(self):
        """The ESC/POS driver, imported and made on the first slip."""
        p = self._driver
        if p is None:
            from oya.hw.printer import Printer
            p = self._driver = Printer(*self._args, stats=self)
        return p

    def slip(self, lines, cut=True):
        """Queue a slip (oya.hw.printer.Printer.slip); returns at once. With
        no driver in RAM the slip is held and the driver made by the next
        pump(): the device loop pumps on a pass after the key's answer, so
        the driver's import does not hold up the key (print on a deal's
        intro)."""
        return self._ask((lines, cut))

    def image(self, draw, height, head=(), tail=(), cut=True):
        """Queue a slip with an image (oya.hw.printer.Printer.image), held
        as slip() holds one."""
        return self._ask((draw, height, head, tail, cut))

    def _ask(self, args):
        """slip()'s arguments (two) or image()'s (five) to the driver, or
        held for it."""
        p = self._driver
        if p is not None:
            return _give(p, args)
        if len(self._held) >= _HELD:
            raise RuntimeError("printer busy: try again when it stops")
        self._held.append(args)
        return True

    @property
    def busy(self):
        return bool(self._held) or (self._driver is not None and self._driver.busy)

    def cancel(self):
        self._held = []
        if self._driver is not None:
            self._driver.cancel()

    def pump(self, now):
        """One step of the driver (Printer.pump); when it has nothing left
        to send, the driver and its module go. The slips held for it: the
        driver made and given them, a step of its own. What that raises (no
        room for the driver: MemoryError) fails those slips, and is said as
        any failed slip is: the device loop, outside a key, goes on."""
        p = self._driver
        if p is None:
            if not self._held:
                return -1
            if DRIVER not in sys.modules:
                # the driver's code on a pass of its own, the driver on the
                # next: both in one pump is too long a pass
                try:
                    import oya.hw.printer  # noqa: F401
                except Exception as e:
                    for _ in self._held:
                        self._failed(e)
                    self._held = []
                return 0
            held, self._held = self._held, []
            for args in held:
                try:
                    _give(self.driver(), args)
                except Exception as e:
                    self._failed(e)
            return 0
        w = p.pump(now)
        if w < 0:
            self._driver = None
            forget(PRINTER)
        return w

    def _failed(self, e):
        """A slip that could not be given to the driver: said as a failed slip."""
        self.failed += 1
        self.last_error = str(e) or type(e).__name__


def _give(p, args):
    return p.slip(*args) if len(args) == 2 else p.image(*args)
