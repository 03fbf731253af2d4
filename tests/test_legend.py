"""Every short word and mark a game's screens show has a key: the game's
legend, a page of the pause menu in English and Japanese, and the same
glossary in docs/playing.md. Copies of a card are told apart on the screens
only where the rules tell them apart."""
import os
import re
import sys

import pytest

import tools  # noqa: F401  (firmware on sys.path)
from oya import GAMES, cards
from oya.session import new_match
from oya.ui.tables import event_lines

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEATS = {"oicho": 4, "kachi": 4, "kakkuri": 8, "kyuten": 4, "meri": 4}
TITLES = {"oicho": "Oicho-Kabu", "kachi": "Kachi-kachi", "kakkuri": "Kakkuri", "kyuten": "Kyutenhan",
          "meri": "4-player Meri"}

# The kinds of token each game's table and results lines are made of: a
# pattern, and the legend entry that explains it. A token of none of these
# kinds that is not a plain word fails the walk below.
RANK52 = "[A2-9TJQK]"
KINDS = {
    "oicho": [(r"\d+", "1"), ("##", "##"), (r"\$\d+", "$3"), ("<", "<"), ("Oya", "Oya"), ("Bet", "Bet"),
              (r"\d+/\d+", "Bet"), ("net", "net"), (r"[+-]\d+", "net"), ("Maki", "Maki"), ("PAY", "P1>P2"),
              (r"c\d+", "c1"), (r"col:\d+", "col:1"), ("=.+", "=Kabu"), ("oyaken", "oyaken"),
              ("higher", "higher"), ("tie", "tie"), (r"\*", "*")],
    "kachi": [(r"\d+", "1"), ("1r", "1r"), ("[14]g", "1g"), ("Pot", "Pot"), (r"r\d+/\d+", "r1/3"),
              ("rate", "rate"), (">", ">"), (r"\*", "*"), ("F", "F"), ("-", "-"), ("=.+", "=8"),
              (r"\(geri\)", "geri"), ("Hiki", "Hiki"), ("Shibari", "Shibari"), ("PAY", "P1>P2")],
    "kakkuri": [(r"\d+", "1"), ("1w", "1w"), ("2w", "2w"), ("3k", "3k"), (r"C\d+", "C12"), (r"T\d+", "T5"),
                (r"[12]w=\d+", "2w=5"), ("Base", "Base"), ("Hako", "Hako"), ("Pot", "Pot"), (">", ">"),
                (r"\*", "*"), ("F", "F"), ("X", "X"), ("-", "-"), (r"(\d+|F|X|-)s", "s"), ("Utazu", "Utazu"),
                ("Fuwari", "Fuwari"), ("PAY", "P1>P2")],
    "kyuten": [(RANK52 + "[SHDC]", "AS"), (RANK52 + "+", "4"), ("D", "D"), (r"lim\d+", "lim10"),
               (r"\d+\+\d+", "2+0"), (r"\?", "?"), ("-", "-"), ("C", "C"), ("=.+", "=7"), (r"\d+(\.5)?", "=7"),
               ("PAY", "P1>P2")],
    "meri": [(RANK52 + "[SHDC]", "AS"), ("Trump", "Trump"), ("[SHDC]", "SHDC"), ("okie", "okie"), ("R", "R"), ("Robotta", "R"),
             ("Trick", "Trick"), (r"\d+/\d+", "Trick"), (r"\d+", "Trick"), ("free", "free"), ("meri", "meri"), ("monchi", "monchi"),
             ("Now", "Now"), (r"\*\*", "**"), ("Last", "Last"), (r"\(?[AB]\)?", "A"), (r"A\d+", "A2"),
             (r"B\d+", "B2"), (r"\(\d+-\d+\)", "(0-0)"), ("hiki", "hiki"), ("-", "-"), ("PAY", "P1>P2")],
}
# Words of the results' sentences that a reader knows without a key.
PLAIN = set("""wins win pot stays split last deal dealer deals next seat sits out ante call chip returned
swap unseen? no winner has the hand is hako empty agari fold kuro-hibashi lose not contested passes stake
back bet to The Tricks leads Sudachi Next the did compare hands""".split())


def seeds(x):
    while True:
        x = (x * 1103515245 + 12345) & 0x7fffffff
        yield x


def screen_lines(game, deals=12, x=7):
    """The table's lines after every action and the results' lines of each
    deal of a match played with picks of a small LCG."""
    g = seeds(x)

    def seed32():
        return bytes(next(g) & 255 for _ in range(32))
    names = ["P%d" % (i + 1) for i in range(SEATS[game])]
    m = new_match(game, {}, names, None, seed32())
    m.choose_first_dealer(seed32())
    mod = sys.modules["oya.games." + game]
    for _ in range(deals):
        if m.over():
            break
        deal = m.start_deal(seed32())
        while True:
            for ln in mod.table_lines(deal.public(), names, m.deck_kind()):
                yield ln
            if deal.done:
                break
            ch = deal.choices(deal.turn)
            deal.act(ch[next(g) % len(ch)], deal.turn)
        for ln in event_lines(m.deck_kind(), deal.events, names, getattr(mod, "value_label", None)):
            yield ln
        m.finish_deal()


def tokens(line):
    """The short tokens of a screen line: a payment's P1>P2 3 as PAY, seat
    names dropped, marks stuck to a name or a number split off."""
    line = re.sub(r"(P\d+|pot)>(P\d+|pot) \d+", " PAY ", line)
    line = re.sub(r"P\d+", " ", line)
    for t in line.split():
        t = t.rstrip(",;:!")
        while len(t) > 1 and t[0] in "<>*" and t != "**":
            yield t[0]
            t = t[1:]
        if len(t) > 1 and t[-1] == "<":
            yield "<"
            t = t[:-1]
        if t:
            yield t


def legend(game, lang):
    """The legend's entries, from the module the game's match names."""
    m = new_match(game, {}, ["P%d" % (i + 1) for i in range(SEATS[game])], None, b"\x01" * 32)
    mod = m.legend()
    return (mod.JA if lang else mod.EN).split("\n")


def keys_of(entries):
    return [e.split(" ", 1)[0] for e in entries]


def docs_glossary(game):
    """The rows of docs/playing.md's table under the game's heading in its
    Notation section: (token, English, Japanese)."""
    with open(os.path.join(ROOT, "docs", "playing.md"), encoding="utf-8") as f:
        text = f.read()
    sec = text[text.index("\n## Notation\n"):]
    sec = sec[:sec.index("\n## ", 5)]
    part = sec[sec.index("\n### %s\n" % TITLES[game]) + 1:]
    part = part[:part.find("\n### ")] if "\n### " in part else part
    rows = []
    for ln in part.splitlines():
        if ln.startswith("| `"):
            cells = [c.strip() for c in ln.strip("|").split("|")]
            rows.append((cells[0].strip("`"), cells[1], cells[2]))
    return rows


@pytest.mark.parametrize("game", GAMES)
def test_every_token_a_deal_shows_is_in_the_games_legend(game):
    kinds = KINDS[game]
    keys = keys_of(legend(game, 0))
    unknown = set()
    used = set()
    for ln in screen_lines(game):
        for t in tokens(ln):
            for pat, key in kinds:
                if re.fullmatch(pat, t):
                    used.add(key)
                    break
            else:
                if t not in PLAIN:
                    unknown.add((t, ln))
    assert not unknown, sorted(unknown)[:10]
    missing = used - set(keys)
    assert not missing, (missing, keys)
    assert len(used) >= 8, used        # the walk saw a real table


@pytest.mark.parametrize("game", GAMES)
def test_the_legend_reads_in_both_languages_with_the_same_keys(game):
    from oya import kana
    en, ja = legend(game, 0), legend(game, 1)
    assert keys_of(en) == keys_of(ja) and len(set(keys_of(en))) == len(en)
    for e in ja:
        meaning = e.split(" ", 1)[1]
        assert any(ord(ch) > 0x7F for ch in meaning), e       # kana, not English
        assert all(ord(ch) < 0x7F or kana.code(ord(ch)) >= 0 for ch in e), e   # glyphs the font has


@pytest.mark.parametrize("game", GAMES)
def test_the_docs_glossary_lists_the_device_legend(game):
    rows = docs_glossary(game)
    en, ja = legend(game, 0), legend(game, 1)
    assert [r[0] for r in rows] == keys_of(en)
    assert [r[1] for r in rows] == [e.split(" ", 1)[1] for e in en]
    assert [r[2] for r in rows] == [e.split(" ", 1)[1] for e in ja]


def test_a_card_shows_its_copy_letter_only_where_the_rules_tell_copies_apart():
    """Oicho-Kabu's hanafuda: the four cards of a month are alike, so the
    table shows the month alone (the transcript keeps each copy's name);
    Kachi-kachi's red pin and Kakkuri's wilds are named cards: kept."""
    from oya.games import oicho
    m = new_match("oicho", {"deck": "hanafuda"}, ["P1", "P2", "P3"], None, b"\x02" * 32)
    m.choose_first_dealer(b"\x03" * 32)
    deal = m.start_deal(b"\x04" * 32)
    pub = deal.public()
    maki = [c for c in pub["maki"] if c != oicho.NONE]
    assert maki and m.deck_kind() == cards.HANAFUDA
    rows = oicho.table_lines(pub, m.ledger.names, m.deck_kind())
    maki_row = [r for r in rows if r.startswith("Maki ")][0]
    assert maki_row == "Maki " + " ".join(str(c // 4 + 1) for c in maki)
    assert all(re.fullmatch(r"\d+", t) for t in maki_row.split()[1:]), maki_row
    assert cards.name(cards.HANAFUDA, maki[0]) == "%d%s" % (maki[0] // 4 + 1, "abcd"[maki[0] % 4])
    assert cards.joined(cards.HANAFUDA, bytes([5, 6])) == "2 2"
    assert cards.joined(cards.KACHI20, bytes([cards.KACHI_AKA_PIN, cards.KACHI_GILDED_4, 4])) == "1r 4g 2"
    assert cards.joined(cards.KOMATSU, bytes([cards.AKA_CHORO, cards.TAIKO, cards.KURO_HIBASHI, 9])) == \
        "1w 2w 3k 3"
