# A deal's actions as sentences for the people at the table: what another
# seat just did (the play screen shows it while the next bot waits, or until
# a key) and the deal's actions so far, newest first (the decision screen's
# "What happened"). The device's deal keeps no decisions among its events, so
# the sentences are made from the session's actions ([seat, action] pairs,
# kept for the journal) and the deal's own labels each time, never kept; this
# module is loaded when a sentence is shown and dropped after (drop).
# A game whose actions need more than their label (a card played face down,
# a trick's end) has a `teller()` function in its module that gives its own
# module with the same `each_sentence` (`tell` here).
from oya.compat import forget


def each_sentence(deal, acts, names, lang, start=0, tell=None):
    """(index in `acts`, sentence) for the actions from acts[start]."""
    if tell is not None:
        yield from tell.each_sentence(deal, acts, names, lang, start)
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


def history(deal, acts, names, lang, tell=None):
    """The deal's sentences so far, newest first."""
    out = since(deal, acts, names, lang, 0, tell)
    out.reverse()
    return out


def drop(tell):
    """This module and the game's own (`tell`) leave the module table."""
    if tell is not None:
        forget(tell.__name__)
    forget("oya.ui.say")
