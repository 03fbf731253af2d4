"""The hostile rulesets (hostile.py) on the virtual device (tools/vdev: the
real MicroPython, WebAssembly port, behind a pseudo-terminal) through the real
mpremote: copied onto its flash with `mpremote fs cp` (`ruleset push` refuses
them before contacting a board), then listed by `python -m tools ruleset list`
(which runs the firmware's own validator on the device) and by the device's
own Rulesets screen, each with the same one sentence `ruleset check` gives;
then the device plays a deal of Oicho-Kabu with its defaults.

    stats, problems = run_on_vdev(workdir, cases())

Used by tests/reliability/test_bad_input.py and by `make soak`."""
import json
import os
import shutil
import subprocess
import sys
import time

import tools  # noqa: F401
from oya import GAMES, rules
from tools import vdev

ROOT = tools.ROOT

DEVICE_CODE = r"""
import os, json
os.chdir('/')
from oya.ui.app import App, list_rulesets
for fn, g, n, o, err in list_rulesets():
    print('OYA-RS ' + json.dumps([fn, g, err]))
a = App()
UP, DOWN, OK, BACK = 1, 2, 3, 4
a.key(DOWN)
a.key(OK)
while type(a.top()).__name__ == 'Listing':   # files to validate: listed frame by frame
    a.tick(0)
menu = a.top()
for i in range(len(menu.items)):
    a.key(OK)
    print('OYA-SCREEN ' + json.dumps([i, a.top().lines]))
    a.key(BACK)
    a.key(DOWN)
a.key(BACK)
# a new table of Oicho-Kabu with the defaults, four people, one deal
for k in (UP, OK, OK, OK, UP, OK, OK, UP, OK, OK, OK, OK):
    a.key(k)
    while type(a.top()).__name__ == 'Listing':
        a.tick(0)
    while a.idle():     # the device loop's passes: a new table is made on them
        pass
for _ in range(300):
    if a.screen_text().startswith('Results'):
        break
    a.key(OK)
print('OYA-END ' + json.dumps(a.screen_text()))
"""


def expected(fn, data):
    """The sentence `ruleset check` and the device give, or None if valid."""
    try:
        rules.parse(data, fn)
    except rules.RulesetError as e:
        return str(e)
    return None


def _run(args, timeout):
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    p.out = p.stdout + p.stderr
    return p


def mpremote(port, *args, timeout=180):
    return _run([sys.executable, "-m", "mpremote", "connect", port] + [str(a) for a in args], timeout)


def run_on_vdev(workdir, cases):
    """-> (stats, problems). `workdir` is an empty scratch folder."""
    from oya.ui.widgets import wrap
    t0 = time.time()
    workdir = str(workdir)
    files = os.path.join(workdir, "files")
    flash = os.path.join(workdir, "flash")
    os.makedirs(files)
    for fn, data, what in cases:
        with open(os.path.join(files, fn), "wb") as f:
            f.write(data)
    os.makedirs(flash)
    shutil.copytree(os.path.join(ROOT, "firmware", "oya"), os.path.join(flash, "oya"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(ROOT, "firmware", "rulesets"), os.path.join(flash, "rulesets"))
    shipped = sorted(f for f in os.listdir(os.path.join(flash, "rulesets")) if f.endswith(".json"))
    problems = []
    stats = {"vdev_copied": 0, "vdev_listed": 0, "vdev_screens": 0, "vdev_played": 0}
    by_name = dict((fn, data) for fn, data, _ in cases)
    dev = vdev.VirtualDevice(flash)
    dev.start()
    try:
        names = [fn for fn, _, _ in cases]
        for k in range(0, len(names), 25):
            p = mpremote(dev.port, "fs", "cp", *[os.path.join(files, fn) for fn in names[k:k + 25]] + [":rulesets/"])
            if p.returncode != 0:
                return stats, ["mpremote fs cp failed: %s" % p.out[-800:]]
            stats["vdev_copied"] += len(names[k:k + 25])
        p = _run([sys.executable, "-m", "tools", "ruleset", "list", "--port", dev.port], 300)
        if p.returncode != 0:
            return stats, ["ruleset list failed: %s" % p.out[-800:]]
        for fn, data, what in cases:
            line = [ln for ln in p.stdout.splitlines() if ln.strip().startswith(fn + " ")]
            if not line or not line[0].rstrip().endswith(expected(fn, data)):
                problems.append("ruleset list on the device: %s (%s) shows %r, not %r" % (
                    fn, what, line[:1], expected(fn, data)))
            else:
                stats["vdev_listed"] += 1
        total = "%d rulesets, %d valid, %d not valid" % (len(cases) + len(shipped), len(shipped), len(cases))
        if total not in p.stdout:
            problems.append("ruleset list does not end with %r: %s" % (total, p.stdout[-300:]))
        p = mpremote(dev.port, "exec", DEVICE_CODE, timeout=600)
        if p.returncode != 0:
            return stats, problems + ["the device's own Rulesets screen failed: %s" % p.out[-800:]]
        out = p.stdout.splitlines()
        listed = [json.loads(ln[7:]) for ln in out if ln.startswith("OYA-RS ")]
        screens = [json.loads(ln[11:]) for ln in out if ln.startswith("OYA-SCREEN ")]
        if not len(listed) == len(screens) == len(cases) + len(shipped):
            problems.append("the device listed %d rulesets on %d screens, not %d" % (
                len(listed), len(screens), len(cases) + len(shipped)))
        for (fn, g, err), (i, lines) in zip(listed, screens):
            if fn in by_name:
                want = expected(fn, by_name[fn])
                if err != want or g is not None or lines != wrap(want):
                    problems.append("the device's Rulesets screen: %s shows %r (%r), not %r" % (fn, lines, err, want))
                else:
                    stats["vdev_screens"] += 1
            elif err is not None or g not in GAMES:
                problems.append("a shipped ruleset %s is listed as %r" % (fn, err))
        end = [json.loads(ln[8:]) for ln in out if ln.startswith("OYA-END ")]
        if end and end[0].startswith("Results"):
            stats["vdev_played"] = 1
        else:
            problems.append("the device did not play a deal on its defaults: %s" % p.stdout[-800:])
    finally:
        dev.close()
    stats["vdev_secs"] = time.time() - t0
    return stats, problems
