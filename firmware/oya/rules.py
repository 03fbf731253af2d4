# Ruleset files: {"game": ..., "name": ..., "options": {...}}, validated against
# the game's option table. Every problem is one sentence naming the file, the
# option and what is allowed; never a traceback. Rulesets are data: they are
# parsed by jsonlite and nothing in them is evaluated.
#
# An option table is a tuple of entries, one per option:
#   (id, default, (v1, v2, ...))   one of a list of values (str, int or bool)
#   (id, default, lo, hi)          an integer lo..hi; default None means "none" is allowed too
#   (id, default, check)           check(value) -> None or "what is allowed"
from oya import GAMES, option_text
from oya.rsindex import MAX_BYTES, read_file
NAME_MAX = 32
MESSAGE_MAX = 240       # a longer message is a list nobody reads through on the 21x8 screen


class RulesetError(ValueError):
    pass


def option_table(game):
    if game not in GAMES:
        raise RulesetError("unknown game")
    from oya.games import options
    return options(game)


def defaults(table):
    return dict((e[0], e[1]) for e in table)


def allowed(entry):
    """What an option accepts, in words (also used by the UI and README)."""
    if len(entry) == 4:
        s = "an integer %d to %d" % (entry[2], entry[3])
        return s + " or none" if entry[1] is None else s
    if callable(entry[2]):
        return entry[2](None)
    return ", ".join(option_text(v) for v in entry[2])


def check_value(entry, v):
    """None when v is allowed for this option, else the allowed values."""
    if len(entry) == 4:
        if v is None and entry[1] is None:
            return None
        if v is True or v is False or not isinstance(v, int) or not entry[2] <= v <= entry[3]:
            return allowed(entry)
        return None
    if callable(entry[2]):
        return entry[2](v)
    for a in entry[2]:
        # bools are ints in Python: compare types too, so 1 is not true
        if a == v and (a is True or a is False) == (v is True or v is False):
            return None
    return allowed(entry)


def find(table, oid):
    for e in table:
        if e[0] == oid:
            return e
    return None


def _control_char(text):
    """The code of the first control character in `text` (C0, DEL, C1), or
    None: they would reach the printer and terminals as commands."""
    for ch in text:
        o = ord(ch)
        if o < 0x20 or 0x7F <= o <= 0x9F:
            return o
    return None


def validate(data, filename="ruleset", table=None):
    """data: parsed JSON. Returns (game, name, options with defaults filled)."""
    where = filename + ": "
    if not isinstance(data, dict):
        raise RulesetError(where + "a ruleset is a JSON object with game, name and options.")
    for k in data:
        if k not in ("game", "name", "options", "description"):
            raise RulesetError(where + "unknown key %r; allowed: game, name, options, description." % k)
    game = data.get("game")
    if table is None:
        if not isinstance(game, str) or game not in GAMES:
            raise RulesetError(where + "game must be one of %s (got %s)." % (", ".join(GAMES), _short(game)))
        table = option_table(game)
    name = data.get("name")
    if not isinstance(name, str) or not 0 < len(name) <= NAME_MAX:
        raise RulesetError(where + "name must be text of 1 to %d characters." % NAME_MAX)
    desc = data.get("description", "")
    if not isinstance(desc, str) or len(desc) > 200:
        raise RulesetError(where + "description must be text of at most 200 characters.")
    for field, text in (("name", name), ("description", desc)):
        c = _control_char(text)
        if c is not None:
            raise RulesetError(where + "%s has a control character (U+%04X); use printable text." % (field, c))
    opts = data.get("options", {})
    if not isinstance(opts, dict):
        raise RulesetError(where + "options must be a JSON object of option: value.")
    out = defaults(table)
    for k in opts:
        e = find(table, k)
        if e is None:
            msg = where + "unknown option %r for %s; known: %s." % (k, game, ", ".join(x[0] for x in table))
            if len(msg) > MESSAGE_MAX:
                msg = where + "unknown option %r for %s; its options are in docs/rulesets.md." % (k, game)
            raise RulesetError(msg)
        bad = check_value(e, opts[k])
        if bad is not None:
            raise RulesetError(where + "option %r must be %s (got %s)." % (k, bad, _short(opts[k])))
        out[k] = opts[k]
    return game, name, out


def _short(v):
    try:
        s = repr(v)
    except Exception:
        s = "?"
    return s if len(s) <= 24 else s[:21] + "..."


def _utf8_ok(b):
    """Strict UTF-8 (RFC 3629). MicroPython's decode() lets overlong forms,
    surrogates and code points past U+10FFFF through, CPython's does not:
    this gives both runtimes the same answer."""
    if not b or max(b) < 0x80:          # ASCII: one C pass, not a Python loop a byte
        return True
    i = 0
    n = len(b)
    while i < n:
        c = b[i]
        if c < 0x80:
            i += 1
            continue
        if 0xC2 <= c <= 0xDF:
            k, lo, hi = 1, 0x80, 0xBF
        elif 0xE0 <= c <= 0xEF:
            k, lo, hi = 2, 0xA0 if c == 0xE0 else 0x80, 0x9F if c == 0xED else 0xBF
        elif 0xF0 <= c <= 0xF4:
            k, lo, hi = 3, 0x90 if c == 0xF0 else 0x80, 0x8F if c == 0xF4 else 0xBF
        else:
            return False
        if i + k >= n or not lo <= b[i + 1] <= hi:
            return False
        for j in range(i + 2, i + k + 1):
            if not 0x80 <= b[j] <= 0xBF:
                return False
        i += k + 1
    return True


def read(raw, filename="ruleset"):
    """raw: bytes or str of a ruleset file -> its JSON data (not validated:
    validate(); the two are a device pass each, oya.ui.setup.Scan)."""
    where = filename + ": "
    if len(raw) > MAX_BYTES:
        raise RulesetError(where + "file is too large (%d bytes; at most %d)." % (len(raw), MAX_BYTES))
    if not raw or not raw.strip():
        raise RulesetError(where + "file is empty.")
    if isinstance(raw, str):
        raw = raw.encode()
    elif not _utf8_ok(raw):
        raise RulesetError(where + "file is not UTF-8 text.")
    if raw[:3] == b"\xef\xbb\xbf":     # a BOM
        raw = raw[3:]
    # the reader (it reads the bytes), imported for a file only: a resume
    # checks a record's options (validate) and reads no JSON of its own
    # (as .mpy its code is RAM)
    from oya.jsonlite import loads, JsonError
    try:
        return loads(raw)
    except JsonError as e:
        raise RulesetError(where + "not valid JSON: %s." % e)


def parse(raw, filename="ruleset", table=None):
    """raw: bytes or str of a ruleset file -> (game, name, options)."""
    return validate(read(raw, filename), filename, table)


def load(path, table=None, raw=None):
    """Read and validate a ruleset file; RulesetError on any problem. `raw`:
    its bytes as the caller already read them (up to MAX_BYTES + 1), so
    the file is not read again."""
    name = path.split("/")[-1]
    if raw is None:
        try:
            raw = read_file(path)
        except OSError:
            raise RulesetError(name + ": cannot be read.")
    if len(raw) > MAX_BYTES:
        # only the first bytes were read: say how big the file really is
        try:
            import os
            size = os.stat(path)[6]
        except (OSError, ImportError):
            size = len(raw)
        raise RulesetError("%s: file is too large (%d bytes; at most %d)." % (name, size, MAX_BYTES))
    return parse(raw, name, table)


def remember(fn):
    """Validate rulesets/`fn` and record it (what a push runs on the board):
    (game, name, options); raises RulesetError for a bad file."""
    from oya.rsindex import DIR, add, read, save
    path = DIR + "/" + fn
    try:
        raw = read_file(path)
    except OSError:
        raw = None                                # (load says it cannot be read)
    g, name, opts = load(path, raw=raw)     # (too large: refused before the hash)
    index = read()
    if add(index, fn, raw, g, name):
        save(index)
    return g, name, opts
