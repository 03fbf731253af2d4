"""The remount of oya.hw.flashfs on real littlefs (littlefs-python: the C
library MicroPython builds in), over a NOR flash held to pico-sdk's program
contract: a filesystem the port formatted and wrote with its 256-byte program
size, mounted again with 128 through PageFlash, written, and read back by
either mount. MicroPython sizes littlefs's caches at 4 x max(read, program)
(extmod/vfs_lfsx.c); the same here."""
import pytest

littlefs = pytest.importorskip("littlefs")

from tests.both.hw_fakes import FakeNorFlash  # noqa: E402
from oya.hw import flashfs as F  # noqa: E402
from oya.hw.pageflash import PageFlash  # noqa: E402

BLOCKS = 64


class Device(littlefs.UserContext):
    """littlefs-python's context calling a MicroPython block device."""

    def __init__(self, bdev):
        self.bdev = bdev

    def read(self, cfg, block, off, size):
        buf = bytearray(size)
        self.bdev.readblocks(block, buf, off)
        return buf

    def prog(self, cfg, block, off, data):
        self.bdev.writeblocks(block, bytearray(data), off)
        return 0

    def erase(self, cfg, block):
        self.bdev.ioctl(6, block)
        return 0

    def sync(self, cfg):
        return 0


def mount(bdev, prog, read=32, fmt=False):
    cache = min(4096, 4 * max(read, prog))
    fs = littlefs.LittleFS(context=Device(bdev), block_size=4096, block_count=BLOCKS,
                           read_size=read, prog_size=prog, cache_size=cache,
                           lookahead_size=32, block_cycles=100, mount=False)
    if fmt:
        fs.format()
    fs.mount()
    return fs


def write(fs, path, data):
    with fs.open(path, "wb") as f:
        f.write(data)


def read(fs, path):
    with fs.open(path, "rb") as f:
        return f.read()


def test_the_ports_filesystem_mounts_again_through_pages_and_back():
    flash = FakeNorFlash(BLOCKS)
    port = mount(flash, 256, fmt=True)                   # _boot.py's format and mount
    port.mkdir("state")
    write(port, "board.json", b'{"name": "pico"}')
    write(port, "state/match", b"r" * 660)               # a record (a data block)
    write(port, "state/match.a", b"[1, 2, 3]")          # a tail (inline)
    port.unmount()

    ours = mount(PageFlash(flash), F.PROG, F.READ)     # flashfs.remount's
    assert read(ours, "board.json") == b'{"name": "pico"}'
    assert read(ours, "state/match") == b"r" * 660
    for i in range(40):                                   # the journal's turns: tails, records, slots
        write(ours, "state/match.a", b"[%d]" % i)
        write(ours, "state/match.at", b"[%d, %d]" % (i, i))
        write(ours, "state/match" + (".old" if i % 2 else ""), bytes([65 + i % 26]) * (500 + 7 * i))
    ours.mkdir("state/match.r")
    write(ours, "state/match.r/3", b"s" * 400)
    ours.remove("state/match.at")
    ours.unmount()
    assert all(a % 256 == 0 and n % 256 == 0 for a, n in flash.programs)

    again = mount(flash, 256)                              # after a reset: the port's mount
    assert read(again, "state/match.a") == b"[39]"
    assert read(again, "state/match.old") == bytes([65 + 39 % 26]) * (500 + 7 * 39)
    assert read(again, "state/match") == bytes([65 + 38 % 26]) * (500 + 7 * 38)
    assert read(again, "state/match.r/3") == b"s" * 400
    assert sorted(again.listdir("state")) == ["match", "match.a", "match.old", "match.r"]
    write(again, "board.json", b"{}")
    again.unmount()
    ours = mount(PageFlash(flash), F.PROG, F.READ)
    assert read(ours, "board.json") == b"{}"


def test_without_pages_the_same_writes_break_the_flashs_contract():
    # the reason for PageFlash: littlefs programs 128-byte pieces
    class Lenient(FakeNorFlash):
        bad = 0

        def writeblocks(self, block, buf, off=None):
            if off is not None and (off % 256 or len(buf) % 256):
                self.bad += 1
                return
            FakeNorFlash.writeblocks(self, block, buf, off)
    flash = Lenient(BLOCKS)
    mount(flash, 256, fmt=True).unmount()
    assert flash.bad == 0
    fs = mount(flash, F.PROG, F.READ)
    try:
        write(fs, "state", b"x" * 300)
    except littlefs.LittleFSError:
        pass                    # (what littlefs read back after the dropped programs)
    assert flash.bad > 0
