"""Run code under real MicroPython (the WebAssembly port) from CPython.

Host code, tests and benchmarks use this; it drives ``tools/mpy/runner.mjs``
(one node process per call: node plus the runtime start in ~0.2 s, so a test
module pays it once, not once per test).

    from tools import mpy_runtime
    r = mpy_runtime.run("from oya import rng; print(len(rng.entropy()))")
    r.ok, r.stdout, r.error, r.heap_high, r.heap_live, r.files_out

    mod = mpy_runtime.run_test_module("tests/both/test_runtime_sanity.py")
    mod["test_urandom"].passed, mod["test_urandom"].message, mod.heap_high

Every run loads the ``firmware/`` tree at ``/`` of the runtime's filesystem
(the cwd is ``/``, so ``import oya`` works as on a board), plus ``extra_dirs``
and ``files``. ``files_out`` holds every file the run created or changed.

Heap figures (bytes; see runner.mjs for how they are sampled): ``heap_high``
is the largest heap ``total`` seen at the end of any step, before the
collection that follows it; ``heap_used_high`` the largest allocated amount at
those moments; ``heap_live`` the largest live set after a collection between
steps. The port never collects in the middle of a step, so the first two
include the garbage a step made: they are upper bounds of what a step needs.
"""
import ast
import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MPY_DIR = ROOT / "tools" / "mpy"
RUNNER = MPY_DIR / "runner.mjs"
PACKAGE = MPY_DIR / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
DEFAULT_HEAPSIZE = 16 * 1024
TESTS_BOTH_DST = "/tests_both"


class Unavailable(RuntimeError):
    """node or the MicroPython WebAssembly package is missing."""


def node_path():
    return shutil.which("node")


def check_available():
    """Raise Unavailable (with what to do) unless runs can happen."""
    if not node_path():
        raise Unavailable("node is not on PATH: install node 20+ to run the MicroPython side")
    if not (PACKAGE / "micropython.mjs").exists():
        raise Unavailable("MicroPython WebAssembly runtime missing: run `make setup` "
                          "(npm install in tools/mpy)")


def available():
    try:
        check_available()
    except Unavailable:
        return False
    return True


class Step:
    """The outcome of one step of a run."""

    def __init__(self, d):
        self.name = d.get("name", "")
        self.ok = bool(d.get("ok"))
        self.status = d.get("status", "failed")
        self.error_type = d.get("error_type", "")
        self.error = d.get("error", "")
        self.stdout = d.get("stdout", "")
        self.stderr = d.get("stderr", "")
        self.heap = d.get("heap", {})
        self.ms = d.get("ms", 0)
        self.iterations = d.get("iterations")
        self.samples = d.get("samples")   # a "call" step with "samples": true: [[used, live], ...] per call

    def __repr__(self):
        return "<Step %s %s>" % (self.name, self.status)


class Result:
    """The outcome of a run. ``ok`` is true when every step passed."""

    def __init__(self, raw, *, stdout="", stderr="", wall_ms=0.0, mounts=None, fatal=None):
        self.raw = raw
        self.fatal = fatal or raw.get("fatal")
        self.steps = [Step(s) for s in raw.get("steps", [])]
        self.ok = bool(raw.get("ok")) and not self.fatal
        self.stdout = raw.get("stdout", stdout)
        self.stderr = raw.get("stderr", "")
        self.process_stderr = stderr
        heap = raw.get("heap") or {}
        self.heap = heap
        self.heap_initial = heap.get("initial", 0)
        self.heap_high = heap.get("high", 0)
        self.heap_used_high = heap.get("used_high", 0)
        self.heap_live = heap.get("live_high", 0)
        self.heap_baseline_live = heap.get("baseline_live", 0)
        self.runtime = raw.get("runtime") or {}
        self.node_startup_ms = raw.get("node_startup_ms", 0)
        self.load_ms = raw.get("load_ms", 0)
        self.run_ms = raw.get("run_ms", 0)
        self.wall_ms = wall_ms
        self.files_out = {p: base64.b64decode(e["b64"]) for p, e in (raw.get("files_out") or {}).items()}
        self.deleted = list(raw.get("deleted") or [])
        self._mounts = mounts or []

    @property
    def error(self):
        """The traceback of the first failed step (host paths), or the fatal
        harness error, or "" when all went well."""
        if self.fatal:
            return "harness: " + self.fatal
        for s in self.steps:
            if s.status == "failed":
                return self.host_paths(s.error)
        return ""

    def to_json(self):
        """Everything needed to rebuild this Result (from_json), as JSON text."""
        return json.dumps({"raw": self.raw, "stdout": self.stdout, "stderr": self.process_stderr,
                           "wall_ms": self.wall_ms, "mounts": self._mounts, "fatal": self.fatal})

    @classmethod
    def from_json(cls, text):
        d = json.loads(text)
        return cls(d["raw"], stdout=d["stdout"], stderr=d["stderr"], wall_ms=d["wall_ms"],
                   mounts=[tuple(m) for m in d["mounts"]], fatal=d["fatal"])

    def step(self, name):
        for s in self.steps:
            if s.name == name:
                return s
        raise KeyError(name)

    def host_paths(self, text):
        """Rewrite runtime paths in a traceback (``File "/oya/x.py"``) to
        repository paths (``firmware/oya/x.py``)."""
        return _host_paths(text, self._mounts)

    def __repr__(self):
        return "<mpy_runtime.Result ok=%s steps=%d heap_high=%d>" % (self.ok, len(self.steps), self.heap_high)


def _rel(p):
    try:
        return str(Path(p).resolve().relative_to(ROOT))
    except ValueError:
        return str(p)


def _host_paths(text, mounts):
    if not text:
        return text
    out = []
    for line in text.split("\n"):
        s = line.lstrip()
        if s.startswith('File "') and not s.startswith('File "<'):
            q = s.index('"') + 1
            end = s.index('"', q)
            fs_path = s[q:end]
            if not fs_path.startswith("/"):  # found through sys.path '' from cwd /
                fs_path = "/" + fs_path
            for host, dst in sorted(mounts, key=lambda m: -len(m[1])):
                pre = dst.rstrip("/") + "/"
                if fs_path.startswith(pre):
                    cand = Path(host) / fs_path[len(pre):]
                    if cand.exists():
                        line = line.replace(s[q - 1:end + 1], '"%s"' % _rel(cand), 1)
                        break
        out.append(line)
    return "\n".join(out)


def _file_spec(v):
    if isinstance(v, (bytes, bytearray)):
        return {"b64": base64.b64encode(bytes(v)).decode()}
    if isinstance(v, str):
        return {"text": v}
    if isinstance(v, Path):
        return {"b64": base64.b64encode(v.read_bytes()).decode()}
    raise TypeError("files values are str, bytes or Path")


def _mount_list(extra_dirs):
    """extra_dirs: a list of host paths (mounted at /<basename>) or
    (host, fs_dst) pairs, or a {host: fs_dst} dict."""
    if isinstance(extra_dirs, dict):
        extra_dirs = list(extra_dirs.items())
    mounts = []
    for m in extra_dirs or ():
        if isinstance(m, (str, Path)):
            host, dst = Path(m), "/" + Path(m).name
        else:
            host, dst = Path(m[0]), m[1]
        if not host.is_absolute():
            host = ROOT / host
        mounts.append((str(host), dst))
    return mounts


def run_steps(steps, *, extra_dirs=(), sys_path=None, files=None, read_back=(), heapsize=None,
              firmware=True, timeout=60, echo=False, stop_on_error=False):
    """Run a list of steps in one fresh MicroPython. A step is a code string,
    or a dict: {"name", "code"} (exec in __main__), {"name", "call": fn,
    "max": n} (call the global fn() until it returns false: one heap sample
    per call; "samples": True keeps each call's [used, live] in
    Step.samples), {"name", "code", "async": True} (top-level await).
    Returns a Result; raises Unavailable when node/runtime are missing."""
    check_available()
    mounts = _mount_list(extra_dirs)
    req_steps = []
    for i, s in enumerate(steps):
        if isinstance(s, str):
            s = {"name": "step%d" % i, "code": s, "filename": "<step%d>" % i}
        req_steps.append(s)
    req = {
        "root": str(ROOT),
        "firmware": "firmware" if firmware else False,
        "mounts": [{"src": h, "dst": d} for h, d in mounts],
        "sys_path": list(sys_path) if sys_path is not None else [d for _, d in mounts if d != "/"],
        "files": {p: _file_spec(v) for p, v in (files or {}).items()},
        "read_back": list(read_back),
        "heapsize": heapsize or DEFAULT_HEAPSIZE,
        "steps": req_steps,
        "echo": echo,
        "stop_on_error": stop_on_error,
    }
    all_mounts = ([(str(ROOT / "firmware"), "/")] if firmware else []) + mounts
    with tempfile.TemporaryDirectory(prefix="oya-mpy-") as tmp:
        req_path = Path(tmp) / "request.json"
        res_path = Path(tmp) / "result.json"
        req_path.write_text(json.dumps(req))
        cmd = [node_path(), str(RUNNER), "--request", str(req_path), "--result", str(res_path)]
        t0 = time.perf_counter()
        try:
            p = subprocess.run(cmd, capture_output=True, timeout=timeout, cwd=str(ROOT))
        except subprocess.TimeoutExpired as e:
            out = (e.stdout or b"").decode("utf-8", "replace")
            err = (e.stderr or b"").decode("utf-8", "replace")
            return Result({"ok": False, "stdout": out}, stdout=out, stderr=err, mounts=all_mounts,
                          wall_ms=(time.perf_counter() - t0) * 1000,
                          fatal="MicroPython run timed out after %ss" % timeout)
        wall = (time.perf_counter() - t0) * 1000
        out = p.stdout.decode("utf-8", "replace")
        err = p.stderr.decode("utf-8", "replace")
        if not res_path.exists():
            return Result({"ok": False, "stdout": out}, stdout=out, stderr=err, wall_ms=wall,
                          mounts=all_mounts,
                          fatal="runner exited %d without a result:\n%s" % (p.returncode, err))
        raw = json.loads(res_path.read_text())
    return Result(raw, stdout=out, stderr=err, wall_ms=wall, mounts=all_mounts)


def run(code, *, extra_dirs=(), files=None, read_back=(), heapsize=None, timeout=60, echo=False,
        name="<run>"):
    """Run one piece of code (a single step) with the firmware loaded."""
    return run_steps([{"name": name, "code": code, "filename": name}], extra_dirs=extra_dirs,
                     files=files, read_back=read_back, heapsize=heapsize, timeout=timeout, echo=echo)


# ---- test modules -----------------------------------------------------------

def list_tests(path):
    """The test functions of a runtime-neutral test module, in source order
    (top-level ``def test_*``), as pytest would collect them."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"), str(path))
    names = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            if node.name not in names:
                names.append(node.name)
    return names


class TestOutcome:
    """One test function's outcome under MicroPython."""

    __test__ = False  # not a pytest test class
    __slots__ = ("name", "status", "message", "stdout", "heap", "ms")

    def __init__(self, name, status, message="", stdout="", heap=None, ms=0):
        self.name = name
        self.status = status
        self.message = message
        self.stdout = stdout
        self.heap = heap or {}
        self.ms = ms

    @property
    def passed(self):
        return self.status == "passed"

    def __iter__(self):  # (passed, message), as the harness API promises
        return iter((self.passed, self.message))

    def __repr__(self):
        return "<TestOutcome %s %s>" % (self.name, self.status)


class ModuleRun(dict):
    """{test_name: TestOutcome} for one module, plus the whole run's Result
    (``.result``) and its heap figures."""

    def __init__(self, path, result, outcomes):
        super().__init__(outcomes)
        self.path = Path(path)
        self.result = result
        self.heap_high = result.heap_high
        self.heap_used_high = result.heap_used_high
        self.heap_live = result.heap_live

    def heap_report(self):
        r = self.result
        return {
            "module": self.path.stem,
            "complete": set(self) >= set(list_tests(self.path)),  # false: only some tests ran
            "path": _rel(self.path),
            "runtime": r.runtime,
            "heap_initial": r.heap_initial,
            "heap_high": r.heap_high,
            "heap_used_high": r.heap_used_high,
            "heap_live_high": r.heap_live,
            "heap_baseline_live": r.heap_baseline_live,
            "import": _step_heap(r, "import"),
            "tests": {n: dict(o.heap, status=o.status, ms=o.ms) for n, o in self.items()},
            "node_startup_ms": r.node_startup_ms,
            "run_ms": r.run_ms,
            "wall_ms": round(r.wall_ms),
        }


def _step_heap(result, name):
    try:
        s = result.step(name)
    except KeyError:
        return {}
    return dict(s.heap, status=s.status, ms=s.ms)


def _last_line(tb):
    lines = [ln for ln in tb.strip().split("\n") if ln.strip()]
    return lines[-1] if lines else ""


def run_test_module(path, *, heapsize=None, timeout=300, names=None):
    """Import a tests/both module inside MicroPython (its directory mounted at
    /tests_both and on sys.path) and run each test function as one step,
    catching exceptions per test. Returns a ModuleRun."""
    path = Path(path).resolve()
    names = list(names) if names is not None else list_tests(path)
    mod = path.stem
    steps = [{"name": "import", "code": "import %s as __oya_mod" % mod, "filename": "<harness>",
              "required": True}]
    for n in names:
        steps.append({"name": n, "code": "__oya_mod.%s()" % n, "filename": "<harness>"})
    result = run_steps(steps, extra_dirs=[(str(path.parent), TESTS_BOTH_DST)], heapsize=heapsize,
                       timeout=timeout)
    return module_run_from_result(path, names, result)


def module_run_from_result(path, names, result):
    """Turn a test module's run (steps "import", then one per test) into a
    ModuleRun."""
    path = Path(path)
    mod = path.stem
    outcomes = {}
    by_name = {s.name: s for s in result.steps}
    imp = by_name.get("import")
    for n in names:
        s = by_name.get(n)
        if s is None:
            if imp is not None and imp.status == "failed":
                msg = "import of %s failed under MicroPython:\n%s" % (mod, result.host_paths(imp.error))
            else:
                msg = result.error or "not run"
            outcomes[n] = TestOutcome(n, "failed", msg, imp.stdout if imp else result.stdout)
            continue
        if s.status == "skipped":
            msg = _last_line(s.error).partition(":")[2].strip() or "skipped under MicroPython"
        else:
            msg = result.host_paths(s.error)
        outcomes[n] = TestOutcome(n, s.status, msg, s.stdout, s.heap, s.ms)
    return ModuleRun(path, result, outcomes)


def write_heap_report(module_run, out_dir=None):
    """Write build/mpy_heap/<module>.json (atomically) and return its path."""
    out_dir = Path(out_dir) if out_dir else ROOT / "build" / "mpy_heap"
    out_dir.mkdir(parents=True, exist_ok=True)
    dst = out_dir / (module_run.path.stem + ".json")
    fd, tmp = tempfile.mkstemp(dir=str(out_dir), prefix=".tmp-", suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(module_run.heap_report(), f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, dst)
    return dst


def main(argv=None):
    """python -m tools.mpy_runtime [test-module.py ...]: run tests/both modules
    under MicroPython and print per-module outcomes and heap figures."""
    import sys
    paths = argv if argv is not None else sys.argv[1:]
    if not paths:
        paths = sorted(str(p) for p in (ROOT / "tests" / "both").glob("test_*.py"))
    bad = 0
    for p in paths:
        m = run_test_module(p)
        write_heap_report(m)
        n_ok = sum(1 for o in m.values() if o.status != "failed")
        bad += len(m) - n_ok
        print("%-40s %3d/%-3d ok  heap high %7d  used high %7d  live %7d  startup %4d ms  run %5d ms"
              % (Path(p).name, n_ok, len(m), m.heap_high, m.heap_used_high, m.heap_live,
                 m.result.node_startup_ms, m.result.run_ms))
        if m.result.fatal:
            print("  " + m.result.error)
        for o in m.values():
            if o.status == "failed":
                print("  FAILED %s\n%s" % (o.name, o.message))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
