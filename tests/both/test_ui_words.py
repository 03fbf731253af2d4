# The UI's words: one str per table, "|key=word|...|" (oya.ui.text), the
# same keys in English and Japanese, each found by look() whatever keys
# share its letters ("deal" in "dealer", "next_deal").
from oya import GAMES
from oya.ui import text, text_en, text_ja, text_en_setup, text_ja_setup


def entries(table):
    assert table.startswith("|") and table.endswith("|")
    out = []
    for part in table[1:-1].split("|"):
        key, word = part.split("=", 1)
        out.append((key, word))
    return out


def test_every_table_is_key_word_pairs_with_each_key_once():
    for table in (text_en.T, text_ja.T, text_en_setup.T, text_ja_setup.T, text_en.GAMES, text_ja.GAMES):
        keys = [k for k, _ in entries(table)]
        assert len(keys) == len(set(keys)) > 4
        assert all(k and " " not in k for k in keys)


def test_english_and_japanese_have_the_same_keys():
    for en, ja in ((text_en.T, text_ja.T), (text_en_setup.T, text_ja_setup.T)):
        assert [k for k, _ in entries(en)] == [k for k, _ in entries(ja)]
    for table in (text_en.GAMES, text_ja.GAMES):
        assert tuple(k for k, _ in entries(table)) == GAMES


def test_look_finds_each_word_and_nothing_else():
    for table in (text_en.T, text_ja.T, text_en_setup.T, text_ja_setup.T):
        for key, word in entries(table):
            assert text.look(table, key) == word
        assert text.look(table, "dea") is None          # part of a key
        assert text.look(table, "Dealer") is None       # a word, not a key
        assert text.look(table, "") is None


def test_t_looks_in_the_match_words_then_the_setup_words_then_gives_the_key():
    assert text.t("pass_to", 0) == "Pass to %s"
    assert text.t("deal", 1) == "キョク"
    assert text.t("new", 0) == "New table"              # text_en_setup
    assert text.t("resume_q", 1) == entries(text_ja_setup.T)[[k for k, _ in entries(text_ja_setup.T)].index("resume_q")][1]
    assert text.t("no_such_word", 0) == "no_such_word"
    assert text.game_name("meri", 0) == "4-player Meri"
    assert text.game_name("kachi", 1) == "カチカチ"
    assert text.game_name("poker", 0) == "poker"
    text.t("deal", 0)                                   # (leave English loaded for what follows)
