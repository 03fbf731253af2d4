# The screens reached from the home menu but New table and Resume: rulesets,
# settings (language, contrast, printer, test page, button test), about.
# Imported while they are used (oya.ui.app.flow), dropped in play.
from oya import VERSION
from oya.ui import keys
from oya.games import forget_games
from oya.ui import Call, flow
from oya.ui.grid import COLS, half, two_cols
from oya.ui.menu import Menu
from oya.ui.spinner import Spinner
from oya.ui.widgets import Message, wrap
from oya.ui.text import t, game_name


def rulesets_screen(app):
    flow("setup").listing(app, t("rulesets", app.lang), None, Call(app, "settings", "rulesets_list"))


def rulesets_list(app, found):
    setup = flow("setup")
    L = app.lang
    # the game as ruleset files name it in English, by its name in Japanese
    right = [t("invalid", L) if f[4] else game_name(f[1], L) if L else f[1] for f in found]
    names = setup.distinct([f[2] for f in found], COLS - 2 - max([len(half(r)) for r in right] or [0]))
    items = [(names[i], right[i]) for i in range(len(found))]

    def pick(i):
        fn, g, name, opts, err = found[i]
        if not err and opts is None:
            try:
                g, name, opts = setup.load(fn)
            except Exception as e:
                err = str(e)
            forget_games(None)
        table = flow("table")
        if err:
            lines = wrap(table.refusal(err, L))
        else:
            # each option as the options screen shows it
            words = table.option_words(L)
            lines = [fn, game_name(g, L)] + [two_cols(*table.option_row(k, opts[k], words)) for k in opts]
        app.push(Message(name, lines, app.pop, lang=L))

    setup.show(app, Menu(t("rulesets", L), items or ["-"], pick if items else (lambda i: None), app.pop))


def save_settings(app):
    say_unsaved(app, save_failed(app))


def say_unsaved(app, why):
    """A save's error (`why`) on the screen; None: nothing to say."""
    if why:
        app.push(Message(t("error", app.lang), wrap(why), app.pop, lang=app.lang))


def save_failed(app):
    """The settings to flash: None, or why they were not saved."""
    try:
        app.settings_j.save(app.settings)
    except Exception as e:
        return str(e) or type(e).__name__
    return None


def switching_language(app):
    """The other language, on idle passes with keys held: its words in one,
    the setting saved in the next, the home menu and this screen made anew
    in the last: all in the key, the switch was too long a run of CPU for
    one key."""
    st = app.settings
    st["lang"] = L = 1 - st["lang"]
    t("settings", L)
    yield
    failed = save_failed(app)
    yield
    at = app.stack[0].i          # the home menu under this one: in the new language too
    app.home()
    app.stack[0].i = at
    # a new screen on top, not this one put back: the device loop draws
    # after such a step only when the screen on top is another (App._fetch)
    settings_screen(app)
    say_unsaved(app, failed)


def settings_screen(app):
    L = app.lang
    menu = Menu(t("settings", L), [], None, app.pop)
    st = app.settings

    def refresh():
        L2 = app.lang
        menu.title = t("settings", L2)
        menu.items = [(t("language", L2), "ニホンゴ" if L2 else "English"),     # (kana: the font has no kanji)
                      (t("contrast", L2), str(st["contrast"])),
                      (t("printer", L2), t("on" if st["printer"] else "off", L2)),
                      t("test_page", L2), t("button_test", L2), (chip_value(L2), str(st["per_chip"]))]

    def pick(i):
        if i == 0:
            app.run_later(switching_language(app))
        elif i == 1:
            def done(v):
                st["contrast"] = v
                app.rare().apply_contrast(app)
                save_settings(app)
                refresh()
                app.pop()
            app.push(Spinner(t("contrast", app.lang), 0, 255, st["contrast"], done, app.pop, lang=app.lang))
        elif i == 2:
            st["printer"] = not st["printer"]
            save_settings(app)
        elif i == 3:
            app.rare().print_lines(app, ["Oya " + VERSION, "ABCDEFGHIJKLMNOPQRSTU", "abcdefghijklmnopqrstu",
                                         "0123456789 !?#%&*+-=/", "カタカナ テスト", "-" * 21])
        elif i == 4:
            app.push(ButtonTest(app))
        elif i == 5:
            def chip(v):
                st["per_chip"] = v
                save_settings(app)
                refresh()
                app.pop()
            app.push(Spinner(chip_value(app.lang), 0, 9999, st["per_chip"], chip, app.pop))
        refresh()

    menu.on_pick = pick
    refresh()
    app.push(menu)


def chip_value(L):
    """The setting's label: a chip's worth in points at a settle-up."""
    from oya.ui.text_night import w
    return w("per_chip", L)


def about(app):
    L = app.lang
    import gc
    gc.collect()
    try:
        free = gc.mem_free()
    except AttributeError:  # CPython
        free = -1
    board = getattr(app.hw, "name", None)
    lines = ["%s %s" % (t("version", L), VERSION),
             "%s %s" % (t("board", L), board if isinstance(board, str) else "-"),
             "%s %s" % (t("free_mem", L), free if free >= 0 else "-")]
    app.push(Message(t("about", L), lines, app.pop, lang=L))


class ButtonTest:
    """Shows the last keys pressed; hold BACK to leave."""

    def __init__(self, app):
        self.app = app
        self.log = []

    def draw(self, g):
        g.put(0, t("button_test", self.app.lang), True)
        for r in range(6):
            g.put(1 + r, self.log[r] if r < len(self.log) else "")
        g.put(7, "hold BACK: leave")

    def key(self, k):
        if k == keys.HOLD_BACK:
            self.app.pop()
            return
        self.log.insert(0, keys.NAMES[k] if 0 < k < len(keys.NAMES) else str(k))
        del self.log[6:]
