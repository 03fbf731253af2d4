# 4-nin Meri (4人メリ): partnership trick-taking with a standard 52-card pack
# (rules/yonin_meri.md). 4 seats in 2 teams, partners opposite (6 seats, two
# teams of 3 seated alternately: experimental). Team of seat s = s % 2: team A
# holds seats 0, 2 (, 4), team B seats 1, 3 (, 5). Play is clockwise = seat + 1.
#
# Flow of a deal:
#   deal 12 cards each (8 with 6 seats) one at a time from the dealer's left;
#   the next card is the okie (place `trump`), face up: its suit is trump; the
#   other 3 stay face down in the `stock` all deal;
#   robotta: every seat in turn from the dealer's left is asked "robotta or
#   stay silent" (`robotta` only for the trump J's holder, `hide` = silent), so
#   the prompt never tells the table who holds the J; the first robotta ends
#   the round. Skipped when the okie itself is the trump J (kikkabutta);
#   the start player (the announcer, else the dealer) may take the okie into
#   hand and discard one other card face down (`exchange`) or `no_exchange`;
#   12 (8) tricks: free state until the first meri (trump lead), monchi after.
#   Trumps outside meri tricks go face down and are revealed (`reveal` at
#   trick:N) once the trick is complete.
#
# Scores. Meri has no chips: the ledger is never touched (every seat stays at
# 0, no pay events, so chips are trivially conserved). A deal's result is the
# pair of adjusted team trick counts, which always add up to the number of
# tricks in the deal (every hiki_mode moves tricks, never makes them): that
# sum is the "nothing created or lost" check, asserted by the tests and
# written in the closing note. The match keeps the team totals (extra_state
# "teams"); scores() gives them per seat, standings() ranks by them.
#
# Actions (ints):
#   ROBOTTA, HIDE, NO_EXCHANGE, EXCHANGE + discard code,
#   PLAY + code (face up), PLAY_DOWN + code (a trump face down).
from oya.game import Deal, EN, seat_place, cut
from oya.match import Match
from oya import cards
from oya.compat import const
from oya.heap import field

ROBOTTA = const(0)
HIDE = const(1)
NO_EXCHANGE = const(2)
EXCHANGE = const(3)       # 3..54
PLAY = const(55)          # 55..106
PLAY_DOWN = const(107)    # 107..158
NACTIONS = const(159)

# The actions: (code, lo, hi, do, arg, English, Japanese), see oya.game.
ACTIONS = (
    (ROBOTTA, 0, 0, "robotta", None, "Robotta!", "ロボッタ!"),
    (HIDE, 0, 0, "hide", None, "Stay silent", "ダマル"),
    (NO_EXCHANGE, 0, 0, "no_exchange", None, "Keep my hand", "コウカン シナイ"),
    (EXCHANGE, 0, 51, "exchange", "discard", "Take okie, drop %s", "オキエ トル ステ %s"),
    (PLAY, 0, 51, "play", "card", "Play %s", "ダス %s"),
    (PLAY_DOWN, 0, 51, "play", "card", "Play %s face down", "フセ %s"),
)

HIDDEN = const(255)       # a face-down card in public()["cards"]
NONE = const(255)

# phases
P_ROBOTTA = const(0)
P_EXCHANGE = const(1)
P_PLAY = const(2)
P_OVER = const(3)
PHASES = ("robotta", "exchange", "play", "over")

KIND = cards.STD52
J_INDEX = const(10)       # rank index (code % 13) of the J
TEAMS = "AB"



# yaku: (id, top rank index, second rank index); rank index = code % 13
# (0 = A, 1 = 2, ..., 9 = 10, 10 = J, 11 = Q, 12 = K)
YAKU = (
    ("ak", 0, 12),
    ("kq", 12, 11),
    ("qj", 11, 10),
    ("jt", 10, 9),
    ("32", 2, 1),
    ("2a", 1, 0),     # only with two_beats_ace
)
_YAKU_EN = "A over K|K over Q|Q over J|J over 10|3 over 2|2 over A"
_YAKU_JA = "A-K|K-Q|Q-J|J-10|3-2|2-A"


# -- pure functions ---------------------------------------------------------------
def suit(code):
    return code // 13


def strength(code):
    """Meri rank order within a suit: 2 = 0 ... K = 11, A = 12."""
    return (code % 13 + 12) % 13


def _trump_keys(trick, trump, two_beats_ace):
    """[(key, index)] of the trumps in `trick`, strongest first. With
    two_beats_ace, the 2 outranks the A when both are in the trick."""
    keys = []
    has_a = has_2 = False
    for i in range(len(trick)):
        c = trick[i]
        if suit(c) == trump:
            r = c % 13
            if r == 0:
                has_a = True
            elif r == 1:
                has_2 = True
    boost = two_beats_ace and has_a and has_2
    for i in range(len(trick)):
        c = trick[i]
        if suit(c) == trump:
            k = strength(c)
            if boost and c % 13 == 1:
                k = 13
            keys.append((k, i))
    keys.sort()
    keys.reverse()
    return keys


def trick_winner(trick, trump, two_beats_ace=False):
    """Index (in play order, 0 = the lead) of the card that wins `trick`:
    the highest trump if any, else the highest card of the suit led."""
    keys = _trump_keys(trick, trump, two_beats_ace)
    if keys:
        return keys[0][1]
    led = suit(trick[0])
    best = 0
    for i in range(1, len(trick)):
        c = trick[i]
        if suit(c) == led and strength(c) > strength(trick[best]):
            best = i
    return best


def yaku_pair(top, second, two_beats_ace=False):
    """The yaku index for a deciding pair of trump codes (winner, runner-up),
    or None."""
    a = top % 13
    b = second % 13
    for i in range(len(YAKU)):
        y = YAKU[i]
        if y[1] == a and y[2] == b:
            if i == 5 and not two_beats_ace:
                return None
            return i
    return None


def trick_yaku(trick, trump, two_beats_ace=False):
    """The yaku index of a finished trick, or None. Only a trick that is not a
    meri (its trumps were all face down) with two or more trumps can score;
    the deciding pair is its highest and second-highest trump."""
    if suit(trick[0]) == trump:
        return None
    keys = _trump_keys(trick, trump, two_beats_ace)
    if len(keys) < 2:
        return None
    return yaku_pair(trick[keys[0][1]], trick[keys[1][1]], two_beats_ace)


def yaku_hiki(yaku, last_trick, hidden_j, stacking="max5"):
    """Hiki a yaku is worth: 2; 5 on the last trick; 5 for the hidden trump J
    over the 10; both: 5 (max5) or 10 (additive)."""
    if yaku is None:
        return 0
    fives = 0
    if last_trick:
        fives += 1
    if hidden_j and YAKU[yaku][0] == "jt":
        fives += 1
    if fives == 0:
        return 2
    if stacking == "additive":
        return 5 * fives
    return 5


def settle(ta, tb, ha, hb, mode="net_capped"):
    """Team trick counts after hiki: (a, b). ta + tb is kept."""
    if mode == "gross_capped":
        take_a = min(ha, tb)
        take_b = min(hb, ta)
        return ta + take_a - take_b, tb + take_b - take_a
    n = ha - hb
    if mode != "net_uncapped":
        if n > 0:
            n = min(n, tb)
        elif n < 0:
            n = -min(-n, ta)
    return ta + n, tb - n


def value_label(value, yaku, lang=EN):
    """A yaku trick's show (value = hiki), or a trick count."""
    if yaku is None:
        return ("%d tricks" % value) if lang == EN else ("%dコ" % value)
    i = yaku if isinstance(yaku, int) else yaku_index(yaku)
    if lang == EN:
        return "%s: %d hiki" % (field(_YAKU_EN, i), value)
    return "ヤク %s ヒキ%d" % (field(_YAKU_JA, i), value)


def yaku_index(yid):
    for i in range(len(YAKU)):
        if YAKU[i][0] == yid:
            return i
    return None


def _has(buf, c):
    # `int in bytearray` is not implemented in MicroPython
    for x in buf:
        if x == c:
            return True
    return False


def team_name(seat):
    return TEAMS[seat % 2]


def _opt(opts, key, default):
    v = opts.get(key)
    return default if v is None else v


class MeriDeal(Deal):
    GAME = "meri"
    ACTIONS = ACTIONS

    def __init__(self, match, dealer, stock):
        Deal.__init__(self, match, dealer, stock)
        n = self.nseats
        o = self.opts
        self.two_ace = _opt(o, "two_beats_ace", "off") == "on"
        self.hiki_mode = _opt(o, "hiki_mode", "net_capped")
        self.stacking = _opt(o, "hiki_5_stacking", "max5")
        self.ntricks = 12 if n == 4 else 8
        per = self.ntricks
        self.hands = [bytearray() for _ in range(n)]
        for _ in range(per):
            for i in range(n):
                s = (dealer + 1 + i) % n
                self.hands[s].append(self.deal_card(seat_place(s), False))
        self.okie = self.deal_card("trump", True)
        self.trump = suit(self.okie)
        self.jcode = self.trump * 13 + J_INDEX
        self.okie_at = -1          # seat that took the okie into hand
        self.discard = NONE
        self.j_holder = -1
        for s in range(n):
            if _has(self.hands[s], self.jcode):
                self.j_holder = s
        self.robotta = -1
        self.j_hidden = False
        self.start = dealer
        self.played = bytearray(n * per)
        self.downs = bytearray(n * per)
        self.nplayed = 0
        self.leaders = bytearray(per)
        self.winners = bytearray(per)
        self.trick_no = 0          # 1-based once play starts
        self.monchi = False
        self.tricks = [0, 0]
        self.hiki = [0, 0]
        self.result = None
        self.asked = 0
        if self.okie == self.jcode:
            self.note("Kikkabutta: the okie is the trump J")
            self._after_robotta()
        else:
            self.phase = P_ROBOTTA
            self.turn = (dealer + 1) % n

    # -- phases ---------------------------------------------------------------------
    def _after_robotta(self):
        self.j_hidden = self.j_holder >= 0 and self.robotta < 0
        self.start = self.robotta if self.robotta >= 0 else self.dealer
        if _opt(self.opts, "exchange_turned_card", "optional") == "off":
            self._begin_play()
        else:
            self.phase = P_EXCHANGE
            self.turn = self.start

    def _begin_play(self):
        self.phase = P_PLAY
        self.trick_no = 1
        self.leaders[0] = self.start
        self.turn = self.start

    # -- the rules of a play ------------------------------------------------------------
    def _pos(self):
        """Cards already in the current trick."""
        return self.nplayed - (self.trick_no - 1) * self.nseats

    def _lead(self):
        return self.played[(self.trick_no - 1) * self.nseats]

    def _play_problem(self, seat, c, down):
        """None if seat may play card c (face down if `down`), else why not."""
        hand = self.hands[seat]
        if not _has(hand, c):
            return "Not in your hand"
        t = self.trump
        is_t = suit(c) == t
        if self._pos() == 0:
            if down:
                return "The lead is face up"
            if is_t and self.trick_no == 1:
                for x in hand:
                    if suit(x) != t:
                        return "No meri on the first trick"
            return None
        led = suit(self._lead())
        if led == t:
            if down:
                return "Meri: trumps face up"
            if not is_t:
                for x in hand:
                    if suit(x) == t:
                        return "Meri: you must play a trump"
            return None
        if is_t:
            return None if down else "Trumps go face down"
        if down:
            return "Only trumps go face down"
        if self.monchi and suit(c) != led:
            for x in hand:
                if suit(x) == led:
                    return "Monchi: follow suit or trump"
        return None

    def legal(self, seat):
        ph = self.phase
        if ph == P_ROBOTTA:
            if _has(self.hands[seat], self.jcode):
                return [ROBOTTA, HIDE]
            return [HIDE]
        if ph == P_EXCHANGE:
            out = [NO_EXCHANGE]
            for c in sorted(self.hands[seat]):
                out.append(EXCHANGE + c)
            return out
        out = []
        for c in sorted(self.hands[seat]):
            if self._play_problem(seat, c, False) is None:
                out.append(PLAY + c)
            elif self._play_problem(seat, c, True) is None:
                out.append(PLAY_DOWN + c)
        return out

    def check(self, action, seat):
        if self.turn < 0:
            return "The deal is over"
        if seat != self.turn:
            return "Not your turn"
        if not isinstance(action, int) or action < 0 or action >= NACTIONS:
            return "No such action"
        ph = self.phase
        if ph == P_ROBOTTA:
            if action == HIDE:
                return None
            if action == ROBOTTA:
                return None if _has(self.hands[seat], self.jcode) else "Only the trump J's holder"
            return "Robotta or stay silent"
        if ph == P_EXCHANGE:
            if action == NO_EXCHANGE:
                return None
            if EXCHANGE <= action < PLAY:
                return None if _has(self.hands[seat], action - EXCHANGE) else "Not in your hand"
            return "Take the okie or not"
        if action < PLAY:
            return "Play a card"
        if action < PLAY_DOWN:
            return self._play_problem(seat, action - PLAY, False)
        return self._play_problem(seat, action - PLAY_DOWN, True)

    # -- applying ------------------------------------------------------------------------
    def apply(self, action, seat):
        ph = self.phase
        if ph == P_ROBOTTA:
            if action == ROBOTTA:
                self.log_act(seat, "robotta")
                self.robotta = seat
                self.note("Robotta: %s leads" % self.ledger.names[seat])
                self._after_robotta()
                return
            self.log_act(seat, "hide")
            self.asked += 1
            if self.asked >= self.nseats:
                self._after_robotta()
            else:
                self.turn = (seat + 1) % self.nseats
            return
        if ph == P_EXCHANGE:
            if action == NO_EXCHANGE:
                self.log_act(seat, "no_exchange")
            else:
                c = action - EXCHANGE
                self.log_act(seat, "exchange", {"discard": cards.name(KIND, c)})
                self._remove(seat, c)
                self.hands[seat].append(self.okie)
                self.discard = c
                self.okie_at = seat
            self._begin_play()
            return
        down = action >= PLAY_DOWN
        c = action - (PLAY_DOWN if down else PLAY)
        if self.story:                  # (the device's lean story: no name made per card)
            self.log_act(seat, "play", {"card": cards.name(KIND, c), "down": down})
        if self._pos() == 0 and suit(c) == self.trump:
            self.monchi = True     # a meri: monchi from here to the end of the deal
        self._remove(seat, c)
        self.played[self.nplayed] = c
        self.downs[self.nplayed] = 1 if down else 0
        self.nplayed += 1
        if self._pos() == self.nseats:
            self._finish_trick()
        else:
            self.turn = (seat + 1) % self.nseats

    def _remove(self, seat, c):
        h = self.hands[seat]
        self.hands[seat] = bytearray(x for x in h if x != c)

    def _finish_trick(self):
        n = self.nseats
        k = self.trick_no
        base = (k - 1) * n
        at = "trick:%d" % k
        trick = bytes(self.played[base:base + n])
        for i in range(n):
            if self.downs[base + i]:
                self.events.append(("reveal", trick[i], at))
        leader = self.leaders[k - 1]
        w = (leader + trick_winner(trick, self.trump, self.two_ace)) % n
        team = w % 2
        self.winners[k - 1] = w
        self.tricks[team] += 1
        y = trick_yaku(trick, self.trump, self.two_ace)
        text = "Trick %d: %s (%s)" % (k, self.ledger.names[w], TEAMS[team])
        if y is not None:
            h = yaku_hiki(y, k == self.ntricks, self.j_hidden, self.stacking)
            self.hiki[team] += h
            self.events.append(("show", at, trick, h, YAKU[y][0]))
            text += ", %s %d hiki" % (field(_YAKU_EN, y), h)
        self.note(text)
        if k == self.ntricks:
            self._finish_deal()
        else:
            self.trick_no = k + 1
            self.leaders[k] = w
            self.turn = w

    def _finish_deal(self):
        ta, tb = self.tricks
        ha, hb = self.hiki
        a, b = settle(ta, tb, ha, hb, self.hiki_mode)
        self.result = [a, b]
        self.note("Tricks A %d B %d, hiki A %d B %d: A %d B %d" % (ta, tb, ha, hb, a, b))
        self.phase = P_OVER
        self.turn = -1

    # -- words -----------------------------------------------------------------------------
    def act_args(self, r, v):
        if r[3] == "play":
            return {"card": cards.name(KIND, v), "down": r[0] == PLAY_DOWN}
        return {r[4]: cards.name(KIND, v)}

    def act_code(self, r, args):
        if r[3] == "play" and bool(args.get("down")) != (r[0] == PLAY_DOWN):
            return None
        return cards.parse(KIND, args[r[4]])

    def act_text(self, r, v, lang):
        if lang == EN:
            return cards.name(KIND, v)
        from oya.cards_ja import name_ja
        return name_ja(KIND, v)

    def prompt(self, seat, lang=EN):
        if self.turn < 0:
            return "Deal over" if lang == EN else "オワリ"
        if seat != self.turn:
            return "Wait" if lang == EN else "マッテ"
        ph = self.phase
        if ph == P_ROBOTTA:
            return "Robotta or silent?" if lang == EN else "ロボッタ?"
        if ph == P_EXCHANGE:
            return "Take the okie?" if lang == EN else "オキエ ヲ トル?"
        k = self.trick_no
        if self._pos() == 0:
            return ("Trick %d: lead" % k) if lang == EN else ("%dコメ ウチダシ" % k)
        if suit(self._lead()) == self.trump:
            return ("Trick %d: meri" % k) if lang == EN else ("%dコメ メリ" % k)
        if self.monchi:
            return ("Trick %d: follow" % k) if lang == EN else ("%dコメ モンチ" % k)
        return ("Trick %d: play" % k) if lang == EN else ("%dコメ" % k)

    # -- what is seen -------------------------------------------------------------------------
    def _done_cards(self):
        """Cards of the finished tricks (face up, gathered by the winners)."""
        if self.trick_no == 0:
            return b""
        return bytes(self.played[:(self.trick_no - 1) * self.nseats]) if self.turn >= 0 \
            else bytes(self.played[:self.nplayed])

    def _trick_cards(self):
        """The current trick as the table sees it (HIDDEN for a face-down trump)."""
        if self.trick_no == 0 or self.turn < 0:
            return b""
        base = (self.trick_no - 1) * self.nseats
        out = bytearray()
        for i in range(base, self.nplayed):
            out.append(HIDDEN if self.downs[i] else self.played[i])
        return bytes(out)

    def public(self):
        """What the table sees. Seats are indexes; cards are codes in bytes.
        phase, turn, dealer; start (-1 until the robotta round is over);
        trump (suit 0-3 = S H D C) and okie (the turned-up card, known to all
        even once okie_at, the seat that took it, holds it); robotta (the
        announcer or -1); trick (1-based, 0 before play), tricks_per_deal,
        leader; cards (the trick in play order from the leader, HIDDEN for a
        face-down trump); meri (this trick is a meri), monchi; counts (hand
        sizes); played/leaders/winners (the finished tricks), last (the last
        finished trick); tricks and hiki per team (A, B) this deal; result
        (the adjusted counts, at the end); score (the match's team totals
        before this deal), deal and deals (deal number, deals per game)."""
        n = self.nseats
        k = self.trick_no
        done = self._done_cards()
        nd = len(done) // n
        m = self.match
        return {
            "phase": PHASES[self.phase],
            "turn": self.turn,
            "dealer": self.dealer,
            "start": self.start if self.phase != P_ROBOTTA else -1,
            "trump": self.trump,
            "okie": self.okie,
            "okie_at": self.okie_at,
            "robotta": self.robotta,
            "trick": k,
            "tricks_per_deal": self.ntricks,
            "leader": self.leaders[k - 1] if k and self.turn >= 0 else -1,
            "cards": self._trick_cards(),
            "meri": bool(k and self.turn >= 0 and self._pos() and suit(self._lead()) == self.trump),
            "monchi": self.monchi,
            "counts": bytes(len(h) for h in self.hands),
            "played": done,
            "leaders": bytes(self.leaders[:nd]),
            "winners": bytes(self.winners[:nd]),
            "last": done[-n:] if nd else b"",
            "tricks": list(self.tricks),
            "hiki": list(self.hiki),
            "result": list(self.result) if self.result else None,
            "score": list(getattr(m, "teams", (0, 0))),
            "deal": m.deal_no + 1,
            "deals": _opt(self.opts, "deals_per_game", 4),
        }

    def view(self, seat):
        v = self.public()
        v["seat"] = seat
        v["hand"] = bytes(self.hands[seat])
        v["discard"] = bytes([self.discard]) if (self.discard != NONE and seat == self.okie_at) else b""
        return v

    def seen(self, seat):
        out = bytearray([self.okie])     # face up at the start: known to all
        out.extend(self._done_cards())
        for c in self._trick_cards():
            if c != HIDDEN:
                out.append(c)
        if seat >= 0:
            out.extend(self.hands[seat])
            if self.trick_no and self.turn >= 0:
                base = (self.trick_no - 1) * self.nseats
                lead = self.leaders[self.trick_no - 1]
                for i in range(base, self.nplayed):
                    if self.downs[i] and (lead + i - base) % self.nseats == seat:
                        out.append(self.played[i])     # my own face-down card
            if seat == self.okie_at and self.discard != NONE:
                out.append(self.discard)
        # the okie, once in a hand, is still known to all; it may also have
        # been played: list each card once
        mark = bytearray(52)
        res = bytearray()
        for c in out:
            if not mark[c]:
                mark[c] = 1
                res.append(c)
        return bytes(res)

    def places(self):
        out = [(seat_place(s), bytes(self.hands[s])) for s in range(self.nseats)]
        if self.okie_at < 0:
            out.append(("trump", bytes([self.okie])))
        if self.discard != NONE:
            out.append(("discard", bytes([self.discard])))
        out.append(("stock", self.stock.remaining()))
        n = self.nseats
        for k in range(1, self.trick_no + 1):
            base = (k - 1) * n
            end = min(base + n, self.nplayed)
            if end > base:
                out.append(("trick:%d" % k, bytes(self.played[base:end])))
        return out


class MeriMatch(Match):
    GAME = "meri"
    DEAL = MeriDeal
    SEATS = (4, 6)
    START_OPTION = None
    ALLOW_NEGATIVE = True
    CHIPS = False             # scored in tricks: a night counts the games won

    def night_gains(self):
        """Per seat, 1 on the team that won the game (none on a draw)."""
        w = self.winner()
        return [1 if w is not None and s % 2 == w else 0 for s in range(len(self.ledger))]

    def legend(self):
        from oya.games import meri_legend
        return meri_legend

    def __init__(self, opts, names, chips=None, dealer=0, seed=None):
        n = len(names)
        if n not in (4, 6):
            raise ValueError("Meri takes 4 or 6 seats")
        p = _opt(opts, "players", 4)
        if p != n:
            raise ValueError("players is %d: %d seats needed" % (p, p))
        Match.__init__(self, opts, names, chips, dealer, seed)
        self.teams = [0, 0]

    def draw_first_dealer(self, source, who=None):
        from oya.games.first_dealer import meri
        return meri(self, source, strength, who)

    @classmethod
    def seat_counts(cls, opts):
        """The seat counts these options allow (the `players` option)."""
        return (_opt(opts, "players", 4),)

    def starting_chips(self):
        return 0

    def deck_kind(self):
        return KIND

    def after_deal(self, deal):
        Match.after_deal(self, deal)
        if deal.result:
            self.teams[0] += deal.result[0]
            self.teams[1] += deal.result[1]
        self.dealer = (self.dealer + 1) % len(self.ledger)

    def over(self):
        return self.deal_no >= _opt(self.opts, "deals_per_game", 4)

    def extra_state(self):
        return {"teams": list(self.teams)}

    def restore_extra(self, st):
        self.teams = list(st.get("teams", (0, 0)))

    def scores(self):
        """Per seat: that seat's team total (the transcript's balances and final)."""
        return [self.teams[s % 2] for s in range(len(self.ledger))]

    def winner(self):
        """The winning team (0 = A, 1 = B), or None for a drawn game."""
        a, b = self.teams
        if a == b:
            return None
        return 0 if a > b else 1

    def standings(self):
        """Seats ranked by team total, best team first: [(seat, total)]."""
        order = list(range(len(self.ledger)))
        order.sort(key=lambda s: (-self.teams[s % 2], s % 2, s))
        return [(s, self.teams[s % 2]) for s in order]

    def ranking(self):
        """[(place, seat, total)] for the match-over screen: partners share
        their team's place, the winning team 1 and the other 2; a drawn game
        (equal totals) puts everyone at 1."""
        w = self.winner()
        return [(1 if w is None or s % 2 == w else 2, s, t) for s, t in self.standings()]


MATCH = MeriMatch


def table_lines(pub, names, kind, lang=EN):
    """The public table in rows of at most 21 cells for the device screen.
    A face-down trump shows as '**' until the trick is complete."""
    from oya.cards import name as cname, joined

    def cs(b):
        return joined(kind, b, HIDDEN, "**") or "-"

    okie = pub["okie"]
    rows = [("Trump %s okie %s" if lang == EN else "キリフダ %s オキエ %s") % ("SHDC"[pub["trump"]], cname(kind, okie) if okie is not None and okie >= 0 else "-")]
    if pub["robotta"] is not None and pub["robotta"] >= 0:
        rows[0] += " R"
    if lang == EN:
        mode = "meri" if pub["meri"] else ("monchi" if pub["monchi"] else "free")
        rows.append("Trick %d/%d %s" % (pub["trick"], pub["tricks_per_deal"], mode))
        rows.append("Now " + cs(pub["cards"]))
    else:
        mode = "メリ" if pub["meri"] else ("モンチ" if pub["monchi"] else "")
        rows.append("%d/%dコメ %s" % (pub["trick"], pub["tricks_per_deal"], mode))
        rows.append("バ " + cs(pub["cards"]))
    t = pub["tricks"]
    sc = pub["score"]
    n = len(names)
    rows.append("  ".join("%s %s" % (TEAMS[x], " ".join(cut(names[s], 3) for s in range(x, n, 2))) for x in (0, 1)))
    rows.append(("Tricks A%d B%d (%d-%d)" if lang == EN else "A %d B %d (%d-%d)") % (t[0], t[1], sc[0], sc[1]))
    if pub["last"]:
        rows.append(("Last " if lang == EN else "マエ ") + cs(pub["last"]))
    return rows
