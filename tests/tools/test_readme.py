# README's tools sections stay true: the wiring tables are the board files',
# and the examples print what they show.
import json
import os
import re
import shlex
import subprocess
import sys

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


# ---- the examples: each command README and docs/DEVELOPING.md show that runs
# without a board (no port, no emulator) is run again and its output compared
# with the document's, line for line.

DEVELOPING = (ROOT / "docs" / "DEVELOPING.md").read_text(encoding="utf-8")
BOARD_FREE = ("tools play", "tools verify", "tools ruleset check", "tools pico bench")


def examples(doc):
    """(command, [output lines]) of each `$ python -m tools ...` in the code
    blocks of `doc`, continuation lines joined; `cmd && ...` and `# notes` cut."""
    out = []
    for block in doc.split("```")[1::2]:
        lines = block.splitlines()
        i = 0
        while i < len(lines):
            ln = lines[i]
            i += 1
            if not ln.startswith("$ python -m tools"):
                continue
            cmd = ln[2:]
            while cmd.endswith("\\"):
                cmd = cmd[:-1] + lines[i].strip()
                i += 1
            shown = []
            while i < len(lines) and not lines[i].startswith("$ "):
                shown.append(lines[i])
                i += 1
            while shown and not shown[-1]:
                shown.pop()
            out.append((cmd.split("  #")[0].split(" && ")[0].strip(), shown))
    return out


def run(cmd, cwd):
    argv = shlex.split(cmd)
    assert argv[:3] == ["python", "-m", "tools"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable] + argv[1:], cwd=cwd, capture_output=True, text=True, env=env, timeout=300)
    got = (r.stdout + r.stderr).splitlines()
    while got and not got[-1]:
        got.pop()
    return got


def files_the_examples_read(tmp_path):
    """house.json as README shows it, bad.json as its messages say it is."""
    house = README.split("```json\n")[1].split("```")[0]
    (tmp_path / "house.json").write_text(house)
    (tmp_path / "bad.json").write_text('{"game": "oicho", "name": "Bad", "options": {"deck": "tarot"}}\n')


def test_the_documents_examples_that_run_without_a_board_print_what_they_show(tmp_path):
    files_the_examples_read(tmp_path)
    ran = 0
    for doc in (README, DEVELOPING):
        for cmd, shown in examples(doc):
            if not any(w in cmd for w in BOARD_FREE) or "--port" in cmd or "--firmware" in cmd:
                continue
            if "tampered.json" in cmd:          # "the same file with two final scores edited"
                t = json.loads((tmp_path / "match.json").read_text())
                t["final"][0] += 1
                t["final"][1] -= 1
                (tmp_path / "tampered.json").write_text(json.dumps(t))
            got = run(cmd, tmp_path)
            assert got == shown, "%s\nthe document shows:\n%s\nit prints:\n%s" % (cmd, "\n".join(shown), "\n".join(got))
            ran += 1
    assert ran >= 6, ran        # play, verify x2, ruleset check, a deal's verify, pico without its files


def test_the_deploy_examples_name_what_a_deploy_compiles_and_copies():
    """The deploy's output needs a board; what it says of the build (modules,
    sizes, file counts) is checked here against a build of this tree."""
    text = README
    assert re.search(r"^compiled \d+ modules with ", text, re.M) and re.search(r"^deploy: \d+ copied", text, re.M)
    current = deploy.readme_figures(text)
    stale = [(a, b) for a, b in zip(text.splitlines(), current.splitlines()) if a != b]
    assert not stale, "README's deploy figures are stale; `python -m tools deploy --readme` rewrites them: %s" % stale


def test_readme_stays_one_page_for_the_people_who_use_oya():
    # what the people who change Oya need goes to docs/DEVELOPING.md, the table deck in full to docs/playing.md
    assert len(README.splitlines()) <= 400, len(README.splitlines())
    assert README.startswith("# Oya") and "make sim " in README.split("\n## ")[0] and "make test " in README.split("\n## ")[0]


def test_the_screenshots_are_what_their_commands_make_today(tmp_path):
    """Each `python -m tools shot ... --gif|--png FILE` the documents name is run
    again into a scratch folder: every frame the same as the committed image."""
    from PIL import Image, ImageChops
    shots = []
    for doc, base in ((README, ROOT), (PLAYING, ROOT)):
        for cmd in re.findall(r"`(python -m tools\s+shot\s[^`]+)`", doc):
            cmd = " ".join(cmd.split())
            out = re.search(r"--(gif|png) (\S+)", cmd).group(2)
            shots.append((cmd.replace(out, str(tmp_path / os.path.basename(out))), base / out))
    assert len(shots) >= 2, shots
    for cmd, committed in shots:
        run(cmd, ROOT)
        made = Image.open(tmp_path / committed.name)
        want = Image.open(committed)
        assert getattr(made, "n_frames", 1) == getattr(want, "n_frames", 1), cmd
        for i in range(getattr(want, "n_frames", 1)):
            made.seek(i)
            want.seek(i)
            assert not ImageChops.difference(made.convert("RGB"), want.convert("RGB")).getbbox(), (
                "%s: frame %d differs from %s; run the command again into it" % (cmd, i, committed.name))
