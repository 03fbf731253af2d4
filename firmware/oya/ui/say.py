# The deal's actions so far as sentences, newest first: the decision
# screen's "What happened". The device's deal keeps no decisions among its
# events, so the sentences are made from the session's actions ([seat,
# action] pairs, kept for the journal) each time a row is drawn, never kept:
# by the game's teller (oya.heap.TELLERS: a card played face down, a trick's
# end) or else by the deal's own labels (oya.game.Deal.sentences). This
# module is loaded while the list is shown and dropped after (drop).
from oya.heap import SAY, forget


def each_sentence(deal, acts, names, lang, start=0, tell=None):
    """(index in `acts`, sentence) for the actions from acts[start]: the
    game's teller's (`tell`), else the deal's own (oya.game.Deal.sentences)."""
    said = tell.each_sentence(deal, acts, names, lang, start) if tell is not None else None
    return deal.sentences(acts, names, lang, start) if said is None else said


class Told:
    """The deal's sentences so far, newest first, as a menu's items: each
    made when its row is drawn (a whole deal's sentences, kept as a list
    with their wrapped lines, were the top of Meri's heap)."""

    def __init__(self, deal, acts, names, lang, tell=None):
        self.args = (deal, acts, names, lang, 0, tell)
        self.n = 0
        for _ in each_sentence(*self.args):
            self.n += 1

    def __len__(self):
        return self.n

    def __getitem__(self, j):
        if not 0 <= j < self.n:
            raise IndexError
        k = self.n - 1 - j
        for _, s in each_sentence(*self.args):
            if k == 0:
                return s
            k -= 1


def drop():
    """This module leaves the module table (the game's teller stays with the
    match's code: oya.ui.play's PlayScreen.telling)."""
    forget(SAY)
