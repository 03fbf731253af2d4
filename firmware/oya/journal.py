# Power-loss-safe storage of one JSON record (the match in progress), and of
# a short tail of actions taken since it.
#
# Every save writes a complete new file and renames it into place, keeping the
# previous record as `.old`; each file starts with a header carrying a sequence
# number, the body's length and a SHA-256 prefix. A power cut at any byte leaves
# either the previous or the new record readable, and load() picks the newest
# intact one. Nothing read back is evaluated: the body is parsed as JSON data.
#
# A whole record costs the flash a new file of a few KB (littlefs erases a 4 KB
# block for it: ~45 ms on the RP2040, 2-3 per key). So between records the
# actions go to a tail, `.a`: the list of actions since the record, framed the
# same way with the record's number, written as a new file and renamed over
# the last tail. A few dozen bytes live inline in littlefs's directory log,
# which needs no erase; the caller writes a new record when the tail grows.
# A tail whose number is not the record's is an old one and is ignored.
import hashlib
import json
import os
from oya.compat import hexstr

MAGIC = "OYAJ1"


class JournalCorrupt(Exception):
    """Files exist but none holds an intact record."""


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def remove_file(path):
    """Remove `path` if it is there."""
    try:
        os.remove(path)
    except OSError:
        pass


def _digest(body):
    return hexstr(hashlib.sha256(body).digest())[:16]


def _header(seq, body):
    return ("%s %d %d %s\n" % (MAGIC, seq, len(body), _digest(body))).encode()


def write(path, seq, data):
    """A new file `path` holding `data` framed: header, then the JSON body."""
    body = json.dumps(data).encode()
    with open(path, "wb") as f:
        f.write(_header(seq, body))
        f.write(body)


def decode(raw):
    """-> (seq, record), or None when `raw` is not an intact record."""
    nl = raw.find(b"\n")
    if nl < 0 or nl > 64:
        return None
    try:
        magic, seq, n, dig = raw[:nl].decode().split(" ")
        seq = int(seq)
        n = int(n)
    except (ValueError, UnicodeError):
        return None
    body = raw[nl + 1:]
    if magic != MAGIC or len(body) != n or _digest(body) != dig:
        return None
    try:
        return seq, json.loads(body.decode())
    except (ValueError, UnicodeError):
        return None


class Journal:
    def __init__(self, path):
        self.path = path
        self.lazy = False         # the owner writes when told (oya.session: after the frame)
        self.seq = 0
        self.tail = []            # what load() found after the record

    def _files(self):
        return (self.path, self.path + ".tmp", self.path + ".old")

    def _tails(self):
        return (self.path + ".a", self.path + ".at")

    def save(self, record):
        self.save_begin(record)
        self.save_end()

    def save_begin(self, record):
        """The first half of save(): the new record written as `.tmp`, which
        load() already takes (the newest intact file), so the device can do
        the renames of save_end() on a later pass (each step of littlefs may
        erase a block: ~45 ms of the CPU spinning on the RP2040)."""
        self.seq += 1
        write(self.path + ".tmp", self.seq, record)

    def save_end(self):
        """The record put in place: the last one kept as `.old`."""
        cur, tmp, old = self._files()
        remove_file(old)
        if _exists(cur):
            os.rename(cur, old)
        os.rename(tmp, cur)

    def save_tail(self, tail):
        """`tail` (a JSON list: what was done since the last save()) beside
        the record; load() gives it back as `self.tail`."""
        cur, tmp = self._tails()
        write(tmp, self.seq, tail)
        os.rename(tmp, cur)

    def load(self):
        """The newest intact record, or None when there is none at all.
        Raises JournalCorrupt when the record or its previous copy exists but
        none is intact. A broken .tmp alone is a save the power cut short
        (the record it was to replace is the last one kept), not corruption."""
        best = None
        seen = False
        tmp = self.path + ".tmp"
        for p in self._files():
            try:
                with open(p, "rb") as f:
                    raw = f.read()
            except OSError:
                continue
            got = decode(raw)
            if p != tmp:
                seen = True
            if got is not None and (best is None or got[0] > best[0]):
                best = got
        if best is None:
            if seen:
                raise JournalCorrupt(self.path)
            return None
        self.seq = best[0]
        # the tail, or a newer one the power cut before its rename: each
        # extends the one before it, so the longest intact one is the last
        self.tail = []
        for p in self._tails():
            try:
                with open(p, "rb") as f:
                    got = decode(f.read())
            except OSError:
                continue
            if got is not None and got[0] == best[0] and isinstance(got[1], list) and \
                    len(got[1]) > len(self.tail):
                self.tail = got[1]
        return best[1]

    def quarantine(self):
        """Keep a copy of unreadable files as .bad and start clean."""
        for p in self._tails():
            remove_file(p)
        for p in self._files():
            if _exists(p):
                remove_file(p + ".bad")
                os.rename(p, p + ".bad")
        self.seq = 0

    def clear(self):
        # the record itself goes last: a power cut on the way leaves it (the
        # last state kept), never the older copy behind it
        cur, tmp, old = self._files()
        for p in self._tails() + (tmp, old, cur):
            remove_file(p)
        self.seq = 0
