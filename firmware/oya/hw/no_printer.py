# The printer as the app sees it on a board without one (or whose UART could
# not be set up): a module of its own, so that a board with a printer does
# not keep this class in RAM, nor one without it oya.hw.printer_port's.


class HardwareError(Exception):
    """A board that cannot work as described (a board file's problems, no
    printer fitted); `str(e)` is readable. Here, where the one the device
    raises in use is (a slip on a board without a printer): the board
    module, whose checks raise it for the tools, is gone once the drivers
    are built."""


class NullPrinter:
    """The board has no printer: the same API, and slip() says so."""
    fitted = False
    busy = False
    printed = 0
    failed = 0
    bytes_sent = 0
    cols = 32
    last_error = "no printer fitted"

    def slip(self, lines, cut=True):
        raise HardwareError("no printer fitted")

    def image(self, draw, height, head=(), tail=(), cut=True):
        raise HardwareError("no printer fitted")

    def cancel(self):
        pass

    def pump(self, now):
        return -1
