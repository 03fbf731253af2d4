"""The SSD1306/SH1106 emulator, command by command, with expected pixels."""
from host_sim.panel import Panel, SH1106
from host_sim.vclock import VirtualClock

# a standard init: page addressing, A1 (segment remap), C8 (COM reversed), mux 64,
# charge pump on, display on
STD = bytes([0xAE, 0xA1, 0xC8, 0xA8, 63, 0xD3, 0, 0x40, 0xDA, 0x12, 0x81, 0x7F,
             0xA4, 0xA6, 0x8D, 0x14, 0xAF])


def panel(kind="ssd1306", init=STD):
    p = Panel(kind)
    if init:
        p.i2c_write(b"\x00" + init)
    return p


def lit(p):
    """set of (x, y) lit pixels"""
    return {(x, y) for y, row in enumerate(p.pixels()) for x, v in enumerate(row) if v}


def data(p, bs):
    p.i2c_write(b"\x40" + bytes(bs))


def cmd(p, *bs):
    p.i2c_write(b"\x00" + bytes(bs))


def test_power_on_state_is_dark_and_page_mode():
    p = Panel()
    assert not p.display_on and not p.charge_pump and p.addr_mode == 2
    data(p, [0xFF])
    assert lit(p) == set()


def test_page_addressing_byte_lands_at_column_and_page():
    p = panel()
    cmd(p, 0xB2, 0x05, 0x13)          # page 2, column 0x35
    data(p, [0b00000101])
    assert lit(p) == {(0x35, 16), (0x35, 18)}
    assert p.col == 0x36 and p.page == 2


def test_page_mode_wraps_column_within_page():
    p = panel()
    cmd(p, 0xB0, 0x0E, 0x17)          # column 126
    data(p, [1, 1, 1])                # 126, 127, then wraps to the start column (126)
    assert lit(p) == {(126, 0), (127, 0)}
    assert p.page == 0


def test_control_byte_co_bit_single_commands_and_data():
    p = panel()
    # Co=1 D/C=0: one command; Co=1 D/C=1: one data byte; then a data stream
    p.i2c_write(bytes([0x80, 0xB1, 0x80, 0x00, 0x80, 0x10, 0xC0, 0x01, 0x40, 0x01, 0x01]))
    assert lit(p) == {(0, 8), (1, 8), (2, 8)}


def test_command_arguments_may_arrive_in_separate_transactions():
    p = panel()
    for b in (0x20, 0x00, 0x21, 4, 5, 0x22, 3, 3):   # as micropython's driver sends them
        p.i2c_write(bytes([0x80, b]))
    assert (p.addr_mode, p.col_start, p.col_end, p.page_start, p.page_end) == (0, 4, 5, 3, 3)
    data(p, [0x80, 0x80, 0x80])       # third byte wraps back to column 4 of page 3
    assert lit(p) == {(4, 31), (5, 31)}
    assert p.ram[3][4] == 0x80 and p.col == 5


def test_horizontal_addressing_wraps_to_next_page_in_window():
    p = panel()
    cmd(p, 0x20, 0x00, 0x21, 10, 12, 0x22, 1, 2)
    data(p, [1, 2, 4, 8, 16, 32])
    assert lit(p) == {(10, 8), (11, 9), (12, 10), (10, 19), (11, 20), (12, 21)}
    assert (p.col, p.page) == (10, 1)  # wrapped to the window's start


def test_vertical_addressing_goes_down_then_right():
    p = panel()
    cmd(p, 0x20, 0x01, 0x21, 0, 127, 0x22, 0, 1)
    data(p, [1, 1, 1])
    assert lit(p) == {(0, 0), (0, 8), (1, 0)}


def test_segment_remap_off_mirrors_left_right():
    p = panel()
    cmd(p, 0xA0, 0xB0, 0x00, 0x10)
    data(p, [1])
    assert lit(p) == {(127, 0)}


def test_com_scan_normal_flips_top_bottom():
    p = panel()
    cmd(p, 0xC0, 0xB0, 0x00, 0x10)
    data(p, [1])
    assert lit(p) == {(0, 63)}


def test_display_start_line_scrolls_ram_up():
    p = panel()
    cmd(p, 0xB1, 0x00, 0x10)
    data(p, [1])                      # RAM row 8
    cmd(p, 0x40 | 5)
    assert lit(p) == {(0, 3)}
    cmd(p, 0x40 | 9)                  # row 8 wraps to the bottom
    assert lit(p) == {(0, 63)}


def test_display_offset_shifts_com_mapping():
    p = panel()
    cmd(p, 0xB1, 0x00, 0x10)
    data(p, [1])                      # RAM row 8
    cmd(p, 0xD3, 2)
    assert lit(p) == {(0, 6)}


def test_multiplex_ratio_blanks_rows_beyond_it():
    p = panel()
    cmd(p, 0x20, 0x00, 0x21, 0, 0, 0x22, 0, 7)
    data(p, [0xFF] * 8)               # column 0, all 64 rows
    cmd(p, 0xA8, 31)                  # 32 rows driven
    assert lit(p) == {(0, y) for y in range(32)}


def test_invert_and_entire_display_on():
    p = panel()
    cmd(p, 0xB0, 0x00, 0x10)
    data(p, [1])
    cmd(p, 0xA7)
    px = lit(p)
    assert len(px) == 128 * 64 - 1 and (0, 0) not in px
    cmd(p, 0xA6, 0xA5)
    assert len(lit(p)) == 128 * 64
    cmd(p, 0xA4)
    assert lit(p) == {(0, 0)}


def test_display_off_and_charge_pump_off_are_dark_but_keep_ram():
    p = panel()
    data(p, [0xFF])
    cmd(p, 0xAE)
    assert lit(p) == set()
    cmd(p, 0xAF, 0x8D, 0x10)
    assert lit(p) == set()
    cmd(p, 0x8D, 0x14)
    assert len(lit(p)) == 8


def test_contrast_clock_precharge_vcomh_are_recorded():
    p = panel()
    cmd(p, 0x81, 0x33, 0xD5, 0xF0, 0xD9, 0x22, 0xDB, 0x40, 0xDA, 0x02)
    assert (p.contrast, p.clock_div, p.precharge, p.vcomh, p.com_pins) == (0x33, 0xF0, 0x22, 0x40, 0x02)


def test_scroll_commands_consume_their_arguments():
    p = panel()
    cmd(p, 0x26, 0, 0, 0, 7, 0, 0xFF, 0x2F)
    assert p.scroll_active and p.unknown == []
    cmd(p, 0x2E, 0xB3)
    assert not p.scroll_active and p.page == 3


def test_unknown_commands_and_bad_control_bytes_are_reported():
    p = panel()
    cmd(p, 0xF7)
    p.i2c_write(b"\x01\xAF")
    assert p.unknown == [0xF7] and p.errors


def test_sh1106_column_offset_two_and_page_addressing_only():
    p = panel("sh1106", bytes([0xAE, 0xA1, 0xC8, 0xAD, 0x8B, 0xAF]))
    cmd(p, 0xB0, 0x02, 0x10)          # column 2 is the first visible column
    data(p, [1, 0, 1])
    assert lit(p) == {(0, 0), (2, 0)}
    cmd(p, 0x20)                      # not an SH1106 command
    assert 0x20 in p.unknown
    cmd(p, 0xB0, 0x03, 0x18)          # column 131: the last of the 132-column RAM
    data(p, [1, 1])                   # wraps to column 0 (invisible)
    assert p.ram[0][131] == 1 and p.ram[0][0] == 1
    assert (129, 0) not in lit(p)


def test_sh1106_dcdc_off_is_dark():
    p = panel("sh1106", bytes([0xA1, 0xC8, 0xAF]))
    cmd(p, 0xB0, 0x02, 0x10)
    data(p, [1])
    assert lit(p) == {(0, 0)}         # DC-DC is on after reset on the SH1106
    cmd(p, 0xAD, 0x8A)
    assert lit(p) == set()


def test_frames_are_committed_after_the_bus_is_quiet_and_count_bytes():
    clk = VirtualClock()
    p = Panel(clock=clk, frame_gap_us=5000)
    p.i2c_write(b"\x00" + STD)                 # 18 bytes + address
    clk.advance_us(1000)
    p.i2c_write(b"\x00\xB0\x00\x10")           # 4 + 1
    p.i2c_write(b"\x40\xFF")                   # 2 + 1
    clk.advance_us(6000)
    p.settle()
    assert len(p.frames) == 1
    assert p.frames[0].bytes == 19 + 5 + 3
    assert sum(p.frames[0].rows()[y][0] for y in range(8)) == 8
    p.i2c_write(b"\x00\xE3")                   # a NOP: same image, no new frame
    clk.advance_us(6000)
    p.settle()
    assert len(p.frames) == 1
    p.i2c_write(b"\x00\xA7")
    clk.advance_us(6000)
    p.settle()
    assert len(p.frames) == 2 and p.frames[1].bytes == 3 + 3
    assert p.bytes_total == 19 + 5 + 3 + 3 + 3
