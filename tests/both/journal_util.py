# A journal file's bytes, as oya.journal puts them on flash (_writing) (for tests
# that write damaged or hostile files by hand). Runtime-neutral.
import io
from oya.journal import _frame


def encode(seq, record):
    body = io.BytesIO()
    head = _frame(seq, record, 0, body)
    return head + body.getvalue()
