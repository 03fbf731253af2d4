# The device's index of its rulesets, rulesets/.index:
#   {"v": 1, "files": {file: [sha-256 prefix, game, ruleset name]}}
# (a file the device refused: [sha-256 prefix, null, the reason])
# A file whose bytes hash to its entry is listed without being read as JSON
# or having its game's engine imported (an engine is a lot of RAM and slow
# to import on the device). The build writes it for the rulesets it
# ships (tools/deploy.py), `mip install` installs the same file, a push adds
# the pushed file, and the device adds every file it validates itself (one
# copied by hand), so each file is validated once, not on every listing.
# It is only a cache: a torn or bad index reads as empty and files are
# validated again; a file that changed no longer matches its entry.
import os

DIR = "rulesets"
PATH = DIR + "/.index"
MAX_BYTES = 4096        # a ruleset file's largest size (oya.rules refuses a larger one)


def digest(raw):
    import hashlib
    from oya.compat import hexstr
    return hexstr(hashlib.sha256(raw).digest())[:16]


def read_upto(f, n):
    """f.read(n), but the heap asked for no more than the file holds (and
    one byte, so a caller still sees a file longer than n): MicroPython's
    read(n) takes n bytes in one piece first, and a heap held near full may
    have no MAX_BYTES piece for a far smaller ruleset (every file then
    listed as unreadable). Here, not in oya.compat: as .mpy that module's
    code is in RAM through every deal, and this only lists and reads
    rulesets."""
    size = f.seek(0, 2)
    f.seek(0)
    return f.read(min(n, size + 1))


def read_file(path):
    """A ruleset file's bytes, up to one past MAX_BYTES (so a larger file
    is told apart); OSError when it cannot be read. The listing, the
    reader and a push all read a file through this."""
    with open(path, "rb") as f:
        return read_upto(f, MAX_BYTES + 1)


def read():
    """{file: entry}, or {} without a readable index. A heap with no room
    to read it is not "no index": collected, it is read again, and if it
    still has none the MemoryError is the caller's (a scan that took the
    index for empty validated every file, and saved what it validated
    over the whole index)."""
    import json
    for again in (False, True):
        try:
            with open(PATH, "rb") as f:
                d = json.load(f)
            files = d.get("files")
            return files if isinstance(files, dict) else {}
        except MemoryError:
            if again:
                raise
            import gc
            gc.collect()
        except Exception:
            return {}


def known(index, fn, raw):
    """(game, name) when `raw` is, byte for byte, the file `fn` the index
    holds ((None, reason) for one refused); None when it is not (changed,
    new, never validated)."""
    e = index.get(fn)
    if not isinstance(e, list) or len(e) != 3:
        return None
    if digest(raw) != e[0]:
        return None
    return e[1], e[2]


def add(index, fn, raw, game, name):
    """Record a file just validated (game None: refused, `name` the reason);
    True when the index changed."""
    e = [digest(raw), game, name]
    if index.get(fn) == e:
        return False
    index[fn] = e
    return True


def save(index, present=None):
    """Write the index (entries of files not in `present` dropped): a new
    file renamed into place, so a cut leaves the old index or the new one.
    False when the flash refused (the listing still works, only slower)."""
    for ok in saving(index, present):
        if not ok:
            return False
    return True


def saving(index, present=None):
    """save() in two steps, a generator: the new file, then its rename (on
    littlefs each may erase a flash block with the CPU stopped, too long
    for one device pass). Yields whether the step went through."""
    import json
    if present is not None:
        for fn in list(index):
            if fn not in present:
                del index[fn]
    tmp = PATH + ".tmp"
    try:
        with open(tmp, "w") as f:
            f.write(json.dumps({"v": 1, "files": index}))
    except OSError:
        yield False
        return
    yield True
    try:
        os.rename(tmp, PATH)
    except OSError:
        yield False
        return
    yield True
