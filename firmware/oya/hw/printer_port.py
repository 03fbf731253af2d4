# The printer as the app and the device loop see it, in RAM all the time: the
# UART, the board's settings and what the slips came to. The ESC/POS driver
# (oya.hw.printer: 4 KB of RAM as .mpy, 1.3 KB frozen) is imported for a slip
# and dropped once the last slip is out: most of a match prints nothing.
from oya.compat import forget


class PrinterPort:
    fitted = True

    def __init__(self, uart, baud=19200, dots=384, codepage=1, heat=None, status=True):
        self._args = (uart, baud, dots, codepage, heat, status)
        self.cols = dots // 12
        self._driver = None
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
        """Queue a slip (oya.hw.printer.Printer.slip); returns at once."""
        return self.driver().slip(lines, cut)

    @property
    def busy(self):
        return self._driver is not None and self._driver.busy

    def cancel(self):
        if self._driver is not None:
            self._driver.cancel()

    def pump(self, now):
        """One step of the driver (Printer.pump); when it has nothing left
        to send, the driver and its module go."""
        p = self._driver
        if p is None:
            return -1
        w = p.pump(now)
        if w < 0:
            self._driver = None
            forget("oya.hw.printer")
        return w
