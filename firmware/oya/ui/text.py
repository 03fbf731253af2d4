# The UI's words: t(key, lang) in English (lang 0) or Japanese (1, in kana:
# the display and the printer turn them into half-width glyphs), and
# game_name(game, lang). One language's words are in RAM at a time
# (oya.ui.text_en or oya.ui.text_ja, imported when asked for).
from oya.ui import forget

_MODS = ("oya.ui.text_en", "oya.ui.text_ja")
_cur = [-1, None]     # the language loaded, its module


def _words(lang):
    lang = 1 if lang else 0
    if _cur[0] != lang:
        _cur[1] = None
        forget(_MODS[1 - lang])
        name = _MODS[lang]
        _cur[1] = __import__(name, None, None, ("T",))
        _cur[0] = lang
    return _cur[1]


def t(key, lang=0):
    return _words(lang).T.get(key, key)


def game_name(game, lang=0):
    return _words(lang).GAMES.get(game, game)
