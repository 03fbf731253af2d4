"""`python -m tools verify` on one deal copied from its printed slip: the
slip's lines as printed go in, one line (OK with the commitment, or FAILED
with the reason) comes out."""
import json
import random
import re

import pytest

import tools  # noqa: F401
from oya import GAMES, rng
from oya.compat import unhex
from oya.ui import keys as K
from oya.ui.app import App
from oya.ui.records import act_lines
from tests.test_ui_app import FakeHw, new_table
from tools import verify

SLIP_COLS = 32      # font A on 58 mm paper


@pytest.fixture
def flash(tmp_path, monkeypatch):
    """A flash folder, and the device's entropy a fixed stream: the same deal on every run."""
    monkeypatch.chdir(tmp_path)
    n = [0]

    def entropy(extra=b""):
        n[0] += 1
        return rng.derive(b"slip" * 8, n[0])
    monkeypatch.setattr(rng, "entropy", entropy)
    return tmp_path


def printed_deal(game):
    """(commitment slip, deal record) of the first deal of `game`, as printed."""
    hw = FakeHw()
    app = App(hw)
    new_table(app, GAMES.index(game))
    app.key(K.HOLD_OK)                 # intro: the commitment
    commit = hw.printer.slips[-1]
    for _ in range(2000):
        if app.screen_text().startswith("Results"):
            break
        app.key(K.OK)
    app.key(K.HOLD_OK)                 # results: the deal's record
    return commit, hw.printer.slips[-1], app.session.match


def slip_args(rec, names):
    """--seed, --actions, --chips and --seats as a person copies them off the record."""
    i = rec.index("Seed:")
    a = rec.index(next(x for x in rec if x.startswith("acts ")))
    b = a + 1
    while rec[b].startswith(" "):
        b += 1
    chips = next(x for x in rec if x.startswith("chips "))
    return ["--seed", rec[i + 1] + "\n" + rec[i + 2], "--actions", "\n".join(rec[a:b]),
            "--chips", chips[6:], "--seats", ",".join(names)]


def test_a_printed_deal_is_checked_with_or_without_its_dealer(flash, capsys):
    commit_slip, rec, m = printed_deal("oicho")
    committed = commit_slip[2] + commit_slip[3]
    dealer = next(x for x in rec if x.startswith("Dealer "))[7:]
    args = ["--game", "oicho"] + slip_args(rec, m.ledger.names)
    acts = slip_args(rec, m.ledger.names)[3].split("\n")
    assert len(acts) > 1 and all(len(ln) <= SLIP_COLS for ln in acts)
    for extra in (["--dealer", dealer], []):
        capsys.readouterr()
        assert verify.main(args + extra) == 0
        out, err = capsys.readouterr()
        assert out.count("\n") == 1 and out.startswith("OK oicho, dealer %s" % dealer) and not err
        assert committed in out and ("from the actions" in out) == (not extra)
        assert out.rstrip().endswith("balances " + ",".join(str(c) for c in m.ledger.chips))
    assert verify.main(args + ["--commit", committed, "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["final"] == m.ledger.chips and err.startswith("OK ")


def test_a_wrong_seed_or_dealer_is_one_failed_line_with_its_reason(flash, capsys):
    commit_slip, rec, m = printed_deal("oicho")
    dealer = next(x for x in rec if x.startswith("Dealer "))[7:]
    args = ["--game", "oicho"] + slip_args(rec, m.ledger.names)
    wrong = ["--seed", "00" * 32]
    other = m.ledger.names[(m.ledger.names.index(dealer) + 1) % len(m.ledger.names)]
    for extra, why in ((wrong, "check the seed"), (wrong + ["--dealer", dealer], "(dealer %s)" % dealer),
                       (["--dealer", other], "Not your turn"), (["--seed", "12zz"], "not hex"),
                       (["--commit", "ab" * 32], "does not match the commitment")):
        assert verify.main(args + extra) == 1
        out, err = capsys.readouterr()
        assert not out and err.count("\n") == 1 and err.startswith("FAILED: ") and why in err, (extra, err)
    assert verify.main(args + ["--dealer", "P9"]) == 1
    assert "not a seat" in capsys.readouterr().err


def test_the_acts_lines_break_only_between_codes():
    r = random.Random(61)
    line = re.compile(r"^(acts |     )(\d+:\d+,)*\d+:\d+,?$")
    for n in (0, 1, 3, 17, 60):
        acts = []
        for _ in range(n):
            acts += [r.randrange(10), r.choice((0, 3, 11, 1001, 20480))]
        lines = list(act_lines(acts))
        assert all(len(ln) <= SLIP_COLS for ln in lines)
        if n:
            assert all(line.match(ln) for ln in lines), lines
            assert all(ln.endswith(",") for ln in lines[:-1]) and not lines[-1].endswith(",")
        assert verify.parse_actions("\n".join(lines)) == [(acts[i], acts[i + 1]) for i in range(0, 2 * n, 2)]


def test_the_seed_is_read_as_printed():
    seed = rng.derive(b"\x01" * 32, 3)
    h = seed.hex()
    assert verify.parse_seed(h[:32] + "\n" + h[32:]) == seed == unhex(h)
    with pytest.raises(verify.Mismatch, match="64"):
        verify.parse_seed(h[:32])
