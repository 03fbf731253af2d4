"""Loads the firmware into a private module table with its own builtins.

Each Sim (and each boot of it) gets fresh firmware modules, as a reboot gives a device a
fresh heap. The firmware's `import` statements resolve, in order: firmware modules
(files under the firmware folder), the fakes of the MicroPython modules (machine, time,
micropython, framebuf, asyncio, os, gc, sys, with their `u`-prefixed aliases), and
then the host's own modules, limited to names that exist in MicroPython's library, so a
firmware import of a CPython-only module fails here as it would on the device.
The host's sys.modules is never touched.
"""
import builtins
import os
import sys as _host_sys
import types

# Modules MicroPython ports (rp2 and the webassembly port) provide, which the host's
# CPython equivalents stand in for.
MICROPYTHON_STDLIB = frozenset((
    "array", "binascii", "builtins", "cmath", "collections", "errno", "hashlib", "heapq",
    "io", "json", "math", "random", "re", "select", "struct", "uctypes", "zlib",
    "_thread",
))

_code_cache = {}


class PrivateSys(types.ModuleType):
    """The firmware's `sys`: its own module table (`modules`, set by whoever
    makes it), anything else the host's."""

    def __getattr__(self, name):
        return getattr(_host_sys, name)


def private_sys(modules):
    s = PrivateSys("sys")
    s.modules = modules
    return s


def _compile(path):
    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size)
    code = _code_cache.get(key)
    if code is None:
        with open(path, "rb") as f:
            src = f.read()
        code = compile(src, path, "exec", dont_inherit=True)
        _code_cache[key] = code
    return code


class FirmwareImporter:
    def __init__(self, roots, fakes, overrides=None, allow_host=MICROPYTHON_STDLIB, patches=None):
        if isinstance(roots, str):
            roots = [roots]
        self.roots = [os.path.abspath(r) for r in roots]
        self.fakes = dict(fakes)
        for name in list(self.fakes):
            self.fakes.setdefault("u" + name, self.fakes[name])
        self.allow_host = allow_host
        self.modules = {}
        if "sys" not in self.fakes:     # the firmware lists modules in sys.modules (oya)
            self.fakes["sys"] = private_sys(self.modules)
        self.builtins = dict(builtins.__dict__)
        self.builtins["__import__"] = self._import
        if overrides:
            self.builtins.update(overrides)
        self._roots_cache = {}
        # {module: {name: value}} set on a firmware module once it has run: what
        # the simulator does in the hardware's place (oya.hw.drive: the device
        # loop run on the virtual clock instead of in time.sleep_ms naps)
        self.patches = patches or {}

    # --- locating firmware files -------------------------------------------------------
    def _find(self, name):
        parts = name.split(".")
        for root in self.roots:
            base = os.path.join(root, *parts)
            if os.path.isfile(base + ".py"):
                return base + ".py", False
            if os.path.isdir(base):
                init = os.path.join(base, "__init__.py")
                return (init if os.path.isfile(init) else None), True
        return None

    def is_firmware(self, top):
        r = self._roots_cache.get(top)
        if r is None:
            r = self._find(top) is not None
            self._roots_cache[top] = r
        return r

    # --- loading ------------------------------------------------------------------------------
    def load(self, name):
        mod = self.modules.get(name)
        if mod is not None:
            return mod
        parent = None
        if "." in name:
            pname, _, child = name.rpartition(".")
            parent = self.load(pname)
        found = self._find(name)
        if found is None:
            raise ImportError("no module named '%s'" % name, name=name)
        path, is_pkg = found
        mod = types.ModuleType(name)
        mod.__dict__["__builtins__"] = self.builtins
        mod.__file__ = path or os.path.join(self.roots[0], *name.split("."))
        if is_pkg:
            mod.__path__ = [os.path.dirname(mod.__file__) if path else mod.__file__]
            mod.__package__ = name
        else:
            mod.__package__ = name.rpartition(".")[0]
        self.modules[name] = mod
        try:
            if path:
                exec(_compile(path), mod.__dict__)
        except BaseException:
            self.modules.pop(name, None)
            raise
        for k, v in self.patches.get(name, {}).items():
            setattr(mod, k, v)
        if parent is not None:
            setattr(parent, name.rpartition(".")[2], mod)
        return mod

    def _import(self, name, globals=None, locals=None, fromlist=(), level=0):
        if level:
            pkg = (globals or {}).get("__package__") or ""
            bits = pkg.split(".")
            if level > 1:
                bits = bits[:-(level - 1)]
            base = ".".join(bits)
            name = base + "." + name if name else base
        top = name.partition(".")[0]
        if name in self.fakes:
            return self.fakes[name]
        if top in self.fakes:
            raise ImportError("no module named '%s'" % name, name=name)
        if self.is_firmware(top):
            mod = self.load(name)
            if fromlist:
                for item in fromlist:
                    if item != "*" and not hasattr(mod, item) and hasattr(mod, "__path__"):
                        try:
                            self.load(name + "." + item)
                        except ImportError:
                            pass
                return mod
            return self.modules[top]
        host_name = name
        if top not in self.allow_host:
            if top.startswith("u") and top[1:] in self.allow_host:
                host_name = name[1:]
            else:
                raise ImportError("no module named '%s' (not in MicroPython)" % name, name=name)
        mod = builtins.__import__(host_name, None, None, fromlist, 0)
        return mod
