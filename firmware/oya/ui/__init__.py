# The device's user interface. forget(): on MicroPython, code that is not in
# use is dropped from RAM (see oya.ui.app).


def forget(*names):
    """Drop modules from the module table and their packages, so that
    MicroPython frees their code once nothing else refers to it. Only on
    MicroPython: CPython callers (tests) may hold the modules themselves."""
    import sys
    if sys.implementation.name != "micropython":
        return
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
            pkg, _, leaf = name.rpartition(".")
            try:
                delattr(sys.modules[pkg], leaf)
            except (KeyError, AttributeError):
                pass
