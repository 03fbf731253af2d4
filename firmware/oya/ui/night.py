# A night's screens: after a match, its settle-up, the night's, the chart of
# the chips, the printed slip, the next match with the same seats, and the
# night's end (oya.night holds the state). Imported when a match ends or a
# night is continued; forgotten with the flows (oya.ui.app.FLOWS) when a
# match starts, and with the chart and settle modules when it is left.
from oya import night as nights
from oya.heap import CHART, NIGHT, SETTLE, forget
from oya.ui import Call, flow, keys
from oya.ui.grid import ROWS, two_cols
from oya.ui.menu import Menu
from oya.ui.text_night import w
from oya.ui.widgets import Message, Screen, wrap

def of(app):
    """The night in play: app.night, else the one on flash, else None."""
    n = getattr(app, "night", None)
    if n is None:
        n = nights.load(app.night_j)
        app.night = n
    return n


def resume(app):
    """Continue with no match on flash: the night between its matches."""
    from oya.journal import JournalCorrupt
    app.night = app.last_match = None
    try:
        of(app)
    except (JournalCorrupt, ValueError, KeyError, TypeError) as e:
        from oya.journal_read import quarantine
        quarantine(app.night_j)
        app.replace(Message(w("night", app.lang), wrap(str(e) or "?"), app.home, lang=app.lang))
        return
    menu(app)


def menu(app):
    """The night's menu (after a match's ranking, or on Continue)."""
    L = app.lang
    of(app)
    items = [w("settle_night", L), w("chart", L), w("print", L), w("next", L), w("end", L)]
    if getattr(app, "last_match", None) is not None:
        items.insert(0, w("settle_match", L))
    app.replace(Menu(w("night", L), items, Call(app, "night", "pick"), None))


def pick(app, i):
    if getattr(app, "last_match", None) is None:
        i += 1
    L = app.lang
    n = of(app)
    if i == 0:
        lm = app.last_match
        app.push(Message(w("settle_match", L), settle_lines(app, n.names, lm[2], lm[3]), app.pop, lang=L))
    elif i == 1:
        app.push(Message(w("settle_night", L), night_lines(app, n), app.pop, lang=L))
    elif i == 2:
        if app.last_match is None:
            app.push(Message(w("chart", L), [w("even", L)], app.pop, lang=L))
        else:
            app.push(ChartScreen(app, app.last_match[1], n.names))
    elif i == 3:
        print_slip(app, n)
    elif i == 4:
        next_match(app)
    else:
        n.end()
        app.night = app.last_match = None
        forget(NIGHT)
        app.home()


def settle_lines(app, names, gains, chips):
    """Each player's net (or games won) and the transfers that settle the
    chips, in points too when a chip has a value."""
    L = app.lang
    out = []
    for i in range(len(names)):
        out.append(two_cols(names[i], ("%+d" % gains[i]) if chips else str(gains[i])))
    if chips:
        from oya import settle
        left = -sum(gains)
        if left:
            # a match ended with chips still in the pot: the pot is a party of
            # the settle-up, so that every chip is accounted for
            out.append(two_cols(w("pot", L), "%+d" % left))
            gains = list(gains) + [left]
            names = list(names) + [w("pot", L)]
        t = settle.lines(gains, names, L, app.settings.get("per_chip", 0))
        forget(SETTLE)
        for s in t or [w("even", L)]:
            wrap(s, 21, out)
    return out


def night_lines(app, n):
    L = app.lang
    out = settle_lines(app, n.names, n.totals(True), True)
    wins = n.totals(False)
    if [x for x in n.matches if not x[3]]:
        out.append(w("wins", L))
        for i in range(len(n.names)):
            out.append(two_cols(n.names[i], str(wins[i])))
    return out


def slip_lines(app, n):
    """The slip's text under the chart: each match's gains, then the night's
    settle-up."""
    L = app.lang
    out = []
    k = 0
    for game, commit, gains, chips in n.matches:
        k += 1
        out.append(w("match", L) % (k, game))
        if commit:
            out.append(commit[:16])
        out.append(" ".join(("%+d" % g) if chips else str(g) for g in gains))
    out.append(w("settle_night", L))
    return out + night_lines(app, n)


def print_slip(app, n):
    """The chart (when a match was just played) and the night's totals per
    match below it, on the printer: the image made a band at a time."""
    p = app.printer()
    if p is None:
        app.print_lines([])          # (says there is no printer)
        return
    lm = getattr(app, "last_match", None)
    tail = slip_lines(app, n)
    if lm is None:
        app.print_lines(tail)
        return
    from oya.ui import chart
    h, band = chart.paper(lm[1], n.names, list(range(min(len(n.names), chart.MOST))))
    try:
        p.image(band, h, [w("chart", app.lang)], tail, True)
    except Exception as e:
        app.push(Message(w("print", app.lang), wrap(str(e)), app.pop, lang=app.lang))
    forget(CHART)      # (the slip's bands hold what they draw with)


def next_match(app):
    """A new table with the night's seats: the game, its ruleset and
    options are picked as for any table (oya.ui.setup), the names and bots
    are the night's (oya.ui.table.pick_seats reads app.night)."""
    app.last_match = None
    forget(CHART)
    forget(SETTLE)

    flow("setup").new_table(app)


class ChartScreen(Screen):
    """The chart of the chips, drawn a display page an idle pass (the whole
    chart in one key is too long a run of CPU); UP/DOWN pick who is drawn
    when more than four play; OK or BACK goes back."""
    PIXELS = True              # drawn on the display, not on the grid


    def __init__(self, app, deals, names):
        from oya.ui import chart
        self.app = app
        self.deals = deals
        self.names = names
        self.pick = chart.Pick(len(names))
        self.page = 0          # the next page to draw; ROWS: all drawn
        self.band = None
        self.whole = None      # a display with a whole frame: steps() into it

    def draw(self, g):
        for r in range(ROWS):
            g.put(r, "")       # the grid blank: its renderer leaves the pixels alone

    def key(self, k):
        if k == keys.UP or k == keys.DOWN:
            if (self.pick.up() if k == keys.UP else self.pick.down()):
                self.page = 0
                self.band = None
        elif k == keys.OK or k == keys.BACK:
            r = self.app.renderer
            if r is not None:
                r.invalidate()         # the screen below is drawn whole again
            self.band = self.whole = None
            forget(CHART)
            self.app.pop()

    def idle(self):
        d = getattr(self.app.hw, "display", None) if self.app.hw is not None else None
        if d is None or self.page >= ROWS:
            return 0
        from oya.ui import chart
        shown = self.pick.shown()
        r = self.app.renderer
        if r is not None and r.pages is not None:
            if self.band is None:
                self.band = chart.bands(self.deals, self.names, shown)
            for _ in self.band(d.fb, 8 * self.page, 8):
                pass
            d.send_page(self.page, 0, 127)
            self.page += 1
            return 1
        if self.whole is None:
            self.whole = chart.steps(d.fb, self.deals, self.names, shown)
        try:
            next(self.whole)
        except StopIteration:
            self.whole = None
            self.page = ROWS
            d.show()
        return 1
