# The UI's words: a '|'-joined str per language, a word for each key of
# oya.ui.text, in order. Runtime-neutral: run under CPython and MicroPython.
from oya import GAMES
from oya.ui import text
from oya.ui import text_en, text_en_setup, text_ja, text_ja_setup


def test_each_language_has_a_word_for_every_key_and_a_name_for_every_game():
    for mod in (text_en, text_ja):
        assert len(mod.WORDS.split("|")) == len(text.KEYS)
        assert len(mod.GAMES.split("|")) == len(GAMES)
        assert all(w.strip() for w in mod.WORDS.split("|"))
    for mod in (text_en_setup, text_ja_setup):
        assert len(mod.WORDS.split("|")) == len(text.SETUP_KEYS)
    assert not set(text.KEYS) & set(text.SETUP_KEYS)
    assert len(set(text.KEYS)) == len(text.KEYS) and len(set(text.SETUP_KEYS)) == len(text.SETUP_KEYS)


def test_a_key_gives_its_word_in_either_language():
    assert text.t("pass_to") == "Pass to %s"
    assert text.t("time_left") == "Time left"           # the last of the match's words
    assert text.t("dealer", 1) == "オヤ"
    assert text.t("home") == "Oya - home"               # a word of the screens before a match
    assert text.t("many_seats", 1).startswith("%d ニン")
    assert text.t("no_such_word") == "no_such_word"
    assert text.game_name("kyuten") == "Kyutenhan" and text.game_name("meri", 1) == "ヨニン メリ"
    assert text.game_name("_highcard") == "_highcard"
    assert text.t("dealer", 0) == "Dealer"
