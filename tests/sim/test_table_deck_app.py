"""Table-deck mode through the simulator, by button presses only (the
checks of appdriver.py on every frame): a whole match whose cards are a real
shuffle entered on the picker, with chips, the pause menu's standings and
recall, the printed record, resume after a power cut, BACK taking an entry
back, an impossible card refused, and bots refused at setup."""
import json

import pytest

from tests.sim.appdriver import AppDriver
from tests.sim.test_device_app import QUICK, final_ranking_rows, snapshot

TABLE_GAMES = ["oicho", "kachi", "kyuten", "kakkuri", "meri"]
HUMANS = {"kakkuri": 6, "meri": 4}      # every seat a person (the ruleset fixes the seats)
LONGER = {"meri": {"deals_per_game": 2}}   # two deals at least: the records are visited between them


def driver(game, seed=1, **opts):
    o = dict(QUICK[game])
    o.update(opts)
    return AppDriver(seed=seed, rulesets=[("quick", {"game": game, "name": "Quick", "options": o})])


def visit_records(d):
    """At a deal's intro: standings from the engine, the recall says table deck."""
    app = d.app
    m = app.session.match
    d.press("back")
    d.expect_title("pause")
    d.press("down")
    d.press("ok")
    d.expect_title("standings")
    rows = d.rows()
    for seat, chips in m.standings():
        name = m.ledger.names[seat] + (" *" if seat == m.dealer else "")
        assert any(r.startswith(name + " ") and r.endswith(" " + str(chips)) for r in rows), (name, rows)
    d.press("ok")
    d.press("down")
    d.press("ok")
    d.expect_title("recall")
    n = len(app.session.recall)
    assert app.session.recall[-1]["seed"] is None
    assert d.rows()[1] == ">#%d table deck" % n
    d.press("ok")
    assert d.rows()[1] == "#%d table deck" % n
    d.press("back")
    d.press("back")
    d.expect_title("pause")
    d.press("back")
    assert d.screen_kind() == "intro"


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_a_whole_table_deck_match_by_buttons(game):
    d = driver(game, **LONGER.get(game, {}))
    try:
        n = d.new_table(game, ruleset="Quick", seats=3, humans=HUMANS.get(game, 3), table_deck=True)
        m = d.app.session.match
        assert m.table and "Table deck" in d.rows()
        total = sum(m.ledger.chips)
        seen = {"records": 0, "printed": 0}

        def pause_at(dd, deal_no):
            if deal_no == 1 and not seen["records"]:
                seen["records"] = 1
                visit_records(dd)
                return True
            return False

        def on_deal_end(dd):
            app = dd.app
            assert sum(app.session.match.ledger.chips) + app.session.match.ledger.pot == total
            if not seen["printed"]:
                seen["printed"] = 1
                dd.hold_ok()                       # the deal record on paper
                dd.sim.wait_printer()
                dd.advance(200)
                text = dd.sim.receipt()
                assert "table deck" in text and "Commit" not in text and "Seed" not in text, text

        deals = d.play_match(pause_at=pause_at, on_deal_end=on_deal_end)
        d.expect_title("match_end")
        rows = d.rows()
        for place, name, chips in final_ranking_rows(m):
            assert any(r.startswith("%d %s " % (place, name)) and r.endswith(" %d" % chips) for r in rows), rows
        assert deals >= 2 and m.over() and seen["records"] and seen["printed"]
        assert sum(m.ledger.chips) == total
        st = d.stats
        # Meri keeps the score only: its entries are its decisions (okie, winners, yaku)
        assert (st.get("entered", 0) >= deals or game == "meri") and st["unchecked"] <= 1 and st["redraws"] >= 10
        assert d.sim.summary()["errors"] == [] and d.sim.summary()["crashed"] is None
        print(game, n, "seats", deals, "deals", st.get("entered", 0), "cards entered", st["presses"], "presses")
    finally:
        d.close()


def _to_first_request(d, game="oicho"):
    d.new_table(game, ruleset="Quick", seats=3, humans=3, table_deck=True)
    d.press("ok")                                  # intro: deal
    top = d.app.top()
    assert top.entry is not None, d.rows()
    return top


def test_back_takes_an_entry_back_and_a_fifth_copy_is_refused():
    d = driver("oicho", maki_fuda="off")
    try:
        top = _to_first_request(d)
        s = d.app.session
        for _ in range(4):
            d.enter_card(top, 12)                  # four 4s on the columns
        assert len(s.acts) == 8 and s.match.deal.wants is None
        d.press("back")                            # the fourth 4 back (the betting had begun)
        assert len(s.acts) == 6 and d.app.top().entry is not None
        assert d.rows()[0].endswith("Card? col:4")
        d.enter_card(d.app.top(), 12)
        # bets, then the second cards: a fifth 4 is refused with a message, nothing changes
        for _ in range(40):
            top = d.app.top()
            if top.entry is not None:
                break
            if d.screen_kind() == "decide":
                d.human_turn(top)
            else:
                d.press("ok")
        before = snapshot(d.app)
        d.enter_card(d.app.top(), 12)
        assert "No 4 left in the deck" in " ".join(d.rows()), d.rows()
        assert snapshot(d.app) == before
    finally:
        d.close()


def test_power_cut_in_a_table_deck_deal_then_resume_identically():
    d = driver("oicho")
    try:
        top = _to_first_request(d)
        for _ in range(4):
            d.enter_card(top)
        before = snapshot(d.app)
        glass = d.rows()
        assert json.loads(before["record"])["deal_mode"] == "table"
        d.power_cut()
        d.boot()
        d.resume()
        assert snapshot(d.app) == before and d.rows() == glass
        # a cut while an entry is being written: before it or after it, nothing else
        d.sim.flash.arm(op=d.sim.flash.ops + 1)
        d.enter_card(d.app.top())
        assert d.sim.dead
        d.boot()
        d.resume()
        after = snapshot(d.app)
        assert after["acts"] in (before["acts"], before["acts"] + after["acts"][-2:])
        d.play_match()
        d.expect_title("match_end")
        assert d.sim.summary()["errors"] == []
    finally:
        d.close()


def test_bots_are_refused_at_a_table_deck_table():
    d = driver("oicho")
    try:
        with pytest.raises(AssertionError):
            d.new_table("oicho", ruleset="Quick", seats=3, humans=2, table_deck=True)
        assert "No bots with a table deck" in " ".join(d.rows()[1:3]), d.rows()
        d.press("ok")
        d.expect_title("bots")                     # back on the question, nothing started
        assert d.app.session is None
    finally:
        d.close()


def test_a_ruleset_a_table_deck_cannot_play_is_refused_at_setup():
    d = driver("kakkuri", players=8)
    try:
        with pytest.raises(AssertionError):
            d.new_table("kakkuri", ruleset="Quick", humans=8, table_deck=True)
        assert "8 players: the hako needs the device's deal" in " ".join(d.rows()), d.rows()
        assert d.app.session is None
    finally:
        d.close()


def test_the_readme_screenshot_script_enters_cards_with_the_script_command():
    """host_sim/scripts/readme_table_deck.txt (docs/table_deck.png): SETUP ...
    table and ENTER <card> put real cards on the columns, and the last frame
    is the picker the README shows."""
    import os
    from host_sim import script
    from host_sim.textrec import recognise
    from tests.reliability.presses import FastSim, app_of
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    with open(os.path.join(root, "host_sim", "scripts", "readme_table_deck.txt"), encoding="utf-8") as f:
        steps = script.parse(f.read())
    assert ("ENTER", ("3",)) in [(op, args) for _, op, args in steps]
    with FastSim(seed=1) as sim:
        sim.advance(300)
        script.run(sim, steps)
        sim.advance(100)
        sim.panel.flush()
        rows = recognise(sim.panel.frames[-1].rows())
        deal = app_of(sim).session.match.deal
        assert app_of(sim).session.match.table
        assert [e[1] // 4 + 1 for e in deal.events if e[0] == "card"][:5] == [3, 9, 1, 8, 5]
    assert rows[0].endswith("Card? col:4") and "  < 4 wisteria >" in rows, rows
    assert rows[-1] == "BACK undo last card"


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_every_table_deck_game_resumes_after_a_power_cut_in_a_deal(game):
    from tests.sim.test_device_app import play_until
    d = driver(game, **LONGER.get(game, {}))
    try:
        d.new_table(game, ruleset="Quick", seats=3, humans=HUMANS.get(game, 3), table_deck=True)
        total = sum(d.app.session.match.ledger.chips)

        def mid_deal(dd):
            # at a hand-off: after a power cut the device cannot know who holds
            # it, so a person's decision comes back behind a hand-off
            s = dd.app.session
            return (s.match.deal is not None and not s.match.deal.done and len(s.acts) >= 12
                    and dd.screen_kind() == "handoff")
        play_until(d, mid_deal)
        before = snapshot(d.app)
        glass = d.rows()
        d.power_cut()
        d.boot()
        d.resume()
        assert snapshot(d.app) == before and d.rows() == glass
        d.play_match()
        d.expect_title("match_end")
        m = d.app.session.match if d.app.session else None
        assert d.sim.summary()["errors"] == []
        if m is not None:
            assert sum(m.ledger.chips) + m.ledger.pot == total
    finally:
        d.close()


@pytest.mark.parametrize("game", ["oicho", "meri"])
def test_japanese_table_deck_screens_fit_and_have_every_glyph(game):
    """The picker and Meri's score entries in Japanese: every frame is checked
    for glyphs the font lacks and rows wider than the screen (appdriver)."""
    d = AppDriver(seed=2, lang="ja", rulesets=[("quick", {"game": game, "name": "Quick",
                                                          "options": dict(QUICK[game])})])
    try:
        d.new_table(game, ruleset="Quick", seats=3, humans=HUMANS.get(game, 3), table_deck=True)
        d.play_match()
        d.expect_title("match_end")
        assert not d.findings and d.stats["checked"] > 50
    finally:
        d.close()


# -- the first dealer, the picker's direction, the maki-fuda -----------------------------------

def test_the_first_dealer_is_drawn_with_real_cards_entered_on_the_picker():
    d = driver("oicho")
    try:
        d.new_table("oicho", ruleset="Quick", seats=3, humans=3, table_deck=True, first=False)
        assert d.rows()[1:3] == [">Draw cards", " Choose by hand"], d.rows()
        d.press("ok")                              # Draw cards: P1 first
        assert d.rows()[4:6] == ["P1: Card?", "  < 1 pine >"], d.rows()
        d.enter_card(d.app.top(), 16)              # a 5
        assert d.rows()[1] == "P1 5" and d.rows()[4] == "P2: Card?", d.rows()
        d.press("back")                            # the 5 taken back
        assert d.rows()[1] == "" and d.rows()[4] == "P1: Card?", d.rows()
        # P1 5, P2 3, P3 3: the lowest tie and draw again: P2 7, P3 2
        for code in (16, 8, 8, 24, 4):
            d.enter_card(d.app.top(), code)
        d.expect_title("first")
        rows = d.rows()
        assert rows[1:4] == ["P1 5", "P2 3", "P3 3"] and "P3 2" in rows, rows
        s = d.app._starting[0]
        assert s.match.dealer == 2 and s.intro_seed is None          # no card of the device's own
        d.press("ok")
        assert d.rows()[1] == "Dealer: P3" and "Table deck" in d.rows(), d.rows()
        # the journal has the match: a power cut now resumes it with its dealer
        d.power_cut()
        d.boot()
        d.resume()
        assert d.app.session.match.dealer == 2 and d.rows()[1] == "Dealer: P3", d.rows()
        # the maki-fuda: asked from the dealer's next seat on, by the seats' names
        d.press("ok")
        assert d.rows()[0] == "P3: Card? P1 maki", d.rows()
        d.enter_card(d.app.top(), 0)
        assert d.rows()[0] == "P3: Card? P2 maki", d.rows()
        d.enter_card(d.app.top(), 0)
        assert d.rows()[0] == "P3: Card? col:1", d.rows()
        m = d.app.session.match
        assert [m.deal.maki[s] // 4 for s in (0, 1)] == [0, 0] and m.deal.maki[2] == 0xFF
    finally:
        d.close()


def test_the_first_dealer_chosen_by_hand():
    d = driver("kyuten", dealer_mode="permanent", dealer_extra_chips=20)
    try:
        d.new_table("kyuten", ruleset="Quick", seats=3, humans=3, table_deck=True, first=False)
        d.press("down")
        d.press("ok")                              # Choose by hand
        d.expect_title("first")
        assert d.rows()[1:4] == [">P1", " P2", " P3"], d.rows()
        d.press("back")                            # back to the question
        assert d.rows()[1:3] == [">Draw cards", " Choose by hand"], d.rows()
        d.press("down")
        d.press("ok")
        d.press("down")
        d.press("ok")                              # P2
        d.expect_title("first")
        assert d.rows()[1:3] == ["Dealer bank +20", "> First dealer: P2"], d.rows()
        d.press("ok")
        m = d.app.session.match
        assert m.dealer == 1 and d.rows()[1] == "Dealer: P2", d.rows()
        assert m.ledger.chips[1] == m.ledger.chips[0] + 20          # the permanent dealer's bank
    finally:
        d.close()


def test_the_pickers_up_steps_to_the_next_card_as_the_spinners_up_counts_up():
    d = driver("oicho")
    try:
        keys = d.sim.importer.load("oya.ui.keys")
        spin = d.sim.importer.load("oya.ui.spinner").Spinner("Seats", 2, 10, 4, lambda v: None)
        spin.key(keys.UP)
        assert spin.v == 5                         # the spinner's UP: the next number
        d.new_table("oicho", ruleset="Quick", seats=3, humans=3, table_deck=True, first=False)
        d.press("ok")
        assert d.rows()[5] == "  < 1 pine >"
        d.press("up")
        assert d.rows()[5] == "  < 2 plum >", d.rows()       # the picker's UP: the next card
        d.press("down", 2, gap=60)
        assert d.rows()[5] == "  < 10 maple >", d.rows()     # DOWN back, round the end
        d.press("back")                            # nothing entered: back to the question
        d.first_dealer_by_cards()
        d.press("ok")
        d.press("ok")                              # Deal 1: the first maki-fuda asked
        top = d.app.top()
        was = top.entry.i
        d.press("up")
        assert d.app.top().entry.i == (was + 1) % 10       # the same in a deal's picker
    finally:
        d.close()
