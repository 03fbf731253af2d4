# The render path's byte loops as machine code (@micropython.viper), for the
# boards whose MicroPython has a native emitter (the RP2040's does): a new
# screen is a frame's worth of bytes twice (drawn, then compared with what
# the panel shows), and the bytecode VM's loop is slow per byte.
#
# Nowhere else does this module import: CPython has no `ptr8`, the
# WebAssembly port has no native emitter. Its callers (oya.ui.font,
# oya.hw.ssd1306) then keep their Python loops, which give the same bytes
# (tests/hw/test_viper.py checks the two against each other).
#
# Deployed as source (tools/deploy.py: NATIVE), so the board compiles it for
# its own CPU; frozen, the port's mpy-cross does (firmware/manifest.py).
import micropython


@micropython.viper
def glyph_run(buf: ptr8, o: int, end: int, font: ptr8, text: ptr8, i: int, n: int, inv: int) -> int:
    """Printable ASCII of text[i:n], glyph by glyph (6 column bytes each, XOR
    inv) into buf from o, while a whole glyph fits before end. -> how many
    characters were drawn: the caller draws the rest (another script, a
    glyph cut at the edge)."""
    k = i
    while k < n:
        c = text[k]
        if c < 0x20 or c >= 0x7F or o + 6 > end:
            break
        b = (c - 0x20) * 6
        buf[o] = font[b] ^ inv
        buf[o + 1] = font[b + 1] ^ inv
        buf[o + 2] = font[b + 2] ^ inv
        buf[o + 3] = font[b + 3] ^ inv
        buf[o + 4] = font[b + 4] ^ inv
        buf[o + 5] = font[b + 5] ^ inv
        o += 6
        k += 1
    return k - i


@micropython.viper
def first_diff(a: ptr8, b: ptr8, n: int) -> int:
    """The first index below n where a and b differ, else n."""
    i = 0
    while i < n:
        if a[i] != b[i]:
            break
        i += 1
    return i


@micropython.viper
def last_diff(a: ptr8, b: ptr8, n: int) -> int:
    """The last index below n where a and b differ, else -1."""
    i = n - 1
    while i >= 0:
        if a[i] != b[i]:
            break
        i -= 1
    return i
