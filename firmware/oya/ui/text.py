# The UI's words: t(key, lang) in English (lang 0) or Japanese (1, in kana:
# the display and the printer turn them into half-width glyphs), and
# game_name(game, lang). One language's words are in RAM at a time: those a
# match needs (oya.ui.text_en or text_ja, imported when asked for), and those
# of the screens before a match (text_en_setup or text_ja_setup, imported for
# a word the first lacks and dropped with the other flows when a match starts).
from oya.ui import forget

_MODS = ("oya.ui.text_en", "oya.ui.text_ja")
_cur = [-1, None]     # the language loaded, its module


def _words(lang):
    lang = 1 if lang else 0
    if _cur[0] != lang:
        _cur[1] = None
        forget(_MODS[1 - lang], _MODS[1 - lang] + "_setup")
        name = _MODS[lang]
        _cur[1] = __import__(name, None, None, ("T",))
        _cur[0] = lang
    return _cur[1]


def setup_words(lang=0):
    """The module of the words before a match, in `lang`."""
    return _MODS[1 if lang else 0] + "_setup"


def look(words, key, default=None):
    """`key`'s word in `words`, a tuple of key, word, key, word, ...: frozen,
    a tuple is in the image where a dict is built in RAM at its import
    (~0.35 KB of a match's words), and as .mpy it has no hash table."""
    i = -1
    try:
        while True:
            i = words.index(key, i + 1)
            if not i & 1:           # (a key, not a word that spells one)
                return words[i + 1]
    except ValueError:
        return default


def t(key, lang=0):
    w = look(_words(lang).T, key)
    if w is None:
        # not kept here: the module is found through sys.modules each time,
        # so that forgetting it frees it
        name = setup_words(lang)
        w = look(__import__(name, None, None, ("T",)).T, key, key)
    return w


def game_name(game, lang=0):
    return look(_words(lang).GAMES, game, game)
