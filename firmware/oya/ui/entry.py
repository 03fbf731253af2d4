# The deal screen of a table-deck match (oya.tabledeck): TablePlay, the
# device's PlayScreen with a card picker for when the deal waits for the face
# of a card on the table. Imported only for a table-deck match, so device
# deals never load it.
#
# UP/DOWN turn the wheel of what the game tells apart (oya.ui.wheel: a
# month, the red pin, a wild; UP the next card, as a spinner's UP counts
# up), starting on the most likely card given the cards the table has seen;
# the card's name and picture word show before OK enters it. A card the
# deck cannot hold is refused with the engine's message. BACK takes the last
# entry back while nothing else was done since (oya.tabledeck.undo); with
# nothing to take back it opens the pause menu. The screen reads only what
# the table may know: the prompt (which place wants a card), the public
# table and the public cards.
from oya import tabledeck
from oya.ui import keys
from oya.ui.grid import ROWS
from oya.ui.widgets import wrap
from oya.ui.play import PlayScreen, INTRO, HANDOFF, DECIDE
from oya.ui.wheel import Wheel, HINT, UNDO, MENU

TABLE_DECK = ("Table deck", "テーブル ノ フダ")


class Picker(Wheel):
    def __init__(self, play, deal):
        Wheel.__init__(self, play.kind(), deal.seen(-1))
        self.play = play

    def draw(self, g):
        play = self.play
        L = play.lang()
        deal = play.s.match.deal
        seat = play.acting
        g.put(0, "%s: %s" % (play.names()[seat], deal.prompt(seat, L)), True)
        lines = play.app.table_lines(deal)
        if play.msg:
            lines = wrap(play.msg)[:2] + lines
        r = play.put_table(g, ROWS - 4, lines)
        g.put(r, self.row(L))
        g.put(r + 1, HINT[L])
        g.put(r + 2, (UNDO if can_undo(play) else MENU)[L])

    def key(self, k):
        play = self.play
        play.msg = None
        if not self.step(k) and k == keys.OK:
            play.take(tabledeck.enter(self.code()), play.acting)


class TablePlay(PlayScreen):
    """The deal screen of a table-deck match (oya.ui.start.start_play picks
    it): the picker while a card is asked for, BACK takes the last entry
    back, and the intro says "Table deck" where a device deal commits to
    its seed (there is none: the table shuffles)."""
    entry = None

    def refresh(self):
        deal = self.s.match.deal
        self.entry = None
        if deal is not None and deal.wants is not None:
            self.msg = None
            self.acting = deal.turn
            self.entry = Picker(self, deal)
            self.entries = []
            self.state = DECIDE
            if not deal.need_place()[1] and self.acting != self.seen_by and self.app.humans() > 1:
                self.state = HANDOFF         # a face-down card: its owner enters it
            return
        PlayScreen.refresh(self)

    def table_rows(self):
        if self.entry is not None:
            return ROWS - 5                  # the rows a full choice list leaves
        return PlayScreen.table_rows(self)

    def draw(self, g):
        if self.entry is not None and self.state == DECIDE:
            self.entry.draw(g)
        else:
            PlayScreen.draw(self, g)

    def draw_intro(self, g):
        PlayScreen.draw_intro(self, g)
        g.put(2, TABLE_DECK[self.lang()])
        g.put(ROWS - 1, "OK deal BACK menu")     # nothing to print before the deal

    def handoff_hint(self):
        h = PlayScreen.handoff_hint(self)
        if self.entry is None and can_undo(self):
            h[-1] = "OK: ready  BACK: undo"
        return h

    def key(self, k):
        st = self.state
        if st == INTRO and k == keys.HOLD_OK:
            return                           # no commitment to print
        if k == keys.BACK and (st == DECIDE or st == HANDOFF):
            undo(self)
        elif self.entry is not None and st == DECIDE:
            self.entry.key(k)
        else:
            PlayScreen.key(self, k)


def can_undo(play):
    """The last thing journaled is a card entered: BACK takes it back."""
    return tabledeck.can_undo(play.s)


def undo(play):
    """BACK on a deal screen: the last entry back, else the pause menu."""
    if tabledeck.undo(play.s):
        play.acting = -1
        play.refresh()
    else:
        play.app.rare().pause_menu(play.app)
