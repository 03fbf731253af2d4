# Table-deck mode: the table shuffles and deals real cards; the device
# referees and keeps the chips. Imported only when a match is played that way
# (match.table), so the device-deal mode carries none of this in RAM.
#
# How an engine meets a real deck
# - The engine takes its cards from a TableStock like from any Stock, but a
#   card nobody has entered yet comes out as a placeholder code, UNKNOWN + k
#   for the k-th card taken (k from 0, in the order the engine takes them:
#   the order of its "card" events). A placeholder is a card lying on the
#   table whose face the device does not know.
# - Whenever the rules need a card's face the engine says so with
#   self.stock.need(code, seat) (done here for every card dealt face up, by
#   deal_card; the engine adds the face-down points: a hand that decides a forced
#   draw, a showdown, a fold that shows, an exposed draw). In device mode
#   need() does nothing. Here a placeholder raises NeedCard: the action in
#   progress stops halfway, and the deal waits for that card to be entered.
#   A card the rules never need (a folded hand, an unbet face-down column)
#   is never asked for. Per game (README, Playing): Oicho-Kabu asks a bet
#   column's second card at its koi/shimo and the dealer's hand at the
#   dealer's decision; Kachi-kachi a seat's hand when its turn comes;
#   Kyutenhan a back card when it is contested; Kakkuri every hand after the
#   fuwari offers. Meri does not use TableDeal: it keeps the score only
#   (oya.games.meri_table, which oya.games.table_deal finds by its name).
# - Adding a game: call self.stock.need() where its rules read a face-down
#   card, add it to GAMES, refuse the rulesets the picker cannot serve
#   (table_refusal(opts) in its options module),
#   and give it a whole match by buttons in tests/sim/test_table_deck_app.py.
# - Entering is a decision like any other: action enter(code) (a negative
#   int, never a game action) by the seat named in the request. TableDeal
#   keeps the entered faces and rebuilds the deal by replaying its game
#   actions from the start with them: the action that stopped now goes
#   further, and the deal is in the state it would have had, had the face
#   been known all along. Nothing else changes, so the journal (seat, action
#   pairs) replays a table-deck deal, resumes it after a power cut and
#   recalls it exactly as a device deal.
# - An engine that reads a face-down card without need() (a bot, a forced
#   rule checked in choices()) would read the placeholder: every such read
#   must come after a need() for that card (or not happen in this mode).
# - A card the deck cannot hold (a fifth 4 in a 40-card deck, a second red
#   pin) is refused with a short message and changes nothing. The last entry
#   can be taken back (undo) until the next action.
from oya.game import Deal, EN
from oya.stock import Stock
from oya import cards
from oya.heap import DRAWS, forget
from oya.games import table_deal, table_refusal

UNKNOWN = 0x80        # placeholder codes UNKNOWN..0xFE; real codes are < 0x80, 0xFF is a game's NONE
NONE = 0xFF


def enter(code):
    """The action that enters card `code`."""
    return -1 - code


def entered(action):
    """The card code an enter action carries (-1 when it is not one)."""
    return -1 - action if action < 0 else -1


def unknown(code):
    return UNKNOWN <= code < NONE


class NeedCard(Exception):
    """The rules need the face of the k-th card taken; `seat` enters it."""

    # raised as NeedCard(k, seat): MicroPython's Exception keeps args only
    @property
    def k(self):
        return self.args[0]

    @property
    def seat(self):
        return self.args[1]


class TableStock(Stock):
    """The cards on the table: `known` holds the faces entered so far (by
    the order the cards are taken, NONE where not entered). Where the real
    card comes from (top, 4th, bottom) is the table's business: every draw is
    just the next card taken."""

    def __init__(self, known, size):
        Stock.__init__(self, b"")
        self.known = known
        self.size = size       # cards in the deck: the stock's length is what is left
        self.taken = 0

    def __len__(self):
        return self.size - self.taken

    def draw(self):
        k = self.taken
        if k >= self.size:
            from oya.stock import StockEmpty
            raise StockEmpty()
        self.taken += 1
        c = self.known[k] if k < len(self.known) else NONE
        return UNKNOWN + k if c == NONE else c

    def draw_at(self, k):
        return self.draw()

    def draw_bottom(self):
        return self.draw()

    def peek(self, k=0):
        return UNKNOWN + self.taken + k

    def remaining(self):
        return b""

    def need(self, code, seat):
        if unknown(code):
            raise NeedCard(code - UNKNOWN, seat)


# -- what a picker tells apart --------------------------------------------------------

def klass(kind, code):
    """The cards a player cannot or need not tell apart share a class: the
    four copies of a month, the plain copies of a Kachi-kachi number; the red
    pin, the gilded cards and Kakkuri's wilds are classes of their own."""
    if kind >= cards.STD52:
        return code % 13          # Kyutenhan reads ranks only (the suit kept is the first free one)
    if kind in (cards.KACHI20, cards.KACHI22) and code in (cards.KACHI_AKA_PIN, cards.KACHI_GILDED_1,
                                                             cards.KACHI_GILDED_4):
        return 100 + code
    if kind == cards.KOMATSU and code in (cards.AKA_CHORO, cards.TAIKO, cards.KURO_HIBASHI):
        return 100 + code
    return code // 4


def class_code(kind, code):
    """The transcript name of the card's class: what was entered, and all a
    table-deck record may say ("4" for any hanafuda 4, "T" for any 10 of a
    52-card deck): the copy the device keeps for it is its own choice."""
    n = cards.name(kind, code)
    if kind >= cards.STD52:
        return n[0]
    return n[:-1] if kind == cards.HANAFUDA else n


def class_name(kind, code):
    """What a player calls the card's class: "4" for any hanafuda 4, "10"."""
    n = class_code(kind, code)
    return "10" if n == "T" else n


def kinds(kind):
    """One code per class, in deck order: what the picker offers."""
    out = bytearray()
    seen = []
    for c in cards.deck(kind):
        k = klass(kind, c)
        if k not in seen:
            seen.append(k)
            out.append(c)
    return bytes(out)


def _has(buf, c):
    # `int in bytearray` is not in MicroPython
    for x in buf:
        if x == c:
            return True
    return False


def free_copy(kind, code, known):
    """The copy of `code`'s class not yet on the table (the lowest code), or
    -1 when the deck holds no more of it."""
    k = klass(kind, code)
    for c in cards.deck(kind):
        if klass(kind, c) == k and not _has(known, c):
            return c
    return -1


def no_copy(kind, code, known):
    """Why the deck cannot give `code`'s class once more, or None."""
    if free_copy(kind, code, known) < 0:
        return "No %s left in the deck" % class_name(kind, code)
    return None


def left(kind, code, known):
    """How many cards of `code`'s class are not on the table yet."""
    k = klass(kind, code)
    n = 0
    for c in cards.deck(kind):
        if klass(kind, c) == k and not _has(known, c):
            n += 1
    return n


def likely(kind, known):
    """The index in kinds() of the most likely next card: the class with
    the most copies left (ties: the first)."""
    ks = kinds(kind)
    best, at = -1, 0
    for i in range(len(ks)):
        n = left(kind, ks[i], known)
        if n > best:
            best, at = n, i
    return at


GAMES = ("oicho", "kachi", "kyuten", "kakkuri", "meri")     # the engines that say when they need a face (stock.need)


def refuse(game, opts):
    """Why a ruleset cannot be played with a table deck, or None: a game
    whose engine does not say yet when it needs a card's face, or a rule
    that tells apart cards the picker does not (their transcript names are
    one: a Kachi-kachi red 7 and black 7 are both "7")."""
    if game not in GAMES:
        return "No table deck for this game yet"
    return table_refusal(game, opts)


# -- the first dealer --------------------------------------------------------------------

def first_dealer(match, known, who=None):
    """The first dealer drawn with the table's cards: the game's own draw
    (oya.games.first_dealer, ties drawing again) on the faces entered so
    far, `known` (card codes in the order drawn), or the seat the table
    chose by hand (`who`). Returns the seat, logged in match.intro as a
    device draw is; raises NeedCard(k, seat) while `seat` is to enter the
    k-th card drawn."""
    match.intro = []
    src = None if who is not None else TableStock(known, len(cards.deck(match.deck_kind())))
    try:
        match.dealer = match.draw_first_dealer(src, who)
    finally:
        forget(DRAWS)     # (as Match.choose_first_dealer: not kept for the deals)
    return match.dealer


# -- the deal ---------------------------------------------------------------------------

def start_deal(match):
    """Match.start_deal with a table deck: no seed, the cards come later."""
    match.deal_seed = None
    match.started += 1
    match.deal = None                 # (the finished one goes first: Match.start_deal)
    own = table_deal(match.GAME)
    match.deal = TableDeal(match, match.dealer, match.DEAL) if own is None else own(match, match.dealer, None)
    return match.deal


def can_undo(session):
    """BACK would take something back: the deal's last entry, as the deal
    allows (TableDeal: the last card entered)."""
    a = session.acts
    d = session.match.deal
    return len(a) >= 2 and d is not None and d.can_undo(a)


def undo(session):
    """Take back the last entry, if nothing was done since (BACK on the
    next screen): the deal and the journal. True when one was."""
    a = session.acts
    if not can_undo(session):
        return False
    session.match.deal.undo(session)
    del a[-2:]
    session.save()
    return True


def _with_table(cls):
    """The engine's Deal class, with every card dealt face up asked for as
    it is dealt (game.Deal.deal_card logs it first: its place is known)."""
    class Table(cls):
        def deal_card(self, to, up, card=None):
            card = cls.deal_card(self, to, up, card)
            if up:
                self.stock.need(card, -1)
            return card
    return Table


class TableDeal:
    """A game's deal played with a real deck: the engine's deal (`inner`),
    rebuilt from the game actions and the entered cards whenever a card is
    entered. Anything not defined here is the engine's (public(), view(),
    the engine's own helpers)."""

    def __init__(self, match, dealer, cls):
        self.match = match
        self.dealer = dealer
        self.cls = _with_table(cls)
        self.kind = match.deck_kind()
        self.size = len(cards.deck(self.kind))
        self.chips0 = list(match.ledger.chips)
        self.pot0 = match.ledger.pot
        self.known = bytearray()
        self.acts = []             # game actions: seat, action, ...
        self.entries = []          # (draw index, seat) in the order entered: undo, transcripts
        self.wants = None           # the pending NeedCard, or None
        self.inner = None
        self._build()

    def _build(self):
        """The engine's deal from scratch: ledger as the deal found it, the
        entered faces, every game action; stops at the first card needed."""
        led = self.match.ledger
        led.chips = list(self.chips0)
        led.pot = self.pot0
        self.wants = None
        self.stock = TableStock(self.known, self.size)
        cls = self.cls
        d = object.__new__(cls)    # kept even when __init__ stops halfway: it shows the table so far
        self.inner = d
        try:
            d.__init__(self.match, self.dealer, self.stock)
            a = self.acts
            for i in range(0, len(a), 2):
                d.act(a[i + 1], a[i])
        except NeedCard as e:
            self.wants = e

    def __getattr__(self, name):
        return getattr(self.inner, name)

    # -- the protocol, with entries ----------------------------------------------------
    @property
    def turn(self):
        if self.wants is not None:
            s = self.wants.seat
            return self.dealer if s < 0 else s
        return self.inner.turn

    @property
    def done(self):
        return self.wants is None and self.inner.turn < 0

    def need_place(self):
        """(place, face up) of the card to enter, from its "card" event."""
        code = UNKNOWN + self.wants.k
        for e in self.inner.events:
            if e[0] == "card" and e[1] == code:
                return e[2], e[3]
        return "", False

    def choices(self, seat=None):
        if self.wants is None:
            return self.inner.choices(seat)
        if seat is not None and seat != self.turn:
            return []
        return [enter(c) for c in kinds(self.kind)]

    def check(self, action, seat):
        if self.wants is None:
            if action < 0:
                return "No card to enter now"
            return self.inner.check(action, seat)
        if seat != self.turn:
            return "Not your turn"
        code = entered(action)
        if code < 0 or code >= 0x80 or code not in cards.deck(self.kind):
            return "Enter the card first"
        return no_copy(self.kind, code, self.known)

    act = Deal.act          # check(), then apply()

    def apply(self, action, seat):
        if self.wants is not None:
            k = self.wants.k
            while len(self.known) <= k:
                self.known.append(NONE)
            self.known[k] = free_copy(self.kind, entered(action), self.known)
            self.entries.append((k, seat))
            self._build()
            return
        self.acts.append(seat)
        self.acts.append(action)
        try:
            self.inner.act(action, seat)
        except NeedCard as e:
            self.wants = e

    def can_undo(self, acts):
        """Whether the last of the session's `acts` can be taken back: a
        card entered, not a game action."""
        return acts[-1] < 0

    def undo(self, session):
        self.undo_entry()

    def undo_entry(self):
        """Take back the last card entered (BACK before the next action)."""
        k = self.entries.pop()[0]
        self.known[k] = NONE
        self._build()

    def seen(self, seat):
        """The cards `seat` can see, less those only the table knows (not
        entered): a peek shows what the device knows, the rest is in hand."""
        return bytes(c for c in self.inner.seen(seat) if not unknown(c))

    def label(self, action, lang=EN):
        if action < 0:
            return class_name(self.kind, entered(action))
        return self.inner.label(action, lang)

    def decode(self, action):
        if action < 0:
            return ("enter", {"card": class_code(self.kind, entered(action))})
        return self.inner.decode(action)

    def encode(self, do, args):
        if do == "enter":
            for c in cards.deck(self.kind):
                if class_code(self.kind, c) == args["card"]:
                    return enter(c)
            raise ValueError("unknown card %s" % args["card"])
        return self.inner.encode(do, args)

    def prompt(self, seat, lang=EN):
        if self.wants is None:
            return self.inner.prompt(seat, lang)
        place, up = self.need_place()
        if place.startswith("seat:"):
            place = self.match.ledger.names[int(place[5:])]
        elif place.startswith("maki:"):     # the seat's maki-fuda, by the seat's name as elsewhere
            place = self.match.ledger.names[int(place[5:])] + (" maki" if lang == EN else " マキ")
        return ("Card? " if lang == EN else "フダ? ") + place
