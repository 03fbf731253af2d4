# `python -m tools pico`: what runs without the firmware (the arguments, the
# board's wiring around a fake RP2040, the report), and one short run on the
# emulated RP2040 when the two files are given (OYA_PICO_FIRMWARE,
# OYA_PICO_BOOTROM), skipped otherwise.
import json
import random
import shutil
import subprocess
import sys
import os
import types
from pathlib import Path

import pytest

from host_sim import textrec
from tools import pico
from tools.deploy import board_file
from tools.pico.rig import Rig

BOARD = board_file("rpi_pico")[1]


class FakeRP2040:
    """The few calls Rig makes, on a made-up clock: pin levels are recorded,
    and `on_pin` may answer with bus events (as the firmware would)."""

    def __init__(self, on_pin=None, busy_per_us=25):
        self.t = 0.0
        self.busy = 0
        self.levels = []            # (t, gpio, level)
        self.pending = []           # events not yet due
        self.out = []
        self.on_pin = on_pin
        self.busy_per_us = busy_per_us
        self.stretches = []         # the longest busy run reported by each run(), in turn
        self.stretch = 0
        self.stretch_erases = 0     # the flash erases inside it: the run's length in 45 ms erases

    def run(self, us):
        self.t += us
        self.busy += int(us * self.busy_per_us)
        self.stretch = self.stretches.pop(0) if self.stretches else 0
        self.stretch_erases = self.stretch // (45 * 125000)
        due = [e for e in self.pending if e["t"] <= self.t]
        self.pending = [e for e in self.pending if e["t"] > self.t]
        self.out += due

    def pin(self, gpio, level):
        self.levels.append((self.t, gpio, level))
        if self.on_pin:
            self.on_pin(self, gpio, level)

    def take(self):
        ev, self.out = self.out, []
        return ev


def frame_txns(title):
    """The I2C writes of a full SSD1306 frame with `title` on the top row,
    drawn with the firmware's font."""
    t = textrec.table()
    by_char = {ch: pat for pat, ch in t.items()}
    page0 = b"".join(by_char[c] for c in title).ljust(128, b"\0")
    data = page0 + bytes(128 * 7)
    init = bytes((0x00, 0xAE, 0x20, 0x00, 0xA1, 0xC8, 0x8D, 0x14, 0xAF))   # horizontal addressing
    window = bytes((0x00, 0x21, 0, 127, 0x22, 0, 7))
    return [init, window, b"\x40" + data]


def i2c_event(t, data, busy):
    return {"ev": "i2c", "t": t, "t1": t + 22.5 * (len(data) + 1), "busy": busy, "hex": data.hex()}


def test_without_the_files_it_says_what_is_needed_and_exits_0(capsys, tmp_path):
    assert pico.main([]) == 0
    out = capsys.readouterr().out
    assert "--firmware RPI_PICO.uf2" in out and "--bootrom B1.bin" in out and "bootrom.ts" in out
    assert "--firmware was not given" in out
    assert pico.main(["--firmware", str(tmp_path / "x.uf2"), "--bootrom", str(tmp_path / "B1.bin")]) == 0
    out = capsys.readouterr().out
    assert "x.uf2: no such file" in out and "B1.bin: no such file" in out


def test_every_command_without_the_files_says_what_is_needed_and_exits_0(capsys, monkeypatch):
    from tools.pico import cli
    monkeypatch.delenv("FIRMWARE", raising=False)
    monkeypatch.delenv("BOOTROM", raising=False)
    for name, _, _ in cli.COMMANDS:
        argv = [name] + (["ok"] if name == "press" else [])
        assert pico.main(argv) == 0, name
        out = capsys.readouterr().out
        assert "nothing run, it needs two files" in out and "--firmware was not given" in out, name


def test_a_bench_run_keeps_its_games_and_their_summary_as_the_report_reads_them(tmp_path):
    from dataclasses import asdict
    from tools.pico import cli
    a = cli.parser().parse_args(["bench", "--games", "meri", "--max-keys", "40", "--deals", "7"])
    t = cli.Target(tmp_path / "RPI_PICO.uf2", tmp_path / "B1.bin", "rpi_pico", {}, False)
    cmd = cli.bench_command(a, t, ["meri"])
    assert cmd == ("python -m tools pico bench --firmware RPI_PICO.uf2 --bootrom B1.bin --games meri "
                   "--max-keys 40 --deals 7")
    run = cli.BenchRun(t.uf2.name, False, "rpi_pico", cmd, deals=7)
    r = pico.GameRun("meri", keys=_run("meri", [10, 20, 30], 50000)["keys"], finished=True,
                     heap_peak=240000, heap_live_peak=50000, heap_size=245888)
    run.runs["meri"] = asdict(r)
    fig = json.loads(json.dumps(run.figures()))
    assert fig["summary"]["meri"]["lat_median"] == 20 and fig["commit"] and fig["deals"] == 7
    row = [ln for ln in pico.table(fig).splitlines() if ln.startswith("meri")][0]
    assert row.split()[1:3] == ["4", "yes"]
    a = cli.parser().parse_args(["bench", "--frozen"])
    t.frozen = True
    assert cli.bench_command(a, t, list(pico.GAMES)) == "make pico-bench FIRMWARE=RPI_PICO.uf2 BOOTROM=B1.bin FROZEN=1"


def test_the_command_lines_of_the_flags_before_the_commands_still_run_their_command():
    from tools.pico import cli
    fw = ["--firmware", "F.uf2", "--bootrom", "B1.bin"]
    a = cli.parser().parse_args(cli.from_old_flags(fw + ["--frozen", "--soak", "150", "--seed", "41", "--console",
                                                         "--heap-cap", "32", "--games", "kakkuri"]))
    assert (a.cmd, a.presses, a.seed, a.console, a.heap_cap, a.games, a.frozen) == (
        "soak", 150, 41, True, 32, "kakkuri", True)
    a = cli.parser().parse_args(cli.from_old_flags(fw + ["--remove", "rulesets/.index", "--press", "ok,back"]))
    assert (a.cmd, a.keys, a.remove, a.pass_log) == ("press", "ok,back", ["rulesets/.index"], 20)
    assert cli.parser().parse_args(cli.from_old_flags(fw + ["--labels"])).hands == 6
    assert cli.parser().parse_args(cli.from_old_flags(fw + ["--labels", "3"])).hands == 3
    a = cli.parser().parse_args(cli.from_old_flags(fw + ["--heap-map", "--at-key", "60", "--games", "kyuten"]))
    assert (a.cmd, a.at_key, a.games) == ("heap-map", 60, "kyuten")
    assert cli.parser().parse_args(cli.from_old_flags(["--report", "f.json", "--no-md"])).figures == ["f.json"]
    assert cli.from_old_flags(fw + ["--games", "meri"]) == fw + ["--games", "meri"]


def test_missing_names_only_what_is_missing(tmp_path):
    f = tmp_path / "fw.uf2"
    f.write_bytes(b"\0" * 512)
    assert pico.missing(str(f), None) == ["--bootrom was not given"]
    assert pico.missing(str(f), str(f)) == []


def test_a_press_bounces_then_settles_low_and_is_released_high():
    emu = FakeRP2040()
    rig = Rig(emu, BOARD, seed=3)
    rig.press("down", hold_ms=80, quiet_ms=50)
    gpio = BOARD["buttons"]["down"]
    lv = [(t, level) for t, g, level in emu.levels if g == gpio]
    assert lv[0][1] == 0 and lv[-1][1] == 1
    downs = [t for t, level in lv if level == 0]
    ups = [t for t, level in lv if level == 1]
    # the press bounces out before the release; every flip within 10 ms of its edge
    t_down, t_up = downs[0], ups[-1] if len(ups) == 1 else [t for t in ups if t >= downs[0] + 80000][0]
    assert t_up - t_down == 80000
    assert all(t < t_down + 10000 or t_up <= t < t_up + 10000 for t, _ in lv)
    assert len(lv) > 2, "seed 3 bounces"
    assert Rig(FakeRP2040(), BOARD, bounce=False).edge_times(0, 0, 80000) == [(0, 0)]


def test_key_figures_run_from_the_acting_edge_to_the_last_display_byte():
    ok = BOARD["buttons"]["ok"]

    def firmware(emu, gpio, level):
        if gpio == ok and level == 1:          # OK acts on its release
            emu.pending += [i2c_event(emu.t + 5000, b"\x00\x21\x00\x7f", emu.busy + 1000),
                            i2c_event(emu.t + 30000, b"\x40" + bytes(100), emu.busy + 700000)]

    emu = FakeRP2040(firmware)
    rig = Rig(emu, BOARD, bounce=False)
    k = rig.press("ok", hold_ms=80, quiet_ms=100)
    assert k.name == "ok"
    assert k.latency_us == 30000 + 22.5 * 102          # release -> end of the last byte
    assert k.display_bytes == (4 + 1) + (101 + 1)        # each transaction's address byte too
    assert k.cycles == 700000
    assert rig.display_bytes == k.display_bytes


def test_only_the_flash_time_inside_a_key_counts_as_its_flash_wait():
    ok = BOARD["buttons"]["ok"]

    def firmware(emu, gpio, level):
        if gpio == ok and level == 1:
            e = i2c_event(emu.t + 50000, b"\x40" + bytes(100), emu.busy)
            e["fbusy"] = emu.flash["busy_us"] + 45000       # an erase before the frame
            emu.pending.append(e)
            emu.flash = {"erases": 2, "busy_us": emu.flash["busy_us"] + 90000}   # and one after it

    emu = FakeRP2040(firmware)
    emu.flash = {"erases": 0, "busy_us": 1000}
    rig = Rig(emu, BOARD, bounce=False)
    k = rig.press("ok", hold_ms=80, quiet_ms=100).as_dict()
    assert k["flash_wait_us"] == 45000 and k["flash_busy_us"] == 90000 and k["flash_erases"] == 2
    r = _run("oicho", [k["latency_us"] / 1000], 1)
    r["keys"][0].update(k)
    assert pico.summarise(r)["lat_p95_no_flash_wait"] == round((k["latency_us"] - 45000) / 1000, 1)


def test_a_key_keeps_the_longest_cpu_run_after_its_edge():
    emu = FakeRP2040()
    rig = Rig(emu, BOARD, bounce=False)
    emu.stretches = [9000000]          # before the release OK acts on: not the key's
    k = rig.press("ok", hold_ms=80, quiet_ms=100)
    assert k.stretch == 0
    emu.stretches = [0, 0, 0, 0, 0, 300000, 7000000, 500000]
    k = rig.press("ok", hold_ms=80, quiet_ms=100)
    assert k.stretch == 7000000 and k.as_dict()["stretch"] == 7000000
    # the erases inside the longest run are that run's, not a shorter one's
    emu.stretches = [0, 0, 0, 0, 0, 12000000, 7000000, 500000]
    k = rig.press("ok", hold_ms=80, quiet_ms=100)
    assert k.stretch == 12000000 and k.as_dict()["stretch_erases"] == 2


def test_up_and_down_are_timed_from_the_press():
    up = BOARD["buttons"]["up"]

    def firmware(emu, gpio, level):
        if gpio == up and level == 0:
            emu.pending.append(i2c_event(emu.t + 40000, b"\x40\x01", emu.busy))

    rig = Rig(FakeRP2040(firmware), BOARD, bounce=False)
    k = rig.press("up", hold_ms=80, quiet_ms=100)
    assert k.latency_us == 40000 + 22.5 * 3


def test_a_key_with_no_display_change_has_no_latency():
    rig = Rig(FakeRP2040(), BOARD, bounce=False)
    k = rig.press("back", quiet_ms=50)
    assert k.latency_us is None and k.display_bytes == 0 and k.cycles is None


def test_the_screen_is_read_from_the_i2c_bytes():
    emu = FakeRP2040()
    emu.pending = [i2c_event(1000 * (i + 1), d, 0) for i, d in enumerate(frame_txns("Oya - home"))]
    rig = Rig(emu, BOARD)
    assert rig.boot("Oya", max_ms=1000)
    assert rig.title() == "Oya - home"


def test_printer_bytes_on_the_uart_are_decoded():
    emu = FakeRP2040()
    emu.pending = [{"ev": "uart", "t": 500, "hex": (b"\x1b@Deal 1\n").hex()}]
    rig = Rig(emu, BOARD)
    rig.run(1000)
    assert rig.uart_bytes == 9
    assert "Deal 1" in rig.printer.text()


def _run(game, lat_ms, heap_live):
    keys = [{"key": "ok", "latency_us": v * 1000, "display_bytes": 100 + i, "cycles": v * 125000,
             "uart_bytes": 0, "phase": "match"} for i, v in enumerate(lat_ms)]
    keys.append({"key": "back", "latency_us": None, "display_bytes": 0, "cycles": None, "uart_bytes": 0})
    return {"game": game, "keys": keys, "finished": True, "display_bytes": sum(k["display_bytes"] for k in keys),
            "heap_peak": 240000, "heap_live_peak": heap_live, "heap_size": 245888}


def test_summary_of_made_up_figures():
    s = pico.summarise(_run("meri", [10, 20, 30, 40, 300], 100000))
    assert s["keys"] == 6 and s["answered"] == 5
    assert (s["lat_median"], s["lat_p95"], s["lat_max"]) == (30, 300, 300)
    assert s["mcycles_median"] == 3.75 and s["mcycles_max"] == 37.5
    assert s["heap_live_peak"] == 100000


def test_the_report_names_the_keys_that_froze_the_cpu():
    r = _run("kachi", [10, 20, 30], 50000)
    for k, (run_ms, erases) in zip(r["keys"], ((40, 0), (209.1, 3), (115.5, 0))):
        k["stretch"], k["flash_erases"] = int(run_ms * 125000), erases
    assert pico.freezes(r) == [(1, 209.1, 3, None), (2, 115.5, 0, None)]     # saved before it was kept
    text = pico.table({"firmware_name": "RPI_PICO.uf2", "frozen": False, "runs": {"kachi": r}})
    assert text.splitlines()[-1] == "kachi     #1 209.1 ms 3; #2 115.5 ms 0"
    r["keys"][1]["stretch_erases"], r["keys"][2]["stretch_erases"] = 2, 0
    text = pico.table({"firmware_name": "RPI_PICO.uf2", "frozen": False, "runs": {"kachi": r}})
    assert text.splitlines()[-1] == "kachi     #1 209.1 ms 3, 2 inside; #2 115.5 ms 0, 0 inside"
    r2 = _run("meri", [10, 20], 50000)
    assert pico.freezes(r2) == [] and "CPU runs over" not in pico.table(
        {"firmware_name": "RPI_PICO.uf2", "frozen": False, "runs": {"meri": r2}})


def _fig(frozen, lat):
    runs = {"oicho": _run("oicho", lat, 50000)}
    return {"date": "2026-11-24 23:00 UTC", "commit": "abc1234", "firmware_name": "RPI_PICO.uf2",
            "frozen": frozen, "command": "make pico-bench FIRMWARE=RPI_PICO.uf2 BOOTROM=B1.bin",
            "wall_s": 60, "runs": runs}


def test_the_report_replaces_its_own_section_and_keeps_the_rest_of_the_page(tmp_path):
    md = tmp_path / "BENCHMARKS.md"
    f = _fig(False, [10, 20])
    pico.write_md(md, f, pico.table(f))                    # no page yet: the skeleton, this section filled
    text = md.read_text()
    assert text.startswith("# Oya benchmarks") and "## Known limits" in text
    md.write_text(text.replace("Hand-written;", "Hand-written by us;"))
    f2 = _fig(False, [11, 77])
    pico.write_md(md, f2, pico.table(f2))
    f3 = _fig(True, [5, 6])
    pico.write_md(md, f3, pico.table(f3))
    text = md.read_text()
    assert text.count("## On the emulated RP2040") == 2    # the .mpy one and the frozen one
    assert "77.0" in text and "20.0" not in text           # the second run replaced the first
    assert "app frozen" in text and "`make pico-bench FIRMWARE=RPI_PICO.uf2 BOOTROM=B1.bin`" in text
    assert "Commit abc1234, 2026-11-24 23:00 UTC" in text
    assert "Hand-written by us;" in text                   # the hand-kept limits stay
    assert text.index("<!-- /pico-bench -->") < text.index("<!-- pico-bench-frozen:") < text.index("## Known limits")


def test_the_latency_budget_is_met_or_missed_by_the_worst_games_p95():
    assert pico.budget_line(_fig(False, [10, 50])) == (
        "Budget: p95 press -> last display byte <= 50 ms in each game: **met** (the highest: oicho 50.0 ms).")
    f = _fig(False, [10, 20])
    f["runs"]["kachi"] = _run("kachi", [30, 50.5], 50000)
    assert "**MISSED** (the highest: kachi 50.5 ms)" in pico.budget_line(f)


@pytest.fixture
def rp2040():
    """(firmware .uf2, boot ROM) from OYA_PICO_FIRMWARE / OYA_PICO_BOOTROM:
    the emulated board's tests skip without them."""
    fw, rom = os.environ.get("OYA_PICO_FIRMWARE"), os.environ.get("OYA_PICO_BOOTROM")
    if not (fw and rom):
        pytest.skip("OYA_PICO_FIRMWARE / OYA_PICO_BOOTROM (a MicroPython .uf2, the RP2040 boot ROM) not given")
    if not (Path(fw).is_file() and Path(rom).is_file()):
        pytest.skip("the firmware or boot ROM file is not there")
    return fw, rom


def test_on_the_emulated_rp2040(tmp_path, rp2040):
    fw, rom = rp2040
    out = tmp_path / "pico.json"
    assert pico.main(["bench", "--firmware", fw, "--bootrom", rom, "--games", "meri", "--max-keys", "12",
                      "--no-md", "--json", str(out)]) == 0
    fig = json.loads(out.read_text())
    run = fig["runs"]["meri"]
    assert len(run["keys"]) == 12
    assert run["heap_size"] > 200 * 1024                  # the RP2040's MicroPython heap
    s = fig["summary"]["meri"]
    assert 0 < s["lat_median"] < 2000 and s["bytes_total"] > 1024


# Files written through oya.hw.flashfs's mount, read back through it and,
# after it, through the port's own (what a reset, mpremote or a reflash use).
FLASHFS_SCRIPT = r"""
import os, vfs
from _rp2 import Flash
from oya.hw import flashfs
print("REMOUNT", flashfs.remount())
try:
    os.mkdir("vfy")
except OSError:
    pass
data = {}
for i in range(40):
    b = bytes((i * 7 + j) & 255 for j in range(37 + (i * 97) % 1400))
    p = "vfy/f%d" % (i % 13)
    with open(p, "wb") as f:
        f.write(b)
    data[p] = b
print("OURS", sorted(p for p in data if open(p, "rb").read() != data[p]))
vfs.umount("/")
vfs.mount(vfs.VfsLfs2(Flash(), progsize=256), "/")
os.chdir("/")
print("PORTS", sorted(p for p in data if open(p, "rb").read() != data[p]), len(data))
"""


def test_the_filesystem_mounted_again_reads_back_through_the_ports_mount(tmp_path, rp2040):
    fw, rom = rp2040
    from tools.pico import deployed_flash
    from tools.pico.emu import run_script
    flash, _ = deployed_flash(fw, rom, "rpi_pico", False, tmp_path / "flash.bin")
    script = tmp_path / "verify.py"
    script.write_text(FLASHFS_SCRIPT)
    out = run_script(fw, rom, flash, script).stdout
    out = out.decode() if isinstance(out, bytes) else out
    assert "REMOUNT True" in out and "OURS []" in out and "PORTS [] 13" in out, out[-2000:]


def test_saved_figures_are_reported_again(tmp_path, capsys):
    fig = _fig(False, [12, 34, 56])
    fig["runs"]["oicho"]["keys"][0]["flash_erases"] = 3
    fig["runs"]["oicho"]["keys"][2]["flash_busy_us"] = 45000     # 56 ms, 45 of them erasing
    fig["runs"]["oicho"]["keys"][1]["stretch"] = 125000 * 120      # 120 ms without a sleep
    f = tmp_path / "pico.json"
    f.write_text(json.dumps(fig))
    md = tmp_path / "B.md"
    assert pico.main(["report", str(f), "--md", str(md)]) == 0
    out = capsys.readouterr().out
    row = [ln for ln in out.splitlines() if ln.startswith("oicho")][0]
    assert row.split()[1:6] == ["4", "yes", "34.0", "56.0", "56.0"]
    assert row.split()[-4] == "0.75"                       # 3 erases over 4 keys
    assert row.split()[-3] == "34.0"                       # without the wait: 12, 34, 11
    assert row.split()[-1] == "120.0"                      # the longest CPU run
    assert "56.0" in md.read_text()


def test_the_soak_pins_everything_above_the_cap_and_reports_the_firmwares_heap(monkeypatch):
    import types
    from tools.pico import soak
    fake = types.SimpleNamespace(collect=lambda: None, mem_free=lambda: 200000, mem_alloc=lambda: 45888)
    monkeypatch.setitem(sys.modules, "gc", fake)
    env = {}
    exec(soak.boot_py(98304), env)
    assert len(env["_oya_heap_pin"]) == 245888 - 98304
    # the RAM reading sees the pin as used: it is taken out again
    r = {"heap_size": 245888, "heap_peak": 245888, "heap_live_peak": 245888 - 98304 + 90000}
    assert soak.app_heap(r, 98304) == (98304, 90000)
    keys = soak.draw_keys(random.Random(1), 400, BOARD["buttons"])
    assert {"ok", "up", "down", "back", "hold_ok"} <= set(keys)
    assert not {"left", "right"} & set(keys)              # the Pico board has no such buttons


def test_heap_parts_imports_each_module_after_its_package_and_its_imports():
    from tools.pico import heapparts
    names = ["oya.ui.play", "oya.games.kachi", "oya", "oya.cards", "oya.games.kachi_hands", "oya.games",
             "oya.game", "oya.compat", "oya.ui", "asyncio"]
    order = heapparts.import_order(names)
    assert sorted(order) == sorted(names)
    for k, name in enumerate(order):
        before = order[:k]
        pkg = name.rpartition(".")[0]
        assert not pkg or pkg not in names or pkg in before, name
        assert all(d in before for d in heapparts.imports_of(name) if d in names), name
    assert order.index("oya.games.kachi_hands") < order.index("oya.games.kachi")


def test_heap_parts_report_splits_the_live_heap():
    from tools.pico import heapparts
    fig = heapparts.parse("LIVE 40960\nMODS oya oya.cards\n", "BOOT 5120\nMOD oya 1024\nMOD oya.cards 3072\n"
                          "qstr pool: n_pool=3, n_qstr=120, n_str_data_bytes=900, n_total_bytes=2048\n"
                          "OBJS 2 1 14 40\nSESSION 70\n"
                          "qstr pool: n_pool=7, n_qstr=1367, n_str_data_bytes=11569, n_total_bytes=27025\n")
    assert fig == {"live": 40960, "boot": 5120, "modules": [("oya", 1024), ("oya.cards", 3072)],
                   "qstr": (120, 2048), "objs": (2, 1, 14, 40), "session": (70, 1367, 27025, 7)}
    text = heapparts.report("meri", fig, True)
    assert "40.0 KB = boot 5.0 + modules 4.0 + state and buffers 31.0" in text
    assert text.index("oya.cards") < text.index("oya ")          # the largest first
    assert "120 names interned in RAM: 2.0 KB" in text
    assert "the 2 modules make 1 classes, 14 functions and 40 names" in text
    assert "every module of the game's, 70 more: 1367 names interned in RAM, 26.4 KB in 7 pools" in text


def test_heap_parts_import_script_runs_on_micropython():
    # the device script itself, on the real MicroPython runtime (wasm)
    from tools import mpy_runtime
    from tools.pico import heapparts
    names = ("oya", "oya.compat", "oya.journal")
    rest = ("oya.rng", "oya.no_such", "oya.kana")     # (one the port cannot import: skipped, and said)
    script = heapparts.IMPORT_SCRIPT.replace("NAMES", repr(names)).replace("REST", repr(rest))
    r = mpy_runtime.run(script, timeout=120)
    assert r.ok, r.error
    fig = heapparts.parse("LIVE 1\n", r.stdout)
    assert [n for n, _ in fig["modules"]] == list(names)
    mods, classes, funcs, entries = fig["objs"]
    assert mods == 3 and classes == 2 and funcs >= 20 and entries > funcs   # Journal, JournalCorrupt
    assert fig["session"][0] == 3 and fig["session"][1] > fig["qstr"][0]      # their names came
    assert "SKIP oya.no_such" in r.stdout and "SKIP oya.rng" not in r.stdout


def test_a_session_of_one_game_can_load_every_module_but_the_other_games():
    from tools.pico import heapparts
    mods = heapparts.session_modules("kachi", pico.GAMES)
    assert {"oya", "oya.games", "oya.games.kachi", "oya.games.kachi_hands", "oya.games.first_dealer",
            "oya.ui.settings", "oya.ui.text_ja", "oya.hw.printer"} <= set(mods)
    assert not [m for m in mods if m.startswith(("oya.games.oicho", "oya.games.meri", "oya.games.kakkuri"))]


def test_a_heap_run_is_set_against_the_budget_in_a_section_of_its_own(tmp_path):
    def heap_fig(frozen, peaks):
        f = _fig(frozen, [10, 20, 30])
        f["gc_every"] = 1024
        r = f["runs"]["oicho"]
        for k, b in zip(r["keys"], peaks):
            k["heap_peak"], k["title"] = b, "Pass to P2"
        r["heap_peak"] = max(peaks)
        return f
    fz = heap_fig(True, [30 * 1024, 34 * 1024, 31 * 1024])
    text = pico.table(fz)
    assert "over by 2.0" in text and "#1 ok -> Pass to P2 34.0" in text
    assert "p95" not in text                          # a collection every 1 KB: not the device's latency
    assert "met" in pico.table(heap_fig(False, [90 * 1024, 99 * 1024]))
    assert "over by 0.5" in pico.table(heap_fig(False, [100.5 * 1024]))      # .mpy: 100 KB
    assert "**MISSED** (the highest: oicho 34.0 KB)" in pico.budget_line(fz)
    md = tmp_path / "BENCHMARKS.md"
    for f in (fz, _fig(True, [5, 6]), heap_fig(False, [90 * 1024]), _fig(False, [10, 20]), fz):
        pico.write_md(md, f, pico.table(f))
    text = md.read_text()
    marks = ["<!-- pico-bench%s:" % k for k in ("", "-frozen", "-heap", "-heap-frozen")]
    assert all(text.count(m) == 1 for m in marks)
    assert [text.index(m) for m in marks] == sorted(text.index(m) for m in marks)
    assert text.index("## Known limits") > text.index("<!-- /pico-bench-heap-frozen -->")


def test_allocs_splits_the_keys_into_deals_and_names_the_biggest():
    from tools.pico import allocs
    out = "\n".join([
        "A 30000 2000 1000 100 0 16 31000 Pass to P2",
        "A 31000 3000 1000 100 2000 16 31500 P2: Hit or stay?",
        "A 31500 6000 200 100 2000 16 32500 Results",
        "A 32500 300 1500 100 6000 900 30500 Deal 2",
        "A 30500 2000 1000 100 2000 16 31800 Pass to P3",
        "ALLOCS 5"])
    rows = allocs.parse(out)
    assert len(rows) == 5 and rows[2] == (31500, 6000, 200, 100, 2000, 16, 32500, "Results")
    assert allocs.deals(rows) == [("Pass to P2", 31000, 32500, "Results"), ("Deal 2", 30500, 31800, "Pass to P3")]
    text = allocs.report("kyuten", rows, most=1)
    assert "+1.5, after the key to Results" in text and "+1.3, after the key to Pass to P3" in text
    assert text.splitlines()[-1].split()[:2] == ["8.6", "="] and text.endswith("-> Deal 2")


def test_allocs_measures_a_match_on_micropython():
    # the measuring loop itself, on the real MicroPython runtime (wasm), with
    # the bench's app and script
    from tools import mpy_runtime
    from tools.pico import allocs
    code = allocs.MEASURE + r'''
import sys
sys.path.append("/bench")
import mpbench
b = mpbench.UIBench("oicho")
b.boot_imports(); b.boot_app(); b.first_frame()
measure(b.app, b.app.renderer, b.disp, b.script(), b.title, print, 40)
'''
    r = mpy_runtime.run(code, extra_dirs=[("tools/bench", "/bench")], timeout=240)
    assert r.ok, r.error
    rows = allocs.parse(r.stdout)
    assert len(rows) == 40 and "ALLOCS 40" in r.stdout
    assert all(min(row[:7]) >= 0 for row in rows)
    assert any(row[4] > 0 for row in rows)          # the journal's files, written in settle
    assert any(row[1] > 1024 for row in rows)       # a key that acts allocates
    assert all(abs(row[6] - nxt[0]) < 4096 for row, nxt in zip(rows, rows[1:]))   # live after ~ live before the next


def test_heap_peaks_reads_each_steps_highest_off_the_heaps_change_log():
    from tools.pico import allocs
    out = "T 100 200 300 400 500 600 Pass to P2\nT 700 800 900 1000 1100 1200 Results\nPEAKS 2\n"
    bounds = allocs.parse_bounds(out)
    assert bounds[1] == ((700, 800, 900, 1000, 1100, 1200), "Results")
    # the heap used changes at these times and holds until the next change
    times = [50, 150, 250, 260, 450, 650, 750, 1050, 1150]
    used = [30000, 33000, 31000, 32500, 34000, 30000, 36000, 35000, 30500]
    rows = allocs.step_peaks(bounds, times, used)
    assert rows[0] == ((33000, 33000, 32500, 34000, 34000), "Pass to P2")   # (a value in force at a bound is in both steps)
    # a step with no change in it has the value in force at its start
    assert rows[1] == ((36000, 36000, 36000, 36000, 35000), "Results")
    text = allocs.peaks_report("oicho", rows)
    assert "(peak of the run 35.2 KB)" in text
    counts = [ln.split()[-1] for ln in text.splitlines()[2:7]]
    assert counts == ["1", "0", "0", "1", "0"]      # the step each key's highest is first reached in


class SoakScreens:
    """A rig for soak_game that shows one screen after each press (`after`,
    given the presses so far) and counts boots as the real rig does."""

    def __init__(self, emu, board, seed=1):
        self.shown = ["Oya - home"]
        self.pressed = []
        self.boots = 0

    def boot(self, until):
        self.boots = 1
        return True

    def press(self, key, hold_ms=80, quiet_ms=250):
        self.pressed.append(key)
        self.shown = self.after()
        return types.SimpleNamespace(display_bytes=8, heap_peak=self.heap_peak(), stretch=self.stretch())

    def heap_peak(self):
        return None

    def stretch(self):
        return 0

    def screen(self):
        return self.shown

    def title(self):
        return self.shown[0]


def soak_of(monkeypatch, rig, presses, keys, emu=None, console=False):
    """soak_game over `rig` (a SoakScreens), its setup scripted as `keys`
    then a table that does not come."""
    from tools.pico import soak

    def setup_keys(r, game, bots=True):
        for k in keys:
            yield k
        raise RuntimeError("expected First dealer, the screen shows %r" % r.title())
    emu = emu or types.SimpleNamespace(watch_heap=lambda: None, run=lambda us: None, heap={}, t=0)
    monkeypatch.setattr(soak, "Rig", rig)
    return soak.soak_game(emu, BOARD, "oicho", presses, 1, setup_keys, console=console)


def test_the_soaks_console_gives_a_finding_the_traceback_printed_since_the_press_before(monkeypatch):
    emu = types.SimpleNamespace(watch_heap=lambda: None, run=lambda us: None, heap={}, t=0, on_cdc=None)

    class Screens(SoakScreens):
        def after(self):
            n = len(self.pressed)
            if n == 1:
                emu.on_cdc(b"a line of an earlier press\n")
            if n == 2:
                emu.on_cdc(b"Traceback (most recent call last):\r\n  File \"oya/journal.py\", line 219, in _put\r\n")
                emu.on_cdc(b"MemoryError: memory allocation failed, allocating 296 bytes\r\n")
                return ["Error", "memory allocation", "failed, allocating", "296 bytes"]
            return ["Options"]

    r = soak_of(monkeypatch, Screens, 3, ("ok", "ok", "ok"), emu, console=True)
    f = r["findings"][0]
    assert f.startswith("press 2 (ok on 'Options', setting up a table): Error / memory allocation")
    assert f.splitlines()[1:] == ["      console: Traceback (most recent call last):",
                                  '        File "oya/journal.py", line 219, in _put',
                                  "      MemoryError: memory allocation failed, allocating 296 bytes"]
    # the report tallies where the heap ran out, from the tracebacks
    from tools.pico import soak
    assert "    MemoryErrors by where they were raised: 1 oya/journal.py _put" in soak.report([r], 98304).splitlines()
    assert soak.memory_sites([f, "press 9: Error / x", f.replace("_put", "_frame") + "\n" + f]) == [
        (2, "oya/journal.py _put"), (1, "oya/journal.py _frame")]


def test_the_soaks_console_refuses_pins_the_board_uses():
    from tools.pico import soak
    assert soak.console_clash(BOARD, 0) is None                 # the Pico board leaves GP0/GP1 free
    board = dict(BOARD, buttons=dict(BOARD["buttons"], left=1))
    assert soak.console_clash(board, 0) == "UART0 would take GP1, which the board uses"
    assert soak.console_clash(BOARD, 1) == "UART1 would take GP4 and GP5, which the board uses"   # the display's I2C


def test_the_soaks_console_uart_is_left_out_of_the_heap_cap(monkeypatch):
    import types
    from tools.pico import soak
    used = [45888]
    fake_gc = types.SimpleNamespace(collect=lambda: None, mem_free=lambda: 245888 - used[0],
                                    mem_alloc=lambda: used[0])
    on = []

    def uart(n, baud):
        used[0] += 600                      # its object and its rings
        return ("UART", n, baud)
    monkeypatch.setitem(sys.modules, "gc", fake_gc)
    monkeypatch.setitem(sys.modules, "os", types.SimpleNamespace(dupterm=on.append))
    monkeypatch.setitem(sys.modules, "machine", types.SimpleNamespace(UART=uart))
    env = {}
    exec(soak.boot_py(32768, console_uart=0), env)
    assert on == [("UART", 0, 115200)]
    assert len(env["_oya_heap_pin"]) == 245888 - 32768 - 600   # the app keeps its 32 KB


def test_a_restart_in_the_soak_is_a_finding_named_so(monkeypatch):
    # a board that reset itself (out of heap twice running) came back to its
    # home screen, and the soak said "the new table did not go as scripted"
    class Restarts(SoakScreens):
        def after(self):
            if len(self.pressed) == 2:
                self.boots += 1             # the display's init again: the board restarted
                return ["Oya - home"]
            return ["Options"]

    r = soak_of(monkeypatch, Restarts, 2, ("ok", "ok", "ok"))
    assert r["findings"][0] == ("press 2 (ok on 'Options', setting up a table): the firmware restarted; "
                                "the screen shows 'Oya - home'")
    assert len(r["findings"]) == 1


def test_the_rig_counts_the_displays_init_as_a_boot(monkeypatch):
    import sys
    from host_sim import framebuf
    from tools.pico.rig import is_init
    monkeypatch.setitem(sys.modules, "framebuf", framebuf)      # (the driver's, on CPython)
    monkeypatch.delitem(sys.modules, "oya.hw.ssd1306", raising=False)
    from oya.hw.ssd1306 import SSD1306

    class Bus:
        def __init__(self):
            self.writes = []

        def writeto(self, addr, b):
            self.writes.append(bytes(b))
    bus = Bus()
    d = SSD1306(bus)
    assert [is_init(w) for w in bus.writes].count(True) == 1
    d.fill(1)
    d.show()
    d.contrast(10)
    assert [is_init(w) for w in bus.writes].count(True) == 1      # frames and commands are not
    d.init_display()
    assert [is_init(w) for w in bus.writes].count(True) == 2


def test_an_error_while_the_soak_sets_up_a_table_is_a_finding_with_its_text(monkeypatch):
    # a MemoryError on the way to a new table was once reported as "the new
    # table did not go as scripted", which hid what failed
    class Screens(SoakScreens):
        def after(self):
            if self.shown[0] == "Error":
                return ["Oya - home"]
            if len(self.pressed) == 3:
                return ["Error", "memory allocation", "failed, allocating", "234 bytes"]
            return ["Options"]

    r = soak_of(monkeypatch, Screens, 4, ("ok", "ok", "ok", "up", "ok"))
    assert r["tables"] == 0
    assert r["findings"][0] == ("press 3 (ok on 'Options', setting up a table): Error / memory allocation / "
                                "failed, allocating / 234 bytes")
    assert not any("as scripted" in f for f in r["findings"])


def test_the_soak_names_the_presses_where_the_heap_was_highest(monkeypatch):
    from tools.pico import soak

    class Screens(SoakScreens):
        def after(self):
            return ["Options"]

        def heap_peak(self):
            n = len(self.pressed)
            return (0, 150000, 120000, 170000, 160000, 100000)[n] if n <= 5 else None

        def stretch(self):
            return 13000000 if len(self.pressed) == 2 else 4000000     # a key of 104 ms of CPU: a freeze

    r = soak_of(monkeypatch, Screens, 5, ("ok", "down", "ok", "up", "ok"))
    assert [b for b, _ in r["heap_peaks"]] == [170000, 160000, 150000, 120000, 100000]
    assert r["heap_peaks"][0][1] == "press 3 (ok on 'Options', setting up a table)"
    r["heap_size"] = 245888
    text = soak.report([r], 98304).splitlines()
    # the soak's own script that lost its way is a note, not a finding
    assert r["findings"] == [] and r["astray"] == ["press 5: expected First dealer, the screen shows 'Options'"]
    assert text[3] == ("    (1 new tables not set up as scripted, not findings: press 5: expected First dealer, "
                       "the screen shows 'Options')")
    assert text[4] == "    longest CPU run without a sleep: 104.0 ms, in press 2 (down on 'Options', setting up a table)"
    # each press over issue 17's 100 ms is counted, the longest named (here the one)
    assert r["slow_presses"] == 1
    assert text[5] == ("    presses with a CPU run over 100 ms: 1; the longest: 104 ms in press 2 (down on 'Options', "
                       "setting up a table)")
    # the pin (everything above the cap) taken out, as for the peak
    assert text[6] == "    heap %.1f KB in press 3 (ok on 'Options', setting up a table)" % (
        (170000 - (245888 - 98304)) / 1024)
    # the heap each time the home screen came back, the pin taken out: a leak is a climb
    assert r["heap_at_home"] and r["heap_at_home"][0] is None        # (this rig's emulator reads no heap)
    pin = 245888 - 98304
    r["heap_at_home"] = [pin + 40960, pin + 41984, None, pin + 43008]
    assert soak.report([r], 98304).splitlines()[6] == "    heap at home, each time: 40.0 41.0 42.0 KB"


def _elf(symbols):
    """A minimal ELF32 (little-endian) holding a symbol table: [(name, value, type)]."""
    import struct
    strtab = b"\0" + b"".join(n.encode() + b"\0" for n, _, _ in symbols)
    syms = b"\0" * 16
    at = 1
    for name, value, typ in symbols:
        syms += struct.pack("<IIIBBH", at, value, 4, typ, 0, 1)
        at += len(name) + 1
    body_at = 52
    sym_at, str_at = body_at, body_at + len(syms)
    sh_at = str_at + len(strtab)
    null = b"\0" * 40
    symtab = struct.pack("<IIIIIIIIII", 0, 2, 0, 0, sym_at, len(syms), 2, 1, 4, 16)
    strsec = struct.pack("<IIIIIIIIII", 0, 3, 0, 0, str_at, len(strtab), 0, 0, 1, 0)
    head = b"\x7fELF\x01\x01\x01" + b"\0" * 9 + struct.pack("<HHIIIIIHHHHHH", 2, 40, 1, 0, 0, sh_at, 0, 52,
                                                             0, 0, 40, 3, 2)
    return head + syms + strtab + null + symtab + strsec


def test_the_heap_map_reads_an_elfs_data_objects():
    from tools.pico import heapmap
    got = heapmap.elf_objects(_elf([("mp_type_dict", 0x10001000, 1), ("mp_obj_dict_get", 0x10002000, 2),
                                    ("mp_type_list", 0x10003000, 1)]))
    assert got == {0x10001000: "mp_type_dict", 0x10003000: "mp_type_list"}     # objects, not functions
    with pytest.raises(ValueError):
        heapmap.elf_objects(b"MZ not an elf")


def test_the_heap_map_gives_each_block_to_the_first_named_object_that_reaches_it():
    import struct
    from tools.pico import heapmap
    start = 0x20001000
    T_MOD, T_DICT, T_FUN, T_TYPE = 0x10000100, 0x10000200, 0x10000300, 0x10000400
    at = lambda b: start + 16 * b                       # noqa: E731
    words = {                                           # block -> its words
        0: [T_MOD, at(1)],                              # a module and its dict
        1: [T_DICT, 0, 0, at(2)],
        2: [at(4), at(6), 0, 0, 0, 0, 0, 0],            # the dict's table (2 blocks): a function, a class
        4: [T_FUN, at(1)],
        6: [T_TYPE, 0],                                 # a class (named by the device)
        7: [at(6), at(8)],                              # an instance of it (the app), its buffer
        8: [at(0)] + [0] * 11,                          # (3 blocks; a word that points back at the module)
        11: [0x12345678],                               # nothing named reaches this one
    }
    ram = bytearray(16 * 12)
    for b, ws in words.items():
        struct.pack_into("<%dI" % len(ws), ram, 16 * b, *ws)
    out = ["AT 3 P1: Play on 5", "ID %d mod oya.x" % at(0), "ID %d mod oya.x" % at(1),
           "ID %d class oya.x.Thing" % at(6), "ID %d obj app" % at(7),
           "GC memory layout; from %08x:" % start, "00000000: MDh=B.BLh==h" + "." * 52,
           "       (3 lines all free)"]
    for i in range(0, len(ram), 64):
        out.append("X %d %s" % (start + i, bytes(ram[i:i + 64]).hex()))
    got = heapmap.parse("\n".join(out))
    assert got["at"] == (3, "P1: Play on 5") and got["start"] == start
    assert got["blocks"] == {0: 1, 1: 1, 2: 2, 4: 1, 6: 1, 7: 1, 8: 3, 11: 1}
    types = {T_MOD: "mp_type_module", T_DICT: "mp_type_dict", T_FUN: "mp_type_fun_bc", T_TYPE: "mp_type_type"}
    live, rows, loose = heapmap.heap_map(got, types)
    assert live == 16 * 11
    held = {who: (n, dict(kinds)) for who, n, kinds in rows}
    assert held["oya.x"] == (80, {"module": 16, "dict": 16, "h": 32, "fun_bc": 16})
    assert held["oya.x.Thing"] == (16, {"type": 16})
    assert held["obj app"] == (64, {"Thing": 16, "h": 48})        # an instance, typed by its class
    assert held[heapmap.UNREACHED] == (16, {"h": 16})
    assert loose == [(16, "h", at(11))]
    text = heapmap.report("meri", True, got, types)
    assert "meri (frozen) at P1: Play on 5 (3 keys after the first deal): 176 B" in text
    assert text.index("oya.x ") < text.index("obj app")          # the biggest first
    assert "untyped" in heapmap.report("meri", True, got)


def test_the_pass_log_prints_each_long_pass_with_its_parts(monkeypatch, capsys):
    # --pass-log: boot.py times the device loop's passes and the app's parts
    # on the device; a pass of MS or more is one line, its parts of 1 ms or
    # more named, and the soak reads those lines back
    from oya import hw
    from oya.hw import printer_port
    from oya.ui import app as app_mod, loop
    from tools.pico import passlog
    clock = [0]                                 # us

    def sleep_ms(ms):
        clock[0] += 1000 * ms
    monkeypatch.setitem(sys.modules, "time", types.SimpleNamespace(
        ticks_us=lambda: clock[0], ticks_diff=lambda a, b: a - b, sleep_ms=sleep_ms))
    monkeypatch.setattr(hw, "now_ms", lambda: clock[0] // 1000)
    for owner, name in [(hw, "drive"), (loop, "idle_collect"), (printer_port.PrinterPort, "pump")] + [
            (app_mod.App, n) for n in ("key", "tick", "settle", "idle", "_fetch", "release")]:
        monkeypatch.setattr(owner, name, getattr(owner, name))     # each put back after the test

    def render(app):
        clock[0] += 35000                       # a frame of 35 ms
    monkeypatch.setattr(loop, "render", render)
    exec(passlog.pass_log_py(30), {})

    def passes():
        loop.render(None)                       # (the wrapped one)
        clock[0] += 2000
        yield 10
        clock[0] += 5000                        # a pass of 5 ms: not printed
        yield 10
    with pytest.raises((StopIteration, RuntimeError)):
        hw.drive(passes(), types.SimpleNamespace(woken=False))
    lines = passlog.pass_lines(capsys.readouterr().out)
    assert len(lines) == 1
    assert lines[0].split("|")[0].split()[1:] == ["37", "ms"]
    assert lines[0].split("|")[1].strip() == "render 35"


def test_deals_seeded_by_boot_py_are_the_same_on_every_run_and_runtime():
    # --deals: the boot.py the bench writes makes every seed the app draws the
    # next of one stream, so two runs of any firmware deal the same hands
    from tools import mpy_runtime
    from tools.pico import soak
    draw = "\nfrom oya import match\nprint(match.rng.entropy().hex(), match.rng.entropy().hex())\n"

    def on_micropython(seed):
        r = mpy_runtime.run(soak.boot_py(None, deals=seed) + draw, timeout=120)
        assert r.ok, r.error
        return r.stdout.split()

    first = on_micropython(7)
    assert first == on_micropython(7)
    assert first[0] != first[1]                       # one seed a draw, not one for the run
    assert not set(first) & set(on_micropython(8))
    import oya.rng
    real = oya.rng.entropy
    try:
        exec(soak.boot_py(None, deals=7), {})
        assert [oya.rng.entropy().hex(), oya.rng.entropy().hex()] == first    # CPython deals them too
    finally:
        oya.rng.entropy = real
    assert "_oya_heap_pin" not in soak.boot_py(None, deals=7)      # no cap asked, none pinned


def test_the_device_scripts_deal_the_same_hands_as_the_bench_with_deals(monkeypatch, tmp_path):
    # --heap-peaks, --heap-map, --phases, --allocs with --deals: the script run
    # over the REPL starts with the same stream as the bench's boot.py
    from tools.pico import phases, soak
    monkeypatch.setattr(pico, "deployed_flash", lambda *a: (tmp_path / "flash.bin", ""))
    sent = []

    def run(uf2, rom, flash, script):
        sent.append(script.read_text())
        return "K 1 2 3 4 5 a -> b\n"
    for deals in (None, 5):
        got = phases.run_script_per_game("fw", "rom", "rpi_pico", False, ["meri"], lambda m: None, "x",
                                         lambda g: "SCRIPT " + g, phases.parse, run, deals)
        assert got["meri"] == [(1, 2, 3, 4, 5, "a -> b")]
    assert sent[0] == "SCRIPT meri"
    assert sent[1] == soak.DEALS_PY % {"seed": 5} + "SCRIPT meri"


def test_labels_picks_the_dearest_menus_and_its_script_times_them_on_micropython():
    # --labels: the hands are chosen on the host by the search's looks, and
    # the device script (here on the real MicroPython runtime, wasm) times
    # those menus' labels
    from tools import mpy_runtime
    from tools.pico import labels
    from oya.games import kakkuri_search
    search = kakkuri_search._units_in_order
    hands = [((9, 10, 11, 12), (0, 1, 1)), ((1, 4, 7, 10), (0, 1, 1)), ((5, 6, 7), (1, 1, 1))]
    cases = labels.dear_cases(top=2, hands=hands)
    assert kakkuri_search._units_in_order is search            # (its count undone: the module as it was)
    assert [c[0] for c in cases] == sorted((c[0] for c in cases), reverse=True) and len(cases) == 2
    assert labels.hand_name(cases[0][1]).startswith("9 10 11 12 1w 2w")     # the kiri with both wilds
    r = mpy_runtime.run(labels.script(cases, reps=40), timeout=120)
    assert r.ok, r.error
    rows = labels.parse(r.stdout)
    # (the wasm port's ticks_us counts whole ms, hence 40 times over: the
    # first screen's two cheap labels may still read 0)
    assert len(rows) == 2 and all(n > 100 and last > 0 and dear > 0 for n, _, last, dear in rows)
    text = labels.report(cases, rows, "X.uf2")
    assert "UP: last 4 rows" in text and labels.hand_name(cases[1][1]) in text


def test_keys_pressed_by_hand_report_each_keys_screens_cpu_run_and_the_passes_the_firmware_printed():
    # --press: each key's screen before and after, its longest CPU run, and
    # the device loop's long passes the firmware printed while it went on
    from tools.pico import presses
    shown = ["Oya - home"]
    down = {}                       # gpio -> when it went low: its bounces act once, on the release

    def on_pin(emu, gpio, level):
        if level == 0:
            down.setdefault(gpio, emu.t)
            return
        if emu.t - down.get(gpio, emu.t) < 30000:
            return
        del down[gpio]
        if gpio == BOARD["buttons"]["ok"]:
            shown[0] = {"Oya - home": "Game", "Game": "Ruleset"}.get(shown[0], shown[0])
            emu.on_cdc(b"~ 4183 147 ms | key 3 on Menu 140, render 5\r\n")
            emu.stretches[:] = [147 * 125000]
        elif gpio == BOARD["buttons"]["back"]:
            shown[0] = "Game"
        for d in frame_txns(shown[0]):
            emu.pending.append(i2c_event(emu.t + 100, d, emu.busy))

    emu = FakeRP2040(on_pin)
    emu.on_cdc = None
    for d in frame_txns("Oya - home"):
        emu.pending.append(i2c_event(1000, d, 0))
    rows = presses.press_keys(emu, BOARD, ["ok", "ok", "back"], quiet_ms=50)
    assert [(r["key"], r["before"], r["after"]) for r in rows] == [
        ("ok", "Oya - home", "Game"), ("ok", "Game", "Ruleset"), ("back", "Ruleset", "Game")]
    assert rows[0]["passes"] == ["4183 147 ms | key 3 on Menu 140, render 5"] and rows[2]["passes"] == []
    assert rows[0]["run_ms"] >= 147 and rows[2]["run_ms"] < 100
    text = presses.report(rows)
    assert "    pass: 4183 147 ms | key 3 on Menu 140, render 5" in text.splitlines()
    assert text.splitlines()[-1].startswith("longest CPU run without a sleep: 14")


def test_keys_pressed_by_hand_must_be_the_boards(capsys, tmp_path):
    fw, rom = tmp_path / "RPI_PICO.uf2", tmp_path / "B1.bin"
    fw.write_bytes(b"x")
    rom.write_bytes(b"x")
    import tools.pico.emu as emu_mod
    try:
        emu_mod.check_runtime()
    except emu_mod.Unavailable:
        pytest.skip("no rp2040js here")
    assert pico.main(["press", "ok,left,jump", "--firmware", str(fw), "--bootrom", str(rom)]) == 2
    out = capsys.readouterr().out
    assert "not a key of the board: left, jump" in out and "the board's keys: up, down, ok, back" in out


HEAPWATCH = Path(pico.__file__).parent / "heapwatch.mjs"

# the readings of a made-up heap of 256 blocks: (blocks in use, of them marked)
_HEAP_READINGS = [
    (100, 0), (200, 0),                 # garbage piles up
    (200, 90), (150, 40), (120, 0),     # a collection marks, sweeps: 120 blocks live
    (110, 0),                           # a buffer freed by the firmware itself: no collection
    (240, 0), (240, 130), (130, 0),     # and a second collection: 130 live
]


def test_the_heap_watch_sees_each_collection_by_its_marks_and_takes_the_heap_after_the_sweep():
    # the drops here are 1.3-1.8 KB: the 8 KB drop the emulator looked for
    # before missed them, and a soak held to a cap reported no live heap
    node = shutil.which("node")
    if not node:
        pytest.skip("no node")
    script = """
import { newHeap, heapSampler, readTable } from %s;
const mem = new Uint8Array(8 + 64);        // the table at offset 8, 4 blocks a byte
const heap = newHeap();
const take = heapSampler(heap);
const seen = [];
for (const [used, marked] of %s) {
  mem.fill(0);
  for (let i = 0; i < used; i++) {
    const st = i < marked ? 3 : (i %% 2 ? 2 : 1);       // marked, or a head and its tail
    mem[8 + (i >> 2)] |= st << (2 * (i & 3));
  }
  const [u, marking] = readTable(mem, 8, 64);
  seen.push([u, marking]);
  take(u, marking);
}
console.log(JSON.stringify({ heap, seen }));
""" % (json.dumps(HEAPWATCH.as_uri()), json.dumps(_HEAP_READINGS))
    r = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert got["seen"] == [[16 * u, m > 0] for u, m in _HEAP_READINGS]
    h = got["heap"]
    assert h["collections"] == 2
    assert (h["live_last"], h["live_peak"]) == (130 * 16, 130 * 16)
    assert (h["peak"], h["last"]) == (240 * 16, 130 * 16)


def test_the_scripted_match_ends_the_night_that_follows_it_and_is_home():
    import tools.pico as P

    class Rig:
        def __init__(self, screens):
            self.screens = list(screens)

        def title(self):
            return self.screens[0]

    # each key the script gives moves the fake board to its next screen
    rig = Rig(["P1: Call 1 or fold?", "Results", "Match over", "Night (1 match)", "Night (1 match)", "Oya - home"])
    pressed = []
    for k in P.match_keys(rig, "kachi"):
        pressed.append(k)
        rig.screens.pop(0)
    assert pressed == ["ok", "ok", "ok", "up", "ok"] and rig.title().startswith("Oya")


def test_the_scripted_match_waits_for_the_night_that_comes_after_the_key():
    """The OK on 'Match over' is answered on idle passes after its press
    (the night's code is loaded then): the script lets the board run until
    the night shows, and goes on with it."""
    import tools.pico as P

    class Rig:
        def __init__(self):
            self.screens = ["Match over", "Match over"]
            self.ran = 0

        def title(self):
            return self.screens[0]

        def run(self, us):
            self.ran += us
            if self.ran >= 600000 and self.screens[0] == "Match over":
                self.screens[0] = "Night (1 match)"

    rig = Rig()
    pressed = []
    for k in P.match_keys(rig, "kachi"):
        pressed.append(k)
        if k != "ok" or len(pressed) > 1:
            rig.screens[0] = {"up": "Night (1 match)", "ok": "Oya - home"}[k]
    assert pressed == ["ok", "up", "ok"] and rig.ran == 600000 and rig.title().startswith("Oya")


def test_runs_of_other_games_side_by_side_are_reported_as_one_table(tmp_path, capsys):
    a, b = _fig(True, [10, 20]), _fig(True, [30, 40])
    b["runs"] = {"meri": _run("meri", [30, 40], 50000)}
    b["command"] = "python -m tools pico bench --games meri"
    fa, fb = tmp_path / "a.json", tmp_path / "b.json"
    fa.write_text(json.dumps(a))
    fb.write_text(json.dumps(b))
    assert pico.main(["report", str(fa), str(fb), "--no-md"]) == 0
    rows = [ln.split()[0] for ln in capsys.readouterr().out.splitlines() if ln.startswith(("oicho", "meri"))]
    assert rows == ["oicho", "meri"]
    b["commit"] = "def5678"                                 # another commit: not one table
    fb.write_text(json.dumps(b))
    with pytest.raises(SystemExit) as e:
        pico.main(["report", str(fa), str(fb), "--no-md"])
    assert "commit" in str(e.value)
