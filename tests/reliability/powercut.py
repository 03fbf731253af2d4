"""Power cuts: a scripted match is cut before every flash operation in turn
(and at random byte offsets inside the journal's writes), then booted.

The device here is the App's synchronous core (key/tick) of the firmware as
the simulator loads it: its modules come from host_sim's importer on the fake
os, urandom and flash, so every file operation goes through host_sim.Flash
and a cut raises PowerCut out of whatever the firmware was doing. A boot is a
fresh module table over the same flash.

The reference run plays the script once and logs each journal save (the flash
operation it starts at, the record it writes) and each clear. The journal's
promise, which the check holds it to: a record is kept once its bytes are
written (the write operation completed), so after a cut before operation k
the device must resume exactly the last record whose write completed before
k -- the state after the last completed action -- or offer nothing when the
last completed step cleared the match. Chips in the resumed match add up to
the same total, and the resumed device plays on.
"""
import json
import random
import traceback

import tools  # noqa: F401
from host_sim import Sim, PowerCut

OK, UP, DOWN, BACK, HOLD_OK, RELEASE = 3, 1, 2, 4, 7, 8   # oya.ui.keys


class Device:
    """One power-on of the firmware's App core on `sim`'s flash."""

    def __init__(self, sim, hooks=None):
        self.sim = sim
        sim.prepare()
        self.mods = sim.modules
        self.app_mod = sim.importer.load("oya.ui.app")
        self.journal_mod = sim.importer.load("oya.journal")
        self.play_mod = sim.importer.load("oya.ui.play")
        self.failures = []
        fails = self.failures
        cls = self.app_mod.App
        orig = cls.fail

        def fail(this, e, _orig=orig):
            fails.append("".join(traceback.format_exception(type(e), e, e.__traceback__)))
            return _orig(this, e)
        cls.fail = fail
        if hooks:
            hooks(self)
        self.now = 0
        self.app = self.app_mod.App(None, 0)
        self.app.match_j.lazy = True      # as the device loop runs it: files written after the frame

    def text(self):
        return self.app.frame().text()

    def settle(self):
        """The device loop's passes after a frame: its idle work (a new table
        is made on them), then the journal's files, one a pass."""
        while self.app.idle():
            pass
        while self.app.settle():
            pass

    def key(self, k):
        self.app.key(k)
        self.app.frame()
        self.settle()

    def tick(self, ms):
        self.now += ms
        self.app.tick(self.now)
        self.app.frame()
        self.settle()


def new_table_keys(game_index, bots):
    """Home -> new table of the game, default ruleset and seats, `bots` bot seats."""
    return ([("key", OK)] + [("key", DOWN)] * game_index + [("key", OK), ("key", OK), ("key", UP), ("key", OK)])


def script_for(game, seed, deals=2, max_inputs=400):
    """Play a match on a scratch device, choosing inputs as a person would
    (mostly the first choice, sometimes another); return the inputs."""
    from oya import GAMES
    r = random.Random("pc:%s:%s" % (game, seed))
    sim = Sim(seed=seed, autoboot=False, printer=False)
    try:
        dev = Device(sim)
        out = []

        def do(kind, v):
            out.append((kind, v))
            if kind == "key":
                dev.key(v)
            else:
                dev.tick(v)

        app = dev.app
        for kv in new_table_keys(GAMES.index(game), 1):
            do(*kv)
        P = dev.play_mod
        while len(out) < max_inputs:
            top = app.top()
            name = type(top).__name__
            title = getattr(top, "title", "")
            if title == "Seats" or title == "Starting chips":
                do("key", OK)
            elif title == "Names":
                do("key", UP)
                do("key", OK)
            elif title == "Bot seats":
                do("key", UP)                 # one bot seat: ticks act for it
                do("key", OK)
            elif title == "Match over":
                do("key", OK)
                break
            elif name == "PlayScreen":
                if app.session.match.deal_no >= deals and top.state == P.INTRO:
                    # the players agree to stop: pause menu, End match now (found by its label)
                    do("key", BACK)
                    for _ in range(12):
                        if ">End match now" in dev.text():
                            break
                        do("key", DOWN)
                    do("key", OK)
                    continue
                if top.state == P.DECIDE and top.is_bot(top.acting):
                    do("tick", 500)
                elif top.state == P.DECIDE and top.entries and r.random() < 0.3:
                    do("key", DOWN)
                    do("key", OK)
                else:
                    do("key", OK)
            else:
                do("key", OK)
        assert not dev.failures, dev.failures[0]
        return out
    finally:
        sim.close()


class Reference:
    """The script played once, with every journal save and clear logged."""

    def __init__(self, game, seed, script):
        self.game, self.seed, self.script = game, seed, script
        self.saves = []          # (first op, op from which it is kept, record json or None)
        self.writes = []         # (bytes written before, length) of every journal body write
        sim = Sim(seed=seed, autoboot=False, printer=False)
        try:
            dev = Device(sim, hooks=self._hooks)
            self.boot_ops = sim.flash.ops
            for kind, v in script:
                if kind == "key":
                    dev.key(v)
                else:
                    dev.tick(v)
            assert not dev.failures, dev.failures[0]
            self.total_ops = sim.flash.ops
            self.final = self._snapshot(dev)
            self.total_chips = self._chips
        finally:
            sim.close()

    def _hooks(self, dev):
        J = dev.journal_mod.Journal
        fl = dev.sim.flash
        saves, writes = self.saves, self.writes
        # a record is kept once its file is written: load() takes the newest
        # intact one of the two
        orig_save, orig_step, orig_count = J.save, J.step, fl._count_op
        orig_tail = J.save_tail
        ops = {}
        last = {}

        def count_op(entry):
            if entry[0] == "write" and entry[1].endswith(("/match", "/match.old", "/match.tmp", "/match.a", "/match.at")):
                writes.append((fl.bytes_written, entry[2]))
                ops["last_write"] = fl.ops
            orig_count(entry)

        def kept_once_written(this, rec):
            # a record is kept once the last bytes of its file are written:
            # within save() on a plain journal, on a later step() (a later
            # pass of the device loop) on a lazy one
            if this._job is None:
                saves.append((fl.ops, ops["last_write"] + 1, rec))
            else:
                last["due"] = rec

        def save(this, record):
            orig_save(this, record)
            if this.path.endswith("/match"):
                last["record"] = json.loads(json.dumps(record))
                st = record.get("state")
                self._chips = sum(st["chips"]) + st.get("pot", 0)
                kept_once_written(this, json.dumps(record, sort_keys=True))

        def save_tail(this, tail):
            # the actions since the record: the state the device holds is the
            # record with them
            orig_tail(this, tail)
            if this.path.endswith("/match"):
                rec = json.loads(json.dumps(last["record"]))
                rec["deal"]["acts"] = rec["deal"]["acts"] + list(tail)
                kept_once_written(this, json.dumps(rec, sort_keys=True))

        def step(this):
            # a lazy write's steps, and a clear()'s removals one step() at a
            # time (on the device, one a loop pass): the match is gone once
            # the last file is
            k = fl.ops
            removing = this._job is None and bool(this._doomed)
            more = orig_step(this)
            if this.path.endswith("/match"):
                if removing and not this._doomed:
                    saves.append((k, fl.ops, None))
                if this._job is None and "due" in last:
                    saves.append((k, ops["last_write"] + 1, last.pop("due")))
            return more
        J.save, J.step, J.save_tail = save, step, save_tail
        fl._count_op = count_op
        self._chips = None

    def _snapshot(self, dev):
        s = dev.app.session
        return None if s is None else json.dumps(s.record(), sort_keys=True)

    def expected(self, op):
        """The record the device must resume after a cut before operation `op`."""
        exp = None
        for first, kept, rec in self.saves:
            if kept <= op:
                exp = rec
        return exp


def cut_and_boot(ref, op=None, byte=None, play_on=8, hooks=None):
    """Replay the script with the power cut before flash operation `op` (or
    once `byte` bytes have been written in all), boot, resume, compare with
    the reference. Returns a list of problems (empty: all good)."""
    sim = Sim(seed=ref.seed, autoboot=False, printer=False)
    problems = []
    where = "op %s" % op if op is not None else "byte %s" % byte
    try:
        dev = Device(sim, hooks)
        sim.flash.arm(op=op, byte=byte)
        cut = False
        try:
            for kind, v in ref.script:
                if kind == "key":
                    dev.key(v)
                else:
                    dev.tick(v)
        except PowerCut:
            cut = True
        if not cut:
            return ["%s: the script ended before the cut" % where]
        if dev.failures:
            problems.append("%s: before the cut: %s" % (where, dev.failures[0]))
        # the operation that never happened (or never completed: a cut inside
        # a write leaves the operation count at that write)
        exp = ref.expected(sim.flash.ops)
        # power back on: a new module table over the same flash
        dev2 = Device(sim, hooks)
        app = dev2.app
        text = dev2.text()
        if dev2.failures:
            problems.append("%s: at boot: %s" % (where, dev2.failures[0]))
        if exp is None:
            # nothing kept yet, or the match was over: the home screen, no
            # resume, and no false alarm about a damaged file
            if not text.startswith("Oya - home") or sim.importer.load("oya.journal_read").has_record(app.match_j) or any(
                    n.endswith(".bad") for n in sim.flash.listdir("state")):
                problems.append("%s: nothing to resume expected, the device shows:\n%s" % (where, text))
            return problems
        if not text.startswith("Resume the match?"):
            problems.append("%s: a saved match expected, the screen shows:\n%s" % (where, text))
            return problems
        dev2.key(OK)
        s = app.session
        if s is None:
            problems.append("%s: resume gave no match:\n%s" % (where, dev2.text()))
            return problems
        got = json.dumps(s.record(), sort_keys=True)
        if got != exp:
            problems.append("%s: resumed state differs from the last completed action:\n got %s\nwant %s" % (
                where, got[:400], exp[:400]))
        if tuple(app.bots) != tuple(s.ui.get("bots", ())):
            problems.append("%s: resumed with bot seats %r, the match had %r" % (
                where, tuple(app.bots), s.ui.get("bots")))
        m = s.match
        if ref.total_chips is not None and m.ledger.total() != ref.total_chips:
            problems.append("%s: %d chips after resume, %d before" % (where, m.ledger.total(), ref.total_chips))
        # the resumed device plays on
        P = dev2.play_mod
        for _ in range(play_on):
            top = app.top()
            if type(top).__name__ == "PlayScreen" and top.state == P.DECIDE and top.is_bot(top.acting):
                dev2.tick(500)
            else:
                dev2.key(OK)
        if dev2.failures:
            problems.append("%s: after resume: %s" % (where, dev2.failures[0]))
        return problems
    finally:
        sim.close()


def run_cuts(game, seed, deals=2, byte_cuts=None, every=1, rnd=None):
    """Every operation of the reference run (or every `every`-th), plus
    `byte_cuts` random offsets inside journal writes. -> (stats, problems)."""
    script = script_for(game, seed, deals)
    ref = Reference(game, seed, script)
    rnd = rnd or random.Random("cuts:%s:%s" % (game, seed))
    problems = []
    ops = list(range(ref.boot_ops, ref.total_ops, every))
    for op in ops:
        problems += cut_and_boot(ref, op=op)
        if len(problems) > 5:
            break
    writes = [w for w in ref.writes if w[1] > 1]
    if byte_cuts is None:
        byte_cuts = len(writes)
    n_bytes = 0
    for w0, n in (writes if byte_cuts >= len(writes) else rnd.sample(writes, byte_cuts)):
        if len(problems) > 5:
            break
        problems += cut_and_boot(ref, byte=w0 + rnd.randint(1, n - 1))
        n_bytes += 1
    stats = {"inputs": len(script), "saves": sum(1 for s in ref.saves if s[2] is not None),
             "op_cuts": len(ops), "byte_cuts": n_bytes, "flash_ops": ref.total_ops - ref.boot_ops,
             "deals": deals}
    return stats, problems
