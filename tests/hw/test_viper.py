# oya.viper's machine-code loops must give the very bytes of the Python loops
# they replace on the board (oya.ui.font's page writer, oya.hw.ssd1306's
# window search). Viper code is Python with typed names, so here it runs as
# Python: `ptr8` indexes a buffer as a memoryview does, and
# @micropython.viper leaves the function as it is. On the RP2040 itself the
# pico bench draws every screen through it (tools/pico).
import random
import sys
import types
from pathlib import Path

import framebuf
import pytest

from oya.hw import ssd1306
from oya.ui import font

VIPER_SRC = Path(__file__).resolve().parents[2] / "firmware" / "oya" / "viper.py"


@pytest.fixture(scope="module")
def viper():
    """oya/viper.py, run as Python."""
    mp = types.ModuleType("micropython")
    mp.viper = lambda f: f
    saved = sys.modules.get("micropython")
    sys.modules["micropython"] = mp
    try:
        ns = {"__name__": "oya_viper_as_python", "ptr8": memoryview}
        exec(compile(VIPER_SRC.read_text(), str(VIPER_SRC), "exec"), ns)
    finally:
        if saved is None:
            del sys.modules["micropython"]
        else:
            sys.modules["micropython"] = saved
    return types.SimpleNamespace(**ns)


def test_the_module_does_not_load_on_cpython_so_the_python_loops_run():
    assert font.glyph_run is None
    assert ssd1306.first_diff.__module__ == "oya.hw.ssd1306"


ROWS = ["Oya - home", "", "P1: Bet? 10 left  OK:x", "W" * 25, "ｵｲﾁｮｶﾌﾞ 9 ♠A ⑩", "Pot 40 ガ x", "~}|{ !\x7f\x1f ab",
        "A" * 20 + "ガ", "ガ" * 12, "abc" + "\u00e9" * 30]


def _draw_all(write, buf):
    for k in range(len(buf)):
        buf[k] = 0x5A                          # what was there before
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    out = []
    for i, text in enumerate(ROWS):
        r = i % 8
        write(fb, r, text.encode(), i % 3 == 1)
        out.append(bytes(buf[r * 128:(r + 1) * 128]))
    return out


def test_the_glyph_run_draws_the_bytes_of_the_python_loop(viper, monkeypatch):
    buf = bytearray(1024)
    want = _draw_all(font.page_writer(buf, 128), buf)
    monkeypatch.setattr(font, "glyph_run", viper.glyph_run)
    got = _draw_all(font.page_writer(buf, 128), buf)
    assert got == want


def test_the_glyph_run_stops_at_what_it_cannot_draw(viper):
    buf = bytearray(128)
    g = font.GLYPHS
    assert viper.glyph_run(buf, 0, 128, g, b"ab\xef\xbd\xb1c", 0, 6, 0) == 2      # kana: the caller's
    assert bytes(buf[:6]) == g[(ord("a") - 32) * 6:(ord("a") - 31) * 6]
    assert viper.glyph_run(buf, 0, 128, g, b"abc", 1, 3, 0) == 2
    assert viper.glyph_run(buf, 120, 128, g, b"abc", 0, 3, 0) == 1                # a cut glyph: the caller's
    assert viper.glyph_run(buf, 0, 128, g, b"\x7fa", 0, 2, 0) == 0
    viper.glyph_run(buf, 0, 128, g, b"b", 0, 1, 0xFF)
    assert bytes(buf[:6]) == bytes(x ^ 0xFF for x in g[(ord("b") - 32) * 6:(ord("b") - 31) * 6])


def test_the_window_search_agrees_with_the_python_loops(viper):
    rnd = random.Random(7)
    for _ in range(400):
        a = bytearray(rnd.randrange(256) for _ in range(128))
        b = bytearray(a)
        for _ in range(rnd.randrange(4)):
            b[rnd.randrange(128)] ^= 1 << rnd.randrange(8)
        ma, mb = memoryview(a), memoryview(b)
        assert viper.first_diff(ma, mb, 128) == ssd1306.first_diff(ma, mb, 128)
        assert viper.last_diff(ma, mb, 128) == ssd1306.last_diff(ma, mb, 128)
    same = bytearray(16)
    assert viper.first_diff(same, bytearray(16), 16) == 16
    assert viper.last_diff(same, bytearray(16), 16) == -1
