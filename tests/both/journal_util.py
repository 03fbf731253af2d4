# A journal file's bytes, as oya.journal puts them on flash (_writing) (for tests
# that write damaged or hostile files by hand). Runtime-neutral.
from oya.journal import _frame


def encode(seq, record):
    head, body, _ = _frame(seq, record)
    return head + body
