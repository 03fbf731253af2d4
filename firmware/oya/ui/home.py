# The home menu. Kept small: the match-over screen fetches it while the
# ranking is read, and as .mpy an import costs time by its size and more
# for its names. What its items open is in oya.ui.setup (New table), oya.ui.boot
# (Resume) and oya.ui.settings (rulesets, settings, about), each imported
# when picked (oya.ui.app.flow). Dropped in play.
from oya.heap import SETUP
from oya.ui import Call, flow
from oya.ui.menu import Menu
from oya.ui.text import t

# the home menu's items: (label, flow module, function); Resume only when a
# match is saved
ITEMS = (("new", "setup", "new_table"), ("resume", "boot", "resume"), ("rulesets", "settings", "rulesets_screen"),
         ("settings", "settings", "settings_screen"), ("about", "settings", "about"))


def items(app):
    return ITEMS if app._home_resume else ITEMS[:1] + ITEMS[2:]


def home(app, saved=None):
    """The home menu in place of every screen; `saved`: whether a match is
    on flash, when the caller has looked (None: looked for here)."""
    app.drop_match()
    L = app.lang
    # (asked of the journal, not of a module imported for it: the OK on the
    # match-over screen would import one in its key)
    app._home_resume = (has_saved(app) if saved is None else saved) or night_saved(app)
    app.replace(Menu(t("home", L), [t(x[0], L) for x in items(app)], Call(app, "home", "pick")))
    app.prefetch(SETUP)       # New table, the likely next key


def has_saved(app):
    """Whether a match is saved. A journal cleared since its last write
    (the match just over) answers without the reader or a file read."""
    j = app.match_j
    if j.gone:
        return False
    from oya.journal_read import has_record
    return has_record(j)


def night_saved(app):
    """Whether a night is saved between its matches (oya.ui.night); one
    just ended answers without the reader, as has_saved."""
    j = app.night_j
    if j.gone:
        return False
    from oya.journal_read import has_record
    return has_record(j)


def pick(app, i):
    """Item i of the home menu (which keeps none of this module's code: it
    goes while a new table is set)."""
    _label, mod, fn = items(app)[i]
    getattr(flow(mod), fn)(app)
