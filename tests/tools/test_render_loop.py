"""tools/bench/render_loop.py, the renderer's cost on a board (BENCHMARKS.md),
runs under CPython and the real MicroPython runtime, and sends what the app
would: the same bytes on both."""
import os
import subprocess
import sys

import pytest

from tools import mpy_runtime

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "tools", "bench", "render_loop.py")


def _figures(out):
    line = [ln for ln in out.splitlines() if ln.startswith("RENDER ")]
    assert len(line) == 1, out
    us, frames, sent = (int(x) for x in line[0].split()[1:])
    return us, frames, sent


def _under_cpython():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "firmware"), ROOT]))
    r = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    return r


def test_render_loop_under_cpython():
    r = _under_cpython()
    us, frames, sent = _figures(r.stdout)
    assert frames == 200 and us > 0
    # every frame changes rows: at least a window's command and data a frame,
    # at most the whole panel each time (8 pages, 7 command + 129 data bytes)
    assert 200 * 9 < sent < 200 * 8 * 136


def test_render_loop_under_micropython_sends_the_same_bytes():
    if not mpy_runtime.available():
        pytest.skip("MicroPython runtime missing (make setup)")
    with open(SCRIPT) as f:
        code = f.read()
    r = mpy_runtime.run(code, timeout=120)
    assert r.ok, r.error
    assert _figures(r.stdout)[1:] == _figures(_under_cpython().stdout)[1:]
