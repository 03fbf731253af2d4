# The few things MicroPython and CPython spell differently, in one place.
try:
    from micropython import const  # noqa: F401  (MicroPython folds const() at compile time)
except ImportError:
    def const(x):
        return x

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
