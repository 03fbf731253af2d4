# The harness itself, seen from inside: the runtime is the one the harness
# promised, and what the harness adds to the MicroPython port (os.urandom) works
# the way firmware code uses it.
import sys
import os
import hashlib
from oya import rng
from oya.compat import hexstr
import harness


def test_runtime_is_the_one_the_harness_promised():
    assert harness.RUNTIME in ("cpython", "micropython")
    assert sys.implementation.name == harness.RUNTIME
    assert harness.MICROPYTHON == (harness.RUNTIME == "micropython")


def test_urandom_gives_fresh_bytes_of_the_asked_length():
    a = os.urandom(32)
    b = os.urandom(32)
    assert isinstance(a, bytes) and len(a) == 32 and len(b) == 32
    assert a != b
    assert os.urandom(0) == b""
    assert len(os.urandom(1)) == 1 and len(os.urandom(257)) == 257


def test_urandom_is_not_constant_bytes():
    # 4 KiB of real randomness uses (nearly) every byte value.
    seen = set(os.urandom(4096))
    assert len(seen) > 200


def test_entropy_through_firmware():
    s1 = rng.entropy()
    s2 = rng.entropy(b"extra")
    assert len(s1) == 32 and len(s2) == 32 and s1 != s2
    c = rng.commit(s1)
    assert len(c) == 64 and c == hexstr(hashlib.sha256(s1).digest())


def test_framebuf_on_micropython():
    if not harness.MICROPYTHON:
        harness.skip("framebuf is a MicroPython module")
    import framebuf
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    fb.pixel(3, 9, 1)
    assert fb.pixel(3, 9) == 1 and buf[128 + 3] == 1 << 1
    fb.text("A", 0, 0, 1)
    assert any(buf[:8])


def test_files_written_read_back():
    # /tmp exists on a Linux host and in the runtime's filesystem.
    name = "/tmp/oya-sanity-" + hexstr(os.urandom(6))
    with open(name, "wb") as f:
        f.write(b"\x00\x01oya\xff")
    try:
        with open(name, "rb") as f:
            assert f.read() == b"\x00\x01oya\xff"
        assert name[5:] in os.listdir("/tmp")
    finally:
        os.remove(name)
    assert name[5:] not in os.listdir("/tmp")


def test_skip_helper_raises_a_skip():
    try:
        harness.skip("why")
    except harness.SkipTest as e:
        assert "why" in str(e.args[0])
    else:
        assert False, "skip() did not raise"


def test_the_builtins_oya_imports_again_and_again_are_listed_not_looked_up():
    # MicroPython looks for json.py, time.py... on the filesystem before its own
    # module unless the name is in sys.modules (~4.6 ms a lookup on the
    # RP2040); oya lists them at its import. A file under such a name is then
    # never read, as on CPython.
    import oya  # noqa: F401
    names = ("time", "json", "os", "hashlib")
    for name in names:
        with open(name + ".py", "w") as f:
            f.write("raise ImportError('the file %s.py was imported')\n" % name)
    try:
        def imports():
            import time
            import json
            import os
            import hashlib
            return time.ticks_ms if MP else time.time, json.dumps, os.listdir, hashlib.sha256
        MP = harness.MICROPYTHON
        assert all(callable(f) for f in imports())
    finally:
        for name in names:
            os.remove(name + ".py")
