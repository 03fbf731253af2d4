# The shipped board files are valid and in DESIGN.md's format.
import json
from pathlib import Path

import pytest

from oya.hw import board as B

BOARDS = sorted((Path(__file__).resolve().parents[2] / "boards").glob("*.json"))


@pytest.mark.parametrize("path", BOARDS, ids=[p.stem for p in BOARDS])
def test_shipped_board_is_valid(path):
    b = json.loads(path.read_text())
    assert B.validate(b) == []
    assert set(b) == {"name", "buttons", "display", "printer"}
    assert set(b["buttons"]) == {"up", "down", "ok", "back", "left", "right"}
    assert set(b["display"]) == set(B.DEFAULT["display"])
    if b["printer"] is not None:
        assert set(b["printer"]) == set(B.DEFAULT["printer"])
    loaded, errs = B.load(str(path))
    assert errs == [] and loaded == b


def test_the_pico_board_file_and_the_simulators_fallback_are_the_firmwares_default_wiring(tmp_path, monkeypatch):
    from host_sim import sim
    pico = json.loads((BOARDS[0].parent / "rpi_pico.json").read_text())
    assert dict(pico, name=None) == dict(B.DEFAULT, name=None)
    monkeypatch.setattr(sim, "BOARDS", str(tmp_path))          # no board files: the fallback
    assert sim.load_board("rpi_pico") == B.DEFAULT
    assert sim.load_board("rpi_pico") is not B.DEFAULT
