# A match read back from its journal: the record rebuilt into a Session
# (a resume after a power cut, a tool's reading of a board), and the
# recalled deals read from their slots (the pause menu's "Last deals").
# Code no deal needs: in a module of its own, imported when it is asked
# for and dropped with the flows that ask (oya.heap.FLOWS; the pause
# menus), not kept through every deal (as .mpy its code is RAM).
from oya.compat import unhex
from oya.games import options
from oya.match import replay_deal


def reading_recall(session, n):
    """The last `n` finished deals of a journaled session (its recall), oldest
    first (a slot that is damaged, or not one of those deals, is left
    out): None after each slot read, and it returns them."""
    from oya.journal_read import read_path
    m = session.match
    last = m.started - (1 if m.deal is not None else 0)     # the last deal ended
    got = {}
    for i in range(n):
        e = read_path(session._slot(i))
        if e is not None and last - n < e[0] <= last and isinstance(e[1], dict):
            got[e[0]] = e[1]
        yield
    return [got[k] for k in sorted(got)]


def from_record(cls, rec, journal=None, lean=False):
    """Rebuild a match (a `cls`, oya.session.Session) from a journal record.
    What was read is data and is checked as such: the options against the
    game's table, the seats, and the chips, which must add up to what the
    match started with (ValueError on anything else). lean: the deal in
    play is replayed with the device's lean story (oya.match.Match.lean)."""
    from oya import rules
    rs = rec["ruleset"]
    # a record keeps the options that differ from the defaults (or, older,
    # all of them): the rest are the defaults, filled in here
    _, _, opts = rules.validate({"game": rec["game"], "name": rs["name"], "options": rs["options"]},
                                "saved match", options(rec["game"]))
    if len(rec["state"]["chips"]) != len(rec["names"]):
        raise ValueError("saved match: seats and chips differ")
    s = cls(rec["game"], rs["name"], opts, rec["names"], rec["start_chips"], None)
    s.changed = dict(rs["options"])         # its records go on keeping what this one kept
    m = s.match
    m.table = rec.get("deal_mode") == "table"     # real cards on the table (oya.tabledeck)
    m.lean = lean
    if rec.get("intro_seed"):
        s.intro_seed = unhex(rec["intro_seed"])
        m.choose_first_dealer(s.intro_seed)
    total = m.ledger.total()
    m.restore(rec["state"])
    s.ui = rec.get("ui") or {}
    d = rec.get("deal")
    if d is not None:
        # the deal starts from the record's state (older firmware's records
        # repeat it as the deal's "state")
        st = d.get("state")
        if st is not None:
            m.restore(st)
        s.state0 = st or rec["state"]
        acts = list(d["acts"])
        s.saved = len(acts)
        if journal is not None:
            acts += journal.tail          # actions taken after the record
        replay_deal(m, d["seed"] and unhex(d["seed"]), acts)
        s.acts = acts
    if m.ledger.total() != total:
        raise ValueError("saved match: the chips do not add up")
    s.journal = journal
    return s
