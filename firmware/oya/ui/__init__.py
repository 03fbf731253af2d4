# The device's user interface. forget(): on MicroPython, code that is not in
# use is dropped from RAM (see oya.ui.app).
from oya.compat import forget  # noqa: F401  (the app's modules say oya.ui.forget)
