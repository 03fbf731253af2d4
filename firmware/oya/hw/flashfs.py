# The board's filesystem, mounted again with littlefs caches a quarter of
# the port's size.
#
# The rp2 port's _boot.py mounts the flash with littlefs's program size at the
# flash's page (oya.hw.pageflash.PAGE), and MicroPython sizes every littlefs
# cache at four times that: the read cache, the program cache, and one more
# on the heap for every open file (extmod/vfs_lfsx.c). A journal file is
# open in every key, so that last cache is in every peak of a match. Mounted
# with a program size of PROG, each cache is a quarter the size. littlefs
# keeps no program size on the flash, and PROG divides the page the flash
# was written with, so the same filesystem mounts either way. littlefs keeps
# a file inline in its directory's log up to the smaller of the cache and an
# eighth of the block. The files written often stay under it (a journal's
# tail) or are over it anyway (a record, a recall slot padded to
# oya.session.SLOT_BYTES: a block each).
#
# The flash itself only programs whole pages: the mount is over
# oya.hw.pageflash.PageFlash, which sends a program of part of a page as the
# whole page. This module is imported for the remount and forgotten.
from oya.compat import const

PROG = const(64)            # littlefs's program size here (cache: 4 x this)
READ = const(32)             # its read size (the port's default)


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
        from oya.hw.pageflash import PageFlash
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
