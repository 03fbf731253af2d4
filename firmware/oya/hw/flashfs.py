# The board's filesystem, mounted again with littlefs caches a quarter of
# the port's size.
#
# The rp2 port's _boot.py mounts the flash with littlefs's program size at the
# flash's 256-byte page, and MicroPython sizes every littlefs cache at four
# times that: 1 KB for the read cache, 1 KB for the program cache, and 1 KB
# more on the heap for every open file (extmod/vfs_lfsx.c). A journal file is
# open in every key, so that last KB is in every peak of a match (emulated
# RP2040). Mounted with a 128-byte program size, each cache is 512 B.
# littlefs keeps no program size on the flash, and 128 divides the 256 the
# flash was written with, so the same filesystem mounts either way. Files up to
# 512 B still live in the directory's log (littlefs's inline limit is the
# smaller of the cache and an eighth of the 4 KB block), as they did.
#
# The flash itself only programs whole pages (pico-sdk's flash_range_program),
# so PageFlash sends a program of part of a page as the whole page, 0xFF
# around the new bytes: on NOR flash programming a 1 leaves the bit as it is,
# so the rest of the page keeps what it holds (erased, or written before).
from oya.compat import const

PAGE = const(256)            # the flash's program page
PROG = const(128)            # littlefs's program size here (cache: 4 x this)
READ = const(32)             # its read size (the port's default)


class PageFlash:
    """A littlefs block device (readblocks, writeblocks, ioctl with offsets:
    MicroPython's extended interface) over `flash` (rp2.Flash), whose
    program is sent in whole pages."""

    def __init__(self, flash):
        self.flash = flash
        self.pagev = memoryview(bytearray(b"\xff" * PAGE))    # all 0xFF between programs
        # reads and erases are the flash's own: littlefs makes hundreds of
        # small reads to walk its logs (~1,000 for a commit that compacts),
        # and a Python method between was ~50 us a call on the RP2040
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
    """page[a:a + n] back to 0xFF, in doubling copies (a loop a byte was
    ~1 ms a page on the RP2040)."""
    page[a] = 0xFF
    w = 1
    while w < n:
        c = min(w, n - w)
        page[a + w:a + w + c] = page[a:a + c]
        w += c


def remount():
    """The root filesystem mounted again over PageFlash with PROG (on the
    rp2 port, before any file is open). True when done; anywhere else, or
    when the new mount fails, the port's mount stays and False."""
    try:
        import vfs
        from _rp2 import Flash
        lfs = vfs.VfsLfs2
    except (ImportError, AttributeError):
        return False                     # not the rp2 port (the simulator, CPython)
    old = None
    for fs, at in vfs.mount():
        if at == "/":
            old = fs
    if type(old) is not lfs:
        return False                     # not the port's littlefs at the root
    try:
        fs = lfs(PageFlash(Flash()), readsize=READ, progsize=PROG)
    except Exception:
        return False                     # (it reads only: the port's mount is as it was)
    vfs.umount("/")
    try:
        vfs.mount(fs, "/")
        done = True
    except Exception:
        vfs.mount(old, "/")              # (the port's, as it was a moment ago)
        done = False
    import os
    os.chdir("/")                        # (the working folder was the old mount's)
    return done
