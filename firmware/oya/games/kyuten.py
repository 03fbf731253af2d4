# Kyutenhan (九点半, "nine and a half"): one dealer against each player; the
# dealer chooses whom to contest. Spec: shared/rules/kyutenhan.md.
#
# Values are kept in half-points (A = 2, 2..10 = 4..20, J/Q/K = 1): 19 is 9½,
# 20 or more is a bust. Seats are numbered clockwise: the dealer's left is
# dealer + 1, and everything (antes, the deal, hit/stay, bets) runs from there
# round to the dealer's right.
#
# Chips: a player's ante and bet go to the pot as they are placed, so a player
# never owes what they have not already put down; a player must keep one chip
# for the compulsory bet, so an ante of a needs a + 1 chips, and the bet is at
# most min(limit, chips left). A seat that cannot cover the smallest ante + 1
# sits out (ken) by force. A dealer who cannot pay in full pays what they hold,
# player by player in settlement order (A8); chips never go negative.
#
# Places: `seat:N` a player's hand (back card first, then the up-cards in the
# order dealt), `dealer`, `stock`.
#
# Decisions beyond the spec (each also in the report):
# - `ante_values` is a list option (default [1, 2, 3]); a house may allow fewer.
# - `limit_by_dealer` (default false): each dealer sets their limit (1 to
#   `limit`) with a `limit` {chips} action at the start of the tenure; it then
#   holds for the whole tenure. Off, the limit is the option for everyone.
# - When the stock runs out, the remaining players stay without being asked
#   (a note says so) and the dealer cannot draw (A7).
# - A back card is revealed only when its owner is contested; the others stay
#   hidden from the table for good, even after the deal.
# - Match length (section 7 and A8, "configurable session end"): `session_end`
#   = `rotations` (default): `rotations` full rotations of the deal (with a
#   permanent dealer, as many deals as that many rotations would take:
#   rotations x seats x deals_per_dealer); `broke`: no count, play until a
#   seat is broke; `time_limit`: until `session_minutes` have passed (the
#   device calls match.stop(); the engine reads no clock and the deal in play
#   is finished first). In every mode: `deals_per_match` (none = no cap),
#   `end_when_broke`: the match ends when a seat cannot cover the smallest
#   ante + 1. The match also ends when fewer than two seats can. Without
#   end_when_broke, a broke dealer passes the deal at once and the rotation
#   skips seats that cannot cover a stake.
# - `dealer_extra_chips` go to a permanent dealer when the first dealer is
#   drawn (ignored with a rotating dealer, where the spec says everyone should
#   simply hold more). Standings rank chips won, so the extra does not count.
# - First dealer: the highest card value deals (10 > 9 > ... > A > J/Q/K);
#   tied seats draw again.
from oya.compat import const
from oya.heap import field
from oya.game import Deal, EN, cut, seat_place
from oya.match import Match
from oya.ledger import POT
from oya import cards

# -- options (their checks: oya.games.kyuten_options) ------------------------


# -- actions and phases (in oya.games.kyuten_acts, for kyuten_why's sake) -------
from oya.games.kyuten_acts import (ACTIONS, HIT, STAY, DRAW, END, KEN, ANTE, BET, CONTEST, LIMIT,
                                   P_LIMIT, P_ANTE, P_HIT, P_BET, P_DEALER, P_OVER)
PHASES = ("limit", "ante", "hit", "bet", "dealer", "over")

NONE = const(255)      # no card

# results per seat (public "result")
_R_NONE = const(0)      # not settled yet / sat out
_R_WIN = const(1)
_R_DOUBLE = const(2)
_R_LOSE = const(3)
R_RETURN = const(4)    # never contested: stake returned
_R_TEN = const(5)       # dealer's up-card was a 10: paid the ante

NATURAL = "natural"
JACK_TEN = "jack_ten"

# -- pure functions -----------------------------------------------------------------


def rank(code):
    """1 (A) .. 13 (K)."""
    return code % 13 + 1


def half(code):
    """A card's value in half-points: A = 2, 2..10 = 4..20, J/Q/K = 1."""
    r = code % 13 + 1
    return 2 * r if r <= 10 else 1


def total(hand):
    t = 0
    for c in hand:
        t += half(c)
    return t


def is_jack_ten(hand):
    if len(hand) != 2:
        return False
    a, b = rank(hand[0]), rank(hand[1])
    return (a == 11 and b == 10) or (a == 10 and b == 11)


def yaku(hand):
    """A player's yaku: "natural" (exactly 9½, any number of cards),
    "jack_ten" (exactly J + 10), or None. The dealer has no yaku."""
    if is_jack_ten(hand):
        return JACK_TEN
    if total(hand) == 19:
        return NATURAL
    return None


def bust(hand, player=True):
    """10 or more is a bust, except a player's jack-ten."""
    if player and is_jack_ten(hand):
        return False
    return total(hand) >= 20


def outcome(player_hand, dealer_hand):
    """2: the player wins double (natural or jack-ten); 1: the player wins;
    -1: the dealer wins. Ties and double busts go to the player."""
    if yaku(player_hand):
        return 2
    d = total(dealer_hand)
    if d >= 20:
        return 1
    p = total(player_hand)
    if p >= 20:
        return -1
    return 1 if p >= d else -1


def vstr(h):
    """Half-points -> the transcript value: an int, or "x.5" for halves."""
    if h % 2:
        return "%d.5" % (h // 2)
    return h // 2


def hand_value(hand):
    """The value of a hand as the transcript shows it (jack-ten is 10.5)."""
    return vstr(total(hand))


def quota(n, kind="floor_half", min_one=True):
    """Contests the dealer owes when n players are dealt in (A1)."""
    q = n // 2 if kind == "floor_half" else n // 2 + 1
    if min_one and q < 1 and n > 0:
        q = 1
    return min(q, n)


_VAL_EN = "Bust|Natural|Jack-ten"
_VAL_JA = "バースト|ナチュラル|ジャックテン"


def value_label(value, yk=None, lang=EN):
    """The words for a hand: "7.5", "Bust (12)", "Natural", "Jack-ten"."""
    t = _VAL_EN if lang == EN else _VAL_JA
    if yk == NATURAL:
        return field(t, 1)
    if yk == JACK_TEN:
        return field(t, 2)
    if isinstance(value, str):
        h = 2 * int(value.split(".")[0]) + 1
    else:
        h = 2 * value
    if h >= 20:
        return "%s %s" % (field(t, 0), value)
    return str(value)


# -- the deal -----------------------------------------------------------------------------


class KyutenDeal(Deal):
    GAME = "kyuten"
    ACTIONS = ACTIONS

    def __init__(self, match, dealer, stock):
        Deal.__init__(self, match, dealer, stock)
        n = self.nseats
        self.kind = match.deck_kind()
        self.order = bytes((dealer + i) % n for i in range(1, n))   # clockwise from the left
        self.ante = bytearray(n)
        self.bet = bytearray(n)
        self.back = bytearray([NONE] * n)
        self.ups = [bytearray() for _ in range(n)]
        self.dcards = bytearray()
        self.contested = bytearray(n)
        self.result = bytearray(n)
        self.ix = 0                  # index into order for the ante/hit/bet rounds
        self.contests = 0
        self.owed = 0                # a draw not yet followed by a contest
        self.required = 0
        self.nin = 0
        antes = match.opts.get("ante_values", (1, 2, 3))
        self.antes = tuple(antes)
        self.min_stake = self.antes[0] + 1
        self.limit = match.limit
        if match.opts.get("limit_by_dealer") and match.tenure == 0:
            self.phase = P_LIMIT
            self.turn = dealer
        else:
            self.phase = P_ANTE
            self._ante_next()

    # -- helpers ------------------------------------------------------------
    def _name(self, seat):
        return self.ledger.names[seat]

    def hand(self, seat):
        """A player's cards: back card first, then the up-cards."""
        if self.back[seat] == NONE:
            return b""
        return bytes([self.back[seat]]) + bytes(self.ups[seat])

    def up_sum(self, seat):
        return total(self.ups[seat])

    def dealer_total(self):
        return total(self.dcards)

    def dealer_bust(self):
        return total(self.dcards) >= 20

    def playing(self):
        """Seats dealt into this deal, clockwise from the dealer's left."""
        return [s for s in self.order if self.ante[s]]

    def uncontested(self):
        return [s for s in self.order if self.ante[s] and not self.contested[s]]

    def can_ante(self, seat, a):
        return a in self.antes and self.ledger.chips[seat] >= a + 1

    def max_bet(self, seat):
        c = self.ledger.chips[seat]
        return self.limit if c > self.limit else c

    def _must_stay(self, seat):
        return self.up_sum(seat) >= 18 or len(self.stock) == 0

    # -- flow -----------------------------------------------------------------
    def _ante_next(self):
        """Move to the next seat that has an ante decision; force ken on a
        seat that cannot cover the smallest ante + 1; deal when all have."""
        while self.ix < len(self.order):
            s = self.order[self.ix]
            if self.ledger.chips[s] >= self.min_stake:
                self.turn = s
                return
            self.note("%s sits out: too few chips" % self._name(s))
            self.ix += 1
        self._deal()

    def _deal(self):
        ins = self.playing()
        self.nin = len(ins)
        if not ins:
            self.note("Everyone sat out")
            self._finish()
            return
        for s in ins:
            self.back[s] = self.deal_card(seat_place(s), False)
        self.dcards.append(self.deal_card("dealer", True))
        o = self.match.opts
        self.required = quota(self.nin, o.get("contest_quota", "floor_half"),
                              o.get("contest_quota_min_one", True))
        if rank(self.dcards[0]) == 10:
            self._ten()
            return
        self.phase = P_HIT
        self.ix = 0
        self._hit_next()

    def _ten(self):
        """The dealer's up-card is a 10: the dealer pays each player their
        ante; no hits, no bets (A5)."""
        self.events.append(("show", "dealer", bytes(self.dcards), 10, None))
        led = self.ledger
        for s in self.playing():
            a = self.ante[s]
            led.transfer(POT, s, a, "ante back")
            self._pay(s, a, "dealer 10")
            self.result[s] = _R_TEN
        self._finish()

    def _pay(self, seat, n, why):
        """The dealer pays n, or what they hold (A8)."""
        have = self.ledger.chips[self.dealer]
        if have < n:
            self.note("Dealer short: pays %d of %d" % (have, n))
            n = have
        self.ledger.transfer(self.dealer, seat, n, why)

    def _hit_next(self):
        while self.ix < len(self.order):
            s = self.order[self.ix]
            if self.ante[s]:
                if len(self.stock) == 0:
                    self.note("Stock empty: no more hits")
                    break
                if self.up_sum(s) < 18:
                    self.turn = s
                    return
            self.ix += 1
        self.phase = P_BET
        self.ix = 0
        self._bet_next()

    def _bet_next(self):
        while self.ix < len(self.order):
            s = self.order[self.ix]
            if self.ante[s]:
                self.turn = s
                return
            self.ix += 1
        self.phase = P_DEALER
        self.turn = self.dealer

    def _contest(self, s):
        self.contested[s] = 1
        self.contests += 1
        self.owed = 0
        self.stock.need(self.back[s], s)       # the back card is turned up (a table deck asks)
        self.events.append(("reveal", self.back[s], seat_place(s)))
        h = self.hand(s)
        self.events.append(("show", seat_place(s), h, hand_value(h), yaku(h)))
        self.events.append(("show", "dealer", bytes(self.dcards), hand_value(self.dcards), None))
        st = self.ante[s] + self.bet[s]
        r = outcome(h, self.dcards)
        led = self.ledger
        if r < 0:
            led.transfer(POT, self.dealer, st, "lose")
            self.result[s] = _R_LOSE
        else:
            led.transfer(POT, s, st, "stake back")
            self._pay(s, r * st, "win" if r == 1 else yaku(h))
            self.result[s] = _R_WIN if r == 1 else _R_DOUBLE
        if not self.uncontested():
            self._finish()

    def _finish(self):
        for s in self.uncontested():
            if self.result[s]:
                continue            # settled by the dealer's 10
            self.note("%s not contested: the dealer did not compare hands, stake back" % self._name(s))
            self.ledger.transfer(POT, s, self.ante[s] + self.bet[s], "not contested")
            self.result[s] = R_RETURN
        m = self.match
        if self.match.tenure_ends_after(self):
            nxt = m.next_dealer()
            if nxt != self.dealer:
                self.note("The deal passes to %s" % self._name(nxt))
        self.phase = P_OVER
        self.turn = -1

    # -- protocol ---------------------------------------------------------------
    def legal(self, seat):
        ph = self.phase
        if ph == P_LIMIT:
            return [LIMIT + v for v in range(1, self.match.opts.get("limit", 10) + 1)]
        if ph == P_ANTE:
            out = [ANTE + a for a in self.antes if self.can_ante(seat, a)]
            if self.match.opts.get("allow_ken", True):
                out.append(KEN)
            return out
        if ph == P_HIT:
            return [STAY] if self._must_stay(seat) else [HIT, STAY]
        if ph == P_BET:
            return [BET + b for b in range(1, self.max_bet(seat) + 1)]
        if ph == P_DEALER:
            un = self.uncontested()
            out = []
            if un and not self.dealer_bust() and len(self.stock):
                out.append(DRAW)
            for s in un:
                out.append(CONTEST + s)
            if self.contests >= self.required and not self.owed:
                out.append(END)
            return out
        return []

    def check(self, action, seat):
        if action in self.choices(seat):
            return None
        # the reason, from a module loaded for it: the menus offer legal
        # actions only, so a deal on the device never needs it
        from oya.games.kyuten_why import why
        return why(self, action, seat)

    def apply(self, action, seat):
        ph = self.phase
        if ph == P_LIMIT:
            self.limit = action - LIMIT
            self.log_act(seat, "limit", {"chips": self.limit})
            self.phase = P_ANTE
            self._ante_next()
            return
        if ph == P_ANTE:
            if action == KEN:
                self.log_act(seat, "ken")
            else:
                a = action - ANTE
                self.log_act(seat, "ante", {"chips": a})
                self.ante[seat] = a
                self.ledger.transfer(seat, POT, a, "ante")
            self.ix += 1
            self._ante_next()
            return
        if ph == P_HIT:
            if action == HIT:
                self.log_act(seat, "hit")
                self.ups[seat].append(self.deal_card(seat_place(seat), True))
                if self.up_sum(seat) < 18 and len(self.stock):
                    return
            else:
                self.log_act(seat, "stay")
            self.ix += 1
            self._hit_next()
            return
        if ph == P_BET:
            b = action - BET
            self.log_act(seat, "bet", {"chips": b})
            self.bet[seat] = b
            self.ledger.transfer(seat, POT, b, "bet")
            self.ix += 1
            self._bet_next()
            return
        if action == DRAW:
            self.log_act(seat, "draw")
            self.dcards.append(self.deal_card("dealer", True))
            self.owed = 1
        elif action == END:
            self.log_act(seat, "end")
            self._finish()
        else:
            t = action - CONTEST
            self.log_act(seat, "contest", {"target": t})
            self._contest(t)

    # -- words ------------------------------------------------------------------------
    def act_text(self, r, v, lang):
        if r[0] == CONTEST:       # the seat contested, by its name
            return (self._name(v) if v < self.nseats else str(v))[:10]
        return v

    def line_of(self, action):
        """The row of table_lines() a contest names (its seat's), or -1."""
        if CONTEST <= action < CONTEST + 100:
            return 1 + seat_rows(self.dealer, self.turn, self.nseats).index(action - CONTEST)
        return -1

    def prompt(self, seat, lang=EN):
        ja = lang != EN
        if self.turn < 0:
            return "ショウブ アリ" if ja else "The deal is over"
        if seat != self.turn:
            return ("%s ノ バン" if ja else "Wait for %s") % self._name(self.turn)[:12]
        ph = self.phase
        if ph == P_LIMIT:
            return "リミット ヲ キメル" if ja else "Set your limit"
        if ph == P_ANTE:
            lo, hi = self.antes[0], self.antes[-1]
            rng_ = str(lo) if lo == hi else "%d-%d" % (lo, hi)
            return ("アンティ %s/ケン" if ja else "Ante %s or ken?") % rng_
        if ph == P_HIT:
            return ("ヒット/ステイ %s" if ja else "Hit or stay? up %s") % vstr(self.up_sum(seat))
        if ph == P_BET:
            return ("ベット 1-%d" if ja else "Bet 1 to %d") % self.max_bet(seat)
        left = self.required - self.contests
        if self.owed:
            return "ショウブ セヨ" if ja else "Contest after a draw"
        if left > 0:
            return ("アト %d ニン ショウブ" if ja else "Contest %d more") % left
        return "ドロー/ショウブ/オワリ" if ja else "Draw, contest or end"

    # -- visibility -------------------------------------------------------------------------
    def public(self):
        n = self.nseats
        backs = []
        for s in range(n):
            b = self.back[s]
            backs.append(bytes([b]) if b != NONE and self.contested[s] else b"")
        return {
            "phase": PHASES[self.phase], "turn": self.turn, "dealer": self.dealer,
            "limit": self.limit, "antes": list(self.ante), "bets": list(self.bet),
            "dealt": [1 if self.back[s] != NONE else 0 for s in range(n)],
            "ups": [bytes(u) for u in self.ups], "backs": backs,
            "up_sums": [vstr(self.up_sum(s)) for s in range(n)],
            "dealer_cards": bytes(self.dcards), "dealer_value": vstr(self.dealer_total()),
            "contested": list(self.contested), "results": list(self.result),
            "required": self.required, "contests": self.contests, "owed": self.owed,
            "stock": len(self.stock), "pot": self.ledger.pot,
        }

    def view(self, seat):
        v = self.public()
        v["seat"] = seat
        b = self.back[seat] if 0 <= seat < self.nseats else NONE
        v["back"] = bytes([b]) if b != NONE else b""
        return v

    def seen(self, seat):
        out = bytearray(self.dcards)
        for s in range(self.nseats):
            if self.back[s] != NONE and (s == seat or self.contested[s]):
                out.append(self.back[s])
            out.extend(self.ups[s])
        return bytes(out)

    def places(self):
        out = [(seat_place(s), self.hand(s)) for s in range(self.nseats) if s != self.dealer]
        out.append(("dealer", bytes(self.dcards)))
        out.append(("stock", self.stock.remaining()))
        return out


# -- the match ------------------------------------------------------------------------------


class KyutenMatch(Match):
    GAME = "kyuten"
    DEAL = KyutenDeal
    SEATS = (3, 10)
    START_OPTION = "starting_chips"
    ALLOW_NEGATIVE = False

    def legend(self):
        from oya.games import kyuten_legend
        return kyuten_legend

    def __init__(self, opts, names, chips=None, dealer=0, seed=None):
        Match.__init__(self, opts, names, chips, dealer, seed)
        self.fresh = chips is None      # the dealer's extra chips not given yet
        self.limit = opts.get("limit", 10)
        self.tenure = 0                 # deals dealt by the current dealer
        self.tenures = 0                # tenures completed
        self.stopped = False            # the agreed time is up (session_end = time_limit)
        if "session_end" not in opts:   # a match saved before the option existed
            opts["session_end"] = "rotations"

    def draw_first_dealer(self, source, who=None):
        from oya.games.first_dealer import kyuten
        return kyuten(self, source, half, who)

    def deck_kind(self):
        return cards.STD104 if self.opts.get("decks", 1) == 2 else cards.STD52

    def min_stake(self):
        return self.opts.get("ante_values", (1, 2, 3))[0] + 1

    def rotating(self):
        return self.opts.get("dealer_mode", "rotating") == "rotating"

    def tenure_ends_after(self, deal):
        """Does the deal in play end the dealer's tenure?"""
        if not self.rotating():
            return False
        if self.tenure + 1 >= self.opts.get("deals_per_dealer", 3):
            return True
        return not self.opts.get("end_when_broke", True) and \
            self.ledger.chips[self.dealer] < self.min_stake()

    def next_dealer(self):
        """The next seat in the rotation's direction that can cover a stake."""
        n = len(self.ledger)
        step = 1 if self.opts.get("rotation_direction", "clockwise") == "clockwise" else n - 1
        d = self.dealer
        for _ in range(n):
            d = (d + step) % n
            if self.ledger.chips[d] >= self.min_stake():
                return d
        return (self.dealer + step) % n

    def after_deal(self, deal):
        ends = self.tenure_ends_after(deal)
        Match.after_deal(self, deal)
        self.limit = deal.limit
        if ends:
            self.dealer = self.next_dealer()
            self.tenure = 0
            self.tenures += 1
            self.limit = self.opts.get("limit", 10)
        else:
            self.tenure += 1

    def stop(self):
        """The agreed time is up (session_end = time_limit): the match ends
        after the deal in play."""
        self.stopped = True

    def over(self):
        o = self.opts
        cap = o.get("deals_per_match")
        if self.stopped or (cap is not None and self.deal_no >= cap):
            return True
        if o.get("session_end", "rotations") == "rotations":
            n = o.get("rotations", 1) * len(self.ledger)
            if self.rotating():
                if self.tenures >= n:
                    return True
            elif self.deal_no >= n * o.get("deals_per_dealer", 3):
                return True
        ms = self.min_stake()
        able = 0
        for c in self.ledger.chips:
            if c >= ms:
                able += 1
            elif o.get("end_when_broke", True):
                return True
        return able < 2

    def extra_state(self):
        return {"limit": self.limit, "tenure": self.tenure, "tenures": self.tenures,
                "stopped": self.stopped}

    def restore_extra(self, st):
        self.limit = st.get("limit", self.opts.get("limit", 10))
        self.tenure = st.get("tenure", 0)
        self.tenures = st.get("tenures", 0)
        self.stopped = st.get("stopped", False)

    def standings(self):
        """Ranked by chips won (chips now minus chips at the start), which is
        the chip ranking when every seat started equal."""
        n = len(self.ledger)
        order = list(range(n))
        net = [self.ledger.chips[s] - self.start_chips[s] for s in range(n)]
        order.sort(key=lambda s: -net[s])
        return [(s, self.ledger.chips[s]) for s in order]

    def ranking(self):
        """[(place, seat, chips)] for the match-over screen: seats that won
        the same number of chips share a place."""
        out = []
        prev = None
        st = self.standings()
        for i in range(len(st)):
            s, c = st[i]
            net = c - self.start_chips[s]
            place = out[-1][0] if out and net == prev else i + 1
            out.append((place, s, c))
            prev = net
        return out


MATCH = KyutenMatch


def seat_rows(d, t, n):
    """The seats in the order of table_lines' rows under the dealer's: the
    seat to act, then the others from the dealer's right."""
    order = []
    if 0 <= t != d:
        order.append(t)
    for i in range(1, n):
        s = (d + i) % n
        if s not in order:
            order.append(s)
    return order


def table_lines(pub, names, kind, lang=0):
    """The public table in rows of at most 21 cells for the device screen:
    the dealer's card, then the acting seat, then the others (ante/bet,
    up-cards, C when contested, - when sitting out)."""
    from oya.cards import name as cname, joined
    d = pub["dealer"]
    dc = joined(kind, pub["dealer_cards"]) or "-"
    rows = [("%s D %s lim%d" if lang == 0 else "%s オヤ %s ゲンド%d") % (cut(names[d], 4), dc, pub["limit"])]
    for s in seat_rows(d, pub.get("turn", -1), len(names)):
        if not pub["dealt"][s]:
            rows.append("%s -" % cut(names[s], 4))
            continue
        ups = "".join([cname(kind, c)[0] for c in pub["ups"][s]])
        back = "".join([cname(kind, c)[0] for c in pub["backs"][s]]) or "?"
        rows.append("%s %d+%d %s %s%s" % (cut(names[s], 4), pub["antes"][s], pub["bets"][s], back, ups or "-",
                                           " C" if pub["contested"][s] else ""))
    return rows
