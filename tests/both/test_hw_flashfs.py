# PageFlash: littlefs's programs of part of a flash page, sent as whole pages
# (oya.hw.pageflash), and the remount that uses it (oya.hw.flashfs).
from hw_fakes import FakeNorFlash
from oya.hw import flashfs
from oya.hw import pageflash as F


def _page_all_ff(dev):
    return bytes(dev.pagev) == b"\xff" * F.PAGE


def test_a_program_of_part_of_a_page_is_the_whole_page_with_0xff_around_it():
    flash = FakeNorFlash()
    dev = F.PageFlash(flash)
    dev.writeblocks(2, b"\x01" * 128, 128)                  # the page's second half
    assert flash.programs == [(2 * 4096, 256)]
    base = 2 * 4096
    assert flash.data[base:base + 128] == b"\xff" * 128      # the rest: still erased
    assert flash.data[base + 128:base + 256] == b"\x01" * 128
    dev.writeblocks(2, b"\x02" * 128, 0)                    # then its first half
    assert flash.data[base:base + 128] == b"\x02" * 128
    assert flash.data[base + 128:base + 256] == b"\x01" * 128  # (0xFF over it changed nothing)
    assert _page_all_ff(dev)


def test_a_program_across_pages_goes_page_by_page():
    flash = FakeNorFlash()
    dev = F.PageFlash(flash)
    data = bytes(range(256)) * 2
    dev.writeblocks(1, data, 128)                       # 512 B from mid-page: three pages touched
    assert flash.programs == [(4096 + 0, 256), (4096 + 256, 256), (4096 + 512, 256)]
    assert flash.data[4096:4096 + 128] == b"\xff" * 128
    assert flash.data[4096 + 128:4096 + 640] == data
    assert flash.data[4096 + 640:4096 + 768] == b"\xff" * 128
    assert _page_all_ff(dev)


def test_the_whole_pages_inside_a_program_go_straight_to_the_flash():
    flash = FakeNorFlash()
    dev = F.PageFlash(flash)
    data = bytes(range(256)) * 2 + bytes(range(192))
    dev.writeblocks(1, data, 128)                       # 128 B, two whole pages, 64 B
    assert flash.programs == [(4096, 256), (4096 + 256, 512), (4096 + 768, 256)]
    assert flash.data[4096 + 128:4096 + 128 + len(data)] == data
    assert flash.data[4096 + 832:4096 + 1024] == b"\xff" * 192
    assert _page_all_ff(dev)


def test_whole_pages_go_straight_to_the_flash():
    flash = FakeNorFlash()
    dev = F.PageFlash(flash)
    data = bytearray(b"\x5a" * 512)
    dev.writeblocks(3, data, 256)
    assert flash.programs == [(3 * 4096 + 256, 512)]
    buf = bytearray(512)
    dev.readblocks(3, buf, 256)
    assert buf == data


def test_the_page_buffer_is_erased_again_when_the_flash_fails():
    class Failing(FakeNorFlash):
        def writeblocks(self, block, buf, off=None):
            raise OSError(5)
    dev = F.PageFlash(Failing())
    try:
        dev.writeblocks(0, b"\x00" * 128, 0)
        assert False, "the flash's error must reach littlefs"
    except OSError:
        pass
    assert _page_all_ff(dev)


def test_erase_and_geometry_are_the_flashs():
    flash = FakeNorFlash(blocks=8)
    dev = F.PageFlash(flash)
    dev.writeblocks(0, b"\x00" * 128, 0)
    assert dev.ioctl(4, 0) == 8 and dev.ioctl(5, 0) == 4096
    dev.ioctl(6, 0)
    assert flash.data[0:4096] == b"\xff" * 4096


def test_no_remount_where_there_is_no_rp2_flash():
    # CPython, the WebAssembly port: the filesystem there is left as it is
    assert flashfs.remount() is False
