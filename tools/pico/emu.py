"""The emulated RP2040 (tools/pico/emulator.mjs under node), seen from Python.

    emu = Emulator(uf2, bootrom)             # power on: the firmware boots
    emu.run(50_000)                          # 50 ms of emulated time
    emu.pin(12, 0)                           # OK pressed (buttons are active low)
    with emu.serial() as port:               # its USB serial line as a pty
        subprocess.run(["mpremote", "connect", port, "ls"])

Events (display transactions, printer bytes) arrive in order with their
emulated times; the caller takes them with take().
"""
import json
import os
import shutil
import subprocess
import sys
import threading
import tty
from pathlib import Path

HERE = Path(__file__).resolve().parent
EMULATOR_JS = HERE / "emulator.mjs"
RP2040JS = HERE / "node_modules" / "rp2040js"


class Unavailable(RuntimeError):
    """node or rp2040js is missing."""


def check_runtime():
    if not shutil.which("node"):
        raise Unavailable("node is not installed")
    if not (RP2040JS / "package.json").exists():
        raise Unavailable("rp2040js is not installed: run `make setup`")


class Emulator:
    def __init__(self, uf2, bootrom, flash=None, display_addr=60, i2c=0, uart=1, usb=True):
        check_runtime()
        args = ["node", str(EMULATOR_JS), str(uf2), str(bootrom), str(flash or ""),
                str(display_addr), str(i2c), str(uart), "1" if usb else "0"]
        if not flash:
            args[4] = ""
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=str(HERE), bufsize=0)
        self.events = []            # (kind, event dict), display and printer, in order
        self.replies = []
        self.cv = threading.Condition()
        self.on_cdc = None          # callable(bytes): the USB serial line's output
        self.usb_up = False
        self.t = 0.0
        self.busy = 0
        self.stretch = 0
        self.stretch_erases = 0
        self.heap = None
        self.flash = {}             # erases, programs, busy_us so far
        self._stderr = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    # -- the node side --------------------------------------------------------------
    def _drain_stderr(self):
        for line in self.proc.stderr:
            self._stderr.append(line.decode(errors="replace"))

    def _read(self):
        for line in self.proc.stdout:
            ev = json.loads(line)
            kind = ev.get("ev")
            if kind == "cdc":
                if self.on_cdc is not None:
                    self.on_cdc(bytes.fromhex(ev["hex"]))
                continue
            with self.cv:
                if kind in ("i2c", "uart"):
                    self.events.append(ev)
                elif kind == "usb":
                    self.usb_up = True
                else:
                    self.replies.append(ev)
                self.cv.notify_all()
        with self.cv:
            self.replies.append({"ev": "exit"})
            self.cv.notify_all()

    def _send(self, req):
        self.proc.stdin.write((json.dumps(req) + "\n").encode())
        self.proc.stdin.flush()

    def _ask(self, req, timeout=3600):
        with self.cv:
            self._send(req)
            if not self.cv.wait_for(lambda: self.replies, timeout):
                raise RuntimeError("the emulator did not answer %r" % (req,))
            r = self.replies.pop(0)
        if r.get("ev") == "exit":
            raise RuntimeError("the emulator stopped:\n" + "".join(self._stderr[-20:]))
        return r

    # -- the board ------------------------------------------------------------------
    def run(self, us):
        """Run `us` microseconds of emulated time."""
        r = self._ask({"op": "run", "us": us})
        self.t = r["t"]
        self.busy = r["busy"]
        self.stretch = r.get("stretch", 0)   # longest busy run without a wait, in this run
        self.stretch_erases = r.get("stretch_erases", 0)   # the flash erases inside that run
        self.flash = r.get("flash") or {}
        if r.get("heap"):
            self.heap = r["heap"]
        return r

    def pin(self, gpio, level):
        self._send({"op": "pin", "pin": gpio, "level": level})

    def take(self):
        """The display/printer events since the last take()."""
        with self.cv:
            ev, self.events = self.events, []
        return ev

    def watch_heap(self):
        """Start sampling the GC heap (read from RAM as the firmware runs)."""
        return self._ask({"op": "heap"})

    def heap_log(self, on):
        """Keep every change of the GC heap used, with its emulated time;
        off -> (times in us, bytes used), the changes since it was turned on."""
        if on:
            self._send({"op": "heaplog", "on": True})
            return None
        r = self._ask({"op": "heaplog", "on": False})
        return r["t"], r["used"]

    def save_flash(self, path):
        self._ask({"op": "save", "path": str(path)})

    def free_run(self, on):
        self._ask({"op": "free", "on": bool(on)})

    def type(self, data):
        self._send({"op": "cdc", "hex": bytes(data).hex()})

    def close(self):
        if self.proc.poll() is None:
            try:
                self._send({"op": "quit"})
                self.proc.wait(5)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- the USB serial line as a pseudo-terminal -------------------------------------
    def serial(self):
        return _Pty(self)

    def boot_usb(self, settle_us=500000):
        """Run until the firmware's USB is up (at most 10 s of emulated
        time), then `settle_us` more for its REPL to be ready."""
        for _ in range(100):
            self.run(100000)
            if self.usb_up:
                break
        if not self.usb_up:
            raise RuntimeError("the firmware did not bring up USB within 10 s of emulated time")
        self.run(settle_us)

    def mpremote(self, *args, timeout=3600):
        """`python -m mpremote connect <this board's serial line> ...args`
        -> CompletedProcess (output captured, unbuffered)."""
        with self.serial() as port:
            return subprocess.run([sys.executable, "-m", "mpremote", "connect", port] + list(args),
                                  capture_output=True, text=True, timeout=timeout,
                                  env=dict(os.environ, PYTHONUNBUFFERED="1"))


def run_script(uf2, bootrom, flash, script, timeout=3600):
    """Boot the image from `flash` and `mpremote run` the host file `script`
    on it -> CompletedProcess."""
    with Emulator(uf2, bootrom, flash=flash) as emu:
        emu.boot_usb()
        return emu.mpremote("run", str(script), timeout=timeout)


class _Pty:
    """The emulated board's USB CDC line on a pty (what mpremote opens), while
    the emulator runs on its own."""

    def __init__(self, emu):
        self.emu = emu
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self._stop = False

    def __enter__(self):
        self.emu.on_cdc = lambda b: os.write(self.master, b)
        self.emu.free_run(True)
        threading.Thread(target=self._pump, daemon=True).start()
        return self.port

    def _pump(self):
        import select
        while not self._stop:
            r, _, _ = select.select([self.master], [], [], 0.1)
            if r:
                try:
                    data = os.read(self.master, 4096)
                except OSError:
                    return
                if data:
                    self.emu.type(data)

    def __exit__(self, *exc):
        self._stop = True
        self.emu.free_run(False)
        self.emu.on_cdc = None
        os.close(self.master)
        os.close(self.slave)
