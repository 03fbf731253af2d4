"""Every word key the firmware asks oya.ui.text for by name is in both
languages' tables (a missing one would show its key on the screen)."""
import re
from pathlib import Path

import tools  # noqa: F401  (firmware/ on sys.path)
from oya.ui import text, text_en, text_ja, text_en_setup, text_ja_setup
from oya import heap

FIRMWARE = Path(tools.ROOT) / "firmware"


def test_every_key_the_firmware_names_has_a_word_in_english_and_japanese():
    used = set()
    for p in FIRMWARE.rglob("*.py"):
        used |= set(re.findall(r"\bt\(\s*\"([a-z_]+)\"", p.read_text(encoding="utf-8")))
    assert len(used) > 40
    for key in sorted(used):
        for match, setup in ((text_en.T, text_en_setup.T), (text_ja.T, text_ja_setup.T)):
            assert heap.look(match, key) is not None or heap.look(setup, key) is not None, key
