# A new table: the game, its ruleset, options, seats, names, starting chips
# and bot seats, then the first dealer. Imported for the flow
# (oya.ui.app.flow) with the ruleset reader (oya.rules, oya.jsonlite); all of
# it is dropped once the match starts.
import os
from oya import GAMES
from oya.ui import keys
from oya.ui import forget
from oya.ui.app import RULESET_DIR, FLOWS, forget_games
from oya.ui.widgets import Screen, Menu, Spinner, Message, wrap
from oya.ui.text import t, game_name


def _ruleset_game(path, max_bytes):
    """The game a ruleset file names (None when it cannot tell): read before
    validating, so listing one game's rulesets imports no other engine. The
    built-in json parses in C with little garbage; the strict check is
    rules.load's, for the files that are read in full."""
    import json
    try:
        with open(path, "rb") as f:
            g = json.loads(f.read(max_bytes)).get("game")
    except Exception:
        return None
    return g if g in GAMES else None


def list_rulesets(game=None):
    """[(file, game, name, options or None, error or None)] for rulesets/*.json.
    Only plain file names inside rulesets/ are read. Each file is validated
    with its own game's engine, which is forgotten again unless it is `game`."""
    from oya import rules
    out = []
    try:
        files = sorted(os.listdir(RULESET_DIR))
    except OSError:
        return out
    for fn in files:
        if not fn.endswith(".json") or "/" in fn or fn.startswith("."):
            continue
        if game is not None:
            g = _ruleset_game(RULESET_DIR + "/" + fn, rules.MAX_BYTES)
            if g is not None and g != game:
                continue
        try:
            g, name, opts = rules.load(RULESET_DIR + "/" + fn)
            err = None
        except rules.RulesetError as e:
            g, name, opts, err = None, fn, None, str(e)
        except Exception as e:  # never let one bad file stop the list
            g, name, opts, err = None, fn, None, "%s: cannot be read (%s)." % (fn, e)
        if game is None or g == game or g is None:
            out.append((fn, g, name, opts, err))
        if game is None:
            forget_games(None)
    return out


def new_table(app):
    L = app.lang
    app.push(Menu(t("game", L), [game_name(g, L) for g in GAMES],
                  lambda i: pick_ruleset(app, GAMES[i]), app.pop))


def pick_ruleset(app, game):
    from oya import rules
    from oya.games import load
    L = app.lang
    forget_games(game)
    mod = load(game)
    found = list_rulesets(game)
    items = [t("defaults", L)]
    for fn, g, name, opts, err in found:
        items.append((name, t("invalid", L)) if err else name)

    def pick(i):
        if i == 0:
            edit_options(app, game, "default", rules.defaults(mod.OPTIONS))
            return
        fn, g, name, opts, err = found[i - 1]
        if err:
            app.push(Message(t("invalid", L), wrap(err), app.pop))
        else:
            edit_options(app, game, name, opts)

    app.push(Menu(t("ruleset", L), items, pick, app.pop))


def edit_options(app, game, rs_name, opts):
    from oya import rules
    from oya.games import load
    L = app.lang
    table = load(game).OPTIONS
    opts = dict(opts)
    menu = Menu(t("options", L), [], None, app.pop)

    def refresh():
        menu.items = [(e[0], rules._fmt(opts[e[0]])[:8]) for e in table] + [t("start", L)]

    def pick(i):
        if i == len(table):
            pick_seats(app, game, rs_name, opts)
            return
        e = table[i]

        def set_value(v):
            opts[e[0]] = v
            refresh()
            app.pop()

        if len(e) == 4:
            cur = opts[e[0]] if opts[e[0]] is not None else e[2]
            app.push(Spinner(e[0], e[2], min(e[3], 9999), cur, set_value, app.pop))
        elif callable(e[2]):
            app.push(Message(e[0], wrap(rules.allowed(e)), app.pop))
        else:
            vals = list(e[2])
            app.push(Menu(e[0], [rules._fmt(v) for v in vals], lambda j: set_value(vals[j]), app.pop,
                          vals.index(opts[e[0]]) if opts[e[0]] in vals else 0))

    menu.on_pick = pick
    refresh()
    app.push(menu)


def pick_seats(app, game, rs_name, opts):
    from oya.games import load
    L = app.lang
    match = load(game).MATCH
    lo, hi = match.SEATS
    if isinstance(opts.get("players"), int):
        # the ruleset fixes the seat count (Kakkuri, Meri): no question
        pick_names(app, game, rs_name, opts, opts["players"])
        return
    default = lo if lo > 3 else min(hi, 4)
    warn = getattr(match, "WARN_SEATS", None)

    def chosen(n):
        if warn is not None and n > warn:
            # playable, but the rules advise against it (Kachi-kachi: few cards left to draw)
            def go_on():
                app.pop()
                pick_names(app, game, rs_name, opts, n)
            app.push(Message(t("seats", L), wrap(t("many_seats", L) % (n, warn)), go_on, app.pop))
            return
        pick_names(app, game, rs_name, opts, n)

    app.push(Spinner(t("seats", L), lo, hi, default, chosen, app.pop))


def pick_names(app, game, rs_name, opts, n):
    L = app.lang
    names = ["P%d" % (i + 1) for i in range(n)]
    menu = Menu(t("names", L), [], None, app.pop)

    def refresh():
        menu.items = ["%d %s" % (i + 1, names[i]) for i in range(n)] + [t("start", L)]

    def pick(i):
        if i == n:
            pick_chips(app, game, rs_name, opts, names)
            return

        def done(v):
            names[i] = v
            refresh()
            app.pop()

        app.push(LetterPicker(t("names", L), names[i], done, app.pop))

    menu.on_pick = pick
    refresh()
    app.push(menu)


def pick_chips(app, game, rs_name, opts, names):
    from oya import rules
    from oya.games import load
    L = app.lang
    mod = load(game)
    key = mod.MATCH.START_OPTION
    if key not in opts:
        pick_bots(app, game, rs_name, opts, names)
        return
    e = rules.find(mod.OPTIONS, key)
    lo, hi = (e[2], e[3]) if e and len(e) == 4 else (1, 999)

    def done(v):
        opts[key] = v
        pick_bots(app, game, rs_name, opts, names)

    app.push(Spinner(t("chips", L), lo, min(hi, 9999), opts[key], done, app.pop))


def pick_bots(app, game, rs_name, opts, names):
    L = app.lang
    n = len(names)

    def done(b):
        start_new(app, game, rs_name, opts, names, tuple(range(n - b, n)))

    app.push(Spinner(t("bots", L), 0, n, 0, done, app.pop))


def start_new(app, game, rs_name, opts, names, bots):
    """The match is drawn and saved; its first dealer is shown, and the deal
    screens come with the next key (app.start_pending), once this flow's code
    has been freed: the two are never in RAM together."""
    from oya.session import Session
    from oya.ui import tables
    forget(*FLOWS)
    app.match_j.clear()
    s = Session(game, rs_name, opts, names, None, app.match_j)
    s.draw_first_dealer()
    L = app.lang
    m = s.match
    kind = m.deck_kind()
    lines = tables.event_lines(kind, [], names)
    for e in m.intro:
        if e[0] == "card":
            lines.append("%s %s" % (tables.place_name(e[2], names), tables.card_list(kind, bytes([e[1]]))))
        elif e[0] == "note":
            lines.append(str(e[1]))
    lines.append("> %s: %s" % (t("first", L), names[m.dealer]))
    app._starting = (s, bots)
    app.replace(Message(t("first", L), lines, app.start_pending))


LETTERS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"


class LetterPicker(Screen):
    """Edit a short name: UP/DOWN choose the letter, OK next letter, BACK
    previous (or cancel at the start), hold OK to finish."""

    def __init__(self, title, value, on_done, on_back=None, maxlen=8):
        self.title = title
        self.chars = list(value[:maxlen].upper()) or ["A"]
        self.pos = len(self.chars) - 1
        self.on_done = on_done
        self.on_back = on_back
        self.maxlen = maxlen

    def _idx(self):
        c = self.chars[self.pos]
        i = LETTERS.find(c)
        return i if i >= 0 else 0

    def draw(self, g):
        g.put(0, self.title, True)
        g.put(1, "")
        g.put(2, "  " + "".join(self.chars))
        g.put(3, "  " + " " * self.pos + "^")
        g.put(4, "")
        g.put(5, "UP/DN letter OK next")
        g.put(6, "BACK erase")
        g.put(7, "hold OK: done")

    def key(self, k):
        if k in (keys.UP, keys.DOWN):
            step = 1 if k == keys.UP else -1
            self.chars[self.pos] = LETTERS[(self._idx() + step) % len(LETTERS)]
        elif k in (keys.OK, keys.RIGHT):
            if self.pos + 1 < self.maxlen:
                self.pos += 1
                if self.pos == len(self.chars):
                    self.chars.append("A")
        elif k in (keys.BACK, keys.LEFT):
            if self.pos == 0:
                if self.on_back is not None:
                    self.on_back()
                return
            if k == keys.BACK and self.pos == len(self.chars) - 1:
                self.chars.pop()
            self.pos -= 1
        elif k == keys.HOLD_OK:
            name = "".join(self.chars).strip()
            if name:
                self.on_done(name)
