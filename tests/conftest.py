# The suite's harness: firmware/ importable on CPython, and every module under
# tests/both/ collected twice: as ordinary CPython tests and once more under
# real MicroPython (tools/mpy/runner.mjs via tools/mpy_runtime.py), one pytest
# item per test function with the id suffix [micropython], so both runtimes
# count in pytest's totals. A module runs once per session under MicroPython;
# its heap figures go to build/mpy_heap/<module>.json.
#
# A "both" module is tests/both/test_*.py (of this tree, or of any tree whose
# tests/conftest.py loads this one, as tests/test_harness.py does).
# OYA_NO_MICROPYTHON=1 skips (rather than fails) the MicroPython items when
# node or the runtime is missing; `make test` installs both.
# OYA_MPY_HEAP_DIR moves the heap reports; OYA_MPY_TIMEOUT (s) bounds a module run.
import os
import sys
import types
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOTH = ROOT / "tests" / "both"
for p in (BOTH, ROOT / "firmware", ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

# Runtime-neutral tests learn from tests/both/harness.py which runtime the
# harness meant them to run on; the MicroPython runner says "micropython".
_h = types.ModuleType("oya_harness")
_h.RUNTIME = "cpython"
_h.HOST = "oya test harness, CPython"
sys.modules.setdefault("oya_harness", _h)

from tools import mpy_runtime  # noqa: E402

MP_SUFFIX = "[micropython]"
_module_runs = {}  # path -> ModuleRun (or Unavailable), per process
# Under xdist the controller makes a directory shared by its workers, so a
# module whose items land on both workers still runs once under MicroPython:
# the first worker to need it runs it under a lock, the other reads its result.
SHARED_ENV = "OYA_MPY_SHARED_DIR"


_selected = {}  # path -> test names whose [micropython] items this session runs


def _run_module(path):
    try:
        run = mpy_runtime.run_test_module(path, names=_selected.get(path),
                                          timeout=int(os.environ.get("OYA_MPY_TIMEOUT", "300")))
    except mpy_runtime.Unavailable as e:
        return e, None
    try:
        mpy_runtime.write_heap_report(run, os.environ.get("OYA_MPY_HEAP_DIR"))
    except OSError:
        pass
    return run, run.result.to_json()


def _shared_module_run(path, shared):
    import fcntl
    key = "%s-%08x" % (path.stem, zlib.crc32(str(path).encode()))
    done = Path(shared) / (key + ".json")
    with open(Path(shared) / (key + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if done.exists():
            names = _selected.get(path) or mpy_runtime.list_tests(path)
            return mpy_runtime.module_run_from_result(
                path, names, mpy_runtime.Result.from_json(done.read_text()))
        run, text = _run_module(path)
        if text is not None:
            tmp = done.with_suffix(".tmp")
            tmp.write_text(text)
            os.replace(tmp, done)
        return run


def _module_run(path):
    run = _module_runs.get(path)
    if run is None:
        shared = os.environ.get(SHARED_ENV)
        if shared and os.environ.get("PYTEST_XDIST_WORKER") and os.path.isdir(shared):
            run = _shared_module_run(path, shared)
        else:
            run = _run_module(path)[0]
        _module_runs[path] = run
    return run


def pytest_collect_file(file_path, parent):
    if (file_path.suffix == ".py" and file_path.name.startswith("test_")
            and file_path.parent.name == "both" and file_path.parent.parent.name == "tests"):
        return MicroPythonFile.from_parent(parent, path=file_path)
    return None


def pytest_collection_finish(session):
    # Run only the selected tests of a module under MicroPython (-k, node ids),
    # in source order. Every xdist worker sees the same selection.
    _selected.clear()
    for item in session.items:
        if isinstance(item, MicroPythonItem) and not item.is_class:
            _selected.setdefault(item.path, []).append(item.test)
    for path, names in _selected.items():
        order = mpy_runtime.list_tests(path)
        names.sort(key=lambda n: order.index(n) if n in order else len(order))


class MicroPythonFile(pytest.File):
    """The MicroPython twin of a tests/both module."""

    def collect(self):
        for name in mpy_runtime.list_tests(self.path):
            yield MicroPythonItem.from_parent(self, name=name + MP_SUFFIX, test=name)
        import ast
        for node in ast.parse(self.path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                # pytest would run it on CPython only: say so rather than drop it.
                yield MicroPythonItem.from_parent(self, name=node.name + MP_SUFFIX, test=node.name,
                                                  is_class=True)


class MicroPythonFailure(Exception):
    pass


class MicroPythonItem(pytest.Item):
    def __init__(self, *, test, is_class=False, **kw):
        super().__init__(**kw)
        self.test = test
        self.is_class = is_class
        self.add_marker(pytest.mark.micropython)

    def runtest(self):
        if self.is_class:
            raise MicroPythonFailure("tests/both holds plain test functions; the class %s would "
                                     "run on CPython only" % self.test)
        run = _module_run(self.path)
        if isinstance(run, mpy_runtime.Unavailable):
            if os.environ.get("OYA_NO_MICROPYTHON"):
                pytest.skip(str(run))
            raise MicroPythonFailure(str(run))
        outcome = run.get(self.test)
        if outcome is None:
            raise MicroPythonFailure("no outcome for %s under MicroPython" % self.test)
        if outcome.status == "skipped":
            pytest.skip(outcome.message)
        if outcome.status != "passed":
            text = outcome.message
            if outcome.stdout:
                text += "\n---- MicroPython stdout ----\n" + outcome.stdout
            raise MicroPythonFailure(text)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, MicroPythonFailure):
            return "MicroPython %s: %s\n%s" % (
                _runtime_version(self.path), self.test, excinfo.value.args[0].rstrip())
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, None, "%s%s" % (self.test, MP_SUFFIX)


def _runtime_version(path):
    run = _module_runs.get(path)
    if run is None or isinstance(run, Exception):
        return "(not run)"
    return run.result.runtime.get("version", "?")


def pytest_configure(config):
    config.addinivalue_line("markers", "micropython: runs under real MicroPython (WebAssembly port)")
    if not hasattr(config, "workerinput"):  # the controller (or a run without xdist)
        import tempfile
        import time
        import shutil
        # leftovers of killed sessions
        for old in Path(tempfile.gettempdir()).glob("oya-mpy-share-*"):
            try:
                if time.time() - old.stat().st_mtime > 3 * 3600:
                    shutil.rmtree(old, ignore_errors=True)
            except OSError:
                pass
        config._oya_mpy_shared = tempfile.mkdtemp(prefix="oya-mpy-share-")
        os.environ[SHARED_ENV] = config._oya_mpy_shared  # inherited by the workers it spawns


def pytest_unconfigure(config):
    shared = getattr(config, "_oya_mpy_shared", None)
    if shared:
        import shutil
        shutil.rmtree(shared, ignore_errors=True)
