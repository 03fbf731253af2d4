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


def run_steps(work, n, ms=0):
    """Advance the generator `work` by up to n steps, or for `ms`
    milliseconds where there is a clock; True when it is done."""
    t0 = ticks_ms() if ms and ticks_ms is not None else None
    for _ in work:
        n -= 1
        if n <= 0 or (t0 is not None and ticks_diff(ticks_ms(), t0) >= ms):
            return False
    return True
