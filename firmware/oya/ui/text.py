# The UI's words: t(key, lang) in English (lang 0) or Japanese (1, in kana:
# the display and the printer turn them into half-width glyphs), and
# game_name(game, lang). One language's words are in RAM at a time: those a
# match needs (oya.ui.text_en or text_ja, imported when asked for), and those
# of the screens before a match (text_en_setup or text_ja_setup, imported for
# a word the first lacks and dropped with the other flows when a match starts).
from oya import GAMES
from oya.compat import field
from oya.ui import forget

# the words' keys: those a match needs (each language's WORDS in
# text_en.py / text_ja.py, in this order), then those of the screens before
# a match (text_*_setup.py). Tuples of constants: frozen, in flash.
KEYS = (
    "dealer", "deal", "commit", "seed", "pass_to", "hold_peek", "peek", "release",
    "others", "print_cards", "pause", "continue", "standings", "recall", "print",
    "quit", "end_match", "results", "balances", "match_end", "next_deal", "void",
    "error", "out_of_memory", "restart", "no_printer", "not_printed", "printing", "bot",
    "thinking", "time_left",
)
SETUP_KEYS = (
    "home", "new", "resume", "rulesets", "settings", "about", "game", "ruleset",
    "defaults", "options", "start", "seats", "names", "chips", "bots", "first",
    "resume_q", "yes_no", "language", "contrast", "printer", "test_page", "button_test",
    "on", "off", "invalid", "free_mem", "board", "version", "bad_state", "bad_settings",
    "many_seats",
)

_MODS = ("oya.ui.text_en", "oya.ui.text_ja")
_cur = [-1, None]     # the language loaded, its module


def _lang(lang):
    """lang as 0 or 1; on a change, the other language's words go."""
    lang = 1 if lang else 0
    if _cur[0] != lang:
        _cur[1] = None
        forget(_MODS[1 - lang], _MODS[1 - lang] + "_setup")
        _cur[0] = lang
    return lang


def _words(lang):
    lang = _lang(lang)
    if _cur[1] is None:
        name = _MODS[lang]
        _cur[1] = __import__(name, None, None, ("WORDS",))
    return _cur[1]


def setup_words(lang=0):
    """The module of the words before a match, in `lang`."""
    return _MODS[1 if lang else 0] + "_setup"


def t(key, lang=0):
    if key in KEYS:
        return field(_words(lang).WORDS, KEYS.index(key))
    if key not in SETUP_KEYS:
        return key
    # not kept here: the module is found through sys.modules each time, so
    # that forgetting it frees it
    name = setup_words(_lang(lang))
    return field(__import__(name, None, None, ("WORDS",)).WORDS, SETUP_KEYS.index(key))


def game_name(game, lang=0):
    return field(_words(lang).GAMES, GAMES.index(game)) if game in GAMES else game
