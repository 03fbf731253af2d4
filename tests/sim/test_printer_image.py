"""A printed image through the wire: the driver's GS v 0 bands, at the times
it writes them, decoded by the simulated printer back to the same dots, as
one picture in its receipt (text panel and PNG), with no byte overrun."""
from hw_fakes import FakeUART   # (tests/both is on sys.path: tests/conftest.py; installs framebuf)
import framebuf
from host_sim.printer import Printer as SimPrinter
from oya.hw import printer as P
from oya.ui import chart


def _print(head, draw, height, tail):
    """The driver's bytes for an image slip, delivered to the simulated
    printer byte by byte at 19200 baud from each write's time."""
    clock = [0]
    uart = FakeUART(clock)
    p = P.Printer(uart, baud=19200, dots=384, codepage=1, status=False)
    p.image(draw, height, head=head, tail=tail)
    t = 0
    while p.pump(t) >= 0:
        t += 1
        clock[0] = t
    sim = SimPrinter(buffer_size=1024)
    bit_us = 10e6 / 19200
    last = 0.0
    for ms, b in uart.log:
        at = max(ms * 1000.0, last)
        for x in b:
            at += bit_us
            sim.receive(bytes([x]), at)
        last = at
    sim.run(last + 60e6)
    return sim


def _checker(fb, top, n):
    """Dot (x, y) is on where (x // 3 + y // 5) is even: a pattern no two
    bands share the phase of."""
    for r in range(n):
        y = top + r
        for x in range(384):
            if (x // 3 + y // 5) % 2 == 0:
                fb.pixel(x, r, 1)


def test_a_known_pattern_comes_back_dot_for_dot_as_one_picture():
    sim = _print(["top"], _checker, 21, ["end"])
    assert sim.overruns == 0 and sim.unknown == []
    images = [ln for ln in sim.lines if ln.kind == "raster"]
    assert len(images) == 1 and (images[0].width, images[0].height) == (384, 21)
    for y in range(21):
        assert images[0].bits[y] == bytes(1 if (x // 3 + y // 5) % 2 == 0 else 0
                                          for x in range(384)), y
    assert sim.text().splitlines()[:3] == ["top", "[image 384x21]", "end"]


def test_the_printed_chart_is_the_chart_and_shows_in_the_png():
    deals = [[30, 30, 30, 30], [45, 20, 30, 25], [60, 0, 35, 25], [10, 50, 40, 20]]
    names = ["Aki", "Ben", "チエ", "Dan"]
    h, band = chart.paper(deals, names, [0, 1, 2, 3])
    sim = _print(["Chips"], band, h, ["Match 1  Aki -20"])
    assert sim.overruns == 0
    whole = bytearray(48 * h)
    fb = framebuf.FrameBuffer(whole, 384, h, framebuf.MONO_HLSB)
    chart.draw(fb, deals, names, [0, 1, 2, 3], 0, 0, 384, h, chart.PAPER_K)
    img = [ln for ln in sim.lines if ln.kind == "raster"][0]
    assert img.height == h
    for y in range(h):
        assert img.bits[y] == bytes(fb.pixel(x, y) for x in range(384)), y
    png = sim.image()
    top = 30                                       # under the "Chips" line
    inked = sum(1 for y in range(h) for x in range(384) if png.getpixel((x, top + y)) == 0)
    assert inked == sum(sum(row) for row in img.bits) > 1000
