# The lines of a deal's results and of its record, for the 21x8 screen and
# the printer (each game draws its own table: its module's table_lines).
# Everything here reads the events and public cards: nothing private.
from oya import cards
from oya.ledger import POT


def card_list(kind, cs):
    return cards.joined(kind, cs)


def story_words(lang):
    """The engines' story words in Japanese (oya.ui.story_ja), or None in English."""
    if not lang:
        return None
    from oya.ui.story_ja import WORDS
    return WORDS


def word(words, w):
    """An engine's word `w` in the language of `words` (story_words)."""
    if words is None or not isinstance(w, str):
        return w
    from oya.ui.text import look
    j = look(words, w)
    return w if j is None else j


def place_name(place, names, words=None):
    if place.startswith("seat:"):
        try:
            return names[int(place[5:])]
        except (ValueError, IndexError):
            return place
    i = place.find(":")
    if i > 0 and words is not None:           # a numbered place: col:2, maki:0
        return word(words, place[:i]) + place[i:]
    return word(words, place)


def note(words, text):
    """An engine's note `text` in the language of `words` (story_words)."""
    if words is None:
        return text
    from oya.ui.story_ja import note as note_ja
    return note_ja(text)


def who(x, names, lang=0):
    return ("pot" if lang == 0 else "バ") if x == POT else names[x]


def event_lines(kind, events, names, value_label=None, lang=0):
    """Showdowns, payments and notes of a deal, one line each."""
    return list(each_event_line(kind, events, names, value_label, lang))


def each_event_line(kind, events, names, value_label=None, lang=0):
    """event_lines one at a time (the results screen wraps each as it comes:
    the whole list beside its wrapped lines would be the top of a deal's heap)."""
    words = story_words(lang)
    for e in events:
        t = e[0]
        if t == "show":
            v = value_label(e[3], e[4]) if value_label else ("%s %s" % (e[3], word(words, e[4]) or "")).strip()
            yield "%s %s =%s" % (place_name(e[1], names, words), card_list(kind, e[2]), v)
        elif t == "pay":
            extra = ""
            if e[5] and "col" in e[5]:
                extra = " c%d" % e[5]["col"]
            yield "%s>%s %d %s%s" % (who(e[1], names, lang), who(e[2], names, lang), e[3], word(words, e[4]), extra)
        elif t == "note":
            yield note(words, str(e[1]))
