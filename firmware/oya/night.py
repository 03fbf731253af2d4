# A night at the table: matches played one after another by the same people
# in the same seats. Its state is small on purpose: the players, which seats
# are bots, and each finished match as its game, its commitment (that of its
# first dealer's draw, as its transcript's first_dealer.commit) and what it
# gave each seat: net chips in a chip game, 1 to each seat of the team that
# won a game scored in tricks (Meri, whose matches carry no chips). The
# totals are sums over those rows, made when asked.
#
# The night has a journal of its own (oya.journal: one record, written in
# place in turn with its older copy), saved when a match ends before that
# match's journal is cleared: a power cut between the two leaves the finished
# match on flash, and ending it again adds nothing (add() knows its
# commitment). See docs/NIGHT.md for the record.
FORMAT = "oya-night/1"


class Night:
    def __init__(self, names, bots=(), journal=None):
        self.names = list(names)
        self.bots = list(bots)
        self.matches = []         # [game, commitment or None, [per seat], chips?]
        self.journal = journal

    def add(self, game, commit, gains, chips):
        """A finished match: `gains` per seat, in chips when `chips`, else
        matches won. False when the night has it already (by commitment)."""
        if len(gains) != len(self.names):
            raise ValueError("night: %d seats, the match had %d" % (len(self.names), len(gains)))
        if commit is not None:
            for m in self.matches:
                if m[1] == commit:
                    return False
        self.matches.append([game, commit, list(gains), 1 if chips else 0])
        return True

    def totals(self, chips=True):
        """Per seat, the sum over the night's chip matches (`chips`) or its
        matches won in the others."""
        out = [0] * len(self.names)
        for m in self.matches:
            if bool(m[3]) == chips:
                for i, g in enumerate(m[2]):
                    out[i] += g
        return out

    def record(self):
        return {"format": FORMAT, "names": self.names, "bots": self.bots,
                "matches": [{"game": m[0], "commit": m[1], "gains": m[2], "chips": bool(m[3])}
                            for m in self.matches],
                "totals": {"chips": self.totals(True), "wins": self.totals(False)}}

    def save(self):
        if self.journal is not None:
            self.journal.save(self.record())
            self.journal.finish()

    def end(self):
        """End the night: its journal goes."""
        if self.journal is not None:
            self.journal.clear()

    @classmethod
    def from_record(cls, rec, journal=None):
        """The night a record holds; ValueError on one that is not a night's
        or whose totals do not follow from its matches."""
        if not isinstance(rec, dict) or rec.get("format") != FORMAT:
            raise ValueError("not a night's record")
        names = rec["names"]
        n = Night(names, rec.get("bots") or (), journal)
        for e in rec["matches"]:
            g = e["gains"]
            if len(g) != len(names) or [x for x in g if not isinstance(x, int)]:
                raise ValueError("night: a match's gains are not one int per seat")
            if e["chips"] and sum(g) != 0:
                raise ValueError("night: a match's chips do not add up")
            n.add(e["game"], e.get("commit"), g, e["chips"])
        t = rec.get("totals")
        if t is not None and (t.get("chips") != n.totals(True) or t.get("wins") != n.totals(False)):
            raise ValueError("night: the totals do not follow from its matches")
        return n


def match_done(journal, ui, done):
    """A match is over: `done` = (game, commitment, gains, chips?, chart,
    names) into the night on `journal` when the match is the night's (its `ui`
    state says so), else into a new night of its seats, and saved. The
    night on flash goes on only with the same seats."""
    n = None
    if ui.get("night"):
        try:
            n = load(journal)
        except Exception:         # damaged: a new night (the match's result is kept)
            n = None
    if n is None or n.names != done[5]:
        n = Night(done[5], ui.get("bots") or (), journal)
    n.add(done[0], done[1], done[2], done[3])
    n.save()
    return n


def load(journal):
    """The night saved in `journal`, or None (JournalCorrupt propagates)."""
    from oya.journal_read import load as read
    rec = read(journal)
    return None if rec is None else Night.from_record(rec, journal)
