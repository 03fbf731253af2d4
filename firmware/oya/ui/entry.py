# The card picker of a table-deck deal (oya.tabledeck): the deal waits for
# the face of a card on the table. Imported by the deal screen only when a
# card is asked for, so device deals never load it.
#
# UP/DOWN step through what the game tells apart (oya.tabledeck.kinds: a
# month, the red pin, a wild), starting on the most likely card given the
# cards the table has seen; the card's name and picture word show before
# OK enters it. A card the deck cannot hold is refused with the engine's
# message. BACK takes the last entry back while nothing else was done since
# (oya.session.Session.undo_entry); with nothing to take back it opens the
# pause menu. The screen reads only what the table may know: the prompt
# (which place wants a card), the public table and the public cards.
from oya import cards, tabledeck
from oya.ui import keys
from oya.ui.grid import ROWS
from oya.ui.widgets import wrap

# what the hanafuda month's card shows (Oicho-Kabu's hanafuda deck)
MONTHS = ("pine", "plum", "cherry", "wisteria", "iris", "peony", "clover", "pampas",
          "chrysanth.", "maple")
MONTHS_JA = ("マツ", "ウメ", "サクラ", "フジ", "アヤメ", "ボタン", "ハギ", "ススキ", "キク", "モミジ")
HINT = ("UP/DN card OK enter", "UP/DN フダ OK ニュウリョク")
UNDO = ("BACK undo last card", "BACK ヒトツ モドス")
MENU = ("BACK menu", "BACK メニュー")


def picture(kind, code, lang=0):
    """The card as the table sees it: its name and what is on it."""
    n = cards.name(kind, code)
    if kind == cards.HANAFUDA:
        return "%s %s" % (n[:-1], (MONTHS if lang == 0 else MONTHS_JA)[code // 4])
    if kind in (cards.KACHI20, cards.KACHI22):
        return {"1r": "1 red pin", "1g": "1 gilded", "4g": "4 gilded"}.get(n, n)
    if kind == cards.KOMATSU:
        return {"1w": "1 aka-choro", "2w": "2 taiko", "3k": "3 kuro-hibashi"}.get(n, n)
    return n


class Picker:
    def __init__(self, play, deal):
        self.play = play
        kind = play.kind()
        self.kind = kind
        self.kinds = tabledeck.kinds(kind)
        self.i = tabledeck.likely(kind, deal.seen(-1))

    def draw(self, g):
        play = self.play
        L = play.lang()
        deal = play.s.match.deal
        seat = play.acting
        g.put(0, "%s: %s" % (play.names()[seat], deal.prompt(seat, L)), True)
        lines = play.app.table_lines(deal)
        if play.msg:
            lines = wrap(play.msg)[:2] + lines
        r = play.put_table(g, ROWS - 6, lines)
        g.put(r, "")
        g.put(r + 1, ("  < %s >" % picture(self.kind, self.kinds[self.i], L))[:21])
        g.put(r + 2, "")
        g.put(r + 3, HINT[L])
        g.put(r + 4, (UNDO if self.can_undo() else MENU)[L])

    def can_undo(self):
        s = self.play.s
        return len(s.acts) >= 2 and s.acts[-1] < 0

    def key(self, k):
        play = self.play
        n = len(self.kinds)
        play.msg = None
        if k == keys.UP or k == keys.LEFT:
            self.i = (self.i - 1) % n
        elif k == keys.DOWN or k == keys.RIGHT:
            self.i = (self.i + 1) % n
        elif k == keys.OK:
            play.take(tabledeck.enter(self.kinds[self.i]), play.acting)
        elif k == keys.BACK:
            undo(play)


def undo(play):
    """BACK on a table-deck screen: the last entry back, else the pause menu."""
    if play.s.undo_entry():
        play.acting = -1
        play.refresh()
    else:
        play.app.pause_menu(play)
