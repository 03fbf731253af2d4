# The App's methods that run a few times a match: the boot,
# the pause menu and the way home from it, the slips, the contrast. A caller
# says app.rare().pause_menu(app): App.rare imports this module for the call
# and forgets it at once (oya.heap.RARE), so its code is in RAM only while
# the call (or a job it left) runs, never beside a deal; ten methods of App
# that only called these would be RAM beside every deal.
from oya.games import forget_part
from oya.heap import BOOT, forget
from oya.ui import flow
from oya.ui.widgets import Message, wrap
from oya.ui.text import t


def boot(app):
    flow("boot").boot(app)
    forget(BOOT)     # what it showed keeps what it needs


def quit_to_home(app):
    """Quit from the pause menu, the match kept on flash: home on the next
    idle passes, keys held meanwhile. The match dropped in one, the home
    menu's code imported in the next, the saved match looked for in the
    next, the menu put up in the last: all in the key, it is too long a
    run of CPU for one key."""
    app.session = None
    app.run_later(_going_home(app))


def _going_home(app):
    app.stack = app.stack[-1:]        # (the pause menu: its labels are all it draws)
    app.drop_match()
    yield
    m = flow("home")
    yield
    saved = m.has_saved(app)
    yield
    m.home(app, saved)


def pause_menu(app):
    """The pause menu, on the next idle passes (both its imports and its
    draw in the key are too long a run of CPU for one key). The deal's
    teller says nothing while the menu is up: its code leaves for the
    menu's, and the next action imports it again."""
    if app.session is not None:
        forget_part(app.session.game, "_say")
    open_later(app, "menus", "pause_menu", "menu")


def open_later(app, mod, fn, first=None):
    """oya.ui.`mod`.`fn`(app) on the next idle passes, keys held
    meanwhile: `first` (a flow module `mod` imports) imported in one,
    `mod` in the next, the call in the last (or, when `fn` is a
    generator function, its steps a pass each)."""
    app.run_later(_opening(app, mod, fn, first))


def _opening(app, mod, fn, first):
    if first:
        flow(first)
        yield
    m = flow(mod)
    yield
    steps = getattr(m, fn)(app)
    if steps is not None:           # a generator: the rest of its work, a step a pass
        yield from steps


def print_commit(app):
    flow("records").print_commit(app)


def deal_record(app):
    return flow("records").deal_record(app)


def print_deal(app):
    return print_lines(app, deal_record(app))


def print_lines(app, lines):
    L = app.lang
    p = app.printer()
    if p is None:
        app.push(Message(t("print", L), [t("no_printer", L)], app.pop, lang=L))
        return False
    try:
        p.slip(lines)
    except Exception as e:
        not_printed(app, str(e))
        return False
    return True


def not_printed(app, why):
    """Say that a slip was not printed, and why (a queued slip that failed
    later too: App.check_printer)."""
    app.push(Message(t("print", app.lang), [t("not_printed", app.lang)] + wrap(why)[:3], app.pop, lang=app.lang))


def apply_contrast(app):
    d = getattr(app.hw, "display", None) if app.hw is not None else None
    if d is not None and hasattr(d, "contrast"):
        try:
            d.contrast(app.settings["contrast"])
        except Exception:
            pass
