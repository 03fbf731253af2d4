# A small, strict JSON reader for files from flash or from a user: depth and
# size limits, duplicate keys refused, and the same messages on MicroPython
# and CPython (their json modules word errors differently and accept
# duplicates silently). It builds data only; nothing is ever evaluated.


class JsonError(ValueError):
    pass


_WS = " \t\r\n"
_ESC = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class _Reader:
    def __init__(self, text, max_depth):
        self.s = text
        self.i = 0
        self.max_depth = max_depth

    def fail(self, what):
        line = self.s.count("\n", 0, self.i) + 1
        col = self.i - (self.s.rfind("\n", 0, self.i) + 1) + 1
        raise JsonError("%s at line %d col %d" % (what, line, col))

    def ws(self):
        s, i, n = self.s, self.i, len(self.s)
        while i < n and s[i] in _WS:
            i += 1
        self.i = i

    def value(self, depth):
        self.ws()
        if self.i >= len(self.s):
            self.fail("unexpected end")
        c = self.s[self.i]
        if c == "{":
            return self.obj(depth + 1)
        if c == "[":
            return self.arr(depth + 1)
        if c == '"':
            return self.string()
        if c == "-" or "0" <= c <= "9":
            return self.number()
        for word, val in (("true", True), ("false", False), ("null", None)):
            if self.s.startswith(word, self.i):
                self.i += len(word)
                return val
        self.fail("unexpected %r" % c)

    def nest(self, depth):
        if depth > self.max_depth:
            self.fail("nested too deeply")

    def obj(self, depth):
        self.nest(depth)
        self.i += 1
        out = {}
        self.ws()
        if self.s.startswith("}", self.i):
            self.i += 1
            return out
        while True:
            self.ws()
            if not self.s.startswith('"', self.i):
                self.fail("expected a key in quotes")
            at = self.i
            k = self.string()
            if k in out:
                self.i = at
                self.fail("duplicate key %r" % k)
            self.ws()
            if not self.s.startswith(":", self.i):
                self.fail("expected ':'")
            self.i += 1
            out[k] = self.value(depth)
            self.ws()
            if self.s.startswith(",", self.i):
                self.i += 1
                continue
            if self.s.startswith("}", self.i):
                self.i += 1
                return out
            self.fail("expected ',' or '}'")

    def arr(self, depth):
        self.nest(depth)
        self.i += 1
        out = []
        self.ws()
        if self.s.startswith("]", self.i):
            self.i += 1
            return out
        while True:
            out.append(self.value(depth))
            self.ws()
            if self.s.startswith(",", self.i):
                self.i += 1
                continue
            if self.s.startswith("]", self.i):
                self.i += 1
                return out
            self.fail("expected ',' or ']'")

    def string(self):
        s = self.s
        self.i += 1
        parts = []
        start = self.i
        n = len(s)
        while True:
            if self.i >= n:
                self.fail("unterminated string")
            c = s[self.i]
            if c == '"':
                parts.append(s[start:self.i])
                self.i += 1
                return "".join(parts)
            if c == "\\":
                parts.append(s[start:self.i])
                e = s[self.i + 1:self.i + 2]
                if e == "u":
                    h = s[self.i + 2:self.i + 6]
                    try:
                        if len(h) != 4:
                            raise ValueError
                        u = int(h, 16)
                        if 0xD800 <= u <= 0xDFFF:
                            raise ValueError    # a surrogate is no character (and MicroPython's str would hold bad UTF-8)
                        parts.append(chr(u))
                    except ValueError:
                        self.fail("bad \\u escape")
                    self.i += 6
                elif e in _ESC:
                    parts.append(_ESC[e])
                    self.i += 2
                else:
                    self.fail("bad escape")
                start = self.i
                continue
            if ord(c) < 0x20:
                self.fail("control character in string")
            self.i += 1

    def number(self):
        s, i, n = self.s, self.i, len(self.s)
        j = i
        if s[j] == "-":
            j += 1
        digits = j
        while j < n and "0" <= s[j] <= "9":
            j += 1
        if j == digits or (s[digits] == "0" and j - digits > 1):
            self.fail("bad number")
        is_float = False
        if j < n and s[j] == ".":
            is_float = True
            j += 1
            k = j
            while j < n and "0" <= s[j] <= "9":
                j += 1
            if j == k:
                self.fail("bad number")
        if j < n and s[j] in "eE":
            is_float = True
            j += 1
            if j < n and s[j] in "+-":
                j += 1
            k = j
            while j < n and "0" <= s[j] <= "9":
                j += 1
            if j == k:
                self.fail("bad number")
        if j - i > 20:
            self.fail("number too long")
        self.i = j
        return float(s[i:j]) if is_float else int(s[i:j])


def loads(text, max_depth=8):
    """Parse `text` (str). Raises JsonError with a short message."""
    r = _Reader(text, max_depth)
    v = r.value(0)
    r.ws()
    if r.i != len(text):
        r.fail("extra data")
    return v
