# Reading a journal back (oya.journal): its newest intact record and tail,
# and damaged files kept aside as .bad. A module of its own: only a boot, a
# resume and the recalled deals read (oya.ui.app.FLOWS and the pause menus
# drop it again); a deal writes only, and the reading is not kept in RAM
# through it.
import json
import os
from oya.journal import MAGIC, JournalCorrupt, _digest, remove_file


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


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


def load(journal):
    """The newest intact record, or None when there is none at all.
    Raises JournalCorrupt when the record or its previous copy exists but
    none is intact. A broken .tmp alone (older firmware's) is a save the
    power cut short, not corruption."""
    journal.finish()
    best = None
    seen = False
    tmp = journal.path + ".tmp"
    journal._rslot = 1
    for i, p in enumerate(journal._files()):
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
            journal._rslot = i & 1   # from a .tmp: either file is free to write
    if best is None:
        if seen:
            raise JournalCorrupt(journal.path)
        return None
    journal.seq = best[0]
    # the two tails: each extends the one before it, so the longest
    # intact one is the last; the next is written over the other
    journal.tail = []
    journal._tslot = 1
    for i, p in enumerate(journal._tails()):
        try:
            with open(p, "rb") as f:
                got = decode(f.read())
        except OSError:
            continue
        if got is not None and got[0] == best[0] and isinstance(got[1], list) and \
                len(got[1]) > len(journal.tail):
            journal.tail = got[1]
            journal._tslot = i
    return best[1]


def quarantine(journal):
    """Keep a copy of unreadable files as .bad and start clean."""
    journal.finish()
    for p in journal._tails():
        remove_file(p)
    for p in journal._files():
        if _exists(p):
            remove_file(p + ".bad")
            os.rename(p, p + ".bad")
    journal.seq = 0
    journal._rslot = journal._tslot = 1
