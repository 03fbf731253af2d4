# The UI's key events. The button driver's events are mapped onto these in
# one place (app.py), so screens never know about pins.
from oya.compat import const

UP = const(1)
DOWN = const(2)
OK = const(3)        # a short press of OK (on release)
BACK = const(4)
LEFT = const(5)
RIGHT = const(6)
HOLD_OK = const(7)   # OK held past the long-press time (still down)
RELEASE = const(8)   # OK released after HOLD_OK
HOLD_BACK = const(9)

NAMES = ("", "UP", "DOWN", "OK", "BACK", "LEFT", "RIGHT", "HOLD_OK", "RELEASE", "HOLD_BACK")
