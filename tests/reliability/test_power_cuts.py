"""Power cuts for each game: a scripted match (a new table, a deal played by
a person and a bot seat, the players ending the match from the pause menu) is
cut before every flash operation in turn and inside journal writes, then
booted: resume gives exactly the state of the last completed action, no chip
is created or lost, nothing is reported damaged that was only cut short, and
the device plays on. `make soak` does the same over longer matches and more
seeds. See powercut.py for the model the device is held to."""
import pytest

from oya import GAMES
from tests.reliability import powercut


@pytest.mark.parametrize("game", GAMES)
def test_cut_after_every_flash_write(game):
    stats, problems = powercut.run_cuts(game, seed=5, deals=2, byte_cuts=24)
    assert problems == [], "\n---\n".join(problems[:3])
    # every save is an open and a write at least (a record more), each cut before
    assert stats["op_cuts"] == stats["flash_ops"] > 3 * stats["saves"] > 20
    assert stats["byte_cuts"] >= 20


def test_the_check_catches_a_journal_that_forgets_a_finished_save():
    """Not vacuous: a journal that ignores a complete .tmp (a match's first
    record, the power gone before its rename) loses the last completed
    action, and the check says so."""
    ref = powercut.Reference("kachi", 5, powercut.script_for("kachi", 5, 1))

    def careless(dev):
        R = dev.sim.importer.load("oya.journal_read")
        orig = R.load

        def load(this):
            this._files = lambda: (this.path, this.path + ".old")
            try:
                return orig(this)
            finally:
                del this._files
        R.load = load

    problems = []
    for op in range(ref.boot_ops, ref.total_ops):
        problems += powercut.cut_and_boot(ref, op=op, hooks=careless)
    assert problems and all("differs" in p or "expected" in p for p in problems), problems[:2]


@pytest.mark.parametrize("method,slot", [("save_tail", "_tslot"), ("save", "_rslot")])
def test_the_check_catches_a_journal_writing_over_its_newest_file(method, slot):
    """Not vacuous: records and tails are written in place, so each must go
    to the file that does not hold the newest. A journal that always writes
    the same one loses a completed action when the power goes inside that
    write."""
    ref = powercut.Reference("oicho", 5, powercut.script_for("oicho", 5, 1))

    def careless(dev):
        J = dev.journal_mod.Journal
        orig = getattr(J, method)

        def write_over_the_first(this, data):
            setattr(this, slot, 1)      # the next write always goes to the first file
            return orig(this, data)
        setattr(J, method, write_over_the_first)

    writes = [w for w in ref.writes if w[1] > 1]
    problems = []
    for w0, n in writes:
        problems += powercut.cut_and_boot(ref, byte=w0 + n // 2, hooks=careless)
    assert problems and all("differs" in p or "expected" in p for p in problems), problems[:2]
