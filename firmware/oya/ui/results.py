# A deal's results: the deal screen's words once a deal is done. A module of
# its own so that its code is in RAM from a deal's end to the next deal's
# start (oya.ui.play forgets it then), not through every deal.
from oya.ui.grid import ROWS, two_cols
from oya.ui.widgets import wrap
from oya.ui.text import t
from oya.ui import tables


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
