# A new table: the game, then its ruleset (the defaults, or a file from
# rulesets/ that names the game; invalid files are listed as such, and picking
# one says why). Imported when New table is picked (oya.ui.app.flow); the rest
# of the flow is oya.ui.table. Dropped, with the ruleset reader (oya.rules,
# oya.jsonlite), once the match is drawn.
import os
from oya import GAMES
from oya.games import forget_games, module_name
from oya.heap import HOME, RULES, TABLE, forget
from oya.compat import run_steps
from oya.ui import RULESET_DIR, Call, flow
from oya.ui.grid import COLS, cut, half
from oya.ui.menu import Menu
from oya.ui.widgets import Message, Screen, wrap
from oya.ui import keys
from oya.ui.text import t, game_name


LIST_MS = 20            # a key's or a pass's share of a listing's indexed files
LIST_STEPS = 64         # (where no clock runs: the simulator's, CPython)


def _game_of(raw, game):
    """(game named, raw) of a ruleset file's bytes; (that game, None) when it
    is well-formed JSON that names another game than `game`: that game's
    business, not listed here. The file is checked in place, nothing but its
    game built (oya.jsonlite.value_at), so another game's files are passed
    over for little RAM (the strict check, for the files that are listed, is
    oya.rules')."""
    from oya.jsonlite import value_at
    g = value_at(raw, "game")
    if not isinstance(g, str):
        g = ""                          # not JSON, or no game named
    if game is not None and g != game and g in GAMES:
        return g, None
    return g, raw


class IndexedError(Exception):
    """A file the index knows as refused, with the reason it gave."""


class Scan:
    """rulesets/*.json listed one file per step(), so a screen can list them
    between frames: a file the index knows costs a hash; any other is
    validated with its game's engine (imported, then forgotten), a part a
    step, and added to the index, which is saved in a step of its own once
    the files are done. `found`: [(file, game,
    name, options or None, error or None)]; options None for an indexed file
    (load() reads them when it is picked). Only plain file names inside
    rulesets/ are read. With `game`, only the files that name it (or whose
    game cannot be told) are listed, and no other engine is imported."""

    def __init__(self, game=None):
        from oya import rsindex
        self.game = game
        try:
            files = sorted(os.listdir(RULESET_DIR))
        except OSError:
            files = []
        self.files = [fn for fn in files if fn.endswith(".json") and "/" not in fn and not fn.startswith(".")]
        self.i = 0
        self.found = []
        self.index = rsindex.read()
        self.dirty = False
        self._retried = -1         # the file read again after a MemoryError
        self._job = None           # the parts left of validating a file (_validating)

    def done(self):
        return self.i >= len(self.files) and self._job is None and not self.dirty

    def files_done(self):
        """The files listed so far: the one being validated not yet, nor the
        last till the list shows (a screen's count changes once a file, not
        once a part)."""
        return max(0, self.i - (self._job is not None or self.i >= len(self.files)))

    def walk(self, quick=False):
        """step() as a generator (oya.compat.run_steps), a yield after each
        quick one; it ends at the end, and after a slow one (the pass has
        had its share), or with `quick` at a file to validate."""
        while not self.done():
            if self.step(quick):
                return
            yield

    def step(self, quick=False):
        """Look at the next file, or take the next part of validating one;
        True when that was slow work (a pass of its own). quick: leave a
        file that needs validating for a later step (True)."""
        if self._job is not None:
            for _ in self._job:
                return True
            self._job = None
            return True
        from oya import rsindex
        if self.i >= len(self.files):
            # the files validated go into the index: steps of their own
            # (rsindex.saving: a write, then a rename)
            self.dirty = False
            self._job = rsindex.saving(self.index, self.files if self.game is None else None)
            return True
        game = self.game
        fn = self.files[self.i]
        self.i += 1
        path = RULESET_DIR + "/" + fn
        raw = None
        try:
            raw = rsindex.read_file(path)
            k = rsindex.known(self.index, fn, raw)
            if k is not None and k[0] is not None:
                g, name = k                   # validated before: its game without scanning
                if game is not None and g != game:   # the text (slow on the device)
                    return False
            else:
                g, raw = _game_of(raw, game)
                if raw is None or (game is not None and g != game and g in GAMES):
                    return False                  # another game's
            if k is not None and k[0] is None:
                raise IndexedError(k[1])      # refused before, not read again
            if k is None:
                if quick:
                    self.i -= 1
                    return True
                # validated in parts, a step each: the engine's option
                # table, the JSON, the check (in one, too long a run of CPU
                # for a pass)
                self._job = self._validating(fn, path, raw, g)
                return True
            self._listed(fn, g, name, None, None, False)
        except Exception as e:
            self._failed(e, fn, raw)
        return False

    def _validating(self, fn, path, raw, g):
        from oya import rsindex, rules
        try:
            if len(raw) > rsindex.MAX_BYTES:
                g, name, opts = rules.load(path, raw=raw)   # says how big the file really is
            else:
                if g in GAMES:
                    rules.option_table(g)          # (its import: validate takes it then)
                yield
                data = rules.read(raw, fn)
                yield
                g, name, opts = rules.validate(data, fn)
                self.dirty = rsindex.add(self.index, fn, raw, g, name) or self.dirty
            self._listed(fn, g, name, opts, None, True)
        except Exception as e:
            self._failed(e, fn, raw, True)

    def _listed(self, fn, g, name, opts, err, slow):
        if self.game is None or g == self.game or g is None:
            self.found.append((fn, g, name, opts, err))
        if self.game is None and slow:
            forget_games(None)

    def _failed(self, e, fn, raw, slow=False):
        """A file that could not be listed: refused (its reason in the
        index), or left for the next step when the heap had no room."""
        if isinstance(e, IndexedError):
            err = str(e)
        elif isinstance(e, MemoryError) and self._retried != self.i - 1:
            # no room to read it now: not a bad file (listed as invalid
            # under every game); collected, it is read again next step
            self._retried = self.i - 1
            self.i -= 1
            import gc
            gc.collect()
            return
        else:
            # a RulesetError comes from oya.rules, so it is in RAM: not
            # imported here for another error (a heap with no room, say)
            import sys
            rules = sys.modules.get(RULES)
            err = str(e)
            if rules is not None and isinstance(e, rules.RulesetError):
                from oya import rsindex
                if raw is not None:
                    self.dirty = rsindex.add(self.index, fn, raw, None, err) or self.dirty
            else:  # never let one bad file stop the list
                err = "%s: cannot be read (%s)." % (fn, e)
        self._listed(fn, None, fn, None, err, slow)


def list_rulesets(game=None):
    """Scan(game).found, listed at once (tools, tests, the pickers' fallback)."""
    scan = Scan(game)
    while not scan.done():
        scan.step()
    return scan.found


class Listing(Screen):
    """'Rulesets 3/7' while a Scan goes on between frames: a tick takes the
    indexed files for up to LIST_MS, or one part of validating a file; the
    tick after the last puts the list in its place (`then(found)`). BACK
    leaves."""

    def __init__(self, app, title, scan, then):
        self.app = app
        self.title = title
        self.scan = scan
        self.then = then

    def draw(self, g):
        g.put(0, self.title, True)
        scan = self.scan
        g.put(2, "%d/%d" % (scan.files_done(), len(scan.files)))

    def key(self, k):
        if k == keys.BACK:
            self.app.pop()

    def tick(self, now):
        scan = self.scan
        if scan.done():             # (a pass of its own: the last step may have saved the index)
            self.then(scan.found)
        else:
            run_steps(scan.walk(), LIST_STEPS, LIST_MS)
        return True


def listing(app, title, game, then):
    """then(found) for the rulesets of `game` (None: all): at once when no
    file needs validating (the index knows them) and the key's share of
    time is enough, else after a Listing."""
    scan = Scan(game)
    run_steps(scan.walk(True), LIST_STEPS, LIST_MS)
    if scan.done():
        then(scan.found)
    else:
        app.push(Listing(app, title, scan, then))


def show(app, screen):
    """A listing's result on screen, in its Listing's place if it had one."""
    if isinstance(app.top(), Listing):
        app.stack[-1] = screen
    else:
        app.push(screen)


def load(fn, game=None):
    """(game, name, options) of rulesets/`fn`: a file the build validated
    is read with the built-in JSON reader onto its game's defaults; any
    other goes through the strict reader and validator (oya.rules)."""
    path = RULESET_DIR + "/" + fn
    from oya import rsindex
    raw = rsindex.read_file(path)
    k = rsindex.known(rsindex.read(), fn, raw)
    if k is None or k[0] is None:
        from oya import rules
        return rules.load(path, raw=raw)
    import json
    from oya.games import options
    opts = dict((e[0], e[1]) for e in options(k[0]))
    opts.update(json.loads(raw).get("options") or {})
    return k[0], k[1], opts


def new_table(app):
    forget(HOME)       # the home menu below keeps none of its code (a Call)
    L = app.lang
    app.push(Menu(t("game", L), [game_name(g, L) for g in GAMES], Call(app, "setup", "pick_game"), app.pop))
    app.scanned = False            # (being scanned: scan_ahead)
    app.prefetch(scan_ahead(app))


def scan_ahead(app):
    """Every game's rulesets scanned while the game list is on screen, one
    file an idle pass (a file the index knows costs a read and a hash,
    which the pick of a game would spend otherwise); pick_ruleset takes the
    list, and keeps it for another
    pick until the options screen. app.scanned is False until it ends.
    A file that needs validating stops it: the pick lists as before. The
    index's code and the listing of the folder come first, a pass each."""
    from oya import rsindex  # noqa: F401
    yield
    try:
        scan = Scan(None)
    except MemoryError:            # no room to read the index now: the pick
        app.scanned = None         # lists for itself (and says so if still none)
        return
    yield
    while not scan.done():
        if scan.step(True):
            app.scanned = None
            return
        yield
    app.scanned = scan.found


def pick_game(app, i):
    if app.scanned is False:
        # the scan ahead is not done: the pick comes after it on the idle
        # passes, and the keys held meanwhile act once the ruleset list's
        # own fetch is done too (App.idle releases them): an OK then finds
        # the options' code in
        app.call_later(pick_ruleset, app, GAMES[i])
    else:
        pick_ruleset(app, GAMES[i])


def pick_ruleset(app, game):
    forget_games(game)
    found = app.scanned
    then = Call(app, "setup", "ruleset_menu", game)
    if found:                      # scanned ahead (scan_ahead): this game's files, as Scan(game) lists them
        then([f for f in found if f[1] == game or f[1] is None])
    else:
        listing(app, t("ruleset", app.lang), game, then)


def distinct(names, width):
    """`names` as a list's rows, no two alike once cut to `width` cells
    (or more: a row's own room): a name as it is when its cut (ending in
    "~") is unlike the others'; names whose cuts look alike as their head,
    "~" and the words where they differ ("Oicho~Kanto)", "Oich~Kansai)"),
    or failing that as much of the head as keeps them apart, and those
    still alike (the same name twice) numbered ("~2"). The first name is
    never changed when it fits (a list's fixed first row)."""
    plain = [cut(half(n), width) for n in names]
    out = list(plain)
    for i in range(len(out)):
        same = [j for j in range(i, len(out)) if out[j] == out[i]]
        if len(same) < 2:
            continue
        whole = [half(names[j]) for j in same]
        p = 0                                    # their common head, back to a word's start
        while min([len(w) for w in whole]) > p and len(set([w[p] for w in whole])) == 1:
            p += 1
        while p and whole[0][p - 1] not in " (-_":
            p -= 1
        ends = [_ends(w, width, width - 1 - len(w) + p, p) if len(w) - p <= width - 2 else
                _ends(w, width, 1, len(w) - width + 2) for w in whole]      # (too long from there: its end)
        k = width - 1
        while k > 1 and not _apart(ends, out, whole):
            k -= 1                               # as much of the head as keeps them apart
            ends = [_ends(w, width, k, len(w) - (width - k - 1)) for w in whole]
        if not _apart(ends, out, whole):
            ends = [out[i]] * len(same)
        for j, e in zip(same, ends):
            out[j] = e
        m = 1
        for j in same[1:]:                       # still alike: numbered, the first as it was
            while out[j] in out[:j] or out[j] in out[j + 1:]:
                m += 1
                tag = "~%d" % m
                out[j] = half(names[j])[:width - len(tag)] + tag
    for j in range(len(out)):
        if out[j] == plain[j]:
            out[j] = names[j]        # (the row cuts it so itself)
    return out


def _apart(ends, out, whole):
    """Whether names shown as `ends` differ from each other and from the
    other rows (`out`; `whole`: those names in full)."""
    if len(set(ends)) < len(ends):
        return False
    for e in ends:
        if e in out and e not in whole:
            return False
    return True


def _ends(w, width, k, p):
    """Half-width name `w` in `width` cells: itself when it fits, else its
    first k cells, "~" and its end from cell p (itself cut when too long)."""
    if len(w) <= width:
        return w
    return w[:k] + "~" + cut(w[p:], width - k - 1)


def ruleset_menu(app, game, found):
    L = app.lang
    names = distinct([t("defaults", L)] + [f[2] for f in found], COLS - 2 - len(half(t("invalid", L)))
                     if [f for f in found if f[4]] else COLS - 1)
    items = [names[0]]
    for i in range(len(found)):
        items.append((names[i + 1], t("invalid", L)) if found[i][4] else names[i + 1])
    # the menus of this module call back by name (Call): once the ruleset is
    # picked, oya.ui.table forgets this module and its code goes
    show(app, Menu(t("ruleset", L), items, Call(app, "setup", "picked", game, found), app.pop))
    # the options screen's modules (its engine is fetched on that screen,
    # once this module has gone: with it here this menu would be the highest
    # heap of a setup)
    app.prefetch(module_name(game, "_options"), TABLE)


def picked(app, game, found, i):
    if app.after_fetch(picked, app, game, found, i):     # (the options' code, fetched by ruleset_menu)
        return
    L = app.lang
    app.scanned = None             # (the ruleset is picked: the scan of every game's goes)
    if i == 0:
        flow("table").edit_options(app, game, "default", None)
        return
    fn, g, name, opts, err = found[i - 1]
    if err:
        app.push(Message(t("invalid", L), wrap(flow("table").refusal(err, L)), app.pop, lang=L))
        return
    if opts is None:
        try:
            g, name, opts = load(fn)
        except Exception as e:           # changed since it was listed
            app.push(Message(t("invalid", L), wrap(flow("table").refusal(str(e), L)), app.pop, lang=L))
            return
    flow("table").edit_options(app, game, name, opts)
