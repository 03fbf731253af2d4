"""A virtual MicroPython board on a pseudo-terminal, for testing mpremote tools.

    with VirtualDevice("/tmp/flash") as dev:      # the folder is the flash
        subprocess.run(["mpremote", "connect", dev.port, "ls"])

    python -m tools.vdev [--dir DIR] [--mpy N] [--run-main]   (prints the port)

The serial side is here and follows MicroPython's shared/runtime/pyexec.c and a
port's main loop byte for byte, as mpremote (transport_serial.py) sees a board:

- friendly REPL: ``>>> `` prompt with echo; Ctrl-A enters the raw REPL
  (``\\r\\nraw REPL; CTRL-B to exit\\r\\n>``), Ctrl-B reprints the banner, Ctrl-C
  abandons the line, Ctrl-D soft-resets, Ctrl-E paste mode;
- raw REPL: bytes collect into a command; Ctrl-D answers ``OK`` and executes it,
  then ``output \\x04 traceback \\x04 >``; Ctrl-D on an empty command answers
  ``OK\\r\\n`` and soft-resets: ``MPY: soft reboot\\r\\n``, boot.py, then the raw
  REPL banner again (main.py runs only when the friendly REPL comes up);
  Ctrl-A resets the raw REPL, Ctrl-B leaves it (``\\r\\n`` and the banner), Ctrl-C
  clears the command;
- raw paste (``\\x05A\\x01`` in the raw REPL): the board answers ``R\\x01``, its
  window size (16-bit little endian, 128: half of a 256-byte stdin buffer) and
  ``\\x01``; every 128 bytes it consumes it grants another window with ``\\x01``;
  the host's ``\\x04`` ends the data, the board acknowledges with ``\\x04`` and
  executes (``output \\x04 traceback \\x04 >``); Ctrl-C during the data aborts
  with ``\\x04`` and a KeyboardInterrupt;
- output is "cooked" like a board's stdout: ``\\n`` goes out as ``\\r\\n``;
- ``sys.exit()`` in the raw REPL soft-resets, as on a board; ``machine.reset()``
  hard-resets: input in flight is lost, the device comes back in the friendly
  REPL (after boot.py, and main.py only with ``run_main``).

The code runs in the real MicroPython (the official WebAssembly port, in a node
process per boot: tools/vdev/device.mjs), with globals that persist between
commands and a filesystem loaded from a host folder at boot and written back
after every command. A spare node process is kept loaded, so a soft reset costs
a few milliseconds.

Differences from a board, all documented in docs/DEVELOPING.md ("The virtual
device"): no ``machine.Pin``/I2C/UART (the firmware's main.py cannot run here, so it is not
run after a reset unless ``run_main``); a command cannot be interrupted with
Ctrl-C while it runs (it is applied when the command finishes); ``mpremote
mount`` is not supported (the port cannot read the serial line from Python).
"""
import base64
import errno
import json
import os
import select
import shutil
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DEVICE_JS = HERE / "device.mjs"
RUNTIME = ROOT / "tools" / "mpy" / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

CTRL_A, CTRL_B, CTRL_C, CTRL_D, CTRL_E = 1, 2, 3, 4, 5
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
SOFT_REBOOT = b"MPY: soft reboot\r\n"
WINDOW = 128  # raw-paste flow-control window: MICROPY_REPL_STDIN_BUFFER_MAX (256) / 2
WRITE_TIMEOUT = 2.0  # s without a reader before output is dropped (like USB CDC without a host)

FRIENDLY, RAW, RAW_PASTE, PASTE = "friendly", "raw", "raw-paste", "paste"


class Unavailable(RuntimeError):
    """node or the MicroPython WebAssembly runtime is missing."""


def node_path():
    exe = shutil.which("node")
    if not exe:
        raise Unavailable("node is not installed (needed for the MicroPython WebAssembly runtime)")
    if not (RUNTIME / "micropython.mjs").exists():
        raise Unavailable("MicroPython WebAssembly runtime missing: run `make setup`")
    return exe


def available():
    try:
        node_path()
    except Unavailable:
        return False
    return True


class _Boot:
    """One node process: one boot of the device's MicroPython."""

    def __init__(self, heapsize, mpy=None, version=None):
        cmd = [node_path(), str(DEVICE_JS), "--heapsize", str(heapsize)]
        if mpy is not None:
            cmd += ["--mpy", str(int(mpy))]
        if version is not None:
            cmd += ["--version", ".".join(str(int(x)) for x in version)]
        self.proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            cwd=str(ROOT), start_new_session=True)
        self.ready = False
        self.lock = threading.Lock()
        self.stderr = []
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _drain_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line.decode("utf-8", "replace"))

    def _line(self):
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait(timeout=5)
            raise RuntimeError("the virtual device's MicroPython exited (%s):\n%s"
                               % (self.proc.returncode, "".join(self.stderr[-20:])))
        return json.loads(line)

    def call(self, req):
        with self.lock:
            if not self.ready:
                self._line()  # {"ready": true}
                self.ready = True
            self.proc.stdin.write((json.dumps(req) + "\n").encode())
            self.proc.stdin.flush()
            r = self._line()
        r["out"] = base64.b64decode(r.get("out") or "")
        return r

    def flush(self):
        """Write the device's filesystem back to the host folder now."""
        if self.proc.poll() is None:
            try:
                self.call({"op": "flush"})
            except (OSError, RuntimeError, ValueError):
                pass

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for f in (self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except OSError:
                pass


class VirtualDevice:
    """A MicroPython board on a pty whose flash is the folder ``root``.

    mpy:      what ``sys.implementation._mpy`` reports (default: the runtime's own)
    version:  what ``sys.implementation.version`` reports, e.g. (1, 18, 0)
    run_main: run main.py when the friendly REPL comes up (after a hard reset or
              a soft reset from the friendly REPL), as a board does
    """

    def __init__(self, root, *, mpy=None, version=None, run_main=False, heapsize=192 * 1024,
                 trace=None):
        self.root = Path(root).resolve()
        self.mpy = mpy
        self.version = tuple(version) if version else None
        self.run_main = run_main
        self.heapsize = heapsize
        self.trace = trace  # callable(direction, bytes) for debugging, or None
        self.stats = {"boots": 0, "soft_resets": 0, "hard_resets": 0, "execs": 0,
                      "raw_paste": 0, "bytes_in": 0, "bytes_out": 0}
        self.banner = ""
        self.master = self.slave = None
        self.port = None
        self._boot = self._spare = None
        self._stop = threading.Event()
        self._thread = None
        self._lock = threading.Lock()
        self.errors = []

    # ---- lifecycle ---------------------------------------------------------------

    def start(self):
        node_path()
        self.root.mkdir(parents=True, exist_ok=True)
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.port = os.ttyname(self.slave)
        self.mode = FRIENDLY
        self._line = bytearray()
        self._reset_friendly()
        self._spare = _Boot(self.heapsize, self.mpy, self.version)
        self._power_on("power")
        self._thread = threading.Thread(target=self._pump, name="vdev " + self.port, daemon=True)
        self._thread.start()
        return self

    def flush(self):
        """Write the device's filesystem to the host folder now (it is written
        anyway when the device goes quiet for a moment, and before any reset)."""
        if self._boot:
            self._boot.flush()

    def close(self):
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=5)
        self.flush()
        for b in (self._boot, self._spare):
            if b:
                b.close()
        self._boot = self._spare = None
        for fd in (self.master, self.slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self.master = self.slave = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    # ---- serial I/O -----------------------------------------------------------------

    def _write(self, data):
        if not data or self.master is None:
            return
        if self.trace:
            self.trace("out", bytes(data))
        self.stats["bytes_out"] += len(data)
        view = memoryview(bytes(data))
        deadline = time.monotonic() + WRITE_TIMEOUT
        while view:
            try:
                n = os.write(self.master, view)
                view = view[n:]
                deadline = time.monotonic() + WRITE_TIMEOUT
            except BlockingIOError:
                left = deadline - time.monotonic()
                if left <= 0 or self._stop.is_set():
                    return  # nobody is reading: the bytes are lost, as on a board
                select.select([], [self.master], [], min(left, 0.05))

    def _cooked(self, data):
        return bytes(data).replace(b"\n", b"\r\n")

    def _drain_input(self):
        try:
            while os.read(self.master, 4096):
                pass
        except (BlockingIOError, OSError):
            pass

    def _pump(self):
        while not self._stop.is_set():
            try:
                r, _, _ = select.select([self.master], [], [], 0.05)
            except (OSError, ValueError):
                return
            if not r:
                continue
            try:
                data = os.read(self.master, 4096)
            except BlockingIOError:
                continue
            except OSError as e:
                if e.errno == errno.EIO:  # no reader on the slave side: wait
                    time.sleep(0.01)
                    continue
                return
            if self.trace:
                self.trace("in", data)
            self.stats["bytes_in"] += len(data)
            i = 0
            while i < len(data):
                try:
                    i = self._feed(data, i)
                except Exception as e:  # a bug here must not kill the device silently
                    self.errors.append(repr(e))
                    raise

    # ---- booting -----------------------------------------------------------------------

    def _next_boot(self):
        b = self._spare or _Boot(self.heapsize, self.mpy, self.version)
        self._spare = _Boot(self.heapsize, self.mpy, self.version)
        return b

    def _power_on(self, kind):
        """Start MicroPython (power-on, soft or hard reset): boot.py, then the REPL
        the device was in (the raw REPL survives a soft reset)."""
        if kind == "hard":
            self._drain_input()  # what was in flight when the board reset is lost
        while True:
            if self._boot:
                self._boot.flush()  # the flash the next boot loads
                threading.Thread(target=self._boot.close, daemon=True).start()
            self._boot = self._next_boot()
            r = self._boot.call({"op": "boot", "root": str(self.root), "kind": kind})
            self.stats["boots"] += 1
            self.banner = r.get("banner", self.banner)
            self._emit_result(r, framed=False)
            if r.get("reset"):
                kind = self._reset_kind(r)
                continue
            if self.mode == RAW:
                self._write(RAW_BANNER + b">")
                return
            self.mode = FRIENDLY
            if self.run_main:
                r = self._boot.call({"op": "runfile", "path": "main.py"})
                self._emit_result(r, framed=False)
                if r.get("reset"):
                    kind = self._reset_kind(r)
                    continue
            self._friendly_banner()
            return

    def _reset_kind(self, r):
        """After code asked for a reset: say so as a board does, pick the mode."""
        if r["reset"] == "hard":
            self.stats["hard_resets"] += 1
            self.mode = FRIENDLY
            self._drain_input()
            return "hard"
        self.stats["soft_resets"] += 1
        self._write(SOFT_REBOOT)
        return "soft"

    def _soft_reset(self):
        self.stats["soft_resets"] += 1
        self._write(SOFT_REBOOT)
        self._power_on("soft")

    def _friendly_banner(self):
        self._write(self.banner.encode() + b"\r\nType \"help()\" for more information.\r\n")
        self._reset_friendly()
        self._write(b">>> ")

    def _emit_result(self, r, framed):
        """Output of one execution. framed: the raw REPL's out \\x04 err \\x04."""
        self._write(self._cooked(r["out"]))
        if framed:
            self._write(b"\x04")
        if r.get("tb"):
            self._write(self._cooked(r["tb"].encode()))
        if framed:
            self._write(b"\x04")

    def _execute(self, code, op, framed):
        """Run code; returns True when the device went on (no reset)."""
        self.stats["execs"] += 1
        r = self._boot.call({"op": op, "code": base64.b64encode(bytes(code)).decode()})
        if r.get("reset") == "hard":
            self._write(self._cooked(r["out"]))  # a board resets mid-command: no framing
            self.stats["hard_resets"] += 1
            self.mode = FRIENDLY
            self._power_on("hard")
            return False
        if r.get("reset") == "soft":
            # SystemExit: pyexec prints both EOFs, no traceback, and the port soft-resets
            self._write(self._cooked(r["out"]))
            if framed:
                self._write(b"\x04\x04")
            self._soft_reset()
            return False
        self._emit_result(r, framed)
        return True

    # ---- the REPL state machine ------------------------------------------------------

    def _reset_friendly(self):
        self._line = bytearray()
        self._block = []
        self._esc = 0

    def _feed(self, data, i):
        """Consume data[i:] (at least one byte) in the current mode; return the
        index of the first byte not consumed."""
        with self._lock:
            if self.mode == RAW_PASTE:
                return self._feed_raw_paste(data, i)
            c = data[i]
            if self.mode == RAW:
                self._raw_char(c)
            elif self.mode == PASTE:
                self._paste_char(c)
            else:
                self._friendly_char(c)
            return i + 1

    def _raw_char(self, c):
        line = self._line
        if c == CTRL_A:
            if len(line) == 2 and line[0] == CTRL_E:
                self._line = bytearray()
                if line[1] != ord("A"):
                    self._write(b"R\x00>")
                    return
                # raw paste: acknowledge, give the window size and the first window
                self.stats["raw_paste"] += 1
                self._write(b"R\x01" + WINDOW.to_bytes(2, "little") + b"\x01")
                self.mode = RAW_PASTE
                self._paste = bytearray()
                self._window = WINDOW
                return
            self._line = bytearray()
            self._write(RAW_BANNER + b">")
        elif c == CTRL_B:
            self._line = bytearray()
            self.mode = FRIENDLY
            self._write(b"\r\n")
            self._friendly_banner()
        elif c == CTRL_C:
            self._line = bytearray()
        elif c == CTRL_D:
            self._write(b"OK")
            self._line = bytearray()
            if not line:
                self._write(b"\r\n")
                self._soft_reset()
                return
            if self._execute(line, "exec", framed=True):
                self._write(b">")
        else:
            line.append(c)

    def _feed_raw_paste(self, data, i):
        n = len(data)
        while i < n:
            c = data[i]
            i += 1
            if c == CTRL_C or c == CTRL_D:
                self._write(b"\x04")  # end of data, to the host
                self.mode = RAW
                code, self._paste = self._paste, bytearray()
                if c == CTRL_C:
                    self._write(b"\x04KeyboardInterrupt: \r\n\x04>")
                    return i
                if self._execute(code, "exec", framed=True):
                    self._write(b">")
                return i
            self._paste.append(c)
            self._window -= 1
            if self._window == 0:
                self._write(b"\x01")  # another window is free
                self._window = WINDOW
        return i

    def _paste_char(self, c):
        if c == CTRL_C:
            self._write(b"\r\n")
            self.mode = FRIENDLY
            self._reset_friendly()
            self._write(b">>> ")
        elif c == CTRL_D:
            self._write(b"\r\n")
            self.mode = FRIENDLY
            code = bytes(self._line)
            self._reset_friendly()
            if self._execute(code, "exec", framed=False):
                self._write(b">>> ")
        else:
            self._line.append(c)
            self._write(b"\r\n=== " if c == 13 else bytes([c]))

    def _friendly_char(self, c):
        if self._esc:  # swallow an escape sequence (cursor keys): ESC [ x
            self._esc = self._esc - 1 if c in (0x5B, 0x4F) or self._esc == 1 else 0
            return
        empty = not self._line and not self._block
        if c == 0x1B:
            self._esc = 2
        elif c == CTRL_A and empty:
            self.mode = RAW
            self._line = bytearray()
            self._write(b"\r\n" + RAW_BANNER + b">")
        elif c == CTRL_B and empty:
            self._write(b"\r\n")
            self._friendly_banner()
        elif c == CTRL_C:
            self._write(b"\r\n")
            self._reset_friendly()
            self._write(b">>> ")
        elif c == CTRL_D and empty:
            self._write(b"\r\n")
            self._soft_reset()
        elif c == CTRL_D and self._block:
            self._write(b"\r\n")
            self._run_block()
        elif c == CTRL_E and empty:
            self._write(b"\r\npaste mode; Ctrl-C to cancel, Ctrl-D to finish\r\n=== ")
            self.mode = PASTE
            self._line = bytearray()
        elif c in (8, 0x7F):
            if self._line:
                self._line.pop()
                self._write(b"\x08 \x08")
        elif c == 13:
            self._write(b"\r\n")
            line = bytes(self._line)
            self._line = bytearray()
            if self._block:
                if line.strip():
                    self._block.append(line)
                    self._write(b"... ")
                else:
                    self._run_block()
            elif not line.strip():
                self._write(b">>> ")
            elif line.rstrip().endswith(b":"):
                self._block = [line]
                self._write(b"... ")
            else:
                self._block = [line]
                self._run_block()
        elif c >= 0x20 and c != 0x7F:
            self._line.append(c)
            self._write(bytes([c]))

    def _run_block(self):
        code = b"\n".join(self._block) + b"\n"
        self._reset_friendly()
        if self._execute(code, "single", framed=False):
            self._write(b">>> ")


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m tools.vdev",
                                 description="Run a virtual MicroPython board on a pty.")
    ap.add_argument("--dir", default="build/vdev", help="host folder that is the device's flash")
    ap.add_argument("--mpy", type=lambda s: int(s, 0), default=None,
                    help="value sys.implementation._mpy reports (e.g. 0x305)")
    ap.add_argument("--version", default=None,
                    help="version sys.implementation reports (e.g. 1.18.0)")
    ap.add_argument("--run-main", action="store_true", help="run main.py after a reset")
    ap.add_argument("--trace", action="store_true", help="print every byte in and out")
    a = ap.parse_args(argv)

    def trace(d, b):
        print("%s %r" % ("<<" if d == "in" else ">>", b), flush=True)

    version = tuple(int(x) for x in a.version.split(".")) if a.version else None
    dev = VirtualDevice(a.dir, mpy=a.mpy, version=version, run_main=a.run_main,
                        trace=trace if a.trace else None)

    def stop(*_):
        raise KeyboardInterrupt

    import signal
    signal.signal(signal.SIGTERM, stop)  # close cleanly: the flash is written back
    dev.start()
    print("virtual device on %s (flash: %s); Ctrl-C to stop" % (dev.port, dev.root), flush=True)
    try:
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        dev.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
