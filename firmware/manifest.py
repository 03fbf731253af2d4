# Freeze Oya into a MicroPython image: the code then runs from flash as
# bytecode in ROM, leaving more RAM for the game (no .mpy loaded into the heap).
#
#   cd micropython/ports/rp2
#   make BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/oya/firmware/manifest.py
#
# Then put only the data on the board's filesystem (board.json, rulesets):
#   python -m tools deploy --frozen --board rpi_pico --port /dev/ttyACM0
# (docs/DEVELOPING.md: A frozen image). Paths here are relative to this file.

# The port's own frozen modules (asyncio, the rp2 helpers, ...).
include("$(PORT_DIR)/boards/manifest.py")

# The app: every module of the oya package, and main.py, which MicroPython
# runs at boot from the frozen modules before looking at the filesystem.
package("oya")
module("main.py")
