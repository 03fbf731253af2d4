# Flash storage: rulesets/ (shipped and pushed *.json) and state/ (journal,
# table, settings). Paths are relative: on a Pico the working directory is
# "/", in the simulator it is the flash folder.
#
# Every write is atomic: a whole new file is written and renamed into place
# (settings go through oya.journal, which also keeps the previous record), so
# a power cut leaves the old or the new content, never a mix. Nothing read
# here is executed; ruleset files are data for oya.rules.
import os
from oya.compat import const
from oya.journal import Journal, JournalCorrupt

_S_IFDIR = const(0x4000)         # os.stat()'s mode bit of a folder

RULESETS = "rulesets"
STATE = "state"


def ensure_dir(path):
    try:
        os.mkdir(path)
    except OSError:
        pass          # exists (or the parent is missing: the write will say)


def _is_dir(path):
    try:
        return (os.stat(path)[0] & _S_IFDIR) != 0
    except OSError:
        return False


def _check_name(name):
    """A plain file name: no folders, no hidden files, no way out of the folder."""
    if (not name or "/" in name or "\\" in name or name[0] == "." or len(name) > 64
            or not name.endswith(".json")):
        raise ValueError("bad ruleset file name %r" % (name,))
    return name


def list_rulesets(folder=RULESETS):
    """Sorted names of the *.json files in rulesets/ ([] when there is no
    folder)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    out = []
    for n in names:
        if n.endswith(".json") and n[0] != "." and not _is_dir(folder + "/" + n):
            out.append(n)
    out.sort()
    return out


def read_ruleset(name, folder=RULESETS):
    """The text of rulesets/<name>."""
    with open(folder + "/" + _check_name(name)) as f:
        return f.read()


def write_atomic(path, data):
    """Write `data` (str or bytes) to `path` by writing path.tmp and renaming."""
    tmp = path + ".tmp"
    with open(tmp, "wb" if isinstance(data, (bytes, bytearray)) else "w") as f:
        f.write(data)
    try:
        os.rename(tmp, path)  # littlefs and POSIX replace the old file at once
    except OSError:           # a filesystem whose rename does not replace
        os.remove(path)
        os.rename(tmp, path)


def write_ruleset(name, text, folder=RULESETS):
    """Store a pushed ruleset (validate it with oya.rules before calling)."""
    ensure_dir(folder)
    write_atomic(folder + "/" + _check_name(name), text)


def remove_ruleset(name, folder=RULESETS):
    try:
        os.remove(folder + "/" + _check_name(name))
        return True
    except OSError:
        return False


class Settings:
    """A small dict kept in state/settings through the journal."""

    def __init__(self, defaults, folder=STATE, name="settings"):
        self.defaults = defaults
        self.folder = folder
        self.journal = Journal(folder + "/" + name)
        self.error = None

    def load(self):
        """The saved settings over the defaults; keys not in the defaults and
        values of another type than the default's are ignored. A corrupt file
        is set aside (.bad) and the defaults are used."""
        from oya.journal_read import load, quarantine
        out = dict(self.defaults)
        try:
            saved = load(self.journal)
        except JournalCorrupt:
            self.error = "settings unreadable: defaults used"
            quarantine(self.journal)
            return out
        if isinstance(saved, dict):
            for k in out:
                if k in saved and type(saved[k]) is type(out[k]):
                    out[k] = saved[k]
        return out

    def save(self, values):
        ensure_dir(self.folder)
        self.journal.save(values)


def free_kb(path="."):
    """Free flash in KB, or -1 when the port cannot tell."""
    try:
        st = os.statvfs(path)
        return st[0] * st[3] // 1024
    except (AttributeError, OSError):
        return -1
