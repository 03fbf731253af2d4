"""`python -m tools pico soak --console --pass-log MS`: the device loop's
long passes, timed on the device, part by part.

The soak's figures say how long the CPU ran without a sleep in a press, not
what ran. With --pass-log, boot.py wraps the device loop's driver
(oya.hw.drive) and the app's parts (a key, a tick, a journal step, an idle
job, a frame, the printer's pump) in timers, and prints each pass that took
MS or more: when it ended (ticks_ms), how long, and each part that took 1 ms
or more, with its name (the key and the screen, the idle job). The soak then
lists those lines under the press they came in. What the wrappers cost is in
the figures (a few hundred us a pass), so use it to find a slow part, not to
measure one.
"""

PASS_LOG_PY = """# Oya pico soak: each device-loop pass of %(ms)d ms or more printed, part by part (tools/pico/passlog.py)
import time
import oya.hw as _oh
import oya.ui.loop as _ol
import oya.ui.app as _oa
import oya.hw.printer_port as _opp
_T = time.ticks_us
_D = time.ticks_diff
_parts = []


def _name(o):
    n = getattr(o, "__name__", None)
    if n:
        return n
    n = repr(o)
    return n[n.find("'") + 1:n.rfind("'")] if "'" in n else n[:24]


def _label(part, a):
    if part == "key":
        return "key %%d on %%s" %% (a[1], type(a[0].top()).__name__)
    if part == "_fetch":
        return "job " + _name(a[0]._prefetch[0])
    if part == "idle" and not a[0]._prefetch and not a[0].due:
        return "idle of " + type(a[0].top()).__name__
    return part


def _timed(owner, part):
    f = getattr(owner, part)

    def timed(*a):
        label = _label(part, a)
        t = _T()
        try:
            return f(*a)
        finally:
            d = _D(_T(), t)
            if d >= 1000:
                _parts.append((label, d))
    setattr(owner, part, timed)


for _p in ("key", "tick", "settle", "idle", "_fetch", "release"):
    _timed(_oa.App, _p)
_timed(_ol, "render")
_timed(_ol, "idle_collect")
_timed(_opp.PrinterPort, "pump")


def _drive(passes, buttons):
    now = _oh.now_ms
    while True:
        del _parts[:]
        t = _T()
        ms = next(passes)
        d = _D(_T(), t)
        if d >= %(ms)d * 1000:
            print("~ %%d %%d ms |%%s" %% (now(), d // 1000,
                  ",".join(" %%s %%d" %% (p, us // 1000) for p, us in _parts)))
        end = _oh.tadd(now(), ms)
        while not buttons.woken and _oh.tdiff(end, now()) > 0:
            time.sleep_ms(1)


_oh.drive = _drive
"""


def pass_log_py(ms):
    """boot.py's lines for --pass-log `ms`."""
    return PASS_LOG_PY % {"ms": ms}


def pass_lines(text):
    """The --pass-log lines in what the firmware printed."""
    return [ln.strip()[2:] for ln in text.splitlines() if ln.startswith("~ ")]
