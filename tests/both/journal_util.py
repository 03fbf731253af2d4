# A journal file's bytes, as oya.journal puts them on flash (_writing) (for tests
# that write damaged or hostile files by hand). Runtime-neutral.
import json
from oya.journal import _header


def encode(seq, record):
    body = json.dumps(record).encode()
    return _header(seq, body) + body
