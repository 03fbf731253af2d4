# A deal's results and the end of the match: the deal screen's words once a
# deal is done. A module of its own so that its code is in RAM from a deal's
# end to the next deal's start (oya.ui.play forgets it then), not through
# every deal; the end of the match is shown from here too (not from
# oya.ui.menus: importing the menus beside the deal screens was the highest
# heap of a match).
from oya import rng
from oya.ui.grid import ROWS, two_cols
from oya.ui.widgets import Message, wrap
from oya.ui.text import setup_words, t
from oya.ui import tables
from oya.ui.app import collecting


def result_lines(screen):
    """The finished deal's events, then every seat's chips, wrapped to the
    screen's width (a oya.ui.play.PlayScreen's)."""
    m = screen.s.match
    deal = m.deal
    names = m.ledger.names
    mod = screen.app.game_module()
    vl = getattr(mod, "value_label", None)
    L = screen.lang()
    label = (lambda v, y: vl(v, y, L)) if vl else None
    try:
        lines = tables.event_lines(screen.kind(), deal.events, names, label)
    except Exception:
        lines = tables.event_lines(screen.kind(), deal.events, names)
    if deal.void:
        lines.insert(0, t("void", L))
    lines.append("- %s -" % t("balances", L))
    for i in range(len(names)):
        lines.append(two_cols(names[i], str(m.ledger.chips[i])))
    out = []
    for ln in lines:
        wrap(ln, 21, out)
    return out


def draw(screen, g):
    L = screen.lang()
    g.put(0, t("results", L), True)
    room = ROWS - 2
    lines = screen.result_lines
    for k in range(room):
        j = screen.result_top + k
        g.put(1 + k, lines[j] if j < len(lines) else "")
    more = screen.result_top + room < len(lines)
    g.put(ROWS - 1, ("v " if more else "") + t("next_deal", L))


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
