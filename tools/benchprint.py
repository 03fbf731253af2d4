"""Printer figures for `make bench`, from the host simulator.

The whole firmware runs in host_sim on its virtual clock: buttons are pins, the
printer is the ESC/POS emulator behind the board's UART (19200 baud, a 1 KB
input buffer, 400 dot lines/s), so pacing and overruns are those of the wire.
Three slips are printed through the menus, as a person would:
  test page    Settings > Test page (6 lines)
  deal record  pause menu > Last deals > hold OK on a deal (after one deal of Oicho-Kabu)
  standings    pause menu > Print
  night slip   pause menu > End match now, the ranking, then the night's menu >
               Print slip: the chart of the chips as a raster image (GS v 0,
               band by band), then the night's matches and settle-up
While each prints, DOWN is pressed every PRESS_EVERY_MS. For every press the
firmware's button event (debounced, queued by oya.hw.buttons) and the moment
App.key() receives it are logged; the wait is the time between them, and a
press is late when a UART write (the next line) went out in between.
Virtual time: firmware code takes no time here, so these are the scheduling
figures of the run loop (frame period, printer task pacing), not CPU time.
"""
from host_sim import sim as simmod
from host_sim.sim import Sim
from host_sim import drive

PRESS_EVERY_MS = 190
PRESS_HOLD_MS = 60


class _Log:
    def __init__(self, sim):
        self.sim = sim
        self.writes = []    # (t_us start, nbytes, lf count, wire end us)
        self.events = []    # (t_us, ev) button events queued
        self.keys = []      # (t_us, k) App.key calls
        self.printer = None  # the firmware's Printer object


def _instrument(sim, log):
    orig_write = simmod.UartPort.write

    def write(port, data):
        t = port.sim.clock.us
        n = orig_write(port, data)
        log.writes.append((t, len(data), bytes(data).count(b"\n"), port.free_at))
        return n

    simmod.UartPort.write = write

    buttons = sim.importer.load("oya.hw.buttons")
    app = sim.importer.load("oya.ui.app")
    put = buttons.Buttons._put
    key = app.App.key

    def _put(self, ev):
        log.events.append((sim.clock.us, ev))
        return put(self, ev)

    def _key(self, k):
        log.keys.append((sim.clock.us, k))
        return key(self, k)

    printer = sim.importer.load("oya.hw.printer")
    slip = printer.Printer.slip

    def _slip(self, *a, **kw):
        log.printer = self
        return slip(self, *a, **kw)

    buttons.Buttons._put = _put
    app.App.key = _key
    printer.Printer.slip = _slip
    return lambda: setattr(simmod.UartPort, "write", orig_write)


def _print_and_press(sim, log, start_print):
    """Run `start_print()` (the key press that queues a slip), press DOWN while
    the printer works, and return the slip's figures."""
    w0 = len(log.writes)
    e0 = len(log.events)
    ov0 = sim.printer.overruns
    start_print()
    t_end = None
    for _ in range(2000):
        busy = len(log.writes) == w0 or (log.printer is not None and log.printer.busy) or any(p.pending for p in sim.uarts.values()) or \
            sim.printer.buffered() or sim.printer.idle_at() > sim.clock.us
        if not busy:
            break
        sim.schedule_press("down", sim.clock.us + 1000, PRESS_HOLD_MS)
        sim.advance(PRESS_EVERY_MS)
    else:
        raise RuntimeError("the printer did not finish")
    sim.wait_printer()
    writes = log.writes[w0:]
    if not writes:
        raise RuntimeError("nothing was printed:\n" + sim.screen())
    t0 = writes[0][0]
    t_end = sim.printer.idle_at()
    sent_end = max(w[3] for w in writes)
    waits = []
    late = 0
    # presses: CLICK events (kind 0x10) of DOWN queued while the slip was going out
    for t_ev, ev in log.events[e0:]:
        if ev not in (0x11, 0x21) or not (t0 <= t_ev <= sent_end):
            continue
        t_key = next((t for t, k in log.keys if t >= t_ev), None)
        if t_key is None:
            late += 1
            continue
        waits.append((t_key - t_ev) / 1000.0)
        if any(t_ev < w[0] < t_key for w in writes):
            late += 1
    return {
        "bytes": sum(w[1] for w in writes),
        "lines": sum(w[2] for w in writes),
        "writes": len(writes),
        "send_s": (sent_end - t0) / 1e6,
        "printed_s": (t_end - t0) / 1e6,
        "overruns": sim.printer.overruns - ov0,
        "presses": len(waits),
        "max_wait_ms": max(waits or [0]),
        "late": late,
    }


def _select(sim, label):
    """Move a menu's cursor down to the item `label`."""
    for _ in range(12):
        if any(r.startswith(">" + label) for r in sim.screen_text()):
            return
        sim.press("down", gap_ms=60)
    raise RuntimeError("no menu item %r:\n%s" % (label, sim.screen()))


def printer_figures(firmware):
    sim = Sim(board="rpi_pico", seed=7, firmware=str(firmware), autoboot=False, bounce=True)
    log = _Log(sim)
    undo = None
    try:
        sim.prepare()
        undo = _instrument(sim, log)
        sim._guard(lambda: sim.importer.load(sim.main_name))
        sim.advance(300)
        w = drive._words(sim)
        slips = {}
        # test page: home > Settings > Test page
        drive.expect(sim, w("home"), "home")
        sim.press("down", times=2, gap_ms=60)
        sim.press("ok")
        drive.expect(sim, w("settings"), "settings")
        _select(sim, w("test_page"))
        slips["test page"] = _print_and_press(sim, log, lambda: sim.press("ok"))
        sim.press("back")
        sim.press("up", times=2, gap_ms=60)               # home: back to New table
        # one deal of Oicho-Kabu with bots in every seat
        drive.setup_table(sim, "oicho", bots=4)
        drive.expect(sim, w("first"), "first dealer")
        sim.press("ok")
        sim.run_until(lambda: drive.title(sim).startswith(w("deal")), 5000)
        sim.press("ok")                                   # deal
        if not sim.run_until(lambda: drive.title(sim) == w("results"), 120000, 50):
            raise RuntimeError("no results:\n" + sim.screen())
        sim.press("ok")                                   # next deal's intro
        sim.run_until(lambda: drive.title(sim).startswith(w("deal")), 5000)
        sim.press("back")
        drive.expect(sim, w("pause"), "pause")
        _select(sim, w("recall"))
        sim.press("ok")                                   # Last deals
        drive.expect(sim, w("recall"), "recall")
        slips["deal record"] = _print_and_press(sim, log, lambda: sim.hold("ok", 900))
        sim.press("back")
        drive.expect(sim, w("pause"), "pause")
        _select(sim, w("print"))
        slips["standings"] = _print_and_press(sim, log, lambda: sim.press("ok"))
        # the match ended from the pause menu; its ranking, then the night's menu
        _select(sim, w("end_match"))
        sim.press("ok")
        sim.press("ok")                                   # End the match? OK
        if not sim.run_until(lambda: drive.title(sim) == w("match_end"), 10000, 50):
            raise RuntimeError("no ranking:\n" + sim.screen())
        sim.press("ok")
        if not sim.run_until(lambda: drive.title(sim).startswith("Night"), 10000, 50):
            raise RuntimeError("no night menu:\n" + sim.screen())
        _select(sim, "Print slip")
        slips["night slip"] = _print_and_press(sim, log, lambda: sim.press("ok"))
        if sim.errors:
            raise RuntimeError("firmware errors: %s" % sim.errors[:3])
        return {
            "baud": (sim.board.get("printer") or {}).get("baud", 0),
            "slips": slips,
            "overruns": sim.printer.overruns,
            "presses": sum(s["presses"] for s in slips.values()),
            "max_wait_ms": max(s["max_wait_ms"] for s in slips.values()),
            "press_late": sum(s["late"] for s in slips.values()),
            "receipt_lines": len(sim.receipt().split("\n")),
        }
    finally:
        if undo:
            undo()
        sim.close()
