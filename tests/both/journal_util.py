# A journal file's bytes, as oya.journal.write puts them on flash (for tests
# that write damaged or hostile files by hand). Runtime-neutral.
import json
from oya.journal import _header


def encode(seq, record):
    body = json.dumps(record).encode()
    return _header(seq, body) + body
