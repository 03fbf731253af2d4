"""The fake machine module behaves like MicroPython's on the rp2 port."""
import errno
import os

import pytest

from host_sim import Sim

TINY = os.path.join(os.path.dirname(__file__), "tinyapp")


@pytest.fixture
def sim():
    s = Sim(firmware=TINY, bounce=False)
    yield s
    s.close()


def test_pins_pull_ups_outputs_and_button_levels(sim):
    m = sim.modules["machine"]
    ok = m.Pin(12, m.Pin.IN, m.Pin.PULL_UP)
    free = m.Pin(20, m.Pin.IN)
    assert ok.value() == 1 and free.value() == 0
    sim.button_down("ok")
    assert ok.value() == 0
    sim.button_up("ok")
    assert ok() == 1
    led = m.Pin("LED", m.Pin.OUT)
    led.on()
    assert led.value() == 1
    led.toggle()
    assert led.value() == 0
    with pytest.raises(ValueError):
        m.Pin(30)


def test_pin_irq_fires_on_the_edges_at_their_virtual_times(sim):
    m = sim.modules["machine"]
    t = sim.modules["time"]
    seen = []
    pin = m.Pin(13, m.Pin.IN, m.Pin.PULL_UP)
    pin.irq(lambda p: seen.append((p.value(), t.ticks_ms())), m.Pin.IRQ_FALLING)
    start = sim.now_ms
    sim.press("back", hold_ms=100)
    assert seen == [(0, start + 1)]       # falling edge only, 1 ms after press() began


def test_i2c_pin_rules_scan_and_missing_devices(sim):
    m = sim.modules["machine"]
    with pytest.raises(ValueError):
        m.I2C(0, sda=m.Pin(5), scl=m.Pin(4))
    i2c = m.I2C(0, sda=m.Pin(4), scl=m.Pin(5), freq=400000)
    assert i2c.scan() == [0x3C]
    with pytest.raises(OSError) as e:
        i2c.writeto(0x3D, b"\x00")
    assert e.value.errno == errno.EIO
    other = m.I2C(1, sda=m.Pin(2), scl=m.Pin(3))
    assert other.scan() == []             # nothing wired to those pins
    soft = m.SoftI2C(scl=m.Pin(5), sda=m.Pin(4))
    with pytest.raises(OSError) as e:
        soft.writeto(0x3D, b"\x00")
    assert e.value.errno == errno.ENODEV


def test_i2c_transfer_takes_wire_time(sim):
    m = sim.modules["machine"]
    i2c = m.I2C(0, sda=m.Pin(4), scl=m.Pin(5), freq=400000)
    t0 = sim.clock.us
    i2c.writeto(0x3C, b"\x40" + bytes(1024))
    # 1026 bytes (address included) x 9 clocks at 400 kHz = 23 ms
    assert 23000 <= sim.clock.us - t0 <= 23200


def test_uart_pin_rules_and_baud_mismatch(sim):
    m = sim.modules["machine"]
    with pytest.raises(ValueError):
        m.UART(1, baudrate=19200, tx=m.Pin(0), rx=m.Pin(1))
    u = m.UART(1, baudrate=9600, tx=m.Pin(8), rx=m.Pin(9))   # the printer runs at 19200
    before = sim.printer.bytes_received
    u.write(b"garbage\n")
    u.flush()
    sim.advance(10)
    assert sim.printer.bytes_received == before
    assert sim.uarts[1].framing_errors == 8


def test_machine_misc(sim):
    m = sim.modules["machine"]
    assert m.freq() == 125000000 and len(m.unique_id()) == 8
    assert m.reset_cause() == m.PWRON_RESET
    mp = sim.modules["micropython"]
    assert mp.const(5) == 5
    mp.mem_info()
    assert sim.console[-1].startswith("GC: total: ")


def test_machine_reset_reboots_the_firmware(sim):
    m = sim.modules["machine"]
    with pytest.raises(BaseException):
        m.reset()
    sim.advance(10)
    assert sim.incarnation == 2
    assert sim.console[-1].startswith("tinyapp boot 1")     # no press saved yet


def test_watchdog_not_fed_resets():
    s = Sim(firmware=TINY)
    s.modules["machine"].WDT(timeout=100)
    s.advance(150)
    assert s.incarnation == 2 and s.reset_cause == 3
    s.close()
