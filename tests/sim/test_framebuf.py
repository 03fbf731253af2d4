"""host_sim.framebuf against MicroPython's documented semantics, pixel by pixel."""
from host_sim import framebuf as fbm


def fb(w=16, h=16, fmt=fbm.MONO_VLSB):
    if fmt == fbm.MONO_VLSB:
        buf = bytearray(w * ((h + 7) // 8))
    else:
        buf = bytearray(((w + 7) // 8) * h)
    return buf, fbm.FrameBuffer(buf, w, h, fmt)


def lit(f):
    return {(x, y) for y in range(f.height) for x in range(f.width) if f.pixel(x, y)}


def test_mono_vlsb_layout_and_pixel_clipping():
    buf, f = fb(8, 16)
    f.pixel(3, 9, 1)
    assert buf[8 + 3] == 0b10
    assert f.pixel(3, 9) == 1 and f.pixel(99, 0) is None
    f.pixel(-1, 0, 1)                      # off the buffer: ignored
    assert lit(f) == {(3, 9)}


def test_mono_hlsb_and_hmsb_layouts():
    buf, f = fb(16, 2, fbm.MONO_HLSB)
    f.pixel(1, 1, 1)
    assert buf == bytearray([0, 0, 0x40, 0])
    buf2 = bytearray(4)
    g = fbm.FrameBuffer(buf2, 16, 2, fbm.MONO_HMSB)
    g.pixel(1, 1, 1)
    assert buf2 == bytearray([0, 0, 0x02, 0])


def test_fill_rect_hline_vline_rect_clip_to_the_buffer():
    _b, f = fb(8, 8)
    f.fill_rect(-2, 6, 4, 5, 1)
    assert lit(f) == {(x, y) for x in (0, 1) for y in (6, 7)}
    f.fill(0)
    f.hline(6, 0, 5, 1)
    f.vline(0, 6, 9, 1)
    assert lit(f) == {(6, 0), (7, 0), (0, 6), (0, 7)}
    f.fill(0)
    f.rect(1, 1, 3, 3, 1)
    assert lit(f) == {(1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3), (3, 3)}
    f.rect(1, 1, 3, 3, 1, True)
    assert (2, 2) in lit(f)


def test_line_is_micropythons_bresenham_including_both_ends():
    _b, f = fb(8, 8)
    f.line(0, 0, 5, 2, 1)
    assert lit(f) == {(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)}
    f.fill(0)
    f.line(2, 6, 2, 1, 1)                 # steep, upwards
    assert lit(f) == {(2, y) for y in range(1, 7)}


def test_blit_with_key_and_palette():
    _sb, src = fb(2, 2)
    src.pixel(0, 0, 1)
    _db, dst = fb(4, 4)
    dst.fill(1)
    dst.blit(src, 1, 1, 1)                # key 1: lit source pixels are transparent
    assert lit(dst) == {(x, y) for x in range(4) for y in range(4)} - {(2, 1), (1, 2), (2, 2)}
    pal_buf = bytearray(2)
    pal = fbm.FrameBuffer(pal_buf, 2, 1, fbm.MONO_VLSB)
    pal.pixel(0, 0, 1)                    # palette inverts: 0 -> 1, 1 -> 0
    dst.fill(0)
    dst.blit(src, 0, 0, -1, pal)
    assert lit(dst) == {(1, 0), (0, 1), (1, 1)}
    dst.fill(0)
    dst.blit(src, 0, 0, 0, pal)           # key compared after the palette: (0,0) maps
    assert lit(dst) == {(1, 0), (0, 1), (1, 1)}   # to 0 = key; keyed before, none lit


def test_blit_clips_negative_positions_and_takes_a_tuple_source():
    sbuf = bytearray([0b11, 0b11])        # 2x2 all lit
    _db, dst = fb(4, 4)
    dst.blit((sbuf, 2, 2, fbm.MONO_VLSB), -1, -1)
    assert lit(dst) == {(0, 0)}


def test_scroll_moves_pixels_and_keeps_the_edge():
    _b, f = fb(4, 4)
    f.pixel(0, 0, 1)
    f.scroll(1, 2)
    assert lit(f) == {(0, 0), (1, 2)}


def test_ellipse_and_poly():
    _b, f = fb(9, 9)
    f.ellipse(4, 4, 2, 2, 1)
    assert lit(f) == {(6, 4), (6, 3), (5, 2), (4, 2), (3, 2), (2, 3), (2, 4), (2, 5), (3, 6),
                      (4, 6), (5, 6), (6, 5)}
    f.fill(0)
    f.ellipse(4, 4, 2, 2, 1, True, 0b0001)     # filled, first quadrant only
    assert lit(f) == {(4, 4), (5, 4), (6, 4), (4, 3), (5, 3), (6, 3), (4, 2), (5, 2)}
    f.fill(0)
    import array
    f.poly(1, 1, array.array("h", [0, 0, 3, 0, 3, 3, 0, 3]), 1, True)
    assert lit(f) == {(x, y) for x in range(1, 5) for y in range(1, 5)}
