# The display drivers at the I2C byte level: full frames, partial windows,
# the SH1106 column offset and recovery from a failing bus.
from hw_fakes import FakeI2C
from oya.hw.board import make
from oya.hw.ssd1306 import SSD1306
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
    an inverted row moving, a whole screen replaced, a row of kana changing."""
    a = ["Deal 1  Oicho-Kabu", "", "P1  10  P2  20", "> bet 1", "  bet 5", "", "", "OK deal"]
    b = list(a)
    b[3], b[4] = "  bet 1", "> bet 5"
    c = list(b)
    c[2] = "P1  10  P2  25"
    d = ["Results", "P1 +5", "P2 -5", "", "", "", "", "OK next"]
    e = list(d)
    e[1] = "\uff75\uff72\uff81\uff6e 10"
    f = list(e)
    f[1] = "\uff75\uff72\uff81\uff6e 15"
    return [(a, 1 << 3), (b, 1 << 4), (c, 1 << 4), (d, 1), (a, 1 << 3), (e, 1), (f, 1)]


def _render_frames(d, pages, cell=0):
    """The writes of each of _frames() rendered as the app renders them,
    with the display drawn a page at a time (`pages`; `cell`: windows from
    the text where it is ASCII) or into its frame."""
    from oya.ui import font
    from oya.ui.grid import Grid, Renderer
    if pages:
        d.one_page()
    r = Renderer(d.fb, font.page_writer(d.buf, d.width), d if pages else None, cell)
    d.i2c.take()
    sent = []
    for rows, inv in _frames():
        g = Grid()
        for i, text in enumerate(rows):
            g.put(i, text, bool(inv & (1 << i)))
        r.render(g)
        assert d.show()
        sent.append(d.i2c.take())
    return sent


def _shown(writes, ram, sh1106=False):
    """What the panel's RAM (8 pages of 128 columns) holds after `writes`:
    the windows' data put where their addressing commands say."""
    col = page = lo = 0
    hi = 127
    for w in writes:
        if w[0] == 0x00 and not sh1106 and len(w) == 7 and w[1] == 0x21:
            col, lo, hi, page = w[2], w[2], w[3], w[5]
        elif w[0] == 0x00 and sh1106 and len(w) == 4 and w[1] & 0xF0 == 0xB0:
            page, col, lo, hi = w[1] & 7, ((w[3] & 0x0F) << 4 | w[2]) - 2, -2, 129
        elif w[0] == 0x40:
            for x in w[1:]:
                if 0 <= col < 128:
                    ram[page * 128 + col] = x
                col += 1
                if col > hi:
                    col = lo
                    page += 1
    return bytes(ram)


def test_one_page_shows_the_same_picture_as_the_frame():
    # the app's renderer draws and sends each row it redraws in one page: the
    # panel shows what the whole frame and its shadow showed. Found from the
    # pixels, a small change costs the same window; from the text (ASCII
    # rows, as the app does), whole cells around it
    from oya.ui.font import W
    for cls in (SSD1306, SH1106):
        sh = cls is SH1106
        plain = _render_frames(cls(FakeI2C()), False)
        for cell in (0, W):
            paged = _render_frames(cls(FakeI2C()), True, cell)
            ram_plain = bytearray(1024)
            ram_paged = bytearray(1024)
            for a, b in zip(plain, paged):
                assert _shown(a, ram_plain, sh) == _shown(b, ram_paged, sh)
            assert any(ram_paged)
            assert paged[1] == plain[1]                   # a cursor moved: two whole rows
            assert paged[6] == plain[6]                   # kana: found from the pixels
            assert sum(len(w) for w in paged[2]) < 30     # a score changed: one short window
            if cell:
                data = [w for w in paged[2] if w[0] == 0x40]
                assert len(data) == 1 and len(data[0]) == 1 + W    # "20" -> "25": one cell
            else:
                assert paged[2] == plain[2]


def test_one_page_frees_the_frame_and_recovers_from_a_failure():
    i2c = FakeI2C()
    d = SSD1306(i2c)
    i2c.take()
    d.one_page()
    assert d._shadow is None and len(d._raw) == 129 and len(d.buf) == 128
    d.fill(0)
    d.keep_page()                    # the panel's page as it is
    d.fill_rect(36, 0, 17, 8, 1)
    d.fill_rect(100, 0, 3, 8, 1)
    d.send_page(2)
    assert i2c.take() == [bytes((0x00, 0x21, 36, 102, 0x22, 2, 2)),
                          b"\x40" + b"\xff" * 17 + b"\x00" * 47 + b"\xff" * 3]
    d.keep_page()
    d.send_page(2)                   # nothing changed: nothing sent
    assert i2c.take() == [] and d.show() and i2c.take() == []
    d.send_page(7, 0, 999)           # the panel's page not known: all of it
    assert i2c.take() == [bytes((0x00, 0x21, 0, 127, 0x22, 7, 7)), b"\x40" + bytes(d.buf)]
    d.pixel(5, 0, 1)
    i2c.fail = 1
    d.send_page(5)
    assert d.failed
    d.send_page(6, 0, 127)           # failed: nothing tried until it is set up again
    assert i2c.take() == []
    assert d.show() is False         # set up again, but it has no frame to send: the owner redraws
    w = i2c.take()
    assert len(w) == 1 and w[0][:2] == b"\x00\xae" and d.failed is None
    d.send_page(0, 0, 127)
    assert len(i2c.take()[-1]) == 129


def test_the_app_draws_it_all_again_when_the_panel_comes_back():
    from oya.ui.app import render
    from oya.ui.grid import Grid, Renderer
    from oya.ui import font
    i2c = FakeI2C()
    d = SSD1306(i2c)
    d.one_page()

    class App:
        hw = type("HW", (), {})()
        grid = Grid()

        def frame(self):
            return self.grid
    app = App()
    app.hw.display = d
    app.renderer = Renderer(d.fb, font.page_writer(d.buf, d.width), d, font.W)
    for r in range(8):
        app.grid.put(r, "row %d" % r)
    render(app)
    i2c.take()
    app.grid.put(3, "row 3 changed")
    i2c.fail = 1                     # the row's window is lost
    render(app)
    w = i2c.take()
    assert w[0][:2] == b"\x00\xae"                                # set up again at once,
    assert [x for x in w if x[0] == 0x40] and len(w) == 1 + 2 * 8    # and every row sent whole
    ram = bytearray(1024)
    _shown(w, ram)
    assert ram[3 * 128:4 * 128] != bytes(128) and ram[0:128] != bytes(128)


def test_the_grid_marks_rows_that_are_not_a_byte_a_cell():
    # the renderer finds an ASCII row's window from its text; a row of kana
    # (several bytes a cell, two cells for a voiced one) from its pixels
    from oya.ui.grid import Grid
    g = Grid()
    g.put(2, "P1  10")
    assert g.wide == 0
    g.put(2, "\uff75\uff72\uff81\uff6e 10")
    g.put(5, "\u30ac")
    assert g.wide == (1 << 2) | (1 << 5)
    g.put(2, "P1  15", lead=b"> ")
    assert g.wide == 1 << 5
    g.clear()
    assert g.wide == 0


def test_a_row_of_kana_put_again_is_not_made_again():
    # a screen puts every row each frame: a row of kana made again was ~1-3 ms
    # of RP2040 CPU, so a Japanese menu's cursor move cost 3x an English one
    from oya.ui import grid
    from oya.ui.grid import Grid
    made = []
    real = grid.half_fit
    grid.half_fit = lambda b, room: made.append(room) or real(b, room)
    try:
        g = Grid()
        assert g._kana is None                  # (English only: no room kept for kana)
        for _ in range(3):
            g.put(1, "\u30bb\u30c3\u30c6\u30a4 \u30ac", lead=b"> ")
            g.put(2, "Settings")
        assert made == [19]
        assert g.line(1) == "> \uff7e\uff6f\uff83\uff72 \uff76\uff9e"
        g.put(1, "\u30bb\u30c3\u30c6\u30a4 \u30ac", lead=b">")     # other cells: made again
        g.put(1, "\u30bb\u30c3\u30c6\u30a4 \u30ae", lead=b">")     # other text: made again
        assert made == [19, 20, 20] and g.line(1) == ">\uff7e\uff6f\uff83\uff72 \uff77\uff9e"
    finally:
        grid.half_fit = real
