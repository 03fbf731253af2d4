# Kakkuri's plays (spec: shared/rules/kakkuri.md §5.3): reading a play
# action's code (play_parts; its layout is in oya.games.kakkuri_consts), and
# two searches over the units a play is made of:
#   search / search_steps / legal_plays  every legal play from a hand (a
#       turn's menu), a depth-first search over the hand's cards;
#   play_order  one legal order of a play's cards (applying, labelling,
#       explaining a play), a depth-first search over ranks and unit sizes.
# tests/test_kakkuri_search.py checks both against a plain search written
# there for clarity.
#
# A unit (spec §5.3: a single card, a pair after sanzoku, or a sanbon) is
# packed in one small int, in the search's tables and on its stack:
#   bits 0-1 (_SIZE)   its number of cards, 1 to 3;
#   bit 2 (_U_AKA)     the aka-choro is one of them;
#   bit 3 (_U_TAIKO)   the taiko is one of them;
#   bit 4 (_U_KURO)    the kuro-hibashi is one of them;
# its other cards are ordinary cards of the unit's rank. A wild in a unit
# stands for the unit's rank.
#
# play_order answers a play's cards in order as tokens: rank << TOK_RANK |
# kind (TOK_KIND bits: TOK_PLAIN, TOK_KURO, TOK_AKA, TOK_TAIKO).
from oya.compat import const
from oya.games.kakkuri_consts import AKA, KURO, PLAY, TAIKO

_AKA_BIT = const(2)
_TAIKO_BIT = const(3)
_KURO_BIT = const(4)
_SIZE = const(3)
_U_AKA = const(1 << _AKA_BIT)
_U_TAIKO = const(1 << _TAIKO_BIT)
_U_KURO = const(1 << _KURO_BIT)

TOK_RANK = const(2)
TOK_KIND = const(3)
TOK_PLAIN = const(0)
TOK_KURO = const(1)
TOK_AKA = const(2)
TOK_TAIKO = const(3)

# A play action's flags (its lowest bits past PLAY: kakkuri_consts), and the
# number of rank digits it holds.
_F_TAIKO_BIT = const(0)
_F_AKA_BIT = const(1)
_F_KURO_BIT = const(2)
_F_BITS = const(3)
_DIGITS = const(6)


def counts(hand):
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


def play_parts(action):
    """-> (non-wild ranks, descending; k; aka rank or 0; taiko rank or 0;
    last rank), or None when `action` is not a well-formed play."""
    x = action - PLAY
    if x < 0:
        return None
    ft = x >> _F_TAIKO_BIT & 1
    fa = x >> _F_AKA_BIT & 1
    k = x >> _F_KURO_BIT & 1
    v = x >> _F_BITS
    last = v % 12 + 1
    v //= 12
    ranks = []
    end = False
    for i in range(_DIGITS - fa - ft):
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


# The tables are written out as literals: a constant tuple frozen into the
# firmware stays in flash, where one built at import is RAM for as long as
# the module.
_RANKS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
# the ranks a unit may have after each rank (0: anything): after 1 and 2 the
# same or the next (tsukeuchi), after 3-11 the next, after 12 any but 12
# (made once, as the search asks at every unit)
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
# sizes: ranks 1-2 singles; 3-12 a single or a sanbon; 3-12 after sanzoku
# a single, a pair or a sanbon. One flat loop over these, not four nested
# ones, so that a level of the search is one index.
_UNITS = ((1 | _U_KURO, 1, 1 | _U_AKA | _U_KURO, 1 | _U_AKA, 1 | _U_TAIKO | _U_KURO, 1 | _U_TAIKO),
          (1 | _U_KURO, 1, 1 | _U_AKA | _U_KURO, 1 | _U_AKA, 1 | _U_TAIKO | _U_KURO, 1 | _U_TAIKO,
           3 | _U_KURO, 3, 3 | _U_AKA | _U_KURO, 3 | _U_AKA, 3 | _U_TAIKO | _U_KURO, 3 | _U_TAIKO,
           3 | _U_AKA | _U_TAIKO | _U_KURO, 3 | _U_AKA | _U_TAIKO),
          (1 | _U_KURO, 1, 1 | _U_AKA | _U_KURO, 1 | _U_AKA, 1 | _U_TAIKO | _U_KURO, 1 | _U_TAIKO,
           2 | _U_KURO, 2, 2 | _U_AKA | _U_KURO, 2 | _U_AKA, 2 | _U_TAIKO | _U_KURO, 2 | _U_TAIKO,
           2 | _U_AKA | _U_TAIKO | _U_KURO, 2 | _U_AKA | _U_TAIKO,
           3 | _U_KURO, 3, 3 | _U_AKA | _U_KURO, 3 | _U_AKA, 3 | _U_TAIKO | _U_KURO, 3 | _U_TAIKO,
           3 | _U_AKA | _U_TAIKO | _U_KURO, 3 | _U_AKA | _U_TAIKO))
_LOW = const(0)         # _UNITS' rows: ranks 1-2,
_HIGH = const(1)        # ranks 3-12,
_HIGH_SANZOKU = const(2)    # ranks 3-12 after sanzoku


_POW13 = (1, 13, 169, 2197, 28561, 371293, 4826809)
# bits in the sieve of the plays found (see _state)
_SIEVE = const(4096)
# plays found before the search makes its sieve: below, a code is looked for
# in the list (a loop in C), and most hands' searches never hold a sieve
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


# A search's state (_state) is one list, as a closure over these would make
# cells and function objects for every search. Its slots:
_CNT = const(0)         # the hand's ordinary cards per rank [13]
_HAS_KURO = const(1)    # the hand holds the kuro-hibashi (0 or 1)
_HAS_AKA = const(2)     # ... the aka-choro
_HAS_TAIKO = const(3)   # ... the taiko
_SANZOKU = const(4)     # the seat declared sanzoku: pairs are units
_ANYONE = const(5)      # after_twelve = anyone: a 12 on the table lets any rank follow
_USED = const(6)        # the play's ordinary cards per rank [13]
_PER = const(7)         # the play's cards per rank, wilds included [13]
_PLAY = const(8)        # the rest of the play being built: the _P_ fields below
_OUT = const(9)         # the plays found (their action codes)
_SV = const(10)         # the sieve of their codes, or None (see _state)
_STACK = const(11)      # the search's stack: a level a unit, see _L_ below
_ROOM = const(12)       # the plays the list has room for (see _keep)

# The play being built (S[_PLAY]), a list of five:
_P_KURO = const(0)      # the kuro-hibashi is on it (0 or 1)
_P_AKA = const(1)       # the rank the aka-choro stands for on it (0: not on it)
_P_TAIKO = const(2)     # the rank the taiko stands for on it (0: not on it)
_P_CARDS = const(3)     # its number of cards
_P_TOP = const(4)       # where a search in steps stopped: its level's first byte on the stack

# The search's stack (S[_STACK]): a bytearray with a level of _LEVEL bytes
# for each unit on the play (six at most), as a recursive search's frame
# is too large for MicroPython's C stack and goes on the heap. A level:
_L_RANK_I = const(0)    # the index of its rank in the ranks it may have
_L_UNIT_I = const(1)    # the index in _UNITS of the next unit of that rank to try
_L_UNIT = const(2)      # the unit it has on the play (0: none)
_L_RANK = const(3)      # that unit's rank
_L_LEFT = const(4)      # the ordinary cards of that rank left in hand
_L_HAVE = const(5)      # the cards to hand for that rank, wilds included
_L_BAD = const(6)       # the unit bits of the special cards not to hand for it
_LEVEL = const(7)

# search()'s own state lists, made once (a search in steps has its own)
_SCRATCH_USED = [0] * 13
_SCRATCH_PER = [0] * 13
_SCRATCH_PLAY = [0, 0, 0, 0, 0]
_SCRATCH_STACK = bytearray(6 * _LEVEL)
_ZEROS = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
# units a step of a search in steps puts on the plays being built: a step
# is work the device cannot cut, so it stays well within a key's time
_STEP = const(5)


def _code(used, st, last):
    """The action code (kakkuri_consts) of the play being built (`used`,
    `st`: S[_USED], S[_PLAY]) ending on rank `last`, without building its
    rank list."""
    v = 0
    i = 0
    for r in range(12, 0, -1):
        n = used[r] + (st[_P_KURO] if r == 3 else 0)
        while n:
            v += r * _POW13[i]
            i += 1
            n -= 1
    i = _DIGITS - (1 if st[_P_AKA] else 0) - (1 if st[_P_TAIKO] else 0)
    if st[_P_AKA]:
        v += st[_P_AKA] * _POW13[i]
        i += 1
    if st[_P_TAIKO]:
        v += st[_P_TAIKO] * _POW13[i]
    return PLAY + (((v * 12 + last - 1) * 2 + st[_P_KURO]) * 2 + (1 if st[_P_AKA] else 0)) * 2 \
        + (1 if st[_P_TAIKO] else 0)


def search(cnt, k, a, t, base, sanzoku, anyone):
    """Every legal play from a hand of at most six cards (cnt: ordinary cards
    per rank [13]; k, a, t: the kuro-hibashi, aka-choro, taiko in hand) on
    `base` (a rank, or 0 for anything): the list of distinct play actions.
    (A play's order of cards, as tokens: play_order.) The hand's size bounds
    a play's, as a unit is not checked against the six cards a play holds."""
    _SCRATCH_USED[:] = _ZEROS
    _SCRATCH_PER[:] = _ZEROS
    _SCRATCH_PLAY[_P_KURO] = _SCRATCH_PLAY[_P_AKA] = _SCRATCH_PLAY[_P_TAIKO] = 0
    _SCRATCH_PLAY[_P_CARDS] = _SCRATCH_PLAY[_P_TOP] = 0
    S = _state(cnt, k, a, t, sanzoku, anyone, _SCRATCH_USED, _SCRATCH_PER, _SCRATCH_PLAY, _SCRATCH_STACK)
    _rec(S, base, -1)
    return S[_OUT]


def search_steps(cnt, k, a, t, base, sanzoku, anyone, res):
    """search()'s list of plays made in steps: a generator to run to its end,
    so that a long search (a hand of six holding the three wilds on an open
    table has over a thousand plays) is spread over several passes of the
    device loop; the list is appended to `res`. The plays come in the same
    order. A step puts _STEP units on the plays being built and the next
    goes on from where it stopped, as a step that walked down from the top
    again would repeat that walk; its state is its own, so a search() may
    run between two steps."""
    S = _state(cnt, k, a, t, sanzoku, anyone, [0] * 13, [0] * 13, [0, 0, 0, 0, 0], bytearray(6 * _LEVEL))
    while _rec(S, base, _STEP):
        yield
    res.append(S[_OUT])


def _state(cnt, k, a, t, sanzoku, anyone, used, per, st, stack):
    """A search's state, one list for _rec (its slots: _CNT to _ROOM): its
    inputs; `used`, `per`, `st` (_USED, _PER, _PLAY), zeroed; the plays
    found; the sieve of their codes, None until the list holds _SHORT plays
    (then a code whose bit is clear is new and only the rest are looked for
    in the list, as looking for every code makes the search quadratic and a
    set of the plays is a large object); `stack`, its first level set up
    here; the room of the plays' list (_keep)."""
    stack[_L_RANK_I] = stack[_L_UNIT_I] = stack[_L_UNIT] = 0
    return [cnt, k, a, t, sanzoku, anyone, used, per, st, [], None, stack, 0]


def _take_off(S, r, u):
    """Take unit u of rank r off the play being built. (Its frame is small
    enough for the C stack: it is called once a unit.)"""
    s = u & _SIZE
    st = S[_PLAY]
    st[_P_CARDS] -= s
    if u & _U_TAIKO:
        st[_P_TAIKO] = 0
    if u & _U_AKA:
        st[_P_AKA] = 0
    st[_P_KURO] -= u >> _KURO_BIT
    S[_PER][r] -= s
    S[_USED][r] -= s - (u >> _AKA_BIT & 1) - (u >> _TAIKO_BIT & 1) - (u >> _KURO_BIT)


def _rec(S, base, budget):
    """The search (see _state) for plays on `base`, each play it finds
    recorded (_record). With a `budget` (-1: none), it stops once that
    many units have been put on the plays being built, and answers True if
    there is more: called again, it goes on from where it stopped (the
    stack holds where, st[_P_TOP] its level)."""
    cnt = S[_CNT]               # (the hot inputs as locals; the rest read from S where used)
    used = S[_USED]
    per = S[_PER]
    st = S[_PLAY]
    V = S[_STACK]
    b = st[_P_TOP]              # the level's first byte in V
    while True:
        ri = V[b + _L_RANK_I]
        i = V[b + _L_UNIT_I]
        u = V[b + _L_UNIT]
        if u:                   # back from the level below: its unit comes off the play
            _take_off(S, V[b + _L_RANK], u)
        if i:                   # (the level was left: what its rank had to hand)
            left = V[b + _L_LEFT]
            have = V[b + _L_HAVE]
            bad = V[b + _L_BAD]
        rs = _AFTER[V[b - _LEVEL + _L_RANK]] if b else _first_ranks(base, S[_ANYONE])
        down = False
        while ri < len(rs):
            r = rs[ri]
            if not i:
                left = cnt[r] - used[r]     # ordinary cards of rank r left
                have = left
                bad = _U_AKA | _U_TAIKO | _U_KURO
                if S[_HAS_AKA] and not st[_P_AKA]:
                    bad ^= _U_AKA
                    have += 1
                if S[_HAS_TAIKO] and not st[_P_TAIKO]:
                    bad ^= _U_TAIKO
                    have += 1
                if r == 3 and S[_HAS_KURO] and not st[_P_KURO]:
                    bad ^= _U_KURO
                    have += 1
            if have:
                room = (4 if r <= 2 else 3) - per[r]
                units = _UNITS[_LOW if r <= 2 else (_HIGH_SANZOKU if S[_SANZOKU] else _HIGH)]
                while i < len(units):
                    u = units[i]
                    i += 1
                    s = u & _SIZE
                    if s > room or s > have:
                        break
                    if u & bad:
                        continue            # (one test for the three special cards: the hot loop)
                    kk = u >> _KURO_BIT
                    op = s - (u >> _AKA_BIT & 1) - (u >> _TAIKO_BIT & 1) - kk     # its ordinary cards
                    if op < 0 or left < op:
                        continue
                    used[r] += op
                    per[r] += s
                    st[_P_KURO] += kk
                    if u & _U_AKA:
                        st[_P_AKA] = r
                    if u & _U_TAIKO:
                        st[_P_TAIKO] = r
                    st[_P_CARDS] += s
                    budget -= 1             # (-1 from the start: no end)
                    # a level below when the play may grow, but not when
                    # its one next rank (after 3-11) has no card left and
                    # no wild is free
                    _record(S, r)
                    if st[_P_CARDS] < 6 and (
                            r < 3 or r == 12 or cnt[r + 1] > used[r + 1]
                            or (S[_HAS_AKA] and not st[_P_AKA]) or (S[_HAS_TAIKO] and not st[_P_TAIKO])):
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
            V[b + _L_RANK_I] = ri
            V[b + _L_UNIT_I] = i
            V[b + _L_UNIT] = u
            V[b + _L_RANK] = r
            V[b + _L_LEFT] = left
            V[b + _L_HAVE] = have
            V[b + _L_BAD] = bad
            if down:
                b += _LEVEL
                V[b + _L_RANK_I] = V[b + _L_UNIT_I] = V[b + _L_UNIT] = 0
            if not budget:
                st[_P_TOP] = b
                return True
            continue
        if not b:
            return False
        b -= _LEVEL


def _record(S, r):
    """_rec's work for a unit put on the play, whose last rank is r: the
    play so far is recorded if new. (Apart from _rec: its locals would
    make _rec's frame larger.)"""
    used = S[_USED]
    st = S[_PLAY]
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
    at a time: append() doubles it, and the menu keeps the list for the
    whole decision."""
    n = len(out)
    if n >= S[_ROOM]:
        k = 16 + (n >> 3)
        out.extend([0] * k)     # (from a list: room for n + k + 4 exactly)
        del out[n:]
        S[_ROOM] = n + k
    out.append(c)


def legal_plays(hand, base, sanzoku=False, anyone=True):
    """The play actions legal from `hand` (card codes) on base rank `base`."""
    cnt, k, a, t = counts(hand)
    return search(cnt, k, a, t, base, sanzoku, anyone)


# play_order's stack (_units_in_order): a level of _O_LEVEL bytes a unit.
_O_RANK_I = const(0)    # the index of the unit's rank in the ranks it may have
_O_SIZE = const(1)      # its number of cards
_O_RANK = const(2)      # its rank
_O_LEVEL = const(3)


def play_order(action, base, sanzoku=True, anyone=True):
    """One legal ordering (tokens) of the play `action` on `base`, or None:
    the first in the search's order (ranks as _AFTER lists them, a rank's
    units smallest first). It is looked for over ranks and unit sizes only;
    which card of a rank goes where is set after (ordinary cards first,
    then the kuro-hibashi, aka-choro, taiko), as no choice of card changes
    which orders are legal and a search over every card, as the menu's,
    takes many times the passes."""
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
    for i in range(0, len(units), _O_LEVEL):
        r = units[i + _O_RANK]
        for _ in range(units[i + _O_SIZE]):
            if left[r]:
                left[r] -= 1
                kind = TOK_PLAIN
            elif r == 3 and k:
                k = 0
                kind = TOK_KURO
            elif a == r:
                a = 0
                kind = TOK_AKA
            else:
                kind = TOK_TAIKO
            toks.append(r << TOK_RANK | kind)
    return toks


def _units_in_order(left, n, first, kiri, sanzoku, last):
    """play_order's search: the first sequence of units that puts the n
    cards counted in `left` (per rank) on the play, ending on rank `last`:
    its first unit's rank in `first`, a unit after a 12's in `kiri` (both
    ascending, as _AFTER, and only ranks the play has). -> its stack's
    levels (_O_ fields), or None."""
    V = bytearray(6 * _O_LEVEL)
    b = 0
    while True:
        rs = first if not b else kiri if V[b - _O_LEVEL + _O_RANK] == 12 else _AFTER[V[b - _O_LEVEL + _O_RANK]]
        ri = V[b + _O_RANK_I]
        s = V[b + _O_SIZE]
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
            b -= _O_LEVEL
            continue
        left[r] -= s
        n -= s
        V[b + _O_RANK_I] = ri
        V[b + _O_SIZE] = s
        V[b + _O_RANK] = r
        if not n:
            if r == last:
                return V[:b + _O_LEVEL]
            continue            # every card is down but the play ends elsewhere
        if not left[last]:
            continue            # cards are left, but none to end on
        b += _O_LEVEL
        V[b + _O_RANK_I] = V[b + _O_SIZE] = 0
