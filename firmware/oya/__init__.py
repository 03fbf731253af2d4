# Oya: dealer, referee and chip tracker for five Japanese card games.
VERSION = "0.1.0"
GAMES = ("oicho", "kachi", "kakkuri", "kyuten", "meri")


def option_text(v):
    """An option value as rulesets write it: none, true, false, 3, pinpin.
    Here so that the ruleset reader and the screens share it without the
    screens loading the reader."""
    if v is None:
        return "none"
    if v is True:
        return "true"
    if v is False:
        return "false"
    return str(v)


def _builtins_listed(names=("time", "json", "os", "hashlib")):
    """MicroPython looks on the filesystem for a time.py, json.py... before
    its own module at every import of one not in sys.modules, and its own
    are never put there: littlefs lookups paid each time a flow's module is
    imported again and by every import inside a function (rng.entropy's
    os, each deal). Listed, an import is a dict lookup. On CPython they are
    there already."""
    import sys
    for name in names:
        if name not in sys.modules:
            try:
                sys.modules[name] = __import__(name)
            except ImportError:     # a host tool's loader that offers no such module
                pass


_builtins_listed()
del _builtins_listed       # run once: its code need not stay in RAM with the package
