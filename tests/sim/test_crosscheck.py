"""Cross-check: adafruit_ssd1306 (the well-kept reference driver) and the firmware's own
driver (firmware/oya/hw/ssd1306.py) draw the same picture over the fake I2C bus into the
panel emulator; the pixels must be identical, and equal to the picture drawn."""
import os

import pytest

from host_sim import Sim

FW_DRIVER = os.path.join(os.path.dirname(__file__), "..", "..", "firmware", "oya", "hw", "ssd1306.py")


class BusioI2C:
    """What adafruit_bus_device expects of busio.I2C, forwarding to a fake machine.I2C."""

    def __init__(self, machine_i2c):
        self.i2c = machine_i2c
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def scan(self):
        return self.i2c.scan()

    def writeto(self, addr, buf, *, start=0, end=None):
        self.i2c.writeto(addr, bytes(buf)[start:end])

    def readfrom_into(self, addr, buf, *, start=0, end=None):
        end = len(buf) if end is None else end
        buf[start:end] = self.i2c.readfrom(addr, end - start)

    def writeto_then_readfrom(self, addr, out_buf, in_buf, *, out_start=0, out_end=None,
                              in_start=0, in_end=None):
        self.writeto(addr, out_buf, start=out_start, end=out_end)
        self.readfrom_into(addr, in_buf, start=in_start, end=in_end)


def picture(seed=0):
    """A test picture as a set of lit pixels: a border, a checker block, diagonals,
    a filled block and some scattered dots."""
    import random
    r = random.Random(seed)
    px = set()
    for x in range(128):
        px.add((x, 0))
        px.add((x, 63))
    for y in range(64):
        px.add((0, y))
        px.add((127, y))
    for y in range(8, 24):
        for x in range(8, 40):
            if (x + y) % 2 == 0:
                px.add((x, y))
    for i in range(40):
        px.add((50 + i, 10 + i // 2))
        px.add((90 + i // 3, 50 - i))
    for y in range(30, 37):
        for x in range(20, 45):
            px.add((x, y))
    for _ in range(150):
        px.add((r.randrange(128), r.randrange(64)))
    return px


def lit(sim):
    return {(x, y) for y, row in enumerate(sim.frame()) for x, v in enumerate(row) if v}


def fresh_sim(driver="ssd1306"):
    board = {"name": "x", "buttons": {}, "printer": None,
             "display": {"driver": driver, "i2c": 0, "sda": 4, "scl": 5, "freq": 400000,
                         "addr": 60, "width": 128, "height": 64}}
    sim = Sim(board=board, autoboot=False, deploy=False)
    sim.prepare()
    m = sim.modules["machine"]
    i2c = m.I2C(0, sda=m.Pin(4), scl=m.Pin(5), freq=400000)
    return sim, i2c


def adafruit_draw(px, change=None):
    import adafruit_ssd1306
    sim, i2c = fresh_sim()
    d = adafruit_ssd1306.SSD1306_I2C(128, 64, BusioI2C(i2c), addr=0x3C)
    d.fill(0)
    for (x, y) in px:
        d.pixel(x, y, 1)
    d.show()
    out = [lit(sim)]
    if change:
        for (x, y, c) in change:
            d.pixel(x, y, c)
        d.show()
        out.append(lit(sim))
    return sim, out


def firmware_draw(px, change=None, driver="ssd1306"):
    sim, i2c = fresh_sim(driver)
    mod = sim.importer.load("oya.hw.board")
    d = mod.make(driver, i2c, 128, 64, 0x3C)
    d.init_display()
    d.fb.fill(0)
    for (x, y) in px:
        d.fb.pixel(x, y, 1)
    d.show()
    out = [lit(sim)]
    if change:
        before = sim.panel.bytes_total
        for (x, y, c) in change:
            d.fb.pixel(x, y, c)
        d.show()
        out.append(lit(sim))
        out.append(sim.panel.bytes_total - before)
    return sim, out


CHANGE = [(60, 20, 1), (61, 20, 1), (5, 5, 1), (127, 63, 0), (30, 40, 1)]


def test_adafruit_driver_draws_the_picture_exactly():
    px = picture()
    _sim, (got,) = adafruit_draw(px)
    assert got == px


@pytest.mark.skipif(not os.path.exists(FW_DRIVER), reason="firmware driver not written yet")
def test_firmware_driver_and_adafruit_driver_give_identical_pixels():
    px = picture()
    _a, (a_full, a_changed) = adafruit_draw(px, CHANGE)
    _f, (f_full, f_changed, partial_bytes) = firmware_draw(px, CHANGE)
    assert f_full == a_full == px
    assert f_changed == a_changed
    expected = (px | {(x, y) for x, y, c in CHANGE if c}) - {(x, y) for x, y, c in CHANGE if not c}
    assert f_changed == expected
    # the firmware sends only the changed windows: far less than a full frame
    assert partial_bytes < 200


@pytest.mark.skipif(not os.path.exists(FW_DRIVER), reason="firmware driver not written yet")
def test_firmware_sh1106_driver_draws_the_picture_exactly():
    px = picture(1)
    sim, (full, changed, nbytes) = firmware_draw(px, CHANGE, driver="sh1106")
    assert full == px
    expected = (px | {(x, y) for x, y, c in CHANGE if c}) - {(x, y) for x, y, c in CHANGE if not c}
    assert changed == expected
    assert sim.panel.unknown == [] and sim.panel.errors == []
