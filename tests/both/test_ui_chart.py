# The chart of the chips: its axis, each point's mark, the lines between
# them and the legend are at the pixels the layout puts them, on the 128x64
# display; a printed chart drawn a band at a time is the same image as drawn
# whole.
import hw_fakes  # noqa: F401  (installs a framebuf on CPython when none is loaded)
import framebuf
from oya.ui import chart, font

# four players whose chips stay put: lines run along their marks' middle row
FLAT = [[40, 10, 20, 30], [40, 10, 20, 30], [40, 10, 20, 30]]
NAMES = ["Aki", "Ben", "チエ", "Dan"]
# the layout for chips 10..40 with four players, worked out by hand: labels
# "40" and "10" two cells wide, the axis column after them; a legend of two
# rows of 8 at the bottom, the axis row two above it; marks 5 pixels across
AXIS_X, PLOT_X0, PLOT_X1, PLOT_Y0, PLOT_Y1, AXIS_Y, LEGEND_Y = 13, 16, 125, 2, 43, 46, 48


def _screen():
    buf = bytearray(128 * 64 // 8)
    return framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)


def _at(deals, j, v, y1=PLOT_Y1):
    n = len(deals)
    return (PLOT_X0 + j * (PLOT_X1 - PLOT_X0) // (n - 1),
            y1 - (v - 10) * (y1 - PLOT_Y0) // 30)


def _lit(fb, pts, dx, dy):
    return [fb.pixel(x + dx, y + dy) for x, y in pts]


def test_axis_column_and_row_are_lit_with_the_range_labelled():
    fb = _screen()
    chart.draw(fb, FLAT, NAMES, [0, 1, 2, 3])
    for y in range(0, AXIS_Y + 1):
        assert fb.pixel(AXIS_X, y) == 1, y
    for x in range(AXIS_X, 128):
        assert fb.pixel(x, AXIS_Y) == 1, x
    assert fb.pixel(AXIS_X - 1, AXIS_Y) == 0 and fb.pixel(AXIS_X, AXIS_Y + 1) == 0
    want = _screen()
    font.draw(want, "40", 0, 0)
    font.draw(want, "10", 0, AXIS_Y - 8)
    for y in list(range(8)) + list(range(AXIS_Y - 8, AXIS_Y)):
        for x in range(AXIS_X):
            assert fb.pixel(x, y) == want.pixel(x, y), (x, y)


def test_each_point_has_its_players_mark_and_no_other():
    fb = _screen()
    chart.draw(fb, FLAT, NAMES, [0, 1, 2, 3])
    for p in range(4):
        pts = [_at(FLAT, j, FLAT[0][p]) for j in range(3)]
        corners = [_lit(fb, pts, dx, dy) for dx, dy in ((-2, -2), (2, -2), (-2, 2), (2, 2))]
        inner = [_lit(fb, pts, dx, dy) for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1))]
        tips = [_lit(fb, pts, dx, dy) for dx, dy in ((0, -2), (0, 2))]
        edges = [_lit(fb, pts, dx, dy) for dx, dy in ((-2, -1), (2, 1))]
        on, off = [1, 1, 1], [0, 0, 0]
        if p == 0:      # square: its outline, hollow
            assert corners == [on] * 4 and tips == [on] * 2 and edges == [on] * 2 and inner == [off] * 4
        elif p == 1:    # cross: both diagonals, nothing straight above or below
            assert corners == [on] * 4 and inner == [on] * 4 and tips == [off] * 2 and edges == [off] * 2
        elif p == 2:    # diamond: its tips and sides, no corners
            assert tips == [on] * 2 and inner == [on] * 4 and corners == [off] * 4
        else:           # dot: a filled 3x3
            assert inner == [on] * 4 and corners == [off] * 4 and tips == [off] * 2
        for x, y in pts:                      # the line runs through the middle row
            assert fb.pixel(x, y) == 1


def test_a_line_joins_the_points_and_nothing_else_is_drawn_in_the_plot():
    deals = [[10, 40], [40, 10]]
    fb = _screen()
    chart.draw(fb, deals, NAMES, [1])        # one player, shown first: a square at each end
    y1 = PLOT_Y1 + 8                          # one legend row: the plot is a row taller
    (xa, ya), (xb, yb) = _at(deals, 0, 40, y1), _at(deals, 1, 10, y1)
    assert (ya, yb) == (PLOT_Y0, y1)
    assert fb.pixel(PLOT_X1, AXIS_Y + 8) == 1 and fb.pixel(PLOT_X1, AXIS_Y + 9) == 0
    for x in range(PLOT_X0 - 2, 128):
        col = [y for y in range(0, AXIS_Y + 8) if fb.pixel(x, y)]
        if xa + 2 < x < xb - 2:               # the line: one run of rows in each column, on the way down
            assert col, x
            assert col == list(range(col[0], col[-1] + 1)), (x, col)
            t = (x - xa) * (yb - ya) // (xb - xa) + ya
            assert abs(col[0] - t) <= 1 or abs(col[-1] - t) <= 1, (x, col, t)
        elif x < xa - 2 or x > xb + 2:
            assert col == [], (x, col)


def test_the_legend_names_each_player_beside_its_mark():
    fb = _screen()
    chart.draw(fb, FLAT, NAMES, [0, 1, 2, 3])
    want = _screen()
    for i, name in enumerate(["Aki", "Ben", "ﾁｴ", "Dan"]):
        lx = (i % 2) * 64
        ly = LEGEND_Y + (i // 2) * 8
        chart.mark(want, i, lx + 2, ly + 3, 2)
        font.draw(want, name, lx + 6, ly)
    for y in range(LEGEND_Y, 64):
        for x in range(128):
            assert fb.pixel(x, y) == want.pixel(x, y), (x, y)


def test_a_long_name_is_cut_to_its_legend_cell():
    fb = _screen()
    chart.draw(fb, FLAT, ["Alexandria", "B", "C", "D"], [0, 1, 2, 3])
    want = _screen()
    font.draw(want, "Alexand~", 6, LEGEND_Y)
    for x in range(6, 64):
        for y in range(LEGEND_Y, LEGEND_Y + 8):
            assert fb.pixel(x, y) == want.pixel(x, y), (x, y)


def test_the_range_is_the_shown_players_and_pick_cycles_them():
    pick = chart.Pick(3)
    assert pick.shown() == [0, 1, 2] and not pick.up() and not pick.down()
    pick = chart.Pick(6)
    assert pick.shown() == [0, 1, 2, 3]
    assert pick.down() and pick.shown() == [1, 2, 3, 4]
    assert pick.up() and pick.up() and pick.shown() == [5, 0, 1, 2]
    deals = [[0, 1, 2, 3, 4, 99], [0, 1, 2, 3, 4, 5]]
    fb = _screen()
    chart.draw(fb, deals, "ABCDEF", pick.shown())
    want = _screen()
    font.draw(want, "99", 0, 0)
    font.draw(want, "F", 6, LEGEND_Y)         # the first shown takes the square
    for x in range(12):
        for y in range(8):
            assert fb.pixel(x, y) == want.pixel(x, y)
    for x in range(6, 12):
        for y in range(LEGEND_Y, LEGEND_Y + 8):
            assert fb.pixel(x, y) == want.pixel(x, y)


def test_with_many_deals_marks_thin_out_to_every_few_points_that_do_not_touch():
    deals = [[40, 10]] * 42
    fb = _screen()
    chart.draw(fb, deals, NAMES, [0, 1])
    y1 = PLOT_Y1 + 8                          # one legend row
    y = y1 - 30 * (y1 - PLOT_Y0) // 30         # chips 40: the top row
    # points 109 / 41 pixels apart: marks 6 apart at least, so every third
    # point (and the last) has its square, whose top corners and left side
    # show above the line, hollow inside
    xs = [PLOT_X0 + j * (PLOT_X1 - PLOT_X0) // 41 for j in range(42)]
    marked = [j for j in range(42) if fb.pixel(xs[j] - 2, y - 2) and fb.pixel(xs[j] + 2, y - 2)
              and fb.pixel(xs[j] - 2, y - 1) and not fb.pixel(xs[j] - 1, y - 1)
              and not fb.pixel(xs[j], y - 1)]
    assert marked == list(range(0, 42, 3)) + [41]


def test_drawn_in_steps_it_is_the_same_chart():
    deals = [[30, 30, 30], [45, 20, 25], [10, 50, 30]]
    whole = _screen()
    chart.draw(whole, deals, "ABC", [0, 1, 2])
    fb = _screen()
    n = 0
    for _ in chart.steps(fb, deals, "ABC", [0, 1, 2]):
        n += 1
    assert n == 4                              # the axis, then each player
    assert all(fb.pixel(x, y) == whole.pixel(x, y) for x in range(128) for y in range(64))


def test_a_single_deal_and_equal_chips_still_draw():
    fb = _screen()
    chart.draw(fb, [[5, 5]], ["A", "B"], [0, 1])
    assert fb.pixel(PLOT_X0 - 3, 0) == 0 and fb.pixel(7, 0) == 1   # "6" over "5", one cell wide


def test_a_printed_chart_in_bands_is_the_chart_drawn_whole():
    deals = [[30, 30, 30, 30, 30], [45, 20, 30, 25, 30], [60, 0, 35, 30, 25], [10, 50, 40, 30, 20]]
    names = ["Aki", "Ben", "チエ", "Dan", "Eve"]
    h, band = chart.paper(deals, names, [0, 1, 2, 3])
    assert h == 192
    whole = bytearray(48 * h)
    chart.draw(framebuf.FrameBuffer(whole, 384, h, framebuf.MONO_HLSB), deals, names,
               [0, 1, 2, 3], 0, 0, 384, h, chart.PAPER_K)
    assert sum(1 for b in whole if b) > 200
    rows = 8
    part = bytearray(48 * rows)
    fb = framebuf.FrameBuffer(part, 384, rows, framebuf.MONO_HLSB)
    for top in range(0, h, rows):
        for i in range(len(part)):
            part[i] = 0
        for _ in band(fb, top, rows):
            pass
        assert part == whole[top * 48:(top + rows) * 48], top


def test_drawn_a_display_page_at_a_time_it_is_the_same_chart():
    # the app's display keeps one page (128 x 8) in RAM, not a frame
    deals = [[30, 30, 30, 30, 30], [45, 20, 30, 25, 30], [60, 0, 35, 30, 25]]
    names = ["Aki", "Ben", "チエ", "Dan", "Eve"]
    whole = _screen()
    chart.draw(whole, deals, names, [4, 0, 1, 2])
    page = bytearray(128)
    fb = framebuf.FrameBuffer(page, 128, 8, framebuf.MONO_VLSB)
    band = chart.bands(deals, names, [4, 0, 1, 2])
    for p in range(8):
        fb.fill(1)                             # what the page held before: cleared by the chart
        for _ in band(fb, 8 * p, 8):
            pass
        assert all(fb.pixel(x, y) == whole.pixel(x, 8 * p + y) for x in range(128) for y in range(8)), p
