"""Screens a new player reads, through the simulator by button presses only
(appdriver.py checks every frame: the glass shows the app's grid, and in
Japanese every cell is a glyph of the font): the language switch, the
decision screens' cursor and table, cut words, the ruleset lists, the pause
menu's traps."""
import json
from pathlib import Path

import pytest

from tests.sim.appdriver import AppDriver


def test_the_language_switch_redraws_at_once_in_the_new_language():
    """OK on Language: the settings come back in the other language without
    another key, and the value reads in glyphs the font has."""
    d = AppDriver(seed=1)
    T = d.T
    d.expect_title("home")
    d.press("down", 2)
    d.press("ok")
    d.expect_title("settings")
    assert d.rows()[1] == ">Language     English"
    d.lang = 1              # the frames from here on are checked as Japanese ones (no box for a missing glyph)
    d.press("ok")
    d.advance(300)
    rows = d.rows()
    assert rows[0] == d.half(T.t("settings", 1)), rows
    assert rows[1].startswith(">" + d.half(T.t("language", 1))) and rows[1].endswith(d.half("ニホンゴ")), rows
    d.lang = 0
    d.press("ok")
    d.advance(300)
    assert d.rows()[:2] == ["Settings", ">Language     English"], d.rows()
    d.close()


def quick(game, lang=None, seed=1, **opts):
    from tests.sim.test_device_app import driver
    return driver(game, lang=lang, seed=seed, **opts)


def at_deal_intro(deal_no, lang):
    """A 3-seat Oicho-Kabu match (two people), played (random legal
    choices) up to the intro of deal `deal_no` + 1."""
    d = quick("oicho", lang=lang)

    def stop(dd, n):
        if n == deal_no:
            raise StopIteration
        return False
    try:
        d.new_table("oicho", ruleset="Quick", seats=3, humans=2)
        d.play_match(pause_at=stop)
    except StopIteration:
        pass
    assert d.screen_kind() == "intro" and d.app.session.match.deal_no == deal_no
    return d


def from_pause_menu(d, row, title):
    """BACK at a deal, then the pause menu's `row`: the screen titled `title`."""
    d.press("back")
    d.expect_title("pause")
    d.menu_to(row)
    d.press("ok")
    d.advance(600)
    d.expect_title(title)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_end_match_now_asks_first_and_back_keeps_the_match(lang):
    d = at_deal_intro(1, lang)
    try:
        for answer in ("back", "ok"):
            from_pause_menu(d, 5, "end_q")
            assert d.rows()[-1] == d.half(d.t("yes_no")), d.rows()
            d.press(answer)
            d.advance(600)
            if answer == "back":
                d.expect_title("pause")          # nothing ended: the match goes on from its menu
                assert d.app.session is not None and not d.app.session.match.over()
                d.press("back")
                assert d.screen_kind() == "intro"
        d.expect_title("match_end")
    finally:
        d.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_last_deals_number_each_deal_as_its_intro_did(lang):
    d = at_deal_intro(3, lang)
    try:
        rec = d.app.session.recall
        from_pause_menu(d, 2, "recall")
        rows = d.rows()
        assert rows[1:4] == [">#3 " + rec[2]["seed"][:8], " #2 " + rec[1]["seed"][:8], " #1 " + rec[0]["seed"][:8]], rows
        d.press("down")                     # deal 2
        d.press("ok")
        d.advance(600)
        d.expect_title("recall")
        assert d.rows()[1] == d.half("#2 %s %s" % (d.t("seed"), rec[1]["seed"][:8])), d.rows()
    finally:
        d.close()


class Watching(AppDriver):
    """An AppDriver that runs `look(driver, screen)` on each person's
    decision as it first shows, before the random choice is made."""

    look = None

    def human_turn(self, top):
        if self.look is not None and getattr(top, "entry", None) is None:
            for _ in range(200):
                if top.entries is not None:
                    break
                self.advance(100, piece=100)
            self.look(self, top)
        AppDriver.human_turn(self, top)


def watched(game, look, lang=None, seed=1, seats=3, humans=2, **opts):
    """A match of `game` (the Quick ruleset, with `opts`) played by presses,
    `look` run on every person's decision; returns how many it saw."""
    from tests.sim.test_device_app import QUICK
    o = dict(QUICK[game])
    o.update(opts)
    d = Watching(seed=seed, lang=lang, rulesets=[("quick", {"game": game, "name": "Quick", "options": o})])
    seen = []
    d.look = lambda dd, top: seen.append(look(dd, top))
    try:
        d.new_table(game, ruleset="Quick", seats=seats, humans=humans)
        d.play_match()
    finally:
        d.close()
    return seen


def entry_row(d, label):
    return d.half(d.G.fit(">" + label)).rstrip()


def first_action(top):
    """The entry a decision should start on: its first action, but a fold
    while anything else is offered."""
    deal = top.s.match.deal
    e = top.entries
    real = [j for j in range(len(e)) if e.acts(j) is not None]
    plays = [j for j in real if len(e.acts(j)) > 1 or deal.decode(e.acts(j)[0])[0] != "fold"]
    return (plays or real)[0]


@pytest.mark.parametrize("game", ["oicho", "kachi", "kyuten"])
def test_a_decision_starts_on_its_first_action_never_on_a_fold_or_the_slip(game):
    def look(d, top):
        want = entry_row(d, top.entries[first_action(top)][0])
        assert want in d.rows()[1:], (want, d.rows())
        return top.cursor
    starts = watched(game, look, seats=4, humans=3)
    assert len(starts) > 6
    if game == "kachi":
        assert all(starts), starts          # a fold is always first in its menu: never the start


def _named_row(d, label):
    """The table row a choice's label names, as the game's table_lines
    begins it (Oicho-Kabu: "N " for column N; Kyutenhan: the seat's name
    cut to 4 and a space), or None for a label that names none."""
    import re
    m = re.search(r"col (\d)", label)
    if m:
        return m.group(1) + " "
    m = re.match(r"Contest (\S+)", label)
    if m:
        return m.group(1)[:4] + " "
    return None


@pytest.mark.parametrize("game,seats,humans", [("oicho", 3, 3), ("kyuten", 8, 8)])
def test_the_row_a_choice_names_is_on_the_screen_when_the_cursor_is_on_it(game, seats, humans):
    def look(d, top):
        e = top.entries
        named = [j for j in range(len(e)) if e.acts(j) is not None and _named_row(d, e[j][0])]
        # on the first frame: the rows every choice shown names, when they fit beside two choice rows
        if game == "oicho":
            shown = [j for j in named if entry_row(d, e[j][0])[1:] in [r[1:] for r in d.rows()]]
            for j in shown:
                assert any(r.startswith(_named_row(d, e[j][0])) for r in d.rows()[1:]), (e[j][0], d.rows())
        for j in named:
            while top.cursor != j:
                d.press("down", gap=60)
            assert entry_row(d, e[j][0]) in d.rows()
            want = _named_row(d, e[j][0])
            assert any(r.startswith(want) for r in d.rows()[1:]), (e[j][0], d.rows())
        return len(named)
    seen = watched(game, look, seats=seats, humans=humans)
    assert sum(seen) > 10, seen


NO_DRAW = {None: "No draw: total not 0", "ja": "ヒケナイ: ゴウケイガ 0デナイ"}


@pytest.mark.parametrize("lang", [None, "ja"])
def test_kachi_says_why_no_draw_is_offered_on_a_first_turn(lang):
    def look(d, top):
        deal = top.s.match.deal
        seat = top.acting
        if deal.first[seat] or deal.expose or deal.more:
            return None             # (a draw comes on a first turn only)
        kachi = d.sim.modules["oya.games.kachi"]
        hand = deal.hands[seat]
        rows = d.rows()
        note = " " + d.half(NO_DRAW[lang])
        draws = [j for j in range(len(top.entries)) if top.entries.acts(j) is not None
                 and deal.decode(top.entries.acts(j)[0])[0] == "draw"]
        if kachi.value_of(hand[0], hand[1]) != 0:
            assert note in rows and not draws, rows
            return "note"
        assert draws and note not in rows, rows
        return "draw"
    seen = watched("kachi", look, lang=lang, seats=4, humans=3, deals_per_match=3)
    assert seen.count("note") >= 3, seen


SHIPPED_OICHO = [p for p in (Path(__file__).resolve().parents[2] / "firmware" / "rulesets").glob("*.json")
                 if json.loads(p.read_text()).get("game") == "oicho"]
LOOKALIKES = [("oicho_old", {"game": "oicho", "name": "Oicho-Kabu (Kansai) old", "options": {}}),
              ("oicho_new", {"game": "oicho", "name": "Oicho-Kabu (Kansai) new", "options": {}}),
              ("quick1", {"game": "oicho", "name": "Quick", "options": {}}),
              ("quick2", {"game": "oicho", "name": "Quick", "options": {}})]


def list_rows(d, n):
    """The rows of the menu on top, all `n` of them, as the glass shows them
    when DOWN scrolls through (without the cursor's cell)."""
    seen = {}
    for i in range(n):
        for r in d.rows()[1:]:
            if r.startswith(">"):
                seen[d.app.top().i] = r[1:]
        d.press("down", gap=60)
    assert sorted(seen) == list(range(n)), seen
    return [seen[i] for i in range(n)]


@pytest.mark.parametrize("lang", [None, "ja"])
def test_every_ruleset_list_tells_its_rulesets_apart(lang):
    """Settings > Rulesets showed 'Oicho-Kabu (' for both shipped Oicho-Kabu
    rulesets, and any two names alike in their first 19 letters looked the
    same in a new table's list; a name given twice is numbered (the names
    a file may have are up to 24 characters: a list shows 12 or 20)."""
    d = AppDriver(seed=1, lang=lang, rulesets=LOOKALIKES)
    try:
        d.press("down")
        d.press("ok")                                   # Rulesets
        for _ in range(40):
            if d.title() == d.half(d.T.t("rulesets", d.lang)) and hasattr(d.app.top(), "items"):
                break
            d.advance(200)
        n = len(d.app.top().items)
        assert n >= 14
        rows = list_rows(d, n)
        assert len(set(rows)) == n, rows
        game = d.half(d.T.game_name("oicho", d.lang)) if d.lang else "oicho"     # (Japanese: by its name)
        assert sum(r.endswith(" " + game) for r in rows) == len(SHIPPED_OICHO) + len(LOOKALIKES), rows
        d.press("back")
        d.expect_title("home")
        d.press("up")                                   # New table
        d.press("ok")
        d.expect_title("game")
        d.press("ok")                                   # Oicho-Kabu
        for _ in range(40):
            if d.title() == d.half(d.t("ruleset")):
                break
            d.advance(200)
        rows = list_rows(d, len(d.app.top().items))
        files = len(SHIPPED_OICHO) + len(LOOKALIKES)
        assert len(rows) == 1 + files and len(set(rows)) == 1 + files, rows      # Defaults and the files
        assert rows[0].strip() == d.half(d.t("defaults")), rows
    finally:
        d.close()
