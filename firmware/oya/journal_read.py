# Reading a journal back (oya.journal): its newest intact record and tail,
# and damaged files kept aside as .bad. A module of its own: only a boot, a
# resume and the recalled deals read (oya.heap.FLOWS and the pause menus
# drop it again); a deal writes only, and the reading is not kept in RAM
# through it.
import hashlib
import io
import json
import os
from oya import journal
from oya.journal import JournalCorrupt, header, remove_file


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _intact(f):
    """(number, where the body starts) of the record in the open file `f`
    when it is intact (its header holds for the rest of the file), else
    None. The file is read in pieces into one small buffer: its bytes are
    never one object in the heap (a heap held near its budget may have a
    piece that big only in smaller ones)."""
    head = f.readline(65)
    try:
        seq = int(head.split(b" ")[1])
    except (ValueError, IndexError):
        return None
    h = hashlib.sha256()
    n = 0
    buf = bytearray(64)
    k = f.readinto(buf)
    while k:
        h.update(buf if k == 64 else memoryview(buf)[:k])    # (a view for the last piece only: each is garbage)
        n += k
        k = f.readinto(buf)
    if header(seq, n, h) != head:   # (magic, number, length and hash at once)
        return None
    return seq, len(head)


def read(f):
    """-> (seq, data) of the record in the open file `f`, or None when it
    is not an intact record of JSON data."""
    got = _intact(f)
    if got is None:
        return None
    f.seek(got[1])
    try:
        return got[0], json.load(f)
    except (ValueError, UnicodeError):
        return None


def decode(raw):
    """-> (seq, record), or None when the bytes `raw` are not an intact
    record (read(), of bytes in hand)."""
    return read(io.BytesIO(raw))


def read_path(path, check=read, missing=None):
    """check(the open file `path`), or `missing` when it cannot be opened.
    The file takes the room held for a file (oya.journal.hold_room): a
    heap held near its budget may have no other piece that big."""
    held = journal._room is not None
    journal._room = None    # (let go: the file may take its place)
    got = _checked(path, check, missing)
    if held:                # (the file is garbage: _checked's frame is gone)
        try:
            journal._room = bytearray(journal.FILE_ROOM)
        except MemoryError:
            pass            # (the next file's end tries again: hold_room)
    return got


def _checked(path, check, missing):
    """read_path()'s file, opened in this call's frame: once it returns,
    the file's buffers are garbage for the next file to take (a caller's
    variable would hold them through its next open)."""
    try:
        with open(path, "rb") as f:
            return check(f)
    except OSError:
        return missing


def newest(journal, parse=True):
    """(seq, record) of the journal's newest intact record, or None when
    there is none at all. Raises JournalCorrupt when the record or its
    previous copy exists but none is intact. Sets where the next writes go,
    and reads the tail (journal.tail); without `parse`, neither the record
    nor the tail is parsed (the record is None). Each file is checked in
    pieces (_intact), and only the newest is read again to be parsed (two
    records' bytes and data held at once can run a resume out of heap at
    the budget). A broken .tmp alone (older firmware's) is a save the power
    cut short, not corruption."""
    journal.finish()
    found = []
    seen = False
    tmp = journal.path + ".tmp"
    files = journal._files()
    journal._rslot = 1
    for i, p in enumerate(files):
        got = read_path(p, _intact, False)
        if got is False:
            continue                # (not there)
        if p != tmp:
            seen = True
        if got is not None:
            found.append((got[0], i))
    found.sort(key=lambda f: (-f[0], f[1]))     # the newest first (a tie: the first file)
    best = None
    for seq, i in found:
        rec = None
        if parse:
            rec = read_path(files[i])
            if rec is None or rec[0] != seq:
                continue            # (intact, but not JSON: as if damaged)
            rec = rec[1]
        best = seq, rec
        journal._rslot = i & 1      # from a .tmp: either file is free to write
        break
    if best is None:
        if seen:
            raise JournalCorrupt(journal.path)
        return None
    journal.seq = best[0]
    if not parse:
        return best
    # the two tails: each extends the one before it, so the longest
    # intact one is the last; the next is written over the other
    journal.tail = []
    journal._tslot = 1
    for i, p in enumerate(journal._tails()):
        got = read_path(p)
        if got is not None and got[0] == best[0] and isinstance(got[1], list) and \
                len(got[1]) > len(journal.tail):
            journal.tail = got[1]
            journal._tslot = i
    return best


def load(journal):
    """The newest intact record, or None when there is none at all
    (newest()). Raises JournalCorrupt when the record or its previous copy
    exists but none is intact. None at once after a clear (journal.gone):
    its files are going (a lazy clear's removals go on)."""
    if journal.gone:
        return None
    best = newest(journal)
    return None if best is None else best[1]


def has_record(journal):
    """Whether load() finds a record (one that cannot be read: no),
    without parsing it (a file whose hash holds is taken as read)."""
    if journal.gone:
        return False
    try:
        return newest(journal, False) is not None
    except JournalCorrupt:
        return False


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
