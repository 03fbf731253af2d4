# Ledger conservation, the journal's power-cut safety and session resume,
# on both runtimes.
import json
import os
import sys
from oya.ledger import Ledger, LedgerError, POT
from oya import journal, journal_read, rng
from oya.journal import Journal, JournalCorrupt
from oya.session import Session
from oya.games import EXTRA
import highcard
from journal_util import encode
from oya.games import options

EXTRA["_highcard"] = highcard

TMP = "jtest"


def _fresh_dir(name):
    try:
        os.mkdir(TMP)
    except OSError:
        pass
    path = TMP + "/" + name
    for suffix in ("", ".tmp", ".old", ".bad", ".tmp.bad", ".old.bad", ".a", ".at"):
        try:
            os.remove(path + suffix)
        except OSError:
            pass
    return path


def test_transfers_conserve_and_log():
    log = []
    led = Ledger(["a", "b", "c"], [10, 10, 10])
    led.log = log.append
    led.transfer(0, 1, 3, "bet")
    led.transfer(1, POT, 5, "ante")
    led.transfer(POT, 2, 4, "win")
    assert led.chips == [7, 8, 14] and led.pot == 1 and led.total() == 30
    assert log[0] == ("pay", 0, 1, 3, "bet", None)
    assert len(log) == 3


def test_short_seat_cannot_pay_and_nothing_moves():
    led = Ledger(["a", "b"], [2, 5], allow_negative=False)
    try:
        led.transfer(0, 1, 3, "x")
        assert False, "no error"
    except LedgerError:
        pass
    assert led.chips == [2, 5]
    try:
        led.transfer(POT, 1, 1, "x")
        assert False, "pot paid out what it lacks"
    except LedgerError:
        pass
    try:
        led.transfer(0, 1, -1, "x")
        assert False, "negative transfer accepted"
    except LedgerError:
        pass
    assert led.total() == 7


def test_negative_balances_when_the_game_allows():
    led = Ledger(["a", "b"], [1, 1])
    led.transfer(0, 1, 4, "loss")
    assert led.chips == [-3, 5] and led.total() == 2


def test_journal_round_trip_and_sequence():
    j = Journal(_fresh_dir("rt"))
    assert journal_read.load(j) is None
    j.save({"a": 1})
    j.save({"a": 2, "list": [1, 2, 3]})
    j2 = Journal(j.path)
    assert journal_read.load(j2) == {"a": 2, "list": [1, 2, 3]}
    assert j2.seq == 2


def test_a_record_is_written_without_jsons_optional_spaces():
    # a record holds every action of its deal: a space after each comma was
    # ~17% of a Kakkuri record, one heap piece that size when it is made
    j = Journal(_fresh_dir("tight"))
    rec = {"deal": {"acts": [3, 1, 0, 22], "seed": "ab"}, "names": ["P1", "P2"]}
    j.save(rec)
    with open(j.path, "rb") as f:
        head, _, body = f.read().partition(b"\n")
    assert b" " not in body                 # (MicroPython may order the keys its own way)
    assert json.loads(body.decode()) == rec
    assert int(head.split()[2]) == len(body)
    assert journal_read.load(Journal(j.path)) == rec


def test_a_record_with_kana_names_frames_its_utf8_bytes():
    # MicroPython's json.dumps leaves kana unescaped (CPython's escapes it):
    # the header must count the body's UTF-8 bytes, not its characters
    j = Journal(_fresh_dir("kana"))
    rec = {"names": ["\u30bf\u30ed\u30a6", "Hana"], "a": 1}
    j.save(rec)
    j.save(rec)
    with open(j.path + ".old", "rb") as f:
        raw = f.read()
    head, _, body = raw.partition(b"\n")
    assert int(head.split()[2]) == len(body)
    assert json.loads(body.decode()) == rec
    assert journal_read.load(Journal(j.path)) == rec
    from oya.journal_read import decode
    for least in (80, 64 * 3 + 5):                   # a recall slot, padded to its size
        j.put(TMP + "/slot", 7, rec, least=least)    # (in pieces of 64 spaces)
        with open(TMP + "/slot", "rb") as f:
            raw = f.read()
        head, _, body = raw.partition(b"\n")
        assert len(body) == int(head.split()[2]) == least
        assert json.loads(body.decode()) == rec
        assert decode(raw) == (7, rec)               # the digest covers the padding


def test_power_cut_at_every_byte_gives_previous_or_new_record():
    path = _fresh_dir("cut")
    j = Journal(path)
    old = {"deal": 1, "acts": [0, 1, 2, 3]}
    new = {"deal": 1, "acts": [0, 1, 2, 3, 1, 2]}
    j.save({"deal": 0})
    j.save(old)                   # over the first: the two files hold records 1 and 2
    data = encode(3, new)
    for cut in range(len(data) + 1):
        # the next record was being written over record 1 (never over the
        # newest) when the power went: only `cut` bytes of it reached flash
        with open(path, "wb") as f:
            f.write(data[:cut])
        got = journal_read.load(Journal(path))
        assert got == (new if cut == len(data) else old), cut


def test_tail_of_actions_beside_the_record():
    path = _fresh_dir("tail")
    j = Journal(path)
    j.save({"acts": [0, 1]})
    j.save_tail([2, 3])
    j.save_tail([2, 3, 0, 5])
    j2 = Journal(path)
    assert journal_read.load(j2) == {"acts": [0, 1]} and j2.tail == [2, 3, 0, 5]
    j.save({"acts": [0, 1, 2, 3, 0, 5]})          # a new record: the old tail is not its own
    j3 = Journal(path)
    assert journal_read.load(j3) == {"acts": [0, 1, 2, 3, 0, 5]} and j3.tail == []
    # a power cut at every byte of a tail write (into .at: .a holds the last
    # tail): the last tail, or the new one once all of it is on flash
    j.save_tail([1, 1])
    data = encode(j.seq, [1, 1, 2, 2])
    for cut in range(len(data) + 1):
        with open(path + ".at", "wb") as f:
            f.write(data[:cut])
        j4 = Journal(path)
        journal_read.load(j4)
        assert j4.tail == ([1, 1, 2, 2] if cut == len(data) else [1, 1]), cut
    j.clear()
    assert not any(os.path.exists(path + x) for x in ("", ".a", ".at")) if hasattr(os, "path") else True


def test_session_writes_a_tail_per_action_and_a_record_every_few():
    # a Meri deal: 48 plays and more, so several whole records and tails
    from oya import session as S
    from oya import rules
    from oya.games import meri
    from oya.games.meri_bot import random_bot
    path = _fresh_dir("stail")
    j = Journal(path)
    s = Session("meri", "default", rules.defaults(options("meri")), ["A", "B", "C", "D"], None, j)
    s.draw_first_dealer(rng.derive(b"\x05" * 32, 0))
    deal = s.begin_deal(rng.derive(b"\x05" * 32, 1))
    records = []
    orig = j.save                # a record's write

    def save(rec):
        records.append(rec)
        orig(rec)
    j.save = save
    bot_rng = rng.Rng(b"\x06" * 32)
    n = 0
    while not deal.done and n < 2 * S.TAIL + 3:
        s.act(random_bot(deal, deal.turn, bot_rng))
        n += 1
        if n % 5 == 0:
            r = Session.resume(Journal(path))
            assert r.acts == s.acts and r.match.deal.events == deal.events
    assert n > S.TAIL and len(records) == n // S.TAIL     # a whole record every TAIL actions


def test_corrupted_current_falls_back_to_previous():
    path = _fresh_dir("corrupt")
    j = Journal(path)
    j.save({"v": "old"})
    j.save({"v": "new"})
    newest = path + ".old"          # the second record went into the other file
    with open(newest, "rb") as f:
        raw = bytearray(f.read())
    for i in range(len(raw)):
        bad = bytearray(raw)
        bad[i] ^= 0x20
        with open(newest, "wb") as f:
            f.write(bad)
        got = journal_read.load(Journal(path))
        assert got in ({"v": "old"}, {"v": "new"}), i
    for cut in range(len(raw)):
        with open(newest, "wb") as f:
            f.write(raw[:cut])
        assert journal_read.load(Journal(path)) == {"v": "old"}, cut


def test_a_record_whose_hash_holds_but_is_not_json_is_passed_over():
    path = _fresh_dir("notjson")
    j = Journal(path)
    j.save({"v": "old"})
    j.save({"v": "new"})
    body = b"{not json"
    import hashlib
    with open(path + ".old", "wb") as f:            # the newest, framed right
        f.write(journal.header(2, len(body), hashlib.sha256(body)) + body)
    assert journal_read.load(Journal(path)) == {"v": "old"}


def test_asking_for_a_record_parses_none_and_a_resume_only_the_newest():
    # the home menu asks at every visit; a resume held both records' bytes
    # and data at once (tools/pico --soak ran out of heap there)
    from oya import journal_read
    path = _fresh_dir("parse")
    j = Journal(path)
    j.save({"v": "old"})
    j.save({"v": "new"})
    j.save_tail([1, 2])
    parsed = []
    real = journal_read.json

    class Counting:
        @staticmethod
        def load(f):
            got = real.load(f)
            parsed.append(got)
            return got

    journal_read.json = Counting
    try:
        assert journal_read.has_record(Journal(path)) and parsed == []
        k = Journal(path)
        assert journal_read.load(k) == {"v": "new"} and k.tail == [1, 2]
        assert sorted(parsed, key=str) == sorted([{"v": "new"}, [1, 2]], key=str)
    finally:
        journal_read.json = real


def test_unreadable_journal_is_reported_and_quarantined():
    path = _fresh_dir("bad")
    with open(path, "wb") as f:
        f.write(b"import os; os.remove('x')")
    j = Journal(path)
    try:
        journal_read.load(j)
        assert False, "corrupt journal loaded"
    except JournalCorrupt:
        pass
    journal_read.quarantine(j)
    assert journal_read.load(j) is None
    with open(path + ".bad", "rb") as f:
        assert f.read().startswith(b"import")


def _play(session, bot_rng, deals):
    for _ in range(deals):
        deal = session.begin_deal()
        while not deal.done:
            session.act(highcard.random_bot(deal, deal.turn, bot_rng))
        session.end_deal()


def test_session_resumes_exactly_after_every_action():
    path = _fresh_dir("sess")
    j = Journal(path)
    s = Session("_highcard", "default", {"starting_points": 10}, ["A", "B", "C"], None, j)
    s.draw_first_dealer(rng.derive(b"\x02" * 32, 0))
    bot_rng = rng.Rng(b"\x03" * 32)
    checked = 0
    for _ in range(3):
        deal = s.begin_deal(rng.derive(b"\x02" * 32, s.match.started + 1))
        while not deal.done:
            s.act(highcard.random_bot(deal, deal.turn, bot_rng))
            r = Session.resume(Journal(path))
            rd = r.match.deal
            assert rd.events == deal.events
            assert r.match.ledger.chips == s.match.ledger.chips
            assert r.match.ledger.pot == s.match.ledger.pot
            assert rd.turn == deal.turn
            checked += 1
        s.end_deal()
        r = Session.resume(Journal(path))
        assert r.match.deal is None and r.match.state() == s.match.state()
        assert len(r.recall) == len(s.recall)
    assert checked >= 9
    assert s.match.ledger.total() == 30


def test_records_and_tails_go_in_turn_into_two_files_in_place():
    """No rename: each record is written over the older of the two files,
    each tail over the older tail, and a reloaded journal goes on writing
    over the older one (a cut write never takes the newest with it)."""
    path = _fresh_dir("turns")

    def held(p):
        from oya.journal_read import decode
        with open(p, "rb") as f:
            return decode(f.read())
    j = Journal(path)
    for v in range(1, 5):
        j.save({"v": v})
        assert held(path if v % 2 else path + ".old") == (v, {"v": v})
        if v > 1:
            assert held(path + ".old" if v % 2 else path) == (v - 1, {"v": v - 1})
    j2 = Journal(path)
    assert journal_read.load(j2) == {"v": 4}
    j2.save({"v": 5})
    assert held(path) == (5, {"v": 5}) and held(path + ".old") == (4, {"v": 4})
    j2.save_tail([1])
    j2.save_tail([1, 2])
    assert held(path + ".a") == (5, [1]) and held(path + ".at") == (5, [1, 2])
    j3 = Journal(path)
    journal_read.load(j3)
    assert j3.tail == [1, 2]
    j3.save_tail([1, 2, 3])                   # over [1], the older tail
    assert held(path + ".a") == (5, [1, 2, 3]) and held(path + ".at") == (5, [1, 2])


def test_a_record_left_by_older_firmware_as_tmp_is_loaded():
    """Firmware before the in-place writes wrote `.tmp` and renamed it: a
    match it saved (the power gone between the two) still resumes."""
    path = _fresh_dir("legacy")
    Journal(path).save({"v": 1})
    with open(path + ".tmp", "wb") as f:
        f.write(encode(5, {"v": 5}))
    j = Journal(path)
    assert journal_read.load(j) == {"v": 5} and j.seq == 5
    j.save({"v": 6})
    assert journal_read.load(Journal(path)) == {"v": 6}
    j.clear()
    assert journal_read.load(Journal(path)) is None


def test_a_lazy_clear_removes_one_file_a_step_the_record_last():
    """The device spreads a finished match's removals over its loop passes
    (each is a littlefs commit); the newest record goes last, and any other
    use of the journal finishes the clear first."""
    path = _fresh_dir("lazy")
    j = Journal(path)
    j.save({"v": 1})
    j.save({"v": 2})
    j.save_tail([5])
    with open(path + ".r3", "wb") as f:
        f.write(b"x")
    j.clear((path + ".r3",), True)                      # beside it, and there
    assert len(j._doomed) == 4 and j._doomed[-1] == path + ".old"     # record 2, the newest
    steps = 0
    while True:
        assert journal_read.load(Journal(path)) == {"v": 2}          # until the last removal, the last state
        steps += 1
        if not j.step():
            break
    assert steps == 4 and journal_read.load(Journal(path)) is None
    j.save({"v": 1})
    j.save({"v": 2})
    j.clear((), True)
    j.save({"new": 1})                                   # finishes the clear, then writes
    j2 = Journal(path)
    assert journal_read.load(j2) == {"new": 1} and j2.seq == 1


def test_a_cleared_journal_loads_nothing_without_reading_and_a_write_reads_again():
    path = _fresh_dir("cleared")
    j = Journal(path)
    j.save({"a": 1})
    j.save_tail([1, 2])
    j.clear(lazy=True)
    assert journal_read.load(j) is None and j.owed()        # the removals are left to their steps
    j.finish()
    assert journal_read.load(Journal(path)) is None         # and they all went
    j.save({"a": 2})
    assert journal_read.load(j) == {"a": 2} and journal_read.load(Journal(path)) == {"a": 2}


def test_a_lazy_write_is_taken_in_steps_open_bytes_close():
    """On the device each write is spread over loop passes (open, bytes,
    close, and the first record's rename): on littlefs the bytes of a record
    erase a block and the close may compact the folder's log, ~45 ms of
    frozen CPU each. The call that asks for it opens nothing (its pass may
    draw a frame: an open file is ~380 B of heap beside it). Until the last
    step the previous copy is the one loaded."""
    from oya import journal
    path = _fresh_dir("steps")
    j = Journal(path)
    j.lazy = True
    opened = []
    real_open = journal.open if hasattr(journal, "open") else open
    journal.open = lambda *a: opened.append(a[0]) or real_open(*a)
    try:
        j.save({"v": 1})
        assert opened == [] and journal_read.load(Journal(path)) is None       # asked for: nothing opened
        steps = 0
        while j.owed():
            j.step()
            steps += 1
            if steps == 1:
                assert opened == [path + ".tmp"]                     # the first step opens
        assert steps == 5 and journal_read.load(Journal(path)) == {"v": 1}    # open, bytes, close, rename, the room
        j.save({"v": 2})
        assert j.owed()
        j.step()                                      # opened
        j.step()                                      # the bytes: not closed yet
        j.step()                                      # closed
        assert journal_read.load(Journal(path)) == {"v": 2}
        j.step()                                      # the file's room held again
        assert not j.owed()
    finally:
        del journal.open
    j.save_tail([7, 8])
    j.save({"v": 3})                              # finishes the tail first
    j.finish()
    got = Journal(path)
    assert journal_read.load(got) == {"v": 3} and got.tail == []


def test_a_record_is_checked_in_pieces_never_whole_in_the_heap():
    # a heap held near its budget had a record's file (up to ~600 B; a
    # recall slot's 600) only in smaller pieces (tools/pico --soak): the
    # home menu's question and a resume check each file in 64 B pieces
    if sys.implementation.name != "micropython":
        return                        # (the heap is MicroPython's to count)
    import gc
    path = _fresh_dir("pieces")
    rec = {"acts": list(range(100, 1600)), "names": ["\u30bf\u30ed\u30a6"] * 20}
    j = Journal(path)
    j.save(rec)
    j.save(rec)                       # both files: each is checked
    body = len(json.dumps(rec).encode())
    assert body > 7000
    k = Journal(path)
    journal_read.has_record(k)                    # (the reader's module comes in)
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    assert journal_read.has_record(k)
    spent = gc.mem_alloc() - a
    gc.enable()
    # (each file's object, the hash, its header, a 64 B buffer)
    assert spent < body // 3, (body, spent)
    assert journal_read.load(Journal(path)) == rec


def test_a_files_room_is_held_between_files_and_let_go_while_one_is_open():
    # a heap near full is in fragments: the room a file's object needs is
    # held in one piece from the boot, and given to each file in turn
    from oya import journal
    free = journal.ROOM_FREE
    journal.ROOM_FREE = 1 << 30                   # a tight heap
    try:
        journal._room = None
        path = _fresh_dir("room")
        j = Journal(path)
        j.lazy = True
        held = journal._room
        assert held is not None and len(held) == journal.FILE_ROOM
        j.save({"v": 1})                          # asked for: the room still held
        assert journal._room is held
        j.step()                                  # opened: the room let go for it
        assert journal._room is None
        j.finish()
        assert journal._room is not None and journal._room is not held and len(journal._room) == journal.FILE_ROOM
    finally:
        journal.ROOM_FREE = free


def test_a_files_room_is_taken_back_with_the_file_it_was_let_go_for_gone():
    # the room is held again after each file: the file's own ~380 B must be
    # garbage by then, or a heap held near full has no piece that big
    try:
        import weakref
    except ImportError:
        return                                    # (MicroPython has none: CPython tells)
    import gc
    from oya import journal
    files = []
    seen = []
    real_open = open
    real_hold = journal.hold_room

    def opening(*a):
        f = real_open(*a)
        files.append(weakref.ref(f))
        return f

    def holding():
        gc.collect()
        seen.append([r() is None for r in files])
        real_hold()
    journal.open = opening
    journal.hold_room = holding
    try:
        j = Journal(_fresh_dir("roomback"))
        j.lazy = True
        j.save({"v": 1})                          # the first: written as .tmp and renamed
        j.finish()
        j.save({"v": 2})
        j.finish()
    finally:
        del journal.open
        journal.hold_room = real_hold
    assert seen == [[], [True], [True, True]], seen      # (the first at the boot: no file yet)


def test_a_resume_opens_each_file_with_the_one_before_it_gone():
    # reading, each file's ~380 B object must be garbage before the next
    # is opened (a variable held it through the next open: the soak's
    # resumes ran out of heap there), and it takes the room held for a
    # file, held again once it is gone (the soak held to 32 KB ran out in
    # has_record -> newest -> read_path with the writer's room beside)
    try:
        import weakref
    except ImportError:
        return                                    # (MicroPython has none: CPython tells)
    import gc
    from oya import journal, journal_read
    path = _fresh_dir("readback")
    j = Journal(path)
    j.save({"v": 1})
    j.save({"v": 2})
    j.save_tail([3])
    j.save_tail([3, 4])
    assert journal._room is not None              # (CPython: no free heap to ask, so held)
    files = []
    alive = []
    room_gone = []
    at_hold = []
    real_open = open
    real_bytearray = bytearray

    def opening(*a):
        gc.collect()
        alive.append(sum(1 for r in files if r() is not None))
        room_gone.append(journal._room is None)
        f = real_open(*a)
        files.append(weakref.ref(f))
        return f

    def holding(n):
        if n == journal.FILE_ROOM:
            gc.collect()
            at_hold.append(all(r() is None for r in files))
        return real_bytearray(n)
    journal_read.open = opening
    journal_read.bytearray = holding
    try:
        k = Journal(path)
        assert journal_read.load(k) == {"v": 2} and k.tail == [3, 4]
    finally:
        del journal_read.open
        del journal_read.bytearray
    assert len(alive) >= 5 and set(alive) == {0}, alive
    assert set(room_gone) == {True}                              # the room let go for each file
    assert len(at_hold) == len(alive) and set(at_hold) == {True}  # and held again, the file gone
    assert journal._room is not None


def test_with_heap_to_spare_no_files_room_is_held():
    import gc
    from oya import journal
    if not hasattr(gc, "mem_free"):
        return                                    # CPython: no free heap to ask (the room is held)
    free = journal.ROOM_FREE
    journal.ROOM_FREE = 0
    try:
        journal._room = None
        j = Journal(_fresh_dir("spare"))
        j.save({"v": 1})
        assert journal._room is None
    finally:
        journal.ROOM_FREE = free


def test_a_lazy_write_whose_step_fails_is_taken_again_from_its_start():
    path = _fresh_dir("again")
    j = Journal(path)
    j.lazy = True
    j.save({"v": 1})
    j.finish()
    j.path = TMP + "/gone/again"                  # a folder that is not there: open fails
    j.save({"v": 2})
    try:
        j.step()
        raised = False
    except OSError:
        raised = True
    assert raised and j.owed()                    # still owed, not dropped
    try:
        os.mkdir(TMP + "/gone")
    except OSError:
        pass
    j.finish()
    assert journal_read.load(Journal(TMP + "/gone/again")) == {"v": 2}
    os.remove(TMP + "/gone/again.old")
    os.rmdir(TMP + "/gone")


def test_a_session_action_waits_for_the_last_ones_file_to_close():
    """Power-cut safety with lazy writes: the tail of one action is closed
    before the next action is taken, so a cut loses at most the one in
    flight."""
    from oya import rules
    from oya.games import meri
    from oya.games.meri_bot import random_bot
    path = _fresh_dir("inflight")
    j = Journal(path)
    j.lazy = True
    s = Session("meri", "default", rules.defaults(options("meri")), ["A", "B", "C", "D"], None, j)
    s.draw_first_dealer(rng.derive(b"\x07" * 32, 0))
    deal = s.begin_deal(rng.derive(b"\x07" * 32, 1))
    s.flush()
    bot = rng.Rng(b"\x08" * 32)
    s.act(random_bot(deal, deal.turn, bot))
    first = list(s.acts)
    s.flush(True)                                 # one step of the tail's write: asked for
    assert j.owed()
    s.act(random_bot(deal, deal.turn, bot))
    # the second action is taken: the first one's tail is whole on flash
    r = Journal(path)
    journal_read.load(r)
    assert r.tail == first and j.owed() is False and s.pending
