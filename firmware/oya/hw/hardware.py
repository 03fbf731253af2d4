# The built hardware, and the bus that stands in for one that failed. Not in
# board.py: an object keeps its class's whole module in RAM, and the board
# module's checks are dropped once the drivers are built
# (oya.ui.loop.build_hardware); not in oya.hw, which every driver imports.


class DeadBus:
    """An I2C bus that could not be set up: every write fails, so the display
    reports itself failed instead of the app crashing."""

    def writeto(self, addr, buf, stop=True):
        raise OSError(19)

    def writevto(self, addr, bufs, stop=True):
        raise OSError(19)


class Hardware:
    """What board.build() made. Of the board file only its name is kept
    (the About screen's): the drivers hold the rest, and the parsed file was
    ~320 B of RAM all match long."""

    def __init__(self, board, display, buttons, printer, errors):
        self.name = board.get("name", "?")
        self.display = display
        self.buttons = buttons
        self.printer = printer
        self.errors = errors
