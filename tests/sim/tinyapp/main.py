# A tiny stand-in firmware for the simulator's own tests: real MicroPython APIs only.
# It initialises an SSD1306 with raw command bytes, draws with framebuf, answers button
# presses (polled, debounced by the test itself: it counts settled low levels), prints a
# line on the printer and keeps a counter in flash with write-then-rename.
import asyncio
import time
import framebuf
import machine
import os
import json

board = json.loads(open("board.json").read())
d = board["display"]
i2c = machine.I2C(d["i2c"], sda=machine.Pin(d["sda"]), scl=machine.Pin(d["scl"]), freq=d["freq"])
ADDR = d["addr"]
INIT = bytes([0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0, 0xDA, 0x12, 0xD5, 0x80,
              0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF])
i2c.writeto(ADDR, b"\x00" + INIT)
buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
p = board["printer"]
uart = machine.UART(p["uart"], baudrate=p["baud"], tx=machine.Pin(p["tx"]), rx=machine.Pin(p["rx"]))
ok = machine.Pin(board["buttons"]["ok"], machine.Pin.IN, machine.Pin.PULL_UP)
state = {"presses": 0, "boots": 0}


def show():
    i2c.writeto(ADDR, bytes([0x00, 0x21, 0, 127, 0x22, 0, 7]))
    i2c.writevto(ADDR, (b"\x40", buf))


def save():
    with open("count.tmp", "w") as f:
        f.write(json.dumps(state))
    os.rename("count.tmp", "count.json")


def draw():
    fb.fill(0)
    fb.rect(0, 0, 128, 64, 1)
    fb.fill_rect(2, 2, state["presses"] * 4, 6, 1)
    show()


async def buttons():
    last = 1
    stable = 0
    while True:
        v = ok.value()
        if v == last:
            stable += 1
        else:
            stable = 0
            last = v
        if stable == 4 and v == 0:      # low and settled for 4 polls of 5 ms
            state["presses"] += 1
            save()
            draw()
            uart.write(b"\x1b@press %d\n" % state["presses"])
        await asyncio.sleep_ms(5)


async def main():
    try:
        state.update(json.loads(open("count.json").read()))
    except OSError:
        pass
    state["boots"] += 1
    print("tinyapp boot", state["boots"], "ticks", time.ticks_ms())
    draw()
    await buttons()

asyncio.run(main())
