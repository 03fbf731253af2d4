"""The Pico's flash filesystem as a host folder, with power-cut injection.

Paths the firmware uses (relative, or absolute from the device's `/`) are mapped into
one folder. `rename` is atomic and replaces an existing target (as littlefs does).
Every mutating operation is logged and counted, and the Flash can be told to lose power
before the k-th mutating operation, or after N bytes have been written (inside a
write: the first bytes of that write land, the rest do not). Losing power raises
`PowerCut`, a BaseException, out of the firmware.
"""
import errno
import os
import shutil


class PowerCut(BaseException):
    """The simulated supply failed: raised out of the firmware, which then stops."""


def _oserror(code, path=None):
    e = OSError(code, os.strerror(code))
    e.errno = code
    return e


class _File:
    """A file object like MicroPython's, over a host file, counting what is written."""

    def __init__(self, flash, raw, path, mode):
        self._f = raw
        self._flash = flash
        self._path = path
        self._mode = mode
        self._text = "b" not in mode

    def write(self, data):
        fl = self._flash
        fl._check_power()
        enc = data.encode() if self._text else bytes(data)
        allowed = fl._bytes_allowed(len(enc))
        if allowed < len(enc):
            if allowed > 0:
                self._f.write(enc[:allowed])
            self._f.flush()
            fl._log_op(("write", self._path, allowed, "cut"))
            fl.bytes_written += allowed
            fl._cut("during write to %s after %d of %d bytes" % (self._path, allowed, len(enc)))
        fl._count_op(("write", self._path, len(enc)))
        self._f.write(enc)
        self._f.flush()
        fl.bytes_written += len(enc)
        return len(data) if self._text else len(enc)

    def _dec(self, b):
        return b.decode("utf-8") if self._text else b

    def read(self, *a):
        self._flash._check_power()
        return self._dec(self._f.read(*a))

    def readinto(self, buf, *a):
        self._flash._check_power()
        return self._f.readinto(buf, *a)

    def readline(self, *a):
        self._flash._check_power()
        return self._dec(self._f.readline(*a))

    def readlines(self):
        self._flash._check_power()
        return [self._dec(x) for x in self._f.readlines()]

    def __iter__(self):
        while True:
            line = self.readline()
            if not line:
                return
            yield line

    def seek(self, *a):
        return self._f.seek(*a)

    def tell(self):
        return self._f.tell()

    def flush(self):
        self._flash._check_power()
        self._f.flush()

    def close(self):
        if not self._f.closed:
            self._f.close()
            if self._flash.powered:
                self._flash._log_op(("close", self._path))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self._f.close()
        except Exception:
            pass


class Flash:
    """One device's flash filesystem, rooted at the host folder `root`."""

    def __init__(self, root, size=1 << 21):
        self.root = os.path.abspath(root)
        os.makedirs(self.root, exist_ok=True)
        self.size = size
        self.cwd = "/"
        self.log = []            # every operation: ("write"|"rename"|"remove"|..., ...)
        self.ops = 0             # mutating operations done (writes, renames, removes, mkdirs)
        self.bytes_written = 0
        self.cut_at_op = None    # lose power instead of doing mutating op number k (0-based)
        self.cut_at_byte = None  # lose power once this many bytes have been written in total
        self.powered = True
        self.on_cut = None       # callback(reason) set by the Sim

    # --- power -----------------------------------------------------------------
    def arm(self, op=None, byte=None):
        """Cut power before mutating op number `op` (0-based, counted from now on
        including earlier ops: uses the running counter) or when the running byte
        count reaches `byte`."""
        self.cut_at_op = op
        self.cut_at_byte = byte

    def disarm(self):
        self.cut_at_op = None
        self.cut_at_byte = None

    def _check_power(self):
        if not self.powered:
            raise PowerCut("flash unpowered")

    def _cut(self, why):
        self.powered = False
        self.disarm()
        self.log.append(("powercut", why))
        if self.on_cut is not None:
            self.on_cut(why)
        raise PowerCut(why)

    def _count_op(self, entry):
        self._check_power()
        if self.cut_at_op is not None and self.ops >= self.cut_at_op:
            self._cut("before flash op #%d %r" % (self.ops, entry))
        self.ops += 1
        self.log.append(entry)

    def _log_op(self, entry):
        self.log.append(entry)

    def _bytes_allowed(self, n):
        if self.cut_at_byte is None:
            return n
        left = self.cut_at_byte - self.bytes_written
        return max(0, min(n, left)) if left < n else n

    # --- paths -----------------------------------------------------------------
    def devpath(self, path):
        """Normalise a firmware path to an absolute device path like '/state/x'."""
        if not isinstance(path, str):
            path = path.decode()
        if not path.startswith("/"):
            path = self.cwd.rstrip("/") + "/" + path
        parts = []
        for p in path.split("/"):
            if p in ("", "."):
                continue
            if p == "..":
                if parts:
                    parts.pop()
                continue
            parts.append(p)
        return "/" + "/".join(parts)

    def host(self, path):
        dp = self.devpath(path)
        return os.path.join(self.root, *dp.split("/")[1:]) if dp != "/" else self.root

    # --- the firmware's view: open() and the os functions -------------------------
    def open(self, path, mode="r", *args, **kw):
        self._check_power()
        hp = self.host(path)
        dp = self.devpath(path)
        writing = any(c in mode for c in "wax+")
        if os.path.isdir(hp):
            raise _oserror(errno.EISDIR)
        if writing:
            parent = os.path.dirname(hp)
            if not os.path.isdir(parent):
                raise _oserror(errno.ENOENT)
            if "w" in mode or ("a" in mode and not os.path.exists(hp)) or "x" in mode:
                self._count_op(("open", dp, mode))
        elif not os.path.exists(hp):
            raise _oserror(errno.ENOENT)
        m = mode.replace("t", "")
        if "b" not in m:
            m += "b"
        raw = open(hp, m)
        return _File(self, raw, dp, mode)

    def stat(self, path):
        self._check_power()
        hp = self.host(path)
        try:
            st = os.stat(hp)
        except OSError:
            raise _oserror(errno.ENOENT)
        mode = 0x4000 if os.path.isdir(hp) else 0x8000
        t = int(st.st_mtime)
        return (mode, 0, 0, 0, 0, 0, st.st_size if mode == 0x8000 else 0, t, t, t)

    def listdir(self, path=""):
        self._check_power()
        hp = self.host(path or self.cwd)
        if not os.path.isdir(hp):
            raise _oserror(errno.ENOENT)
        return sorted(os.listdir(hp))

    def ilistdir(self, path=""):
        hp = self.host(path or self.cwd)
        for name in self.listdir(path):
            full = os.path.join(hp, name)
            if os.path.isdir(full):
                yield (name, 0x4000, 0, 0)
            else:
                yield (name, 0x8000, 0, os.path.getsize(full))

    def remove(self, path):
        hp = self.host(path)
        if not os.path.isfile(hp):
            self._check_power()
            raise _oserror(errno.ENOENT)
        self._count_op(("remove", self.devpath(path)))
        os.remove(hp)

    def rename(self, a, b):
        ha, hb = self.host(a), self.host(b)
        if not os.path.exists(ha):
            self._check_power()
            raise _oserror(errno.ENOENT)
        if os.path.isdir(hb):
            raise _oserror(errno.EISDIR)
        self._count_op(("rename", self.devpath(a), self.devpath(b)))
        os.replace(ha, hb)  # atomic on the host, as littlefs's rename is on the device

    def mkdir(self, path):
        hp = self.host(path)
        if os.path.exists(hp):
            self._check_power()
            raise _oserror(errno.EEXIST)
        if not os.path.isdir(os.path.dirname(hp)):
            raise _oserror(errno.ENOENT)
        self._count_op(("mkdir", self.devpath(path)))
        os.mkdir(hp)

    def rmdir(self, path):
        hp = self.host(path)
        if not os.path.isdir(hp):
            raise _oserror(errno.ENOENT)
        if os.listdir(hp):
            raise _oserror(errno.ENOTEMPTY)
        self._count_op(("rmdir", self.devpath(path)))
        os.rmdir(hp)

    def chdir(self, path):
        hp = self.host(path)
        if not os.path.isdir(hp):
            raise _oserror(errno.ENOENT)
        self.cwd = self.devpath(path)

    def getcwd(self):
        return self.cwd

    def used_bytes(self):
        n = 0
        for dirpath, _dirs, files in os.walk(self.root):
            for f in files:
                n += os.path.getsize(os.path.join(dirpath, f))
        return n

    def statvfs(self, path="/"):
        bsize = 4096
        blocks = self.size // bsize
        used = (self.used_bytes() + bsize - 1) // bsize
        free = max(0, blocks - used)
        return (bsize, bsize, blocks, free, free, 0, 0, 0, 0, 255)

    # --- host side helpers --------------------------------------------------------
    def put(self, path, data):
        """Place a file on the flash from the host (like a deploy), not logged."""
        hp = self.host(path)
        os.makedirs(os.path.dirname(hp), exist_ok=True)
        with open(hp, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())

    def get(self, path):
        with open(self.host(path), "rb") as f:
            return f.read()

    def exists(self, path):
        return os.path.exists(self.host(path))

    def copytree(self, src, dst):
        hp = self.host(dst)
        shutil.copytree(src, hp, dirs_exist_ok=True)

    def power_on(self):
        self.powered = True
