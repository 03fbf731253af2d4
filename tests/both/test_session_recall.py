# The recall of finished deals (oya.session): a ring of files written once per
# deal next to the journal, not part of the record rewritten after every
# action; on both runtimes.
import os
from oya import rng
from oya.journal import Journal
from oya.session import Session, RECALL
from oya.games import EXTRA
import highcard

EXTRA["_highcard"] = highcard

TMP = "jtest"          # shared with test_core_ledger_journal (names here start with "rc")


def _fresh(name):
    try:
        os.mkdir(TMP)
    except OSError:
        pass
    for fn in os.listdir(TMP):
        if fn.startswith(name):
            p = TMP + "/" + fn
            if fn == name + ".r":               # the recall's own folder
                for slot in os.listdir(p):
                    os.remove(p + "/" + slot)
                os.rmdir(p)
            else:
                os.remove(p)
    return TMP + "/" + name


def _session(path, chips=40):
    s = Session("_highcard", "default", {"starting_points": chips}, ["A", "B", "C"], None, Journal(path))
    s.draw_first_dealer(rng.derive(b"\x05" * 32, 0))
    return s


def _deal(s, bot_rng):
    deal = s.begin_deal(rng.derive(b"\x05" * 32, s.match.started + 1))
    while not deal.done:
        s.act(highcard.random_bot(deal, deal.turn, bot_rng))
    return deal


def test_the_record_no_longer_carries_the_recall_and_resume_gives_it():
    path = _fresh("rca")
    s = _session(path)
    bot = rng.Rng(b"\x06" * 32)
    seeds = []
    for _ in range(3):
        _deal(s, bot)
        seeds.append(s.record()["deal"]["seed"])
        s.end_deal()
    assert "recall" not in s.record()
    r = Session.resume(Journal(path))
    assert [e["seed"] for e in r.recall] == seeds == [e["seed"] for e in s.recall]
    assert r.recall[0]["acts"] == s.recall[0]["acts"]


def test_only_the_last_deals_are_kept_and_a_new_match_starts_empty():
    path = _fresh("rcb")
    s = _session(path, chips=200)
    bot = rng.Rng(b"\x07" * 32)
    seeds = []
    for _ in range(RECALL + 3):        # past the test game's end: the session does not mind
        _deal(s, bot)
        seeds.append(s.record()["deal"]["seed"])
        s.end_deal()
    assert len(seeds) == RECALL + 3
    assert [e["seed"] for e in s.recall] == seeds[-RECALL:]
    # at most RECALL slots on flash, plus nothing else of the recall
    slots = os.listdir(path + ".r")
    assert len(slots) == RECALL, slots
    # a slot older firmware left beside the record goes with the match too
    with open(path + ".r3", "wb") as f:
        f.write(b"x")
    s2 = _session(path)
    assert s2.recall == [] and os.listdir(path + ".r") == []
    s2.clear()
    assert [fn for fn in os.listdir(TMP) if fn.startswith("rcb")] == ["rcb.r"]     # the folder stays


def test_a_deal_ended_twice_after_a_power_cut_is_recalled_once():
    # the cut came between the deal's recall slot and the record: on resume
    # the deal in play is ended again, which rewrites the same slot
    path = _fresh("rcc")
    s = _session(path)
    bot = rng.Rng(b"\x08" * 32)
    _deal(s, bot)
    s.end_deal()
    _deal(s, bot)
    seed = s.record()["deal"]["seed"]
    s._put_recall(s.match.started, {"state": s.state0, "seed": seed, "acts": s.acts})
    assert len(s.recall) == 1         # the deal in play is not recalled yet
    r = Session.resume(Journal(path))
    assert r.match.deal is not None and r.match.deal.done
    r.end_deal()
    assert [e["seed"] for e in r.recall][-1] == seed and len(r.recall) == 2


def test_a_damaged_slot_is_left_out():
    path = _fresh("rcd")
    s = _session(path)
    bot = rng.Rng(b"\x09" * 32)
    for _ in range(2):
        _deal(s, bot)
        s.end_deal()
    with open(s._slot(1), "r+b") as f:
        f.seek(30)
        f.write(b"#")
    assert len(s.recall) == 1


def test_without_a_journal_the_recall_is_kept_in_ram():
    s = Session("_highcard", "default", {"starting_points": 40}, ["A", "B"], None, None)
    s.draw_first_dealer(rng.derive(b"\x0a" * 32, 0))
    bot = rng.Rng(b"\x0b" * 32)
    for _ in range(2):
        _deal(s, bot)
        s.end_deal()
    assert len(s.recall) == 2


def test_a_recall_slot_is_padded_past_the_inline_limit_and_still_read():
    """On littlefs a file of up to 512 bytes lives in its folder's log; ten
    of them made that log compact and split often (long freezes). A slot is
    padded with JSON's own spaces to a block of its own, and reads back."""
    from oya.session import SLOT_BYTES
    path = _fresh("rpad")
    s = _session(path)
    bot = rng.Rng(b"\x0a" * 32)
    _deal(s, bot)
    s.end_deal()
    s.flush()
    with open(s._slot(s.match.started % 10), "rb") as f:     # the deal just ended
        raw = f.read()
    assert SLOT_BYTES > 512 and len(raw) > SLOT_BYTES and raw.endswith(b" ")
    assert len(s.recall) == 1 and s.recall[0]["acts"]


def test_on_the_device_the_recall_folder_is_made_in_a_step_of_its_own():
    # a lazy journal (the device's) takes one step a pass of the device loop:
    # the new folder (a littlefs metadata pair, and a commit to its parent)
    # and the first slot's file in one step froze the CPU for 112 ms on the
    # emulated RP2040
    path = _fresh("rcd")
    s = _session(path)
    s.journal.lazy = True
    while s.flush(True):
        pass
    _deal(s, rng.Rng(b"\x09" * 32))
    while s.flush(True):
        pass
    s.end_deal()
    assert "rcd.r" not in os.listdir(TMP)
    assert s.flush(True)                              # the folder: that step only
    assert "rcd.r" in os.listdir(TMP) and os.listdir(path + ".r") == []
    assert s.flush(True)                              # then the slot's file is asked for
    assert os.listdir(path + ".r") == []
    assert s.flush(True)                              # and opened
    assert os.listdir(path + ".r") == ["1"]
    while s.flush(True):
        pass
    assert len(s.recall) == 1


def _mid_deal():
    s = Session("_highcard", "default", {"starting_points": 40}, ["A", "B", "C"])
    s.draw_first_dealer(rng.derive(b"\x05" * 32, 0))
    bot = rng.Rng(b"\x06" * 32)
    _deal(s, bot)
    s.end_deal()
    deal = s.begin_deal(rng.derive(b"\x05" * 32, 9))
    s.act(highcard.random_bot(deal, deal.turn, bot))
    return s


def test_a_record_holds_the_deals_starting_state_once_and_older_ones_still_resume():
    s = _mid_deal()
    rec = s.record()
    assert "state" not in rec["deal"] and rec["state"] == s.state0
    old = dict(rec)
    old["deal"] = dict(rec["deal"], state=rec["state"])     # as written before 2026-11-27
    for r in (rec, old):
        t = Session.from_record(r)
        assert t.state0 == s.state0 and t.acts == s.acts
        assert t.match.ledger.chips == s.match.ledger.chips
        assert t.match.deal.public() == s.match.deal.public()
