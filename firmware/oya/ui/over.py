# The end of the match: the ranking, then home. A module of its own, as
# small as it can be: it is imported over whatever the match has in RAM (the
# deal screens, and the pause menu when the players end the match there;
# from oya.ui.results, the pause menu's end was the highest heap of a
# Kakkuri match as .mpy, 101.7 KB), and not kept through every deal.
from oya import rng
from oya.ui.grid import two_cols
from oya.ui.widgets import Message
from oya.ui.text import setup_words, t
from oya.ui import tables
from oya.ui.app import collecting


def match_over(app):
    L = app.lang
    m = app.session.match
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
    app.session.clear()            # its journal and recall
    app.replace(Message(t("match_end", L), lines, app.home))
    app.drop_match()
    # while the ranking is read: the match's garbage collected, then what OK
    # needs next (the home menu: it knows the journal was just cleared), a
    # module a pass: as .mpy the home menu with its Menu was one 42 ms
    # import, and a press that came during it waited for it (emulated RP2040)
    app.prefetch(collecting(), "oya.ui.menu", "oya.ui.home", setup_words(app.lang))
