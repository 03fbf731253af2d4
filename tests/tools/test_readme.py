# README's tools sections stay true: the wiring tables are the board files'.
from tests.tools.conftest import ROOT
from tools import deploy

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_wiring_tables_match_the_board_files():
    for b in deploy.boards():
        assert deploy.wiring_markdown(b) in README, (
            "README's wiring for %s is stale: paste `python -m tools deploy --wiring`" % b)


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
