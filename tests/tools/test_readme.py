# README's tools sections stay true: the wiring tables are the board files'.
from tests.tools.conftest import ROOT
from tools import deploy

README = (ROOT / "README.md").read_text(encoding="utf-8")
PLAYING = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")


def test_wiring_tables_match_the_board_files():
    # the Pico's in README, the other boards' in the page it links
    for b in deploy.boards():
        page, text = ("README", README) if b == "rpi_pico" else ("docs/playing.md", PLAYING)
        assert deploy.wiring_markdown(b) in text, (
            "%s's wiring for %s is stale: paste `python -m tools deploy --wiring`" % (page, b))


def test_wiring_uses_the_picos_physical_pins():
    t = deploy.wiring_markdown("rpi_pico")
    assert "| Button UP | other leg to GND (internal pull-up) | 14 (GP10) |" in t
    assert "| SDA | 6 (GP4) |" in t and "| Pico TX to printer RX | 11 (GP8) |" in t


def test_every_tools_command_is_documented():
    for cmd in ("make deploy PORT=", "ruleset check", "ruleset push", "ruleset list", "ruleset pull",
                "tools verify", "mip install --target /", "FROZEN_MANIFEST=", "deploy --frozen",
                "python -m tools.vdev", "docs/rulesets.md"):
        assert cmd in README, cmd
    for section in ("## Wiring", "## Deploy", "## Rulesets", "## Verify", "## Packaging",
                    "## Troubleshooting"):
        assert section in README, section
