"""Every text a person sees during a match, in one language only: each of the
five games played by presses (two people, bots for the rest) in Japanese and
in English; every frame on the glass and every slip the printer printed are
read back, and none carries a word of the other language. Allowed in Japanese:
the key names OK and BACK, card codes (9S, AD, 1b, 10c), seat and user names
(P1..P8, the names the table was set with) and hex commitments."""
import re

import pytest

from tests.sim.appdriver import AppDriver
from tests.sim.test_device_app import QUICK, GAMES

KEYS = {"OK", "BACK", "UP", "DN"}
CARD = re.compile(r"^(?:[0-9]{1,2}|[AKQJT])[SHDCa-d]?$|^[0-9]{1,2}[a-d]$|^[SHDC]$")
SEAT = re.compile(r"^P[1-8]$")
HEX = re.compile(r"^[0-9a-f]{6,}$")
WORD = re.compile(r"[A-Za-z0-9]+")
# the emulator's mark of a cut, and the record's lines that tools verify reads back
MACHINE = re.compile(r"^-+ cut -+$|^acts [0-9:,]+$|^ +[0-9:,]+$|^chips [0-9,]+$")
KANA = re.compile("[\u3040-\u30ff\uff61-\uff9f]")


class Reading(AppDriver):
    """An AppDriver that keeps the text of every frame it checks, and prints
    each kind of slip once: the commitment (OK held on a deal's intro), the
    deal's record (OK held on its results) and a person's cards."""

    def __init__(self, *a, **k):
        self.seen = []
        self.printed = set()
        AppDriver.__init__(self, *a, **k)

    def press(self, b, times=1, gap=150):
        k = self.screen_kind() if self.app is not None else None
        if b == "ok" and k in ("intro", "results") and k not in self.printed:
            self.printed.add(k)
            self.hold_ok()
        AppDriver.press(self, b, times, gap)

    def human_turn(self, top):
        if "cards" not in self.printed and getattr(top, "entry", None) is None:
            for _ in range(200):
                if top.entries is not None:
                    break
                self.advance(100, piece=100)
            want = self.T.t("print_cards", self.lang)
            at = [i for i in range(len(top.entries)) if top.entries[i][0] == want]
            if at:
                self.printed.add("cards")
                self.press("down", (at[0] - top.cursor) % len(top.entries), gap=60)
                self.press("ok")
        AppDriver.human_turn(self, top)

    def check_frame(self, frame):
        AppDriver.check_frame(self, frame)
        self.seen.append([r.rstrip() for r in self.app.grid.lines()] if self.app is not None else [])


def english_words(line):
    """The ASCII words of `line` a Japanese reader would have to read as English."""
    bad = []
    for w in WORD.findall(line):
        if len(re.sub("[^A-Za-z]", "", w)) < 2:
            continue
        if w in KEYS or CARD.match(w) or SEAT.match(w) or HEX.match(w):
            continue
        bad.append(w)
    return bad


def play(game, lang, seed=3):
    o = dict(QUICK[game])
    d = Reading(seed=seed, lang=lang, rulesets=[("quick", {"game": game, "name": "Quick", "options": o})])
    try:
        d.new_table(game, ruleset="Quick", seats=o.get("players", 3), humans=2)
        d.seen = [[r.rstrip() for r in d.app.grid.lines()]]    # the match from its first screen on (the setup's are not a deal's)
        d.play_match()
        slips = d.sim.receipt()
    finally:
        d.close()
    return d.seen, slips


def findings(frames, slips, wrong):
    out = []
    for rows in frames:
        for r in rows:
            w = wrong(r)
            if w:
                out.append("screen %r: %s" % (r, w))
    for r in slips.splitlines():
        if MACHINE.match(r):
            continue
        w = wrong(r)
        if w:
            out.append("slip %r: %s" % (r, w))
    return sorted(set(out))


@pytest.mark.parametrize("seed", [3, 7])
@pytest.mark.parametrize("game", GAMES)
def test_a_match_in_japanese_shows_no_english_word(game, seed):
    frames, slips = play(game, "ja", seed)
    assert len(frames) > 20 and slips.strip()
    bad = findings(frames, slips, english_words)
    assert not bad, "%d English lines:\n%s" % (len(bad), "\n".join(bad))


@pytest.mark.parametrize("game", GAMES)
def test_a_match_in_english_shows_no_kana(game):
    frames, slips = play(game, None)
    assert len(frames) > 20 and slips.strip()
    bad = findings(frames, slips, lambda r: KANA.findall(r))
    assert not bad, "%d lines with kana:\n%s" % (len(bad), "\n".join(bad))


def test_the_reading_catches_english_and_lets_codes_pass():
    assert english_words("Oya P2 ## ##") == ["Oya"]
    assert english_words("OK deal hold:slip") == ["deal", "hold", "slip"]
    assert english_words("ｵﾔ P2 9S AD 1b 10c 3f2a9c01 OK BACK") == []


def test_a_note_reads_in_japanese_by_its_form():
    from oya.ui import tables, story_ja
    w = tables.story_words(1)
    assert tables.note(w, "P3: agari") == "P3: アガリ"
    assert tables.note(w, "Sudachi: P2 net +4, P3 deals next") == "スダチ: P2 サ +4, ツギノ オヤハ P3"
    assert tables.note(w, "Trick 4: P1 (A)") == "4コメ: P1 (A)"
    assert tables.note(w, "something new") == "something new"
    assert tables.note(None, "P3: agari") == "P3: agari"
    assert story_ja.blanks("Col %d, %s: %s, stake returned", "Col 2, P1: tie, stake returned") == ["2", "P1", "tie"]
    assert story_ja.blanks("Next dealer: %s", "Next dealers P2") is None


def test_every_note_an_engine_writes_reads_in_japanese():
    """Each note form in the engines' source (self.note("..."), the first
    dealer's intro notes) has its Japanese form, and a note made from it
    reads without an English word."""
    import pathlib
    from oya.ui import tables
    root = pathlib.Path(__file__).resolve().parents[2] / "firmware" / "oya"
    src = "".join(p.read_text() for p in sorted((root / "games").glob("*.py")))
    forms = set(re.findall(r'self\.note\("([^"]*)"', src)) | set(re.findall(r'\("note", "([^"]*)"', src))
    assert len(forms) > 20
    w = tables.story_words(1)
    for f in forms:
        text = re.sub("%[sd]", "P2", f)
        ja = tables.note(w, text)
        plain = not re.search("[A-Za-z]", re.sub("%[sd]", "", f))     # "%s: %s": nothing of its own to translate
        assert (plain or ja != text) and not english_words(ja), (f, ja)


def ruleset_names():
    """The ruleset names the firmware ships, as their files write them (data, not words)."""
    import json
    import pathlib
    root = pathlib.Path(__file__).resolve().parents[2] / "firmware" / "rulesets"
    return [json.loads(p.read_text())["name"] for p in sorted(root.glob("*.json"))]


def setup_findings(frames, names):
    """findings() of the setup's frames, the ruleset names (and the cut
    of one on a list's row, ending in "~") taken out of each row first."""
    out = []
    for rows in frames:
        for r in rows:
            s = r
            for n in sorted(names, key=len, reverse=True):
                for k in range(len(n), 5, -1):
                    if n[:k] in s and (k == len(n) or n[:k] + "~" in s):
                        s = s.replace(n[:k], " ")
                        break
            w = english_words(s)
            if w:
                out.append("screen %r: %s" % (r, w))
    return sorted(set(out))


def walk_setup(game, lang):
    """Home -> New table -> game -> defaults -> every option row (and the
    deal row switched to the table deck and back) -> seats -> names (the
    first one opened in the letter picker) -> chips -> bots -> first dealer:
    the frames of each screen on the way."""
    from oya import GAMES
    d = Reading(seed=3, lang=lang)
    try:
        d.expect_title("home")
        d.press("ok")
        d.expect_title("game")
        d.menu_to(GAMES.index(game))
        d.press("ok")
        d.expect_title("ruleset")
        d.press("down", len(d.app.top().items), gap=60)   # every ruleset row, back to the defaults
        d.press("ok")
        d.expect_title("options")
        n = len(d.app.top().items)
        assert ("oya.ui.text_ja_options" in d.sim.modules) == bool(lang)    # the options' words: Japanese only
        d.press("down", n - 2, gap=60)                   # every option row, to the deal row
        d.press("ok")                                    # the table deck
        d.press("ok")                                    # and back to the device
        d.press("down")
        d.press("ok")
        if d.title() == d.half(d.t("seats")):
            d.press("ok")
        d.expect_title("names")
        d.press("ok")                                    # P1 in the letter picker
        d.hold_ok()
        d.expect_title("names")
        d.press("up")
        d.press("ok")
        if d.title() == d.half(d.t("chips")):
            d.press("ok")
        d.expect_title("bots")
        d.press("up")
        d.press("ok")
        d.expect_title("first")
        assert "oya.ui.text_ja_options" in d.sim.modules["oya.heap"].FLOWS.split("|")   # dropped with the setup's flows
    finally:
        d.close()
    return d.seen


@pytest.mark.parametrize("game", GAMES)
def test_a_new_table_in_japanese_shows_no_english_word(game):
    frames = walk_setup(game, "ja")
    assert len(frames) > 20
    bad = setup_findings(frames, ruleset_names())
    assert not bad, "%d English lines:\n%s" % (len(bad), "\n".join(bad))


@pytest.mark.parametrize("game", GAMES)
def test_a_new_table_in_english_shows_no_kana(game):
    frames = walk_setup(game, None)
    bad = findings(frames, "", lambda r: KANA.findall(r))
    assert not bad, "%d lines with kana:\n%s" % (len(bad), "\n".join(bad))


@pytest.mark.parametrize("game", GAMES)
def test_every_option_and_choice_reads_in_japanese_and_apart(game):
    """Each option of `game` has a Japanese name, and each of its choices
    (its default where it has no list of them) a Japanese word: the row
    reads without an English word, fits its 21 cells and tells the choices
    of one option apart; in English the row is the id and the value as
    rulesets write them."""
    from oya import option_text
    from oya.games import options
    from oya.ui import text_ja_options
    from oya.ui.grid import COLS, two_cols
    from oya.ui.table import option_row
    for e in options(game):
        values = e[2] if len(e) == 3 and not callable(e[2]) else (e[1],)
        rows = [">" + two_cols(*option_row(e[0], v, text_ja_options), width=COLS - 1) for v in values]
        for r in rows:
            assert len(r) == COLS and not english_words(r), (e[0], r)
        assert len(set(rows)) == len(values), (e[0], rows)
        en = option_row(e[0], e[1])
        assert en[0] == e[0] and option_text(e[1]).startswith(en[1].rstrip("~")), (e[0], en)


# a ruleset with a value its option refuses, one a table deck cannot play,
# and one whose options differ from the defaults (for its detail page)
REFUSED = [("bad_chips", {"game": "oicho", "name": "Bad chips", "options": {"starting_points": 0}}),
           ("bad_antes", {"game": "kyuten", "name": "Bad antes", "options": {"ante_values": [4]}}),
           ("colour", {"game": "kachi", "name": "Colour ties", "options": {"color_tiebreak": "red_high"}}),
           ("eight", {"game": "kakkuri", "name": "Eight seats", "options": {"players": 8}})]


def open_ruleset(d, fn, name):
    """Home -> Rulesets -> the row of ruleset `name` (an invalid one's: its
    file `fn`), OK: its page's lines, each seen (scrolled to) on the glass."""
    from oya.ui.home import ITEMS
    d.expect_title("home")
    d.menu_to([x[0] for x in ITEMS].index("rulesets") - 1)       # (no saved match: Resume is not listed)
    d.press("ok")
    for _ in range(100):                                         # the list, once every file is read
        if hasattr(d.app.top(), "items"):
            break
        d.advance(100, piece=100)
    d.expect_title("rulesets")
    items = d.app.top().items
    names = [it[0].rstrip("~") for it in items]
    at = [i for i in range(len(names)) if names[i] and (name.startswith(names[i]) or (fn + ".json").startswith(names[i]))]
    d.menu_to(at[0])
    d.press("ok")
    lines = d.app.top().lines
    d.press("down", len(lines), gap=60)
    return [d.half(x) for x in lines]


def walk_refusals(lang):
    """The screens that refuse: each bad ruleset's error and the Kachi-kachi
    one's detail page (Settings > Rulesets), the allowed ante sizes of
    Kyutenhan (Options), and a table deck refused by Kachi-kachi's and
    Kakkuri's options and the bad Oicho-Kabu one's error (New table): the
    frames seen and the pages' rows."""
    pages = {}
    d = Reading(seed=3, lang=lang, rulesets=REFUSED)
    try:
        for fn, doc in REFUSED:
            pages[fn] = open_ruleset(d, fn, doc["name"])
            d.press("ok")
            d.press("back")
        d.new_table("kyuten")
    except AssertionError:
        pass
    finally:
        d.close()
    frames = list(d.seen)
    for game, name in (("kachi", "Colour ties"), ("kakkuri", "Eight seats")):
        d = Reading(seed=3, lang=lang, rulesets=REFUSED)
        try:
            with pytest.raises(AssertionError):
                d.new_table(game, ruleset=name, seats=3, humans=8 if game == "kakkuri" else 3, table_deck=True)
            pages[game] = d.rows()
        finally:
            d.close()
        frames += d.seen
    d = Reading(seed=3, lang=lang)
    try:
        d.expect_title("home")
        d.press("ok")
        d.menu_to(__import__("oya").GAMES.index("kyuten"))
        d.press("ok")
        d.press("ok")                                   # the defaults
        d.expect_title("options")
        d.menu_to(3)                                    # ante_values: what it allows
        d.press("ok")
        pages["antes"] = d.rows()
    finally:
        d.close()
    frames += d.seen
    d = Reading(seed=3, lang=lang, rulesets=REFUSED)
    try:
        d.expect_title("home")
        d.press("ok")
        d.menu_to(__import__("oya").GAMES.index("oicho"))
        d.press("ok")
        d.expect_title("ruleset")
        items = d.app.top().items
        d.menu_to([i for i in range(len(items)) if not isinstance(items[i], str)][0])     # the invalid one
        d.press("ok")
        pages["new_table"] = [d.half(x) for x in d.app.top().lines]
    finally:
        d.close()
    return frames + d.seen, pages


def list_findings(frames, names):
    """setup_findings() of a list of rulesets' frames, where names that
    look alike cut show as their head, "~" and their end ("Ka~regional)")."""
    out = []
    for rows in frames:
        rows = list(rows)
        for n in names:
            for a in range(1, len(n)):
                for b in range(len(n) - a, 0, -1):
                    form = n[:a] + "~" + n[-b:]
                    rows = [r.replace(form, " ") for r in rows]
        out.append(rows)
    return setup_findings(out, names)


def test_refusals_and_a_rulesets_page_in_japanese_show_no_english_word():
    frames, pages = walk_refusals("ja")
    names = ruleset_names() + [doc["name"] for _, doc in REFUSED] + [fn + ".json" for fn, _ in REFUSED]
    for k in ("bad_chips", "bad_antes", "kachi", "kakkuri", "antes", "colour", "new_table"):
        assert pages[k] and not setup_findings([pages[k]], names), (k, pages[k])
    assert "ﾓﾁﾃﾝ" in " ".join(pages["bad_chips"]) and "ﾓﾁﾃﾝ" in " ".join(pages["new_table"]), pages    # the option by its name
    assert "ﾄﾞｳﾃﾝ ｲﾛ" in " ".join(pages["colour"]) and "ｱｶ ｶﾞ ｳｴ" in " ".join(pages["colour"]), pages["colour"]
    bad = list_findings(frames, names)
    assert not bad, "%d English lines:\n%s" % (len(bad), "\n".join(bad))


def test_refusals_and_a_rulesets_page_in_english_read_as_before():
    frames, pages = walk_refusals(None)
    assert "option 'starting_points' must be an integer" in " ".join(pages["bad_chips"]), pages["bad_chips"]
    assert "option 'starting_points' must be an integer" in " ".join(pages["new_table"]), pages["new_table"]
    assert "option 'ante_values' must be a list of ante" in " ".join(pages["bad_antes"]), pages["bad_antes"]
    assert "Colour tie-break needs the device's deal" in " ".join(pages["kachi"]), pages["kachi"]
    assert "8 players: the hako needs the device's deal" in " ".join(pages["kakkuri"]), pages["kakkuri"]
    assert "a list of ante sizes" in " ".join(pages["antes"]), pages["antes"]
    from oya.ui.grid import two_cols
    assert two_cols("color_tiebreak", "red_high") in pages["colour"], pages["colour"]     # as the options screen rows it
    bad = findings(frames, "", lambda r: KANA.findall(r))
    assert not bad, "%d lines with kana:\n%s" % (len(bad), "\n".join(bad))


def test_every_check_and_refusal_reads_in_japanese():
    """What each option of each game allows (oya.rules.allowed, the games'
    check_* functions), a ruleset's error naming it, and each table deck's
    refusal read without an English word in Japanese (the file's name
    aside), and as they are in English."""
    from oya import GAMES, rules, tabledeck
    from oya.games import options
    from oya.ui.table import refusal
    said = [tabledeck.refuse("kachi", {"color_tiebreak": "red_high"}), tabledeck.refuse("kakkuri", {"players": 8}),
            tabledeck.refuse("_highcard", {})]
    for g in GAMES:
        for e in options(g):
            said.append(rules.allowed(e))
            bad = [4] if callable(e[2]) else (e[3] + 1 if len(e) == 4 else "zzz")
            try:
                rules.validate({"game": g, "name": "x", "options": {e[0]: bad}}, "r.json")
                raise AssertionError((g, e[0], bad))
            except rules.RulesetError as x:
                said.append(str(x).replace("'zzz'", "0"))
    for s in said:
        assert s and refusal(s, 0) == s
        ja = refusal(s, 1)
        assert not english_words(ja.replace("r.json", "")), (s, ja)
