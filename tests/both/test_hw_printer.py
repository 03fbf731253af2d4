# The ESC/POS printer driver: exact bytes of a slip, pacing by time, status.
from hw_fakes import FakeUART
from oya.hw import printer as P
from oya.hw.no_printer import HardwareError


def _run(p, uart, clock, until=60000, step=1):
    """Pump every `step` ms until idle; returns the time it went idle."""
    t = clock[0]
    while t < until:
        clock[0] = t
        w = p.pump(t)
        if w < 0:
            return t
        t += step
    raise AssertionError("printer never went idle")


def _refused_as_busy(printer, lines):
    """A slip asked for with one printing and one waiting: refused, with why."""
    try:
        printer.slip(lines)
    except RuntimeError as e:
        assert "busy" in str(e)
    else:
        raise AssertionError("a third slip is refused")


def _printer(baud=19200, codepage=1, status=False):
    clock = [0]
    uart = FakeUART(clock)
    p = P.Printer(uart, baud=baud, dots=384, codepage=codepage, heat=[11, 120, 40], status=status)
    return clock, uart, p


def test_sample_slip_bytes():
    clock, uart, p = _printer()
    p.slip(["Oicho-Kabu #3", (P.BOLD | P.CENTER, "カブ 9"), (P.BIG, "マツa x2"), "♠A 10"])
    assert p.busy
    _run(p, uart, clock)
    assert not p.busy and p.printed == 1 and p.last_error is None
    want = (b"\x1b@" b"\x1b7\x0b\x78\x28" b"\x1bt\x01"
            b"Oicho-Kabu #3\n"
            b"\x1bE\x01\x1ba\x01" b"\xb6\xcc\xde 9\n" b"\x1bE\x00\x1ba\x00"
            b"\x1d!\x11" b"\xcf\xc2a x2\n" b"\x1d!\x00"
            b"SA 10\n"
            b"\x1bd\x03" b"\x1dV\x01")
    assert uart.data() == want


def test_symbols_the_printers_pages_lack_are_printed_in_ascii():
    clock, uart, p = _printer()
    p.slip(["\u2660\u2665\u2666\u2663 2\u00d73\u2026 \u25b6\u25c0\u25cf\u25cb\u2022\u2605 "
            "\u2192\u2190 \u00a5 \u2469\u246a\u246b A"])
    _run(p, uart, clock)
    assert b"SHDC 2x3... ><oo** -><- Y 101112 A\n" in uart.data()


def test_a_slip_from_a_generator_is_the_same_slip():
    # a deal record is handed over line by line (a generator): each line is
    # encoded as it comes, into the slip's one buffer
    lines = ["Deal 3  Oicho-Kabu", (P.BOLD, "カブ 9"), (P.BIG | P.RIGHT, "x2"), "end"]
    sent = []
    for source in (lines, (ln for ln in lines)):
        clock, uart, p = _printer()
        p.slip(source)
        _run(p, uart, clock)
        assert p.printed == 1
        sent.append(uart.data())
    assert sent[0] == sent[1]
    assert b"\x1bE\x01\xb6\xcc\xde 9\n\x1bE\x00" in sent[0]


def test_a_generator_is_taken_one_item_a_step_none_being_a_step_of_its_own_work():
    # a deal's record replays the deal to make its lines: taken in one key
    # that was a 300 ms run of CPU (emulated RP2040); a step a pass, the keys
    # come between (None: a step of the replay, no line)
    made = []

    def record():
        for x in ("Deal 1", None, None, "P1 hit", None, "end"):
            made.append(x)
            yield x
    clock, uart, p = _printer()
    p.slip(record())
    assert made == [] and p.busy                 # nothing made in the key that asked
    steps = 0
    while len(made) < 6:
        n = len(made)
        assert p.pump(clock[0]) == 1            # a nap between the steps, nothing sent yet
        assert len(made) == n + 1 and uart.data() == b""
        steps += 1
    assert steps == 6
    _run(p, uart, clock)
    assert p.printed == 1 and b"Deal 1\nP1 hit\nend\n" in uart.data()


def test_a_line_that_fails_to_come_drops_the_slip_and_says_why():
    def record():
        yield "first"
        raise ValueError("replay failed")
    clock, uart, p = _printer()
    p.slip(record())
    assert p.busy
    _run(p, uart, clock)
    assert not p.busy and uart.data() == b""
    assert p.failed == 1 and p.printed == 0 and p.last_error == "replay failed"


def test_a_slip_being_made_waits_behind_the_one_printing_and_counts_as_waiting():
    clock, uart, p = _printer()
    p.slip(["one"])
    p.pump(clock[0])                            # "one" printing
    p.slip(ln for ln in ["two"])
    try:
        p.slip(["three"])
    except RuntimeError:
        pass
    else:
        raise AssertionError("a third slip is refused while one prints and one is made")
    _run(p, uart, clock)
    assert p.printed == 2 and uart.data().index(b"one\n") < uart.data().index(b"two\n")


def test_romaji_when_the_board_has_no_katakana_page():
    clock, uart, p = _printer(codepage=None)
    p.slip(["カブ 9", "ススキ"], cut=False)
    _run(p, uart, clock)
    assert uart.data() == b"\x1b@\x1b7\x0b\x78\x28kabu 9\nsusuki\n\x1bd\x03"


def test_text_never_sends_a_control_byte():
    # A name from a ruleset or a player could hold ESC @ (reset), GS V (cut)...:
    # only the driver's own commands go out; text control bytes print as "?".
    hostile = "\x1b@\x1dV\x00\x1b[2J\x7f\x9b"
    for codepage in (1, None):
        clock, uart, p = _printer(codepage=codepage)
        p.slip([hostile, "カブ\x1dV"], cut=False)
        _run(p, uart, clock)
        lines = uart.data()[len(p._header()):].split(b"\n")
        body = lines[0] + lines[1]
        assert all(0x20 <= x != 0x7F for x in body), body
        assert lines[0].startswith(b"?@?V??[2J?")
        assert lines[2] == b"\x1bd\x03"             # the driver's feed, no cut


def _check_pacing(uart, baud):
    log = uart.log
    for k in range(len(log) - 1):
        t, b = log[k]
        gap = log[k + 1][0] - t
        # the next write never starts before these bytes are on the wire
        assert gap * baud >= len(b) * 10 * 1000, (k, gap, len(b))
    # and over any stretch the rate stays within baud/10 bytes per second
    for i in range(len(log)):
        total = 0
        for j in range(i, len(log) - 1):
            total += len(log[j][1])
            assert total * 10 * 1000 <= (log[j + 1][0] - log[i][0]) * baud


def test_pacing_never_exceeds_the_wire_and_waits_for_each_line():
    for baud in (9600, 19200):
        clock, uart, p = _printer(baud=baud)
        lines = ["%02d %s" % (k, "x" * 29) for k in range(20)] + [(P.BIG, "BIG")]
        p.slip(lines)
        end = _run(p, uart, clock)
        _check_pacing(uart, baud)
        assert max(len(b) for _, b in uart.log) <= P.CHUNK
        # after a line feed, at least the time that line takes to print
        for k in range(len(uart.log) - 1):
            t, b = uart.log[k]
            if b.endswith(b"\n"):
                assert uart.log[k + 1][0] - t >= 30 * P.PRINT_DOT_US // 1000
        # 20 lines of ~33 bytes plus print time: a few seconds, not more
        assert 20 * 90 < end < 20 * 140 + 2000, end


def test_long_line_is_split_into_chunks():
    clock, uart, p = _printer(baud=9600)
    p.slip(["y" * 150], cut=False)
    _run(p, uart, clock)
    sizes = [len(b) for _, b in uart.log]
    assert sizes[1:4] == [64, 64, 23]
    _check_pacing(uart, 9600)


def test_pump_yields_between_lines():
    # a slip is never written in one go: the app gets control between lines
    clock, uart, p = _printer()
    p.slip(["a", "b", "c"])
    t = 0
    steps = 0
    while True:
        w = p.pump(t)
        if w < 0:
            break
        steps += 1
        t += max(w, 1)
    assert steps >= 5 and len(uart.log) == 5


def test_paper_out_drops_the_slip():
    clock, uart, p = _printer(status=True)
    p.slip(["hello"])
    p.pump(0)
    assert uart.data() == b"\x10\x04\x04"
    uart.rx = b"\x72"           # paper end sensor
    _run(p, uart, clock)
    assert uart.data() == b"\x10\x04\x04"
    assert p.failed == 1 and p.printed == 0 and p.last_error == "paper out"
    # paper back: the next slip prints (asked at its start and before its cut)
    p.slip(["again"])
    clock[0] = 1000
    uart.answer = b"\x12"
    _run(p, uart, clock)
    assert p.printed == 1 and p.last_error is None
    assert b"again\n" in uart.data()
    assert uart.data().count(b"\x10\x04\x04") == 3


def test_a_printer_that_stops_answering_is_reported():
    clock, uart, p = _printer(status=True)
    p.slip(["one"])
    uart.answer = b"\x12"
    _run(p, uart, clock)
    assert p.printed == 1
    n = len(uart.log)
    uart.answer = None
    p.slip(["two"])                  # unplugged: no answer
    _run(p, uart, clock)
    assert p.failed == 1 and "not answering" in p.last_error
    assert uart.data().count(b"two") == 0 and len(uart.log) == n + 1


def test_a_printer_unplugged_in_the_middle_of_a_slip_is_reported_and_not_cut():
    clock, uart, p = _printer(status=True)
    uart.answer = b"\x12"
    p.slip(["line %d" % k for k in range(6)])
    t = 0
    while b"line 2" not in uart.data():
        clock[0] = t
        p.pump(t)
        t += 1
    uart.answer = None               # unplugged after line 2
    _run(p, uart, clock, until=t + 60000)
    assert p.failed == 1 and p.printed == 0 and "not answering" in p.last_error
    data = uart.data()
    assert data.count(b"\x10\x04\x04") == 2 and data.endswith(b"\x10\x04\x04")
    assert b"line 5\n" in data and b"\x1dV" not in data      # the torn slip is not cut
    # plugged in again: the next slip prints whole
    uart.answer = b"\x12"
    p.slip(["next"])
    _run(p, uart, clock, until=t + 120000)
    assert p.printed == 1 and p.last_error is None and uart.data().endswith(b"\x1dV\x01")


def test_a_printer_that_never_answers_is_printed_to_blind():
    clock, uart, p = _printer(status=True)
    p.slip(["blind"])
    _run(p, uart, clock)
    assert p.printed == 1 and b"blind\n" in uart.data()


def test_null_printer():
    from oya.hw.no_printer import NullPrinter
    n = NullPrinter()
    assert not n.fitted and not n.busy and n.pump(0) == -1
    try:
        n.slip(["x"])
        assert False
    except HardwareError as e:
        assert "no printer" in str(e)


def test_the_port_imports_the_driver_for_a_slip_and_drops_it_after():
    # most of a match prints nothing: the driver is in RAM only while a slip is out,
    # and what the slips came to (counts, a printer that answered) outlives it
    import sys
    from harness import MICROPYTHON
    from oya.hw.printer_port import PrinterPort
    clock = [0]
    uart = FakeUART(clock)
    port = PrinterPort(uart, 19200, 384, 1, None, status=True)
    assert not port.busy and port.pump(0) == -1 and port.cols == 32
    uart.answer = b"\x12"
    port.slip(["one"])
    assert port.busy
    _run(port, uart, clock)
    assert port.printed == 1 and port.failed == 0 and b"one\n" in uart.data()
    assert not port.busy and port.bytes_sent == len(uart.data())
    if MICROPYTHON:
        assert "oya.hw.printer" not in sys.modules
    uart.answer = None              # unplugged: a new driver still knows it answered before
    clock[0] += 1000
    port.slip(["two"])
    _run(port, uart, clock, until=clock[0] + 60000)
    assert port.printed == 1 and port.failed == 1 and "not answering" in port.last_error
    uart.answer = b"\x12"
    clock[0] += 1000
    port.slip((ln for ln in ["three"]))
    _run(port, uart, clock, until=clock[0] + 60000)
    assert port.printed == 2 and port.failed == 1 and port.last_error is None


def test_the_port_holds_a_slip_and_makes_the_driver_on_the_next_pump_not_in_the_key():
    # the driver's import in the key that asked for a print was a run of
    # 126-140 ms of CPU as .mpy on the emulated RP2040 (tools/pico --soak)
    import sys
    from harness import MICROPYTHON
    from oya.heap import forget
    from oya.hw.printer_port import PrinterPort
    forget("oya.hw.printer")
    clock = [0]
    uart = FakeUART(clock)
    port = PrinterPort(uart, 19200, 384, 1, None, status=False)
    port.slip(["one"])
    port.slip((ln for ln in ["two"]))
    assert port.busy and port._driver is None and uart.data() == b""
    if MICROPYTHON:                             # (CPython keeps a module once imported)
        assert "oya.hw.printer" not in sys.modules
    _refused_as_busy(port, ["three"])           # as by the driver
    assert port.pump(0) == 0                    # the driver's code, on a pass of its own (forgotten
    if MICROPYTHON:                             # above; CPython keeps it, and makes the driver at once)
        assert port._driver is None and "oya.hw.printer" in sys.modules
        assert port.pump(0) == 0                # the driver made and given both: nothing sent yet
    assert port._driver is not None and "oya.hw.printer" in sys.modules and uart.data() == b""
    _run(port, uart, clock)
    assert port.printed == 2 and port.failed == 0
    assert b"one\n" in uart.data() and b"two\n" in uart.data() and b"three" not in uart.data()
    port.slip(["four"])
    port.cancel()                               # cancelled before its driver was made
    assert not port.busy and port.pump(clock[0]) == -1 and port.printed == 2


def test_a_driver_with_no_room_fails_the_held_slips_and_the_port_goes_on():
    # made on a pass of the device loop, outside any key: what it raises
    # must not stop the loop, and is said as a failed slip
    import oya.hw.printer  # noqa: F401  (its code in: the driver's making is what fails here)
    from oya.hw.printer_port import PrinterPort
    clock = [0]
    uart = FakeUART(clock)
    port = PrinterPort(uart, 19200, 384, 1, None, status=False)
    real = port.driver

    def no_room():
        raise MemoryError("memory allocation failed, allocating 1148 bytes")
    port.driver = no_room
    port.slip(["one"])
    port.slip(["two"])
    assert port.pump(0) == 0 and port.failed == 2 and "allocating" in port.last_error
    assert not port.busy and port.pump(0) == -1 and uart.data() == b""
    port.driver = real                          # room again: the next slip prints
    port.slip(["three"])
    _run(port, uart, clock)
    assert port.printed == 1 and b"three\n" in uart.data()


def test_a_slip_asked_for_while_one_prints_and_one_waits_is_refused():
    # a print key pressed again and again while a slip prints: each slip is
    # RAM until printed, so one waits and the next is refused with a reason
    clock, uart, p = _printer()
    p.slip(["first"])
    p.pump(0)                           # the first one is printing
    p.slip(["second"])
    _refused_as_busy(p, ["third"])
    _run(p, uart, clock)
    assert p.printed == 2 and b"first\n" in uart.data() and b"second\n" in uart.data()
    assert b"third" not in uart.data()
    p.slip(["third"])                   # once it has stopped, it prints again
    _run(p, uart, clock, until=clock[0] + 60000)
    assert p.printed == 3 and b"third\n" in uart.data()
