# PageFlash: the rp2 port's flash as a littlefs block device whose programs
# may be part of a page (oya.hw.flashfs mounts the filesystem over it). The
# flash itself only programs whole pages (pico-sdk's flash_range_program), so a
# program of part of a page is sent as the whole page, 0xFF around the new
# bytes: on NOR flash programming a 1 leaves the bit as it is, so the rest of
# the page keeps what it holds (erased, or written before). A module of its
# own: it stays in RAM with the mount, where the remount's code need not.
from oya.compat import const

PAGE = const(256)            # the flash's program page
_ERASED = const(0xFF)        # an erased byte: programming it leaves a byte as it is


class PageFlash:
    """A littlefs block device (readblocks, writeblocks, ioctl with offsets:
    MicroPython's extended interface) over `flash` (rp2.Flash), whose
    program is sent in whole pages."""

    def __init__(self, flash):
        self.flash = flash
        self.pagev = memoryview(bytearray(bytes((_ERASED,)) * PAGE))    # all erased between programs
        # reads and erases are the flash's own: littlefs makes hundreds of
        # small reads to walk its logs, and a Python method between would
        # cost each of them a call
        self.readblocks = flash.readblocks
        self.ioctl = flash.ioctl

    def writeblocks(self, block, buf, off=None):
        if off is None:                  # the basic interface: erase, then write
            self.flash.writeblocks(block, buf)
            return
        n = len(buf)
        mv = memoryview(buf)
        page = self.pagev
        done = 0
        while done < n:
            at = off + done
            start = at & (PAGE - 1)
            k = min(PAGE - start, n - done)
            if k == PAGE:                # whole pages: straight from littlefs's cache
                k = (n - done) & ~(PAGE - 1)
                self.flash.writeblocks(block, mv[done:done + k], at)
            else:
                page[start:start + k] = mv[done:done + k]
                try:
                    self.flash.writeblocks(block, page, at - start)
                finally:
                    _erase(page, start, k)
            done += k


def _erase(page, a, n):
    """page[a:a + n] back to _ERASED, in doubling copies (a Python loop a byte
    is slow on the device)."""
    page[a] = _ERASED
    w = 1
    while w < n:
        c = min(w, n - w)
        page[a + w:a + w + c] = page[a:a + c]
        w += c
