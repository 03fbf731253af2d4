"""A night's journal under power cuts: a match played to its end with the
power cut before each flash operation of its last keys (the match's end goes
into the night, saved before the match's journal is cleared), then booted.
The match's result is never lost nor counted twice: the night on flash is
whole and holds it, or the match is still on flash to be ended again, which
adds it once. And the night's record itself (oya.night)."""
import json

import pytest

from host_sim import Sim, PowerCut
from tests.reliability.powercut import OK, UP, Device, script_for


def night_of(dev):
    nights = dev.sim.importer.load("oya.night")
    return nights.load(dev.app.night_j)


def test_a_cut_at_any_flash_operation_of_a_matchs_end_loses_nothing_and_adds_nothing_twice():
    seed = 5
    script = script_for("kachi", seed)
    sim = Sim(seed=seed, autoboot=False, printer=False)
    try:
        dev = Device(sim)
        marks = []
        for kind, v in script:
            marks.append(sim.flash.ops)
            dev.key(v) if kind == "key" else dev.tick(v)
        assert not dev.failures
        end_ops = sim.flash.ops
        n = night_of(dev)
        assert len(n.matches) == 1 and n.matches[0][0] == "kachi"
        want = n.record()
    finally:
        sim.close()
    first = marks[-3]                 # the last deal's last keys, the ranking and the night's menu
    assert end_ops - first > 5
    cuts = 0
    paths = {"in the night": 0, "ended again": 0}
    for op in range(first, end_ops):
        sim = Sim(seed=seed, autoboot=False, printer=False)
        try:
            dev = Device(sim)
            sim.flash.arm(op=op)
            try:
                for kind, v in script:
                    dev.key(v) if kind == "key" else dev.tick(v)
            except PowerCut:
                cuts += 1
            dev2 = Device(sim)
            assert not dev2.failures, (op, dev2.failures[0])
            n = night_of(dev2)                     # whole, or none yet: never damaged
            saved_match = dev2.sim.importer.load("oya.journal_read").has_record(dev2.app.match_j)
            if n is not None and n.matches:
                assert n.record() == want, op
                paths["in the night"] += 1
                continue
            # the night does not have it yet: the match is still on flash, and
            # ending it again (resume, play to the ranking) adds it once
            assert saved_match, "op %d: the match's result was lost" % op
            text = dev2.text()
            assert text.startswith("Resume the match?"), (op, text)
            for _ in range(400):
                if dev2.text().startswith("Night"):
                    break
                top = dev2.app.top()
                if type(top).__name__ == "PlayScreen" and top.state == dev2.play_mod.DECIDE and top.is_bot(top.acting):
                    dev2.tick(500)
                else:
                    dev2.key(OK)
                    dev2.tick(500)
            assert dev2.text().startswith("Night"), (op, dev2.text())
            n = night_of(dev2)
            assert len(n.matches) == 1 and n.matches[0][1] == want["matches"][0]["commit"], op
            paths["ended again"] += 1
        finally:
            sim.close()
    assert cuts > 5 and paths["in the night"] and paths["ended again"], paths


def test_a_night_adds_a_match_once_and_its_totals_follow_from_its_matches():
    from oya.night import Night
    n = Night(["A", "B", "C"])
    assert n.add("oicho", "c1", [5, -2, -3], True)
    assert not n.add("oicho", "c1", [5, -2, -3], True)        # ended again after a cut
    assert n.add("meri", "c2", [1, 0, 1], False)
    assert n.add("kachi", None, [-1, 4, -3], True)
    assert n.totals(True) == [4, 2, -6] and n.totals(False) == [1, 0, 1]
    rec = json.loads(json.dumps(n.record()))
    back = Night.from_record(rec)
    assert back.record() == rec
    rec["totals"]["chips"] = [4, 3, -7]
    with pytest.raises(ValueError):
        Night.from_record(rec)
    with pytest.raises(ValueError):
        n.add("oicho", "c3", [1, -1], True)                   # not the night's seats
    with pytest.raises(ValueError):
        Night.from_record({"format": "oya-night/1", "names": ["A", "B"], "bots": [],
                           "matches": [{"game": "oicho", "commit": None, "gains": [3, -2], "chips": True}]})
