# Power-loss-safe storage of one JSON record (the match in progress), and of
# a short tail of actions taken since it.
#
# A record is written in place into one of two files, `<path>` and
# `<path>.old`, in turn: never over the newest record, so a power cut at any
# byte of a write leaves the one before it whole. Each file starts with a
# header carrying a sequence number, the body's length and a SHA-256 prefix;
# load() picks the newest intact one. Nothing read back is evaluated: the body
# is parsed as JSON data. There is no rename: on littlefs every rename and
# remove is one more commit to the directory's log, and the log's compactions
# are what erase flash blocks, with the CPU stopped: a record is one commit
# and its own block. (The first record of a match is written as `.tmp` and
# renamed: a cut inside it must not leave a half file under a record's name,
# which load() reports as damage.)
#
# A whole record costs the flash a new file (littlefs erases a block for it).
# So between records the actions go to a tail: the list of actions since the
# record, framed the same way with the record's number, written in place
# into `.a` and `.at` in turn, the same way. A short file lives inline in
# littlefs's directory log, which needs no erase; the caller writes a new
# record when the tail grows. A tail whose number is not the record's is an
# old one and is ignored.
#
# A lazy journal (the device's) takes each write in steps, one a pass of the
# device loop (step(), see _writing): on littlefs the bytes of a record erase
# a block and its close may compact the folder's log, each with the CPU
# stopped, so a write taken in one go would hold up a key. Any other use
# of the journal finishes the write in hand first.
#
# load() reads a whole `.tmp` too, so a match saved by firmware that wrote
# every record as `.tmp` and renamed it still resumes.
import gc
import hashlib
import json
import os
from oya.compat import hexstr

MAGIC = "OYAJ1"


class JournalCorrupt(Exception):
    """Files exist but none holds an intact record."""


def listed(folder, keep=None):
    """The paths of the files in `folder` (none when it is not there), those
    whose name `keep(name)` accepts when given."""
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return []
    pre = folder + "/" if folder else ""
    return [pre + n for n in names if keep is None or keep(n)]


def present(paths):
    """Those of `paths` (in one folder) that are there, by one listing of the
    folder: on littlefs, removing or opening a missing file costs a lookup."""
    head = paths[0].rpartition("/")[0] if paths else ""
    here = listed(head)
    return [p for p in paths if p in here]


def remove_file(path):
    """Remove `path` if it is there."""
    try:
        os.remove(path)
    except OSError:
        pass


# the padding of a file kept to a size (the recall's slots), sent from here in
# pieces: padded in RAM, a slot's body would be copied whole while the open
# file's cache sits beside it
_SPACES = b"                                                                "


def _spaces(n):
    """`n` bytes of JSON's own whitespace, in pieces of _SPACES."""
    while n > 0:
        yield _SPACES if n >= len(_SPACES) else _SPACES[:n]
        n -= len(_SPACES)


def header(seq, n, h):
    """The header of a file numbered `seq` whose n bytes after it hashed
    to `h` (a hashlib.sha256 fed them: the write's body and padding, or
    what a reader reads back in pieces, oya.journal_read). 16 hex digits of
    the hash are kept: no hex of all 32 bytes made. (A function, not a
    class that counts and hashes: as .mpy a class is more of the RAM
    every deal holds.)"""
    return ("%s %d %d %s\n" % (MAGIC, seq, n, hexstr(h.digest()[:8]))).encode()


def _frame(seq, data, least=0):
    """(header, body, pad) of a file holding `data` as JSON, padded with
    `pad` spaces (JSON's own) to at least `least` bytes. The body is made
    here in one C call: json.dump into a stream makes a Python call a
    token, in the step whose erase already stops the CPU."""
    # without JSON's optional spaces: a record holds every action of its
    # deal, and ", " after each makes it a bigger heap piece (where a heap
    # held to its budget runs out most) and more bytes to the flash
    body = json.dumps(data, separators=(",", ":")).encode()   # (MicroPython's bytes share the str's buffer: no copy)
    pad = max(0, least - len(body))
    h = hashlib.sha256(body)
    for piece in _spaces(pad):
        h.update(piece)
    return header(seq, len(body) + pad, h), body, pad


# An open file needs its heap in one piece: littlefs's file object and its
# cache (4 x the program size oya.hw.flashfs mounts with). A heap held near
# full is in fragments, where an open can fail with plenty free in smaller
# pieces. So while less than ROOM_FREE is free, that room is held between
# files and let go for each one: the allocator, short of a piece, collects,
# and the file takes the room's place. (Asked at the boot and after each
# file. The heap's size does not tell: memory a program holds counts as the
# heap's.)
FILE_ROOM = 384
ROOM_FREE = 32768
_room = None


def hold_room():
    """Hold a file's room again if the heap is tight (at boot, and after
    each file: asking for the free heap walks it)."""
    global _room
    if _room is not None:
        return
    free = getattr(gc, "mem_free", None)     # (not in CPython: held there)
    if free is not None and free() >= ROOM_FREE:
        return
    try:
        _room = bytearray(FILE_ROOM)
    except MemoryError:
        pass                    # no piece that big now: the next file tries again


def _writing(path, head, body, rename_to=None, pad=0):
    """A file `path` holding `body` framed (`head`: its header, made by the
    caller), in the steps a lazy journal takes one a pass of the device
    loop: open (a new file's entry: a commit to the folder's log), the bytes
    (past what fits inline, a data block: one erase), close (the commit, and
    every few commits a compaction of the log: one erase more), and the
    rename when there is one. The open is the first step() after the write
    was asked for, not the call that asked: the header's hash (an object
    and three strings) is then made in a pass before the file's buffers,
    not beside them."""
    global _room
    _room = None
    f = open(path, "wb")
    try:
        yield
        f.write(head)
        f.write(body)
        for piece in _spaces(pad):
            f.write(piece)
        yield
    finally:
        f.close()
    # the file's buffers are the room's to take back (hold_room below): held
    # by this frame to the end, they are not garbage when it asks, and a
    # heap held near its budget may have no other piece that big
    f = None
    if rename_to:
        yield
        os.rename(path, rename_to)
    yield                       # (holding the room may collect: a step of its own)
    hold_room()


class Journal:
    def __init__(self, path):
        self.path = path
        self.lazy = False         # the owner writes when told (oya.session: after the frame)
        self.seq = 0
        self.tail = []            # what load() found after the record
        self._rslot = 1           # the record file (of _files()) written last
        self._tslot = 1           # the tail file (of _tails()) written last
        self._doomed = []         # files a lazy clear() still has to remove, in order
        self._job = None          # the steps left of a lazy write (_writing)
        self._out = None          # its arguments: taken again from the start if a step fails
        self.gone = False         # cleared since the last write: there is no record to read
        hold_room()               # (at boot: the heap is still in one piece)

    def _files(self):
        return (self.path, self.path + ".old", self.path + ".tmp")

    def folder(self):
        """The folder of the files kept beside the journal (put(): the
        recall's slots, oya.session)."""
        return self.path + ".r"

    def _tails(self):
        return (self.path + ".a", self.path + ".at")

    def save(self, record):
        """`record` (JSON data) written over the older of the two files."""
        self.finish()
        self.seq += 1
        files = self._files()
        if self.seq == 1:
            # the first: written as .tmp and renamed, so that a cut inside it
            # leaves no half file under a record's name (an unreadable record
            # is reported as damage; a broken .tmp is a save cut short)
            self._rslot = 0
            self._put(files[2], 1, record, files[0])
            return
        self._rslot ^= 1          # never over the newest record: it is what a cut leaves
        self._put(files[self._rslot], self.seq, record)

    def save_tail(self, tail):
        """`tail` (a JSON list: what was done since the last save()) beside
        the record; load() gives it back as `self.tail`."""
        self.finish()
        self._tslot ^= 1          # never over the last tail: it is what a cut leaves
        self._put(self._tails()[self._tslot], self.seq, tail)

    def put(self, path, seq, data, least=0):
        """`data` framed with `seq` into the file `path` kept beside the
        journal (the recall's slots), written as the journal writes; the
        body padded with spaces (JSON's own) to at least `least` bytes."""
        self.finish()
        self._put(path, seq, data, None, least)

    def _put(self, path, seq, data, rename_to=None, least=0):
        # the body now: the caller's data may change once it has the answer;
        # the header too (its hash's object and strings: garbage made here,
        # not beside the open file in the write's pass)
        head, body, pad = _frame(seq, data, least)
        self._out = (path, head, body, rename_to, pad)
        self._job = _writing(*self._out)
        self.gone = False
        if not self.lazy:
            self.finish()       # (a lazy journal takes the steps on the passes after the frame)

    def clear(self, extra=(), lazy=False):
        """Remove the journal's files and `extra` (files kept beside it that
        are there: the recall's, from a listing), the newest record last: a
        power cut on the way leaves it (the last state kept), never the
        older copy behind it. Only the journal's files that are there
        (present()). With `lazy`, one file per step(): each removal is a
        commit to the directory's log (the device loop spreads them over
        its passes); anything else done with the journal first finishes
        them."""
        files = self._files()
        newest = files[self._rslot]
        self._doomed = list(extra) + present([p for p in self._tails() + files if p != newest] + [newest])
        self.seq = 0
        self._rslot = self._tslot = 1
        self.tail = []
        self.gone = True
        if not lazy:
            self.finish()

    def clearing(self):
        """Whether a lazy clear() still has files to remove: the journal is
        going, and holds no match to offer."""
        return bool(self._doomed)

    def owed(self):
        """Whether a lazy write or clear has steps left."""
        return self._job is not None or bool(self._doomed)

    def step(self):
        """The next step of a lazy write, or else the next file of a lazy
        clear(); True when more are left. A step that raises leaves the
        write to be taken again from its start (the file in hand is closed
        by _writing; the older copy is still whole)."""
        job = self._job
        if job is not None:
            try:
                next(job)
            except StopIteration:
                self._job = self._out = None
            except Exception:
                self._job = _writing(*self._out)
                raise
        elif self._doomed:
            remove_file(self._doomed.pop(0))
        return self.owed()

    def finish(self):
        while self.owed():
            self.step()
