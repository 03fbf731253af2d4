# Board files: validation messages, fallbacks to the default wiring.
import json
import os
from oya.hw import board as B

PICO = B.DEFAULT            # the Pico wiring of DESIGN.md: the firmware's default board


def _copy(x):
    return json.loads(json.dumps(x))


def _write(name, obj):
    with open(name, "w") as f:
        f.write(obj if isinstance(obj, str) else json.dumps(obj))
    return name


def test_design_example_is_valid():
    assert B.validate(PICO) == []
    b = _copy(PICO)
    b["printer"] = None
    b["display"]["driver"] = "sh1106"
    b["buttons"]["left"] = 14
    assert B.validate(b) == []


def test_messages_name_the_key_and_the_value():
    b = _copy(PICO)
    b["buttons"]["ok"] = "12"
    b["display"]["driver"] = "st7735"
    b["printer"]["heat"] = [1, 2]
    b["printer"]["baud"] = 300
    errs = B.validate(b)
    assert 'buttons.ok must be a GPIO number 0-47, not "12"' in errs
    assert any(e.startswith("display.driver must be one of") and "st7735" in e for e in errs)
    assert any(e.startswith("printer.heat must be") for e in errs)
    assert "printer.baud must be a whole number 1200-115200, not 300" in errs


def test_pin_conflicts_and_i2c_muxing():
    b = _copy(PICO)
    b["buttons"]["back"] = 8
    assert "GPIO 8 is used twice: buttons.back and printer.tx" in B.validate(b)
    b = _copy(PICO)
    b["display"]["sda"] = 6
    b["display"]["scl"] = 7
    errs = B.validate(b)
    assert len(errs) == 1 and "cannot be SDA/SCL of I2C0" in errs[0]
    b["display"]["i2c"] = 1
    assert B.validate(b) == []


def test_missing_file_gives_defaults_and_a_message():
    board, errs = B.load("no_such_board.json")
    assert board["display"]["addr"] == 60 and board["buttons"]["ok"] == 12
    assert errs and "not found" in errs[0]


def test_broken_json_gives_defaults():
    board, errs = B.load(_write("hwb_bad.json", '{"name": '))
    assert board == B.DEFAULT and "not valid JSON" in errs[0]
    os.remove("hwb_bad.json")


def test_bad_section_falls_back_alone():
    b = _copy(PICO)
    b["buttons"]["left"] = 20
    b["display"]["height"] = 48
    board, errs = B.load(_write("hwb_sec.json", b))
    assert board["buttons"]["left"] == 20            # the good section is kept
    assert board["display"] == B.DEFAULT["display"]
    assert any("display.height" in e for e in errs)
    assert any("default display used" in e for e in errs)
    os.remove("hwb_sec.json")


def test_valid_file_loads_as_is():
    b = _copy(PICO)
    b["printer"] = None
    board, errs = B.load(_write("hwb_ok.json", b))
    assert errs == [] and board == b
    os.remove("hwb_ok.json")
