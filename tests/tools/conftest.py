# Tools tests: deploy and rulesets through the real mpremote CLI against the
# virtual device (tools/vdev: a pty speaking the raw REPL, running the
# MicroPython WebAssembly port). They run in `make test`; when node or the
# runtime is missing they fail, unless OYA_NO_MICROPYTHON=1 says to skip them.
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tools import vdev

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable


def _need_vdev():
    if vdev.available():
        return
    msg = "node or the MicroPython WebAssembly runtime is missing (make setup)"
    if os.environ.get("OYA_NO_MICROPYTHON") == "1":
        pytest.skip(msg)
    pytest.fail(msg)


@pytest.fixture
def device(tmp_path):
    """A fresh virtual board whose flash is tmp_path/flash."""
    _need_vdev()
    dev = vdev.VirtualDevice(tmp_path / "flash")
    dev.start()
    yield dev
    dev.close()


def run(args, timeout=180, cwd=ROOT):
    """Run a command; returns CompletedProcess with .out (stdout+stderr) and .secs."""
    t = time.monotonic()
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout, cwd=str(cwd))
    p.secs = time.monotonic() - t
    p.out = p.stdout + p.stderr
    return p


def tools(*args, **kw):
    return run([PY, "-m", "tools"] + [str(a) for a in args], **kw)


def mpremote(port, *args, **kw):
    return run([PY, "-m", "mpremote", "connect", port] + [str(a) for a in args], **kw)


def flash_files(dev):
    """{relative path: bytes} of the device's flash folder, after a flush."""
    dev.flush()
    root = Path(dev.root)
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}
