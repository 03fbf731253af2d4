# 4-nin Meri with a table deck: the device keeps the score only. Entering
# every card of every trick would be too slow, so the table enters what the
# score needs (oya.games.table_deal finds this deal, DEAL, for Meri):
#   okie     the turned-up card, rank then suit (the dealer): its suit is trump;
#            a trump J okie is kikkabutta (no robotta round);
#   robotta  each seat from the dealer's left: `robotta` or `hide`, as on
#            the device (the device cannot check who holds the trump J);
#   trick    per trick, the winning seat (`trick` {winner}), then the yaku the
#            trick shows (`yaku` {yaku}: none, or A over K ... ; the J over
#            10 with the trump J hidden all deal is its own choice): the hiki
#            follow the rules (2; 5 on the last trick or for the hidden J;
#            hiki_5_stacking), and the deal settles as on the device.
# What the device then cannot check (README): who may lead or follow what
# (meri, monchi, face-down trumps), which seat really won a trick, whether
# a yaku is really in the trick, the exchange of the okie and who held the J.
from oya.compat import const
from oya.heap import field
from oya.game import Deal, EN
from oya.match import replay_deal
from oya.games import meri as M

OKIE_RANK = const(0)      # + rank index 0..12
OKIE_SUIT = const(20)     # + suit 0..3
ROBOTTA = const(30)
HIDE = const(31)
WIN = const(40)           # + seat
NO_YAKU = const(50)
YAKU = const(51)          # + index in meri.YAKU
JT_HIDDEN = const(57)     # J over 10 with the trump J hidden all deal

# The actions: (code, lo, hi, do, arg, English, Japanese), see oya.game.
ACTIONS = (
    (OKIE_RANK, 0, 12, "okie", "rank", "%s", "%s"),
    (OKIE_SUIT, 0, 3, "okie", "card", "%s", "%s"),
    (ROBOTTA, 0, 0, "robotta", None, "Robotta!", "ロボッタ!"),
    (HIDE, 0, 0, "hide", None, "Stay silent", "ダマル"),
    (WIN, 0, 5, "trick", "winner", "%s won it", "%s ノ カチ"),
    (NO_YAKU, 0, 0, "yaku", "yaku", "No yaku", "ヤク ナシ"),
    (YAKU, 0, 5, "yaku", "yaku", "%s", "%s"),
    (JT_HIDDEN, 0, 0, "yaku", "yaku", "%s hidden J", "%s Jカクシ"),
)

_P_OKIE = const(0)
_P_SUIT = const(1)
P_ROBOTTA = const(2)
P_WIN = const(3)
_P_YAKU = const(4)
P_OVER = const(5)


class MeriTableDeal(Deal):
    GAME = "meri"
    ACTIONS = ACTIONS
    wants = None              # never a card to enter through the picker: the choices carry them

    def __init__(self, match, dealer, stock):
        Deal.__init__(self, match, dealer, stock)
        o = self.opts
        self.two_ace = M._opt(o, "two_beats_ace", "off") == "on"
        self.hiki_mode = M._opt(o, "hiki_mode", "net_capped")
        self.stacking = M._opt(o, "hiki_5_stacking", "max5")
        self.ntricks = 12 if self.nseats == 4 else 8
        self.rank = 0
        self.okie = None
        self.robotta = -1
        self.asked = 0
        self.trick_no = 0
        self.leader = dealer
        self.winner = -1
        self.tricks = [0, 0]
        self.hiki = [0, 0]
        self.result = None
        self.phase = _P_OKIE
        self.turn = dealer

    def legal(self, seat):
        ph = self.phase
        if ph == _P_OKIE:
            return list(range(OKIE_RANK, OKIE_RANK + 13))
        if ph == _P_SUIT:
            return list(range(OKIE_SUIT, OKIE_SUIT + 4))
        if ph == P_ROBOTTA:
            return [ROBOTTA, HIDE]
        if ph == P_WIN:
            return [WIN + s for s in range(self.nseats)]
        out = [NO_YAKU] + [YAKU + i for i in range(len(M.YAKU)) if i < 5 or self.two_ace]
        if self.robotta < 0 and self.okie % 13 != M.J_INDEX:
            out.append(JT_HIDDEN)
        return out

    def apply(self, a, seat):
        self.log_act(seat, *self.decode(a))
        ph = self.phase
        n = self.nseats
        if ph == _P_OKIE:
            self.rank = a - OKIE_RANK
            self.phase = _P_SUIT
        elif ph == _P_SUIT:
            self.okie = (a - OKIE_SUIT) * 13 + self.rank
            self.events.append(("card", self.okie, "trump", True))
            if self.rank == M.J_INDEX:
                self.note("Kikkabutta: the okie is the trump J")
                self._play()
            else:
                self.phase = P_ROBOTTA
                self.turn = (self.dealer + 1) % n
        elif ph == P_ROBOTTA:
            self.asked += 1
            if a == ROBOTTA:
                self.robotta = seat
                self.note("Robotta: %s leads" % self.ledger.names[seat])
                self._play()
            elif self.asked >= n:
                self._play()
            else:
                self.turn = (seat + 1) % n
        elif ph == P_WIN:
            self.winner = a - WIN
            self.phase = _P_YAKU
        else:
            self._trick(a)

    def _play(self):
        self.leader = self.robotta if self.robotta >= 0 else self.dealer
        self.trick_no = 1
        self.phase = P_WIN
        self.turn = self.leader

    def _trick(self, a):
        k = self.trick_no
        w = self.winner
        team = w % 2
        self.tricks[team] += 1
        text = "Trick %d: %s (%s)" % (k, self.ledger.names[w], M.TEAMS[team])
        if a != NO_YAKU:
            y = 3 if a == JT_HIDDEN else a - YAKU
            h = M.yaku_hiki(y, k == self.ntricks, a == JT_HIDDEN, self.stacking)
            self.hiki[team] += h
            self.events.append(("show", "trick:%d" % k, b"", h, M.YAKU[y][0]))
            text += ", %s %d hiki" % (field(M._YAKU_EN, y), h)
        self.note(text)
        if k == self.ntricks:
            ta, tb = self.tricks
            ha, hb = self.hiki
            a, b = M.settle(ta, tb, ha, hb, self.hiki_mode)
            self.result = [a, b]
            self.note("Tricks A %d B %d, hiki A %d B %d: A %d B %d" % (ta, tb, ha, hb, a, b))
            self.phase = P_OVER
            self.turn = -1
            return
        self.trick_no = k + 1
        self.leader = w
        self.phase = P_WIN
        self.turn = w

    # -- words ---------------------------------------------------------------------
    def act_args(self, r, v):
        c = r[0]
        if c == OKIE_RANK:
            return {"rank": M.cards.RANKS52[v]}
        if c == OKIE_SUIT:        # the card: the rank entered before, this suit
            return {"card": M.cards.RANKS52[self.rank] + M.cards.SUITS[v]}
        if c == NO_YAKU:
            return {"yaku": None}
        if c == JT_HIDDEN:
            return {"yaku": "jt", "hidden_j": True}
        if c == YAKU:
            return {"yaku": M.YAKU[v][0]}
        return {r[4]: v}

    def act_code(self, r, args):
        c = r[0]
        y = args.get("yaku")
        if c == OKIE_RANK:
            return M.cards.RANKS52.index(args["rank"])
        if c == OKIE_SUIT:
            return M.cards.SUITS.index(args["card"][1])
        if c == NO_YAKU:
            return 0 if y is None else None
        if c == JT_HIDDEN:
            return 0 if y is not None and args.get("hidden_j") else None
        if c == YAKU:
            return None if y is None or args.get("hidden_j") else M.yaku_index(y)
        return int(args[r[4]])

    def act_text(self, r, v, lang):
        c = r[0]
        if c == WIN:
            return self.ledger.names[v]
        if c == YAKU or c == JT_HIDDEN:
            return field(M._YAKU_EN if lang == EN else M._YAKU_JA, 3 if c == JT_HIDDEN else v)
        okie = self.act_args(r, v)      # a card's name as the table reads it
        return (okie.get("rank") or okie["card"]).replace("T", "10")

    def prompt(self, seat, lang=EN):
        ph = self.phase
        en = lang == EN
        if self.turn < 0:
            return "Deal over" if en else "ショウブ オワリ"
        if ph == _P_OKIE:
            return "Okie: rank?" if en else "オキ: カズ?"
        if ph == _P_SUIT:
            return "Okie: suit?" if en else "オキ: マーク?"
        if ph == P_ROBOTTA:
            return "Robotta?" if en else "ロボッタ?"
        if ph == P_WIN:
            return ("Trick %d: winner?" if en else "%dバンメ: カチ ハ?") % self.trick_no
        return ("Trick %d: yaku?" if en else "%dバンメ: ヤク ハ?") % self.trick_no

    # -- what the table sees: the score (no hands) ------------------------------------
    def public(self):
        m = self.match
        okie = self.okie
        return {
            "phase": ("okie", "okie", "robotta", "trick", "trick", "over")[self.phase],
            "turn": self.turn, "dealer": self.dealer,
            "trump": okie // 13 if okie is not None else 0, "okie": okie,
            "robotta": self.robotta, "trick": self.trick_no, "tricks_per_deal": self.ntricks,
            "cards": b"", "meri": False, "monchi": False, "last": b"",
            "tricks": list(self.tricks), "hiki": list(self.hiki),
            "result": list(self.result) if self.result else None,
            "score": list(getattr(m, "teams", (0, 0))),
            "deal": m.deal_no + 1, "deals": M._opt(self.opts, "deals_per_game", 4),
        }

    def view(self, seat):
        v = self.public()
        v["seat"] = seat
        return v

    def seen(self, seat):
        return bytes([self.okie]) if self.okie is not None else b""

    def places(self):
        return [("trump", self.seen(-1))]

    def can_undo(self, acts):
        """Any last entry can be taken back (the okie, a robotta, a trick's
        winner or yaku): the deal is replayed without it."""
        return True

    def undo(self, session):
        m = self.match
        m.restore(session.state0)
        replay_deal(m, None, session.acts[:-2])


DEAL = MeriTableDeal
