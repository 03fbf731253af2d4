# package.json (mip) and firmware/manifest.py (a frozen image) list the firmware.
import json

from tests.tools.conftest import ROOT, tools
from tools import deploy


def test_package_json_is_current_and_lists_the_whole_firmware():
    p = tools("deploy", "--mip-manifest", "--check")
    assert p.returncode == 0, p.out + " (run: python -m tools deploy --mip-manifest)"
    pkg = json.loads((ROOT / "package.json").read_text())
    dsts = [d for d, _ in pkg["urls"]]
    assert set(dsts) >= set(deploy.firmware_sources()) | {"main.py", "board.json"}
    shipped = sorted((ROOT / "firmware" / "rulesets").glob("*.json"))
    assert {d for d in dsts if d.startswith("rulesets/")} == {"rulesets/" + p.name for p in shipped} | {
        "rulesets/.index"}
    # mip installs the index of the shipped rulesets too: the first listing imports no engine
    assert (ROOT / "firmware" / "rulesets" / ".index").read_bytes() == deploy.ruleset_index(shipped)
    for dst, src in pkg["urls"]:
        assert (ROOT / src).is_file(), src  # relative to the repository root, as mip resolves them
        assert not src.startswith(("http", "github:"))
    from oya import VERSION
    assert pkg["version"] == VERSION and pkg["deps"] == []


def test_manifest_freezes_the_package_and_main():
    calls = []
    api = {name: (lambda *a, _n=name, **k: calls.append((_n, a, k)))
           for name in ("include", "package", "module", "require", "freeze")}
    src = (ROOT / "firmware" / "manifest.py").read_text()
    exec(compile(src, "manifest.py", "exec"), api)
    assert ("include", ("$(PORT_DIR)/boards/manifest.py",), {}) in calls
    assert ("package", ("oya",), {}) in calls  # every module of firmware/oya, as it grows
    assert ("module", ("main.py",), {}) in calls
    assert (ROOT / "firmware" / "oya" / "__init__.py").exists() and (ROOT / "firmware" / "main.py").exists()


def test_mip_manifest_generation_matches_the_tree(tmp_path):
    text = deploy.mip_manifest()
    assert json.loads(text)["urls"][-1] == ["board.json", "boards/rpi_pico.json"]
