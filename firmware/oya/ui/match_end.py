# The end of a match: the ranking (after Kakkuri's drawn tie-break), then the
# match, its journal and its recall let go. A module of its own, loaded once a
# match, on an idle pass after the key that ends it (App.match_over;
# oya.heap.FLOWS: forgotten when the next starts): in oya.ui.play, as .mpy,
# its code would be RAM beside every deal. It is small on purpose: the deal
# screens are still in RAM when it is imported (as the pause menu's module
# is, beside them, at a match's highest heap).
from oya import rng
from oya.heap import NIGHT_MENU
from oya.ui import tables
from oya.ui import Call, collecting
from oya.ui.grid import two_cols
from oya.ui.text import t
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
    # what the night keeps of the match (oya.night), taken before its engine goes
    done = (s.game, rng.commit(s.intro_seed) if s.intro_seed else None, m.night_gains(), m.CHIPS, s.chart(),
            m.ledger.names)
    # the match, its screens and its engine let go before the night's code
    # comes and the journal's files are listed for the clear: the
    # collection those allocations may meet frees them (as .mpy, an engine
    # is a lot of RAM)
    m = ranking = None
    app.replace(Message(t("match_end", L), lines, Call(app, "night", "menu"), lang=L))
    app.drop_match()
    s.match = None
    # while the ranking is read: the match's garbage collected, then the
    # match into the night and its journal cleared (keys wait for it: OK
    # shows the night), then what OK needs next (the night's menu), a
    # module a pass: as .mpy a menu with its Menu in one import is a long
    # run, and a press that comes during it waits for it
    app.prefetch(collecting())
    app.run_later(_into_night(app, s, done))
    app.prefetch_more(NIGHT_MENU)


def _into_night(app, s, done):
    """The match into the night, saved, then its journal and recall
    cleared: the night's code comes into a collected heap, in a pass of
    its own."""
    from oya import night
    yield
    app.night = night.match_done(app.night_j, s.ui, done)
    app.last_match = (done[0], done[4], done[2], done[3])
    s.clear()                      # its journal and recall
