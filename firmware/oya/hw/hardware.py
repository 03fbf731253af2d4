# The bus that stands in for one that failed. Not in board.py: an object
# keeps its class's whole module in RAM, and the board module's checks are
# dropped once the drivers are built (oya.ui.loop.build_hardware); imported
# only when a bus fails.


class DeadBus:
    """An I2C bus that could not be set up: every write fails, so the display
    reports itself failed instead of the app crashing."""

    def writeto(self, addr, buf, stop=True):
        raise OSError(19)

    def writevto(self, addr, bufs, stop=True):
        raise OSError(19)
