"""Bad input: 100 malformed or hostile ruleset files (hostile.py) and damaged
or hostile state files on flash.

Rulesets: each one is refused by `ruleset check` and by `ruleset push` with
one clear sentence naming the file; copied onto the virtual device (real
MicroPython, through the real mpremote) each is listed by `ruleset list` and by
the device's own Rulesets screen with that same sentence; on the simulated
device each shows as invalid in the Rulesets screen and in every game's
ruleset picker, and cannot be chosen; with all of them on flash the device
still plays a deal with its defaults.

State files: garbage, truncation and bit flips in state/match, a damaged
state/settings, and intact records (right header and digest) with hostile
content: the device says so, keeps a copy as .bad, and starts clean."""
import json
import os
import random

import pytest

import tools  # noqa: F401
from host_sim import Sim
from oya import GAMES, rules
from tests.both.journal_util import encode
from tests.reliability.hostile import cases, HOSTILE_STATE_RECORDS
from tests.reliability.presses import app_of
from tools import ruleset as ruleset_tool

CASES = cases()
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHIPPED = sorted(f for f in os.listdir(os.path.join(ROOT, "firmware", "rulesets")) if f.endswith(".json"))


def expected(fn, data):
    try:
        rules.parse(data, fn)
    except rules.RulesetError as e:
        return str(e)
    raise AssertionError("%s was accepted" % fn)


def clear_sentence(fn, msg):
    return (msg.startswith(fn + ": ") and msg.endswith((".", ")")) and "\n" not in msg
            and "Traceback" not in msg and "Error" not in msg and len(msg) < 260)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("hostile")
    for fn, data, what in CASES:
        (d / fn).write_bytes(data)
    return d


def test_at_least_fifty_hostile_files_each_refused_with_one_clear_sentence():
    assert len(CASES) >= 50 and len(set(fn for fn, _, _ in CASES)) == len(CASES)
    kinds = " ".join(w for _, _, w in CASES)
    for word in ("truncated", "UTF-16", "huge", "nested", "Python", "unknown game", "option", "duplicate"):
        assert word in kinds
    for fn, data, what in CASES:
        msg = expected(fn, data)
        assert clear_sentence(fn, msg), (what, msg)


def test_ruleset_check_and_push_refuse_every_one(files, capsys):
    paths = [str(files / fn) for fn, _, _ in CASES]
    assert ruleset_tool.main(["check"] + paths) == 1
    out = capsys.readouterr().out.splitlines()
    for (fn, data, what), line in zip(CASES, out):
        assert line == expected(fn, data), what
    assert out[len(CASES)] == "%d of %d rulesets are not valid" % (len(CASES), len(CASES))
    for fn, data, what in CASES[::7]:
        # push checks first and copies nothing (no board is even contacted)
        assert ruleset_tool.main(["push", str(files / fn), "--port", "/dev/null/none"]) == 1
        assert "not pushed" in capsys.readouterr().err


def _sim_with_hostile_rulesets(tmp_path, seed=4):
    flash = tmp_path / "flash"
    (flash / "rulesets").mkdir(parents=True)
    for fn in SHIPPED:
        (flash / "rulesets" / fn).write_bytes(open(os.path.join(ROOT, "firmware", "rulesets", fn), "rb").read())
    for fn, data, what in CASES:
        (flash / "rulesets" / fn).write_bytes(data)
    sim = Sim(seed=seed, flash_dir=str(flash))
    sim.advance(300)
    return sim


def test_the_simulated_device_lists_each_with_its_error_and_plays_on_defaults(tmp_path):
    sim = _sim_with_hostile_rulesets(tmp_path)
    try:
        app = app_of(sim)
        wrap = sim.modules["oya.ui.widgets"].wrap
        assert sim.screen_text()[0] == "Oya - home"
        sim.press("down")
        sim.press("ok")                                    # Rulesets: listed between frames
        assert sim.run_until(lambda: type(app.top()).__name__ != "Listing", 5000)
        menu = app.top()
        assert menu.title == "Rulesets"
        n = len(SHIPPED) + len(CASES)
        assert len(menu.items) == n
        by_name = dict((fn, (data, what)) for fn, data, what in CASES)
        seen = 0
        for i in range(n):
            assert app.top() is menu and menu.i == i
            label, status = menu.items[i]
            sim.press("ok")
            msg = app.top()
            fn = sorted(SHIPPED + list(by_name))[i]
            if fn in by_name:
                assert status == "invalid", fn
                want = expected(fn, by_name[fn][0])
                assert msg.lines == wrap(want), (fn, msg.lines)
                seen += 1
            else:
                assert status in GAMES, fn
            sim.press("back")
            sim.press("down", gap_ms=60)
        assert seen == len(CASES)
        sim.press("back")
        sim.press("up")                                    # the home menu: New table
        # every game's ruleset picker shows them as invalid; picking one
        # explains and goes back
        for gi, game in enumerate(GAMES):
            sim.press("ok")                                # New table
            sim.press("down", times=gi, gap_ms=60)
            sim.press("ok")                                # (it waits for the scan ahead, then lists)
            assert sim.run_until(lambda: not app.due and type(app.top()).__name__ != "Listing", 5000)
            picker = app.top()
            assert picker.items[0] == "Defaults"
            invalid = [it for it in picker.items if isinstance(it, tuple) and it[1] == "invalid"]
            # files that name another game are that game's business; the rest show here
            assert len(invalid) >= 40, (game, len(invalid))
            j = picker.items.index(invalid[0])
            sim.press("down", times=j, gap_ms=60)
            sim.press("ok")
            assert app.top().title == "invalid"
            sim.press("ok")
            assert app.top() is picker
            sim.press("back")
            sim.press("back")
            assert sim.screen_text()[0] == "Oya - home"
        # and it still plays with its defaults
        from host_sim.drive import setup_table
        setup_table(sim, "oicho", bots=3)
        for _ in range(200):
            if sim.screen_text()[0] == "Results":
                break
            sim.press("ok", gap_ms=500)
        assert sim.screen_text()[0] == "Results", sim.screen()
        assert sim.crashed is None and sim.errors == []
    finally:
        sim.close()


def test_on_real_micropython_through_mpremote(tmp_path):
    """The same files copied onto the virtual device with mpremote: `ruleset
    list` and the device's own Rulesets screen give each its sentence, and the
    device plays a deal with its defaults (vdev_input.py; `make soak` runs it
    too)."""
    from tests.tools.conftest import _need_vdev
    from tests.reliability.vdev_input import run_on_vdev
    _need_vdev()
    stats, problems = run_on_vdev(tmp_path, CASES)
    assert problems == [], "\n".join(problems[:5])
    assert stats["vdev_copied"] == stats["vdev_listed"] == stats["vdev_screens"] == len(CASES)
    assert stats["vdev_played"] == 1


# -- state files ---------------------------------------------------------------------------

def _boot_with(tmp_path, files, seed=1):
    flash = tmp_path / ("flash%d" % seed)
    (flash / "state").mkdir(parents=True)
    for name, data in files.items():
        (flash / "state" / name).write_bytes(data)
    sim = Sim(seed=seed, flash_dir=str(flash))
    sim.advance(300)
    return sim, flash


def _saved_match(tmp_path):
    """The bytes of the newest match record in the middle of a real deal
    (state/match or state/match.old: the journal writes them in turn)."""
    from host_sim.drive import setup_table
    from oya.journal_read import decode
    sim = Sim(seed=9, flash_dir=str(tmp_path / "donor"))
    sim.advance(300)
    setup_table(sim, "kyuten", bots=1)
    sim.press("ok", times=6, gap_ms=500)
    files = [sim.flash.get("state/" + n) for n in sim.flash.listdir("state") if n in ("match", "match.old")]
    data = max(files, key=lambda b: decode(b)[0])
    assert decode(data)[1]["deal"] is not None
    sim.close()
    return data


def _says_so_keeps_bad_starts_clean(sim, flash, name, data):
    rows = sim.screen_text()
    text = " ".join(rows)
    assert rows[0] == "Error" and "unreadable" in text and ".bad" in text, rows
    assert (flash / "state" / (name + ".bad")).read_bytes() == data
    assert not (flash / "state" / name).exists()
    sim.press("ok")
    rows = sim.screen_text()
    assert rows[0] == "Oya - home" and "Resume match" not in rows, rows
    from host_sim.drive import setup_table
    setup_table(sim, "oicho", bots=3)
    sim.press("ok", times=3)
    assert sim.screen_text()[0] == "First dealer" or sim.crashed is None
    assert sim.crashed is None and sim.errors == []


def test_damaged_match_file_is_reported_kept_and_the_device_starts_clean(tmp_path):
    good = _saved_match(tmp_path)
    r = random.Random(3)
    damaged = [b"\x00garbage", good[:len(good) // 2], good[:20], good.replace(b"OYAJ1", b"OYAJ2"),
               b"\xff" * 200, b"import os\nos.remove('main.py')\n"]
    for _ in range(4):
        b = bytearray(good)
        b[r.randrange(len(b))] ^= 1 << r.randrange(8)
        damaged.append(bytes(b))
    for i, data in enumerate(damaged):
        sim, flash = _boot_with(tmp_path, {"match": data}, seed=20 + i)
        try:
            _says_so_keeps_bad_starts_clean(sim, flash, "match", data)
        finally:
            sim.close()


def _intact(record, seq=7):
    return encode(seq, record)


def _hostile_record(what, record, good):
    from oya.journal_read import decode
    seq, rec = decode(good)
    if record == "ILLEGAL":
        rec = json.loads(json.dumps(rec))
        rec["deal"]["acts"] = rec["deal"]["acts"] + [0, 99999]
        return rec
    if record == "CHIPS":
        rec = json.loads(json.dumps(rec))
        rec["state"]["chips"][0] += 1000      # (the deal in play starts from it)
        return rec
    if record == "SEED":
        rec = json.loads(json.dumps(rec))
        rec["deal"]["seed"] = "__import__('os')"
        return rec
    return record


def test_intact_but_hostile_match_records_are_refused_as_data(tmp_path):
    good = _saved_match(tmp_path)
    for i, (what, record) in enumerate(HOSTILE_STATE_RECORDS):
        rec = _hostile_record(what, record, good)
        data = _intact(rec)
        sim, flash = _boot_with(tmp_path, {"match": data}, seed=40 + i)
        try:
            rows = sim.screen_text()
            if rows[0] == "Resume the match?":
                sim.press("ok", gap_ms=1000)   # the resume is where the content is read (in idle passes)
            assert sim.crashed is None and sim.errors == [], (what, sim.errors)
            _says_so_keeps_bad_starts_clean(sim, flash, "match", data)
        finally:
            sim.close()


def test_damaged_settings_file_is_reported_kept_and_defaults_used(tmp_path):
    data = b"OYAJ1 1 12 0000\n{\"lang\": 1}"
    sim, flash = _boot_with(tmp_path, {"settings": data}, seed=60)
    try:
        rows = sim.screen_text()
        assert rows[0] == "Error" and "settings" in " ".join(rows).lower(), rows
        assert (flash / "state" / "settings.bad").read_bytes() == data
        sim.press("ok")
        assert sim.screen_text()[0] == "Oya - home"         # English: the default
    finally:
        sim.close()
