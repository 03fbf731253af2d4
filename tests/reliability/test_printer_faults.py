"""Printer faults on the simulated device (the firmware's ESC/POS driver
against host_sim's printer on the fake UART): no printer fitted, the printer
unplugged in the middle of a slip, paper out with no reply. Each time play
goes on, the slip is reported as not printed, and nothing else changes: the
match record, the journal on flash and the screen underneath are as before."""
import json

from host_sim import Sim
from host_sim.drive import setup_table
from tests.reliability.presses import app_of


def _table(board="rpi_pico", seed=7, game="oicho"):
    sim = Sim(seed=seed, board=board)
    sim.advance(300)
    setup_table(sim, game, bots=3)
    sim.press("ok")                       # past the first-dealer screen
    return sim


def _printed(sim):
    """Wait until the firmware's driver has sent everything, then the printer
    has printed it."""
    p = app_of(sim).hw.printer
    assert sim.run_until(lambda: not p.busy, 120000, 50)
    sim.wait_printer()


def _state(sim):
    app = app_of(sim)
    return (json.dumps(app.session.record(), sort_keys=True), sim.flash.get("state/match"),
            type(app.top()).__name__, getattr(app.top(), "state", None))


def _play_to_results(sim):
    for _ in range(200):
        if sim.screen_text()[0] == "Results":
            return True
        sim.press("ok", gap_ms=500)
    return False


def _dismiss_report(sim, want):
    """The report is on top; OK takes it away and leaves the screen under it."""
    for _ in range(60):
        if any(want in r for r in sim.screen_text()):
            break
        sim.advance(250)
    rows = sim.screen_text()
    assert any(want in r for r in rows), rows
    sim.press("ok")


def test_no_printer_fitted():
    sim = _table(board="rpi_pico2")
    try:
        before = _state(sim)
        assert sim.screen_text()[-1].startswith("OK deal")
        sim.hold("ok", 900)                          # the commitment slip
        _dismiss_report(sim, "No printer fitted")
        assert _state(sim) == before
        assert _play_to_results(sim)
        sim.hold("ok", 900)                          # the deal record
        _dismiss_report(sim, "No printer fitted")
        assert sim.screen_text()[0] == "Results"
        assert sim.crashed is None and sim.errors == []
    finally:
        sim.close()


def test_paper_out_with_no_reply():
    sim = _table()
    try:
        app = app_of(sim)
        sim.hold("ok", 900)                          # a slip that prints
        _printed(sim)
        assert "Commit" in sim.receipt() and app.hw.printer.printed == 1
        printed = sim.receipt()
        sim.printer.paper_out()
        before = _state(sim)
        sim.hold("ok", 900)
        _dismiss_report(sim, "Slip not printed")
        assert _state(sim) == before
        assert sim.receipt() == printed and app.hw.printer.failed == 1
        assert _play_to_results(sim)                 # play goes on
        sim.printer.paper_out(False)
        sim.hold("ok", 900)                          # paper back: the record prints
        _printed(sim)
        assert app.hw.printer.printed == 2 and "Seed" in sim.receipt()[len(printed):]
        assert sim.crashed is None and sim.errors == []
    finally:
        sim.close()


def test_unplugged_in_the_middle_of_a_slip():
    sim = _table(game="kyuten")
    try:
        app = app_of(sim)
        assert _play_to_results(sim)
        before = _state(sim)
        sim.hold("ok", 900)                          # the deal record: a long slip
        sim.advance(400)
        assert app.hw.printer.busy
        sim.printer.unplug()
        _dismiss_report(sim, "Slip not printed")
        assert _state(sim) == before
        got = sim.receipt()
        assert "cut" not in got.split("Seed")[-1]    # the torn slip is not cut
        sim.press("ok")                              # next deal: play goes on
        assert sim.screen_text()[0].startswith("Deal")
        sim.printer.plug()
        sim.hold("ok", 900)
        _printed(sim)
        assert app.hw.printer.printed >= 1 and sim.receipt().rstrip().endswith("- cut -" + "-" * 13)
        assert sim.crashed is None and sim.errors == []
    finally:
        sim.close()
