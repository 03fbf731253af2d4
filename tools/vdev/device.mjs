#!/usr/bin/env node
// The MicroPython half of the Oya virtual device (see tools/vdev/__init__.py).
//
// One process is one boot of the device: the official MicroPython WebAssembly
// port, loaded once, executing code with globals that persist between requests,
// and a filesystem loaded from a host folder at boot and written back to it
// when the device goes quiet, before a reset and on request (so the folder is
// the device's flash: the next boot, a second mpremote invocation and a test
// all see what the device wrote).
// The serial side (raw REPL framing, raw-paste flow control, soft and hard
// resets) lives in tools/vdev/__init__.py, which drives this process with one
// JSON request per line on stdin and reads one JSON response per line on stdout.
//
//   {"op": "boot", "root": DIR, "mpy": N|null, "kind": "power"|"soft"|"hard"}
//       load DIR into the filesystem, install the prelude, run /boot.py
//   {"op": "exec", "code": B64}      run code as a file input in __main__
//                                    (what the raw REPL does with a command)
//   {"op": "single", "code": B64}    run one friendly-REPL input (expression
//                                    results are printed)
//   {"op": "runfile", "path": P}     run /P if it exists (main.py)
//   {"op": "flush"}                  write the filesystem back to the folder now
// Every response: {"out": B64 of everything the code printed, "etype": the
// exception type or null, "tb": the traceback text or null, "reset": null,
// "soft" (SystemExit, machine.soft_reset) or "hard" (machine.reset)}.
//
// What this adds to the port, in a prelude compiled as "<vdev>" (its frames
// are removed from tracebacks):
//   os.urandom(n)      node's crypto, as tools/mpy/runner.mjs provides it;
//   OSError numbers    the port raises the C library's (emscripten) errno
//                      values (ENOENT is 44 there); a board raises MicroPython's
//                      (ENOENT is 2, printed "[Errno 2] ENOENT"), which is what
//                      mpremote maps back to FileNotFoundError etc. The os
//                      functions and open() translate them;
//   os.uname()         absent from the port;
//   machine            a tiny stand-in: reset() (hard reset of the device: the
//                      serial side restarts it in the friendly REPL), soft_reset(),
//                      unique_id(), freq(), idle(); nothing else (no Pin, I2C...);
//   sys.implementation._mpy / .version   with --mpy N / --version X.Y.Z,
//                      `import sys` returns a view of sys whose implementation
//                      reports those, to show how deploy refuses bytecode a
//                      board cannot load;
//   the root listing   hides the port's /dev and /proc, so / looks like a
//                      board's flash.
import { readFileSync, writeFileSync, readdirSync, statSync, mkdirSync, rmSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";

const HERE = dirname(fileURLToPath(import.meta.url));
const PKG = join(HERE, "..", "mpy", "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs");
const SYSTEM = new Set(["dev", "proc", "tmp", "home"]);

const argv = process.argv.slice(2);
let heapsize = 192 * 1024;
let mpyOverride = null;
let versionOverride = null;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--heapsize") heapsize = parseInt(argv[++i], 10);
  else if (argv[i] === "--mpy") mpyOverride = parseInt(argv[++i], 10);
  else if (argv[i] === "--version") versionOverride = argv[++i].split(".").map((x) => parseInt(x, 10));
}

const PRELUDE = String.raw`
import sys, os, io, builtins, _vdev

# emscripten errno -> MicroPython errno (what a board raises)
_ERRNO = {63: 1, 44: 2, 29: 5, 8: 9, 6: 11, 48: 12, 2: 13, 10: 16, 20: 17, 75: 18, 43: 19,
          54: 20, 31: 21, 28: 22, 41: 23, 33: 24, 22: 27, 51: 28, 70: 29, 69: 30,
          37: 36, 55: 39, 58: 95, 138: 95}

def _fix(f):
    def call(*a, **k):
        try:
            return f(*a, **k)
        except OSError as e:
            n = e.args[0] if e.args else 0
            raise OSError(_ERRNO.get(n, n))
    return call

def _is_root(a):
    p = a[0] if a else ""
    if not p.startswith("/"):
        p = os.getcwd().rstrip("/") + "/" + p
    p = p.replace("/./", "/")
    while p.endswith("/.") or p.endswith("/"):
        p = p[:-2] if p.endswith("/.") else p[:-1]
    return p == ""

def _hide_ilistdir(f):
    def ilistdir(*a):
        it = f(*a)
        if not _is_root(a):
            return it
        return iter([e for e in it if e[0] not in ("dev", "proc")])
    return ilistdir

def _hide_listdir(f):
    def listdir(*a):
        names = f(*a)
        if not _is_root(a):
            return names
        return [n for n in names if n not in ("dev", "proc")]
    return listdir

for _n in ("stat", "mkdir", "remove", "unlink", "rmdir", "rename", "chdir", "statvfs",
           "listdir", "ilistdir"):
    if hasattr(os, _n):
        setattr(os, _n, _fix(getattr(os, _n)))
os.ilistdir = _hide_ilistdir(os.ilistdir)
os.listdir = _hide_listdir(os.listdir)
builtins.open = io.open = _fix(open)

def _urandom(n):
    if not isinstance(n, int) or n < 0:
        raise ValueError("n must be a non-negative int")
    return bytes(_vdev.urandom(n)) if n else b""

os.urandom = _urandom

_nv = sys.version.split("; ", 1)[-1]
_rel = ".".join(str(x) for x in sys.implementation.version[:3])

def _uname():
    from collections import namedtuple
    return namedtuple("uname_result", ("sysname", "nodename", "release", "version", "machine"))(
        "webassembly", "oya-vdev", _rel, _nv.split(" ", 1)[-1] + " (Oya virtual device)",
        "Oya virtual device with " + sys.implementation._machine)

os.uname = _uname

class _Machine:
    __name__ = "machine"
    def reset(self):
        _vdev.reset("hard")
        raise SystemExit
    def soft_reset(self):
        raise SystemExit
    def unique_id(self):
        return b"OYAVDEV1"
    def freq(self, *a):
        return 125000000
    def idle(self):
        pass

sys.modules["machine"] = _Machine()

def _single(src):
    exec(compile(src, "<stdin>", "single"), __main_globals__)

def _runfile(path):
    try:
        f = open(path)
    except OSError:
        return False
    try:
        src = f.read()
    finally:
        f.close()
    exec(compile(src, path, "exec"), __main_globals__)
    return True

__main_globals__["__vdev_single"] = _single
__main_globals__["__vdev_runfile"] = _runfile
`;

// Only when the device is told to report another bytecode version.
const MPY_OVERRIDE = String.raw`
class _Impl:
    def __init__(self, real, mpy, version):
        self.name = real.name
        self.version = version + (real.version[3],) if version else real.version
        self._machine = real._machine
        self._mpy = mpy
    def __repr__(self):
        return "(name=%r, version=%r, _machine=%r, _mpy=%d)" % (
            self.name, self.version, self._machine, self._mpy)

class _SysView:
    def __init__(self, real, impl):
        self.implementation = impl
        self._real = real
    def __getattr__(self, k):
        return getattr(self._real, k)

sys.modules["sys"] = _SysView(sys, _Impl(sys.implementation, __VDEV_MPY__, __VDEV_VERSION__))
`;

// Run once before the boot request (the process waits as a spare until then),
// so the wasm functions a command uses are compiled ahead: the first commands
// after a soft reset are then as fast as the rest. Nothing stays in __main__.
const WARMUP = String.raw`
def _warm():
    import os, sys, json, hashlib, binascii, gc
    print(repr(tuple(os.stat("/"))), end=",")
    for f in os.ilistdir("/"):
        print(repr(f), end=",")
    f = open("/.vdev-warm", "wb")
    w = f.write
    w(b"\x00\x01" * 300)
    f.close()
    h = hashlib.sha256()
    buf = memoryview(bytearray(256))
    with open("/.vdev-warm", "rb") as f:
        while True:
            n = f.readinto(buf)
            if n == 0:
                break
            h.update(buf if n == 256 else buf[:n])
    print(binascii.hexlify(h.digest()), json.dumps({"a": [1, "b"]}), json.loads("[1]"))
    os.remove("/.vdev-warm")
    try:
        os.stat("/.vdev-warm")
    except OSError as e:
        print(e)
    gc.collect()
_warm()
del _warm
`;

const VDEV_FRAME = /^ {2}File "<vdev>", line \d+, in .*\n/gm;

const { loadMicroPython } = await import(PKG);
let out = [];
let resetKind = null;
const sink = (b) => {
  if (resetKind !== "hard") out.push(b[0]);
};
const mp = await loadMicroPython({ heapsize, pystack: 4096, linebuffer: false, stdout: sink, stderr: sink });
const FS = mp.FS;
mp.registerJsModule("_vdev", {
  urandom: (n) => new Uint8Array(randomBytes(n)),
  reset: (k) => {
    resetKind = String(k);
  },
});
for (const d of ["/tmp", "/home/web_user", "/home"]) {
  try {
    FS.rmdir(d);
  } catch {}
}

// ---- the filesystem: host folder <-> MEMFS ----------------------------------

let root = null;
let snap = new Map(); // device path -> {node, data: Buffer} for a file, {node, data: null} for a folder

// Which files were written since the last sync: MEMFS's file write and
// setattr (truncation) are shared by every file node, so wrapping them once
// sees every change; a sync then reads only those files (and new paths).
const dirty = new Set();
{
  FS.writeFile("/.vdev-probe", "x");
  const node = FS.lookupPath("/.vdev-probe").node;
  const sops = node.stream_ops;
  const nops = node.node_ops;
  const write = sops.write;
  sops.write = function (stream, ...rest) {
    dirty.add(stream.node);
    return write.call(this, stream, ...rest);
  };
  const setattr = nops.setattr;
  nops.setattr = function (n, attr, ...rest) {
    dirty.add(n);
    return setattr.call(this, n, attr, ...rest);
  };
  FS.unlink("/.vdev-probe");
}

function walk(dir, acc) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    if (dir === "/" && SYSTEM.has(name)) continue;
    const p = (dir === "/" ? "" : dir) + "/" + name;
    const node = FS.lookupPath(p).node;
    if (FS.isDir(node.mode)) {
      acc.set(p, { node, data: null });
      walk(p, acc);
    } else if (FS.isFile(node.mode)) {
      acc.set(p, { node, data: undefined });
    }
  }
  return acc;
}

function load(hostDir, devDir) {
  for (const name of readdirSync(hostDir)) {
    if (devDir === "/" && SYSTEM.has(name)) continue;
    const h = join(hostDir, name);
    const d = (devDir === "/" ? "" : devDir) + "/" + name;
    const st = statSync(h);
    if (st.isDirectory()) {
      FS.mkdir(d);
      load(h, d);
    } else if (st.isFile()) {
      FS.writeFile(d, readFileSync(h));
    }
  }
}

function snapshot() {
  const now = walk("/", new Map());
  for (const e of now.values()) if (e.data === undefined) e.data = Buffer.from(FS.readFile(pathOf(e, now)));
  dirty.clear();
  return now;
}

function pathOf(entry, map) {
  for (const [p, e] of map) if (e === entry) return p;
  return null;
}

// Write what changed since the last sync back to the host folder.
function sync() {
  if (root === null) return;
  const now = walk("/", new Map());
  for (const [p, e] of now) {
    const old = snap.get(p);
    const host = join(root, p);
    if (e.data === null) {
      if (!old || old.data !== null) {
        if (old) rmSync(host, { force: true });
        mkdirSync(host, { recursive: true });
      }
      continue;
    }
    if (old && old.data && old.node === e.node && !dirty.has(e.node)) {
      e.data = old.data;
      continue;
    }
    e.data = Buffer.from(FS.readFile(p));
    if (!old || old.data === null || !old.data.equals(e.data)) {
      if (old && old.data === null) rmSync(host, { recursive: true, force: true });
      mkdirSync(dirname(host), { recursive: true });
      writeFileSync(host, e.data);
    }
  }
  const gone = [...snap.keys()].filter((p) => !now.has(p)).sort().reverse();
  for (const p of gone) rmSync(join(root, p), { recursive: true, force: true });
  dirty.clear();
  snap = now;
}

// ---- running code -------------------------------------------------------------

function result(etype, tb) {
  const r = {
    out: Buffer.from(out).toString("base64"),
    etype: etype,
    tb: tb === null ? null : tb.replace(VDEV_FRAME, ""),
    reset: null,
  };
  if (resetKind) r.reset = resetKind;
  else if (etype === "SystemExit") r.reset = "soft";
  if (r.reset) {
    r.etype = null;
    r.tb = null;
  }
  out = [];
  return r;
}

function run(fn) {
  out = [];
  try {
    const v = fn();
    return [result(null, null), v];
  } catch (e) {
    if (e && e.name === "PythonError") return [result(e.type, e.message), null];
    return [result("VdevError", `vdev: ${e && e.stack ? e.stack : e}\n`), null];
  }
}

function pyString(s) {
  return JSON.stringify(s); // a JSON string literal is a valid Python str literal
}

function boot(req) {
  const T = [performance.now()];
  root = resolve(req.root);
  mkdirSync(root, { recursive: true });
  load(root, "/");
  FS.chdir("/");
  snap = snapshot();
  T.push(performance.now());
  const [r] = run(() => mp.runPython("__vdev_runfile('boot.py')"));
  T.push(performance.now());
  sync();
  T.push(performance.now());
  r.banner = banner;
  if (process.env.VDEV_TIMING) process.stderr.write(`boot ms: ${T.map((t) => (t - T[0]).toFixed(1)).join(" ")}\n`);
  return r;
}

function fromB64(s) {
  return Buffer.from(s, "base64").toString("utf8");
}

// Writing to the host is slow (a few ms a file), and mpremote writes a file in
// 256-byte commands: so the flash is written back when the device goes quiet
// (no request for QUIET ms), before a reset, and on "flush" (the serial side
// asks before every boot and when a test wants to look at the folder).
const QUIET = 25;
let timer = null;
function later(r) {
  if (timer) clearTimeout(timer);
  timer = null;
  if (r.reset) sync();
  else timer = setTimeout(() => {
    timer = null;
    sync();
  }, QUIET);
  return r;
}

function handle(req) {
  switch (req.op) {
    case "boot":
      return boot(req);
    case "exec": {
      const code = fromB64(req.code);
      const t0 = performance.now();
      const [r] = run(() => mp.runPython(code));
      if (process.env.VDEV_TIMING) process.stderr.write(`exec ms: ${(performance.now() - t0).toFixed(1)}\n`);
      return later(r);
    }
    case "single": {
      const code = fromB64(req.code);
      const [r] = run(() => mp.runPython(`__vdev_single(${pyString(code)})`));
      // The call line itself is not the user's: drop its frame.
      if (r.tb) r.tb = r.tb.replace(/^ {2}File "<stdin>", line 1, in <module>\n(?= {2}File "<stdin>")/m, "");
      return later(r);
    }
    case "runfile": {
      const [r] = run(() => mp.runPython(`__vdev_runfile(${pyString(req.path)})`));
      if (r.tb) r.tb = r.tb.replace(/^ {2}File "<stdin>", line 1, in <module>\n/m, "");
      return later(r);
    }
    case "flush":
      sync();
      return { out: "", etype: null, tb: null, reset: null };
    default:
      return { out: "", etype: "VdevError", tb: `vdev: unknown op ${req.op}\n`, reset: null };
  }
}

// ---- start: prelude and warm-up, then wait for the boot request ----------------

mp.runPython(`exec(compile(${pyString(PRELUDE)}, "<vdev>", "exec"), {"__main_globals__": globals()})`);
if (mpyOverride !== null || versionOverride !== null) {
  const code = MPY_OVERRIDE.replace("__VDEV_MPY__", mpyOverride === null ? "real._mpy" : String(mpyOverride))
    .replace("__VDEV_VERSION__", versionOverride === null ? "None" : "(" + versionOverride.join(", ") + ",)");
  mp.runPython(`exec(compile(${pyString(code)}, "<vdev>", "exec"), {"sys": __import__("sys")})`);
}
mp.runPython(WARMUP);
out = [];
mp.runPython('import sys\nprint(sys.version.split("; ", 1)[-1] + "; Oya virtual device with " + sys.implementation._machine)\ndel sys');
const banner = Buffer.from(out).toString("utf8").trim();
out = [];

// ---- the request loop ---------------------------------------------------------

process.stdout.write(JSON.stringify({ ready: true }) + "\n");
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  pending += chunk;
  let k;
  while ((k = pending.indexOf("\n")) >= 0) {
    const line = pending.slice(0, k);
    pending = pending.slice(k + 1);
    if (!line.trim()) continue;
    let resp;
    try {
      resp = handle(JSON.parse(line));
    } catch (e) {
      resp = { out: "", etype: "VdevError", tb: `vdev: ${e && e.stack ? e.stack : e}\n`, reset: null };
    }
    process.stdout.write(JSON.stringify(resp) + "\n");
    if (resp.reset) {
      // The device restarts: this boot is over (the serial side starts the next).
      process.stdin.pause();
      process.exitCode = 0;
      setImmediate(() => process.exit(0));
      return;
    }
  }
});
process.stdin.on("end", () => {
  sync();
  process.exit(0);
});
