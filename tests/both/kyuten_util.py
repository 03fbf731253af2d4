# Helpers for the Kyutenhan tests (runtime-neutral: CPython and MicroPython).
from oya import cards, rules
from oya.games import kyuten as K
from oya.game import RuleError
from oya import games


def c(name):
    """A card code from its transcript name ("TS", "QH", "9C")."""
    return cards.parse(cards.STD52, name)


def hand(*names):
    return bytes([c(n) for n in names])


def options(**kw):
    o = rules.defaults(games.options("kyuten"))
    for k in kw:
        o[k] = kw[k]
    return o


def new_match(n=4, dealer=0, chips=None, **kw):
    return K.MATCH(options(**kw), ["P%d" % (i + 1) for i in range(n)], chips, dealer)


def rigged(m, names):
    """The named cards on top (top first), then the rest of the deck."""
    top = [c(x) for x in names]
    rest = [x for x in m.deck() if x not in top]
    return top + rest


def new_deal(n=4, dealer=0, stock=(), chips=None, **kw):
    m = new_match(n, dealer, chips, **kw)
    d = m.start_deal(cards=rigged(m, stock))
    return m, d


def act(d, seat, do, **args):
    d.act(d.encode(do, args or None), seat)


def refused(d, seat, do, **args):
    """The message for an illegal action (and the state must not change)."""
    a = d.encode(do, args or None)
    before = (repr(d.public()), list(d.ledger.chips), d.ledger.pot, len(d.events))
    msg = d.check(a, seat)
    assert msg, "%s %r by seat %d was allowed" % (do, args, seat)
    assert len(msg) <= 42, msg
    try:
        d.act(a, seat)
        raise AssertionError("act did not raise")
    except RuleError:
        pass
    after = (repr(d.public()), list(d.ledger.chips), d.ledger.pot, len(d.events))
    assert before == after, "a refused action changed the state"
    return msg


def antes(d, *amounts):
    """Each player in turn antes the given amount (0 = ken)."""
    for a in amounts:
        if a:
            act(d, d.turn, "ante", chips=a)
        else:
            act(d, d.turn, "ken")


def stays(d):
    """Every player left to decide stays."""
    while d.phase == K.P_HIT:
        act(d, d.turn, "stay")


def bets(d, *amounts):
    for b in amounts:
        act(d, d.turn, "bet", chips=b)


def pays(d, why=None):
    """The pay events of the deal: (from, to, chips, why)."""
    return [(e[1], e[2], e[3], e[4]) for e in d.events
            if e[0] == "pay" and (why is None or e[4] == why)]
