# Helpers for the Meri tests (runtime-neutral): rigged deals laid out from a
# plan of tricks, and a driver that plays the plan through the engine.
from oya import cards, rules
from oya.games import meri
from oya.game import RuleError
from oya.games import options

K = cards.STD52
SUITS = "SHDC"


def c(text):
    return cards.parse(K, text)


def opts(n=4, **kw):
    o = rules.defaults(options("meri"))
    o["players"] = n
    for k in kw:
        o[k] = kw[k]
    return o


def new_match(n=4, **kw):
    return meri.MeriMatch(opts(n, **kw), ["P%d" % (i + 1) for i in range(n)])


def plan_stock(tricks, start, dealer, trump="S", okie=None, rest=(), n=4, hold=None, void=None,
               two_beats_ace=False):
    """The stock (top first) that deals the cards of `tricks` (lists of card
    strings in play order, trick 1 led by `start`) to the seats that play them.
    hold: {seat: [cards]} more cards for a seat's hand; void: {seat: "HS"} suits
    the filler must not give that seat; okie: the turned-up card (default: the
    first unused card of the trump suit); rest: undealt cards (filled up to 3)."""
    per = 12 if n == 4 else 8
    t = SUITS.index(trump)
    hands = [[] for _ in range(n)]
    leader = start
    for tr in tricks:
        codes = [c(x) for x in tr]
        for i in range(len(codes)):
            hands[(leader + i) % n].append(codes[i])
        if len(codes) == n:
            leader = (leader + meri.trick_winner(codes, t, two_beats_ace)) % n
    for s in (hold or {}):
        for x in hold[s]:
            hands[s].append(c(x))
    used = []
    for h in hands:
        used.extend(h)
    rest = [c(x) for x in rest]
    used.extend(rest)
    if okie is None:
        for x in range(t * 13, t * 13 + 13):
            if x not in used:
                okie = x
                break
    else:
        okie = c(okie)
    assert okie // 13 == t, "the okie must be of the trump suit"
    used.append(okie)
    assert len(set(used)) == len(used), "a card is planned twice"
    # filler: plain cards first, trumps last
    pool = [x for x in range(52) if x not in used and x // 13 != t]
    pool += [x for x in range(52) if x not in used and x // 13 == t]
    void = void or {}
    order = [s for s in range(n) if s in void] + [s for s in range(n) if s not in void]
    for s in order:
        bad = [SUITS.index(ch) for ch in void.get(s, "")]
        while len(hands[s]) < per:
            for x in pool:
                if x // 13 not in bad:
                    pool.remove(x)
                    hands[s].append(x)
                    break
            else:
                raise AssertionError("cannot fill seat %d" % s)
        assert len(hands[s]) == per, "seat %d has %d cards planned" % (s, len(hands[s]))
    rest = rest + pool
    assert len(rest) == 52 - n * per - 1
    out = []
    for i in range(per):
        for j in range(n):
            out.append(hands[(dealer + 1 + j) % n][i])
    out.append(okie)
    out.extend(rest)
    return out


def start(match, stock, robotta=False, exchange=None, dealer=None):
    """Start a rigged deal; answer the robotta round (robotta by the J's
    holder if `robotta`, else everyone silent) and the exchange (no exchange,
    or the discard `exchange`)."""
    if dealer is not None:
        match.dealer = dealer
    d = match.start_deal(cards=stock)
    while d.phase == meri.P_ROBOTTA:
        ch = d.choices()
        d.act(meri.ROBOTTA if (robotta and meri.ROBOTTA in ch) else meri.HIDE)
    if d.phase == meri.P_EXCHANGE:
        d.act(meri.NO_EXCHANGE if exchange is None else meri.EXCHANGE + c(exchange))
    return d


def play_action(d, card):
    """The action playing `card` for the seat in turn (face down if that is
    the legal way), or the face-up one when neither is legal."""
    x = c(card)
    ch = d.choices()
    if meri.PLAY_DOWN + x in ch:
        return meri.PLAY_DOWN + x
    return meri.PLAY + x


def play(d, tricks):
    for tr in tricks:
        for x in tr:
            d.act(play_action(d, x))


def events_of(d, kind):
    return [e for e in d.events if e[0] == kind]


def refused(d, action, seat=None):
    """The RuleError message for `action`, checking nothing changed."""
    if seat is None:
        seat = d.turn
    before = (repr(d.public()), repr([d.view(s) for s in range(d.nseats)]), len(d.events),
              list(d.ledger.chips))
    msg = None
    try:
        d.act(action, seat)
    except RuleError as e:
        msg = str(e)
    after = (repr(d.public()), repr([d.view(s) for s in range(d.nseats)]), len(d.events),
             list(d.ledger.chips))
    assert msg is not None, "action was accepted"
    assert before == after, "a refused action changed the state"
    assert 0 < len(msg) <= 42, msg
    return msg
