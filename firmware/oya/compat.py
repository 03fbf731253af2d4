# The few things MicroPython and CPython spell differently, in one place.
try:
    from micropython import const  # noqa: F401  (MicroPython folds const() at compile time)
except ImportError:
    def const(x):
        return x

try:
    from time import ticks_ms, ticks_diff
except ImportError:         # CPython without the simulator's clock
    ticks_ms = None

try:
    from binascii import hexlify as _hexlify, unhexlify as _unhexlify
except ImportError:  # pragma: no cover
    from ubinascii import hexlify as _hexlify, unhexlify as _unhexlify


def hexstr(b):
    """bytes -> lowercase hex str (MicroPython's hashlib has no hexdigest)."""
    return _hexlify(b).decode()


def unhex(s):
    """hex str -> bytes; ValueError on bad input."""
    if len(s) % 2:
        raise ValueError("odd-length hex")
    try:
        return _unhexlify(s)
    except Exception:
        raise ValueError("not hex")


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


def field(text, i):
    """The i-th of the '|'-separated fields of `text`. A table of names is
    kept as one joined str: as .mpy every str of a tuple is an object of its
    own in RAM for as long as its module (a header and its buffer); one str
    is one."""
    a = 0
    while i:
        a = text.index("|", a) + 1
        i -= 1
    b = text.find("|", a)
    return text[a:] if b < 0 else text[a:b]


def run_steps(work, n, ms=0):
    """Advance the generator `work` by up to n steps, or for `ms`
    milliseconds where there is a clock; True when it is done."""
    t0 = ticks_ms() if ms and ticks_ms is not None else None
    for _ in work:
        n -= 1
        if n <= 0 or (t0 is not None and ticks_diff(ticks_ms(), t0) >= ms):
            return False
    return True
