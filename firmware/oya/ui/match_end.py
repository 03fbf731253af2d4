# The end of a match: the ranking (after Kakkuri's drawn tie-break), then the
# match, its journal and its recall let go. A module of its own, loaded once a
# match, on an idle pass after the key that ends it (App.match_over;
# oya.ui.app.FLOWS: forgotten when the next starts): in oya.ui.play, as .mpy,
# its code would be RAM beside every deal. It is small on purpose: the deal
# screens are still in RAM when it is imported (as the pause menu's module
# is, beside them, at a match's highest heap).
from oya import rng
from oya.ui import tables
from oya.ui.app import Call, collecting, flow
from oya.ui.grid import two_cols
from oya.ui.text import setup_words, t
from oya.ui.widgets import Message


def match_over(app):
    """The ranking on a screen of its own; the match, its journal and its
    recall let go."""
    L = app.lang
    s = app.session
    m = s.match
    lines = []
    if m.opts.get("final_tiebreak") == "draw_cards" and hasattr(m, "draw_tiebreak"):
        # equal chips at the end: the tied seats draw cards (Kakkuri)
        from oya import stock
        m.draw_tiebreak(stock.shuffled(m.deck(), rng.entropy()))
        kind = m.deck_kind()
        for e in m.outro:
            lines.append("%s %s" % (tables.place_name(e[2], m.ledger.names), tables.card_list(kind, bytes([e[1]]))))
    ranking = m.ranking() if hasattr(m, "ranking") else None
    if ranking is None:
        ranking = []
        for seat, score in m.standings():
            ranking.append((len(ranking) + 1, seat, score))
    for place, seat, score in ranking:
        lines.append(two_cols("%d %s" % (place, m.ledger.names[seat]), str(score)))
    # the match, its screens and its engine let go before the journal's
    # files are listed for the clear: the collection those allocations may
    # meet frees them (as .mpy, an engine is a lot of RAM)
    # into the night (saved before this match's journal goes below); OK
    # then shows the night's menu
    flow("night").match_done(app, s)
    m = ranking = None
    app.replace(Message(t("match_end", L), lines, Call(app, "night", "menu")))
    app.drop_match()
    s.match = None
    s.clear()                      # its journal and recall
    # while the ranking is read: the match's garbage collected, then what OK
    # needs next (the home menu: it knows the journal was just cleared), a
    # module a pass: as .mpy the home menu with its Menu in one import is
    # a long run, and a press that comes during it waits for it
    app.prefetch(collecting(), "oya.ui.menu", "oya.ui.home", setup_words(app.lang))
