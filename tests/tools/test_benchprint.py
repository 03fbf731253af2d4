"""The printer bench (tools/benchprint.py) on the host simulator: the night's
slip prints the chart as a raster image while DOWN is pressed, and no byte
is lost and no press waits behind a line (issue 63's printer budget)."""
from tests.tools.conftest import ROOT
from tools import benchprint


def test_the_nights_chart_prints_while_keys_are_pressed_without_a_lost_byte_or_key():
    fig = benchprint.printer_figures(ROOT / "firmware")
    night = fig["slips"]["night slip"]
    # GS v 0 of the chart at the printer's 384 dots: 48 bytes a dot row, 192 rows
    assert night["bytes"] > 48 * 192
    assert night["presses"] >= 10
    assert night["overruns"] == 0 and night["late"] == 0
    assert fig["overruns"] == 0 and fig["press_late"] == 0
