# Ledger conservation, the journal's power-cut safety and session resume,
# on both runtimes.
import os
from oya.ledger import Ledger, LedgerError, POT
from oya import journal, rng
from oya.journal import Journal, JournalCorrupt
from oya.session import Session
from oya.games import EXTRA
import highcard
from journal_util import encode

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
    assert j.load() is None
    j.save({"a": 1})
    j.save({"a": 2, "list": [1, 2, 3]})
    j2 = Journal(j.path)
    assert j2.load() == {"a": 2, "list": [1, 2, 3]}
    assert j2.seq == 2


def test_power_cut_at_every_byte_gives_previous_or_new_record():
    path = _fresh_dir("cut")
    j = Journal(path)
    old = {"deal": 1, "acts": [0, 1, 2, 3]}
    new = {"deal": 1, "acts": [0, 1, 2, 3, 1, 2]}
    j.save(old)
    data = encode(2, new)
    for cut in range(len(data) + 1):
        # the new file was being written when the power went: only `cut`
        # bytes of it reached flash, the rename never happened
        with open(path + ".tmp", "wb") as f:
            f.write(data[:cut])
        got = Journal(path).load()
        assert got == (new if cut == len(data) else old), cut


def test_tail_of_actions_beside_the_record():
    path = _fresh_dir("tail")
    j = Journal(path)
    j.save({"acts": [0, 1]})
    j.save_tail([2, 3])
    j.save_tail([2, 3, 0, 5])
    j2 = Journal(path)
    assert j2.load() == {"acts": [0, 1]} and j2.tail == [2, 3, 0, 5]
    j.save({"acts": [0, 1, 2, 3, 0, 5]})          # a new record: the old tail is not its own
    j3 = Journal(path)
    assert j3.load() == {"acts": [0, 1, 2, 3, 0, 5]} and j3.tail == []
    # a power cut at every byte of a tail write, before its rename: the last
    # tail, or the new one once all of it is on flash
    j.save_tail([1, 1])
    data = encode(j.seq, [1, 1, 2, 2])
    for cut in range(len(data) + 1):
        with open(path + ".at", "wb") as f:
            f.write(data[:cut])
        j4 = Journal(path)
        j4.load()
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
    s = Session("meri", "default", rules.defaults(meri.OPTIONS), ["A", "B", "C", "D"], None, j)
    s.draw_first_dealer(rng.derive(b"\x05" * 32, 0))
    deal = s.begin_deal(rng.derive(b"\x05" * 32, 1))
    records = []
    orig = j.save_begin          # a record's write (save() and the device's two-pass save)

    def save(rec):
        records.append(rec)
        orig(rec)
    j.save_begin = save
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
    with open(path, "rb") as f:
        raw = bytearray(f.read())
    for i in range(len(raw)):
        bad = bytearray(raw)
        bad[i] ^= 0x20
        with open(path, "wb") as f:
            f.write(bad)
        got = Journal(path).load()
        assert got in ({"v": "old"}, {"v": "new"}), i
    for cut in range(len(raw)):
        with open(path, "wb") as f:
            f.write(raw[:cut])
        assert Journal(path).load() == {"v": "old"}, cut


def test_unreadable_journal_is_reported_and_quarantined():
    path = _fresh_dir("bad")
    with open(path, "wb") as f:
        f.write(b"import os; os.remove('x')")
    j = Journal(path)
    try:
        j.load()
        assert False, "corrupt journal loaded"
    except JournalCorrupt:
        pass
    j.quarantine()
    assert j.load() is None
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


def test_a_record_written_but_not_yet_renamed_is_the_one_loaded():
    """The device writes a record (.tmp) on one loop pass and renames it into
    place on the next: a power cut between the two resumes the new record."""
    path = _fresh_dir("twopass")
    j = Journal(path)
    j.save({"v": 1})
    j.save_begin({"v": 2})
    assert Journal(path).load() == {"v": 2}
    j.save_tail([7])
    j2 = Journal(path)
    assert j2.load() == {"v": 2} and j2.tail == [7]
    j.save_end()
    j3 = Journal(path)
    assert j3.load() == {"v": 2} and j3.tail == [7]
    j.save({"v": 3})
    assert Journal(path).load() == {"v": 3}
