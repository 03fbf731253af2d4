#!/usr/bin/env node
// Run Python code under real MicroPython (the official WebAssembly port) with
// the firmware/ tree in its filesystem, in small steps driven from JS.
//
//   node tools/mpy/runner.mjs --request req.json [--result res.json]
//   node tools/mpy/runner.mjs [--heapsize N] [--add SRC=DST]... script.py
//
// The request (JSON) says what goes into the runtime's filesystem and which
// steps to run; the result (JSON) gives per-step status, tracebacks, captured
// output, heap figures and the files the run created or changed. MicroPython's
// own stdout/stderr are echoed to this process's stdout/stderr and also kept per
// step in the result: the result travels on its own channel (a file, or fd 3
// when the caller passes a pipe there), never mixed into stdout.
//
// Heap figures. This port's heap is split and grows on demand: gc_collect()
// inside Python only flags a collection, which runs when control returns to JS
// (no collection ever happens in the middle of a step). So, per step:
//   total  - jsffi.mem_info() total at the end of the step, before that
//            deferred collection: the step's footprint high-water (live data at
//            step start + everything the step allocated, garbage included);
//   used   - bytes allocated at that moment (same, without the free slack);
//   live   - used after the harness forced a collection between steps;
//   live_high - the same, largest over a "call" step's collections between
//            calls (a step that calls a function until it returns false);
//   a "call" step with "samples": true also keeps each call's [used, live].
// heap.high is the largest `total` seen (the number the issue asks for);
// heap.used_high the largest `used`; heap.live_high the largest `live`.
//
// What the harness provides that the port lacks (never by changing firmware):
//   os.urandom(n) - node's crypto, set on the runtime's (frozen, extensible)
//                   os module, so `import os; os.urandom(32)` just works;
//   oya_harness   - /lib/oya_harness.py, telling code it runs under this
//                   harness (RUNTIME = "micropython").
// asyncio.run does not exist in this port (its asyncio runs on the JS event
// loop); a step with "async": true runs with top-level await instead
// (`await main()`), its heap sampled after the step.
import { readFileSync, writeFileSync, readdirSync, statSync, fstatSync } from "node:fs";
import { dirname, join, resolve, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "..", "..");
const PKG = join(HERE, "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs");
// Directories of the emscripten FS that are not the "flash": skipped when
// reporting what a run wrote.
const SYSTEM_DIRS = new Set(["/dev", "/proc", "/tmp", "/home"]);
const SKIP_NAMES = new Set(["__pycache__", ".pytest_cache", ".hypothesis"]);

function usage(msg) {
  if (msg) process.stderr.write(`runner: ${msg}\n`);
  process.stderr.write(
    "usage: runner.mjs --request REQ.json [--result RES.json]\n" +
      "       runner.mjs [--heapsize N] [--add SRC=DST]... [--json] script.py\n",
  );
  process.exit(2);
}

function parseArgs(argv) {
  const a = { add: [], heapsize: undefined, request: null, result: null, script: null, json: false };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    const next = () => (i + 1 < argv.length ? argv[++i] : usage(`${x} needs a value`));
    if (x === "--request") a.request = next();
    else if (x === "--result") a.result = next();
    else if (x === "--heapsize") a.heapsize = parseInt(next(), 10);
    else if (x === "--add") a.add.push(next());
    else if (x === "--json") a.json = true;
    else if (x === "-h" || x === "--help") usage();
    else if (x.startsWith("-")) usage(`unknown option ${x}`);
    else a.script = x;
  }
  return a;
}

function requestFromArgs(a) {
  if (a.request) {
    const text = a.request === "-" ? readFileSync(0, "utf8") : readFileSync(a.request, "utf8");
    return JSON.parse(text);
  }
  if (!a.script) usage("nothing to run");
  const mounts = a.add.map((s) => {
    const k = s.indexOf("=");
    return k < 0 ? { src: s, dst: "/" + s.split(/[\\/]/).filter(Boolean).pop() } : { src: s.slice(0, k), dst: s.slice(k + 1) };
  });
  const req = {
    mounts,
    sys_path: mounts.map((m) => m.dst).filter((d) => d !== "/"),
    steps: [{ name: a.script, code: readFileSync(a.script, "utf8"), filename: a.script }],
  };
  if (a.heapsize) req.heapsize = a.heapsize;
  return req;
}

// ---- the emscripten filesystem -------------------------------------------

function mkdirs(FS, path) {
  let cur = "";
  for (const part of path.split("/").filter(Boolean)) {
    cur += "/" + part;
    if (!FS.analyzePath(cur).exists) FS.mkdir(cur);
  }
}

function writeFile(FS, path, data, injected) {
  mkdirs(FS, path.slice(0, path.lastIndexOf("/")) || "/");
  FS.writeFile(path, data);
  injected.set(path, Buffer.from(data));
}

// Copy a host directory (or file) into the FS at dst.
function mountTree(FS, src, dst, injected) {
  const st = statSync(src);
  if (st.isFile()) {
    writeFile(FS, dst, readFileSync(src), injected);
    return;
  }
  mkdirs(FS, dst);
  for (const name of readdirSync(src)) {
    if (SKIP_NAMES.has(name) || name.endsWith(".pyc")) continue;
    const s = join(src, name);
    const d = (dst === "/" ? "" : dst) + "/" + name;
    const sst = statSync(s);
    if (sst.isDirectory()) mountTree(FS, s, d, injected);
    else if (sst.isFile()) writeFile(FS, d, readFileSync(s), injected);
  }
}

function walkFS(FS, dir, out) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const p = (dir === "/" ? "" : dir) + "/" + name;
    if (dir === "/" && SYSTEM_DIRS.has(p)) continue;
    const st = FS.stat(p);
    if (FS.isDir(st.mode)) walkFS(FS, p, out);
    else if (FS.isFile(st.mode)) out.push(p);
  }
  return out;
}

function fileEntry(data) {
  const buf = Buffer.from(data);
  return { b64: buf.toString("base64") };
}

function decodeFileSpec(spec) {
  if (typeof spec === "string") return Buffer.from(spec, "utf8");
  if (spec && typeof spec.text === "string") return Buffer.from(spec.text, "utf8");
  if (spec && typeof spec.b64 === "string") return Buffer.from(spec.b64, "base64");
  throw new Error("a file is a string, {text} or {b64}");
}

// ---- the Python side of the harness ----------------------------------------

// Compiled under the file name "<harness>" so its frames can be dropped from
// tracebacks. __oya_run is the only entry point JS calls; it never raises.
const DRIVER = String.raw`
import sys, os, gc, io, jsffi, _oya_host

def _urandom(n):
    if not isinstance(n, int) or n < 0:
        raise ValueError("n must be a non-negative int")
    return bytes(_oya_host.urandom(n)) if n else b""

os.urandom = _urandom

__oya_globals = globals()

def __oya_run(kind, arg, filename):
    ok = True
    etype = ""
    tb = ""
    ret = 0
    try:
        if kind == "exec":
            exec(compile(arg, filename, "exec"), __oya_globals)
        else:
            r = __oya_globals[arg]()
            ret = 1 if r else 0
    except BaseException as e:
        ok = False
        etype = type(e).__name__
        s = io.StringIO()
        sys.print_exception(e, s)
        tb = s.getvalue()
    m = jsffi.mem_info()
    _oya_host.report(ok, etype, tb, str(m[0]), str(m[1]), ret)

# Heap figures and collections go through these two functions, looked up once:
# every Python object JS receives (a tuple, a bound method) takes a proxy slot
# in the MicroPython heap until JS's garbage collector finalises it, which
# never happens during a synchronous run, so fetching them per step would
# leak into the very figures being measured.
def __oya_mem():
    m = jsffi.mem_info()
    _oya_host.mem(str(m[0]), str(m[1]))

def __oya_collect():
    gc.collect()
`;

// Importable by code under test: tells which runtime the harness meant it to be.
const HARNESS_MODULE = 'RUNTIME = "micropython"\nHOST = "oya test harness, MicroPython WebAssembly port"\n';

const DRIVER_FRAME = /^ {2}File "<harness>", line \d+, in .*\n/gm;

// ---- running a request -----------------------------------------------------

async function runRequest(req, io) {
  const t0 = performance.now();
  const startup0 = process.uptime() * 1000;
  const { loadMicroPython } = await import(PKG);
  const outBytes = [];
  const errBytes = [];
  const heapsize = req.heapsize ?? 16 * 1024;
  const mp = await loadMicroPython({
    heapsize,
    pystack: req.pystack ?? 2048,
    linebuffer: false,
    stdout: (b) => {
      outBytes.push(b[0]);
      if (io.echo) process.stdout.write(b);
    },
    stderr: (b) => {
      errBytes.push(b[0]);
      if (io.echo) process.stderr.write(b);
    },
  });
  const loadMs = performance.now() - t0;
  const result = {
    ok: true,
    fatal: null,
    runtime: null,
    node_startup_ms: Math.round(startup0 + loadMs),
    load_ms: Math.round(loadMs),
    run_ms: 0,
    heap: { initial: heapsize, high: 0, used_high: 0, live_high: 0, baseline_total: 0, baseline_live: 0 },
    steps: [],
    stdout: "",
    stderr: "",
    files_out: {},
    deleted: [],
  };
  const decode = (arr, from) => Buffer.from(arr.slice(from)).toString("utf8");

  let report = null;
  let mem = null;
  mp.registerJsModule("_oya_host", {
    urandom: (n) => new Uint8Array(randomBytes(n)),
    report: (ok, etype, tb, total, used, ret) => {
      report = { ok, etype, tb, total: Number(total), used: Number(used), ret };
    },
    mem: (total, used) => {
      mem = { total: Number(total), used: Number(used) };
    },
  });

  const FS = mp.FS;
  const injected = new Map();
  const root = req.root ? resolve(req.root) : REPO;
  const at = (p) => resolve(root, p);
  if (req.firmware !== false) mountTree(FS, at(req.firmware ?? "firmware"), "/", injected);
  for (const m of req.mounts ?? []) mountTree(FS, at(m.src), m.dst, injected);
  for (const [path, spec] of Object.entries(req.files ?? {})) writeFile(FS, path, decodeFileSpec(spec), injected);
  writeFile(FS, "/lib/oya_harness.py", Buffer.from(HARNESS_MODULE), injected);
  FS.chdir(req.cwd ?? "/");

  mp.runPython(`exec(compile(${JSON.stringify(DRIVER)}, "<harness>", "exec"))`);
  const memFn = mp.globals.get("__oya_mem");
  const collectFn = mp.globals.get("__oya_collect");
  const memInfo = () => {
    mem = null;
    memFn();
    return mem;
  };
  // A collection between steps: gc.collect() called from Python flags it, and
  // it runs as the call returns to JS.
  const collect = () => {
    collectFn();
    return memInfo();
  };
  const paths = (req.sys_path ?? []).slice().reverse();
  for (const p of paths) mp.runPython(`sys.path.insert(1, ${JSON.stringify(p)})`);
  const driver = mp.globals.get("__oya_run");
  {
    const impl = mp.pyimport("sys").implementation;
    const v = [...impl.version];
    result.runtime = { name: impl.name, version: v.slice(0, 3).join("."), machine: impl._machine, mpy: impl._mpy };
  }
  {
    const m = collect();
    result.heap.baseline_total = m.total;
    result.heap.baseline_live = m.used;
    result.heap.high = m.total;
    result.heap.used_high = m.used;
    result.heap.live_high = m.used;
  }

  const runOne = async (step) => {
    const o0 = outBytes.length;
    const e0 = errBytes.length;
    const s0 = performance.now();
    const rec = { name: step.name ?? `step${result.steps.length}`, ok: true, status: "passed", error_type: "", error: "" };
    let total = 0;
    let used = 0;
    let iterations = 0;
    let liveHigh = 0;     // the largest live set after the collections between calls
    const samples = [];   // step.samples: [used at the end of each call, live after its collection]
    const absorb = (r) => {
      if (r.total > total) total = r.total;
      if (r.used > used) used = r.used;
    };
    if (step.async) {
      try {
        await mp.runPythonAsync(step.code);
      } catch (e) {
        if (e && e.name === "PythonError") {
          rec.ok = false;
          rec.error_type = e.type;
          rec.error = e.message;
        } else throw e;
      }
      absorb(memInfo());
    } else if (step.call) {
      // Call a global function repeatedly until it returns false (or `max`
      // calls): each call is one sample, with a collection in between.
      const max = step.max ?? 1000000;
      for (;;) {
        report = null;
        driver("call", step.call, "");
        if (!report) throw new Error("harness driver did not report");
        iterations++;
        absorb(report);
        if (step.samples) samples.push([report.used, 0]);
        if (!report.ok) {
          rec.ok = false;
          rec.error_type = report.etype;
          rec.error = report.tb;
          break;
        }
        if (!report.ret || iterations >= max) break;
        if (step.collect !== false) {
          const m = collect();
          if (m.used > result.heap.live_high) result.heap.live_high = m.used;
          if (m.used > liveHigh) liveHigh = m.used;
          if (step.samples) samples[samples.length - 1][1] = m.used;
        }
      }
      rec.iterations = iterations;
      if (step.samples) rec.samples = samples;
    } else {
      report = null;
      driver("exec", step.code, step.filename ?? rec.name);
      if (!report) throw new Error("harness driver did not report");
      absorb(report);
      if (!report.ok) {
        rec.ok = false;
        rec.error_type = report.etype;
        rec.error = report.tb;
      }
    }
    rec.error = rec.error.replace(DRIVER_FRAME, "");
    if (!rec.ok && (rec.error_type === "SkipTest" || rec.error_type === "Skipped")) rec.status = "skipped";
    else if (!rec.ok) rec.status = "failed";
    const live = collect();
    rec.heap = { total, used, live: live.used, live_total: live.total, live_high: Math.max(liveHigh, live.used) };
    rec.ms = Math.round((performance.now() - s0) * 10) / 10;
    rec.stdout = decode(outBytes, o0);
    rec.stderr = decode(errBytes, e0);
    result.heap.high = Math.max(result.heap.high, total, live.total);
    result.heap.used_high = Math.max(result.heap.used_high, used);
    result.heap.live_high = Math.max(result.heap.live_high, live.used);
    result.steps.push(rec);
    return rec;
  };

  const r0 = performance.now();
  for (const step of req.steps ?? []) {
    const rec = await runOne(step);
    if (rec.status === "failed") {
      result.ok = false;
      if (step.required || req.stop_on_error) break;
    }
  }
  result.run_ms = Math.round(performance.now() - r0);

  // What the run left in the "flash": new or changed files, and deletions.
  const now = walkFS(FS, "/", []);
  const seen = new Set(now);
  for (const p of now) {
    const data = FS.readFile(p);
    const before = injected.get(p);
    if (!before || !before.equals(Buffer.from(data))) result.files_out[p] = fileEntry(data);
  }
  for (const p of (req.read_back ?? [])) {
    if (seen.has(p)) result.files_out[p] = fileEntry(FS.readFile(p));
  }
  for (const p of injected.keys()) if (!seen.has(p)) result.deleted.push(p);
  result.deleted.sort();
  result.stdout = decode(outBytes, 0);
  result.stderr = decode(errBytes, 0);
  return result;
}

function emit(result, args) {
  const text = JSON.stringify(result);
  if (args.result) {
    writeFileSync(args.result, text);
    return;
  }
  let fd3 = false;
  try {
    fd3 = fstatSync(3).isFIFO();
  } catch {}
  if (fd3) writeFileSync(3, text);
  else if (args.json) process.stderr.write(text + "\n");
}

const args = parseArgs(process.argv.slice(2));
const req = requestFromArgs(args);
let result;
try {
  result = await runRequest(req, { echo: req.echo ?? true });
} catch (e) {
  result = { ok: false, fatal: String((e && e.stack) || e), steps: [] };
  process.stderr.write(`runner: fatal: ${result.fatal}\n`);
}
emit(result, args);
if (!args.request && !args.json && result.heap) {
  const h = result.heap;
  process.stderr.write(
    `[micropython ${result.runtime?.version}: ${result.ok ? "ok" : "FAILED"}; heap high ${h.high} B, used high ${h.used_high} B, live high ${h.live_high} B; startup ${result.node_startup_ms} ms, run ${result.run_ms} ms]\n`,
  );
  for (const s of result.steps) if (!s.ok) process.stderr.write(s.error);
}
process.exitCode = result.ok ? 0 : 1;
