# A match: ruleset options, seats and their chips, the dealer, the deals.
# Each game subclasses Match with its Deal class and its match-level rules
# (first dealer, rotation, end, standings). The state between deals is plain
# JSON-able data, which is what the journal stores and replay restores.
from oya.ledger import Ledger
from oya import rng, stock, cards
from oya.heap import DRAWS, forget


class Match:
    GAME = ""
    DEAL = None              # the game's Deal class
    SEATS = (2, 10)
    START_OPTION = "starting_points"   # option holding the starting chips
    CHIPS = True                       # scored in chips (a night sums its nets: oya.night)
    ALLOW_NEGATIVE = True
    table = False            # True: real cards on the table (oya.tabledeck), no seed
    # Deals log every card dealt and every decision (the story a transcript or
    # a printed record tells). The device's match is `lean`: a deal in play
    # then keeps only what its results screen reads (showdowns, payments,
    # notes), so a long deal's events do not grow its heap, and the
    # printed record replays the deal to tell the rest (oya.ui.menus). A
    # table deck keeps its story: entering a card reads its "card" event.
    lean = False

    def __init__(self, opts, names, chips=None, dealer=0, seed=None):
        n = len(names)
        if not self.SEATS[0] <= n <= self.SEATS[1]:
            raise ValueError("%d to %d seats" % self.SEATS)
        self.opts = opts
        if chips is None:
            chips = [self.starting_chips()] * n
        self.ledger = Ledger(names, chips, allow_negative=self.ALLOW_NEGATIVE)
        self.start_chips = list(chips)
        self.dealer = dealer
        self.deal_no = 0          # deals played and counted
        self.seed = seed          # match seed: deal seeds derive from it (host play)
        self.deal = None
        self.deal_seed = None
        self.started = 0          # deals begun, void ones included (seed index)
        self._ready = None        # (seed, deck kind, stock): a shuffle made ahead (prepare)
        self.history = None       # a list to keep finished deals in (host tools)
        self.intro = []           # events of the first-dealer draw

    @property
    def story(self):
        return self.table or not self.lean

    # -- hooks for each game ------------------------------------------------
    def deck_kind(self):
        """The cards.py deck kind for the options in force (names cards)."""
        raise NotImplementedError

    def deck(self):
        return cards.deck(self.deck_kind())

    def starting_chips(self):
        return self.opts.get(self.START_OPTION, 50)

    def draw_first_dealer(self, source, who=None):
        """Choose the first dealer as the rules say, drawing from `source`
        (a Stock); log what was drawn in self.intro. Returns the seat. A
        game's own draw overrides this (the five games': in
        oya.games.first_dealer); without one, seat 0 deals. `who`: the seat
        the table chose by hand, settled as the rules settle a drawn dealer,
        with nothing drawn."""
        self.dealer = 0 if who is None else who
        return self.dealer

    def after_deal(self, deal):
        """Count the deal, move the dealer: game rules. Called once per deal."""
        if not deal.void:
            self.deal_no += 1

    def over(self):
        return False

    def extra_state(self):
        return {}

    def restore_extra(self, st):
        pass

    # -- shared -------------------------------------------------------------
    def choose_first_dealer(self, seed):
        self.intro = []
        self.dealer = self.draw_first_dealer(stock.shuffled(self.deck(), seed))
        # the games' draws, which a deal never needs, leave RAM
        forget(DRAWS)
        return self.dealer

    def next_seed(self):
        if self.seed is not None:
            return rng.derive(self.seed, self.started + 1)
        return rng.entropy()

    def start_deal(self, seed=None, cards=None):
        """Begin a deal from a 32-byte seed (fresh entropy by default), or from
        a fixed list of cards (top first) when `cards` is given."""
        if self.table:
            from oya.tabledeck import start_deal
            return start_deal(self)
        if seed is None:
            seed = self.next_seed()
        if cards is not None:
            src = stock.fixed(cards)
        else:
            # the shuffle made ahead is taken by its seed and deck kind (making
            # the deck again to compare would cost the key its time)
            r = self._ready
            src = r[2] if r is not None and r[0] == seed and r[1] == self.deck_kind() \
                else stock.shuffled(self.deck(), seed)
        self._ready = None
        self.deal_seed = seed
        self.started += 1
        # the finished deal goes before the next is made: both at once are
        # the heap's highest at a deal's start. A deal that fails to be made
        # leaves none: the key's MemoryError takes the table home, the
        # journal keeps it.
        self.deal = None
        self.deal = self.DEAL(self, self.dealer, src)
        return self.deal

    def prepare(self, seed):
        """Shuffle the deck for the deal `seed` will start, ahead of it (the
        device does it while the deal's commitment is on screen, so the key
        that starts a deal does not wait for it);
        start_deal(seed) takes it. The same stock start_deal would make."""
        if not self.table:
            self._ready = (seed, self.deck_kind(), stock.shuffled(self.deck(), seed))

    def finish_deal(self):
        d = self.deal
        if d is None or not d.done:
            raise ValueError("deal not finished")
        self.ledger.log = None
        self.after_deal(d)
        if self.history is not None:
            self.history.append({
                "n": len(self.history) + 1, "dealer": d.dealer,
                "seed": self.deal_seed, "events": d.events,
                "balances": self.scores(), "void": d.void,
            })
        self.deal = None

    def scores(self):
        """Per seat, what the match is scored in: chips (Meri: team trick
        totals). A transcript's `balances` and `final`."""
        return list(self.ledger.chips)

    def state(self):
        st = {"dealer": self.dealer, "deal_no": self.deal_no, "started": self.started,
              "chips": list(self.ledger.chips), "pot": self.ledger.pot}
        st.update(self.extra_state())
        return st

    def restore(self, st):
        self.dealer = st["dealer"]
        self.deal_no = st["deal_no"]
        self.started = st.get("started", self.deal_no)
        self.ledger.chips = list(st["chips"])
        self.ledger.pot = st["pot"]
        self.restore_extra(st)

    def night_gains(self):
        """Per seat, what the match over gives a night (oya.night): the
        net chips."""
        return [c - s for c, s in zip(self.ledger.chips, self.start_chips)]

    def legend(self):
        """The module of the key to this game's screen notation (its EN and
        JA, one entry a line), imported only when the legend is shown; None:
        the game has none."""
        return None

    def standings(self):
        """Seats ranked by chips, best first: [(seat, chips)]."""
        order = list(range(len(self.ledger)))
        order.sort(key=lambda s: -self.ledger.chips[s])
        return [(s, self.ledger.chips[s]) for s in order]


def replay_deal(match, seed, acts):
    """Start a deal of `match` from `seed` (None with a table deck) and
    apply `acts` ([seat, action] pairs, flattened; a table deck's entered
    cards are actions too). Returns the deal."""
    for deal in replay_steps(match, seed, acts):
        pass
    return deal


def replay_steps(match, seed, acts):
    """replay_deal a step at a time, for work spread over the device loop's
    passes (oya.ui.records): None after the deal's start and after each
    action, then the deal."""
    deal = match.start_deal(seed)
    for i in range(0, len(acts), 2):
        yield None
        deal.act(acts[i + 1], acts[i])
    yield None
    yield deal
