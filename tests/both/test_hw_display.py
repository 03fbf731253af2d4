# The display drivers at the I2C byte level: full frames, partial windows,
# the SH1106 column offset and recovery from a failing bus.
from hw_fakes import FakeI2C
from oya.hw.ssd1306 import SSD1306, make
from oya.hw.sh1106 import SH1106


def _ssd():
    i2c = FakeI2C()
    d = SSD1306(i2c)
    return i2c, d


def test_ssd1306_init_sends_commands_then_full_frame():
    i2c, d = _ssd()
    w = i2c.take()
    assert w[0][0] == 0x00 and w[0][1] == 0xAE and w[0][-1] == 0xAF
    assert w[1] == bytes((0x00, 0x21, 0, 127, 0x22, 0, 7))
    assert w[2][0] == 0x40 and len(w[2]) == 1025
    assert d.failed is None


def test_full_frame_is_1024_data_bytes_plus_commands():
    i2c, d = _ssd()
    i2c.take()
    before = d.bytes_sent
    d.fill(1)
    assert d.show()
    w = i2c.take()
    assert len(w) == 2
    assert w[1] == b"\x40" + b"\xff" * 1024
    assert d.bytes_sent - before == 7 + 1025
    d.refresh()
    assert sum(len(b) for b in i2c.take()) == 7 + 1025


def test_unchanged_frame_sends_nothing():
    i2c, d = _ssd()
    i2c.take()
    assert d.show()
    assert i2c.take() == []


def test_partial_update_sends_only_the_changed_window():
    i2c, d = _ssd()
    i2c.take()
    d.pixel(10, 20, 1)   # page 2, column 10, bit 4
    d.pixel(13, 23, 1)   # page 2, column 13, bit 7
    assert d.show()
    w = i2c.take()
    assert w == [bytes((0x00, 0x21, 10, 13, 0x22, 2, 2)),
                 bytes((0x40, 0x10, 0x00, 0x00, 0x80))]
    # the frame buffer is untouched by the 0x40 lent for the transfer
    assert d.buf[2 * 128 + 9] == 0
    # a change on two pages: one window per page, in page order
    d.pixel(0, 0, 1)
    d.pixel(127, 63, 1)
    assert d.show()
    w = i2c.take()
    assert w == [bytes((0x00, 0x21, 0, 0, 0x22, 0, 0)), b"\x40\x01",
                 bytes((0x00, 0x21, 127, 127, 0x22, 7, 7)), b"\x40\x80"]
    # erasing is a change too
    d.pixel(10, 20, 0)
    assert d.show()
    assert i2c.take() == [bytes((0x00, 0x21, 10, 10, 0x22, 2, 2)), b"\x40\x00"]


def test_big_change_falls_back_to_one_full_frame():
    i2c, d = _ssd()
    i2c.take()
    for p in range(8):
        d.hline(0, p * 8, 128, 1)
    assert d.show()
    w = i2c.take()
    assert len(w) == 2 and len(w[1]) == 1025


def test_text_line_change_costs_a_window():
    # one 21-column text row changing 3 characters: about 18 data bytes
    i2c, d = _ssd()
    i2c.take()
    d.fill_rect(36, 8, 17, 8, 1)
    d.show()
    w = i2c.take()
    assert len(w) == 2 and len(w[1]) == 1 + 17
    assert d.data_sent == 1024 + 17


def test_sh1106_offsets_and_page_addressing():
    i2c = FakeI2C()
    d = SH1106(i2c)
    w = i2c.take()
    assert w[0][0] == 0x00 and w[0][-1] == 0xAF
    # full frame: per page B0|p, column 2 (low 0x02, high 0x10), 128 bytes
    for p in range(8):
        assert w[1 + 2 * p] == bytes((0x00, 0xB0 | p, 0x02, 0x10))
        assert len(w[2 + 2 * p]) == 129 and w[2 + 2 * p][0] == 0x40
    d.pixel(20, 9, 1)    # page 1, column 20 -> RAM column 22 = 0x16
    d.pixel(21, 9, 1)
    d.show()
    assert i2c.take() == [bytes((0x00, 0xB1, 0x06, 0x11)), b"\x40\x02\x02"]
    d.pixel(127, 0, 1)   # RAM column 129 = 0x81
    d.show()
    assert i2c.take() == [bytes((0x00, 0xB0, 0x01, 0x18)), b"\x40\x01"]


def test_commands():
    i2c, d = _ssd()
    i2c.take()
    d.contrast(0x20)
    d.invert(True)
    d.invert(False)
    d.poweroff()
    d.poweron()
    assert i2c.take() == [b"\x00\x81\x20", b"\x00\xa7", b"\x00\xa6", b"\x00\xae", b"\x00\xaf"]


def test_i2c_failure_marks_display_failed_and_recovers():
    i2c = FakeI2C()
    i2c.fail = -1
    d = SSD1306(i2c)            # no panel: no exception
    assert d.failed and "0x3c" in d.failed
    d.pixel(1, 1, 1)
    assert d.show() is False    # still none
    i2c.fail = 0                # plugged in
    assert d.show() is True
    w = i2c.take()
    assert w[0][1] == 0xAE and len(w[-1]) == 1025 and w[-1][2] == 0x02
    assert d.failed is None
    # a failure in the middle of a partial update: the next show resends all
    d.pixel(5, 5, 1)
    i2c.fail = 1
    assert d.show() is False
    assert d.show() is True
    assert len(i2c.take()[-1]) == 1025


def test_make_by_name():
    assert isinstance(make("sh1106", FakeI2C()), SH1106)
    assert isinstance(make("ssd1306", FakeI2C(), 128, 32), SSD1306)
    try:
        make("st7735", FakeI2C())
        assert False
    except ValueError as e:
        assert "st7735" in str(e)


def test_128x32_panel():
    i2c = FakeI2C()
    d = SSD1306(i2c, 128, 32)
    w = i2c.take()
    assert w[1] == bytes((0x00, 0x21, 0, 127, 0x22, 0, 3)) and len(w[2]) == 513


def _frames():
    """Text frames as the app draws them: rows changing a few characters,
    an inverted row moving, a whole screen replaced."""
    a = ["Deal 1  Oicho-Kabu", "", "P1  10  P2  20", "> bet 1", "  bet 5", "", "", "OK deal"]
    b = list(a)
    b[3], b[4] = "  bet 1", "> bet 5"
    c = list(b)
    c[2] = "P1  10  P2  25"
    d = ["Results", "P1 +5", "P2 -5", "", "", "", "", "OK next"]
    return [(a, 1 << 3), (b, 1 << 4), (c, 1 << 4), (d, 1), (a, 1 << 3)]


def _render_frames(d, pages):
    from oya.ui import font
    from oya.ui.grid import Grid, Renderer
    if pages:
        d.pages_only()
    r = Renderer(d.fb, font.page_writer(d.buf, d.width), d if pages else None)
    sent = []
    for rows, inv in _frames():
        g = Grid()
        for i, text in enumerate(rows):
            g.put(i, text, bool(inv & (1 << i)))
        r.render(g)
        assert d.show()
        sent.append(b"|".join(bytes(w) for w in d.i2c.take()))
    return sent


def test_pages_only_sends_the_same_bytes_as_the_shadow():
    # the app's renderer brackets each row it redraws; the display then finds
    # a page's window against that page's copy, with no whole-frame shadow
    plain = _render_frames(SSD1306(FakeI2C()), False)
    paged = _render_frames(SSD1306(FakeI2C()), True)
    assert paged == plain
    assert all(plain[1:]) and len(plain[2]) < 30        # a changed score: one short window
    for cls in (SH1106,):
        assert _render_frames(cls(FakeI2C()), True) == _render_frames(cls(FakeI2C()), False)


def test_pages_only_frees_the_shadow_and_recovers_from_a_failure():
    i2c = FakeI2C()
    d = SSD1306(i2c)
    i2c.take()
    d.pages_only()
    assert d._shadow is None
    d.before_page(2)
    d.fill_rect(36, 16, 17, 8, 1)
    d.after_page(2)
    d.before_page(2)                 # the same page twice in a frame: one window over both
    d.fill_rect(100, 16, 3, 8, 1)
    d.after_page(2)
    assert d.show()
    assert i2c.take() == [bytes((0x00, 0x21, 36, 102, 0x22, 2, 2)),
                          b"\x40" + b"\xff" * 17 + b"\x00" * 47 + b"\xff" * 3]
    assert d.show() and i2c.take() == []          # sent: nothing is owed
    d.before_page(5)
    d.pixel(5, 40, 1)
    d.after_page(5)
    i2c.fail = 1
    assert d.show() is False
    assert d.show() is True and len(i2c.take()[-1]) == 1025   # the whole frame again
