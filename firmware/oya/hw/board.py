# board.json -> the hardware: display, buttons, printer.
#
# The board file (boards/<name>.json, deployed as board.json) is the only place
# that says where a pin is. Format (pins are GPIO numbers; null = not fitted):
#   {"name": "Raspberry Pi Pico",
#    "buttons": {"up": 10, "down": 11, "ok": 12, "back": 13, "left": null, "right": null},
#    "display": {"driver": "ssd1306", "i2c": 0, "sda": 4, "scl": 5, "freq": 400000,
#                "addr": 60, "width": 128, "height": 64},
#    "printer": {"uart": 1, "tx": 8, "rx": 9, "baud": 19200, "dots": 384,
#                "katakana_codepage": 1, "heat": [11, 120, 40]}}
# display.driver is "ssd1306" or "sh1106"; display.rotate (optional, 0 or 180)
# turns the picture for a panel mounted upside down; printer may be null (no printer);
# printer.rx null means the printer's TX is not wired (no status query);
# katakana_codepage null means the printer has no katakana page (romaji).
#
# A missing or unreadable file, or an invalid section, is never fatal: the
# section falls back to DEFAULT (the Pico wiring of DESIGN.md) and a readable
# message goes to Hardware.errors for the app to show.
import json
from oya.hw import Hardware
from oya.compat import const


DEFAULT = {
    "name": "Raspberry Pi Pico (default wiring)",
    "buttons": {"up": 10, "down": 11, "ok": 12, "back": 13, "left": None, "right": None},
    "display": {"driver": "ssd1306", "i2c": 0, "sda": 4, "scl": 5, "freq": 400000,
                "addr": 60, "width": 128, "height": 64},
    "printer": {"uart": 1, "tx": 8, "rx": 9, "baud": 19200, "dots": 384,
                "katakana_codepage": 1, "heat": [11, 120, 40]},
}

BUTTONS = ("up", "down", "ok", "back", "left", "right")   # Buttons' order
_MAX_GPIO = const(47)
_I2C_ADDR_FIRST = const(0x08)    # the 7-bit I2C addresses a device may have
_I2C_ADDR_LAST = const(0x77)     # (the rest are reserved)


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _gpio(errs, where, v, optional=False):
    if v is None and optional:
        return
    if not _int(v) or not 0 <= v <= _MAX_GPIO:
        errs.append("%s must be a GPIO number 0-%d%s, not %s"
                    % (where, _MAX_GPIO, " or null" if optional else "", json.dumps(v)))


def _choice(errs, where, v, allowed):
    if v not in allowed or isinstance(v, bool):
        errs.append("%s must be one of %s, not %s"
                    % (where, ", ".join(json.dumps(a) for a in allowed), json.dumps(v)))


def _range(errs, where, v, lo, hi):
    if not _int(v) or not lo <= v <= hi:
        errs.append("%s must be a whole number %d-%d, not %s" % (where, lo, hi, json.dumps(v)))


def _keys(errs, where, d, required, optional=()):
    if not isinstance(d, dict):
        errs.append("%s must be an object" % where)
        return False
    for k in required:
        if k not in d:
            errs.append("%s.%s is missing" % (where, k))
    for k in d:
        if k not in required and k not in optional:
            errs.append("%s.%s is not a known key" % (where, k))
    return True


def check_buttons(b):
    errs = []
    if _keys(errs, "buttons", b, ("up", "down", "ok", "back"), ("left", "right")):
        for k in BUTTONS:
            if k in b:
                _gpio(errs, "buttons." + k, b[k], k in ("left", "right"))
    return errs


def check_display(d):
    errs = []
    if not _keys(errs, "display", d, ("driver", "i2c", "sda", "scl", "freq", "addr", "width", "height"),
                 ("rotate",)):
        return errs
    _choice(errs, "display.driver", d.get("driver"), ("ssd1306", "sh1106"))
    _choice(errs, "display.i2c", d.get("i2c"), (0, 1))
    _gpio(errs, "display.sda", d.get("sda"))
    _gpio(errs, "display.scl", d.get("scl"))
    if not errs:
        # RP2040/RP2350 pin muxing: I2Cn SDA on GPIO 4k+2n, SCL on 4k+2n+1
        n = d["i2c"]
        if d["sda"] % 4 != 2 * n or d["scl"] % 4 != 2 * n + 1:
            errs.append("display: GPIO %d/%d cannot be SDA/SCL of I2C%d (SDA is GPIO %d, %d, ...; SCL %d, %d, ...)"
                        % (d["sda"], d["scl"], n, 2 * n, 2 * n + 4, 2 * n + 1, 2 * n + 5))
    _range(errs, "display.freq", d.get("freq"), 10000, 1000000)
    _range(errs, "display.addr", d.get("addr"), _I2C_ADDR_FIRST, _I2C_ADDR_LAST)
    _choice(errs, "display.width", d.get("width"), (128,))
    _choice(errs, "display.height", d.get("height"), (32, 64))
    if "rotate" in d:
        _choice(errs, "display.rotate", d["rotate"], (0, 180))
    return errs


def check_printer(p):
    errs = []
    if p is None:
        return errs
    if not _keys(errs, "printer", p, ("uart", "tx", "baud"), ("rx", "dots", "katakana_codepage", "heat")):
        return errs
    _choice(errs, "printer.uart", p.get("uart"), (0, 1))
    _gpio(errs, "printer.tx", p.get("tx"))
    _gpio(errs, "printer.rx", p.get("rx"), True)
    _range(errs, "printer.baud", p.get("baud"), 1200, 115200)
    if "dots" in p:
        _choice(errs, "printer.dots", p["dots"], (384, 576))
    cp = p.get("katakana_codepage")
    if cp is not None:
        _range(errs, "printer.katakana_codepage", cp, 0, 255)
    if "heat" in p:
        h = p["heat"]
        if not (isinstance(h, list) and len(h) == 3 and all(_int(x) and 0 <= x <= 255 for x in h)):
            errs.append("printer.heat must be [dots, time, interval], three numbers 0-255, not %s"
                        % json.dumps(h))
    return errs


def _pins_used(board):
    used = []
    b = board.get("buttons")
    if isinstance(b, dict):
        for k in BUTTONS:
            if b.get(k) is not None:
                used.append(("buttons." + k, b[k]))
    d = board.get("display")
    if isinstance(d, dict):
        used.append(("display.sda", d.get("sda")))
        used.append(("display.scl", d.get("scl")))
    p = board.get("printer")
    if isinstance(p, dict):
        used.append(("printer.tx", p.get("tx")))
        if p.get("rx") is not None:
            used.append(("printer.rx", p.get("rx")))
    return used


def validate(board):
    """All problems with a board dict, as readable messages ([] = fine)."""
    if not isinstance(board, dict):
        return ["board file must hold a JSON object"]
    errs = []
    for k in board:
        if k not in ("name", "buttons", "display", "printer"):
            errs.append("%s is not a known key" % k)
    if "name" in board and not isinstance(board["name"], str):
        errs.append("name must be a string")
    for k in ("buttons", "display"):
        if k not in board:
            errs.append("%s is missing" % k)
    errs += check_buttons(board.get("buttons"))
    errs += check_display(board.get("display"))
    errs += check_printer(board.get("printer"))
    seen = {}
    for where, pin in _pins_used(board):
        if pin in seen and _int(pin):
            errs.append("GPIO %d is used twice: %s and %s" % (pin, seen[pin], where))
        seen[pin] = where
    return errs


def load(path="board.json"):
    """-> (board, errors): the usable board (defaults where the file is
    missing or wrong) and readable messages about what was wrong."""
    try:
        with open(path) as f:
            raw = json.loads(f.read())
    except OSError:
        return _copy(DEFAULT), ["%s not found: using the default Pico wiring" % path]
    except ValueError as e:
        return _copy(DEFAULT), ["%s is not valid JSON (%s): using the default Pico wiring" % (path, e)]
    if not isinstance(raw, dict):
        return _copy(DEFAULT), ["%s must hold a JSON object: using the default Pico wiring" % path]
    errs = validate(raw)
    if not errs:
        return raw, []
    board = {"name": raw.get("name") if isinstance(raw.get("name"), str) else DEFAULT["name"]}
    msgs = [path + ": " + e for e in errs]
    board["printer"] = None
    for k, check in (("buttons", check_buttons), ("display", check_display), ("printer", check_printer)):
        if k == "printer" and k not in raw:
            continue
        if k in raw and not check(raw[k]):
            board[k] = raw[k]
        else:
            board[k] = _copy(DEFAULT[k])
            msgs.append("%s: default %s used" % (path, k))
    # pins used twice across sections: fall back wholesale
    if validate(board):
        msgs.append("%s: default wiring used" % path)
        return _copy(DEFAULT), msgs
    return board, msgs


def _copy(x):
    return json.loads(json.dumps(x))


def make(driver, i2c, width=128, height=64, addr=None, rotate=False):
    """Build the driver named in a board file ('ssd1306' or 'sh1106'; each
    class is imported only for a board that has one) at I2C address `addr`
    (None: the panel's usual one); `rotate`: the picture turned 180 degrees,
    for a panel mounted upside down."""
    if driver == "ssd1306":
        from oya.hw.ssd1306 import SSD1306 as cls
    elif driver == "sh1106":
        from oya.hw.sh1106 import SH1106 as cls
    else:
        raise ValueError("unknown display driver %r" % (driver,))
    if addr is None:
        return cls(i2c, width, height, rotate=rotate)
    return cls(i2c, width, height, addr, rotate=rotate)


def build(path="board.json"):
    """Read the board file and build the drivers. Never raises for a bad
    board or a missing device: see Hardware.errors."""
    import machine
    from oya.hw import now_ms
    from oya.hw.buttons import Buttons
    board, errors = load(path)
    Pin = machine.Pin

    # The printer first: when its RX is left out, the UART may claim a default
    # RX pin, which the display and buttons set up after it take back.
    printer = None
    p = board.get("printer")
    if p is not None:
        from oya.hw.printer_port import PrinterPort
        try:
            # its ring buffers are heap (larger by default): the driver
            # writes at most a chunk and waits for it to go out (oya.hw.printer
            # CHUNK), and the printer's answers are a byte
            kw = {"baudrate": p["baud"], "tx": Pin(p["tx"]), "txbuf": 128, "rxbuf": 32}
            if p.get("rx") is not None:
                kw["rx"] = Pin(p["rx"])
            uart = machine.UART(p["uart"], **kw)
            printer = PrinterPort(uart, p["baud"], p.get("dots", 384), p.get("katakana_codepage"),
                                  p.get("heat"), status=p.get("rx") is not None)
        except (ValueError, OSError) as e:
            errors.append("printer: UART%d could not be set up (%s)" % (p["uart"], e))
    if printer is None:
        from oya.hw.no_printer import NullPrinter
        printer = NullPrinter()

    d = board["display"]
    try:
        bus = machine.I2C(d["i2c"], sda=Pin(d["sda"]), scl=Pin(d["scl"]), freq=d["freq"])
    except (ValueError, OSError) as e:
        errors.append("display: I2C%d could not be set up (%s)" % (d["i2c"], e))
        from oya.hw.hardware import DeadBus
        bus = DeadBus()
    display = make(d["driver"], bus, d["width"], d["height"], d["addr"], d.get("rotate") == 180)
    if display.failed:
        errors.append(display.failed)

    b = board["buttons"]
    pins = []
    for k in BUTTONS:
        n = b.get(k)
        pins.append(None if n is None else Pin(n, Pin.IN, Pin.PULL_UP))
    buttons = Buttons(pins, now_ms())
    return Hardware(board, display, buttons, printer, errors)


def require(board):
    """Raise HardwareError (oya.hw.no_printer) listing every problem of a
    board dict (for tools)."""
    errs = validate(board)
    if errs:
        from oya.hw.no_printer import HardwareError
        raise HardwareError("; ".join(errs))
