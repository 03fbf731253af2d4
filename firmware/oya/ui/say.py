# A deal's actions as sentences for the people at the table: what another
# seat just did (the play screen shows it while the next bot waits, or until
# a key) and the deal's actions so far, newest first (the decision screen's
# "What happened"). The device's deal keeps no decisions among its events, so
# the sentences are made from the session's actions ([seat, action] pairs,
# kept for the journal) and the deal's own labels each time, never kept; this
# module is loaded when a sentence is shown and dropped after (drop).
# A game whose actions need more than their label (a card played face down,
# a trick's end) has a `teller()` function in its module that gives its own
# module with an `each_sentence` (`tell` here) that gives them, or None
# for a deal its labels say in full.
from oya.heap import SAY, forget


def each_sentence(deal, acts, names, lang, start=0, tell=None):
    """(index in `acts`, sentence) for the actions from acts[start]."""
    said = tell.each_sentence(deal, acts, names, lang, start) if tell is not None else None
    if said is not None:
        yield from said
        return
    for i in range(start, len(acts) - 1, 2):
        seat = acts[i]
        try:
            words = deal.label(acts[i + 1], lang)
        except Exception:           # (a label that needs the state the action was taken in)
            continue
        if 0 <= seat < len(names):
            yield i, "%s: %s" % (names[seat], words)


def since(deal, acts, names, lang, start, tell=None):
    """The sentences of the actions from acts[start], in order."""
    return [s for _, s in each_sentence(deal, acts, names, lang, start, tell)]


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


def drop(tell):
    """This module and the game's own (`tell`) leave the module table."""
    if tell is not None:
        forget(tell.__name__)
    forget(SAY)
