# The drivers built from each shipped board file, on the simulator's fake
# machine: the panel emulator decodes what the display driver sends, the
# ESC/POS emulator prints what the printer driver sends (with a 1 KB input
# buffer that loses bytes when driven too fast), pins bounce like contacts.
import json
from pathlib import Path

import pytest

from host_sim import Sim

BOARDS = sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "boards").glob("*.json"))


def _hw(board, **kw):
    sim = Sim(board=board, autoboot=False, **kw)
    sim.prepare()
    hw = sim.importer.load("oya.hw.board").build("board.json")
    return sim, hw


def board_uart(board):
    return json.loads((Path(__file__).resolve().parents[2] / "boards" / (board + ".json")).read_text())["printer"]["uart"]


def _print(sim, hw, lines, cut=True):
    hw.printer.slip(lines, cut)
    while hw.printer.busy:
        w = hw.printer.pump(sim.now_ms)
        sim.advance(max(w, 1))
    sim.advance(5000)


def test_shipped_boards_are_the_three_picos():
    assert {"rpi_pico", "rpi_pico_w", "rpi_pico2"} <= set(BOARDS)


@pytest.mark.parametrize("board", BOARDS)
def test_board_builds_and_the_display_shows_text(board):
    sim, hw = _hw(board)
    try:
        assert hw.errors == []
        assert hw.display.failed is None
        font = sim.importer.load("oya.ui.font")
        font.draw(hw.display.fb, "Oya ｵｲﾁｮｶﾌﾞ ♠A ⑩", 0, 0)
        font.draw(hw.display.fb, "cursor row", 0, 56, True)
        assert hw.display.show()
        sim.advance(30)
        rows = sim.screen_text()
        assert rows[0].startswith("Oya ｵｲﾁｮｶﾌﾞ")
        assert rows[7].startswith("cursor row")
    finally:
        sim.close()


@pytest.mark.parametrize("board", BOARDS)
def test_buttons_through_bouncing_contacts(board):
    sim, hw = _hw(board)
    try:
        B = sim.importer.load("oya.hw.buttons")
        evs = []

        def run(ms):
            end = sim.now_ms + ms
            while sim.now_ms < end:
                hw.buttons.poll(sim.now_ms)
                sim.advance(5)
            while True:
                e = hw.buttons.get()
                if e < 0:
                    return
                evs.append(B.name(e))

        def press(name, at_ms, hold_ms):
            sim.schedule_press(name, (sim.now_ms + at_ms) * 1000, hold_ms)

        run(50)
        press("ok", 10, 80)
        run(400)
        assert evs == ["PRESS_OK", "RELEASE_OK", "CLICK_OK"]
        evs.clear()
        press("back", 10, 1000)
        run(1500)
        assert evs == ["PRESS_BACK", "LONG_BACK", "RELEASE_BACK"]
        evs.clear()
        for k in range(3):
            press("down", 10 + 200 * k, 80)
        run(1000)
        assert evs.count("CLICK_DOWN") == 3 and "REPEAT_DOWN" not in evs
    finally:
        sim.close()


@pytest.mark.parametrize("board", [b for b in BOARDS if b != "rpi_pico2"])
def test_slip_prints_exactly_and_never_overruns(board):
    sim, hw = _hw(board)
    try:
        lines = ["Oicho-Kabu", "カブ 9 ♠"] + ["%02d %s" % (k, "=" * 28) for k in range(40)]
        _print(sim, hw, lines)
        got = sim.receipt()
        assert got.startswith("Oicho-Kabu\nｶﾌﾞ 9 S\n00 ====")
        assert "39 " + "=" * 28 in got and "cut" in got
        assert sim.printer.overruns == 0
        assert hw.printer.printed == 1 and hw.printer.last_error is None
        # the UART's small buffers (heap) still take every write without a wait
        port = sim.uart_port(board_uart(board))
        assert (port.txbuf, port.rxbuf) == (128, 32) and port.blocked_writes == 0
    finally:
        sim.close()


def test_slip_not_printed_when_paper_runs_out_or_unplugged():
    sim, hw = _hw("rpi_pico")
    try:
        _print(sim, hw, ["first"])
        assert hw.printer.printed == 1
        sim.printer.paper_out()
        _print(sim, hw, ["second"])
        assert hw.printer.printed == 1 and hw.printer.failed == 1
        assert hw.printer.last_error
        sim.printer.paper_out(False)
        _print(sim, hw, ["third"])
        assert hw.printer.printed == 2 and hw.printer.last_error is None
        sim.printer.unplug()
        _print(sim, hw, ["fourth"])
        assert hw.printer.failed == 2 and "not answering" in hw.printer.last_error
        text = sim.receipt()
        assert "first" in text and "third" in text and "second" not in text and "fourth" not in text
    finally:
        sim.close()


def test_no_printer_board_gives_a_null_printer():
    sim, hw = _hw("rpi_pico2")
    try:
        assert hw.printer.fitted is False
        with pytest.raises(Exception, match="no printer"):
            hw.printer.slip(["x"])
    finally:
        sim.close()


def test_missing_display_is_reported_not_fatal():
    board = json.loads((Path(__file__).resolve().parents[2] / "boards" / "rpi_pico.json").read_text())
    board["display"]["addr"] = 0x3D          # the panel is at 0x3C: nothing answers
    sim = Sim(board="rpi_pico", autoboot=False)
    sim.flash.put("board.json", json.dumps(board))
    sim.prepare()
    hw = sim.importer.load("oya.hw.board").build("board.json")
    try:
        assert hw.display.failed and "0x3d" in hw.display.failed
        assert any("0x3d" in e for e in hw.errors)
        assert hw.display.show() is False
    finally:
        sim.close()


def test_bad_board_file_falls_back_with_a_message():
    sim = Sim(board="rpi_pico", autoboot=False)
    try:
        sim.flash.put("board.json", '{"name": "x", "buttons": {"up": 10}, "display": 5}')
        sim.prepare()
        hw = sim.importer.load("oya.hw.board").build("board.json")
        assert any("buttons.down is missing" in e for e in hw.errors)
        assert any("display must be an object" in e for e in hw.errors)
        assert hw.display.failed is None          # default wiring = the sim's wiring
        assert hw.buttons.fitted[:4] == (True, True, True, True)
    finally:
        sim.close()


def _picture(driver, rotate):
    """What the panel shows of one drawing, on a board whose display has
    `driver` and `rotate` (omitted when None)."""
    board = json.loads((Path(__file__).resolve().parents[2] / "boards" / "rpi_pico.json").read_text())
    board["display"]["driver"] = driver
    if rotate is not None:
        board["display"]["rotate"] = rotate
    sim = Sim(board=board, autoboot=False)
    try:
        sim.prepare()
        hw = sim.importer.load("oya.hw.board").build("board.json")
        assert hw.errors == []
        font = sim.importer.load("oya.ui.font")
        font.draw(hw.display.fb, "Oya 1", 0, 0)
        font.draw(hw.display.fb, "up", 100, 56, True)
        assert hw.display.show()
        return [bytes(r) for r in sim.panel.pixels()]
    finally:
        sim.close()


@pytest.mark.parametrize("driver", ["ssd1306", "sh1106"])
def test_a_panel_mounted_upside_down_shows_the_picture_turned_by_its_board_file(driver):
    upright = _picture(driver, None)
    assert _picture(driver, 0) == upright
    turned = _picture(driver, 180)
    assert turned != upright and any(any(r) for r in turned)
    # the glass shows it turned half a circle: read from the last pixel back
    assert turned == [r[::-1] for r in upright[::-1]]


def test_a_display_turned_other_than_by_half_a_circle_is_refused():
    from oya.hw import board as B
    d = dict(B.DEFAULT["display"], rotate=90)
    assert B.check_display(d) == ["display.rotate must be one of 0, 180, not 90"]
    assert B.check_display(dict(B.DEFAULT["display"], rotate=180)) == []


def test_only_the_printer_class_the_board_needs_is_loaded():
    # a board with a printer keeps PrinterPort in RAM and not NullPrinter;
    # one without keeps NullPrinter alone (each class ~0.2-0.6 KB on the RP2040)
    sim, hw = _hw("rpi_pico")
    try:
        assert hw.printer.fitted
        assert "oya.hw.printer_port" in sim.importer.modules and "oya.hw.no_printer" not in sim.importer.modules
    finally:
        sim.close()
    sim = Sim(board="rpi_pico", autoboot=False)
    try:
        sim.prepare()
        board = json.loads(sim.flash.get("board.json"))
        board["printer"] = None
        sim.flash.put("board.json", json.dumps(board))
        hw = sim.importer.load("oya.hw.board").build("board.json")
        assert not hw.printer.fitted and hw.errors == []
        assert "oya.hw.no_printer" in sim.importer.modules and "oya.hw.printer_port" not in sim.importer.modules
    finally:
        sim.close()


class _QuietUART:
    def write(self, b):
        return len(b)

    def any(self):
        return 0

    def read(self, n=None):
        return None


def test_the_printer_port_imports_its_driver_on_a_pump_of_its_own(monkeypatch):
    # the driver's import and its making in one pump were a run of 76 ms of
    # CPU as .mpy on the emulated RP2040; an import with no room fails the
    # slips held for it, and the port goes on
    import builtins
    import sys
    from oya.hw.printer_port import PrinterPort
    monkeypatch.delitem(sys.modules, "oya.hw.printer", raising=False)
    port = PrinterPort(_QuietUART(), status=False)
    real = builtins.__import__

    def no_room(name, *a, **k):
        if name == "oya.hw.printer":
            raise MemoryError("memory allocation failed, allocating 4096 bytes")
        return real(name, *a, **k)
    monkeypatch.setattr(builtins, "__import__", no_room)
    port.slip(["one"])
    port.slip(["two"])
    assert port.pump(0) == 0 and port.failed == 2 and "allocating" in port.last_error
    assert not port.busy and port.pump(0) == -1
    monkeypatch.setattr(builtins, "__import__", real)
    port.slip(["three"])
    assert port.pump(0) == 0 and port._driver is None and "oya.hw.printer" in sys.modules
    assert port.pump(0) == 0 and port._driver is not None and port.busy      # then the driver, with the slip
