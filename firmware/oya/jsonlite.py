# A small, strict JSON reader for files from flash or from a user: depth and
# size limits, duplicate keys refused, and the same messages on MicroPython
# and CPython (their json modules word errors differently and accept
# duplicates silently). It builds data only; nothing is ever evaluated.
# The same reader also checks a file without building it, but for one
# top-level field (value_at: the game a ruleset names, oya.ui.setup).
#
# It reads UTF-8 bytes, not a str: MicroPython indexes a str holding any
# non-ASCII character by walking it from the start. A string's end and its
# escapes are found by C (find), its control characters by min(), since a
# byte at a time in Python is slow on the device.
from oya.compat import const

# JSON's own bytes
_TAB = const(0x09)
_NL = const(0x0A)
_CR = const(0x0D)
_SPACE = const(0x20)             # also: control characters are below it
_QUOTE = const(0x22)             # "
_PLUS = const(0x2B)
_COMMA = const(0x2C)
_MINUS = const(0x2D)
_DOT = const(0x2E)
_ZERO = const(0x30)
_NINE = const(0x39)
_COLON = const(0x3A)
_E_UPPER = const(0x45)
_LBRACKET = const(0x5B)          # [
_RBRACKET = const(0x5D)          # ]
_E_LOWER = const(0x65)
_U = const(0x75)                 # \uXXXX
_LBRACE = const(0x7B)            # {
_RBRACE = const(0x7D)            # }
_ASCII_END = const(0x80)         # UTF-8: a byte of a character of two or more bytes from here;
_LEAD3 = const(0xE0)             # a lead byte of three from here,
_LEAD4 = const(0xF0)             # and of four from here
_SURROGATE_FIRST = const(0xD800)     # code points that are no character
_SURROGATE_LAST = const(0xDFFF)
_BOM = b"\xef\xbb\xbf"           # a UTF-8 byte order mark, which value_at passes over


class JsonError(ValueError):
    pass


# an escape's letter -> the byte it stands for
_ESC = dict(zip(b'"\\/bfnrt', (b'"', b"\\", b"/", b"\b", b"\f", b"\n", b"\r", b"\t")))
_WORDS = ((b"true", True), (b"false", False), (b"null", None))


def _quoted(text):
    """repr(text), but text that is not ASCII as it is, in quotes: MicroPython's
    repr writes such characters as escapes, CPython's as themselves."""
    return repr(text) if max(text.encode() or b"\0") < _ASCII_END else "'%s'" % text


def _char_at(s, i):
    """The character starting at byte i of UTF-8 `s`."""
    c = s[i]
    n = 1 if c < _ASCII_END else 2 if c < _LEAD3 else 3 if c < _LEAD4 else 4
    return s[i:i + n].decode()


class _Reader:
    """Reads a value at s[i]. With `keep` False a value is checked and not
    built (None), but the top-level object's `want` field, whose value is
    kept in `found`."""

    def __init__(self, data, max_depth, want=None):
        self.s = data
        self.i = 0
        self.max_depth = max_depth
        self.want = want
        self.found = None

    def fail(self, what, i=None):
        s = self.s
        i = self.i if i is None else i
        start = s.rfind(b"\n", 0, i) + 1
        line = s.count(b"\n", 0, start) + 1
        col = len(s[start:i].decode()) + 1      # in characters, as the file's reader sees them
        raise JsonError("%s at line %d col %d" % (what, line, col))

    def ws(self):
        s, i, n = self.s, self.i, len(self.s)
        while i < n:
            c = s[i]
            if c != _SPACE and c != _NL and c != _CR and c != _TAB:
                break
            i += 1
        self.i = i

    def value(self, depth, keep=True):
        self.ws()
        s, i = self.s, self.i
        if i >= len(s):
            self.fail("unexpected end")
        c = s[i]
        if c == _LBRACE:
            return self.obj(depth + 1, keep)
        if c == _LBRACKET:
            return self.arr(depth + 1, keep)
        if c == _QUOTE:
            return self.string(keep)
        if c == _MINUS or _ZERO <= c <= _NINE:
            return self.number(keep)
        for word, val in _WORDS:
            if s.startswith(word, i):
                self.i = i + len(word)
                return val
        self.fail("unexpected " + _quoted(_char_at(s, i)))

    def nest(self, depth):
        if depth > self.max_depth:
            self.fail("nested too deeply")

    def next_is(self, c):
        """Skip whitespace; True (and past it) when the next byte is c."""
        self.ws()
        i = self.i
        if i < len(self.s) and self.s[i] == c:
            self.i = i + 1
            return True
        return False

    def obj(self, depth, keep=True):
        self.nest(depth)
        self.i += 1
        out = {} if keep else None
        if self.next_is(_RBRACE):
            return out
        top = not keep and depth == 1 and self.want is not None    # (value_at's object)
        while True:
            self.ws()
            at = self.i
            if at >= len(self.s) or self.s[at] != _QUOTE:
                self.fail("expected a key in quotes")
            k = self.string(keep or top)
            if keep and k in out:
                self.fail("duplicate key " + _quoted(k), at)
            if not self.next_is(_COLON):
                self.fail("expected ':'")
            if keep:
                out[k] = self.value(depth)
            elif top and k == self.want:
                self.found = self.value(depth)
            else:
                self.value(depth, False)
            if self.next_is(_COMMA):
                continue
            if self.next_is(_RBRACE):
                return out
            self.fail("expected ',' or '}'")

    def arr(self, depth, keep=True):
        self.nest(depth)
        self.i += 1
        out = [] if keep else None
        if self.next_is(_RBRACKET):
            return out
        while True:
            v = self.value(depth, keep)
            if keep:
                out.append(v)
            if self.next_is(_COMMA):
                continue
            if self.next_is(_RBRACKET):
                return out
            self.fail("expected ',' or ']'")

    def string(self, keep=True):
        s = self.s
        n = len(s)
        i = start = self.i + 1
        parts = []
        while True:
            q = s.find(b'"', i)
            end = n if q < 0 else q
            b = s.find(b"\\", i, end)
            if b >= 0:
                end = b
            if end > i and min(s[i:end]) < _SPACE:
                while s[i] >= _SPACE:
                    i += 1
                self.fail("control character in string", i)
            if end == n:
                self.fail("unterminated string", n)
            if end == q:
                self.i = q + 1
                if not keep:
                    return None
                parts.append(s[start:q])
                return b"".join(parts).decode()
            if keep:
                parts.append(s[start:b])    # an escape at b
            e = s[b + 1] if b + 1 < n else 0
            if e == _U:                     # \uXXXX
                try:
                    h = s[b + 2:b + 6].decode()
                    if len(h) != 4:
                        raise ValueError
                    u = int(h, 16)
                    if _SURROGATE_FIRST <= u <= _SURROGATE_LAST:
                        raise ValueError    # a surrogate is no character (and MicroPython's str would hold bad UTF-8)
                except ValueError:          # (UnicodeError is one)
                    self.fail("bad \\u escape", b)
                if keep:
                    parts.append(chr(u).encode())
                i = b + 6
            elif e in _ESC:
                if keep:
                    parts.append(_ESC[e])
                i = b + 2
            else:
                self.fail("bad escape", b)
            start = i

    def number(self, keep=True):
        s, i, n = self.s, self.i, len(self.s)
        j = i
        if s[j] == _MINUS:
            j += 1
        digits = j
        j = _digits(s, j, n)
        if j == digits or (s[digits] == _ZERO and j - digits > 1):
            self.fail("bad number")
        is_float = False
        if j < n and s[j] == _DOT:
            is_float = True
            k = j + 1
            j = _digits(s, k, n)
            if j == k:
                self.fail("bad number")
        if j < n and (s[j] == _E_LOWER or s[j] == _E_UPPER):
            is_float = True
            j += 1
            if j < n and (s[j] == _PLUS or s[j] == _MINUS):
                j += 1
            k = j
            j = _digits(s, k, n)
            if j == k:
                self.fail("bad number")
        if j - i > 20:
            self.fail("number too long")
        self.i = j
        if not keep:
            return None
        t = s[i:j].decode()
        return float(t) if is_float else int(t)


def _digits(s, j, n):
    """The end of the run of ASCII digits at byte j."""
    while j < n and _ZERO <= s[j] <= _NINE:
        j += 1
    return j


def _bytes(data):
    """`data` as bytes: a str encoded, a bytearray copied (its pieces are
    then joined as bytes)."""
    if isinstance(data, str):
        return data.encode()
    if not isinstance(data, bytes):
        return bytes(data)
    return data


def loads(data, max_depth=8):
    """Parse `data`: UTF-8 bytes (a str is encoded first). Raises JsonError
    with a short message, its column counted in characters."""
    data = _bytes(data)
    r = _Reader(data, max_depth)
    v = r.value(0)
    r.ws()
    if r.i != len(data):
        r.fail("extra data")
    return v


def value_at(data, key, max_depth=16):
    """The value of the field `key` of the top-level object in `data`
    (UTF-8 text; a byte order mark first is passed over) when the whole is
    well-formed JSON, else None (and None when there is no such field).
    Only that value is built: the rest is checked in place, so a file is
    told by one field for little RAM (a ruleset's game, among files of
    other games). Duplicate keys are not looked for (loads() refuses them):
    the last one counts."""
    data = _bytes(data)
    r = _Reader(data, max_depth, key)
    if data[:3] == _BOM:
        r.i = 3
    try:
        r.value(0, False)
        r.ws()
        if r.i != len(data):
            return None
        if r.found is not None:
            data.decode()           # UTF-8 text (MicroPython's check is the laxer)
    except ValueError:              # JsonError, UnicodeError
        return None
    return r.found
