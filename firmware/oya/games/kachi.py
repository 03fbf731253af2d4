# Kachi-kachi (かちかち), also junjun / dondon / totto / setta: two-card
# last-digit poker with kabufuda. Spec: shared/rules/kachi_kachi.md.
#
# Flow of a deal:
#   ante     every seat that can pay the ante puts it in the pot and is dealt
#            in; a seat with fewer chips than the ante sits the deal out.
#   deal     one card at a time, face down, counter-clockwise (seat + 1) from
#            the dealer's right, twice around, ending with the dealer.
#   circuits C times: the dealer (oya) sets the rate ("rate" phase: rate
#            rate_min..min(rate_cap, chips), or fold), then every other seat
#            still in, counter-clockwise, calls exactly that or folds ("call"
#            phase). A seat that cannot pay the rate may only fold. When the
#            dealer folds, the next seat still in becomes dealer and sets the
#            rate of the same circuit at once.
#   extras   on its own turn a seat may also: draw (first turn only, dealt
#            total 0; see below), shiroku (dealt 4-6, not after a draw: fold
#            and take the ante back), inketsu-geri / buta-geri (dealt total
#            1 / 0, not after a draw: win the pot at once plus goshugi).
#   end      all but one folded: that seat takes the pot (no showdown; a
#            bonus yaku is shown automatically to claim its goshugi). After
#            the last circuit: showdown, best pair per seat chosen by the
#            device, kenpei, tie-breaks; a tie is hiki (the pot carries over,
#            the dealer role at the end of the deal keeps the deal).
#
# The draw (draw_exposure = original_card): the action names which of the two
# dealt cards is shown (a "reveal"), then the 3rd card comes face down. If it
# is a 10, the same turn offers a 4th-card draw: the 10 is revealed and the
# 4th card comes face down. With any_card the draw comes first and the player
# then exposes any not yet exposed card of the 3 (or 4) ("expose" act, then
# the reveal).
#
# Decisions beyond the spec (documented in the report and tests):
#   * cards: copy 0 of a rank is red, copy 1 black (the 22-card deck's third
#     1 and 10, copy 2, are red): the colour tie-break works on kabufuda too.
#   * session end (spec §8 lists three ways; option session_end): after
#     deals_per_match deals (deal_count, the default), as soon as a seat
#     cannot pay the ante (broke), or when the agreed time is up (time_limit:
#     the device calls match.stop() after session_minutes; the engine reads
#     no clock and the deal in play is finished; if the time runs out between
#     deals while a hiki's pot is carried, one more deal plays for it). In
#     every mode the match also ends when fewer than two seats can pay the
#     ante, or once stop() was called. deals_per_match counts only with
#     deal_count.
#   * a seat that cannot pay the ante sits the deal out (no cards, no
#     goshugi either way; it happens with deal_count and time_limit). A hiki
#     (or a shibari deal nobody qualified for) in the deal that ends the
#     match splits the pot equally among the tied seats (everyone dealt in,
#     if nobody qualified), odd chips to the first of them counter-clockwise
#     from the dealer.
#   * goshugi: a payer short of chips pays what it has.
#   * if the dealer cannot pay the ante, the deal passes to the next seat
#     counter-clockwise that can (between deals).
#   * the -geri yaku and shiroku look at the two dealt cards and are not
#     available after a draw.
#   * kenpei at showdown: every seat shows its best pair; if a junjun is shown
#     and another seat can form 1-2, kenpei is declared: with void_junjun the
#     seat whose best hand is the weakest of those able (first in turn order
#     on equality) plays its 1-2 as a plain 3 and the rest keep their best
#     pairs; with kenpei_wins every seat able plays 1-2 and only they contend.
#     The voided junjun loses and earns nothing.
#   * tie-breaks (equal strength): aka_pin_priority first, then colour
#     (more cards of the favoured colour, then the colour of the higher
#     number), on the two cards played.
#   * a showdown shows the two cards played; other drawn cards stay hidden
#     (arashi: the third card is turned up to claim the goshugi).
#   * rate_cap below rate_min: the minimum is the only rate.
#   * two dealt cards with one name (5-5, 10-10): one draw choice, not two.
#   * pin_41_91_position = between_5-5_and_6-6 puts 4-1 and 9-1 just above
#     5-5, below tamashii.
#   * shibari: checked on the first turn (after any draw) against the tied
#     hand's strength, tie-breaks ignored; a seat below may only fold (or
#     shiroku). If one seat is left and has not yet been checked, it gets its
#     turn (as dealer) before it can win.
from oya.compat import const
from oya.heap import field
from oya.game import Deal, EN, seat_place
from oya.match import Match
from oya.ledger import POT
from oya import cards
# the hands (and the names the bot and the tests read here)
from oya.games.kachi_hands import (PIN_IDS, YAKU_IDS, rank,
    is_red, value_of, ladder, evaluate, tiebreak, goshugi_units, arashi_rank,
    bonus_units, best_pair, kenpei_pair, value_label, _cname, table_lines)

# The actions: small ints, whose transcript form ACTIONS gives (decode and
# encode in oya.game); consts here, so the tables below are constants.
FOLD = const(0)
CALL = const(1)
SHIROKU = const(2)
INKETSU_GERI = const(3)
BUTA_GERI = const(4)
DRAW = const(5)         # any_card draw, or the 4th-card draw
DRAW_SHOW = const(6)    # + index 0/1 of the dealt card shown (original_card)
EXPOSE = const(10)      # + hand index 0..3 (any_card)
RATE = const(1000)      # + chips
_DECISIONS = (FOLD, CALL, SHIROKU, INKETSU_GERI, BUTA_GERI, DRAW, DRAW_SHOW, DRAW_SHOW + 1)
_EXPOSES = (EXPOSE, EXPOSE + 1, EXPOSE + 2, EXPOSE + 3)

# Phases
P_RATE = const(0)
P_CALL = const(1)
P_OVER = const(2)
PHASES = ("rate", "call", "over")

# The actions: (code, lo, hi, do, arg, English, Japanese), see oya.game.
ACTIONS = (
    (FOLD, 0, 0, "fold", None, "Fold (shimo)", "シモ"),
    (CALL, 0, 0, "call", "chips", "Call %d", "コール %d"),
    (SHIROKU, 0, 0, "shiroku", None, "Shiroku: escape", "シロク ニゲ"),
    (INKETSU_GERI, 0, 0, "inketsu_geri", None, "Inketsu-geri", "インケツゲリ"),
    (BUTA_GERI, 0, 0, "buta_geri", None, "Buta-geri", "ブタゲリ"),
    (DRAW, 0, 0, "draw", None, "%s", "%s"),
    (DRAW_SHOW, 0, 1, "draw", "show", "Show %s and draw", "%sヲミセテ ヒク"),
    (EXPOSE, 0, 3, "expose", "card", "Show %s", "%sヲミセル"),
    (RATE, 0, 1 << 20, "rate", "chips", "Rate %d", "レート %d"),
)

# The words of label() and prompt(), by number (the comment beside a
# _say() gives the English): one joined str, as oya.games.kachi_why.WHY, and
# the Japanese in the same order in oya.games.kachi_ja (imported when asked
# for). The words of every hand-off and decision come first: a word is found
# by counting separators, and in MicroPython each str.index from an offset
# walks the str from its start (UTF-8), so a late field of one str of both
# languages is slow to find.
_SAY_EN = ("Set the rate, round %d"
           "|Call %d or fold?"
           "|Seat %d to act"
           "|The deal is over"
           "|Draw a card"
           "|Shibari: must fold"
           "|Show which card?"
           "|Draw a 4th card?"
           "|Draw a 4th card"
           "|No draw: total not 0"
           "|No draw: stock empty")


def _say(i, lang):
    if lang:
        from oya.games.kachi_ja import SAY_JA
        return field(SAY_JA, i)
    return field(_SAY_EN, i)




# -- the deal -------------------------------------------------------------------------
class KachiDeal(Deal):
    GAME = "kachi"
    ACTIONS = ACTIONS
    GIVE_UP = FOLD          # the decision's cursor starts on a rate or a call: one OK does not fold

    def __init__(self, match, dealer, stock):
        Deal.__init__(self, match, dealer, stock)
        o = self.opts
        n = self.nseats
        self.kind = match.deck_kind()
        self.lad = getattr(match, "lad", None) or ladder(o)     # (the match's: made once)
        self.ante = o.get("ante", 1)
        self.ncirc = o.get("circuits", 3)
        self.rmin = o.get("rate_min", 1)
        cap = o.get("rate_cap")
        self.rcap = None if cap is None else max(cap, self.rmin)
        self.any_card = o.get("draw_exposure", "original_card") == "any_card"
        self.threshold = getattr(match, "shibari", None)
        self.hands = [bytearray() for _ in range(n)]
        self.dealt = bytearray(n)
        self.folded = bytearray(n)
        self.up = bytearray(n)        # bit i: hand card i is face up
        self.first = bytearray(n)     # 1: the seat's first turn is over
        self.drew = bytearray(n)      # cards drawn: 0, 1 or 2
        self.more = 0                 # the turn seat may draw a 4th card
        self.expose = 0               # the turn seat must expose a card
        self.put = [0] * n            # chips put in this deal
        self.shown = [None] * n       # (pair bytes, value, yaku) at showdown
        self.circuit = 1
        self.rate = 0
        self.phase = P_RATE
        self.oya = dealer
        self.winner = -1
        self.result = None            # "win", "showdown", "geri", "hiki", "split", "carry"
        self.next_threshold = None    # shibari threshold for the next deal
        order = [(dealer + 1 + i) % n for i in range(n)]
        payers = [s for s in order if self.ledger.chips[s] >= self.ante]
        if len(payers) < 2:
            self.void = True
            self.phase = P_OVER
            self.note("too few seats can pay the ante")
            return
        for s in payers:
            self.dealt[s] = 1
            self.put[s] = self.ante
            self.ledger.transfer(s, POT, self.ante, "ante")
        for s in order:
            if self.ledger.chips[s] < self.ante and not self.dealt[s]:
                self.note("seat %d sits out" % s)
        for _ in range(2):
            for s in payers:
                self.hands[s].append(self.deal_card(seat_place(s), False))
        if not self.dealt[self.oya]:
            self.oya = self._next_live(self.oya)
            self.note("dealer: seat %d" % self.oya)
        self.turn = self.oya
        self._need_hand(self.oya)

    def _need_hand(self, s):
        """Seat s's cards are needed now: its turn (draw, shiroku, geri and
        shibari read them), a win it may claim goshugi for, the showdown.
        With a table deck the seat enters them (oya.tabledeck)."""
        for c in self.hands[s]:
            self.stock.need(c, s)

    # -- helpers ----------------------------------------------------------------
    def _live(self, s):
        return self.dealt[s] and not self.folded[s]

    def _next_live(self, s):
        n = self.nseats
        for i in range(1, n + 1):
            t = (s + i) % n
            if self._live(t):
                return t
        return -1

    def _nlive(self):
        return sum(1 for s in range(self.nseats) if self._live(s))

    def _order(self):
        """Seats in turn order from the dealer's right, ending with the dealer."""
        n = self.nseats
        return [(self.oya + 1 + i) % n for i in range(n)]

    def best(self, seat):
        return best_pair(self.hands[seat], seat == self.oya, self.opts, self.lad)

    def _restricted(self, seat):
        """Shibari: on the first turn, a hand below the threshold must fold."""
        if self.threshold is None or self.first[seat]:
            return False
        return self.best(seat)[2] < self.threshold

    def _same(self, a, b):
        """Two cards with one transcript name: showing either is the same
        choice, so only the first is offered."""
        return cards.name(self.kind, a) == cards.name(self.kind, b)

    def _rate_hi(self, seat):
        hi = self.ledger.chips[seat]
        if self.rcap is not None and self.rcap < hi:
            hi = self.rcap
        return hi

    # -- protocol -----------------------------------------------------------
    def legal(self, seat):
        # (only the candidates of the moment are put to _why: a call of it is
        # not cheap, and a seat that must show a card can do nothing else)
        cand = _EXPOSES if self.expose else _DECISIONS
        out = [a for a in cand if self._why(a, seat) is None]
        if self.phase == P_RATE and not self.expose and not self._restricted(seat):
            out.extend(range(RATE + self.rmin, RATE + self._rate_hi(seat) + 1))   # (one range, not a loop that costs time for each rate)
        return out

    def check(self, action, seat):
        w = self._why(action, seat)
        if w is None:
            return None
        from oya.games.kachi_why import why_text
        return why_text(self, w)

    def _why(self, a, seat):
        """None when seat may take action a, else why not: a field of
        oya.games.kachi_why.WHY (check() gives its text: choices() asks this
        of every candidate)."""
        if self.turn < 0:
            return 0       # The deal is over
        if seat != self.turn:
            return 1       # Not your turn
        hand = self.hands[seat]
        if self.expose:
            if EXPOSE <= a < EXPOSE + 4:
                i = a - EXPOSE
                if i >= len(hand) or self.up[seat] & (1 << i):
                    return 2       # Show a card still hidden
                for k in range(i):
                    if not self.up[seat] & (1 << k) and self._same(hand[k], hand[i]):
                        return 3       # Same as another card
                return None
            return 4       # Show one of your cards first
        if EXPOSE <= a < EXPOSE + 4:
            return 5       # Nothing to show now
        if a == DRAW or a == DRAW_SHOW or a == DRAW_SHOW + 1:
            return self._why_draw(a, seat)
        if a == FOLD:
            return None
        if a == SHIROKU:
            if self.opts.get("shiroku", "on") != "on":
                return 6       # Shiroku is off
            if self.drew[seat]:
                return 7       # No shiroku after a draw
            if sorted((rank(hand[0]), rank(hand[1]))) != [4, 6]:
                return 8       # Shiroku needs 4-6
            return None
        if a == INKETSU_GERI or a == BUTA_GERI:
            geri = a == INKETSU_GERI
            if self.opts.get("inketsu_geri" if geri else "buta_geri", "off") != "on":
                return 9 if geri else 10    # Inketsu-geri is off / Buta-geri is off
            if self.drew[seat]:
                return 11      # Not after a draw
            if value_of(hand[0], hand[1]) != (1 if geri else 0):
                return 12 if geri else 13    # Needs a total of 1 / Needs a total of 0
            if self._restricted(seat):
                return 14      # Shibari: hand too weak
            return None
        if a == CALL:
            if self.phase != P_CALL:
                return 15      # Set a rate or fold
            if self.ledger.chips[seat] < self.rate:
                return 16      # Not enough chips: fold
            if self._restricted(seat):
                return 17      # Shibari: hand too weak, fold
            return None
        if a >= RATE:
            r = a - RATE
            if self.phase != P_RATE:
                return 18      # Only the dealer sets rates
            if r < self.rmin:
                return 19      # The rate is at least %d
            if self.rcap is not None and r > self.rcap:
                return 20      # The rate is at most %d
            if r > self.ledger.chips[seat]:
                return 21      # Not enough chips
            if self._restricted(seat):
                return 17      # Shibari: hand too weak, fold
            return None
        return 22      # Not allowed now

    def _why_draw(self, a, seat):
        hand = self.hands[seat]
        if self.more:
            return None if a == DRAW else 23    # Draw the 4th card
        if self.first[seat]:
            return 24      # Draw only on your first turn
        if self.drew[seat]:
            return 25 if self.drew[seat] == 1 else 26    # 4th card only after a 10 / No more draws
        if value_of(hand[0], hand[1]) != 0:
            return 27      # Draw needs a total of 0
        if not len(self.stock):
            return 28      # The stock is empty
        if self.any_card:
            return None if a == DRAW else 29    # Draw first, then show
        if a == DRAW:
            return 30      # Pick the card to show
        if a == DRAW_SHOW + 1 and self._same(hand[0], hand[1]):
            return 31      # Same as the other card
        return None

    def apply(self, a, seat):
        do, args = self.decode(a)
        self.log_act(seat, do, args)
        at = seat_place(seat)
        hand = self.hands[seat]
        if EXPOSE <= a < EXPOSE + 4:
            i = a - EXPOSE
            self.up[seat] |= 1 << i
            self.events.append(("reveal", hand[i], at))
            self.expose = 0
            return
        if a == DRAW or a == DRAW_SHOW or a == DRAW_SHOW + 1:
            if a != DRAW:                                   # original_card: show, then draw
                self._reveal(seat, a - DRAW_SHOW)
            elif self.more and not self.any_card:          # the 10 is shown, then the 4th
                self._reveal(seat, 2)
            c = self.deal_card(at, False)
            hand.append(c)
            self.stock.need(c, seat)                       # a 10 offers the 4th card
            self.drew[seat] += 1
            self.more = 1 if (self.drew[seat] == 1 and rank(c) == 10 and len(self.stock)) else 0
            if self.any_card:
                self.expose = 1
            return
        # everything else ends the turn
        self.first[seat] = 1
        self.more = 0
        if a == FOLD or a == SHIROKU:
            if a == SHIROKU:
                self.ledger.transfer(POT, seat, min(self.ante, self.ledger.pot), "shiroku")
                self.put[seat] -= self.ante
            self._fold(seat)
            return
        if a == INKETSU_GERI or a == BUTA_GERI:
            self._geri(seat, "inketsu_geri" if a == INKETSU_GERI else "buta_geri")
            return
        if a == CALL:
            self.ledger.transfer(seat, POT, self.rate, "call")
            self.put[seat] += self.rate
        else:
            r = a - RATE
            self.rate = r
            self.phase = P_CALL
            self.ledger.transfer(seat, POT, r, "rate")
            self.put[seat] += r
        if self._nlive() == 1:
            self._uncontested(seat)
            return
        self._advance(seat)

    def _reveal(self, seat, i):
        if not self.up[seat] & (1 << i):
            self.up[seat] |= 1 << i
            self.events.append(("reveal", self.hands[seat][i], seat_place(seat)))

    def _advance(self, seat):
        nxt = self._next_live(seat)
        if nxt == self.oya:
            if self.circuit >= self.ncirc:
                self._showdown()
                return
            self.circuit += 1
            self.phase = P_RATE
        self.turn = nxt
        self._need_hand(nxt)

    def _fold(self, seat):
        self.folded[seat] = 1
        left = self._nlive()
        if left == 0:
            self._no_one()
            return
        if left == 1:
            w = self._next_live(seat)
            if self.threshold is None or self.first[w]:
                self._uncontested(w)
                return
        if seat == self.oya:
            self.oya = self._next_live(seat)
            self.note("dealer: seat %d" % self.oya)
            self.phase = P_RATE
            self.turn = self.oya
            self._need_hand(self.oya)
            return
        self._advance(seat)

    def _end(self):
        self.turn = -1
        self.phase = P_OVER
        self.expose = 0
        self.more = 0

    def _show(self, seat, i, j, value, yaku):
        h = self.hands[seat]
        self.up[seat] |= (1 << i) | (1 << j)      # the show event turns them up
        pair = bytes((h[i], h[j]))
        self.shown[seat] = (pair, value, yaku)
        self.events.append(("show", seat_place(seat), pair, value, yaku))

    def _goshugi(self, seat, units, yaku):
        amt = units * self.ante
        if amt <= 0:
            return
        for p in self._order():
            if p != seat and self.dealt[p]:
                pay = min(amt, self.ledger.chips[p])
                self.ledger.transfer(p, seat, pay, "goshugi", {"yaku": yaku})

    def _claim_bonus(self, seat, i, j, yaku):
        """Goshugi for a shown hand (arashi: the third card is shown too)."""
        h = self.hands[seat]
        u = goshugi_units(self.opts, yaku) if yaku in ("tamashii", "pinpin", "junjun") else 0
        name = yaku
        r = arashi_rank(h)
        if r and rank(h[i]) == r and rank(h[j]) == r:
            au = goshugi_units(self.opts, "arashi")
            if au >= u and au > 0:
                u, name = au, "arashi"
                for k in range(len(h)):
                    if rank(h[k]) == r:
                        self._reveal(seat, k)
        self._goshugi(seat, u, name)

    def _uncontested(self, w):
        self._end()
        self.winner = w
        self.result = "win"
        self.ledger.transfer(POT, w, self.ledger.pot, "win")
        self._need_hand(w)                  # a bonus yaku is shown to claim its goshugi
        b = self.best(w)
        i, j = b[1]
        h = self.hands[w]
        if bonus_units((h[i], h[j]), b[4], h, self.opts) > 0:
            self._show(w, i, j, b[3], b[4])
            self._claim_bonus(w, i, j, b[4])

    def _geri(self, seat, yaku):
        self._end()
        for s in range(self.nseats):
            if s != seat and self._live(s):
                self.folded[s] = 1
        self.winner = seat
        self.result = "geri"
        self._show(seat, 0, 1, value_of(self.hands[seat][0], self.hands[seat][1]), yaku)
        self.ledger.transfer(POT, seat, self.ledger.pot, "win")
        self._goshugi(seat, goshugi_units(self.opts, yaku), yaku)

    def _last_deal(self):
        """True when no deal follows this one (the match ends)."""
        return self.match.ends(self.match.deal_no + 1)

    def _split(self, seats):
        pot = self.ledger.pot
        k = len(seats)
        each, odd = pot // k, pot % k
        self.note("pot %d split: last deal" % pot)
        for i in range(k):
            self.ledger.transfer(POT, seats[i], each + (1 if i < odd else 0), "split")

    def _no_one(self):
        """Shibari: nobody qualified. The pot carries over, same threshold."""
        self._end()
        if self._last_deal():
            self.result = "split"
            self._split([s for s in self._order() if self.dealt[s]])
            return
        self.result = "carry"
        self.next_threshold = self.threshold
        self.note("shibari: nobody qualifies, pot %d carries over" % self.ledger.pot)

    def _showdown(self):
        self._end()
        opts = self.opts
        live = [s for s in self._order() if self._live(s)]
        play = {}
        for s in live:
            self._need_hand(s)
            b = self.best(s)
            play[s] = [b[0], b[1], b[2], b[3], b[4]]     # key, (i, j), strength, value, yaku
        void = -1
        if opts.get("kenpei", "on") == "on":
            jun = [s for s in live if play[s][4] == "junjun"]
            able = [s for s in live if s not in jun and kenpei_pair(self.hands[s], opts) is not None]
            if jun and able:
                # A7: a junjun that a 1-2 would void is not played when the
                # hand has another pair (10-10-7 plays 10-7).
                for s in jun:
                    b = best_pair(self.hands[s], s == self.oya, opts, self.lad, "junjun")
                    if b is not None:
                        play[s] = [b[0], b[1], b[2], b[3], b[4]]
                jun = [s for s in jun if play[s][4] == "junjun"]
            if jun and able:
                void = jun[0]
                if opts.get("kenpei_effect", "void_junjun") == "kenpei_wins":
                    who = able
                else:
                    who = [able[0]]
                    for s in able[1:]:
                        if play[s][0] < play[who[0]][0]:
                            who = [s]
                for s in who:
                    i, j = kenpei_pair(self.hands[s], opts)
                    a, b = self.hands[s][i], self.hands[s][j]
                    play[s] = [(3, tiebreak(a, b, opts), 0), (i, j), 3, 3, "kenpei"]
                if opts.get("kenpei_effect", "void_junjun") == "kenpei_wins":
                    for s in live:
                        if s not in who and s != void:
                            play[s][0] = (-1,)
        for s in live:
            p = play[s]
            self._show(s, p[1][0], p[1][1], p[3], p[4])
        if void >= 0:
            self.note("kenpei: junjun of seat %d is void" % void)
        top = None
        for s in live:
            if s != void and (top is None or play[s][0][:2] > top):
                top = play[s][0][:2]
        tied = [s for s in live if s != void and play[s][0][:2] == top]
        if len(tied) == 1:
            self.winner = tied[0]
            self.result = "showdown"
            self.ledger.transfer(POT, tied[0], self.ledger.pot, "win")
        for s in live:
            if s != void:
                p = play[s]
                self._claim_bonus(s, p[1][0], p[1][1], p[4])
        if len(tied) > 1:
            if self._last_deal():
                self.result = "split"
                self._split(tied)
            else:
                self.result = "hiki"
                if opts.get("shibari", "off") == "on":
                    self.next_threshold = play[tied[0]][2]
                self.note("hiki: pot %d carries over" % self.ledger.pot)

    # -- transcript forms -----------------------------------------------------
    def act_args(self, r, v):
        c = r[0]
        if c == CALL:
            return {"chips": self.rate}
        if c == DRAW_SHOW or c == EXPOSE:
            return {r[4]: cards.name(self.kind, self.hands[self.turn][v])}
        return {r[4]: v}

    def act_code(self, r, args):
        c = r[0]
        if c == CALL:
            return 0 if int(args["chips"]) == self.rate else None
        if c == DRAW_SHOW or c == EXPOSE:      # a card of the hand, by its name
            hand = self.hands[self.turn] if self.turn >= 0 else b""
            n = min(2, len(hand)) if c == DRAW_SHOW else len(hand)
            name = args[r[4]]
            for i in range(n):
                if cards.name(self.kind, hand[i]) == name and (c == DRAW_SHOW or not self.up[self.turn] & (1 << i)):
                    return i
            return None
        return int(args[r[4]])

    def act_text(self, r, v, lang):
        c = r[0]
        if c == CALL:
            return self.rate
        if c == DRAW:
            if self.more:
                return _say(8, lang)     # Draw a 4th card
            return _say(4, lang)     # Draw a card
        if c == DRAW_SHOW or c == EXPOSE:      # a card of the hand, by its name
            return _cname(self.kind, self.hands[self.turn][v], lang)
        return v

    def prompt(self, seat, lang=EN):
        if self.turn < 0:
            return _say(3, lang)    # The deal is over
        if seat != self.turn:
            return _say(2, lang) % self.turn    # Seat %d to act
        if self.expose:
            return _say(6, lang)    # Show which card?
        if self.more:
            return _say(7, lang)    # Draw a 4th card?
        if self._restricted(seat) and self._why_draw(DRAW_SHOW, seat) is not None \
                and self._why_draw(DRAW, seat) is not None:
            return _say(5, lang)    # Shibari: must fold
        if self.phase == P_RATE:
            return _say(0, lang) % self.circuit    # Set the rate, round %d
        return _say(1, lang) % self.rate    # Call %d or fold?

    def choice_note(self, seat, lang=EN):
        """Why the seat deciding is offered no draw on its first turn, the
        one turn a draw can come (its decision screen shows it), or None."""
        if seat != self.turn or self.expose or self.more or self.first[seat]:
            return None
        w = self._why_draw(DRAW if self.any_card else DRAW_SHOW, seat)
        if w == 27:
            return _say(9, lang)    # No draw: total not 0
        if w == 28:
            return _say(10, lang)    # No draw: stock empty
        return None

    # -- visibility -----------------------------------------------------------
    def _up_cards(self, s):
        up = self.up[s]
        if not up:
            return b""        # (most seats, most of the time: no generator made, which costs a key time)
        h = self.hands[s]
        return bytes(h[i] for i in range(len(h)) if up & (1 << i))

    def public(self):
        n = self.nseats
        shown = []
        for s in range(n):
            sh = self.shown[s]
            shown.append(None if sh is None else [sh[0], sh[1], sh[2]])
        return {
            "game": "kachi", "turn": self.turn, "dealer": self.dealer, "oya": self.oya,
            "phase": PHASES[self.phase], "expose": self.expose, "circuit": self.circuit,
            "circuits": self.ncirc, "rate": self.rate, "pot": self.ledger.pot,
            "chips": list(self.ledger.chips), "put": list(self.put),
            "dealt": list(self.dealt), "folded": list(self.folded),
            "ncards": [len(h) for h in self.hands],
            "up": [self._up_cards(s) for s in range(n)], "shown": shown,
            "stock": len(self.stock), "shibari": self.threshold,
            "winner": self.winner, "result": self.result,
        }

    def view(self, seat):
        v = self.public()
        v["seat"] = seat
        h = self.hands[seat]
        v["hand"] = bytes(h)
        v["drew"] = self.drew[seat]
        v["first_done"] = self.first[seat]
        if len(h) >= 2:
            b = self.best(seat)
            v["best"] = [bytes((h[b[1][0]], h[b[1][1]])), b[3], b[4]]
        else:
            v["best"] = None
        return v

    def seen(self, seat):
        out = bytearray()
        for s in range(self.nseats):
            if s == seat:
                out.extend(self.hands[s])
            else:
                out.extend(self._up_cards(s))
        return bytes(out)

    def places(self):
        out = [(seat_place(s), bytes(self.hands[s])) for s in range(self.nseats)]
        out.append(("stock", self.stock.remaining()))
        return out


# -- the match ----------------------------------------------------------------------------
class KachiMatch(Match):
    GAME = "kachi"
    DEAL = KachiDeal
    SEATS = (2, 8)
    WARN_SEATS = 6          # more than 6: few cards left for draws (warn)
    START_OPTION = "starting_chips"
    ALLOW_NEGATIVE = False

    def legend(self):
        from oya.games import kachi_legend
        return kachi_legend

    def __init__(self, opts, names, chips=None, dealer=0, seed=None):
        if "session_end" not in opts:     # a match saved before the option existed
            opts = dict(opts)
            opts["session_end"] = "deal_count"
        Match.__init__(self, opts, names, chips, dealer, seed)
        self.lad = ladder(self.opts)      # the yaku in force, for every deal (made once, not for each)
        self.shibari = None       # strength a hand needs after a hiki (shibari on)
        self.stopped = False      # stop() was called, or a deal split its pot as the last

    def draw_first_dealer(self, source, who=None):
        from oya.games.first_dealer import kachi
        return kachi(self, source, rank, who)

    def deck_kind(self):
        if self.opts.get("deck_variant", "standard20") == "three_1s_10s":
            return cards.KACHI22
        return cards.KACHI20

    def after_deal(self, deal):
        Match.after_deal(self, deal)
        if deal.void:
            return
        self.dealer = deal.winner if deal.winner >= 0 else deal.oya
        self.shibari = deal.next_threshold
        if deal.result == "split":
            # the deal knew it was the last and shared its pot: the match is
            # over even if the split put a seat back above the ante
            self.stopped = True
        ante = self.opts.get("ante", 1)
        n = len(self.ledger)
        if self.ledger.chips[self.dealer] < ante:
            for i in range(1, n):
                s = (self.dealer + i) % n
                if self.ledger.chips[s] >= ante:
                    self.dealer = s
                    break

    def _can_ante(self):
        ante = self.opts.get("ante", 1)
        return sum(1 for c in self.ledger.chips if c >= ante)

    def ends(self, deals):
        """Whether the match ends after `deals` counted deals with the chips
        as they are now (session_end; see the header)."""
        can = self._can_ante()
        if can < 2 or self.stopped:
            return True
        mode = self.opts.get("session_end", "deal_count")
        if mode == "broke":
            return can < len(self.ledger)
        if mode == "time_limit":
            return False
        dpm = self.opts.get("deals_per_match")
        return dpm is not None and deals >= dpm

    def stop(self):
        """The agreed time is up (session_end = time_limit) or the players
        stop: the match ends after the deal in play."""
        self.stopped = True

    def over(self):
        if not self.ends(self.deal_no):
            return False
        # stopped between deals while a hiki's pot is carried: one more deal
        # plays for it (that deal knows it is the last, so a tie splits it)
        return not (self.stopped and self.ledger.pot and self._can_ante() >= 2)

    def extra_state(self):
        return {"shibari": self.shibari, "stopped": self.stopped}

    def restore_extra(self, st):
        self.shibari = st.get("shibari")
        self.stopped = st.get("stopped", False)


MATCH = KachiMatch
