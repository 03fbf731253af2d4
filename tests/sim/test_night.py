"""A night at the table through the simulator, by button presses: two matches
of different games with the same seats, a power cut inside each, the settle-up
after each and after the night, the chart of the chips on the glass and on a
printed slip, Continue between matches, the night's end."""
import json
import os

from oya import settle
from tests.sim.appdriver import AppDriver
from tests.sim.test_device_app import play_until

# a folder to save the chart's screen and the slip in (docs/playing.md's images)
SHOTS = os.environ.get("OYA_NIGHT_SHOTS")

RULESETS = [("qmeri", {"game": "meri", "name": "QuickM", "options": {"players": 4, "deals_per_game": 1}}),
            ("qkyu", {"game": "kyuten", "name": "QuickK", "options": {"deals_per_match": 3}})]


def cut_inside_the_deal(d):
    """Two actions into a deal, the power goes; the device boots and resumes
    the match where it was."""
    play_until(d, lambda dd: dd.app.session is not None and dd.app.session.match.deal is not None
               and len(dd.app.session.acts) >= 4 and not dd.app.session.match.deal.done)
    before = json.dumps(d.app.session.record(), sort_keys=True)
    d.power_cut()
    d.boot()
    d.resume()
    assert json.dumps(d.app.session.record(), sort_keys=True) == before


def night_record(d):
    jr = d.sim.modules.get("oya.journal_read") or d.sim.importer.load("oya.journal_read")
    return json.loads(json.dumps(jr.load(d.app.night_j)))


def pick(d, label):
    items = d.app.top().items
    d.menu_to([it if isinstance(it, str) else it[0] for it in items].index(label))
    d.press("ok")


def test_a_night_of_two_games_with_power_cuts_settles_up_and_charts_the_chips():
    d = AppDriver(seed=3, rulesets=RULESETS)
    try:
        # match 1: Meri, scored in games won
        d.new_table("meri", ruleset="QuickM", humans=2)
        cut_inside_the_deal(d)
        d.play_match()
        d.press("ok")                             # the ranking: OK -> the night's menu
        d.advance(200)
        assert d.title().strip() == "Night"
        rec = night_record(d)
        assert [x["game"] for x in rec["matches"]] == ["meri"]
        assert rec["matches"][0]["chips"] is False and rec["totals"]["chips"] == [0, 0, 0, 0]
        names = rec["names"]
        assert rec["bots"] == [2, 3]
        # power off between the matches: Continue brings the night back
        d.power_cut()
        d.boot()
        d.expect_title("home")
        assert "Resume" in "\n".join(d.rows())
        d.press("down")
        d.press("ok")
        d.advance(200)
        assert d.title().strip() == "Night"
        pick(d, "Next match")
        # match 2: Kyuten with the night's seats: no seats, names or bots asked
        d.expect_title("game")
        from oya import GAMES
        d.menu_to(GAMES.index("kyuten"))
        d.press("ok")
        d.expect_title("ruleset")
        items = d.app.top().items
        d.menu_to([it if isinstance(it, str) else it[0] for it in items].index("QuickK"))
        d.press("ok")
        d.expect_title("options")
        d.press("up")
        d.press("ok")
        if d.title() == d.half(d.t("chips")):
            d.press("ok")
        d.advance(300)
        d.expect_title("first")
        d.press("ok")
        d.advance(300)
        s = d.app.session
        assert s.match.ledger.names == names and tuple(d.app.bots) == (2, 3) and s.ui.get("night") == 1
        cut_inside_the_deal(d)
        deals = []
        d.play_match(on_deal_end=lambda dd: deals.append(list(dd.app.session.match.ledger.chips)))
        start = [s.match.start_chips[i] for i in range(4)]
        final = deals[-1]
        d.press("ok")
        d.advance(200)
        rec = night_record(d)
        nets = [f - s0 for f, s0 in zip(final, start)]
        assert [x["game"] for x in rec["matches"]] == ["meri", "kyuten"]
        assert rec["matches"][1]["gains"] == nets and rec["totals"]["chips"] == nets
        # the chart's series: the start, then every deal, the last the final chips
        rows = d.app.last_match[1]
        assert rows == [start] + deals
        # settle the match: nets and the transfers of oya.settle
        pick(d, "Settle match")
        glass = "\n".join(d.rows())
        for line in settle.lines(nets, names)[:4]:
            assert line[:21] in glass
        d.press("ok")
        # the chart on the glass: pixels beyond the blank grid
        pick(d, "Chart")
        d.advance(400)
        assert d.stats["chart_rows"] == 64         # every page drawn, each checked against chart.draw()
        assert sum(sum(r) for r in d.sim.panel.pixels()) > 200
        if SHOTS:
            from host_sim.script import frame_png
            frame_png(d.sim.panel.pixels(), 4, os.path.join(SHOTS, "night_chart.png"))
        d.press("ok")
        d.advance(200)
        assert d.title().strip() == "Night"
        # the slip: the chart as an image, the night's totals below it
        pick(d, "Print slip")
        last = settle.lines(nets, names)[-1]
        assert d.sim.run_until(lambda: last in d.sim.receipt(), 120000, 100), d.sim.receipt()
        receipt = d.sim.receipt()
        if SHOTS:
            d.sim.receipt_image().save(os.path.join(SHOTS, "night_slip.png"))
        p = d.app.hw.printer
        assert not p.failed, p.last_error
        assert "Match 1 meri" in receipt and "Match 2 kyuten" in receipt
        assert receipt.startswith("Chart\n[image 384x192]\nMatch 1 meri\n")
        assert "\n".join(settle.lines(nets, names)) in receipt
        assert "\n%s\n" % " ".join(str(g) for g in rec["matches"][0]["gains"]) in receipt     # Meri: games won
        # the night ends: its journal goes, home offers no Continue
        pick(d, "End the night")
        d.advance(200)
        d.expect_title("home")
        jr = d.sim.modules.get("oya.journal_read") or d.sim.importer.load("oya.journal_read")
        assert not jr.has_record(d.app.night_j)
    finally:
        d.close()
