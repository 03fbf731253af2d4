"""The real firmware (firmware/main.py, unchanged) in the simulator: boot, text read
back from the pixels, menus driven by keys, a scripted run's outputs, the front ends."""
import json
import os

import pytest

from host_sim import Sim
from host_sim import script
from host_sim.tui import oled_lines

FW = os.path.join(os.path.dirname(__file__), "..", "..", "firmware")
HAVE_APP = all(os.path.exists(os.path.join(FW, p)) for p in
               ("main.py", "oya/ui/app.py", "oya/ui/font.py", "oya/hw/board.py"))
needs_app = pytest.mark.skipif(not HAVE_APP, reason="firmware app not complete yet")


@needs_app
def test_boot_shows_home_read_from_pixels():
    with Sim(seed=1) as sim:
        sim.advance(300)
        rows = sim.screen_text()
        assert rows[0] == "Oya - home" and rows[1] == ">New table"
        from host_sim.textrec import recognise_rows
        inv = [i for t, i in recognise_rows(sim.frame())]
        assert inv[0] and not inv[2]                   # the title row is drawn inverted
        # the firmware drove the panel through its own driver over the fake I2C
        assert sim.panel.transactions > 2 and sim.panel.errors == [] and sim.panel.unknown == []


@needs_app
def test_keys_move_the_cursor_and_language_preset():
    with Sim(seed=1) as sim:
        sim.advance(300)
        sim.press("down")
        assert sim.screen_text()[2].startswith(">")
    with Sim(seed=1, lang="ja") as sim:
        sim.advance(300)
        assert sim.screen_text()[0] == "ｵﾔ ﾎｰﾑ"


@needs_app
@pytest.mark.parametrize("game", ["oicho", "kachi", "kakkuri", "kyuten", "meri"])
def test_setup_table_through_the_menus(game):
    from host_sim.drive import setup_table
    with Sim(seed=2) as sim:
        sim.advance(300)
        setup_table(sim, game, bots=2)
        assert sim.screen_text()[0] == "First dealer"
        assert sim.crashed is None and sim.errors == []


@needs_app
def test_the_first_dealers_draw_reaches_the_display_without_a_key():
    # the draw is made on idle passes after the Bot seats' OK; the panel must
    # show it then, not keep the "..." put up while it was being made
    from host_sim.drive import setup_table
    with Sim(seed=2) as sim:
        sim.advance(300)
        setup_table(sim, "oicho", bots=0)
        sim.advance(500)
        rows = sim.screen_text()
        assert rows[0] == "First dealer" and rows[1] != "..."
        assert rows[1].startswith("P1 ")            # each seat's card, read from the panel's pixels


@needs_app
def test_scripted_run_writes_frames_texts_receipt_and_summary(tmp_path):
    src = tmp_path / "s.txt"
    src.write_text("DOWN x2\nOK\nDOWN x3\nOK   # printer test page\nWAIT 3000\n"
                   "POWER-CUT\nWAIT 100\nBOOT\nSHOT\n")
    out = tmp_path / "out"
    summary = script.run_file(str(src), str(out), seed=4)
    names = sorted(os.listdir(out))
    assert {"frames.txt", "receipt.txt", "receipt.png", "summary.json"} <= set(names)
    pngs = [n for n in names if n.startswith("frame_")]
    assert len(pngs) == summary["frames"] >= 4
    from PIL import Image
    assert Image.open(out / pngs[0]).size == (512, 256)
    assert Image.open(out / "receipt.png").size[0] == 384
    text = (out / "frames.txt").read_text()
    assert "*Settings" in text and ">Printer test page" in text
    receipt = (out / "receipt.txt").read_text()
    assert "ABCDEFGHIJKLMNOPQRSTU" in receipt and "ｶﾀｶﾅ ﾃｽﾄ" in receipt and "cut" in receipt
    s = json.loads((out / "summary.json").read_text())
    assert s["boots"] == 2 and s["printer_overruns"] == 0 and s["printer_bytes"] > 100
    assert len(s["display_bytes_per_frame"]) == s["frames"]
    assert s["heap"] and s["heap"][-1]["used"] > 0 and s["crashed"] is None
    # the heap trace ends with the run (left on, it slowed every later test ~5x)
    import tracemalloc
    assert not tracemalloc.is_tracing()


def test_script_parser():
    steps = script.parse("OK\nDOWN x3  # c\nHOLD OK 800\nWAIT 500\nPOWER-CUT\nBOOT\n"
                         "SETUP meri seats 4 bots 3\n")
    assert [(op, args) for _n, op, args in steps] == [
        ("PRESS_N", ("ok", 1)), ("PRESS_N", ("down", 3)), ("HOLD", ("ok", 800)),
        ("WAIT", (500,)), ("POWER-CUT", ()), ("BOOT", ()),
        ("SETUP", ({"game": "meri", "seats": 4, "bots": 3},))]
    for bad in ("JUMP", "HOLD OK", "DOWN 3", "WAIT x"):
        with pytest.raises(script.ScriptError):
            script.parse(bad)


def test_oled_lines_half_blocks_and_quadrants():
    rows = [bytearray(4) for _ in range(4)]
    rows[0][0] = rows[1][0] = rows[0][1] = rows[3][3] = 1
    assert oled_lines(rows) == ["\u2588\u2580  ", "   \u2584"]
    assert oled_lines(rows, quarter=True) == ["\u259b ", " \u2597"]


@needs_app
def test_power_cut_at_each_flash_op_of_a_key_press_then_boot_recovers():
    """Cut the power before flash operations a key press causes (and in the middle of
    its first write); every time the device boots to a readable screen."""
    from host_sim.drive import setup_table
    base = Sim(seed=3)
    base.advance(300)
    setup_table(base, "kyuten", bots=3)
    presses = 0
    n_ops = 0
    while n_ops == 0 and presses < 10:        # the first press that writes to flash
        ops0 = base.flash.ops
        base.press("ok")
        base.advance(700)
        presses += 1
        n_ops = base.flash.ops - ops0
    base.close()
    assert n_ops >= 1
    # first, middle and last operation, and inside the first write (the reliability
    # suite cuts at every one; here the Sim's machinery is what is under test)
    cuts = [("op", k) for k in sorted({0, n_ops // 2, n_ops - 1})] + [("byte", 7)]
    for kind, k in cuts:
        sim = Sim(seed=3)
        sim.advance(300)
        setup_table(sim, "kyuten", bots=3)
        for _ in range(presses - 1):
            sim.press("ok")
            sim.advance(700)
        if kind == "op":
            sim.flash.arm(op=sim.flash.ops + k)
        else:
            sim.flash.arm(byte=sim.flash.bytes_written + k)
        sim.press("ok")
        sim.advance(700)
        assert sim.dead and sim.flash.log[-1][0] == "powercut"
        sim.boot()
        sim.advance(500)
        top = sim.screen_text()[0]
        assert top in ("Resume the match?", "Oya - home"), (kind, k, sim.screen())
        assert sim.crashed is None and sim.errors == []
        sim.close()


@needs_app
def test_five_keys_pressed_while_the_app_is_blocked_for_2s_are_handled_in_order():
    # Something in the app (a slow import, a flash erase) holds the CPU for 2 s
    # while five keys are pressed. The pins' IRQs keep every edge with its
    # time, so all five act afterwards, in order: down, down, up, down, down on
    # the home menu leave the cursor on the 4th item; a lost key lands elsewhere.
    with Sim(seed=3) as sim:
        sim.advance(300)
        rows = sim.screen_text()
        assert rows[1].startswith(">")
        items = [r[1:] for r in rows[1:6]]
        frames = len(sim.panel.frames)
        blocked_until = sim.clock.us + 2000000
        sim.loop.call_soon(lambda: sim.modules["time"].sleep_ms(2000))   # the app is stuck
        t0 = sim.clock.us + 20000
        for k, key in enumerate(("down", "down", "up", "down", "down")):
            sim.schedule_press(key, t0 + k * 300000, 80)
        sim.advance(2300)
        drawn = sim.panel.frames[frames:]
        assert drawn and all(f.t_us >= blocked_until for f in drawn)     # nothing ran while blocked
        after = sim.screen_text()
        assert after[4] == ">" + items[3], after


@needs_app
def test_a_press_is_answered_at_its_edge_not_at_the_loops_next_pass():
    # The buttons' IRQ wakes the device loop (oya.hw.drive's sleep): the frame
    # that answers DOWN starts being sent as the edge comes, whatever the
    # phase of the loop's 10 ms passes (it used to wait for the buttons' next
    # poll and the loop's next pass: up to 15 ms).
    with Sim(seed=5) as sim:
        sim.advance(400)
        waits = []
        for k in range(12):
            frames = len(sim.panel.frames)
            edge = sim.clock.us + 1000 + k * 777          # every phase of the 10 ms pass
            sim.schedule_press("down" if k % 2 else "up", edge, 60)
            sim.advance(200)
            drawn = sim.panel.frames[frames:]
            assert drawn, "no answer to press %d" % k
            waits.append(drawn[0].t_us - edge)
        assert max(waits) < 3000, waits


def test_after_an_answer_the_cpu_sleeps_before_the_journals_next_file():
    # An answer and the journal's next file (a flash erase: ~45 ms) in one
    # run of the CPU made a press wait for both; the loop sleeps a pass
    # between them. The journal is made to owe a file on every pass, and
    # each file written is stamped with the virtual time.
    from host_sim.drive import app_of
    with Sim(seed=5) as sim:
        sim.advance(400)
        app = app_of(sim)
        written = []
        app.owes = lambda: True
        app.settle = lambda: written.append(sim.clock.us)
        for k in range(8):
            frames = len(sim.panel.frames)
            edge = sim.clock.us + 1000 + k * 1333          # every phase of the 10 ms pass
            sim.schedule_press("down" if k % 2 else "up", edge, 60)
            sim.advance(200)
            answer = sim.panel.frames[frames].t_us
            after = [t for t in written if t >= answer]
            assert after and after[0] - answer >= 9000, (k, answer, after[:3])


def test_an_error_out_of_the_loops_own_work_is_shown_and_keys_still_answer():
    # A journal file or a render with no heap left raised out of the device
    # loop's task, which then ended: the emulated RP2040 with its heap held
    # to 44 KB answered no key again (tools/pico soak). The loop shows it and
    # goes on; the file still owed is tried again on the next pass.
    from host_sim.drive import app_of
    with Sim(seed=5) as sim:
        sim.advance(400)
        app = app_of(sim)
        assert sim.screen_text()[0].startswith("Oya")
        owed = [2]
        tries = []

        def settle():
            tries.append(sim.clock.us)
            owed[0] -= 1
            if owed[0] == 1:
                raise MemoryError("memory allocation failed, allocating 1148 bytes")
            return False
        app.owes = lambda: owed[0] > 0
        app.settle = settle
        sim.advance(100)
        assert len(tries) == 2 and owed[0] == 0              # failed once, tried again on a later pass
        rows = sim.screen_text()
        assert rows[0] == "Error" and "memory allocation" in " ".join(rows), rows
        sim.press("ok")                                       # the device still answers: OK goes home
        sim.advance(200)
        assert sim.screen_text()[0].startswith("Oya")
        sim.press("down")
        assert sim.screen_text()[2].startswith(">")


def test_out_of_memory_again_on_the_way_home_offers_a_restart_that_reboots():
    # Held to the .mpy budget (96 KB), the emulated RP2040 ran out of heap
    # (tools/pico --soak) and its Error screen's OK, the way home, ran out
    # again: the same screen came back for hundreds of presses. A second
    # MemoryError before any key goes through now offers a restart (a soft
    # reset: the heap starts empty again; the journal keeps the match).
    from host_sim.drive import app_of
    with Sim(seed=5) as sim:
        sim.advance(400)
        app = app_of(sim)
        oom = MemoryError("memory allocation failed, allocating 1148 bytes")

        def no_heap(*a):
            raise oom
        app.top().key = no_heap
        app.home = no_heap                                    # the way home finds no heap either
        sim.press("down")
        assert sim.screen_text()[0] == "Error" and "memory allocation" in " ".join(sim.screen_text())
        sim.press("ok")
        rows = sim.screen_text()
        assert rows[0] == "Error" and "Out of memory" in " ".join(rows) and rows[-1] == "OK: restart", rows
        assert sim.incarnation == 1
        sim.press("ok")
        sim.advance(400)
        assert sim.incarnation == 2                           # rebooted: a new app, the home menu
        assert app_of(sim) is not app and sim.screen_text()[0].startswith("Oya")


def test_out_of_memory_a_third_time_restarts_at_once():
    # held to 96 KB, the Error screen's own words once needed an import that
    # found no heap: the display kept the last frame for hundreds of presses.
    # When the restart offer cannot be shown either, the board restarts.
    from host_sim.drive import app_of
    with Sim(seed=5) as sim:
        sim.advance(400)
        app = app_of(sim)

        def no_heap(*a):
            raise MemoryError("memory allocation failed, allocating 1148 bytes")
        app.top().key = no_heap
        app.home = no_heap
        sim.press("down")
        sim.press("ok")
        assert sim.screen_text()[-1] == "OK: restart"
        app.frame = no_heap                                   # the offer cannot be drawn
        app.top().key = no_heap
        sim.press("up")
        sim.advance(400)
        assert sim.incarnation == 2 and sim.screen_text()[0].startswith("Oya")


def test_a_key_that_goes_through_clears_the_out_of_memory_count():
    # one MemoryError, then a key that works, then another: each is the
    # plain error (OK home), not the restart
    from host_sim.drive import app_of
    with Sim(seed=5) as sim:
        sim.advance(400)
        app = app_of(sim)
        for _ in range(2):
            real = app.top().key

            def no_heap(*a):
                raise MemoryError("memory allocation failed, allocating 64 bytes")
            app.top().key = no_heap
            sim.press("down")
            assert sim.screen_text()[-1] == "OK: continue"
            sim.press("ok")                                   # home: goes through
            assert sim.screen_text()[0].startswith("Oya")
            assert real is not None
        assert sim.incarnation == 1


def test_out_of_memory_again_and_again_from_home_offers_a_restart():
    # held to 32 KB frozen, the game list's ruleset scan (idle work) ran out
    # each time: its error's OK went home (a key through), OK there started
    # the scan again, and it failed again, for as long as the soak pressed.
    # The third MemoryError each within a few keys of the one before offers
    # the restart, which gives the heap back.
    from host_sim.drive import app_of
    with Sim(seed=5) as sim:
        sim.advance(400)
        app = app_of(sim)
        shown = []

        def fails_from_home(*a):
            raise MemoryError("memory allocation failed, allocating 104 bytes")
        for _ in range(3):
            app.top().key = fails_from_home              # (home's next key: its step fails)
            sim.press("down")
            shown.append(sim.screen_text()[-1])
            if shown[-1] == "OK: continue":
                sim.press("ok")                               # home: goes through
                assert sim.screen_text()[0].startswith("Oya")
        assert shown == ["OK: continue", "OK: continue", "OK: restart"], shown
        sim.press("ok")
        sim.advance(400)
        assert sim.incarnation == 2 and sim.screen_text()[0].startswith("Oya")


def test_an_answers_own_work_comes_before_the_journals_steps():
    # A Kakkuri decision's choices are searched in slices on idle passes;
    # the journal's steps (three a file) waited in front of them and the
    # choices came ~30-70 ms later on the emulated RP2040. The loop now
    # takes the screen's work first, and the journal's steps after it.
    from host_sim.drive import app_of
    with Sim(seed=5) as sim:
        sim.advance(400)
        app = app_of(sim)
        done = []
        left = [5]

        def idle():
            if left[0] > 0:
                left[0] -= 1
                done.append(("work", sim.clock.us))
                return 1
            return 0
        app.owes = lambda: True
        app.settle = lambda: done.append(("step", sim.clock.us))
        app.finishing = lambda: left[0] > 0
        app.idle = idle
        sim.advance(200)
        kinds = [k for k, _ in done]
        assert kinds[:5] == ["work"] * 5 and "step" in kinds[5:], kinds[:8]
