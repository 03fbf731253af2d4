# A match in play, journaled: every action is on flash before the next one is
# taken, so a power cut loses at most the action in flight. The journal holds
# the ruleset, the seats, the match state at the start of the deal in play,
# and that deal's seed and actions. Resuming replays the deal in play from its
# seed: the same engine, the same state.
#
# The last RECALL finished deals (game recall: their state, seed and actions)
# are not in that record, which is rewritten after every action, but in a
# ring of their own files next to it (<journal>.r0 ... .r9), each written once,
# when its deal ends: slot k % RECALL holds deal k (match.started numbers the
# deals), framed and checked like a journal record and written in place. A
# power cut inside a slot or between a slot and the record leaves the deal in
# play to be ended again, which rewrites the same slot. Without a journal the
# recall is kept in RAM.
#
# On the device the writes wait for the frame (journal.lazy): an action is
# shown first, and its files are written after the display has its bytes, one
# step of one file per pass of the device loop (flush(True); open, bytes,
# close: see oya.journal), so a deal's end (recall slot, record: a flash erase
# each) does not hold the answer to a key. The next action first
# finishes whatever is still owed: an action is on flash before the next one
# is taken, and a power cut loses at most the one in flight.
import os
from oya.compat import hexstr
from oya import rng
from oya.games import load
from oya.match import replay_deal, replay_steps  # noqa: F401  (the tools and the recall screen ask here)

RECALL = 10
# The recall's slots have a folder of their own (<journal>.r/0 ... 9), each
# padded to SLOT_BYTES, past littlefs's inline limit on the device. Inline
# beside the record, ten slots fill the folder's log, which then compacts
# every few commits and now and then splits, with the CPU stopped. In a
# block of its own a slot's write is one erase, in a step of its own, and
# both logs stay small.
SLOT_BYTES = 600
TAIL = 12         # actions kept in the journal's tail before a whole record is written
_TAIL = 1
_RECORD = 2


def new_match(game, opts, names, chips=None, seed=None):
    return load(game).MATCH(opts, names, chips, 0, seed)


class Session:
    def __init__(self, game, ruleset_name, opts, names, chips=None, journal=None, seed=None):
        self.game = game
        self.ruleset_name = ruleset_name
        self.match = new_match(game, opts, names, chips, seed)
        self.journal = journal
        self.intro_seed = None
        self.state0 = None        # match state at the start of the deal in play
        self.acts = []
        self.saved = 0            # how many of acts the journal's record holds (the rest: its tail)
        self.pending = 0          # what the journal still has to write: _TAIL | _RECORD
        self._recall_due = None   # (deal number, entry) of a finished deal not yet in its slot
        self._folder = False      # the recall's folder made (or found) since this match began here
        self._recall = []         # without a journal: the finished deals, in RAM
        self.ui = {}              # the device's own small state: Kakkuri's played time, the bot seats
        # the options that differ from the game's defaults, which is all a
        # record needs to keep (a resume fills in the rest): a full table
        # is most of a record, made and written at every record's save.
        # None: keep them all.
        self.changed = None

    # -- life of a match ------------------------------------------------------
    def draw_first_dealer(self, seed=None):
        self.intro_seed = seed if seed is not None else rng.entropy()
        d = self.match.choose_first_dealer(self.intro_seed)
        self.begin_match()
        return d

    def begin_match(self):
        """The first dealer is chosen: the new match's record starts the journal."""
        if self.journal is not None:  # a new match: no record nor recalled deal of another one
            # (on the device one file a pass; the first record finishes them first)
            self.journal.clear(self._slots(), getattr(self.journal, "lazy", False))
        self.save()

    def begin_deal(self, seed=None, cards=None):
        self.state0 = self.match.state()
        self.acts = []
        deal = self.match.start_deal(seed, cards)
        self.save()
        return deal

    def act(self, action, seat=None):
        deal = self.match.deal
        if seat is None:
            seat = deal.turn
        if self.journal is not None:
            self.flush()            # the last action is on flash before this one is taken
        deal.act(action, seat)      # raises RuleError, and then nothing changed
        self.acts.append(seat)
        self.acts.append(action)
        if self.journal is None:
            return
        if len(self.acts) - self.saved >= 2 * TAIL:
            self.save()
        else:
            self._due(_TAIL)        # no whole record per action: see oya.journal

    def end_deal(self):
        m = self.match
        entry = {"state": self.state0, "seed": m.deal_seed and hexstr(m.deal_seed), "acts": self.acts}
        if self.journal is not None:
            self.flush()
            self._recall_due = (m.started, entry)
        else:
            self._recall.append(entry)
            if len(self._recall) > RECALL:
                self._recall.pop(0)
        m.finish_deal()
        # the chart's series (oya.ui.chart): each seat's score after every
        # deal, flat, in the record with the state it follows from
        c = self.ui.get("chart")
        if c is None:
            self.ui["chart"] = c = []
        c.extend(m.scores())
        self.state0 = None
        self.acts = []
        self.save()

    def chart(self):
        """The chart's rows: the scores at the start, then after each deal."""
        n = len(self.match.ledger)
        c = self.ui.get("chart") or []
        return [list(self.match.start_chips)] + [c[i:i + n] for i in range(0, len(c), n)]

    # -- journal ------------------------------------------------------------------
    def record(self):
        m = self.match
        deal = None
        if m.deal is not None:
            # the deal's starting state is the record's "state" (written
            # once: a record is rewritten every 2 * TAIL actions)
            deal = {"seed": m.deal_seed and hexstr(m.deal_seed), "acts": self.acts}
        rec = {
            "v": 1, "game": self.game,
            "ruleset": {"name": self.ruleset_name, "options": m.opts if self.changed is None else self.changed},
            "names": m.ledger.names, "start_chips": m.start_chips,
            "intro_seed": hexstr(self.intro_seed) if self.intro_seed else None,
            "state": m.state() if m.deal is None else self.state0,
            "deal": deal,
        }
        if self.ui:
            rec["ui"] = self.ui
        if m.table:
            rec["deal_mode"] = "table"      # the match setting, beside the ruleset (absent: device)
        return rec

    def save(self):
        if self.journal is not None:
            self._due(_RECORD)

    def _due(self, what):
        self.pending |= what
        if not getattr(self.journal, "lazy", False):
            self.flush()

    def owes(self):
        """Whether a file is still to be written (the finished deal's recall
        slot, the record or its tail), beside any step the journal owes."""
        return bool(self.pending) or self._recall_due is not None

    def flush(self, one=False):
        """Write what is pending: the finished deal's recall slot, then the
        record (or only the tail of actions since it), and finish the
        journal's writes. With `one`, a single step of a single file and
        True when more is left (the device loop's step between frames)."""
        j = self.journal
        if one and j.owed():
            return j.step() or self.owes()
        if self._recall_due is not None:
            if not self._folder:
                self._make_folder()
                if one:           # a step of its own: see _make_folder
                    return True
            seq, entry = self._recall_due
            self._recall_due = None
            self._put_recall(seq, entry)
            if one:
                return True
        if self.pending & _RECORD:
            j.save(self.record())           # (holds every action: no tail)
            self.saved = len(self.acts)
        elif self.pending:
            j.save_tail(self.acts[self.saved:])
        self.pending = 0
        if one:
            return j.owed()
        j.finish()
        return False

    def clear(self):
        """The match is over: its recall and its journal go (the record last)."""
        self.pending = 0
        self._recall_due = None
        if self.journal is not None:
            # on the device, one file a pass after the frame (App.settle)
            self.journal.clear(self._slots(), getattr(self.journal, "lazy", False))

    # -- recall ---------------------------------------------------------------------
    def _slot(self, i):
        return "%s/%d" % (self.journal.folder(), i)

    def _make_folder(self):
        """The recall's folder, looked for once a match (the device makes it
        at boot: oya.ui.app). Made here, it is a new littlefs metadata pair
        erased and a compaction of its parent's log: with the first slot's
        file in the same step that would be three erases in one run."""
        self._folder = True
        try:
            os.mkdir(self.journal.folder())
        except OSError:
            pass

    def _put_recall(self, seq, entry):
        # in place (no rename: one littlefs commit the fewer); a slot the
        # power cut short is left out of the recall, and the deal, still in
        # play in the record, ends again on resume and writes it again
        self.journal.put(self._slot(seq % RECALL), seq, entry, SLOT_BYTES)

    def _slots(self):
        """The recall's files there are: its folder's, and older firmware's
        beside the record (.r0 ... .r10). From listings: the clear of a new
        match comes at the setup's peak of heap, and naming every slot that
        might be there would add to it."""
        from oya.journal import listed
        p = self.journal.path
        head, _, name = p.rpartition("/")
        n = len(name) + 2
        return listed(self.journal.folder()) + listed(head, lambda f: f[:n] == name + ".r" and f[n:].isdigit())

    @property
    def recall(self):
        """The last RECALL finished deals, oldest first: [{"state", "seed",
        "acts"}]. Read from flash when journaled (oya.resume)."""
        steps = self.reading_recall()
        while True:
            try:
                next(steps)
            except StopIteration as e:
                return e.value

    def reading_recall(self):
        """recall, a step at a time, for the device's idle passes (the
        recall screen, oya.ui.records): None after each file owed, after
        the reader's code, after each slot read; it returns the list. Read
        in one key, it would hold up the answer to that key."""
        if self.journal is None:
            return self._recall
        while self.flush(True):
            yield
        from oya.resume import reading_recall
        yield
        return (yield from reading_recall(self, RECALL))

    @classmethod
    def from_record(cls, rec, journal=None, lean=False):
        """Rebuild a match from a journal record (oya.resume; ValueError on
        a record that is not a match's)."""
        from oya.resume import from_record
        return from_record(cls, rec, journal, lean)

    @classmethod
    def resume(cls, journal, lean=False):
        """The match saved in `journal`, or None. JournalCorrupt propagates."""
        from oya.journal_read import load
        rec = load(journal)
        if rec is None:
            return None
        return cls.from_record(rec, journal, lean)
