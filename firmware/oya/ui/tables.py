# The lines of a deal's results and of its record, for the 21x8 screen and
# the printer (each game draws its own table: its module's table_lines).
# Everything here reads the events and public cards: nothing private.
from oya import cards
from oya.ledger import POT


def card_list(kind, cs):
    return cards.joined(kind, cs)


def place_name(place, names):
    if place.startswith("seat:"):
        try:
            return names[int(place[5:])]
        except (ValueError, IndexError):
            return place
    return place


def who(x, names):
    return "pot" if x == POT else names[x]


def event_lines(kind, events, names, value_label=None):
    """Showdowns, payments and notes of a deal, one line each."""
    return list(each_event_line(kind, events, names, value_label))


def each_event_line(kind, events, names, value_label=None):
    """event_lines one at a time (the results screen wraps each as it comes:
    the whole list beside its wrapped lines was the top of a deal's heap)."""
    for e in events:
        t = e[0]
        if t == "show":
            v = value_label(e[3], e[4]) if value_label else ("%s %s" % (e[3], e[4] or "")).strip()
            yield "%s %s =%s" % (place_name(e[1], names), card_list(kind, e[2]), v)
        elif t == "pay":
            extra = ""
            if e[5] and "col" in e[5]:
                extra = " c%d" % e[5]["col"]
            yield "%s>%s %d %s%s" % (who(e[1], names), who(e[2], names), e[3], e[4], extra)
        elif t == "note":
            yield str(e[1])
