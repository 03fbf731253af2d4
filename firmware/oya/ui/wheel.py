# The card picker's wheel: the cards a table deck's picker offers (what the
# game tells apart, oya.tabledeck.kinds) and the one shown, stepped the way a
# number spinner steps (oya.ui.spinner: UP counts up). The deal's picker
# (oya.ui.entry) and the first dealer's draw (oya.ui.first_draw) turn it.
from oya import cards, tabledeck
from oya.ui import keys

# what the hanafuda month's card shows (Oicho-Kabu's hanafuda deck)
MONTHS = ("pine", "plum", "cherry", "wisteria", "iris", "peony", "clover", "pampas",
          "chrysanth.", "maple")
MONTHS_JA = ("マツ", "ウメ", "サクラ", "フジ", "アヤメ", "ボタン", "ハギ", "ススキ", "キク", "モミジ")
HINT = ("UP/DN card OK enter", "UP/DN フダ OK ニュウリョク")
UNDO = ("BACK undo last card", "BACK ヒトツ モドス")
MENU = ("BACK menu", "BACK メニュー")


def picture(kind, code, lang=0):
    """The card as the table sees it: its name and what is on it."""
    n = tabledeck.class_name(kind, code)
    if kind == cards.HANAFUDA:
        return "%s %s" % (n, (MONTHS if lang == 0 else MONTHS_JA)[code // 4])
    if kind in (cards.KACHI20, cards.KACHI22):
        return {"1r": "1 red pin", "1g": "1 gilded", "4g": "4 gilded"}.get(n, n)
    if kind == cards.KOMATSU:
        return {"1w": "1 aka-choro", "2w": "2 taiko", "3k": "3 kuro-hibashi"}.get(n, n)
    if kind >= cards.STD52:
        return {"A": "A ace", "J": "J jack", "Q": "Q queen", "K": "K king"}.get(n, n)
    return n


class Wheel:
    """The cards of deck `kind` one class at a time, starting on the likeliest
    given the faces `known` on the table: UP (or RIGHT) the next in deck
    order, DOWN (or LEFT) the one before, round at the ends."""

    def __init__(self, kind, known):
        self.kind = kind
        self.kinds = tabledeck.kinds(kind)
        self.i = tabledeck.likely(kind, known)

    def step(self, k):
        """Turn the wheel for a step key; False for any other key."""
        n = len(self.kinds)
        if k == keys.UP or k == keys.RIGHT:
            self.i = (self.i + 1) % n
        elif k == keys.DOWN or k == keys.LEFT:
            self.i = (self.i - 1) % n
        else:
            return False
        return True

    def code(self):
        return self.kinds[self.i]

    def row(self, lang):
        """The wheel's row: the card shown, between the marks of a spinner."""
        return ("  < %s >" % picture(self.kind, self.code(), lang))[:21]
