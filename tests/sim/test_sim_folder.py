"""What the simulator keeps between runs: the device's flash in a folder it names, each
printed slip as text and PNG, ruleset files given on the command line; and the terminal
front end's receipt panel, which scrolls."""
import curses
import os
import pty
import select
import struct
import subprocess
import sys
import fcntl
import termios
import time

from PIL import Image

from host_sim import Sim
from host_sim import __main__ as cli
from host_sim import tui

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# a match of Oicho-Kabu set up, two commitment slips printed, then Save and quit
SAVE_AND_QUIT = """SETUP oicho seats 2 bots 1
WAIT 800
OK          # the first dealer is drawn
WAIT 1500
HOLD OK 900 # print the commitment
WAIT 3000
HOLD OK 900 # and again
WAIT 3000
BACK        # the pause menu
WAIT 500
DOWN x4     # Save and quit
OK
WAIT 1000
"""


def _run(tmp_path, name, text, *flags):
    src = tmp_path / (name + ".txt")
    src.write_text(text)
    out = tmp_path / name
    rc = cli.main(["--script", str(src), "--out", str(out), "--seed", "3"] + list(flags))
    return rc, out


def _frames(out):
    return (out / "frames.txt").read_text(encoding="utf-8")


def test_a_match_saved_and_quit_is_offered_again_on_the_next_run(tmp_path):
    flash = str(tmp_path / "flash")
    rc, out = _run(tmp_path, "first", SAVE_AND_QUIT, "--flash", flash)
    assert rc == 0 and "|>New table" in _frames(out).split("== frame")[-1]
    rc, out = _run(tmp_path, "again", "WAIT 500\n", "--flash", flash)
    assert rc == 0
    assert "*Resume the match?\n|Oicho-Kabu" in _frames(out)
    # without the folder a run starts from a fresh flash, as before
    rc, out = _run(tmp_path, "fresh", "WAIT 500\n")
    assert rc == 0 and "Resume the match?" not in _frames(out)


def test_each_slip_is_saved_as_text_and_png_numbered_on_across_runs(tmp_path):
    rc, out = _run(tmp_path, "first", SAVE_AND_QUIT)
    assert rc == 0
    folder = out / "receipts"
    assert sorted(os.listdir(folder)) == ["receipt-001.png", "receipt-001.txt",
                                          "receipt-002.png", "receipt-002.txt"]
    roll = (out / "receipt.txt").read_text(encoding="utf-8")
    one = (folder / "receipt-001.txt").read_text(encoding="utf-8")
    two = (folder / "receipt-002.txt").read_text(encoding="utf-8")
    assert one == two and one.startswith("Deal 1  Oicho-Kabu\nCommit:\n")
    assert one.rstrip().endswith("- cut -" + "-" * 13) and roll == one + two
    for n in ("001", "002"):
        img = Image.open(folder / ("receipt-%s.png" % n))
        assert img.size[0] == 384 and 100 < img.size[1] < 400
        assert img.convert("L").getextrema() == (0, 255)          # ink on paper
    # a later run into the same folder writes after them, never over them
    rc, out2 = _run(tmp_path, "second", SAVE_AND_QUIT, "--receipts", str(folder))
    assert rc == 0 and not os.path.exists(out2 / "receipts")
    assert len(os.listdir(folder)) == 8 and (folder / "receipt-004.png").exists()


def test_the_terminal_simulator_keeps_its_flash_in_the_checkouts_build_folder():
    args = cli.build_parser().parse_args([])
    flash, receipts = cli.folders(args)
    assert flash == os.path.join(ROOT, "build", "sim", "flash")
    assert receipts == os.path.join(ROOT, "build", "sim", "receipts")
    ignored = subprocess.run(["git", "check-ignore", "-q", flash], cwd=ROOT)
    assert ignored.returncode == 0                    # never committed by accident
    args = cli.build_parser().parse_args(["--flash", "f", "--receipts", "r"])
    assert cli.folders(args) == ("f", "r")
    args = cli.build_parser().parse_args(["--script", "s", "--out", "o"])
    assert cli.folders(args) == (None, os.path.join("o", "receipts"))


HOUSE = b'{"game": "oicho", "name": "House rules", "options": {"tie": "push"}}'


def test_a_ruleset_file_given_is_on_the_devices_list(tmp_path):
    house = tmp_path / "house.json"
    house.write_bytes(HOUSE)
    flash = tmp_path / "flash"
    rc, out = _run(tmp_path, "list", "DOWN\nOK   # Rulesets\nWAIT 1500\n",
                   "--flash", str(flash), "--ruleset", str(house))
    assert rc == 0
    assert (flash / "rulesets" / "house.json").read_bytes() == HOUSE
    assert "House rules" in _frames(out)
    assert (flash / "rulesets" / "oicho_default.json").exists()      # beside the shipped ones


def test_a_ruleset_the_device_refuses_is_not_copied_and_said_why(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"game": "oicho", "name": "Bad", "options": {"deck": "tarot"}}')
    flash = tmp_path / "flash"
    rc, _ = _run(tmp_path, "bad", "WAIT 100\n", "--flash", str(flash), "--ruleset", str(bad))
    assert rc == 2
    assert capsys.readouterr().err.strip() == "bad.json: option 'deck' must be hanafuda, kabufuda (got 'tarot')."
    assert not (flash / "rulesets" / "bad.json").exists()
    rc, _ = _run(tmp_path, "none", "WAIT 100\n", "--ruleset", str(tmp_path / "missing.json"))
    assert rc == 2 and "missing.json: cannot be read" in capsys.readouterr().err
    notes = tmp_path / "notes.txt"
    notes.write_bytes(HOUSE)
    rc, _ = _run(tmp_path, "txt", "WAIT 100\n", "--ruleset", str(notes))
    assert rc == 2 and "notes.txt: the device lists only files named NAME.json" in capsys.readouterr().err


def test_a_kept_flash_gets_the_shipped_rulesets_and_board_of_this_checkout(tmp_path):
    flash = tmp_path / "flash"
    (flash / "rulesets").mkdir(parents=True)
    (flash / "rulesets" / "oicho_default.json").write_bytes(b"{}")      # an older firmware's
    (flash / "rulesets" / "mine.json").write_bytes(HOUSE)               # copied by hand
    (flash / "board.json").write_text('{"name": "another board"}')
    rc, _ = _run(tmp_path, "kept", "WAIT 100\n", "--flash", str(flash))
    assert rc == 0
    shipped = os.path.join(ROOT, "firmware", "rulesets", "oicho_default.json")
    assert (flash / "rulesets" / "oicho_default.json").read_bytes() == open(shipped, "rb").read()
    assert (flash / "rulesets" / "mine.json").read_bytes() == HOUSE
    assert "Raspberry Pi Pico" in (flash / "board.json").read_text()


# --- the terminal front end ------------------------------------------------------------------

class Window:
    """A curses window as _draw uses it: what was put where."""

    def __init__(self, h, w):
        self.h, self.w = h, w
        self.cells = {}

    def getmaxyx(self):
        return self.h, self.w

    def erase(self):
        self.cells = {}

    def addstr(self, y, x, text, attr=0):
        self.cells[(y, x)] = text

    def refresh(self):
        pass

    def receipt(self):
        """The receipt panel: its title, then its lines."""
        col = max(x for (y, x) in self.cells if y == 1)
        rows = sorted(y for (y, x) in self.cells if x == col and y > 1)
        return self.cells[(1, col)], [self.cells[(y, col)][1:] for y in rows]


def test_the_receipt_panel_scrolls_back_and_follows_new_lines(monkeypatch):
    monkeypatch.setattr(curses, "A_BOLD", 0, raising=False)
    monkeypatch.setattr(curses, "A_DIM", 0, raising=False)
    with Sim(seed=1) as sim:
        sim.advance(300)
        data = b"".join(b"line %d\n" % i for i in range(1, 61))
        sim.printer.receive(data, sim.clock.us)        # ESC/POS text, as the UART brings it
        sim.advance(5000)
        front = tui.Front(sim)
        scr = Window(40, 200)                           # room for 32 receipt lines
        tui._draw(scr, front, "t")
        title, lines = scr.receipt()
        assert "receipt 29-60 of 60" in title and lines[0] == "line 29" and lines[-1] == "line 60"
        front.key(curses.KEY_PPAGE)
        tui._draw(scr, front, "t")
        title, lines = scr.receipt()
        assert "receipt 1-32 of 60" in title and lines[0] == "line 1"
        front.key(curses.KEY_NPAGE)
        tui._draw(scr, front, "t")
        assert scr.receipt()[1][-1] == "line 60"
        front.key(curses.KEY_HOME)
        sim.printer.receive(b"line 61\n", sim.clock.us)
        sim.advance(500)
        tui._draw(scr, front, "t")
        assert scr.receipt()[1][0] == "line 1"         # scrolled back: the view stays put
        front.key(curses.KEY_END)
        tui._draw(scr, front, "t")
        assert scr.receipt()[1][-1] == "line 61"       # End follows the printing again


def _winsize(fd, rows, cols):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def test_the_terminal_simulator_names_its_folders_and_keeps_them(tmp_path):
    house = tmp_path / "house.json"
    house.write_bytes(HOUSE)
    flash, slips = tmp_path / "flash", tmp_path / "slips"
    pid, fd = pty.fork()
    if pid == 0:                                       # the child: the simulator on a terminal
        os.chdir(ROOT)
        os.environ["TERM"] = "xterm"
        os.execv(sys.executable, [sys.executable, "-m", "host_sim", "--seed", "1", "--flash",
                                  str(flash), "--receipts", str(slips), "--ruleset", str(house)])
    _winsize(fd, 40, 200)
    out = b""

    def read_until(want, seconds):
        nonlocal out
        end = time.monotonic() + seconds
        while want not in out and time.monotonic() < end:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    out += os.read(fd, 65536)
                except OSError:
                    break
        return want in out
    try:
        assert read_until(b"Oya simulator - ", 60), out
        os.write(fd, b"q")
        read_until(b"starts from it\r\n", 30)
    finally:
        os.close(fd)
        os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace")
    assert "the device's flash: %s (kept: the next run starts from it)" % flash in text
    assert "printed slips are saved in %s" % slips in text
    assert 'ruleset %s: oicho "House rules", in %s' % (house, flash / "rulesets" / "house.json") in text
    assert "the device's flash is kept in %s: the next run starts from it" % flash in text
    assert (flash / "board.json").exists() and (flash / "rulesets" / "house.json").exists()
