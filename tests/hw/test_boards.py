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
