# The UI's words: t(key, lang) in English (lang 0) or Japanese (1, in kana:
# the display and the printer turn them into half-width glyphs), and
# game_name(game, lang). One language's words are in RAM at a time: those a
# match needs (oya.ui.text_en or text_ja, imported when asked for), and those
# of the screens before a match (text_en_setup or text_ja_setup, imported for
# a word the first lacks and dropped with the other flows when a match starts).
# A module's words are one str, "|key=word|key=word|...|": a dict of them is
# a hash table in RAM (frozen or not) and, as .mpy, a str object
# per long word beside it; one str costs no RAM frozen and is one object as
# .mpy. A word is looked up in it (a few finds, in C) when a screen is drawn.
from oya.heap import TEXTS, field, forget, look

_cur = [-1, None]     # the language loaded, its module


def _words(lang):
    lang = 1 if lang else 0
    if _cur[0] != lang:
        _cur[1] = None
        forget(TEXTS[1 - lang])
        name = field(TEXTS[lang], 0)
        _cur[1] = __import__(name, None, None, ("T",))
        _cur[0] = lang
    return _cur[1]


def setup_words(lang=0):
    """The module of the words before a match, in `lang`."""
    return field(TEXTS[1 if lang else 0], 1)


def t(key, lang=0):
    w = look(_words(lang).T, key)
    if w is None:
        # not kept here: the module is found through sys.modules each time,
        # so that forgetting it frees it
        name = setup_words(lang)
        w = look(__import__(name, None, None, ("T",)).T, key)
    return key if w is None else w


def game_name(game, lang=0):
    w = look(_words(lang).GAMES, game)
    return game if w is None else w
