# The virtual device at the byte level: what a board sends for each control
# character of MicroPython's REPL (shared/runtime/pyexec.c), checked by
# talking to the pty directly, without mpremote.
import os
import select
import termios
import time
import tty

import pytest

from tests.tools.conftest import _need_vdev
from tools import vdev

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"


class Serial:
    """The host end of the pty, raw, with read-until."""

    def __init__(self, port):
        self.fd = os.open(port, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self.fd)
        termios.tcflush(self.fd, termios.TCIFLUSH)
        self.buf = b""

    def write(self, data):
        os.write(self.fd, data)

    def read_until(self, ending, timeout=10):
        deadline = time.monotonic() + timeout
        while ending not in self.buf:
            left = deadline - time.monotonic()
            assert left > 0, "timed out waiting for %r; got %r" % (ending, self.buf)
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                self.buf += os.read(self.fd, 4096)
        i = self.buf.index(ending) + len(ending)
        out, self.buf = self.buf[:i], self.buf[i:]
        return out

    def read_quiet(self, quiet=0.3):
        """Everything until the line is quiet for `quiet` seconds."""
        while True:
            r, _, _ = select.select([self.fd], [], [], quiet)
            if not r:
                out, self.buf = self.buf, b""
                return out
            self.buf += os.read(self.fd, 4096)

    def raw(self):
        """Enter the raw REPL from wherever the device is, as mpremote does."""
        self.write(b"\r\x03")
        self.read_quiet(0.2)
        self.write(b"\r\x01")
        self.read_until(RAW_BANNER + b">")

    def exec_raw(self, code):
        """Plain raw mode: code, Ctrl-D; returns (stdout, traceback)."""
        self.write(code + b"\x04")
        assert self.read_until(b"OK") == b"OK"
        out = self.read_until(b"\x04")[:-1]
        err = self.read_until(b"\x04")[:-1]
        assert self.read_until(b">") == b">"
        return out, err

    def close(self):
        os.close(self.fd)


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    _need_vdev()
    root = tmp_path_factory.mktemp("flash")
    (root / "hello.txt").write_bytes(b"from the host\n")
    dev = vdev.VirtualDevice(root)
    dev.start()
    s = Serial(dev.port)
    yield dev, s
    s.close()
    dev.close()


def test_friendly_repl_to_raw_and_back(board):
    dev, s = board
    help_line = b'Type "help()" for more information.\r\n>>> '
    s.write(b"\r\x03\x02")  # (leave any raw REPL) Ctrl-B: the banner
    out = s.read_until(help_line)
    assert b"\r\nMicroPython v1." in out and b"; Oya virtual device with " in out
    s.write(b"\r")
    assert s.read_until(b">>> ") == b"\r\n>>> "
    s.write(b"\x01")  # Ctrl-A: raw REPL
    assert s.read_until(b">") == b"\r\n" + RAW_BANNER + b">"
    s.write(b"\x02")  # Ctrl-B: back to the friendly REPL
    assert s.read_until(b">>> ").startswith(b"\r\nMicroPython v1.")
    s.write(b"6*7\r")  # a friendly line echoes and prints the value
    assert s.read_until(b">>> ") == b"6*7\r\n42\r\n>>> "


def test_raw_repl_framing_output_and_traceback(board):
    dev, s = board
    s.raw()
    out, err = s.exec_raw(b"print('a')\nprint('b')")
    assert (out, err) == (b"a\r\nb\r\n", b"")  # output is cooked: \n goes out as \r\n
    out, err = s.exec_raw(b"x = 1\nprint(x)\n1/0")
    assert out == b"1\r\n"
    assert err == (b"Traceback (most recent call last):\r\n"
                   b'  File "<stdin>", line 3, in <module>\r\n'
                   b"ZeroDivisionError: divide by zero\r\n")


def test_globals_persist_between_commands_and_soft_reset_clears_them(board):
    dev, s = board
    s.raw()
    assert s.exec_raw(b"kept = 41") == (b"", b"")
    assert s.exec_raw(b"print(kept + 1)") == (b"42\r\n", b"")
    boots = dev.stats["boots"]
    s.write(b"\x04")  # Ctrl-D on an empty command: soft reset
    assert s.read_until(RAW_BANNER + b">") == b"OK\r\nMPY: soft reboot\r\n" + RAW_BANNER + b">"
    assert dev.stats["boots"] == boots + 1
    out, err = s.exec_raw(b"print(kept)")
    assert out == b"" and err.endswith(b"NameError: name 'kept' isn't defined\r\n")


def test_raw_paste_window_and_acknowledgements(board):
    dev, s = board
    s.raw()
    s.write(b"\x05A\x01")
    assert s.read_until(b"\x00\x01", timeout=5) == b"R\x01\x80\x00\x01"  # window 128, first grant
    code = b"s = 0\n" + b"".join(b"s += %d\n" % i for i in range(60)) + b"print(s)\n"
    assert len(code) > 3 * 128
    s.write(code)
    n = len(code) // 128
    assert s.read_until(b"\x01" * n) == b"\x01" * n  # one more window per 128 bytes consumed
    assert s.read_quiet(0.2) == b""  # and no more
    s.write(b"\x04")
    assert s.read_until(b"\x04") == b"\x04"  # end of data acknowledged
    assert s.read_until(b">") == b"1770\r\n\x04\x04>"


def test_raw_paste_interrupted_by_ctrl_c(board):
    dev, s = board
    s.raw()
    s.write(b"\x05A\x01")
    s.read_until(b"R\x01\x80\x00\x01")
    s.write(b"print('never')\x03")
    assert s.read_until(b">") == b"\x04\x04KeyboardInterrupt: \r\n\x04>"


def test_sys_exit_soft_resets_and_machine_reset_hard_resets(board):
    dev, s = board
    s.raw()
    s.write(b"import sys\nsys.exit()\x04")
    assert s.read_until(RAW_BANNER + b">") == b"OK\x04\x04MPY: soft reboot\r\n" + RAW_BANNER + b">"
    hard = dev.stats["hard_resets"]
    s.write(b"import machine\nmachine.reset()\x04")
    s.read_until(b"OK")
    out = s.read_until(b">>> ", timeout=15)  # comes back in the friendly REPL
    assert b"MicroPython v1." in out and b"\x04" not in out
    assert dev.stats["hard_resets"] == hard + 1


def test_filesystem_is_the_host_folder_with_board_errnos(board):
    dev, s = board
    s.raw()
    out, err = s.exec_raw(b"import os\nprint(sorted(os.listdir('/')))\nprint(open('hello.txt').read())")
    assert err == b""
    assert out == b"['hello.txt']\r\nfrom the host\r\n\r\n"  # / is the flash: no /dev, /proc
    out, err = s.exec_raw(b"os.mkdir('/d')\nf = open('/d/x.bin', 'wb')\nf.write(bytes(range(256)))\nf.close()")
    assert err == b""
    dev.flush()
    assert (dev.root / "d" / "x.bin").read_bytes() == bytes(range(256))
    _, err = s.exec_raw(b"os.stat('/nope')")
    assert err.endswith(b"OSError: [Errno 2] ENOENT\r\n")  # a board's errno, not emscripten's 44
    _, err = s.exec_raw(b"os.mkdir('/d')")
    assert err.endswith(b"OSError: [Errno 17] EEXIST\r\n")
    s.exec_raw(b"os.remove('/d/x.bin')\nos.rmdir('/d')")
    dev.flush()
    assert not (dev.root / "d").exists()


def test_urandom_uname_and_reported_bytecode(tmp_path):
    _need_vdev()
    with vdev.VirtualDevice(tmp_path / "f", mpy=0x205, version=(1, 18, 0)) as dev:
        s = Serial(dev.port)
        try:
            s.raw()
            out, err = s.exec_raw(b"import os, sys\nprint(len(os.urandom(16)), os.urandom(8) != os.urandom(8))\n"
                                  b"print(os.uname().nodename)\nprint(hex(sys.implementation._mpy), "
                                  b"sys.implementation.version[:3])")
            assert err == b""
            assert out == b"16 True\r\noya-vdev\r\n0x205 (1, 18, 0)\r\n"
        finally:
            s.close()
