"""The virtual clock and loop, the fake time module, and the flash's atomic rename and
power-cut injection (also through a running firmware)."""
import asyncio
import os
import time as host_time

import pytest

from host_sim import Sim, PowerCut
from host_sim.flash import Flash
from host_sim.vclock import VirtualClock, VirtualLoop

TINY = os.path.join(os.path.dirname(__file__), "tinyapp")


def test_loop_jumps_idle_time_without_sleeping():
    clk = VirtualClock()
    loop = VirtualLoop(clk)
    seen = []

    async def ticker():
        while True:
            await asyncio.sleep(0.25)
            seen.append(clk.us)

    loop.create_task(ticker())
    t0 = host_time.monotonic()
    loop.run_until_us(3600 * 10 ** 6)          # an hour of virtual time
    assert host_time.monotonic() - t0 < 5
    assert len(seen) == 14399 and seen[0] == 250000 and seen[-1] == 3599750000
    assert clk.us == 3600 * 10 ** 6
    loop.close()


def test_run_until_stops_exactly_at_the_target():
    clk = VirtualClock(5)
    loop = VirtualLoop(clk)
    loop.run_until_us(12345)
    assert clk.us == 12345
    loop.close()


def test_fake_time_ticks_sleep_and_wrap():
    sim = Sim(firmware=TINY, ticks_start_ms=(1 << 30) - 50)
    t = sim.modules["time"]
    a = t.ticks_ms()
    t.sleep_ms(100)                               # advances the virtual clock
    b = t.ticks_ms()
    assert b < a                                  # wrapped at 2**30
    assert t.ticks_diff(b, a) == 100 + sim.modules["time"].ticks_diff(b, b)
    assert t.ticks_add(a, 100) == b
    u0 = t.ticks_us()
    t.sleep_us(7)
    assert t.ticks_diff(t.ticks_us(), u0) == 7
    assert t.ticks_diff(0, (1 << 30) - 1) == 1
    sim.close()


def test_asyncio_sleep_ms_runs_on_virtual_time():
    sim = Sim(firmware=TINY)
    a = sim.modules["asyncio"]
    out = []

    async def job():
        t0 = sim.clock.us
        await a.sleep_ms(1234)
        out.append(sim.clock.us - t0)

    a.create_task(job())
    sim.advance(2000)
    assert out == [1234000]
    sim.close()


def test_flash_paths_map_into_the_folder_and_rename_is_atomic(tmp_path):
    fl = Flash(str(tmp_path))
    with fl.open("a.txt", "w") as f:
        f.write("one")
    with fl.open("/b.txt", "wb") as f:
        f.write(b"two")
    fl.rename("b.txt", "a.txt")                   # replaces, as littlefs does
    assert (tmp_path / "a.txt").read_bytes() == b"two"
    assert not (tmp_path / "b.txt").exists()
    assert fl.listdir("/") == ["a.txt"]
    assert fl.stat("a.txt")[6] == 3
    with pytest.raises(OSError):
        fl.open("../escape", "r")
    with pytest.raises(OSError):
        fl.stat("nope")
    fl.mkdir("state")
    fl.chdir("state")
    with fl.open("x", "w") as f:
        f.write("x")
    assert fl.exists("/state/x")
    assert [e[0] for e in fl.log if e[0] != "close"] == [
        "open", "write", "open", "write", "rename", "mkdir", "open", "write"]
    assert fl.ops == 8


def test_power_cut_before_the_kth_mutating_op(tmp_path):
    fl = Flash(str(tmp_path))
    fl.arm(op=3)
    f = fl.open("x.tmp", "wb")                    # op 0
    f.write(b"abc")                               # op 1
    f.close()
    fl.rename("x.tmp", "x")                       # op 2
    with pytest.raises(PowerCut):
        fl.remove("x")                            # op 3: power gone first
    assert fl.get("x") == b"abc" and not fl.powered
    with pytest.raises(PowerCut):
        fl.open("y", "wb")


def test_power_cut_inside_a_write_keeps_only_the_first_bytes(tmp_path):
    fl = Flash(str(tmp_path))
    fl.arm(byte=5)
    f = fl.open("j", "wb")
    f.write(b"abc")
    with pytest.raises(PowerCut):
        f.write(b"defgh")
    assert fl.get("j") == b"abcde"
    assert fl.bytes_written == 5 and fl.log[-1][0] == "powercut"


def test_power_cut_stops_the_firmware_and_boot_resumes_from_flash():
    sim = Sim(firmware=TINY)
    sim.press("ok", times=2)
    assert sim.flash.get("count.json") == b'{"presses": 2, "boots": 1}'
    # next press: its save() writes count.tmp (ops: open, write), then renames: cut
    # before the rename, so count.json keeps the old value
    sim.flash.arm(op=sim.flash.ops + 2)
    sim.press("ok")
    assert sim.dead and not sim.flash.powered
    receipt_before = sim.receipt()
    sim.press("ok")                               # nothing runs
    assert sim.receipt() == receipt_before
    assert sim.flash.get("count.json") == b'{"presses": 2, "boots": 1}'
    assert sim.flash.get("count.tmp") == b'{"presses": 3, "boots": 1}'
    sim.boot()
    assert sim.console[-1].startswith("tinyapp boot 2")
    sim.press("ok")
    assert sim.flash.get("count.json") == b'{"presses": 3, "boots": 2}'
    sim.close()


def test_external_power_cut_and_reboot_keeps_the_receipt():
    sim = Sim(firmware=TINY)
    sim.press("ok")
    sim.power_cut()
    assert sim.panel.pixels()[0][0] == 0
    sim.boot()
    sim.press("ok")
    assert sim.receipt() == "press 1\npress 2\n"
    assert sim.incarnation == 2
    sim.close()


def test_button_bounce_is_filtered_by_the_firmware_not_the_sim():
    sim = Sim(firmware=TINY, seed=3)
    sim.press("ok", times=5)
    # the pin saw more edges than presses
    edges = len(sim.pins.drive[sim.button_pin("ok")])
    assert edges > 10
    assert sim.receipt().count("press") == 5
    sim.close()


def test_firmware_cannot_import_cpython_only_modules():
    sim = Sim(firmware=TINY)
    imp = sim.importer._import
    with pytest.raises(ImportError):
        imp("dataclasses")
    assert imp("ujson").dumps([1]) == "[1]"
    assert imp("utime") is sim.modules["time"]
    sim.close()
