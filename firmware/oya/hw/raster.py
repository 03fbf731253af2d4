# A raster image for the ESC/POS printer as GS v 0 commands, a band of dot
# rows at a time from a drawing function, and an image slip's pieces for
# oya.hw.printer.Printer.image(). Loaded for an image only; the driver drops
# it with itself.
from array import array
from oya.compat import const

_GS = const(0x1D)
_GS_V = const(0x76)        # GS v 0 m xL xH yL yH: a raster image, xL xH bytes a row, yL yH rows
_RASTER = const(0x30)
_RASTER_NORMAL = const(0)  # m: one dot a bit, no doubling
_HEAD = const(8)           # the command's bytes before the dots
BAND_ROWS = const(8)


def bands(draw, height, wbytes, rows=BAND_ROWS):
    """An image `height` dot rows tall and `wbytes` bytes wide as GS v 0
    commands of `rows` dot rows each (the last may be fewer): a generator
    over one buffer, each band a memoryview of it valid until the next.
    draw(fb, top, n) draws image rows top to top + n - 1 into fb, a
    cleared MONO_HLSB FrameBuffer of the band (row 0 is row `top`; the
    leftmost dot is a byte's most significant bit, as GS v 0 takes it);
    when it returns an iterator, the band is drawn a step an item, and
    the generator yields None after each step."""
    import framebuf
    buf = bytearray(_HEAD + rows * wbytes)
    buf[0] = _GS
    buf[1] = _GS_V
    buf[2] = _RASTER
    buf[3] = _RASTER_NORMAL
    buf[4] = wbytes & 0xFF
    buf[5] = wbytes >> 8
    mv = memoryview(buf)
    fb = framebuf.FrameBuffer(mv[_HEAD:], wbytes * 8, rows, framebuf.MONO_HLSB)
    top = 0
    while top < height:
        n = height - top if height - top < rows else rows
        buf[6] = n & 0xFF
        buf[7] = n >> 8
        fb.fill(0)
        steps = draw(fb, top, n)
        if steps is not None:
            for _ in steps:
                yield None
        yield mv[:_HEAD + n * wbytes]
        top += n


def pieces(p, draw, height, head, tail, cut, dot_us):
    """Printer p's image slip one piece at a time, each (data, marks) as
    its build() makes them: header and head lines, each band (its print
    time `dot_us` a dot row), then the tail lines with the feed and cut;
    None for a step of drawing a band."""
    data, marks = p._begin()
    for ln in head:
        p._add(data, marks, ln)
    p._tail_asked = True                    # no status query between the pieces
    yield data, marks
    data = marks = None
    mk = array("H", (0, 0))
    for band in bands(draw, height, p.dots // 8):
        if band is None:                    # a step of drawing the band
            yield None
            continue
        mk[0] = len(band)
        mk[1] = (band[6] | band[7] << 8) * dot_us // 1000
        yield band, mk
    data = bytearray()
    marks = array("H")
    for ln in tail:
        p._add(data, marks, ln)
    p._end(data, marks, cut)
    p._tail_asked = False                   # asked before this piece's feed and cut
    yield data, marks
