# The one game protocol every engine follows (modelled on OpenSpiel's State,
# made lean). A deal is a deterministic state machine built from the match
# (ruleset options, seats, ledger), the dealer and a card source:
#   turn           the seat that must decide next (-1 when the deal is over)
#   choices(seat)  the legal actions (small ints) for that seat
#   act(a, seat)   apply one; an illegal one raises RuleError and changes nothing
#   label(a, lang) / decode(a)   what an action is called / its transcript
#                  form (do, args dict or None); encode(do, args) its inverse
#   prompt(seat, lang)           the question `seat` faces now (21 characters)
#   view(seat) / public()        what one seat may know / what the table sees
#   seen(seat)     bytes: every card `seat` can see now; seen(-1) the public ones
#   places()       where every card is: [(place, bytes)], stock included
#   events         what happened, as small tuples (see EVENT_* below)
# Each game's Deal subclass defines legal(seat) (choices() of the seat whose
# turn it is), apply (act's move, once checked), ACTIONS (below), prompt,
# view, public, seen and places; Deal has no stubs for them (on MicroPython
# every function is RAM as .mpy).
#
# ACTIONS, one per engine, names every action (after OpenSpiel's
# _action_to_string): a tuple of rows (code, lo, hi, do, arg, en, ja) where
# the actions code+lo .. code+hi are the transcript's `do`, with args
# {arg: v} for v = action - code (arg None: no args), labelled en / ja with
# the argument's text put in at "%" (a label without "%" is said as it is).
# decode, encode and label read it; an engine whose argument is not the
# plain v (a card's name, a seat's name, two numbers in one code) says so in
# its act_args / act_code / act_text hooks.
# Chips move only through the ledger, which logs every transfer as a pay event.
from oya.compat import const

EN = const(0)
JA = const(1)

# Event tuples (the transcript's `t` values):
#   ("card", code, to, up)          a card left the stock
#   ("reveal", code, at)            a face-down card turned up
#   ("act", seat, do, args)         a decision; args is a dict or None
#   ("show", at, cards, value, yaku)  a hand at showdown
#   ("pay", frm, to, chips, why, extra)  logged by the ledger
#   ("note", text)


# A seat as a card's place ("seat:2"): one string per seat, shared by every
# event that names it (a deal keeps its events, and a new string each adds
# up over a deal).
_SEATS = []


def seat_place(s):
    while len(_SEATS) <= s:            # made as seats are named: only the table's
        _SEATS.append("seat:%d" % len(_SEATS))
    return _SEATS[s]


def cut(text, n):
    """`text` cut to n characters, for the table's lines: no new string when
    it is short, as most are (a slice always makes one, and the table is made
    again after every action; %.5s would cut a kana name inside a
    character)."""
    return text if len(text) <= n else text[:n]


_SPACES = ("", " ", "  ", "   ", "    ", "     ", "      ")


def spaces(text, n):
    """The spaces after `text` (at most n <= 6 characters) that make it n
    characters wide, for a format's "%s%s": MicroPython's "%-5s" pads to
    five bytes, and a kana name takes three a character."""
    return _SPACES[n - len(text)]


def text_of(buf, n=21):
    """A line built as bytes (ASCII only) made a string, cut to n
    characters: building a line of pieces as bytes makes one string, not
    one a piece (see oya.cards.put_name). (MicroPython's bytearray has no
    `del b[i:]`.)"""
    return (buf if len(buf) <= n else buf[:n]).decode()


class RuleError(Exception):
    """An illegal action. The message is for a player: at most two lines of
    21 characters (42 characters) so it fits the OLED."""


class Deal:
    GAME = ""
    OUT_OF_TURN = False     # a seat may act out of its turn (Kakkuri's fold): the screens ask the others
    AMOUNTS = True          # some actions carry a chips amount (a menu groups them under one spinner)

    def __init__(self, match, dealer, stock):
        self.match = match
        self.opts = match.opts
        self.ledger = match.ledger
        self.nseats = len(match.ledger)
        self.dealer = dealer
        self.stock = stock
        self.events = []
        self.story = match.story      # False: no "card" nor "act" events (oya.match.Match.lean)
        self.ledger.log = self.events.append
        self.turn = -1
        self.void = False       # a void deal is re-dealt and not counted

    # -- the protocol's shared parts (the rest: each game's subclass) ----------
    def choices(self, seat=None):
        if seat is None:
            seat = self.turn
        if self.turn < 0 or seat != self.turn:
            return []
        return self.legal(seat)

    def row_of(self, action):
        """The ACTIONS row that names `action`, or None."""
        for r in self.ACTIONS:
            if r[1] <= action - r[0] <= r[2]:
                return r
        return None

    def decode(self, action):
        """The transcript form (do, args dict or None) of `action`."""
        r = self.row_of(action)
        if r is None:
            raise ValueError("unknown action %d" % action)
        return r[3], (None if r[4] is None else self.act_args(r, action - r[0]))

    def encode(self, do, args):
        """The action of transcript form (do, args): decode's inverse."""
        from oya.encode import encode     # (transcripts: tools, not a deal)
        return encode(self, do, args)

    def label(self, action, lang=EN):
        """What `action` is called on the screen, in `lang`."""
        r = self.row_of(action)
        if r is None:
            return "?"
        f = r[5 + lang]
        return f % self.act_text(r, action - r[0], lang) if "%" in f else f

    def act_args(self, r, v):
        """Row r's transcript args for its value v (the hook of an engine
        whose argument is not the plain number)."""
        return {r[4]: v}

    def act_code(self, r, args):
        """act_args' inverse: row r's value v of transcript args, or None."""
        v = args[r[4]]
        return v if type(v) is int else None

    def act_text(self, r, v, lang):
        """What row r's label puts in at "%" for value v (a value or a tuple)."""
        return v

    def shared_choices(self, seat=None):
        """choices(seat) to read and never change: a game that caches a long
        list (Kakkuri's plays, up to ~1,100) gives that list itself, so the
        menu made of it does not hold a second copy."""
        return self.choices(seat)

    def check(self, action, seat):
        """A short reason why `action` is illegal for `seat` now, or None.
        Games override this to explain; the fallback is generic."""
        if self.turn < 0:
            return "The deal is over"
        if action in self.choices(seat):
            return None
        if seat != self.turn and not self.choices(seat):
            return "Not your turn"
        return "Not allowed now"

    # -- shared ------------------------------------------------------------
    @property
    def done(self):
        return self.turn < 0

    def act(self, action, seat=None):
        if seat is None:
            seat = self.turn
        msg = self.check(action, seat)
        if msg:
            raise RuleError(msg)
        self.apply(action, seat)

    def sentences(self, acts, names, lang=EN, start=0):
        """(index in `acts`, sentence) for the [seat, action] pairs of `acts`
        from acts[start]: the seat's name and the action's label (a game
        whose actions need more has a teller of its own, oya.heap.TELLERS)."""
        for i in range(start, len(acts) - 1, 2):
            seat = acts[i]
            try:
                words = self.label(acts[i + 1], lang)
            except Exception:           # (a label that needs the state the action was taken in)
                continue
            if 0 <= seat < len(names):
                yield i, "%s: %s" % (names[seat], words)

    def table_public(self):
        """What the game's table_lines reads: public() (an engine whose
        public() holds much more gives only what its table reads)."""
        return self.public()

    def deal_card(self, to, up, card=None):
        """Take the top card (or `card`, already drawn) to `to`, logged."""
        if card is None:
            card = self.stock.draw()
        if self.story:
            self.events.append(("card", card, to, up))
        return card

    def log_act(self, seat, do, args=None):
        if self.story:
            self.events.append(("act", seat, do, args))

    def note(self, text):
        self.events.append(("note", text))
