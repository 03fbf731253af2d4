# A small, strict JSON reader for files from flash or from a user: depth and
# size limits, duplicate keys refused, and the same messages on MicroPython
# and CPython (their json modules word errors differently and accept
# duplicates silently). It builds data only; nothing is ever evaluated.
#
# It reads UTF-8 bytes, not a str: MicroPython indexes a str holding any
# non-ASCII character by walking it from the start. A string's end and its
# escapes are found by C (find), its control characters by min(), since a
# byte at a time in Python is slow on the device.


class JsonError(ValueError):
    pass


_ESC = {0x22: b'"', 0x5C: b"\\", 0x2F: b"/", 0x62: b"\b", 0x66: b"\f", 0x6E: b"\n", 0x72: b"\r", 0x74: b"\t"}
_WORDS = ((b"true", True), (b"false", False), (b"null", None))


def _quoted(text):
    """repr(text), but text that is not ASCII as it is, in quotes: MicroPython's
    repr writes such characters as escapes, CPython's as themselves."""
    return repr(text) if max(text.encode() or b"\0") < 0x80 else "'%s'" % text


def _char_at(s, i):
    """The character starting at byte i of UTF-8 `s`."""
    c = s[i]
    n = 1 if c < 0x80 else 2 if c < 0xE0 else 3 if c < 0xF0 else 4
    return s[i:i + n].decode()


class _Reader:
    def __init__(self, data, max_depth):
        self.s = data
        self.i = 0
        self.max_depth = max_depth

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
            if c != 0x20 and c != 0x0A and c != 0x0D and c != 0x09:
                break
            i += 1
        self.i = i

    def value(self, depth):
        self.ws()
        s, i = self.s, self.i
        if i >= len(s):
            self.fail("unexpected end")
        c = s[i]
        if c == 0x7B:           # {
            return self.obj(depth + 1)
        if c == 0x5B:           # [
            return self.arr(depth + 1)
        if c == 0x22:           # "
            return self.string()
        if c == 0x2D or 0x30 <= c <= 0x39:
            return self.number()
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

    def obj(self, depth):
        self.nest(depth)
        self.i += 1
        out = {}
        if self.next_is(0x7D):
            return out
        while True:
            self.ws()
            at = self.i
            if at >= len(self.s) or self.s[at] != 0x22:
                self.fail("expected a key in quotes")
            k = self.string()
            if k in out:
                self.fail("duplicate key " + _quoted(k), at)
            if not self.next_is(0x3A):
                self.fail("expected ':'")
            out[k] = self.value(depth)
            if self.next_is(0x2C):
                continue
            if self.next_is(0x7D):
                return out
            self.fail("expected ',' or '}'")

    def arr(self, depth):
        self.nest(depth)
        self.i += 1
        out = []
        if self.next_is(0x5D):
            return out
        while True:
            out.append(self.value(depth))
            if self.next_is(0x2C):
                continue
            if self.next_is(0x5D):
                return out
            self.fail("expected ',' or ']'")

    def string(self):
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
            if end > i and min(s[i:end]) < 0x20:
                while s[i] >= 0x20:
                    i += 1
                self.fail("control character in string", i)
            if end == n:
                self.fail("unterminated string", n)
            if end == q:
                parts.append(s[start:q])
                self.i = q + 1
                return b"".join(parts).decode()
            parts.append(s[start:b])        # an escape at b
            e = s[b + 1] if b + 1 < n else 0
            if e == 0x75:                   # \uXXXX
                try:
                    h = s[b + 2:b + 6].decode()
                    if len(h) != 4:
                        raise ValueError
                    u = int(h, 16)
                    if 0xD800 <= u <= 0xDFFF:
                        raise ValueError    # a surrogate is no character (and MicroPython's str would hold bad UTF-8)
                except ValueError:          # (UnicodeError is one)
                    self.fail("bad \\u escape", b)
                parts.append(chr(u).encode())
                i = b + 6
            elif e in _ESC:
                parts.append(_ESC[e])
                i = b + 2
            else:
                self.fail("bad escape", b)
            start = i

    def number(self):
        s, i, n = self.s, self.i, len(self.s)
        j = i
        if s[j] == 0x2D:
            j += 1
        digits = j
        j = _digits(s, j, n)
        if j == digits or (s[digits] == 0x30 and j - digits > 1):
            self.fail("bad number")
        is_float = False
        if j < n and s[j] == 0x2E:        # .
            is_float = True
            k = j + 1
            j = _digits(s, k, n)
            if j == k:
                self.fail("bad number")
        if j < n and (s[j] == 0x65 or s[j] == 0x45):     # e E
            is_float = True
            j += 1
            if j < n and (s[j] == 0x2B or s[j] == 0x2D):
                j += 1
            k = j
            j = _digits(s, k, n)
            if j == k:
                self.fail("bad number")
        if j - i > 20:
            self.fail("number too long")
        self.i = j
        t = s[i:j].decode()
        return float(t) if is_float else int(t)


def _digits(s, j, n):
    """The end of the run of ASCII digits at byte j."""
    while j < n and 0x30 <= s[j] <= 0x39:
        j += 1
    return j


def loads(data, max_depth=8):
    """Parse `data`: UTF-8 bytes (a str is encoded first). Raises JsonError
    with a short message, its column counted in characters."""
    if isinstance(data, str):
        data = data.encode()
    elif not isinstance(data, bytes):
        data = bytes(data)          # (a bytearray: its pieces are joined as bytes)
    r = _Reader(data, max_depth)
    v = r.value(0)
    r.ws()
    if r.i != len(data):
        r.fail("extra data")
    return v
