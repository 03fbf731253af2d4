# A new table, after its game and ruleset (oya.ui.setup): the options, seats,
# names, starting chips and bot seats, then the first dealer. Imported when
# the ruleset is picked (oya.ui.app.flow); dropped with the rest of the
# new-table flow once the match is drawn.
from oya import option_text
from oya.ui import keys
from oya.games import forget_part
from oya.heap import FLOWS, SETUP, forget
from oya.ui import flow
from oya.ui.grid import cut, half
from oya.heap import look
from oya.ui.menu import Menu
from oya.ui.spinner import Spinner
from oya.ui.widgets import Screen, Message, wrap
from oya.ui.text import t, game_name


def option_words(lang):
    """The options' Japanese words (oya.ui.text_ja_options), None in English:
    imported for the options screen only in Japanese."""
    if not lang:
        return None
    from oya.ui import text_ja_options
    return text_ja_options


def option_name(words, oid):
    """Option `oid` as the screen names it: its id in English."""
    w = look(words.N, oid) if words is not None else None
    return oid if w is None else w


def value_text(words, v):
    """Value `v` as the screen shows it: as rulesets write it in English; in
    Japanese its word, or (a list's, an object's) each of its words."""
    s = option_text(v)
    if words is None:
        return s
    w = look(words.V, s)
    if w is not None:
        return w
    out = []
    a = 0
    for i in range(len(s) + 1):
        c = s[i] if i < len(s) else " "
        if not ("a" <= c <= "z" or c == "_"):
            if i > a:
                w = look(words.V, s[a:i])
                out.append(s[a:i] if w is None else w)
            if c != "'":                # (a list's or an object's quotes: not for a reader)
                out.append(s[i:i + 1])
            a = i + 1
    return "".join(out)


def refusal(text, lang):
    """Why a value, a ruleset or a table deck is refused (an English
    sentence of the engine's) in `lang`: in Japanese by its form's words
    (oya.ui.text_ja_why), each blank made Japanese too."""
    return ja_text(text) if lang else text


def ja_text(b):
    """A refusal, or a blank of one's form, in Japanese: an option's id
    (quoted, as %r writes it) by its name, a game by its name, a file's name
    as it is, a sentence by its form, else each word of a value or a list
    of them."""
    words = option_words(1)
    if b[:1] == "'" and b[-1:] == "'" and look(words.N, b[1:-1]) is not None:
        return look(words.N, b[1:-1])
    if game_name(b, 1) != b:
        return game_name(b, 1)
    if "." in b and " " not in b:
        return b
    from oya.ui.text_ja_why import FORMS
    from oya.ui.story_ja import by_form
    ja = by_form(FORMS, "~", b, ja_text)
    if ja is not None:
        return ja
    if ", " in b:                       # a list of values (oya.rules.allowed)
        return ", ".join([ja_text(x) for x in b.split(", ")])
    return value_text(words, b)


def option_row(oid, value, words=None):
    """Option `oid`'s row in the list, in English (its id and its value as
    rulesets write it) or in `words`' Japanese: the value keeps 10 of the
    19 cells beside the cursor, more when the name is short, so that
    'between_2-2_and_3-3' and 'between_3-3_and_4-4' differ on the row (the
    name is cut first); a value cut ends in "~", as the name does."""
    name = half(option_name(words, oid))
    return (name, cut(half(value_text(words, value)), 19 - min(len(name), 9)))


def edit_options(app, game, rs_name, opts):
    """The options, from the ruleset's (None: the game's defaults)."""
    from oya.games import options
    forget(SETUP)     # its menus below call it back by name (Call)
    L = app.lang
    # the options table is looked up, not held: it goes from RAM once the
    # starting chips are set (pick_chips reads their range: importing it again
    # there would cost that key its time), while this screen waits under the next
    if opts is None:
        opts = dict((e[0], e[1]) for e in options(game))
    opts = dict(opts)
    menu = Menu(t("options", L), [], None, app.pop)
    app.table_deck = False       # the match setting beside the ruleset: device deals, or real cards
    words = option_words(L)

    def refresh():
        if words is None:
            deal = ("deal", "table deck" if app.table_deck else "device")
        else:
            deal = (look(words.N, "deal"), look(words.V, "table_deck" if app.table_deck else "device"))
        menu.items = ([option_row(e[0], opts[e[0]], words) for e in options(game)]
                      + [deal, t("start", L)])

    def pick(i):
        table = options(game)
        if i == len(table):      # deal: OK switches device / table deck
            app.table_deck = not app.table_deck
            refresh()
            return
        if i > len(table):
            # what a record of the match keeps (oya.session: Session.changed)
            app.changed = [x[0] for x in table if opts[x[0]] != x[1]]
            pick_seats(app, game, rs_name, opts)
            return
        e = table[i]
        name = option_name(words, e[0])

        def set_value(v):
            opts[e[0]] = v
            refresh()
            app.pop()

        if len(e) == 4:
            cur = opts[e[0]] if opts[e[0]] is not None else e[2]
            app.push(Spinner(name, e[2], min(e[3], 9999), cur, set_value, app.pop, lang=L))
        elif callable(e[2]):
            app.push(Message(name, wrap(refusal(e[2](None), L)), app.pop, lang=L))    # what it allows (rules.allowed)
        else:
            vals = list(e[2])
            app.push(Menu(name, [value_text(words, v) for v in vals], lambda j: set_value(vals[j]), app.pop,
                          vals.index(opts[e[0]]) if opts[e[0]] in vals else 0))

    menu.on_pick = pick
    refresh()
    app.push(menu)


def setup_facts(game):
    """((fewest, most) seats, the most without a warning or None, the option
    holding the starting chips or None) of `game`: from its options module,
    which the setup has in RAM, not from its engine, which comes once the
    setup's screens are gone (oya.ui.start.begin)."""
    from oya.games import EXTRA, options_module
    m = EXTRA[game].MATCH if game in EXTRA else options_module(game)
    return m.SEATS, getattr(m, "WARN_SEATS", None), m.START_OPTION


def pick_seats(app, game, rs_name, opts):
    L = app.lang
    (lo, hi), warn, _ = setup_facts(game)
    if getattr(app, "night", None) is not None:
        # a night's next match: its seats, names and bots as they were
        n = app.night
        k = len(n.names)
        fixed = opts.get("players")
        if (isinstance(fixed, int) and fixed != k) or not lo <= k <= hi:
            from oya.ui.text_night import w
            app.push(Message(t("seats", L), wrap(w("seats_differ", L) % (lo, hi, k)), app.pop))
            return
        app.night_match = True         # the match is the night's (oya.ui.start journals it so)
        app.night_bots = tuple(n.bots)
        pick_chips(app, game, rs_name, opts, list(n.names))
        return
    if isinstance(opts.get("players"), int):
        # the ruleset fixes the seat count (Kakkuri, Meri): no question
        pick_names(app, game, rs_name, opts, opts["players"])
        return
    default = lo if lo > 3 else min(hi, 4)

    def chosen(n):
        if warn is not None and n > warn:
            # playable, but the rules advise against it (Kachi-kachi: few cards left to draw)
            def go_on():
                app.pop()
                pick_names(app, game, rs_name, opts, n)
            app.push(Message(t("seats", L), wrap(t("many_seats", L) % (n, warn)), go_on, app.pop, lang=L))
            return
        pick_names(app, game, rs_name, opts, n)

    app.push(Spinner(t("seats", L), lo, hi, default, chosen, app.pop, lang=L))


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

        app.push(LetterPicker(t("names", L), names[i], done, app.pop, lang=L))

    menu.on_pick = pick
    refresh()
    app.push(menu)


def pick_chips(app, game, rs_name, opts, names):
    from oya.games import options
    L = app.lang
    key = setup_facts(game)[2]
    if key not in opts:
        pick_bots(app, game, rs_name, opts, names)
        return
    e = None
    for x in options(game):
        if x[0] == key:
            e = x
    lo, hi = (e[2], e[3]) if e and len(e) == 4 else (1, 999)
    forget_part(game, "_options")

    def done(v):
        opts[key] = v
        pick_bots(app, game, rs_name, opts, names)

    app.push(Spinner(t("chips", L), lo, min(hi, 9999), opts[key], done, app.pop, lang=L))


def pick_bots(app, game, rs_name, opts, names):
    L = app.lang
    n = len(names)
    bots = getattr(app, "night_bots", None)
    if bots is not None:           # a night's next match: its bots as they were
        app.night_bots = None
        start_new(app, game, rs_name, opts, names, bots)
        return

    def done(b):
        if b and app.table_deck:         # a bot cannot see the real cards it holds
            app.push(Message(t("bots", L), wrap(t("no_bots", L)), app.pop, lang=L))
            return
        if app.table_deck:
            from oya.tabledeck import refuse
            why = refuse(game, opts)
            if why:
                app.push(Message(t("table_deck", L), wrap(refusal(why, L)), app.pop, lang=L))
                return
        start_new(app, game, rs_name, opts, names, tuple(range(n - b, n)))

    app.push(Spinner(t("bots", L), 0, n, 0, done, app.pop, lang=L))


def start_new(app, game, rs_name, opts, names, bots):
    """The setup is done: its screens and code go, then the match is made
    in steps (oya.ui.start.begin), so that the game's engine and the setup's
    screens are never in RAM together: with the engine fetched beside them,
    a heap held to its budget runs out on the Options screen."""
    first = t("first", app.lang)    # a setup word: read before its module goes with the flows
    changed = getattr(app, "changed", None)
    forget(FLOWS)
    forget_part(game, "_options")        # (gone already where the chips were asked: pick_chips)
    app.replace(Message(first, ["..."], None, lang=app.lang))
    flow("start").begin(app, game, rs_name, opts, names, bots, changed, first)


LETTERS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"


class LetterPicker(Screen):
    """Edit a short name: UP/DOWN choose the letter, OK next letter, BACK
    previous (or cancel at the start), hold OK to finish."""

    def __init__(self, title, value, on_done, on_back=None, maxlen=8, lang=0):
        self.title = title
        self.lang = lang
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
        g.put(5, t("letter_keys", self.lang))
        g.put(6, t("letter_back", self.lang))
        g.put(7, t("letter_done", self.lang))

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
