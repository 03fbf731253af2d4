"""The device app through the simulator, by button presses only: whole
matches of every game with every frame checked (appdriver.py: the glass shows
the app's grid, no screen reads what its viewers may not know, peeks only
while OK is held), resume after a power cut in the middle of a deal, a
printer unplugged in the middle of a slip, Japanese screens, display traffic."""
import json

import pytest

from tests.sim.appdriver import AppDriver, Finding

# short matches (a ruleset on the device's flash, picked in the menus)
QUICK = {
    "oicho": {"deals_per_match": 6},
    "kachi": {"deals_per_match": 2},
    "kakkuri": {"players": 6, "session_end": "deal_count", "session_deals": 2},
    "kyuten": {"deals_per_match": 2},
    "meri": {"players": 4, "deals_per_game": 1},
}
GAMES = sorted(QUICK)


def driver(game, lang=None, seed=1, board="rpi_pico", printer=True, **opts):
    o = dict(QUICK[game])
    o.update(opts)
    return AppDriver(seed=seed, lang=lang, board=board, printer=printer,
                     rulesets=[("quick", {"game": game, "name": "Quick", "options": o})])


def visit_pause_menu(d):
    """At a deal's intro: Paused -> Standings (the engine's chips) -> Last
    deals -> the newest deal (its seed) -> back into play."""
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
    d.expect_title("pause")
    d.press("down")
    d.press("ok")
    d.expect_title("recall")
    seed = app.session.recall[-1]["seed"]
    assert d.rows()[1] == ">#%d %s" % (len(app.session.recall), seed[:8])
    d.press("ok")
    d.expect_title("recall")
    assert d.rows()[1] == d.half("#%d %s %s" % (len(app.session.recall), d.t("seed"), seed[:8]))
    d.press("back")
    d.press("back")
    d.expect_title("pause")
    d.press("back")
    assert d.screen_kind() == "intro"


def final_ranking_rows(m):
    rank = m.ranking() if hasattr(m, "ranking") else [(i + 1, s, c) for i, (s, c) in enumerate(m.standings())]
    return [(place, m.ledger.names[seat], chips) for place, seat, chips in rank]


def check_lean_story(dd):
    """At a deal's results: the deal in play kept only the events its results
    read (the device's match is lean: Match.lean), exactly the full story's less
    its cards and decisions, and the printed deal record, which replays the
    deal, is the one a full-story twin rebuilt from the journal's record
    prints."""
    from oya.session import Session
    app = dd.app
    lean = app.session.match.deal
    twin = Session.from_record(json.loads(json.dumps(app.session.record())))
    full = twin.match.deal
    assert not lean.story and full.story and full.done
    assert {e[0] for e in full.events} >= {"card", "act"}
    assert lean.events == [e for e in full.events if e[0] not in ("card", "act")]
    printed = list(app.rare().deal_record(app))
    assert None in printed          # the lean deal is replayed for it, a step at a time (None: a step)
    real, app.session = app.session, twin
    try:
        assert [ln for ln in printed if ln is not None] == list(app.rare().deal_record(app))
    finally:
        app.session = real
    dd.lean_checked += 1


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_by_buttons_every_frame_checked(game):
    d = driver(game)
    try:
        n = d.new_table(game, ruleset="Quick", seats=3, humans=2)
        visited = []

        def pause_at(dd, deal_no):
            if deal_no == 1 and not visited:
                visited.append(1)
                visit_pause_menu(dd)
                return True
            return False

        m = d.app.session.match
        d.lean_checked = 0
        deals = d.play_match(pause_at=pause_at, on_deal_end=check_lean_story)
        assert d.lean_checked == deals
        # the last screen: the final ranking, from the engine
        d.expect_title("match_end")
        rows = d.rows()
        for place, name, chips in final_ranking_rows(m):
            assert any(r.startswith("%d %s " % (place, name)) and r.endswith(" %d" % chips) for r in rows), rows
        assert deals >= 1 and m.over()
        if deals > 1:
            assert visited, "the pause menu was not visited"
        d.press("ok")
        d.advance(200)
        assert d.title().strip() == "Night"            # the night's menu (oya.ui.night): End the night
        d.press("up")
        d.press("ok")
        d.expect_title("home")
        assert d.t("resume") not in "\n".join(d.rows())
        st = d.stats
        # every screen of play was seen and checked, peeks included
        assert st["peeks"] >= 1 and st["redraws"] >= 10
        assert {0, 1, 2, 3, 4} <= set(st["by_state"]), st["by_state"]
        assert st["unchecked"] <= 1, st.get("unchecked_at")     # only the boot's blank frame
        kinds = d.check_key_frames()
        assert {"intro", "handoff", "peek", "decide", "results", "match_end"} <= set(kinds), kinds
        # display traffic per screen change, as the summary records it
        s = d.sim.summary()
        per = s["display_bytes_per_frame"]
        assert len(per) == s["frames"] == len(d.sim.panel.frames) and s["display_errors"] == []
        assert s["display_bytes_total"] == sum(per)    # every byte sent belongs to a frame
        assert per[1] > 1024                     # boot: init commands and the whole screen
        assert all(0 < b <= 1100 for b in per[2:]), max(per[2:])   # at most the 8 pages again
        assert sorted(per)[len(per) // 2] < 700  # most changes send a part of the screen
        assert s["crashed"] is None and s["errors"] == [] and s["printer_overruns"] == 0
        print(game, n, "seats", deals, "deals", st["frames"], "frames", st["peeks"], "peek frames",
              "median bytes/frame", sorted(per)[len(per) // 2], "max", max(per[2:]),
              "rows cut to fit:", sorted(st["cut_rows"]))
    finally:
        d.close()


def test_the_checks_catch_a_screen_that_shows_a_hidden_card():
    """The privacy check fails when a hand-off screen shows the next seat's
    cards (the firmware's draw patched for this test only)."""
    d = driver("oicho")
    try:
        d.new_table("oicho", ruleset="Quick", seats=3, humans=2)
        P = d.P
        orig = P.PlayScreen.draw_handoff

        def leaky(self, g):
            orig(self, g)
            g.put(1, "cards " + " ".join(str(c) for c in self.private_cards(self.acting)))
        P.PlayScreen.draw_handoff = leaky
        with pytest.raises(Finding) as e:
            d.play_match()
        assert "hand-off screen reads hidden information: seen(seat" in str(e.value)
    finally:
        d.close()


def test_the_checks_catch_a_peek_left_on_screen_and_a_table_from_private_data():
    # a release that does not hide the cards
    d = driver("kyuten")
    try:
        d.new_table("kyuten", ruleset="Quick", seats=3, humans=2)
        P = d.P
        orig_key = P.PlayScreen.key

        def sticky(self, k):
            if self.state == P.PEEK:
                return
            orig_key(self, k)
        P.PlayScreen.key = sticky
        with pytest.raises(Finding) as e:
            d.play_match()
        assert "while OK is not held" in str(e.value)
    finally:
        d.close()
    # a table renderer fed one seat's view instead of the public one
    d = driver("kachi")
    try:
        d.new_table("kachi", ruleset="Quick", seats=3, humans=2)
        app = d.app
        App = type(app)
        orig = App.table_lines

        def from_view(self, deal):
            deal.view(0)
            return orig(self, deal)
        App.table_lines = from_view
        with pytest.raises(Finding) as e:
            d.play_match()
        assert "reads hidden information: view(seat 0)" in str(e.value)
    finally:
        d.close()


def snapshot(app):
    s = app.session
    m = s.match
    deal = m.deal
    return {"events": list(deal.events) if deal else None, "turn": deal.turn if deal else None,
            "chips": list(m.ledger.chips), "pot": m.ledger.pot, "acts": list(s.acts),
            "deal_no": m.deal_no, "dealer": m.dealer,
            "record": json.dumps(s.record(), sort_keys=True)}


def play_until(d, pred, max_steps=400):
    """Play on (as play_match does) until pred(d) holds on a settled screen."""
    for _ in range(max_steps):
        if pred(d):
            return
        k = d.screen_kind()
        top = d.app.top()
        if k == "decide" and top.is_bot(top.acting):
            d.advance(500, piece=100)
        elif k == "decide":
            d.human_turn(top)
        else:
            d.press("ok")
    raise AssertionError("never reached:\n" + "\n".join(d.rows()))


def test_power_cut_in_the_middle_of_a_deal_then_resume_identically():
    d = driver("kyuten")
    try:
        d.new_table("kyuten", ruleset="Quick", seats=4, humans=2)
        # into the deal: two decisions taken, then the device handed to a human seat
        state = {"n": 0}

        def handed_over(dd):
            app = dd.app
            deal = app.session.match.deal
            return (deal is not None and len(app.session.acts) >= 4 and not deal.done
                    and dd.screen_kind() == "handoff")
        play_until(d, handed_over)
        before = snapshot(d.app)
        glass = d.rows()
        state["n"] = len(before["acts"]) // 2
        d.power_cut()
        d.boot()
        d.resume()
        after = snapshot(d.app)
        assert after == before
        assert d.rows() == glass            # the same hand-off screen, same public table
        # now a cut while the next action is being written: the device comes
        # back with the state before that action or after it, nothing else
        top = d.app.top()
        d.press("ok")                       # take the device
        assert d.screen_kind() == "decide" and not top.is_bot(top.acting)
        before = snapshot(d.app)
        d.sim.flash.arm(op=d.sim.flash.ops + 1)
        d.human_turn(top)
        assert d.sim.dead
        d.boot()
        d.resume()
        after = snapshot(d.app)
        assert len(after["acts"]) in (len(before["acts"]), len(before["acts"]) + 2)
        if len(after["acts"]) == len(before["acts"]):
            assert after == before
        else:
            assert after["acts"][:-2] == before["acts"] and after["events"][:len(before["events"])] == before["events"]
        # and the match plays on to its end
        d.play_match()
        d.expect_title("match_end")
        assert d.sim.summary()["errors"] == []
    finally:
        d.close()


def test_printer_unplugged_in_the_middle_of_a_slip():
    d = driver("oicho")
    try:
        d.new_table("oicho", ruleset="Quick", seats=3, humans=1)
        play_until(d, lambda dd: dd.screen_kind() == "results")
        results = d.rows()
        before = snapshot(d.app)
        flash_writes = d.sim.flash.bytes_written
        d.hold_ok()                         # print the deal record
        printer = d.app.hw.printer
        assert printer.busy
        d.advance(1500, piece=100)
        assert "Seed:" in d.sim.receipt() or "Commit:" in d.sim.receipt()   # the slip has begun
        d.sim.printer.unplug()
        # the game goes on while the rest of the slip goes nowhere
        d.press("ok")
        assert d.screen_kind() == "intro"
        for _ in range(200):
            if d.title() == d.t("print"):
                break
            d.advance(100)
        else:
            raise AssertionError("no message about the slip:\n" + "\n".join(d.rows()))
        assert d.rows()[1] == d.t("not_printed")
        assert "not answering" in " ".join(d.rows())
        assert printer.failed == 1 and printer.printed == 0
        # nothing else changed: the deal was ended by the OK, not by the failure
        app = d.app
        assert app.session.match.deal_no == before["deal_no"] + 1
        assert app.session.match.ledger.chips == before["chips"]
        assert app.session.recall[-1]["acts"] == before["acts"]
        d.press("ok")
        assert d.screen_kind() == "intro"
        text = d.sim.receipt()
        assert "cut" not in text.split("Seed:")[-1]      # the torn slip was not cut
        # plugged in again: the next slip prints, and play goes on
        d.sim.printer.plug()
        d.hold_ok()                         # the commitment before the deal
        d.sim.wait_printer()
        d.advance(300)
        assert printer.printed == 1 and printer.failed == 1
        assert d.sim.receipt().count(d.t("commit") + ":") >= 2
        assert d.screen_kind() == "intro"
        d.press("ok")
        assert d.screen_kind() in ("decide", "handoff")
        assert d.sim.flash.bytes_written > flash_writes
        assert results[0] == d.half(d.t("results"))
    finally:
        d.close()


@pytest.mark.parametrize("game", GAMES)
def test_japanese_screens_fit_and_have_every_glyph(game):
    """One match in Japanese: every frame is checked for the font's box for
    unknown characters and for rows wider than 21 cells (appdriver)."""
    opts = {"kakkuri": {"session_deals": 1}, "kachi": {"deals_per_match": 1},
            "kyuten": {"deals_per_match": 1}}.get(game, {})
    d = driver(game, lang="ja", seed=2, **opts)
    try:
        d.new_table(game, ruleset="Quick", seats=3, humans=2)

        def pause_at(dd, deal_no):
            if deal_no == 1 and not getattr(dd, "_visited", False):
                dd._visited = True
                visit_pause_menu(dd)
                if game == "oicho":            # six deals: agree to stop after one
                    dd.press("back")
                    dd.expect_title("pause")
                    dd.menu_to(5)
                    dd.press("ok")
                return True
            return False
        d.play_match(pause_at=pause_at)
        d.expect_title("match_end")
        assert d.stats["checked"] > 30 and d.stats["peeks"] >= 1
        cut = sorted(d.stats["cut_rows"])
        print(game, "rows cut to fit:", cut)
    finally:
        d.close()


def test_the_readme_animation_shows_the_deal_flow_it_describes():
    """host_sim/scripts/readme_deal.txt (docs/deal.gif) still plays what the
    README's Playing section says it shows."""
    import os
    from host_sim import script
    from tests.reliability.presses import FastSim
    from host_sim.textrec import recognise
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    with open(os.path.join(root, "host_sim", "scripts", "readme_deal.txt"), encoding="utf-8") as f:
        steps = script.parse(f.read())
    gif = os.path.join(root, "docs", "deal.gif")
    assert os.path.getsize(gif) < 300 * 1024
    with FastSim(seed=1) as sim:      # as python -m tools shot runs it (same pixels, faster blits)
        sim.advance(300)
        script.run(sim, steps)
        sim.advance(100)
        sim.panel.flush()
        titles = []
        shown = []                                 # what a peek adds to the hand-off screen
        prev = []
        for f in sim.panel.frames:
            rows = recognise(f.rows())
            titles.append(rows[0])
            if rows[0].endswith("'s cards"):
                shown.append(set(rows[1:]) - set(prev) - {"", "-"})
            prev = rows
        receipt = sim.receipt()
    flow = ["Deal 1", "Pass to P1", "P1's cards", "Results", "Deal 2", "Last deals"]
    at = [titles.index(x) for x in flow]
    assert at == sorted(at), titles
    assert any(shown), shown                                      # a peek with cards on it
    assert receipt.count("Commit:") >= 2 and "Seed:" in receipt   # commitment, then the record
    from PIL import Image
    assert Image.open(gif).n_frames == len(titles)


def test_kakkuri_with_its_play_searches_in_small_steps_every_frame_checked():
    """The searches for Kakkuri's plays made a few steps a pass (as the
    RP2040 makes the long ones): the device loop runs them between frames,
    redraws when one ends, and every frame stays right."""
    d = driver("kakkuri")
    P = d.P                              # the simulator's own module table
    P.SYNC_STEPS = 1
    P.IDLE_STEPS = 3
    finished = []
    idle = P.PlayScreen.idle

    def counted(self):
        r = idle(self)
        if r == 2:
            finished.append(1)
        return r
    P.PlayScreen.idle = counted
    d.piece = 10                         # a frame check every loop pass: the redraws are frames too
    try:
        d.new_table("kakkuri", ruleset="Quick", seats=3, humans=2)
        d.sim.modules["oya.games.kakkuri_search"]._STEP = 1     # (a unit a step: a search spans passes)
        deals = d.play_match()
        d.expect_title("match_end")
        assert deals >= 1 and len(finished) > 10
        assert d.findings == [] and d.stats["unchecked"] <= 1
        s = d.sim.summary()
        assert s["crashed"] is None and s["errors"] == []
    finally:
        d.close()


def test_about_names_the_board_from_its_board_file():
    # the app keeps only the board's name once the drivers are built
    d = driver("oicho")
    d.boot()
    d.press("down", 3)                  # New table, Rulesets, Settings, About
    d.press("ok")
    d.expect_title("about")
    assert "Board Raspberry Pi P~" in d.rows(), d.rows()      # (a row is 20 characters)
