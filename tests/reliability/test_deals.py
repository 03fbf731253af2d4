"""The deals part of `make soak`, as a 2,000-deal slice per game (the soak
plays 100,000 per game): bot-played deals with options drawn at random per
match (tests/props.py), through the soak's own task, so every check it makes
is made here too:

- after every payment: the total is unchanged, the pot is not negative, and
  the deal's events gained exactly that pay event (tools/soak.py
  checked_payments);
- after every action: chips conserved, every card of the deck in exactly one
  place (places(), stock included);
- the game's visibility oracle (its engine test's: view/seen/public against
  what the events let each seat know) after every action of every 5th deal;
- every deal ends within its step bound; replaying it reproduces the events
  and the transcript; its printed record and recall screen name no card that
  was never public;
- no deal seed repeats.

Then the soak's own command at a tiny size, and its report."""
import hashlib
import json

import pytest

import tools  # noqa: F401
from oya import GAMES, rng
from tools import soak

SLICE = 2000


@pytest.mark.parametrize("game", GAMES)
def test_a_2000_deal_slice_of_the_soak(game):
    r = soak.task_deals(game, SLICE, rng.derive(b"soak-slice" + bytes(22), GAMES.index(game)), 5)
    assert r["problems"] == [], r["problems"][0]
    st = r["stats"]
    assert st["deals"] == st["deals_checked"] == st["record_checks"] == SLICE
    assert st["oracle_calls"] >= st["actions"] // 6
    assert st["matches"] >= SLICE // 8
    if game != "meri":                       # Meri keeps score in tricks, not chips
        assert st["payments"] >= SLICE
    assert len(r["seeds"]) == len(set(r["seeds"])) == SLICE


def _broken(monkeypatch, how):
    from oya import ledger
    orig = ledger.Ledger.transfer

    def transfer(self, frm, to, n, why, extra=None):
        moved = orig(self, frm, to, n, why, extra)
        if moved and to != ledger.POT and how == "mint":
            self.chips[to] += 1                 # a chip from nowhere
        if moved and how == "unlogged" and self.log is not None:
            self.log.__self__.pop()            # chips moved, no pay event
        return moved
    monkeypatch.setattr(ledger.Ledger, "transfer", transfer)


@pytest.mark.parametrize("how,says", [("mint", "the total went"), ("unlogged", "is logged as")])
def test_the_payment_check_catches_a_chip_made_and_a_payment_not_logged(monkeypatch, how, says):
    _broken(monkeypatch, how)
    r = soak.task_deals("kachi", 5, b"\x01" * 32, 5)
    assert r["problems"] and says in r["problems"][0], r["problems"][:1]


def test_the_soak_command_prints_its_figures(tmp_path, capsys):
    md, js = tmp_path / "soak.md", tmp_path / "soak.json"
    rc = soak.main(["--only", "deals,rng", "--deals", "12", "--deal-chunk", "6",
                    "--shuffles", "3000", "--entropy", "2000", "--verify", "1",
                    "--jobs", "2", "--seed", "ab" * 32, "--json", str(js), "--md", str(md)])
    out = capsys.readouterr().out
    assert rc == 0, out[-3000:]
    text = md.read_text()
    assert text.startswith("Oya soak: PASSED") and text in out
    assert text.splitlines()[1].startswith("Run of commit ")
    for want in ("Deals (", "deal seeds: 60, distinct: 60", "52-card shuffle: 3000 shuffles",
                 "fresh seeds: 2000 drawn, 2000 distinct", "verify: 5 transcripts"):
        assert want in text, want
    for g in GAMES:
        assert [ln for ln in text.splitlines() if ln.split()[:2] == [g, "12"]], g     # 12 deals
    d = json.loads(js.read_text())
    assert d["ok"] is True and d["seed"] == "ab" * 32 and d["deal_seeds_distinct"] == 60
    assert d["parts"]["deals"]["oicho"]["deals"] == 12 and d["parts"]["deals"]["oicho"]["tasks"] == 2


def test_the_report_says_failed_and_lists_the_problems():
    parts = soak.merge([
        {"part": "cuts", "game": "oicho", "stats": {"op_cuts": 10, "byte_cuts": 3, "saves": 2},
         "problems": ["op 7: resumed state differs"]},
        {"part": "presses", "game": "kachi", "stats": {"events": 5000, "holds": 500, "chords": 150, "glitches": 200,
                                                        "during_print": 90, "printer_faults": 25, "deals": 80,
                                                        "matches_finished": 12, "screens_checked": 700,
                                                        "leak_checks": 4000}, "problems": []},
        {"part": "input", "game": "rulesets", "stats": {"hostile_rulesets": 105, "refused": 105,
                                                         "ruleset_check": 105, "listed_on_device": 105},
         "problems": []},
    ])
    ok, text = soak.report(parts, 0, 0, 1.0, 2, hashlib.sha256(b"x").digest())
    assert not ok and text.startswith("Oya soak: FAILED")
    assert "oicho       10 cuts between flash operations,    3 inside writes,    2 saves, 1 problems" in text
    assert "- [cuts/oicho] op 7: resumed state differs" in text
    assert "kachi        5000     500    150      200     90      25     80       12    4700         0" in text
    assert "NO deal played after" in text               # the virtual device part never reported
    # a repeated deal seed fails the run even with no other problem
    ok, text = soak.report({}, 10, 9, 1.0, 2, bytes(32))
    assert not ok
