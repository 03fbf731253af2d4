# The MicroPython harness itself: outcomes, tracebacks, output, heap figures,
# files in and out, timeouts, and its pytest integration (a failing MicroPython
# test fails in pytest's totals, on one worker or two).
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tools import mpy_runtime

ROOT = Path(__file__).resolve().parent.parent

DEMO = textwrap.dedent('''\
    # A runtime-neutral module with one outcome of each kind.
    import sys
    import harness


    def helper(n):
        return n * 2


    def test_passes():
        print("hello from", sys.implementation.name)
        assert helper(2) == 4


    def test_fails_an_assert():
        x = helper(3)
        assert x == 7, "six is not seven"


    def test_raises():
        {}["missing"]


    def test_skips_on_micropython():
        if harness.MICROPYTHON:
            harness.skip("not here")


    def test_only_micropython_fails():
        assert sys.implementation.name != "micropython", "MicroPython ran me"
    ''')


def write_demo(tmp_path, text=DEMO, name="test_demo.py"):
    d = tmp_path / "tests" / "both"
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_text(text)
    # the helpers of tests/both sit next to the module, as in the real tree
    (d / "harness.py").write_text((ROOT / "tests" / "both" / "harness.py").read_text())
    return d / name


def test_runtime_is_really_micropython_and_output_is_captured():
    r = mpy_runtime.run("import sys\nprint(sys.implementation.name)\nprint('second')")
    assert r.ok and r.error == ""
    assert r.stdout == "micropython\nsecond\n"
    assert r.runtime["name"] == "micropython" and r.runtime["version"].startswith("1.")


def test_firmware_is_importable_and_cwd_is_root():
    r = mpy_runtime.run("import os, oya.rng\nprint(os.getcwd(), oya.rng.__file__)")
    assert r.ok, r.error
    assert r.stdout.split() == ["/", "oya/rng.py"]   # found through sys.path '', as on a board


def test_urandom_comes_from_the_harness_not_the_firmware():
    r = mpy_runtime.run("import os\nprint(len(os.urandom(32)), os.urandom(8) != os.urandom(8))")
    assert r.ok, r.error
    assert r.stdout.split() == ["32", "True"]
    # and firmware/ itself never defines it
    for p in (ROOT / "firmware").rglob("*.py"):
        assert "os.urandom =" not in p.read_text(encoding="utf-8"), p


def test_exception_gives_traceback_with_host_paths():
    r = mpy_runtime.run("from oya import rng\nrng.Rng(b'short')", name="<t>")
    assert not r.ok
    assert r.steps[0].error_type == "ValueError"
    assert "ValueError: seed must be 32 bytes" in r.error
    assert 'File "firmware/oya/rng.py", line' in r.error   # mapped back to the repository
    assert "<harness>" not in r.error


def test_steps_share_globals_and_a_failure_does_not_stop_later_steps():
    r = mpy_runtime.run_steps(["x = 41", "raise KeyError('k')", "print(x + 1)"])
    assert [s.status for s in r.steps] == ["passed", "failed", "passed"]
    assert not r.ok and r.steps[2].stdout == "42\n"
    assert r.steps[1].error_type == "KeyError"


def test_systemexit_is_a_failure_not_a_crash():
    r = mpy_runtime.run_steps(["import sys\nsys.exit(3)", "print('after')"])
    assert r.steps[0].status == "failed" and r.steps[0].error_type == "SystemExit"
    assert r.steps[1].stdout == "after\n"


def test_heap_figures_follow_allocation():
    r = mpy_runtime.run_steps([
        {"name": "small", "code": "a = bytearray(100)"},
        {"name": "big", "code": "b = bytearray(200000)"},
        {"name": "drop", "code": "b = None"},
        {"name": "garbage", "code": "for i in range(50):\n    c = bytearray(10000)\nc = None"},
    ])
    assert r.ok, r.error
    small, big, drop, garbage = r.steps
    assert 0 < small.heap["used"] < 50000
    assert big.heap["used"] >= 200000 and big.heap["live"] >= 200000
    assert drop.heap["live"] < 100000          # released at the collection after the step
    # inside a step nothing is collected: the garbage counts towards its high-water
    assert garbage.heap["used"] >= 400000 and garbage.heap["live"] < 100000
    assert r.heap_high >= garbage.heap["total"] >= r.heap_used_high >= 400000
    assert r.heap_live >= 200000 and r.heap_initial == mpy_runtime.DEFAULT_HEAPSIZE


def test_call_steps_sample_every_call():
    r = mpy_runtime.run_steps([
        "n = 0\ndef tick():\n    global n\n    n += 1\n    junk = bytearray(30000)\n    return n < 20",
        {"name": "loop", "call": "tick"},
        "print(n)",
    ])
    assert r.ok, r.error
    loop = r.steps[1]
    assert loop.iterations == 20 and r.steps[2].stdout == "20\n"
    # collected between calls, so 20 x 30 kB never pile up
    assert 30000 <= loop.heap["used"] < 200000


def test_async_step_top_level_await():
    r = mpy_runtime.run_steps([
        "import asyncio\nasync def main():\n    await asyncio.sleep_ms(5)\n    return 7",
        {"name": "a", "code": "v = await main()\nprint(v)", "async": True},
    ])
    assert r.ok, r.error
    assert r.steps[1].stdout == "7\n"


def test_files_in_and_out():
    code = textwrap.dedent('''\
        import json, os
        cfg = json.load(open("/board.json"))
        os.mkdir("/state")
        with open("/state/out.bin", "wb") as f:
            f.write(bytes([cfg["n"], 0, 255]))
        with open("/keep.txt", "a") as f:
            f.write("+")
        os.remove("/gone.txt")
        ''')
    r = mpy_runtime.run(code, files={"/board.json": '{"n": 7}', "/keep.txt": b"x",
                                     "/gone.txt": "bye", "/same.txt": "same"},
                        read_back=["/same.txt"])
    assert r.ok, r.error
    assert r.files_out["/state/out.bin"] == b"\x07\x00\xff"
    assert r.files_out["/keep.txt"] == b"x+"
    assert r.files_out["/same.txt"] == b"same"           # asked for explicitly
    assert "/board.json" not in r.files_out               # unchanged inputs are not echoed
    assert not any(p.startswith("/oya/") for p in r.files_out)
    assert r.deleted == ["/gone.txt"]


def test_extra_dirs_are_mounted_and_on_sys_path(tmp_path):
    (tmp_path / "lib2").mkdir()
    (tmp_path / "lib2" / "extra_mod.py").write_text("VALUE = 5\n")
    r = mpy_runtime.run("import extra_mod\nprint(extra_mod.VALUE, extra_mod.__file__)",
                        extra_dirs=[(str(tmp_path / "lib2"), "/x2")])
    assert r.ok, r.error
    assert r.stdout.split() == ["5", "/x2/extra_mod.py"]


def test_timeout_is_reported():
    r = mpy_runtime.run("while True:\n    pass", timeout=2)
    assert not r.ok and r.fatal and "timed out" in r.error


def test_run_test_module_outcomes(tmp_path):
    path = write_demo(tmp_path)
    m = mpy_runtime.run_test_module(path)
    assert list(m) == ["test_passes", "test_fails_an_assert", "test_raises",
                       "test_skips_on_micropython", "test_only_micropython_fails"]
    assert m["test_passes"].passed and m["test_passes"].stdout == "hello from micropython\n"
    passed, message = m["test_fails_an_assert"]
    assert not passed
    assert "AssertionError: six is not seven" in message
    assert re.search(r'File ".*test_demo.py", line 17, in test_fails_an_assert', message)
    assert "KeyError" in m["test_raises"].message
    assert m["test_skips_on_micropython"].status == "skipped"
    assert m["test_skips_on_micropython"].message == "not here"
    assert "MicroPython ran me" in m["test_only_micropython_fails"].message
    assert m.heap_high > 0 and m.heap_live > 0
    rep = mpy_runtime.write_heap_report(m, tmp_path / "heap")
    data = json.loads(rep.read_text())
    assert data["module"] == "test_demo" and data["heap_high"] == m.heap_high
    assert data["tests"]["test_passes"]["total"] > 0


def test_import_failure_fails_every_test(tmp_path):
    path = write_demo(tmp_path, "import no_such_module\n\ndef test_a():\n    pass\n\n"
                                "def test_b():\n    pass\n", "test_broken.py")
    m = mpy_runtime.run_test_module(path)
    assert [o.status for o in m.values()] == ["failed", "failed"]
    assert "import of test_broken failed" in m["test_a"].message
    assert "no_such_module" in m["test_b"].message


def _pytest_on_demo(tmp_path, *args):
    write_demo(tmp_path)
    (tmp_path / "tests" / "conftest.py").write_text(
        "import runpy\nglobals().update((k, v) for k, v in runpy.run_path(%r).items()\n"
        "                 if not k.startswith('__'))\n" % str(ROOT / "tests" / "conftest.py"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "OYA_MPY"))}
    env["OYA_MPY_HEAP_DIR"] = str(tmp_path / "heap")
    p = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA",
                        "--rootdir", str(tmp_path), str(tmp_path / "tests")] + list(args),
                       capture_output=True, text=True, cwd=str(tmp_path), env=env, timeout=300)
    return p.stdout + p.stderr


def _counts(out):
    tail = out.strip().split("\n")[-1]
    return {k: int(n) for n, k in re.findall(r"(\d+) (passed|failed|skipped)", tail)}


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_pytest_counts_micropython_items(tmp_path, workers):
    out = _pytest_on_demo(tmp_path, *workers)
    # CPython: 3 pass, 2 fail. MicroPython: 1 pass, 3 fail, 1 skipped.
    assert _counts(out) == {"passed": 4, "failed": 5, "skipped": 1}, out
    assert "FAILED tests/both/test_demo.py::test_only_micropython_fails[micropython]" in out
    assert "PASSED tests/both/test_demo.py::test_only_micropython_fails\n" in out \
        or "PASSED tests/both/test_demo.py::test_only_micropython_fails " in out
    assert "SKIPPED" in out and "not here" in out
    # the MicroPython traceback is what pytest shows for the failure
    assert "AssertionError: MicroPython ran me" in out
    assert "MicroPython 1." in out
    heap = json.loads((tmp_path / "heap" / "test_demo.json").read_text())
    assert heap["heap_high"] > 0 and heap["tests"]["test_passes"]["status"] == "passed"


def test_pytest_selection_runs_only_selected_tests_under_micropython(tmp_path):
    out = _pytest_on_demo(tmp_path, "-k", "passes or raises")
    assert _counts(out) == {"passed": 2, "failed": 2}, out
    heap = json.loads((tmp_path / "heap" / "test_demo.json").read_text())
    assert sorted(heap["tests"]) == ["test_passes", "test_raises"] and heap["complete"] is False
