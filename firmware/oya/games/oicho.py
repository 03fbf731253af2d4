# Oicho-Kabu (おいちょかぶ): one dealer (oya) against the children (ko), who
# bet on 4 or 5 columns of field cards. Spec: shared/rules/oicho_kabu.md.
#
# Flow of a deal (phase: who acts, with which actions):
#   setup    maki-fuda (one face-up card to each child, option), then the
#            first card of every column, face up.
#   "bet"    each child in turn (counter-clockwise = seat index + 1, starting
#            next to the dealer) places any number of bets {col, chips} and
#            ends the turn with DONE ("bet_done"). The total of all children's
#            bets is capped by the domae. A child with nothing left to bet
#            (no room under the domae, or every column taken by others under
#            column_sharing=exclusive) is skipped, and the turn ends by itself
#            once the room is used up. No bet at all: a void deal.
#   "first"  the dealer takes the first card of the hand, face down and
#            unseen, from the top, the 4th from the top (sancho-girai) or the
#            bottom (name); then every column gets its second card: face down
#            on a bet column, face up (option) on an unbet one.
#   "koi"    each bet column in column order: the child with the largest
#            stake on it (ties: the first to bet) says koi (third card, face
#            up) or shimo. Forced choices are offered as the single choice.
#   "dealer" the dealer's second card arrives (now the dealer sees both), and
#            the dealer says koi (third card, face up) or shimo.
#   showdown the dealer's hand is turned up, then the children in order turn
#            up their columns; every (child, column) bet is settled alone.
# The dealer's net since taking the deal (match.dealer_net) decides sudachi.
#
# Decided beyond the spec (the spec's [PROPOSED] points are the defaults):
# - Action ids: bet {col, chips}, bet_done, first_card {from}, koi/shimo
#   {col} (no col: the dealer's hand). Codes: DONE 0, KOI 1, SHIMO 2,
#   TOP/FOURTH/BOTTOM 3-5, koi col c = 10+c, shimo col c = 20+c,
#   bet = col*1000 + chips.
# - Forced koi/shimo (and a yaku's stay) is offered as the single choice,
#   so the player confirms it. Nothing is offered when there is nothing to
#   decide: children who cannot bet are skipped (see "bet" above).
# - No chips move at bet time: each (child, column) bet is settled by one
#   transfer of the net amount (why: higher, oyaken or the winner's yaku id;
#   extra {"col": N}); a returned stake moves nothing and is noted.
# - A child may bet more than they hold: points may go negative (A11).
# - Two equal category-2 hands under oyaken (§6.4): the dealer collects at
#   its own yaku's multiplier, and the transfer's why is "oyaken".
# - shippin/kuppin are never drawn to, whatever draw_restrictions says (the
#   app's enforcement; A15 for a child's shippin); "none" frees the dealer
#   from shichiken/santa too, "dealer_only" frees only the children.
# - The dealer's second card is dealt face down (the dealer sees both
#   cards from then on); both are turned up at the showdown. The third
#   cards (columns and dealer) are face up.
# - Showdown order: the dealer, then the children in betting order, each
#   child's columns in column order; a shared column is turned up once.
#   Unbet columns are not settled, and a face-down unbet second card
#   (unbet_second_card=face_down) stays face down.
# - domae 1..100 (it also sizes the bet choices); starting_points 1..9999.
# - First dealer: one card each in seat order; if the tied seats could not
#   all draw again, the first tied seat deals (never happens in practice).
from oya.compat import const
from oya.heap import field
from oya.game import Deal, EN, cut, text_of
from oya.match import Match
from oya import cards

NONE = const(0xFF)      # in public()/view(): a face-down card, or no maki-fuda

# Actions (small ints; decode()/encode() give the transcript form)
DONE = const(0)         # "bet_done": a child ends the betting turn
KOI = const(1)          # the dealer's own hand: koi
SHIMO = const(2)        # the dealer's own hand: shimo
TOP = const(3)          # first_card from top
FOURTH = const(4)       # first_card from fourth (sancho-girai)
BOTTOM = const(5)       # first_card from bottom (name)
KOI_COL = const(10)     # + column (1-based): koi for that column
SHIMO_COL = const(20)   # + column: shimo for that column
BET = const(1000)       # column * 1000 + chips: bet

# The actions: (code, lo, hi, do, arg, English, Japanese), see oya.game.
ACTIONS = (
    (DONE, 0, 0, "bet_done", None, "Done betting", "ハリ オワリ"),
    (KOI, 0, 0, "koi", None, "Koi! (draw)", "コイ! (ヒク)"),
    (SHIMO, 0, 0, "shimo", None, "Shimo! (stay)", "シモ! (ヒカナイ)"),
    (TOP, 0, 0, "first_card", "from", "Top card", "ウエ ノ フダ"),
    (FOURTH, 0, 0, "first_card", "from", "4th card (sancho)", "サンチョウギライ"),
    (BOTTOM, 0, 0, "first_card", "from", "Bottom card (name)", "ナメ (シタ ノ フダ)"),
    (KOI_COL, 1, 9, "koi", "col", "Koi! col %d", "コイ! %dレツ"),
    (SHIMO_COL, 1, 9, "shimo", "col", "Shimo! col %d", "シモ! %dレツ"),
    (0, BET + 1, 10 * BET - 1, "bet", "col", "Bet %d on col %d", "%dレツ ニ %dテン"),
)
_FROM = ("top", "fourth", "bottom")

# Phases
BETTING = const(0)
FIRST = const(1)
KOI_PHASE = const(2)
DEALER = const(3)
_OVER = const(4)
PHASES = ("bet", "first", "koi", "dealer", "over")

# Draw rules for a two-card hand
_FREE = const(0)
_MUST = const(1)         # santa wa hiki: 3 or less
_NO_DRAW = const(2)      # shichiken-biki nashi: 7 or more
_YAKU_STAY = const(3)    # shippin / kuppin are never drawn to



VALUE_EN = "Buta|Pin|Nizo|Santa|Yotsuya|Goke|Roppo|Shichiken|Oicho|Kabu"
VALUE_JA = "ブタ|ピン|ニゾウ|サンタ|ヨツヤ|ゴケ|ロッポ|シチケン|オイチョ|カブ"
# value_label adds the value to the names after arashi-kabu: the first three have one value each
YAKU_IDS = ("shippin", "kuppin", "arashi_kabu", "arashi", "nobori", "kudari")
YAKU_EN = "Shippin|Kuppin|Arashi-kabu|Arashi|Nobori|Kudari"
YAKU_JA = "シッピン|クッピン|アラシカブ|アラシ|ノボリ|クダリ"


def defaults():
    from oya.games import options
    return dict((e[0], e[1]) for e in options("oicho"))


# -- pure functions: values, yaku, comparison ---------------------------------

def card_value(code):
    """The value 1..10 of a card code (hanafuda month or kabufuda number)."""
    return code // 4 + 1


def ranks_of(codes):
    return bytes(c // 4 + 1 for c in codes)


def hand_value(ranks):
    """The last digit of the sum: 0 (buta) .. 9 (kabu)."""
    return sum(ranks) % 10


def yaku(ranks, dealer, o):
    """A yaku id of YAKU_IDS or None for a hand given as its card values in
    the order dealt. `dealer`: the dealer's hand (else a column); o: the
    options (shippin_owner, pin_yaku_order, nobori_kudari, arashi_kabu)."""
    n = len(ranks)
    if n == 3:
        a, b, c = ranks[0], ranks[1], ranks[2]
        if a == b == c:
            return "arashi_kabu" if a == 3 and o["arashi_kabu"] == "x5" else "arashi"
        if b - a == c - b and b - a in (1, -1) and o["nobori_kudari"] == "on":
            return "nobori" if b > a else "kudari"
        return None
    if n != 2:
        return None
    a, b = ranks[0], ranks[1]
    if o["pin_yaku_order"] == "any" and a == 1:
        a, b = b, a
    if b != 1:
        return None
    if a == 9 and dealer:
        return "kuppin"
    owner = o["shippin_owner"]
    if a == 4 and (owner == "both" or dealer == (owner == "dealer")):
        return "shippin"
    return None


def _category(y, o):
    """(category, multiplier) of a yaku id or None: arashi 3, the others 2,
    no yaku 1 (§6.3); the stake moves that many times when it wins (§6.4)."""
    if y is None:
        return (1, 1)
    if y == "arashi_kabu":
        return (3, 5)
    if y == "arashi":
        return (3, 3)
    if y == "nobori" or y == "kudari":
        return (2, 2)
    return (2, 2 if o["pin_pay"] == "x2" else 1)


def draw_rule(ranks, dealer, opts):
    """_FREE, _MUST, _NO_DRAW or _YAKU_STAY for a two-card hand (values)."""
    if yaku(ranks, dealer, opts) is not None:
        return _YAKU_STAY
    dr = opts["draw_restrictions"]
    if dr == "all" or (dr == "dealer_only" and dealer):
        v = hand_value(ranks)
        if v >= 7:
            return _NO_DRAW
        if v <= 3:
            return _MUST
    return _FREE


def settle(dealer_ranks, col_ranks, o):
    """One column against the dealer under the options o -> (sign, mult,
    why): sign 1 the child wins, -1 the dealer wins, 0 the stake is
    returned; the stake moves mult times, the winner's yaku's; why names
    the reason (a yaku id, higher, oyaken, tie, no contest)."""
    dy = yaku(dealer_ranks, True, o)
    cy = yaku(col_ranks, False, o)
    dv = hand_value(dealer_ranks)
    cv = hand_value(col_ranks)
    if o["dealer_buta"] == "no_contest" and dv == 0 and dy is None:
        return (0, 0, "no contest")
    dc, dm = _category(dy, o)
    cc, cm = _category(cy, o)
    if dc != cc:
        child = cc > dc
    elif dy == "kuppin" and cy == "shippin":     # the dealer's kuppin beats a child's shippin (A7)
        child = False
    elif cv != dv:                    # two arashi never tie
        child = cv > dv
    elif o["tie"] == "push":
        return (0, 0, "tie")
    else:
        return (-1, dm, "oyaken")
    if child:
        return (1, cm, cy or "higher")
    return (-1, dm, dy or "higher")


def value_label(value, yaku_id=None, lang=EN):
    """A hand's name: 'Kabu 9', 'Arashi 6', 'Nobori 4', 'Kuppin' / 'カブ 9' ..."""
    if yaku_id is not None:
        i = YAKU_IDS.index(yaku_id)
        name = field(YAKU_EN if lang == EN else YAKU_JA, i)
        return name + " %d" % value if i > 2 else name
    return field(VALUE_EN if lang == EN else VALUE_JA, value) + " %d" % value


def table_lines(pub, names, kind):
    """public() as lines of at most 21 characters for the screen, the most
    useful first: one line per column (cards, ## face down, $ total bet on
    it, < the column deciding), the dealer's hand, the bets against the
    domae with the dealer's net, the maki-fuda. The lines of cards are built
    as bytes and made strings once each (see oya.cards.put_name)."""
    out = []
    for i in range(len(pub["cols"])):
        b = bytearray(b"%d " % (i + 1))
        cards.put_joined(b, kind, pub["cols"][i], NONE, b"##")
        tot = 0
        for bet in pub["bets"][i]:
            tot += bet[1]
        if tot:
            while len(b) < 13:
                b.append(32)
            b.extend(b"$%d" % tot)
        if pub["col"] == i + 1:
            b.append(60)                # <
        out.append(text_of(b))
    line = "Oya %s %s" % (cut(names[pub["dealer"]], 8), cards.joined(kind, pub["hand"], NONE, "##"))
    out.append(cut(line.rstrip() if line[-1] == " " else line, 21))
    net = pub["net"]
    out.append(cut(("Bet %d/%d net +%d" if net > 0 else "Bet %d/%d net %d") % (pub["total"], pub["domae"], net), 21))
    maki = bytes([c for c in pub["maki"] if c != NONE])
    if maki:
        b = bytearray(b"Maki ")
        cards.put_joined(b, kind, maki)
        out.append(text_of(b))
    return out


def plus_minus(chips, start):
    """Each seat's result against the starting points (genten): +13, -5 ..."""
    return [c - s for c, s in zip(chips, start)]


# -- the deal -------------------------------------------------------------------

class OichoDeal(Deal):
    GAME = "oicho"
    ACTIONS = ACTIONS

    def __init__(self, match, dealer, stock):
        Deal.__init__(self, match, dealer, stock)
        o = self.opts
        n = self.nseats
        nc = int(o["columns"])
        self.ncols = nc
        self.domae = o["domae"]
        self.children = bytes((dealer + i) % n for i in range(1, n))
        self.maki = bytearray(b"\xff" * n)
        self.cols = [bytearray() for _ in range(nc)]
        self.up2 = bytearray(nc)        # 1: the second card was dealt face up
        self.rev = bytearray(nc)        # 1: the face-down second card was turned up
        self.bets = [[] for _ in range(nc)]   # [[seat, chips], ...] in order of first bet
        self.decided = bytearray(nc)    # 1 koi, 2 shimo
        self.hand = bytearray()
        self.hand_rev = False
        self.phase = BETTING
        self.total = 0
        self.bidx = 0                   # index in children of the child betting
        self.turn_bet = 0               # chips the betting child placed this turn
        self.col = 0                    # the column deciding (0-based), phase koi
        self.dealer_net = 0             # the dealer's result in this deal
        self.sudachi = False
        self.result = None
        if o["maki_fuda"] == "on":
            for s in self.children:
                self.maki[s] = self.deal_card("maki:%d" % s, True)
        for c in range(nc):
            self.cols[c].append(self.deal_card("col:%d" % (c + 1), True))
        self._seek_bettor()

    # -- helpers ------------------------------------------------------------------
    def _name(self, seat):
        return self.ledger.names[seat]

    def stake(self, c, seat):
        """Chips `seat` has on column c (0-based)."""
        for b in self.bets[c]:
            if b[0] == seat:
                return b[1]
        return 0

    def _open(self, c, seat):
        if self.opts["column_sharing"] != "exclusive":
            return True
        for b in self.bets[c]:
            if b[0] != seat:
                return False
        return True

    def _can_bet(self, seat):
        if self.total >= self.domae:
            return False
        for c in range(self.ncols):
            if self._open(c, seat):
                return True
        return False

    def bet_limits(self, seat=None):
        """For a UI entering a bet as a number: (open columns 1-based, the
        most chips one bet may add, whether DONE is allowed); ((), 0, False)
        when `seat` is not betting now."""
        if seat is None:
            seat = self.turn
        if self.phase != BETTING or seat != self.turn or self.turn < 0:
            return ((), 0, False)
        cols = tuple(c + 1 for c in range(self.ncols) if self._open(c, seat))
        return (cols, self.domae - self.total,
                not (self.opts["mandatory_bet"] and self.turn_bet == 0))

    def decider(self, c):
        """The child who says koi/shimo for column c: the largest stake, and
        among equal stakes the first to bet (A4)."""
        best = None
        for b in self.bets[c]:
            if best is None or b[1] > best[1]:
                best = b
        return -1 if best is None else best[0]

    def _rule(self, hand, dealer):
        return draw_rule(ranks_of(hand[:2]), dealer, self.opts)

    def _seek_bettor(self):
        while self.bidx < len(self.children):
            s = self.children[self.bidx]
            if self._can_bet(s):
                self.turn = s
                self.turn_bet = 0
                return
            self.bidx += 1
        if self.total == 0:
            self.void = True
            self.phase = _OVER
            self.turn = -1
            self.note("No bets: void deal, dealt again")
            return
        self.phase = FIRST
        self.turn = self.dealer

    def _seek_col(self):
        while self.col < self.ncols and not self.bets[self.col]:
            self.col += 1
        if self.col < self.ncols:
            self.turn = self.decider(self.col)
            self._need(self.cols[self.col], self.turn)      # the draw rules read the face-down card
            return
        self.hand.append(self.deal_card("dealer", False))
        self.phase = DEALER
        self.turn = self.dealer
        self._need(self.hand, self.dealer)

    def _need(self, hand, seat):
        """The faces of `hand` are needed now (a table deck asks `seat`)."""
        for c in hand:
            self.stock.need(c, seat)

    # -- protocol -------------------------------------------------------------------
    def legal(self, seat):
        ph = self.phase
        if ph == BETTING:
            out = []
            room = self.domae - self.total
            for c in range(self.ncols):
                if self._open(c, seat):
                    base = (c + 1) * BET
                    out.extend(range(base + 1, base + room + 1))     # (in C: 40 appends were 1.5 ms)
            if not (self.opts["mandatory_bet"] and self.turn_bet == 0):
                out.append(DONE)
            return out
        if ph == FIRST:
            n = len(self.stock)
            return [a for a in (TOP, FOURTH, BOTTOM) if n >= (4 if a == FOURTH else 1)]
        if ph == KOI_PHASE:
            r = self._rule(self.cols[self.col], False)
            k, s = KOI_COL + self.col + 1, SHIMO_COL + self.col + 1
        else:
            r = self._rule(self.hand, True)
            k, s = KOI, SHIMO
        if r == _FREE:
            return [k, s]
        return [k] if r == _MUST else [s]

    def check(self, action, seat):
        if self.turn < 0:
            return "The deal is over"
        if seat != self.turn:
            return "Not your turn"
        ph = self.phase
        if ph == BETTING:
            if action == DONE:
                if self.opts["mandatory_bet"] and self.turn_bet == 0:
                    return "Bet at least 1 point first"
                return None
            if action < BET + 1:
                return "Bet on a column, or done"
            c, k = action // BET, action % BET
            if c > self.ncols:
                return "No such column"
            if k < 1:
                return "Bet at least 1 point"
            room = self.domae - self.total
            if k > room:
                return "Domae cap: %d left" % room
            if not self._open(c - 1, seat):
                return "Another child bet there"
            return None
        if ph == FIRST:
            if action in (TOP, FOURTH, BOTTOM):
                if action in self.choices(seat):
                    return None
                return "Not enough cards"
            return "Take top, 4th or bottom"
        if ph == KOI_PHASE:
            if KOI_COL < action <= KOI_COL + 9 or SHIMO_COL < action <= SHIMO_COL + 9:
                c = action % 10
                if c != self.col + 1:
                    return "Decide column %d first" % (self.col + 1)
                return self._why(action < SHIMO_COL, self._rule(self.cols[self.col], False), False)
            return "Koi or shimo, column %d" % (self.col + 1)
        if action in (KOI, SHIMO):
            return self._why(action == KOI, self._rule(self.hand, True), True)
        return "Koi or shimo for your hand"

    def _why(self, koi, rule, dealer):
        if koi and rule == _NO_DRAW:
            return "No draw on 7 or more"
        if koi and rule == _YAKU_STAY:
            hand = self.hand if dealer else self.cols[self.col]
            y = yaku(ranks_of(hand[:2]), dealer, self.opts)
            return field(YAKU_EN, YAKU_IDS.index(y)) + ": no third card"
        if not koi and rule == _MUST:
            return "Must draw on 3 or less"
        return None

    def apply(self, action, seat):
        if self.story:                  # (the device's lean story: no decode per action)
            self.log_act(seat, *self.decode(action))
        ph = self.phase
        if ph == BETTING:
            if action == DONE:
                self.bidx += 1
                self._seek_bettor()
                return
            c, k = action // BET - 1, action % BET
            for b in self.bets[c]:
                if b[0] == seat:
                    b[1] += k
                    break
            else:
                self.bets[c].append([seat, k])
            self.total += k
            self.turn_bet += k
            if not self._can_bet(seat):
                self.bidx += 1
                self._seek_bettor()
            return
        if ph == FIRST:
            if action == TOP:
                card = self.stock.draw()
            elif action == FOURTH:
                card = self.stock.draw_at(3)
            else:
                card = self.stock.draw_bottom()
            self.hand.append(self.deal_card("dealer", False, card))
            face_up = self.opts["unbet_second_card"] == "face_up"
            for c in range(self.ncols):
                up = face_up and not self.bets[c]
                self.up2[c] = 1 if up else 0
                self.cols[c].append(self.deal_card("col:%d" % (c + 1), up))
            self.phase = KOI_PHASE
            self.col = 0
            self._seek_col()
            return
        if ph == KOI_PHASE:
            c = self.col
            if action < SHIMO_COL:
                self.decided[c] = 1
                self.cols[c].append(self.deal_card("col:%d" % (c + 1), True))
            else:
                self.decided[c] = 2
            self.col += 1
            self._seek_col()
            return
        if action == KOI:
            self.hand.append(self.deal_card("dealer", True))
        self._showdown()

    def _showdown(self):
        o = self.opts
        ev = self.events
        h = self.hand
        self.hand_rev = True
        ev.append(("reveal", h[0], "dealer"))
        ev.append(("reveal", h[1], "dealer"))
        dr = ranks_of(h)
        dy = yaku(dr, True, o)
        ev.append(("show", "dealer", bytes(h), hand_value(dr), dy))
        res = [None] * self.ncols
        for s in self.children:
            for c in range(self.ncols):
                k = self.stake(c, s)
                if not k:
                    continue
                col = self.cols[c]
                self._need(col, s)
                cr = ranks_of(col)
                at = "col:%d" % (c + 1)
                if res[c] is None:
                    if not self.up2[c]:
                        self.rev[c] = 1
                        ev.append(("reveal", col[1], at))
                    res[c] = (hand_value(cr), yaku(cr, False, o))
                    ev.append(("show", at, bytes(col), res[c][0], res[c][1]))
                sign, mult, why = settle(dr, cr, o)
                extra = {"col": c + 1}
                if sign > 0:
                    self.ledger.transfer(self.dealer, s, k * mult, why, extra)
                    self.dealer_net -= k * mult
                elif sign < 0:
                    self.ledger.transfer(s, self.dealer, k * mult, why, extra)
                    self.dealer_net += k * mult
                else:
                    self.note("Col %d, %s: %s, stake returned" % (c + 1, self._name(s), why))
        self.result = {"dealer": (hand_value(dr), dy), "cols": res}
        net = getattr(self.match, "dealer_net", 0) + self.dealer_net
        if net <= -self.domae or net >= 2 * self.domae:
            self.sudachi = True
            self.note("Sudachi: %s net %s, %s deals next" % (
                self._name(self.dealer), _signed(net), self._name((self.dealer + 1) % self.nseats)))
        self.phase = _OVER
        self.turn = -1

    # -- names ------------------------------------------------------------------------
    def act_args(self, r, v):
        if r[3] == "first_card":
            return {"from": _FROM[r[0] - TOP]}
        if r[3] == "bet":          # column and chips in one code
            return {"col": v // BET, "chips": v % BET}
        return {r[4]: v}

    def act_code(self, r, args):
        if r[3] == "first_card":
            return 0 if args["from"] == _FROM[r[0] - TOP] else None
        if r[3] == "bet":
            c, k = int(args["col"]), int(args["chips"])
            return c * BET + k if 1 <= c <= 9 and 1 <= k < BET else None
        return int(args[r[4]])

    def act_text(self, r, v, lang):
        if r[3] == "bet":          # the Japanese label says the column first
            return (v % BET, v // BET) if lang == EN else (v // BET, v % BET)
        return v

    def line_of(self, action):
        """The row of table_lines() that `action` names (a column's: the
        first rows are the columns in order), or -1."""
        if KOI_COL < action < SHIMO_COL + 10:
            return action % 10 - 1
        if action > BET:
            return action // BET - 1
        return -1

    def prompt(self, seat, lang=EN):
        en = lang == EN
        if self.turn < 0:
            return "Deal over" if en else "ショウブ オワリ"
        if seat != self.turn:
            if en:
                return ("Wait for " + self._name(self.turn))[:21]
            return "オマチ クダサイ"
        ph = self.phase
        if ph == BETTING:
            room = self.domae - self.total
            return ("Bet? %d left" % room) if en else ("ハリ? ノコリ %dテン" % room)
        if ph == FIRST:
            return "Which first card?" if en else "1マイメ ハ ドレ?"
        if ph == KOI_PHASE:
            return ("Koi or shimo? col %d" if en else "コイ カ シモ? %dレツ") % (self.col + 1)
        return "Koi or shimo?" if en else "コイ カ シモ?"

    # -- what each seat sees -----------------------------------------------------------
    def knows_second(self, c, seat):
        """Whether `seat` (-1: the table) sees column c's second card."""
        return bool(self.up2[c] or self.rev[c] or (seat >= 0 and self.stake(c, seat) > 0))

    def knows_hand(self, seat):
        """Whether `seat` sees the dealer's first two cards."""
        return self.hand_rev or (seat == self.dealer and len(self.hand) >= 2)

    def _col_view(self, c, seat):
        col = self.cols[c]
        if len(col) < 2 or self.knows_second(c, seat):
            return bytes(col)
        b = bytearray(col)
        b[1] = NONE
        return bytes(b)

    def _hand_view(self, seat):
        if self.knows_hand(seat):
            return bytes(self.hand)
        b = bytearray(self.hand)
        for i in range(min(2, len(b))):
            b[i] = NONE
        return bytes(b)

    def _table(self, seat):
        left = 0
        if self.phase == BETTING:
            left = len(self.children) - self.bidx - 1
        d = {
            "phase": PHASES[self.phase], "turn": self.turn, "dealer": self.dealer,
            "maki": bytes(self.maki),
            "cols": [self._col_view(c, seat) for c in range(self.ncols)],
            "hand": self._hand_view(seat),
            "bets": [[[b[0], b[1]] for b in cb] for cb in self.bets],
            "total": self.total, "domae": self.domae, "room": self.domae - self.total,
            "left": left,
            "col": self.col + 1 if self.phase == KOI_PHASE else 0,
            "decided": bytes(self.decided),
            "stock": len(self.stock),
            "net": getattr(self.match, "dealer_net", 0) + self.dealer_net,
            "void": self.void,
        }
        if self.result is not None:
            d["result"] = self.result
        return d

    def public(self):
        """The table: phase, turn, dealer; maki (bytes per seat, NONE for the
        dealer or none), cols (bytes per column), hand (the dealer's cards):
        card codes with NONE for a face-down card; bets [[seat, chips]] per
        column; total/domae/room; left (children still to bet after the one
        betting); col (the column deciding, 1-based, 0 outside koi); decided
        (per column 0, 1 koi, 2 shimo); stock (cards left); net (the dealer's
        net since taking the deal); void; result after the showdown."""
        return self._table(-1)

    def view(self, seat):
        v = self._table(seat)
        v["seat"] = seat
        return v

    def seen(self, seat):
        out = bytearray()
        for c in self.maki:
            if c != NONE:
                out.append(c)
        for c in range(self.ncols):
            for x in self._col_view(c, seat):
                if x != NONE:
                    out.append(x)
        for x in self._hand_view(seat):
            if x != NONE:
                out.append(x)
        return bytes(out)

    def places(self):
        """maki:N (seat N's maki-fuda), col:N (1-based), dealer, stock."""
        out = []
        for s in self.children:
            if self.maki[s] != NONE:
                out.append(("maki:%d" % s, bytes([self.maki[s]])))
        for c in range(self.ncols):
            out.append(("col:%d" % (c + 1), bytes(self.cols[c])))
        out.append(("dealer", bytes(self.hand)))
        out.append(("stock", self.stock.remaining()))
        return out


def _signed(n):
    return ("+%d" % n) if n > 0 else ("%d" % n)


# -- the match ------------------------------------------------------------------

class OichoMatch(Match):
    GAME = "oicho"
    DEAL = OichoDeal
    SEATS = (2, 10)
    START_OPTION = "starting_points"
    ALLOW_NEGATIVE = True

    def legend(self):
        from oya.games import oicho_legend
        return oicho_legend

    def __init__(self, opts, names, chips=None, dealer=0, seed=None):
        full = defaults()
        if opts:
            full.update(opts)
        self.dealer_net = 0       # the dealer's net since taking the deal (sudachi)
        Match.__init__(self, full, names, chips, dealer, seed)

    def draw_first_dealer(self, source, who=None):
        from oya.games.first_dealer import oicho
        return oicho(self, source, card_value, who)

    def deck_kind(self):
        return cards.KABUFUDA if self.opts["deck"] == "kabufuda" else cards.HANAFUDA

    def after_deal(self, deal):
        if deal.void:
            return
        self.deal_no += 1
        if deal.sudachi:
            self.dealer = (deal.dealer + 1) % len(self.ledger)
            self.dealer_net = 0
        else:
            self.dealer_net += deal.dealer_net

    def over(self):
        return self.deal_no >= self.opts["deals_per_match"]

    def extra_state(self):
        return {"dealer_net": self.dealer_net}

    def restore_extra(self, st):
        self.dealer_net = st.get("dealer_net", 0)

    def genten(self):
        """Each seat's result against its starting points (plus/minus)."""
        return plus_minus(self.ledger.chips, self.start_chips)


MATCH = OichoMatch
