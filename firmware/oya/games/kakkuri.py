# Kakkuri (かっくり): a stops-type shedding game with the 48-card Komatsu deck
# (ranks 1-12 x 4). Spec: shared/rules/kakkuri.md. Seats are numbered
# counter-clockwise, so the next player (on your right) is seat + 1.
#
# Cards, action ints and phases: oya.games.kakkuri_consts. Plays, and the
# search for them: oya.games.kakkuri_search.
#
# A deal, in phases:
#   fuwari  each child from the dealer's right, once, may swap hands with the
#           dealer or with a child who already swapped, both hands unlooked
#           (`fuwari` {with}, or `decline`). Any seat may `look` at its hand
#           out of turn; a looked hand can no longer swap (a child who looks
#           on its own offer has declined). Offers with no possible swap are
#           skipped. When the offers are done every hand is looked at.
#           8 seats in the deal: the kuro-hibashi's holder is forced out; that
#           hand, in dealt order, becomes the hako and its top card the base.
#   utazu   a hand with the three ordinary 1s declares `utazu` (its only
#           choice): everyone else pays 3, the deal ends.
#   play    from the dealer (or the next active seat). On a turn: `play`,
#           `pass`, `sanzoku` (then play or pass), `fold`. A fold is also
#           taken out of turn. When a pass circle completes (spec 4.1, option
#           pass_circle) the last player to play (L) must turn the hako
#           (`hako`, its only choice besides a fold) and then acts on it.
#
# Copies of a rank are interchangeable: a play of "5" takes the lowest code.
#
# Places (places()): seat:N (a hand, folded ones too), base (the first base
# card and every card turned from the hako, in order), played:N (cards seat N
# has played, in order), stock (the hako).
#
# Decisions beyond the spec (see the report/README):
#   * the last active player may not fold (someone must be able to win);
#   * no four cards of one rank 3-12 in one play, even split by a kiri
#     (12,12,12,11,12); at most four 1s or four 2s in one play;
#   * a player short of chips pays what they have; a seat at 0 chips sits out
#     every later deal; fewer than 6 seats with chips still play (the 8-seat
#     kuro-hibashi rule applies only when 8 seats are dealt in);
#   * if L folds (only possible before playing), the next active seat takes
#     the role of L;
#   * the first round (ori_window) ends when the turn first comes back onto
#     or past the dealer's seat (the dealer may be out or folded);
#   * a hand nobody has looked at is hidden from its own seat too: view()
#     shows it only after `look` or once fuwari is over;
#   * the forced-out hand becomes the hako in dealt order (the deal's shuffle
#     already made that order random; the engine draws no randomness);
#   * sanzoku: three pairs of distinct ranks (wilds complete pairs), declared
#     on one's turn holding all 6 cards; it stays for the deal; singles and
#     sanbon remain legal.
# Session end (KakkuriMatch.over): session_end = deal_count ends after
# session_deals deals; time_limit ends once the device calls match.stop()
# when session_minutes have passed (the engine reads no clock; the deal in
# play is finished first); either way when fewer than 2 seats have chips.
from oya.heap import DRAWS, field, forget
from oya.game import Deal, EN, cut, seat_place, spaces
from oya.match import Match
from oya.stock import Stock
from oya.ledger import POT
from oya import cards
from oya.games.kakkuri_consts import (ACTIONS, AKA, DECLINE, FOLD, FUWARI, HAKO, KURO, LOOK, PASS, PHASES, PLAY,
                                      P_FUWARI, P_OVER, P_PLAY, P_UTAZU, SANZOKU, TAIKO, UTAZU, rank)
from oya.games.kakkuri_search import (TOK_AKA, TOK_KIND, TOK_KURO, TOK_PLAIN, TOK_RANK, TOK_TAIKO, counts,
                                      legal_plays, play_order, play_parts, search_steps)




# -- pure functions -------------------------------------------------------------
def _has(buf, c):
    for x in buf:
        if x == c:
            return True
    return False


def _without(buf, c):
    """buf without the first c (a new bytearray)."""
    out = bytearray()
    gone = False
    for x in buf:
        if x == c and not gone:
            gone = True
        else:
            out.append(x)
    return out


def utazu(hand):
    """True when the hand holds the three ordinary 1s (codes 1, 2, 3): the
    aka-choro never completes utazu, four 1s contain the three."""
    return _has(hand, 1) and _has(hand, 2) and _has(hand, 3)


def is_sanzoku(hand):
    """Six cards forming three pairs of distinct ranks, wilds completing pairs."""
    if len(hand) != 6:
        return False
    cnt, k, a, t = counts(hand)
    cnt[3] += k
    wild = a + t
    ranks = singles = 0
    for r in range(1, 13):
        if cnt[r] > 2:
            return False
        if cnt[r]:
            ranks += 1
            if cnt[r] == 1:
                singles += 1
    if singles > wild:
        return False
    return ranks + (wild - singles) // 2 == 3


def token_name(tok):
    """A play_order token's transcript name ("5", "3k", "1w=5", "2w=5")."""
    r = tok >> TOK_RANK
    kind = tok & TOK_KIND
    if kind == TOK_PLAIN:
        return str(r)
    if kind == TOK_KURO:
        return "3k"
    return ("1w=%d" if kind == TOK_AKA else "2w=%d") % r


def _token_short(tok, lang):
    r = tok >> TOK_RANK
    kind = tok & TOK_KIND
    if kind == TOK_PLAIN:
        return str(r)
    if kind == TOK_KURO:
        return "3k"
    if lang == EN:
        return ("C%d" if kind == TOK_AKA else "T%d") % r
    return ("チ%d" if kind == TOK_AKA else "タ%d") % r


def value_label(value, yaku, lang=EN):
    """Labels of the deal results (the `yaku` ids of show events and
    KakkuriDeal.result)."""
    i = ("agari", "guri", "utazu", "sanzoku", "no_winner").index(yaku)
    return field("Agari|Guri|Utazu|Sanzoku|No winner" if lang == EN else "アガリ|グリ|ウタズ|サンゾク|アガリナシ", i)


def table_lines(pub, names, kind=cards.KOMATSU, lang=0):
    """The public table for the 21x8 screen: base, hako and pot; the last
    play; then two seats a line: > on turn, * the dealer, the cards left (F
    folded, X forced out, - sitting out), s after a sanzoku. (Made after
    every action: each string it makes and drops is garbage of that key.)"""
    out = [cut(("Base %d Hako %d Pot %d" if lang == 0 else "ダイ %d ハコ %d バ %d") % (pub["base"], pub["hako"], pub["pot"]), 21)]
    ph = pub["phase"]
    if pub["last"]:
        out.append(cut("%s: %s" % (cut(names[pub["last_seat"]], 6), " ".join(pub["last"])), 21))
    elif ph == "fuwari":
        out.append("Fuwari: swap unseen?" if lang == 0 else "フワリ: ミズニ カエル?")
    elif ph == "utazu":
        out.append("Utazu!" if lang == 0 else "ウタズ!")
    seated = pub["seated"]
    counts = pub["counts"]
    folded = pub["folded"]
    sanzoku = pub["sanzoku"]
    gone = pub["out"]
    row = None
    for s in range(len(names)):
        st = "-" if not seated[s] else "X" if s == gone else "F" if folded[s] else counts[s]
        nm = cut(names[s], 5)
        cell = "%s%s%s%2s%s" % (">" if s == pub["turn"] else "*" if s == pub["dealer"] else " ", nm, spaces(nm, 5),
                                st, "s" if sanzoku[s] else " ")
        if row is None:
            row = cell
        else:
            out.append("%s %s" % (row, cell))
            row = None
    if row is not None:
        out.append(row)
    return out


# -- the deal ---------------------------------------------------------------------
class KakkuriDeal(Deal):
    OUT_OF_TURN = True      # a fold, at any time
    # No action carries chips, so a menu does not look for amounts: that
    # decodes the first play of every run of consecutive codes, and
    # decoding a play is a search for its order, long with the wilds in hand.
    AMOUNTS = False
    GAME = "kakkuri"
    ACTIONS = ACTIONS

    def __init__(self, match, dealer, stock):
        Deal.__init__(self, match, dealer, stock)
        n = self.nseats
        o = self.opts
        self.anyone = o.get("after_twelve", "anyone") == "anyone"
        self.first_only = o.get("ori_window", "first_round_only") == "first_round_only"
        self.including = o.get("pass_circle", "return_to_last_player") == "including_last_player"
        chips = self.ledger.chips
        self.inp = bytearray(n)           # seated in this deal (had chips)
        for s in range(n):
            if chips[s] > 0:
                self.inp[s] = 1
        if not self.inp[dealer]:
            self.dealer = dealer = self._next_seated(dealer)
        self.hands = [bytearray() for _ in range(n)]
        self.played = [bytearray() for _ in range(n)]
        self.pile = bytearray()
        self.base = 0
        self.looked = bytearray(n)
        self.swapped = bytearray(n)
        self.folded = bytearray(n)
        self.has_played = bytearray(n)
        self.sanzoku = bytearray(n)
        self.out = -1
        self.lead = dealer
        self.lead_made = 0
        self.passed = 0
        self.pending = False
        self.round = 1
        self.phase = P_FUWARI
        self.winner = -1
        self.result = None
        self.next_dealer = dealer
        self.shown = b""
        self.last = None
        self.last_seat = -1
        self._ver = 0
        self._cache = None
        self._plays = None                # (version, seat, plays): a search made in steps
        order = []
        s = dealer
        for i in range(n):
            s = self._next_seated(s)
            order.append(s)
            if s == dealer:
                break
        for rnd in range(2):
            for s in order:
                for i in range(3):
                    self.hands[s].append(self.deal_card(seat_place(s), False))
        self.eight = len(order) == 8
        if not self.eight:
            self._turn_base()
        self.children = order[:-1]
        self.fw_i = 0
        self._offer()

    # -- helpers --------------------------------------------------------------------
    def _next_seated(self, s):
        n = self.nseats
        for i in range(1, n + 1):
            x = (s + i) % n
            if self.inp[x]:
                return x
        return s

    def active(self, s):
        return self.inp[s] and not self.folded[s] and s != self.out

    def _next_active(self, s):
        n = self.nseats
        for i in range(1, n + 1):
            x = (s + i) % n
            if self.active(x):
                return x
        return -1

    def n_active(self):
        return sum(1 for s in range(self.nseats) if self.active(s))

    def _name(self, s):
        return self.ledger.names[s]

    def _turn_base(self):
        c = self.deal_card("base", True)
        self.pile.append(c)
        self.base = rank(c)

    def _targets(self, c):
        out = []
        if not self.looked[self.dealer]:
            out.append(self.dealer)
        for s in self.children:
            if s != c and self.swapped[s] and not self.looked[s]:
                out.append(s)
        return out

    def _offer(self):
        while self.fw_i < len(self.children):
            c = self.children[self.fw_i]
            if not self.looked[c] and self._targets(c):
                self.turn = c
                return
            self.fw_i += 1
        self._begin()

    def _begin(self):
        n = self.nseats
        for s in range(n):
            if self.inp[s]:
                self.looked[s] = 1
        for s in range(n):
            for c in self.hands[s]:          # utazu, the plays: every hand is read from now on
                self.stock.need(c, s)
        if self.eight:
            for s in range(n):
                if self.inp[s] and _has(self.hands[s], KURO):
                    self.out = s
            o = self.out
            self.note("%s has the kuro-hibashi: out; the hand is the hako" % self._name(o))
            self.stock = Stock(bytes(self.hands[o]))
            self.hands[o] = bytearray()
            self._turn_base()
        for s in range(n):
            if self.inp[s] and s != self.out and utazu(self.hands[s]):
                self.phase = P_UTAZU
                self.turn = s
                return
        self.phase = P_PLAY
        start = self.dealer if self.active(self.dealer) else self._next_active(self.dealer)
        self.lead = start
        self.lead_made = 0
        self.turn = start
        self.round = 1
        self.passed = 0

    def can_fold(self, s):
        return (self.phase == P_PLAY and self.active(s) and not self.has_played[s]
                and not (self.first_only and self.round > 1) and self.n_active() > 1)

    def _all_passed(self, with_lead):
        for s in range(self.nseats):
            if self.active(s) and (with_lead or s != self.lead) and not self.passed & (1 << s):
                return False
        return True

    def _move(self, frm, to):
        if to != frm:
            n = self.nseats
            x = frm
            while x != to:
                x = (x + 1) % n
                if x == self.dealer:
                    self.round += 1
        self.turn = to

    def _advance(self, s):
        nx = self._next_active(s)
        if self.including or not self.lead_made:
            # L has not made this base (the dealer at the start, or a seat that
            # took the role by a fold): L too must have had a turn on it.
            done = self._all_passed(True)
        else:
            done = nx == self.lead and self._all_passed(False)
        if done:
            if len(self.stock) == 0:
                self._no_winner()
                return
            self.pending = True
            self._move(s, self.lead)
        else:
            self._move(s, nx)

    def _pay(self, frm, to, n, why):
        have = self.ledger.balance(frm)
        if n > have:
            n = have
        if n > 0:
            self.ledger.transfer(frm, to, n, why)

    # -- endings ------------------------------------------------------------------------
    def _win(self, s, guri):
        self.winner = s
        self.result = "guri" if guri else "agari"
        self.note("%s: %s" % (self._name(s), "guri" if guri else "agari"))
        for x in range(self.nseats):
            if x == s or not self.inp[x] or x == self.out:
                continue
            if self.folded[x]:
                self.ledger.transfer(POT, s, 1, "fold chip")
            else:
                self._pay(x, s, 2 if guri else 1, self.result)
        self._finish(s)

    def _no_winner(self):
        self.result = "no_winner"
        self.note("Hako empty: no winner")
        for x in range(self.nseats):
            if self.folded[x] and self.inp[x]:
                self.ledger.transfer(POT, x, 1, "fold returned")
        self._finish(-1)

    def _finish(self, nd):
        chips = self.ledger.chips
        if nd < 0 or chips[nd] <= 0:
            nd = self.dealer
            for i in range(self.nseats):
                nd = (nd + 1) % self.nseats
                if chips[nd] > 0:
                    break
        for s in range(self.nseats):
            if self.inp[s] and chips[s] <= 0:
                self.note("%s is out of chips" % self._name(s))
        self.next_dealer = nd
        if nd != self.dealer:
            self.note("Next dealer: %s" % self._name(nd))
        self.phase = P_OVER
        self.pending = False
        self.turn = -1

    # -- protocol -------------------------------------------------------------------------
    def choices(self, seat=None):
        return list(self.shared_choices(seat))

    def shared_choices(self, seat=None):
        if seat is None:
            seat = self.turn
        if self.turn < 0 or seat < 0 or seat >= self.nseats or not self.inp[seat]:
            return []
        out = self._cached(seat)
        if out is None:
            out = self._choices(seat)
            if seat == self.turn:   # a fold at most otherwise: not cached over the turn's plays (a search)
                self._cache = (self._ver, seat, out)     # (no set beside it: up to ~1,100 plays)
        return out

    def _cached(self, seat):
        """The choices of `seat` made since the deal last moved, or None."""
        c = self._cache
        return c[2] if c is not None and c[0] == self._ver and c[1] == seat else None

    def _choices(self, seat):
        ph = self.phase
        out = []
        if ph == P_FUWARI:
            if seat == self.turn:
                for t in self._targets(seat):
                    out.append(FUWARI + t)
                out.append(DECLINE)
            if not self.looked[seat]:
                out.append(LOOK)
            return out
        if ph == P_UTAZU:
            return [UTAZU] if seat == self.turn else out
        if seat == self.turn:
            if self.pending:
                out.append(HAKO)
            else:
                out.append(PASS)
                if not self.sanzoku[seat] and is_sanzoku(self.hands[seat]):
                    out.append(SANZOKU)
        if self.can_fold(seat):
            out.append(FOLD)
        if seat == self.turn and not self.pending:
            p = self._plays
            if p is not None and p[0] == self._ver and p[1] == seat:
                plays = p[2]
                self._plays = None      # (choices() keeps the list: one list of the plays in RAM)
            else:
                plays = legal_plays(self.hands[seat], self.base, self.sanzoku[seat], self.anyone)
            # the few actions above go in front of the plays: a copy of the
            # plays would be a second list of them (a hand with the three
            # wilds has over a thousand plays)
            plays[0:0] = out
            return plays
        return out

    def choices_steps(self, seat):
        """choices(seat) made in steps: a generator to run to its end (a
        yield per step of search_steps) before
        choices() answers at once; None when there is no play search to make."""
        if self._cached(seat) is not None or seat != self.turn or self.pending \
                or self.phase == P_FUWARI or self.phase == P_UTAZU or seat < 0 or not self.inp[seat]:
            return None
        return self._play_steps(seat)

    def _play_steps(self, seat):
        ver = self._ver
        res = []
        cnt, k, a, t = counts(self.hands[seat])
        for _ in search_steps(cnt, k, a, t, self.base, self.sanzoku[seat], self.anyone, res):
            yield
        if self._ver == ver:        # the deal has not moved on meanwhile
            self._plays = (ver, seat, res[0])

    def check(self, action, seat):
        if self.turn < 0:
            return "The deal is over"
        if seat is None or seat < 0 or seat >= self.nseats or not self.inp[seat]:
            return "Not in this deal"
        ch = self._cached(seat)
        if action in (ch if ch is not None else self.choices(seat)):
            return None
        # the reason, from a module loaded for it: the menus offer legal
        # actions only, so a deal on the device never needs it
        from oya.games.kakkuri_why import why
        return why(self, action, seat)

    def apply(self, action, seat):
        self._ver += 1
        self._cache = None          # (the last turn's plays: not kept through the next one's search)
        if action == LOOK:
            self.log_act(seat, "look")
            self.looked[seat] = 1
            if seat == self.turn:
                self.fw_i += 1
            self._offer()
        elif action == DECLINE:
            self.log_act(seat, "decline")
            self.fw_i += 1
            self._offer()
        elif FUWARI <= action < PLAY:
            t = action - FUWARI
            self.log_act(seat, "fuwari", {"with": t})
            h = self.hands
            h[seat], h[t] = h[t], h[seat]
            self.swapped[seat] = 1
            self.fw_i += 1
            self._offer()
        elif action == UTAZU:
            self.log_act(seat, "utazu")
            self.shown = bytes(sorted(self.hands[seat]))
            self.events.append(("show", seat_place(seat), self.shown, None, "utazu"))
            self.winner = seat
            self.result = "utazu"
            for x in range(self.nseats):
                if x != seat and self.inp[x]:
                    self._pay(x, seat, 3, "utazu")
            self._finish(seat)
        elif action == SANZOKU:
            self.log_act(seat, "sanzoku")
            self.sanzoku[seat] = 1
        elif action == PASS:
            self.log_act(seat, "pass")
            self.passed |= 1 << seat
            self._advance(seat)
        elif action == FOLD:
            self.log_act(seat, "fold")
            self.ledger.transfer(seat, POT, 1, "fold")
            self.folded[seat] = 1
            if seat == self.lead:
                self.lead = self._next_active(seat)
                self.lead_made = 0
            if seat == self.turn:
                if self.pending:
                    self._move(seat, self.lead)
                else:
                    self._advance(seat)
        elif action == HAKO:
            self.log_act(seat, "hako")
            self._turn_base()
            self.pending = False
            self.passed = 0
            self.lead = seat
            self.lead_made = 1
        else:
            self._play(action, seat)

    def _play(self, action, seat):
        toks = play_order(action, self.base, self.sanzoku[seat], self.anyone)
        hand = self.hands[seat]
        before = len(hand)
        names = []
        for tok in toks:
            r = tok >> TOK_RANK
            kind = tok & TOK_KIND
            if kind == TOK_PLAIN:
                c = 99
                for x in hand:
                    if x // 4 + 1 == r and x != AKA and x != TAIKO and x != KURO and x < c:
                        c = x
            elif kind == TOK_KURO:
                c = KURO
            elif kind == TOK_AKA:
                c = AKA
            else:
                c = TAIKO
            hand = _without(hand, c)
            self.played[seat].append(c)
            if self.story:              # (the device's lean story: no name made per card)
                names.append(token_name(tok))
        self.hands[seat] = hand
        self.log_act(seat, "play", {"cards": names})
        self.has_played[seat] = 1
        self.lead = seat
        self.lead_made = 1
        self.passed = 0
        self.base = toks[-1] >> TOK_RANK
        self.last = names
        self.last_seat = seat
        if not hand:
            self._win(seat, before == 6 and len(toks) == 6)
        else:
            self._advance(seat)

    # -- words ----------------------------------------------------------------------------
    def _order_for(self, action):
        toks = None
        if self.base:
            toks = play_order(action, self.base, True, self.anyone)
        if toks is None:
            toks = play_order(action, 0, True, True)
        if toks is None:
            p = play_parts(action)
            if p is None:
                return None
            toks = []
            kk = p[1]
            for r in p[0]:
                if r == 3 and kk:
                    toks.append(3 << TOK_RANK | TOK_KURO)
                    kk = 0
                else:
                    toks.append(r << TOK_RANK | TOK_PLAIN)
            if p[2]:
                toks.append(p[2] << TOK_RANK | TOK_AKA)
            if p[3]:
                toks.append(p[3] << TOK_RANK | TOK_TAIKO)
            for i in range(len(toks)):
                if toks[i] >> TOK_RANK == p[4]:
                    toks.append(toks.pop(i))
                    break
        return toks

    def act_args(self, r, v):
        if r[0] == PLAY:
            toks = self._order_for(PLAY + v)
            if toks is None:
                raise ValueError("not an action")
            return {"cards": [token_name(t) for t in toks]}
        return {r[4]: v}

    def act_code(self, r, args):
        if r[0] == PLAY:
            from oya.games.kakkuri_codec import parse_play     # (transcripts: tools, not a deal)
            return parse_play(args["cards"]) - PLAY
        return int(args[r[4]])

    def act_text(self, r, v, lang):
        if r[0] == PLAY:          # the cards in play order, the verb only where it fits
            toks = self._order_for(PLAY + v)
            s = " ".join(_token_short(t, lang) for t in (toks or ()))
            pre = "Play " if lang == EN else "ウツ "
            return pre + s if len(s) + len(pre) <= 21 else s[:21]
        if v == self.dealer:      # a fuwari's partner
            return "dealer" if lang == EN else "オヤ"
        return self._name(v)[:11 if lang == EN else 17]

    def prompt(self, seat, lang=EN):
        ph = self.phase
        en = lang == EN
        if ph == P_OVER:
            return "Deal over" if en else "オワリ"
        if seat != self.turn:
            if self.can_fold(seat):
                return "Fold (ori)?" if en else "オリル?"
            if ph == P_FUWARI and self.inp[seat] and not self.looked[seat]:
                return "Look at your hand?" if en else "テフダヲミル?"
            return "Wait" if en else "マッテ"
        if ph == P_FUWARI:
            return "Fuwari? Hand unseen" if en else "フワル?"
        if ph == P_UTAZU:
            return "Utazu! Show the 1s" if en else "ウタズ!"
        if self.pending:
            return "Turn the hako" if en else "ハコヲメクル"
        if self.base == 12:
            return ("Play on 12 or pass" if self.anyone else "No play on 12: pass") if en else "12 ノツギ"
        return ("Play on %d or pass" % self.base) if en else ("%d ニダス?" % self.base)

    def public(self):
        p = self.table_public()
        # the flags as copies here (table_public lends them), and the rest
        p["seated"] = bytes(self.inp)
        p["folded"] = bytes(self.folded)
        p["sanzoku"] = bytes(self.sanzoku)
        p["pile"] = bytes(self.pile)
        p["played"] = [bytes(x) for x in self.played]
        p["looked"] = bytes(self.looked)
        p["swapped"] = bytes(self.swapped)
        p["has_played"] = bytes(self.has_played)
        p["lead"] = self.lead
        p["passed"] = self.passed
        p["pending"] = self.pending
        p["round"] = self.round
        p["winner"] = self.winner
        p["result"] = self.result
        p["shown"] = self.shown
        return p

    def table_public(self):
        # what table_lines reads of public(), made after every action: all
        # of public() (every seat's played cards, the pile) is more garbage
        # a table, made at the frame's peak of heap (frozen, Kakkuri's peak
        # live heap is at its budget); the flags are lent, not copied
        return {"phase": PHASES[self.phase], "turn": self.turn, "dealer": self.dealer, "base": self.base,
                "hako": len(self.stock), "pot": self.ledger.pot, "last": self.last, "last_seat": self.last_seat,
                "counts": bytes(len(h) for h in self.hands), "seated": self.inp, "folded": self.folded,
                "sanzoku": self.sanzoku, "out": self.out}

    def view(self, seat):
        v = self.public()
        v["seat"] = seat
        v["hand"] = bytes(sorted(self.hands[seat])) if self.looked[seat] else b""
        v["can_fold"] = self.can_fold(seat)
        return v

    def seen(self, seat):
        out = bytearray(self.pile)
        for p in self.played:
            out.extend(p)
        out.extend(self.shown)
        if seat >= 0 and self.looked[seat]:
            for c in self.hands[seat]:
                if not _has(self.shown, c):
                    out.append(c)
        return bytes(out)

    def places(self):
        out = [(seat_place(s), bytes(self.hands[s])) for s in range(self.nseats)]
        out.append(("base", bytes(self.pile)))
        for s in range(self.nseats):
            out.append(("played:%d" % s, bytes(self.played[s])))
        out.append(("stock", self.stock.remaining()))
        return out


# -- the match ----------------------------------------------------------------------
class KakkuriMatch(Match):
    """Dealer: the winner / the utazu holder / after no winner the previous
    dealer's right neighbour (next seat with chips). A seat at 0 chips sits
    out. The match is over when fewer than 2 seats have chips, after
    `session_deals` deals with session_end = deal_count, or once stop() was
    called (the device calls it when the agreed time, `session_minutes`, is
    up; the deal in play is finished first)."""
    GAME = "kakkuri"
    DEAL = KakkuriDeal
    SEATS = (6, 8)
    START_OPTION = "starting_chips"
    ALLOW_NEGATIVE = False

    def legend(self):
        from oya.games import kakkuri_legend
        return kakkuri_legend

    def __init__(self, opts, names, chips=None, dealer=0, seed=None):
        self.stopped = False
        self.tiebreak = None     # seats in tiebreak order (final_tiebreak = draw_cards)
        self.outro = []          # events of the tiebreak draw
        Match.__init__(self, opts, names, chips, dealer, seed)

    def draw_first_dealer(self, source, who=None):
        from oya.games.first_dealer import kakkuri
        return kakkuri(self, source, rank, who)

    def starting_chips(self):
        return self.opts.get("starting_chips", 20)

    def deck_kind(self):
        return cards.KOMATSU

    def after_deal(self, deal):
        Match.after_deal(self, deal)
        self.dealer = deal.next_dealer

    def stop(self):
        """The agreed time is up: the match ends after the deal in play."""
        self.stopped = True

    def over(self):
        alive = 0
        for c in self.ledger.chips:
            if c > 0:
                alive += 1
        if alive < 2 or self.stopped:
            return True
        if self.opts.get("session_end", "time_limit") == "deal_count":
            return self.deal_no >= self.opts.get("session_deals", 20)
        return False

    def extra_state(self):
        return {"stopped": self.stopped, "tiebreak": self.tiebreak}

    def restore_extra(self, st):
        self.stopped = st.get("stopped", False)
        self.tiebreak = st.get("tiebreak")

    def draw_tiebreak(self, source):
        """final_tiebreak = draw_cards: seats with equal chips draw cards
        (logged in self.outro). The draw is in oya.games.first_dealer with
        the first dealer's, imported for it and forgotten after: once a
        match, and never during a deal."""
        from oya.games.first_dealer import kakkuri_tiebreak
        forget(DRAWS)
        return kakkuri_tiebreak(self, source, rank)

    def standings(self):
        chips = self.ledger.chips
        if self.tiebreak is not None and len(self.tiebreak) == len(chips):
            return [(s, chips[s]) for s in self.tiebreak]
        return Match.standings(self)

    def ranking(self):
        """[(place, seat, chips)], best first. Equal chips share a place
        (shared_rank) unless the tiebreak draw separated them."""
        st = self.standings()
        out = []
        broken = self.tiebreak is not None and len(self.tiebreak) == len(st)
        for i in range(len(st)):
            s, c = st[i]
            if i and not broken and st[i - 1][1] == c:
                place = out[-1][0]
            else:
                place = i + 1
            out.append((place, s, c))
        return out


MATCH = KakkuriMatch
