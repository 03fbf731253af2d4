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
    stats, problems = powercut.run_cuts(game, seed=5, deals=1, byte_cuts=24)
    assert problems == [], "\n---\n".join(problems[:3])
    assert stats["op_cuts"] == stats["flash_ops"] > 4 * stats["saves"] > 20
    assert stats["byte_cuts"] >= 20


def test_the_check_catches_a_journal_that_forgets_a_finished_save():
    """Not vacuous: a journal that ignores a complete .tmp (the power went
    between its two renames) loses the last completed action, and the check
    says so."""
    ref = powercut.Reference("kachi", 5, powercut.script_for("kachi", 5, 1))

    def careless(dev):
        J = dev.journal_mod.Journal
        orig = J.load

        def load(this):
            this._files = lambda: (this.path, this.path + ".old")
            try:
                return orig(this)
            finally:
                del this._files
        J.load = load

    problems = []
    for op in range(ref.boot_ops, ref.total_ops):
        problems += powercut.cut_and_boot(ref, op=op, hooks=careless)
    assert problems and all("differs" in p or "expected" in p for p in problems), problems[:2]
