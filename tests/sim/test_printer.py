"""The ESC/POS emulator, command by command, with expected receipt text and dots."""
from host_sim.printer import Printer
from host_sim.vclock import VirtualClock

ESC, GS, DLE = b"\x1b", b"\x1d", b"\x10"


def feed(p, data, t0=0):
    """Deliver bytes as a 19200-baud wire would, then let the engine finish."""
    bt = 10e6 / p.baud
    t = t0
    for b in data:
        t += bt
        p.receive(bytes([b]), t)
    p.run(t + 60e6)
    return t


def text_lines(p):
    return [ln for ln in p.lines if ln.kind == "text"]


def test_plain_text_and_lf():
    p = Printer()
    feed(p, b"hello\nworld\n")
    assert p.text() == "hello\nworld\n"
    assert [ln.advance for ln in text_lines(p)] == [30, 30]


def test_bold_and_reset():
    p = Printer()
    feed(p, ESC + b"E\x01B" + ESC + b"E\x00n\n" + ESC + b"E\x01" + ESC + b"@x\n")
    a, b = text_lines(p)
    assert [(c[0], c[1]) for c in a.chars] == [("B", True), ("n", False)]
    assert b.chars[0][1] is False          # ESC @ cancelled bold


def test_double_size_and_center_alignment():
    p = Printer()
    feed(p, ESC + b"a\x01" + GS + b"!\x11AB\n" + GS + b"!\x00" + ESC + b"a\x02R\n")
    a, b = text_lines(p)
    assert (a.chars[0][2], a.chars[0][3]) == (2, 2)
    assert a.height == 48 and a.advance == 48
    lines = p.text().splitlines()
    assert lines[0] == " " * 14 + "AB"          # 4 columns wide, centred in 32
    assert lines[1] == " " * 31 + "R"


def test_esc_bang_print_mode():
    p = Printer()
    feed(p, ESC + b"!\x38W\n")            # bold + double height + double width
    ch = text_lines(p)[0].chars[0]
    assert ch[1:4] == (True, 2, 2)


def test_line_spacing_esc3_and_esc2():
    p = Printer()
    feed(p, ESC + b"3\x40a\n" + ESC + b"2b\n" + ESC + b"3\x10c\n")
    assert [ln.advance for ln in text_lines(p)] == [64, 30, 24]   # never less than the text


def test_katakana_code_page():
    p = Printer()
    feed(p, ESC + b"t\x01\xb1\xb2\xdd\xdf\n")
    assert p.text() == "ｱｲﾝﾟ\n"


def test_feed_lines_and_dots():
    p = Printer()
    feed(p, b"a" + ESC + b"d\x03" + ESC + b"J\x3c")
    kinds = [(ln.kind, getattr(ln, "dots", None)) for ln in p.lines]
    assert kinds == [("text", None), ("feed", 60), ("feed", 60)]
    assert p.text() == "a\n\n\n\n\n"


def test_cut_full_partial_and_feed_cut():
    p = Printer()
    feed(p, b"x\n" + GS + b"V\x00" + GS + b"V\x42\x10")
    assert [ln.kind for ln in p.lines] == ["text", "cut", "feed", "cut"]
    assert p.lines[1].partial is False and p.lines[3].partial is True
    assert "cut" in p.text().splitlines()[1]


def test_raster_bit_image():
    p = Printer()
    # 2 bytes wide (16 dots), 2 rows: a checker
    feed(p, GS + b"v0\x00\x02\x00\x02\x00" + bytes([0xAA, 0x55, 0x0F, 0xF0]))
    ln = p.lines[0]
    assert (ln.kind, ln.width, ln.height) == ("raster", 16, 2)
    assert ln.bits[0] == bytes([1, 0] * 4 + [0, 1] * 4)
    assert ln.bits[1] == bytes([0] * 4 + [1] * 8 + [0] * 4)
    assert p.text() == "[image 16x2]\n"


def test_qr_store_and_print():
    p = Printer()
    data = b"oya:123"
    n = len(data) + 3
    feed(p, GS + b"(k\x03\x001C\x05" + GS + b"(k" + bytes([n, 0]) + b"1P0" + data +
         GS + b"(k\x03\x001Q0")
    assert p.lines[0].kind == "qr" and p.lines[0].module == 5
    assert p.text() == "[QR oya:123]\n"


def test_heat_density_and_online():
    p = Printer()
    feed(p, ESC + b"7\x0b\x78\x28" + b"\x12#\x5f" + ESC + b"=\x01")
    assert p.heat == (11, 120, 40) and p.density == 0x5F and p.online
    assert p.unknown == []


def test_status_reply_and_faults():
    p = Printer()
    feed(p, DLE + b"\x04\x01")
    assert [b for _t, b in p.replies] == [0x12]
    p.replies.clear()
    p.paper_out()
    feed(p, DLE + b"\x04\x04" + b"lost\n")
    assert p.replies == [] and p.text() == ""      # nothing printed, no answer
    p.paper_out(False)
    p.unplug()
    feed(p, DLE + b"\x04\x01" + b"gone\n")
    assert p.replies == [] and p.text() == "" and p.bytes_received == 3 + 8   # none after unplugging


def test_long_lines_wrap_at_384_dots():
    p = Printer()
    feed(p, b"0123456789" * 4 + b"\n")
    assert p.text().splitlines() == ["01234567890123456789012345678901", "23456789"]


def test_tab_and_unknown_control_bytes():
    p = Printer()
    feed(p, b"ab\tc\x07\n")
    assert p.text() == "ab      c\n" and p.unknown == [b"\x07"]


def test_overrun_when_bytes_arrive_faster_than_it_prints():
    # 3000 bytes of full text lines at 19200 baud: the wire brings 1920 B/s, the
    # printer prints 13.3 lines (~440 B) a second, so a 1 KB buffer overflows.
    p = Printer(buffer_size=1024)
    line = b"X" * 32 + b"\n"
    feed(p, line * 90)
    assert p.overruns > 0 and p.overrun_times
    # the same bytes paced at the printer's speed: no loss
    q = Printer(buffer_size=1024)
    t = 0
    for _ in range(90):
        t = feed(q, line, t) + 80000      # one line every ~97 ms
    assert q.overruns == 0
    assert len(text_lines(q)) == 90


def test_engine_time_per_line():
    p = Printer()
    t = feed(p, b"a\n", 0)
    # 30 dot lines at 400 lines/s = 75 ms of engine time after the LF arrived
    assert abs(p.idle_at() - (t + 75000)) < 1


def test_receipt_png_is_384_dots_wide():
    p = Printer()
    feed(p, b"Oya\n" + GS + b"V\x00")
    img = p.image()
    assert img.size[0] == 384 and img.size[1] == 30 + 9
    assert any(img.getpixel((x, y)) == 0 for x in range(40) for y in range(30))


def test_through_the_fake_uart_status_reply_reaches_the_firmware():
    from host_sim import Sim
    import os
    here = os.path.join(os.path.dirname(__file__), "tinyapp")
    with Sim(firmware=here) as sim:
        u = sim.modules["machine"].UART(1, baudrate=19200, tx=8, rx=9, timeout=50)
        u.write(DLE + b"\x04\x01")
        assert u.read(1) == b"\x12"
        sim.printer.paper_out()
        u.write(DLE + b"\x04\x01")
        t0 = sim.clock.us
        assert u.read(1) is None and sim.clock.us - t0 >= 49000   # waited out the timeout
        assert os.path.isdir(sim.flash.root)


def test_uart_write_blocks_while_its_buffer_is_full():
    from host_sim import Sim
    import os
    here = os.path.join(os.path.dirname(__file__), "tinyapp")
    with Sim(firmware=here) as sim:
        u = sim.modules["machine"].UART(1, baudrate=19200, tx=8, rx=9)
        t0 = sim.clock.us
        u.write(b"a" * 1000)
        # 1000 bytes, 288 fit in the buffers: write returns when the rest has gone
        waited = sim.clock.us - t0
        assert abs(waited - (1000 - 288) * 10e6 / 19200) < 1000
        u.flush()
        assert abs(sim.clock.us - t0 - 1000 * 10e6 / 19200) < 1000
