# Kakkuri (かっくり): a stops-type shedding game with the 48-card Komatsu deck
# (ranks 1-12 x 4). Spec: shared/rules/kakkuri.md. Seats are numbered
# counter-clockwise, so the next player (on your right) is seat + 1.
#
# Cards: code = (rank - 1) * 4 + copy. The aka-choro (wild 1, "1w") is code 0,
# the taiko (wild 2, "2w") code 4, the kuro-hibashi ("3k") code 8. A wild is
# wild only in a hand; turned from the hako it is a plain 1 or 2.
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
# Action ints (each self-contained: decode needs no state):
#   0 look, 1 decline, 2 utazu, 3 sanzoku, 4 pass, 5 fold, 6 hako,
#   16 + s  fuwari with seat s,
#   64 + x  play. x = (((v * 12 + last - 1) * 2 + k) * 2 + a?) * 2 + t?, where
#           last is the rank of the play's last card (the new base), a?/t?
#           say that the aka-choro / the taiko is in the play, k that the
#           kuro-hibashi is, and v holds six base-13 digits, lowest first: the
#           non-wild ranks of the play in descending order (the kuro-hibashi
#           counted as a 3), zero-padded to 6 - (wilds played) digits, then
#           the aka-choro's declared rank (if played), then the taiko's. So an
#           action is a set of cards and the base it leaves; the order of the
#           cards is recomputed by apply/decode (one legal order from the
#           base; any two orders of one set that end on the same rank are the
#           same move). Largest action < 2^29 (a MicroPython small int).
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
from oya.compat import const, field, forget
from oya.game import Deal, EN, cut, seat_place, spaces
from oya.match import Match
from oya.games import options_attr
from oya.stock import Stock
from oya.ledger import POT
from oya import cards

AKA = const(0)
TAIKO = const(4)
KURO = const(8)

LOOK = const(0)
DECLINE = const(1)
UTAZU = const(2)
SANZOKU = const(3)
PASS = const(4)
FOLD = const(5)
HAKO = const(6)
FUWARI = const(16)
PLAY = const(64)

P_OVER = const(0)
P_FUWARI = const(1)
P_UTAZU = const(2)
P_PLAY = const(3)
PHASES = ("over", "fuwari", "utazu", "play")


__getattr__ = options_attr("kakkuri")     # OPTIONS, from oya.games.kakkuri_options


# -- pure functions -------------------------------------------------------------
def rank(code):
    return code // 4 + 1


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


def _counts(hand):
    """-> (ordinary count per rank [13], kuro-hibashi?, aka?, taiko?)"""
    cnt = [0] * 13
    k = a = t = 0
    for c in hand:
        if c == AKA:
            a = 1
        elif c == TAIKO:
            t = 1
        elif c == KURO:
            k = 1
        else:
            cnt[c // 4 + 1] += 1
    return cnt, k, a, t


def is_sanzoku(hand):
    """Six cards forming three pairs of distinct ranks, wilds completing pairs."""
    if len(hand) != 6:
        return False
    cnt, k, a, t = _counts(hand)
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


def play_parts(action):
    """-> (non-wild ranks, descending; k; aka rank or 0; taiko rank or 0;
    last rank), or None when `action` is not a well-formed play."""
    x = action - PLAY
    if x < 0:
        return None
    ft = x & 1
    fa = (x >> 1) & 1
    k = (x >> 2) & 1
    v = x >> 3
    last = v % 12 + 1
    v //= 12
    ranks = []
    end = False
    for i in range(6 - fa - ft):
        d = v % 13
        v //= 13
        if d:
            if end:
                return None
            ranks.append(d)
        else:
            end = True
    a = t = 0
    if fa:
        a = v % 13
        v //= 13
        if not a:
            return None
    if ft:
        t = v % 13
        v //= 13
        if not t:
            return None
    if v or not (ranks or a or t) or (k and 3 not in ranks):
        return None
    if last not in ranks and last != a and last != t:
        return None
    return ranks, k, a, t, last


def play_size(action):
    p = play_parts(action)
    if p is None:
        return 0
    return len(p[0]) + (1 if p[2] else 0) + (1 if p[3] else 0)


# The search's tables are written out as literals: a constant tuple frozen
# into the firmware stays in flash, where one built at import (tuple(range()),
# a comprehension) is RAM for as long as the module (0.6 KB frozen, measured).
_RANKS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
# the ranks a unit may have after each rank (0: anything): after 1 and 2 the
# same or the next (tsukeuchi), after 3-11 the next, after 12 any but 12
# (tuples made once: the search asks at every step, and a range or tuple
# made there is an allocation)
_AFTER = (_RANKS, (1, 2), (2, 3), (4,), (5,), (6,), (7,), (8,), (9,), (10,), (11,), (12,),
          (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11))


def _first_ranks(base, anyone):
    """Ranks a play's first unit may have on `base` (0 = anything): on a
    12, any rank under after_twelve = anyone, none under same_turn_only."""
    if base == 12:
        return _RANKS if anyone else ()
    return _AFTER[base]


# The units a rank may make, in search order (size, then number of wilds,
# then which, then with the kuro-hibashi before without), by the rank's
# sizes (1-2: singles; 3-12: 1 or 3; 3-12 after sanzoku: 1 to 3), as
# size | wilds << 2 (bit 1 aka, bit 2 taiko) | kuro-hibashi << 4. One flat
# loop over these, not four nested ones: a level of _rec is one index.
_UNITS = ((17, 1, 21, 5, 25, 9),
          (17, 1, 21, 5, 25, 9, 19, 3, 23, 7, 27, 11, 31, 15),
          (17, 1, 21, 5, 25, 9, 18, 2, 22, 6, 26, 10, 30, 14, 19, 3, 23, 7, 27, 11, 31, 15))


_POW13 = (1, 13, 169, 2197, 28561, 371293, 4826809)
# bits in the search's sieve of the plays found: 512 B, live with the search
# on the idle passes where Kakkuri's heap peaks (8192 bits: 1 KB); at 1,000
# plays a fifth of the codes then find their bit set and look in the list
_SIEVE = const(4096)
# plays found before it makes one: below, a code is looked for in the list
# (a C loop: ~12 us at 96 plays on the RP2040). Most hands have fewer, and
# their search's peak then holds no sieve (it was made past 48).
_SHORT = const(96)


def _sift(sv, c):
    """Mark code c in the sieve; True when its bit was clear (c is new)."""
    h = (c ^ (c >> 13)) & (_SIEVE - 1)
    b = 1 << (h & 7)
    h >>= 3
    if sv[h] & b:
        return False
    sv[h] |= b
    return True


def _code(used, st, last):
    """play_code() of the cards in use in a search, without building the rank list."""
    v = 0
    i = 0
    for r in range(12, 0, -1):
        n = used[r] + (st[0] if r == 3 else 0)
        while n:
            v += r * _POW13[i]
            i += 1
            n -= 1
    i = 6 - (1 if st[1] else 0) - (1 if st[2] else 0)
    if st[1]:
        v += st[1] * _POW13[i]
        i += 1
    if st[2]:
        v += st[2] * _POW13[i]
    return PLAY + (((v * 12 + last - 1) * 2 + st[0]) * 2 + (1 if st[1] else 0)) * 2 + (1 if st[2] else 0)


_USED = [0] * 13          # search()'s scratch (a search in steps has its own)
_PER = [0] * 13
_ST = [0, 0, 0, 0, 0]
_ZEROS = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
_ANYONE = const(5)        # in a search's state (_state): the open table,
_USEDS = const(6)         # the ordinary cards used per rank,
_PERS = const(7)          # the cards used per rank,
_STS = const(8)           # kuro used, aka rank, taiko rank, cards used, level,
_OUT = const(9)           # the plays found,
_SV = const(10)           # the sieve of their codes,
_STACK = const(11)        # the search's stack (see _rec),
_ROOM = const(12)         # the plays the list has room for (see _keep)


# The search's stack (_rec): 7 bytes a level, a level a unit of the play (6
# at most), in one bytearray (search()'s made once; a search in steps has
# its own). _rec was recursive, and as its frame is over 11 words
# MicroPython put it on the heap, ~176 B a level: ~1 KB live at a six-card
# play, on top of the heap's peak (the idle passes' search, the labels'
# orders). Per level: the index of its rank in its ranks, of the next unit
# of that rank to try, the unit it has on the play (0: none), that unit's
# rank, and what the rank had to hand (left, have, bad).
_LEVEL = const(7)
_LEVELS = bytearray(6 * _LEVEL)
# units a step of a search in steps puts on the plays being built: ~1.8 ms
# of the RP2040's CPU each (as .mpy): a step ~9 ms, 17 at most on hands of
# six with two or three wilds (tools/pico: an ad hoc device script)
_STEP = const(5)


def search(cnt, k, a, t, base, sanzoku, anyone):
    """Every legal play from a hand (cnt: ordinary cards per rank [13]; k, a, t:
    the kuro-hibashi, aka-choro, taiko in hand) on `base` (a rank, or 0 for
    anything): the list of distinct play actions. (A play's order of cards,
    as tokens: play_order.)"""
    _USED[:] = _ZEROS
    _PER[:] = _ZEROS
    _ST[0] = _ST[1] = _ST[2] = _ST[3] = _ST[4] = 0
    S = _state(cnt, k, a, t, sanzoku, anyone, _USED, _PER, _ST, _LEVELS)
    _rec(S, base, -1)          # (the device's search of a menu, when it is not in steps: scratch kept)
    return S[_OUT]


def search_steps(cnt, k, a, t, base, sanzoku, anyone, res):
    """search()'s list of plays made in steps: a generator to run to its end,
    so that a long search can be spread over several passes of the device
    loop (a hand of six holding the three wilds on an open table has up to
    ~1,000 plays: ~1 s of the RP2040's CPU); the list is appended to
    `res`. The plays come in the same order. A step puts _STEP units on
    the plays being built; the search stops there and goes on from where
    it was (its stack is its own: a search() may run between two steps).
    Steps that each searched below a few units of their own walked down to
    them again (2.7x the CPU in all), and one of them was up to ~150
    plays: 136 ms."""
    S = _state(cnt, k, a, t, sanzoku, anyone, [0] * 13, [0] * 13, [0, 0, 0, 0, 0], bytearray(6 * _LEVEL))
    while _rec(S, base, _STEP):
        yield
    res.append(S[_OUT])


def _state(cnt, k, a, t, sanzoku, anyone, used, per, st, stack):
    """A search's state, one list for _rec: its inputs; `used` (ordinary
    cards used per rank), `per` (cards used per rank, wilds included), `st`
    (kuro used, aka rank, taiko rank, cards used; the level _rec stopped
    at), zeroed; then the plays found (out), the sieve of their codes (None
    until made: past _SHORT plays, a code whose bit is clear is new and
    only the rest are looked for in the list; searching the list for every
    code made the search quadratic, and a set of 1,000 plays was 10 KB of
    heap), `stack` (_rec's levels: its first is set up here) and the room
    of the plays' list (_keep). (A closure over these was ~600 B of cells
    and function objects made for every search.)"""
    stack[0] = stack[1] = stack[2] = 0
    return [cnt, k, a, t, sanzoku, anyone, used, per, st, [], None, stack, 0]


def _take_off(S, r, u):
    """Take unit u (see _UNITS) of rank r off the play being built. (Its
    frame is 11 words, so on the C stack: called once a unit.)"""
    s = u & 3
    st = S[_STS]
    st[3] -= s
    if u & 8:
        st[2] = 0
    if u & 4:
        st[1] = 0
    st[0] -= u >> 4
    S[_PERS][r] -= s
    S[_USEDS][r] -= s - (u >> 2 & 1) - (u >> 3 & 1) - (u >> 4)


def _rec(S, base, budget):
    """The search (see _state) for plays on `base`, each play it finds
    recorded (_record). With a `budget` (-1: none), it stops once that
    many units have been put on the plays being built, and answers True if
    there is more: called again, it goes on from where it stopped
    (S's stack holds where, st[4] its level)."""
    cnt = S[0]                  # (the hot inputs as locals; the rest read from S where used)
    used = S[_USEDS]
    per = S[_PERS]
    st = S[_STS]
    V = S[_STACK]
    b = st[4]                   # the level's first byte in V
    while True:
        ri = V[b]
        i = V[b + 1]
        u = V[b + 2]
        if u:                   # back from the level below: its unit comes off the play
            _take_off(S, V[b + 3], u)
        if i:                   # (the level was left: what its rank had to hand)
            left = V[b + 4]
            have = V[b + 5]
            bad = V[b + 6]
        rs = _AFTER[V[b - _LEVEL + 3]] if b else _first_ranks(base, S[_ANYONE])
        down = False
        while ri < len(rs):
            r = rs[ri]
            if not i:
                left = cnt[r] - used[r]     # ordinary cards of rank r left
                have = left
                bad = 28                    # the unit bits of the cards not to hand: aka 4, taiko 8, kuro 16
                if S[2] and not st[1]:
                    bad ^= 4
                    have += 1
                if S[3] and not st[2]:
                    bad ^= 8
                    have += 1
                if r == 3 and S[1] and not st[0]:
                    bad ^= 16
                    have += 1
            if have:
                room = (4 if r <= 2 else 3) - per[r]
                units = _UNITS[0 if r <= 2 else (2 if S[4] else 1)]
                while i < len(units):
                    u = units[i]
                    i += 1
                    s = u & 3
                    if s > room or s > have:
                        break
                    if u & bad:
                        continue            # (one test for the three cards: the search's hot loop)
                    wm = u >> 2 & 3
                    kk = u >> 4
                    op = s - (wm & 1) - (wm >> 1) - kk
                    if op < 0 or left < op:
                        continue
                    used[r] += op
                    per[r] += s
                    st[0] += kk
                    if wm & 1:
                        st[1] = r
                    if wm & 2:
                        st[2] = r
                    st[3] += s
                    budget -= 1             # (-1 from the start: no end)
                    # a level below when the play may grow, but not when
                    # its one rank (after 3-11) has no card left and no wild
                    # is free: half the levels were empty
                    _record(S, r)
                    if st[3] < 6 and (
                            r < 3 or r == 12 or cnt[r + 1] > used[r + 1]
                            or (S[2] and not st[1]) or (S[3] and not st[2])):
                        down = True
                        break
                    _take_off(S, r, u)
                    if not budget:
                        u = 0               # stop here: this level goes on with unit i
                        break
                if down or not budget:
                    break
            ri += 1
            i = 0
        if down or not budget:      # the level is left: kept as it is
            V[b] = ri
            V[b + 1] = i
            V[b + 2] = u
            V[b + 3] = r
            V[b + 4] = left
            V[b + 5] = have
            V[b + 6] = bad
            if down:
                b += _LEVEL
                V[b] = V[b + 1] = V[b + 2] = 0
            if not budget:
                st[4] = b
                return True
            continue
        if not b:
            return False
        b -= _LEVEL


def _record(S, r):
    """_rec's work for a unit put on the play, whose last rank is r: the
    play so far is recorded if new. (Apart from _rec: its locals would
    make _rec's frame larger.)"""
    used = S[_USEDS]
    st = S[_STS]
    c = _code(used, st, r)
    out = S[_OUT]
    sv = S[_SV]
    if sv is None:
        if c not in out:
            out.append(c)
            if len(out) == _SHORT:
                sv = S[_SV] = bytearray(_SIEVE >> 3)
                for x in out:
                    _sift(sv, x)
    elif _sift(sv, c) or c not in out:
        _keep(S, out, c)


def _keep(S, out, c):
    """Append play c to a long list of plays, its room grown by an eighth
    at a time: append() doubles it, and a hand with both wilds on an open
    table (~300-650 plays) then kept up to twice the room it used, in the
    menu for the whole decision."""
    n = len(out)
    if n >= S[_ROOM]:
        k = 16 + (n >> 3)
        out.extend([0] * k)     # (from a list: room for n + k + 4 exactly)
        del out[n:]
        S[_ROOM] = n + k
    out.append(c)


def legal_plays(hand, base, sanzoku=False, anyone=True):
    """The play actions legal from `hand` (card codes) on base rank `base`."""
    cnt, k, a, t = _counts(hand)
    return search(cnt, k, a, t, base, sanzoku, anyone)


def play_order(action, base, sanzoku=True, anyone=True):
    """One legal ordering (tokens, see search) of the play `action` on
    `base`, or None: the first in the search's order (ranks as _AFTER lists
    them, a rank's units smallest first). It is looked for over ranks and
    unit sizes only; which card of a rank goes where is set after (ordinary
    cards first, then the kuro-hibashi, aka-choro, taiko), as no choice of
    card changes which orders are legal. (Over every card, as the search
    does, a label of six cards with both wilds was ~1,100 passes of its
    loops: up to 161 ms of the RP2040's CPU, made four at a key.)"""
    p = play_parts(action)
    if p is None:
        return None
    ranks, k, a, t, last = p
    left = [0] * 13             # the play's cards of each rank not yet in a unit
    for r in ranks:
        left[r] += 1
    left[a] += 1                # (left[0]: a wild not in the play)
    left[t] += 1
    have = bytearray()          # the ranks on the play (a unit after a 12 looks at these alone)
    for r in _RANKS:
        if left[r] > (4 if r <= 2 else 3):
            return None         # (more of a rank than one play may hold)
        if left[r]:
            have.append(r)
    first = _first_ranks(base, anyone)
    units = _units_in_order(left, len(ranks) + (a > 0) + (t > 0), have if len(first) == 12 else first,
                            have[:-1] if left[12] else have, sanzoku, last)
    if units is None:
        return None
    left[:] = _ZEROS            # now the ordinary cards of each rank
    for r in ranks:
        left[r] += 1
    left[3] -= k
    toks = []
    for i in range(0, len(units), 3):
        r = units[i + 2]
        for _ in range(units[i + 1]):
            if left[r]:
                left[r] -= 1
                kind = 0
            elif r == 3 and k:
                k = 0
                kind = 1
            elif a == r:
                a = 0
                kind = 2
            else:
                kind = 3
            toks.append(r * 4 + kind)
    return toks


def _units_in_order(left, n, first, kiri, sanzoku, last):
    """play_order's search: the first sequence of units that puts the n
    cards counted in `left` (per rank) on the play, ending on rank `last`:
    its first unit's rank in `first`, a unit after a 12's in `kiri` (both
    ascending, as _AFTER, and only ranks the play has). -> its levels (3
    bytes each: the index of the unit's rank in its ranks, its size, the
    rank), or None. (A stack in a bytearray, not recursion: see _LEVEL.)"""
    V = bytearray(18)
    b = 0
    while True:
        rs = first if not b else kiri if V[b - 1] == 12 else _AFTER[V[b - 1]]
        ri = V[b]
        s = V[b + 1]
        if s:                   # the level's unit comes off the play: try the next
            left[rs[ri]] += s
            n += s
        while ri < len(rs):
            r = rs[ri]
            s += 1
            if s == 2 and (r <= 2 or not sanzoku):
                s = 3           # (a pair only after sanzoku; ranks 1 and 2 one card a unit)
            if s <= left[r] and (s == 1 or r >= 3):
                break
            ri += 1
            s = 0
        if ri == len(rs):       # no unit left at this level
            if not b:
                return None
            b -= 3
            continue
        left[r] -= s
        n -= s
        V[b] = ri
        V[b + 1] = s
        V[b + 2] = r
        if not n:
            if r == last:
                return V[:b + 3]
            continue            # every card is down but the play ends elsewhere
        if not left[last]:
            continue            # cards are left, but none to end on
        b += 3
        V[b] = V[b + 1] = 0


def token_name(tok):
    r = tok >> 2
    kind = tok & 3
    if kind == 0:
        return str(r)
    if kind == 1:
        return "3k"
    return ("1w=%d" if kind == 2 else "2w=%d") % r


def _token_short(tok, lang):
    r = tok >> 2
    kind = tok & 3
    if kind == 0:
        return str(r)
    if kind == 1:
        return "3k"
    if lang == EN:
        return ("C%d" if kind == 2 else "T%d") % r
    return ("チ%d" if kind == 2 else "タ%d") % r


def value_label(value, yaku, lang=EN):
    """Labels of the deal results (the `yaku` ids of show events and
    KakkuriDeal.result)."""
    i = ("agari", "guri", "utazu", "sanzoku", "no_winner").index(yaku)
    return field("Agari|Guri|Utazu|Sanzoku|No winner" if lang == EN else "アガリ|グリ|ウタズ|サンゾク|アガリナシ", i)


def table_lines(pub, names, kind=cards.KOMATSU):
    """The public table for the 21x8 screen: base, hako and pot; the last
    play; then two seats a line: > on turn, * the dealer, the cards left (F
    folded, X forced out, - sitting out), s after a sanzoku. (Made after
    every action: each string it makes and drops is garbage of that key.)"""
    out = [cut("Base %d Hako %d Pot %d" % (pub["base"], pub["hako"], pub["pot"]), 21)]
    ph = pub["phase"]
    if pub["last"]:
        out.append(cut("%s: %s" % (cut(names[pub["last_seat"]], 6), " ".join(pub["last"])), 21))
    elif ph == "fuwari":
        out.append("Fuwari: swap unseen?")
    elif ph == "utazu":
        out.append("Utazu!")
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
    # No action carries chips. A menu that looked for amounts decoded the
    # first play of every run of consecutive codes, and decoding a play is
    # a search for its order: up to ~150 ms for one on the RP2040, and a
    # 315 ms freeze in a handoff key with the wilds in hand.
    AMOUNTS = False
    GAME = "kakkuri"

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
            # plays was a second list of them (a hand with the three wilds
            # has over 1,000 plays: 4.5 KB, in a list of twice that room)
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
        cnt, k, a, t = _counts(self.hands[seat])
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
            r = tok >> 2
            kind = tok & 3
            if kind == 0:
                c = 99
                for x in hand:
                    if x // 4 + 1 == r and x != AKA and x != TAIKO and x != KURO and x < c:
                        c = x
            else:
                c = (KURO, AKA, TAIKO)[kind - 1]
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
        self.base = toks[-1] >> 2
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
                    toks.append(13)
                    kk = 0
                else:
                    toks.append(r * 4)
            if p[2]:
                toks.append(p[2] * 4 + 2)
            if p[3]:
                toks.append(p[3] * 4 + 3)
            for i in range(len(toks)):
                if toks[i] >> 2 == p[4]:
                    toks.append(toks.pop(i))
                    break
        return toks

    def decode(self, action):
        if action >= PLAY:
            toks = self._order_for(action)
            if toks is None:
                raise ValueError("not an action")
            return ("play", {"cards": [token_name(t) for t in toks]})
        if FUWARI <= action < FUWARI + 8:
            return ("fuwari", {"with": action - FUWARI})
        if 0 <= action <= HAKO:
            return (("look", "decline", "utazu", "sanzoku", "pass", "fold", "hako")[action], None)
        raise ValueError("not an action")

    def encode(self, do, args):
        if do == "play":
            from oya.games.kakkuri_codec import parse_play     # (transcripts: tools, not a deal)
            return parse_play(args["cards"])
        if do == "fuwari":
            return FUWARI + int(args["with"])
        return ("look", "decline", "utazu", "sanzoku", "pass", "fold", "hako").index(do)

    def label(self, action, lang=EN):
        if action >= PLAY:
            toks = self._order_for(action)
            s = " ".join(_token_short(t, lang) for t in (toks or ()))
            pre = "Play " if lang == EN else "ウツ "
            return pre + s if len(s) + len(pre) <= 21 else s[:21]
        if FUWARI <= action < FUWARI + 8:
            t = action - FUWARI
            if lang == EN:
                who = "dealer" if t == self.dealer else self._name(t)
                return ("Fuwari w/ " + who)[:21]
            who = "オヤ" if t == self.dealer else self._name(t)
            return ("フワル " + who)[:21]
        if lang == EN:       # (joined: see oya.compat.field)
            return field("Look at hand|No fuwari|Utazu!|Sanzoku!|Pass (okuri)|Fold (ori) 1 chip|Turn the hako", action)
        return field("テフダヲミル|フワラナイ|ウタズ|サンゾク|オクリ|オリ|ハコ", action)

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
        # of public() (every seat's played cards, the pile) was ~0.5 KB more
        # garbage a table, made at the frame's peak of heap (frozen,
        # Kakkuri's peak live heap is at its 32 KB budget); the flags are
        # lent, not copied
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
        mod = __import__("oya.games.first_dealer", None, None, ("kakkuri_tiebreak",))
        forget("oya.games.first_dealer")
        return mod.kakkuri_tiebreak(self, source, rank)

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
