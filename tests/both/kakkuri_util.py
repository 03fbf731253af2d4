# Helpers for the Kakkuri tests (runtime-neutral: CPython and MicroPython).
# Cards are written as transcript strings: "5" (an ordinary 5: the next unused
# copy, never a special card), "1w" (aka-choro), "2w" (taiko), "3k"
# (kuro-hibashi). Rigged stocks follow the real deal: 3 cards at a time, twice
# around, from the dealer's right (seat + 1) to the dealer; then the base card
# (not with 8 seats), then the hako.
from oya.games import kakkuri as K
from oya.games import kakkuri_codec as KC

SPECIAL = {"1w": K.AKA, "2w": K.TAIKO, "3k": K.KURO}


class Cards:
    """Hands out card codes: each rank's ordinary copies in turn."""

    def __init__(self):
        self.used = []

    def take(self, name):
        if name in SPECIAL:
            c = SPECIAL[name]
            if c in self.used:
                raise ValueError("%s twice" % name)
            self.used.append(c)
            return c
        r = int(name)
        for copy in range(4):
            c = (r - 1) * 4 + copy
            if c in (K.AKA, K.TAIKO, K.KURO) or c in self.used:
                continue
            self.used.append(c)
            return c
        raise ValueError("no more %s" % name)

    def many(self, text):
        return [self.take(x) for x in text.split()]


def hand(text):
    return bytes(Cards().many(text))


def play(text):
    """"4 5 2w=6 7" -> the play action."""
    return KC.parse_play(text.split())


def legal(base, hand_text, play_text, sanzoku=False, anyone=True):
    return play(play_text) in K.legal_plays(hand(hand_text), base, sanzoku, anyone)


def new_base(base, play_text, sanzoku=False, anyone=True):
    toks = K.play_order(play(play_text), base, sanzoku, anyone)
    return toks[-1] >> 2


def new_match(nseats=7, dealer=0, chips=None, **opts):
    names = ["P%d" % (i + 1) for i in range(nseats)]
    return K.KakkuriMatch(opts, names, chips, dealer)


def layout(nseats, dealer, hands, base=None, hako="", seated=None):
    """The stock (codes, top first). hands: {seat: "6 cards"}; the other
    seated hands are filled with unused cards (the free ordinary 1s spread
    over different hands, so no filler hand holds utazu); base: a card name
    (None: any unused card); hako: names of its top cards."""
    if seated is None:
        seated = list(range(nseats))
    cs = Cards()
    fixed = {}
    for s in hands:
        fixed[s] = cs.many(hands[s])
    b = [cs.take(base)] if base is not None else []
    top = cs.many(hako)
    free = [c for c in (1, 2, 3) if c not in cs.used]
    free += [c for c in range(47, -1, -1) if c not in cs.used and c not in (1, 2, 3)]
    order = []
    s = dealer
    for i in range(nseats):
        s = (s + 1) % nseats
        if s in seated:
            order.append(s)
    fill = [s for s in order if s not in fixed]
    for i in range(6 * len(fill)):
        fixed.setdefault(fill[i % len(fill)], []).append(free.pop(0))
    out = []
    for rnd in range(2):
        for s in order:
            out.extend(fixed[s][3 * rnd:3 * rnd + 3])
    if len(order) < 8:
        out.extend(b if b else [free.pop(0)])
    out.extend(top)
    out.extend(free)
    return out


def start(m, hands, base=None, hako="", fuwari=True):
    """Start a rigged deal and (fuwari=True) decline every fuwari offer."""
    seated = [s for s in range(len(m.ledger)) if m.ledger.chips[s] > 0]
    d = m.start_deal(cards=layout(len(m.ledger), m.dealer, hands, base, hako, seated))
    if fuwari:
        while d.phase == 1:
            d.act(K.DECLINE)
    return d


def pays(d):
    return [(e[1], e[2], e[3], e[4]) for e in d.events if e[0] == "pay"]


def received(d, seat):
    n = 0
    for e in d.events:
        if e[0] == "pay":
            if e[2] == seat:
                n += e[3]
            if e[1] == seat:
                n -= e[3]
    return n


def pass_until(d, seat):
    """Everyone passes until `seat` is on turn."""
    while d.turn != seat:
        d.act(K.PASS)
