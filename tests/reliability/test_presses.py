"""Random button events through the simulator, 10,000 per game (100,000 per
game in `make soak`): presses, holds, glitches shorter than the debounce time,
double presses, chords, contact bounce on every edge, presses while a slip
prints. No exception escapes, no screen offers an action the engine refuses,
chips and cards stay whole, no screen names a card its viewer may not know,
and the match in play can still be finished. See presses.py for the checks."""
import os
import random

import pytest

from host_sim import framebuf as F
from tests.reliability.presses import PressFuzz, FastFrameBuffer

EVENTS = int(os.environ.get("OYA_PRESS_EVENTS", "10000"))
# every board: 4 buttons with a printer (Pico), 6 buttons with a 9600-baud
# printer and an SH1106 (Pico W), 6 buttons and no printer (Pico 2)
BOARDS = {"oicho": "rpi_pico", "kachi": "rpi_pico_w", "kakkuri": "rpi_pico",
          "kyuten": "rpi_pico2", "meri": "rpi_pico_w"}


def test_fast_blit_writes_the_same_bytes_as_host_sims_blit():
    r = random.Random(5)
    for _ in range(400):
        w, h = r.choice((128, 64, 6, 21)), r.choice((64, 8, 16, 24))
        sw, sh = r.choice((6, 8, 128)), r.choice((8, 16, 64, 1536))
        src = bytearray(r.randrange(256) for _ in range(sw * ((sh + 7) // 8)))
        dst = bytearray(r.randrange(256) for _ in range(w * ((h + 7) // 8)))
        a, b = bytearray(dst), bytearray(dst)
        x = r.randint(-sw, w)
        y = r.choice((0, 8, -8, 16, -sh + 8, r.randint(-sh, h)))
        key = r.choice((-1, -1, -1, 0, 1))
        F.FrameBuffer(a, w, h, F.MONO_VLSB).blit(F.FrameBuffer(src, sw, sh, F.MONO_VLSB), x, y, key)
        FastFrameBuffer(b, w, h, F.MONO_VLSB).blit(FastFrameBuffer(src, sw, sh, F.MONO_VLSB), x, y, key)
        assert a == b, (w, h, sw, sh, x, y, key)


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_random_presses(game):
    f = PressFuzz(game, seed=11, board=BOARDS[game])
    try:
        f.run(EVENTS // 2)
        assert f.findings == [], f.findings[0]
        assert f.finish_match(), f.findings
        f.run(EVENTS - EVENTS // 2)
        assert f.findings == [], f.findings[0]
        assert f.finish_match(), f.findings
        st = f.stats
        print(game, st)
        assert st["events"] >= EVENTS
        assert st["in_play"] > EVENTS // 2            # most events land in a match
        assert st["holds"] > EVENTS // 20 and st["glitches"] > 0 and st["chords"] > 0
        assert st["screens_checked"] > EVENTS // 10
        assert st["matches_finished"] >= 2 and st["deals"] >= 2
        if BOARDS[game] != "rpi_pico2" and EVENTS >= 2000:
            assert st["during_print"] > 0             # presses landed while a slip printed
    finally:
        f.close()


def test_the_checks_catch_an_offered_illegal_action_and_a_leak():
    # a screen that offers an action the engine refuses is reported
    f = PressFuzz("oicho", seed=3)
    try:
        play = f.sim.modules["oya.ui.play"]
        orig = play.group_choices

        def bad(deal, seat, lang):
            entries = orig(deal, seat, lang)
            entries.append(("cheat", [9999], None))
            return entries
        play.group_choices = bad
        f.run(400)
        assert f.findings and "the engine says" in f.findings[0]
    finally:
        f.close()
    # a hand-off screen that names the next player's private cards is reported
    # (Meri: its cards have names that are not numbers, which the check can
    # tell from the other text of a screen)
    f = PressFuzz("meri", seed=3)
    try:
        play = f.sim.modules["oya.ui.play"]
        orig_draw = play.PlayScreen.draw_handoff

        def leaky(self, g):
            orig_draw(self, g)
            g.put(3, play.tables.card_list(self.kind(), self.private_cards(self.acting)))
        play.PlayScreen.draw_handoff = leaky
        f.run(600)
        assert f.findings and "may not see" in f.findings[0]
    finally:
        f.close()


def test_the_home_menu_follows_a_language_switch():
    """Found by the random presses: after Settings > Language, BACK showed the
    home menu still in the old language (built before the switch), and the
    walk could not find its way back into a match."""
    from host_sim import Sim
    from tests.reliability.presses import app_of
    sim = Sim(seed=2)
    try:
        sim.advance(300)
        assert sim.screen_text()[0] == "Oya - home"
        sim.press("down", times=2, gap_ms=60)
        sim.press("ok")                                   # Settings
        assert sim.screen_text()[0] == "Settings"
        sim.press("ok")                                   # Language: English -> Japanese
        app = app_of(sim)
        T = sim.modules["oya.ui.text"].t
        assert app.lang == 1 and app.top().title == T("settings", 1)
        sim.press("back")
        home = app.top()
        assert home.title == T("home", 1) and home.items[0] == T("new", 1) and home.i == 2, (
            home.title, home.items)
        sim.press("ok")                                   # Settings again, from the same place
        sim.press("ok")                                   # and back to English
        sim.press("back")
        assert sim.screen_text()[0] == "Oya - home" and app.top().i == 2
        assert sim.crashed is None and sim.errors == []
    finally:
        sim.close()


def test_the_deck_check_follows_a_new_match_at_a_reused_address():
    """Found by make soak: a match of another game started where a finished
    one had lived (the same id()), and the check compared it with the old
    match's deck ("52 in places, 20 in the deck")."""
    class M:
        def __init__(self, n):
            self.n = n

        def deck(self):
            return bytes(range(self.n))
    f = PressFuzz("kachi", seed=1)
    try:
        assert len(f._deck(M(20))) == 20          # freed at once: its address is free again
        assert len(f._deck(M(52))) == 52
        m = M(48)
        assert f._deck(m) == list(range(48)) and f._deck(m) is f._deck(m)
    finally:
        f.close()


def test_the_walk_goes_on_past_the_many_seats_warning():
    """Found by make soak: the walk back into a match answered Kachi-kachi's
    "7 seats: the rules advise at most 6. OK: go on" with BACK, chose 7 seats
    again, and went round until it gave up."""
    f = PressFuzz("kachi", seed=4, board="rpi_pico_w")
    try:
        warned = False
        for _ in range(200):
            k, top = f.kind(), f.app.top()
            if k == "seats":
                f._spin_to(top, 7)
            elif k == "message" and "advise" in " ".join(top.lines):
                warned = True
                break
            else:
                f.steer_step()
        assert warned, f.app.frame().text()
        assert f.steer(limit=60) and f.kind() == "play" and f.findings == []
        assert len(f.app.session.match.ledger.names) == 7
    finally:
        f.close()
