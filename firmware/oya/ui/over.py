# The end of the match: the tiebreak draw where the ruleset has one, the
# ranking, and the way home. A flow of its own (oya.ui.app.flow), imported
# when the last deal ends and dropped with the match: the deal screens are
# still in RAM then, and the pause menus' module beside them was the highest
# heap of a match; in oya.ui.play it was code kept through every deal.
from oya import rng
from oya.ui import tables
from oya.ui.grid import two_cols
from oya.ui.text import t
from oya.ui.widgets import Message


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
    app.prefetch("oya.ui.home")    # where OK goes next
