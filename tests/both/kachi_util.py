# Helpers for the Kachi-kachi tests: matches with options, rigged deals,
# actions by their transcript form. Runtime-neutral (CPython and MicroPython).
from oya.games import kachi
from oya import cards, rules
from oya.games import options


def opts(**kw):
    o = rules.defaults(options("kachi"))
    for k in kw:
        o[k] = kw[k]
    return o


def new_match(n=2, dealer=0, chips=None, **kw):
    return kachi.KachiMatch(opts(**kw), ["P%d" % (i + 1) for i in range(n)], chips, dealer)


def alloc(names, kind, used=None):
    """Card names -> codes. "1r", "1g", "4g" are those cards; a plain rank
    takes the highest free copy of that rank in the deck (so a plain "1" is
    never the red pin unless it is the last free 1, and a plain "4" is the
    ungilded one)."""
    deck = cards.deck(kind)
    used = used if used is not None else []
    out = []
    for nm in names:
        if nm in ("1r", "1g", "4g"):
            c = cards.parse(kind, nm)
        else:
            r = int(nm)
            free = [c for c in deck if c // 4 + 1 == r and c not in used]
            if not free:
                raise ValueError("no free " + nm)
            c = free[-1]
        if c in used:
            raise ValueError("card used twice: " + nm)
        used.append(c)
        out.append(c)
    return out


def deal(m, hands, draws=()):
    """Start a deal with rigged hands: hands[seat] = two names (seats that sit
    out may be None), then `draws` in the order they will be drawn, then the
    rest of the deck."""
    kind = m.deck_kind()
    n = len(m.ledger)
    ante = m.opts["ante"]
    order = [(m.dealer + 1 + i) % n for i in range(n)]
    dealt = [s for s in order if m.ledger.chips[s] >= ante]
    used = []
    codes = {}
    for s in dealt:
        codes[s] = alloc(hands[s], kind, used)
    top = [codes[s][0] for s in dealt] + [codes[s][1] for s in dealt]
    top += alloc(list(draws), kind, used)
    rest = [c for c in cards.deck(kind) if c not in used]
    return m.start_deal(cards=top + rest)


def act(d, seat, do, **args):
    """Take an action by its transcript form (exercises encode)."""
    d.act(d.encode(do, args or None), seat)


def why(d, seat, do, **args):
    return d.check(d.encode(do, args or None), seat)


def pays(d, why_=None):
    return [(e[1], e[2], e[3], e[4]) for e in d.events if e[0] == "pay" and (why_ is None or e[4] == why_)]


def shows(d):
    """at -> (card names, value, yaku)"""
    out = {}
    for e in d.events:
        if e[0] == "show":
            out[e[1]] = (cards.names(d.kind, e[2]), e[3], e[4])
    return out


def evaluate(names, oya=False, **kw):
    """(strength, value, yaku) of a two-card hand named like ["4g", "1g"]."""
    o = opts(**kw)
    kind = cards.KACHI22 if o["deck_variant"] == "three_1s_10s" else cards.KACHI20
    a, b = alloc(names, kind)
    return kachi.evaluate(a, b, oya, o, kachi.ladder(o))


def strength(names, oya=False, **kw):
    return evaluate(names, oya, **kw)[0]


def call_round(d, rate):
    """The dealer sets `rate` and every other seat still in calls."""
    act(d, d.turn, "rate", chips=rate)
    while d.turn >= 0 and d.phase == kachi.P_CALL:
        act(d, d.turn, "call", chips=rate)


def play_out(d, rate=1):
    """Every seat still in calls (the dealer sets `rate`) to the end."""
    while not d.done:
        if d.phase == kachi.P_RATE:
            act(d, d.turn, "rate", chips=rate)
        else:
            act(d, d.turn, "call", chips=d.rate)
