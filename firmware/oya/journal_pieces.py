# A journal file's body with a long list in it (oya.journal._long_list: a
# match's actions), written in pieces. A late Kakkuri deal's record was one
# ~1.5 KB string at the top of its hand-offs' heap (frozen, emulated RP2040):
# the list is dumped CHUNK items at a time, twice (for the header's length
# and digest, then to the file), and the rest of the data as one piece; the
# file is byte for byte what json.dumps makes. Imported by oya.journal only
# for such a body: as .mpy its code is RAM, which the games whose deals are
# short never load.
import hashlib
import json
from oya.compat import hexstr
from oya.journal import MAGIC, CHUNK, _spaces

_MARK = "\x01"              # stands for the long list while the rest is dumped


def parts(data, at):
    """The data's JSON as (head, items, tail): the text before the long list
    `at` (oya.journal._long_list), the list (dumped by items()), the text
    after it."""
    box, key = at
    if box is None:
        return b"[", data, b"]"
    items = box[key]
    box[key] = _MARK
    try:
        text = json.dumps(data)
    finally:
        box[key] = items
    mark = json.dumps(_MARK)
    i = text.index(mark)
    return (text[:i] + "[").encode(), items, ("]" + text[i + len(mark):]).encode()


def each_item(items):
    """A list's items as JSON, CHUNK at a time: with "[" and "]" around
    them, what json.dumps makes of the list."""
    for i in range(0, len(items), CHUNK):
        s = json.dumps(items[i:i + CHUNK])
        yield (", " + s[1:-1] if i else s[1:-1]).encode()


def write(f, seq, data, at, least):
    """The header and the body of `data` into the file f; the spaces still
    to pad it to `least` bytes (oya.journal writes them)."""
    head, items, tail = parts(data, at)
    h = hashlib.sha256(head)
    n = len(head) + len(tail)
    for piece in each_item(items):
        h.update(piece)
        n += len(piece)
    h.update(tail)
    pad = max(0, least - n)
    for piece in _spaces(pad):
        h.update(piece)
    f.write(("%s %d %d %s\n" % (MAGIC, seq, n + pad, hexstr(h.digest())[:16])).encode())
    f.write(head)
    for piece in each_item(items):
        f.write(piece)
    f.write(tail)
    return pad
