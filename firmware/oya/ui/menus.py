# The pause menu of a match in play, and its standings. Imported when opened
# (oya.ui.app.flow) and dropped once the deal screen is alone on the stack
# again. The recall and the slips it leads to are in oya.ui.records, loaded
# when picked: the menu is opened beside a deal's screens and its engine,
# and ending a match from it is where a match's heap is highest as .mpy.
from oya.heap import forget
from oya.ui.grid import two_cols
from oya.ui.menu import Menu
from oya.ui.widgets import Message, wrap
from oya.ui.text import t


def pause_menu(app):
    L = app.lang
    items = [t("continue", L), t("standings", L), t("recall", L), t("print", L), t("quit", L),
             t("end_match", L), t("legend", L)]

    def pick(i):
        if i == 0:
            app.pop()
        elif i == 1:
            app.push(Message(t("standings", app.lang), standings_lines(app), app.pop))
        elif i == 2:
            app.rare().open_later(app, "records", "recall_screen")    # (its code imported on an idle pass)
        elif i == 3:
            app.rare().print_lines(app, standings_lines(app))
        elif i == 4:
            app.rare().quit_to_home(app)
        elif i == 5:
            # one press in a menu must not end a match: the players say yes
            app.push(Message(t("end_q", L), wrap(t("end_sure", L)), lambda: end_match(app), app.pop,
                             footer=t("yes_no", L)))
        else:
            legend(app)

    app.push(Menu(t("pause", L), items, pick, app.pop))


def legend(app):
    """The key to the game's screen notation, a page that scrolls; its text
    is read from the game's legend module only now, and only the page keeps
    it."""
    mod = app.session.match.legend()
    out = []
    if mod is not None:
        forget(mod.__name__)
        for entry in (mod.JA if app.lang else mod.EN).split("\n"):
            wrap(entry, 21, out)
    app.push(Message(t("legend", app.lang), out, app.pop))


def end_match(app):
    """The players agree to stop (a match played to a time, or any match)."""
    m = app.session.match
    if hasattr(m, "stop"):
        m.stop()
    app.match_over()


def time_left_line(app):
    limit = app.time_limit_ms()
    if limit is None:
        return None
    left = max(0, limit - app.played_ms())
    return two_cols(t("time_left", app.lang), "%d min" % ((left + 59999) // 60000))


def standings_lines(app):
    m = app.session.match
    lines = []
    for seat, score in m.standings():
        lines.append(two_cols(m.ledger.names[seat] + (" *" if seat == m.dealer else ""), str(score)))
    left = time_left_line(app)
    if left is not None:
        lines.insert(0, left)
    return lines
