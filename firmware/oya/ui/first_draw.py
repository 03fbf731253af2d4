# The first dealer of a table-deck match: the seats draw real cards as the
# game's rules say (oya.tabledeck.first_dealer: ties draw again) and each
# card is entered here on the picker's wheel, or the table chooses the
# dealer by hand from the seats. Imported for this one step of a new table
# and forgotten once the dealer is known (oya.ui.start.first_chosen).
from oya import tabledeck
from oya.ui import keys
from oya.ui.grid import ROWS
from oya.ui.menu import Menu
from oya.ui.widgets import Screen
from oya.ui.wheel import Wheel, HINT, UNDO, MENU

HOW = (("Draw cards", "Choose by hand"), ("フダ ヲ ヒク", "テ デ エラブ"))
CARD = ("Card?", "フダ?")


def ask(app, match, title, on_done):
    """How the table finds its first dealer: drawing cards or by hand.
    on_done() once match.dealer is set."""

    def how(i):
        if i == 0:
            app.replace(FirstDraw(app, match, title, on_done, back))
        else:
            app.replace(Menu(title, list(match.ledger.names), chosen, back))

    def chosen(seat):
        tabledeck.first_dealer(match, b"", seat)
        on_done()

    def back():
        app.replace(Menu(title, list(HOW[1 if app.lang else 0]), how))
    back()


class FirstDraw(Screen):
    """The picker for each card the draw needs, in the order the rules draw
    them: the cards drawn so far above it, the seat drawing on it. OK
    enters the card shown (a card the deck holds no more of is refused with
    a message); BACK takes the last card back, or with none goes back to
    the choice of how."""

    def __init__(self, app, match, title, on_done, on_back):
        self.app = app
        self.m = match
        self.title = title
        self.on_done = on_done
        self.on_back = on_back
        self.kind = match.deck_kind()
        self.known = bytearray()
        self.msg = None
        self.entry = None
        self.wants = None
        self._draw()

    def _draw(self):
        """The rules' draw on the cards entered: the dealer, or the next card asked."""
        try:
            tabledeck.first_dealer(self.m, self.known)
        except tabledeck.NeedCard as e:
            self.wants = e
            self.entry = Wheel(self.kind, self.known)
            return
        self.on_done()

    def lines(self):
        """The draw so far, as the table sees it: each seat's card by what was entered."""
        from oya.ui import tables
        names = self.m.ledger.names
        words = tables.story_words(self.app.lang)
        out = []
        for e in self.m.intro:
            if e[0] == "card":
                out.append("%s %s" % (names[int(e[2][5:])], tabledeck.class_name(self.kind, e[1])))
            elif e[0] == "note":
                out.append(tables.note(words, e[1]))
        return out

    def draw(self, g):
        L = 1 if self.app.lang else 0
        g.put(0, self.title, True)
        lines = self.lines()
        if self.msg:
            lines.append(self.msg)
        lines = lines[-(ROWS - 5):]
        for r in range(ROWS - 5):
            g.put(1 + r, lines[r] if r < len(lines) else "")
        g.put(ROWS - 4, "%s: %s" % (self.m.ledger.names[self.wants.seat], CARD[L]))
        g.put(ROWS - 3, self.entry.row(L))
        g.put(ROWS - 2, HINT[L])
        g.put(ROWS - 1, (UNDO if self.known else MENU)[L])

    def key(self, k):
        self.msg = None
        if self.entry.step(k):
            return
        if k == keys.OK:
            code = self.entry.code()
            self.msg = tabledeck.no_copy(self.kind, code, self.known)
            if self.msg is None:
                self.known.append(tabledeck.free_copy(self.kind, code, self.known))
                self._draw()
        elif k == keys.BACK:
            if self.known:
                self.known = self.known[:-1]
                self._draw()
            else:
                self.on_back()
