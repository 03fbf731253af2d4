# A trivial game for testing the core protocol before (and beside) the real
# engines: each seat gets one face-down card; in turn each seat stakes 1 or 2
# or folds; the highest card among those who stayed takes every stake.
from oya.game import Deal, EN
from oya.match import Match
from oya import cards

OPTIONS = (
    ("starting_points", 10, 1, 999),
    ("deck", "kabufuda", ("kabufuda", "hanafuda")),
    ("ties", "dealer", ("dealer", "split")),
    ("fast", False, (True, False)),
)

FOLD, STAKE1, STAKE2 = 0, 1, 2
_LABELS = ("Fold", "Stake 1", "Stake 2")


class HighCardDeal(Deal):
    GAME = "_highcard"

    def __init__(self, match, dealer, stock):
        Deal.__init__(self, match, dealer, stock)
        n = self.nseats
        self.hands = bytearray(n)
        self.stakes = bytearray(n)
        self.folded = bytearray(n)
        for i in range(n):
            s = (dealer + 1 + i) % n
            self.hands[s] = self.deal_card("seat:%d" % s, False)
        self.turn = (dealer + 1) % n
        self.acted = 0

    def choices(self, seat=None):
        if seat is None:
            seat = self.turn
        if self.done or seat != self.turn:
            return []
        return [FOLD, STAKE1, STAKE2] if self.ledger.chips[seat] >= 2 else [FOLD, STAKE1]

    def check(self, action, seat):
        if action == STAKE2 and seat == self.turn and self.ledger.chips[seat] < 2:
            return "Not enough chips"
        return Deal.check(self, action, seat)

    def apply(self, action, seat):
        self.log_act(seat, ("fold", "stake", "stake")[action], {"chips": action} if action else None)
        if action == FOLD:
            self.folded[seat] = 1
        else:
            self.stakes[seat] = action
            self.ledger.transfer(seat, -1, action, "stake")
        self.acted += 1
        if self.acted == self.nseats:
            self._showdown()
        else:
            self.turn = (self.turn + 1) % self.nseats

    def _showdown(self):
        best = -1
        win = self.dealer
        for s in range(self.nseats):
            if self.folded[s]:
                continue
            r = self.hands[s] // 4
            self.events.append(("show", "seat:%d" % s, bytes([self.hands[s]]), r + 1, None))
            if r > best:
                best, win = r, s
        if best < 0:
            win = self.dealer
        self.ledger.transfer(-1, win, self.ledger.pot, "win")
        self.turn = -1

    def label(self, action, lang=EN):
        return _LABELS[action]

    def decode(self, action):
        return (("fold", "stake", "stake")[action], {"chips": action} if action else None)

    def encode(self, do, args):
        return FOLD if do == "fold" else args["chips"]

    def prompt(self, seat, lang=EN):
        return "Stake or fold?"

    def public(self):
        return {"turn": self.turn, "stakes": bytes(self.stakes), "folded": bytes(self.folded),
                "shown": bytes(self.hands) if self.done else b""}

    def view(self, seat):
        v = self.public()
        v["hand"] = bytes([self.hands[seat]])
        return v

    def seen(self, seat):
        if self.done:
            return bytes(self.hands[s] for s in range(self.nseats) if not self.folded[s])
        return b"" if seat < 0 else bytes([self.hands[seat]])

    def places(self):
        out = [("seat:%d" % s, bytes([self.hands[s]])) for s in range(self.nseats)]
        out.append(("stock", self.stock.remaining()))
        return out


class HighCardMatch(Match):
    GAME = "_highcard"
    DEAL = HighCardDeal
    SEATS = (2, 6)
    ALLOW_NEGATIVE = False

    def deck_kind(self):
        return cards.KABUFUDA

    def draw_first_dealer(self, stock):
        best, who = 99, 0
        for s in range(len(self.ledger)):
            c = stock.draw()
            self.intro.append(("card", c, "seat:%d" % s, True))
            if c // 4 < best:
                best, who = c // 4, s
        return who

    def after_deal(self, deal):
        Match.after_deal(self, deal)
        self.dealer = (self.dealer + 1) % len(self.ledger)

    def over(self):
        return self.deal_no >= 5 or min(self.ledger.chips) < 1


MATCH = HighCardMatch


def random_bot(deal, seat, rng):
    ch = deal.choices(seat)
    return ch[rng.below(len(ch))]
