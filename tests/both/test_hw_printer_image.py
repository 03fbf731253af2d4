# A printed image: GS v 0 bands at the protocol level, made one band at a
# time as the one before is sent, paced like lines, between a slip's lines.
from hw_fakes import FakeUART
from oya.hw import printer as P
from oya.hw import raster

GS_V_0 = b"\x1dv0\x00"       # GS v 0, m = 0 (one dot a bit)


def _run(p, uart, clock, until=120000):
    t = clock[0]
    while t < until:
        clock[0] = t
        if p.pump(t) < 0:
            return t
        t += 1
    raise AssertionError("printer never went idle")


def _printer(status=False):
    clock = [0]
    uart = FakeUART(clock)
    return clock, uart, P.Printer(uart, baud=19200, dots=384, codepage=1, status=status)


def _diagonal(fb, top, n):
    """Dot (y, y) and dot (383 - y, y) of each row: one known pattern."""
    for r in range(n):
        y = top + r
        fb.pixel(y, r, 1)
        fb.pixel(383 - y, r, 1)


def _band(top, n):
    """_diagonal's band as GS v 0 bytes, worked out bit by bit."""
    b = bytearray(GS_V_0 + bytes((48, 0, n, 0)))
    for r in range(n):
        row = bytearray(48)
        y = top + r
        row[y // 8] |= 0x80 >> (y % 8)              # the leftmost dot is the MSB
        row[(383 - y) // 8] |= 0x80 >> ((383 - y) % 8)
        b += row
    return bytes(b)


def test_bands_header_sizes_and_bit_order():
    seen = []

    def draw(fb, top, n):
        seen.append((top, n))
        _diagonal(fb, top, n)
    out = []
    bufs = []
    for band in raster.bands(draw, 20, 48):
        out.append(bytes(band))
        bufs.append(band)
    assert seen == [(0, 8), (8, 8), (16, 4)]
    assert out == [_band(0, 8), _band(8, 8), _band(16, 4)]
    assert [len(b) for b in out] == [8 + 8 * 48, 8 + 8 * 48, 8 + 4 * 48]
    assert out[0][8:10] == b"\x80\x00" and out[0][8 + 48:8 + 50] == b"\x40\x00"


def test_each_band_starts_clear_and_a_narrow_image_has_its_own_width():
    def draw(fb, top, n):
        if top == 0:
            fb.fill(1)                              # the next band must not keep this
    out = [bytes(b) for b in raster.bands(draw, 5, 2, rows=2)]
    assert out == [GS_V_0 + b"\x02\x00\x02\x00" + b"\xff" * 4,
                   GS_V_0 + b"\x02\x00\x02\x00" + b"\x00" * 4,
                   GS_V_0 + b"\x02\x00\x01\x00" + b"\x00" * 2]


def test_an_image_slip_is_head_bands_tail_feed_and_cut():
    clock, uart, p = _printer()
    p.image(_diagonal, 20, head=["Chart"], tail=["Night  +12"])
    assert p.busy
    _run(p, uart, clock)
    assert not p.busy and p.printed == 1 and p.failed == 0
    want = (b"\x1b@\x1bt\x01" b"Chart\n" + _band(0, 8) + _band(8, 8) + _band(16, 4)
            + b"Night  +12\n" b"\x1bd\x03" b"\x1dV\x01")
    assert uart.data() == want


def test_a_band_is_made_only_when_the_one_before_is_sent_and_no_write_is_more_than_a_band():
    clock, uart, p = _printer()
    sent_at_draw = []

    def draw(fb, top, n):
        sent_at_draw.append(len(uart.data()))
        _diagonal(fb, top, n)
    p.image(draw, 40, head=["x"], cut=False)
    _run(p, uart, clock)
    head = len(b"\x1b@\x1bt\x01x\n")
    band = 8 + 8 * 48
    # nothing of an image is made ahead of the wire: band k when k bands are out
    assert sent_at_draw == [head + k * band for k in range(5)]
    assert max(len(b) for _, b in uart.log) <= P.CHUNK


def test_bands_are_paced_by_the_wire_and_their_print_time():
    clock, uart, p = _printer()
    p.image(_diagonal, 24, cut=False)
    _run(p, uart, clock)
    log = uart.log
    for k in range(len(log) - 1):
        t, b = log[k]
        gap = log[k + 1][0] - t
        assert gap * 19200 >= len(b) * 10 * 1000, (k, gap)
    # after a band's last bytes, its 8 dot rows' print time too
    data = 0
    ends = [len(_band(0, 8)) * (k + 1) + 5 for k in range(3)]     # after the 5 header bytes
    for k in range(len(log) - 1):
        t, b = log[k]
        data += len(b)
        if data in ends:
            wire = (len(b) * 10000 + 19199) // 19200
            assert log[k + 1][0] - t >= wire + 8 * P.PRINT_DOT_US // 1000, k


def test_a_band_that_fails_to_draw_drops_the_slip_uncut_and_says_why():
    clock, uart, p = _printer()

    def draw(fb, top, n):
        if top >= 8:
            raise ValueError("no chart")
        _diagonal(fb, top, n)
    p.image(draw, 20, tail=["after"])
    _run(p, uart, clock)
    assert not p.busy and p.printed == 0 and p.failed == 1 and p.last_error == "no chart"
    assert uart.data() == b"\x1b@\x1bt\x01" + _band(0, 8)        # a whole band, then nothing
    p.slip(["next"])                                             # the driver goes on
    _run(p, uart, clock, until=clock[0] + 60000)
    assert p.printed == 1 and uart.data().endswith(b"next\n\x1bd\x03\x1dV\x01")


def test_a_printer_that_answers_is_asked_at_the_start_and_before_the_cut_only():
    clock, uart, p = _printer(status=True)
    uart.answer = b"\x12"
    p.image(_diagonal, 20, head=["a"], tail=["b"])
    _run(p, uart, clock)
    assert p.printed == 1
    d = uart.data()
    assert d.count(b"\x10\x04\x04") == 2
    assert d.startswith(b"\x10\x04\x04\x1b@") and d.endswith(b"b\n\x10\x04\x04\x1bd\x03\x1dV\x01")


def test_paper_out_before_an_image_drops_it():
    clock, uart, p = _printer(status=True)
    uart.answer = b"\x72"
    p.image(_diagonal, 20)
    _run(p, uart, clock)
    assert p.failed == 1 and p.last_error == "paper out" and uart.data() == b"\x10\x04\x04"


def test_an_image_counts_as_a_slip_waiting():
    clock, uart, p = _printer()
    p.slip(["one"])
    p.pump(clock[0])
    p.image(_diagonal, 8)
    try:
        p.image(_diagonal, 8)
    except RuntimeError as e:
        assert "busy" in str(e)
    else:
        raise AssertionError("a third slip is refused")
    p.cancel()
    assert not p.busy


def test_the_port_holds_an_image_and_gives_it_to_the_driver():
    import sys
    from harness import MICROPYTHON
    from oya.hw.printer_port import PrinterPort
    from oya.hw.no_printer import NullPrinter
    from oya.hw.no_printer import HardwareError
    clock = [0]
    uart = FakeUART(clock)
    port = PrinterPort(uart, 19200, 384, 1, None, status=False)
    port.image(_diagonal, 16, head=["h"], tail=["t"], cut=False)
    port.slip(["s"])
    assert port.busy
    _run(port, uart, clock)
    assert port.printed == 2 and port.failed == 0
    if MICROPYTHON:                          # the driver and its band maker go when idle
        assert "oya.hw.printer" not in sys.modules and "oya.hw.raster" not in sys.modules
    assert uart.data() == (b"\x1b@\x1bt\x01h\n" + _band(0, 8) + _band(8, 8) + b"t\n\x1bd\x03"
                           + b"\x1b@\x1bt\x01s\n\x1bd\x03\x1dV\x01")
    try:
        NullPrinter().image(_diagonal, 8)
    except HardwareError as e:
        assert "no printer" in str(e)
    else:
        raise AssertionError("no printer: said so")


def test_a_band_drawn_in_steps_takes_one_step_a_pass_and_the_same_bytes_go_out():
    done = []

    def draw(fb, top, n):
        def go():
            for s in range(3):
                done.append((top, s))
                yield
            _diagonal(fb, top, n)
        return go()
    clock, uart, p = _printer()
    p.image(draw, 16, cut=False)
    t = 0
    while True:
        clock[0] = t
        before, sent = len(done), len(uart.log)
        w = p.pump(t)
        if w < 0:
            break
        assert len(done) - before <= 1
        if len(done) > before:                   # a drawing pass: nothing sent, a nap
            assert len(uart.log) == sent and w == 1
        t += max(w, 1)
    assert done == [(top, s) for top in (0, 8) for s in range(3)]
    assert p.printed == 1
    assert uart.data() == b"\x1b@\x1bt\x01" + _band(0, 8) + _band(8, 8) + b"\x1bd\x03"
