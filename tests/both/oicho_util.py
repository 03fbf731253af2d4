# Helpers for the Oicho-Kabu tests (runtime-neutral: CPython and MicroPython).
# Rigged stocks are written as card values; each value takes the next unused
# copy of that value, and the unused cards follow in canonical order.
from oya.games import oicho
from oya.games.oicho import DONE, KOI, SHIMO, TOP, KOI_COL, SHIMO_COL, BET


def new_match(nseats=2, dealer=0, **opts):
    names = ["P%d" % (i + 1) for i in range(nseats)]
    return oicho.OichoMatch(opts, names, None, dealer)


def opts(**changed):
    """The default options with `changed` set (for yaku() and settle())."""
    o = oicho.defaults()
    o.update(changed)
    return o


def layout(cols, dealer, nseats=3, maki=True, first=None):
    """The stock (codes, top first) for a deal with the dealer at seat 0..:
    cols = card values per column (2 or 3: a third value means koi),
    dealer = the dealer's values (2 or 3). `first` (optional) = the values
    of the children's maki-fuda. The dealer takes the top card first."""
    used = []

    def take(rank):
        for copy in range(4):
            c = (rank - 1) * 4 + copy
            if c not in used:
                used.append(c)
                return c
        raise ValueError("no fifth %d" % rank)

    makis = [take(r) for r in first] if first else []
    col1 = [take(col[0]) for col in cols]
    d1 = take(dealer[0])
    col2 = [take(col[1]) for col in cols]
    thirds = [take(col[2]) for col in cols if len(col) > 2]
    d2 = take(dealer[1])
    d3 = [take(dealer[2])] if len(dealer) > 2 else []
    rest = [c for c in range(40) if c not in used]
    if maki and not first:
        makis = rest[:nseats - 1]
        rest = rest[nseats - 1:]
    return makis + col1 + [d1] + col2 + thirds + [d2] + d3 + rest


def start(m, cols, dealer):
    maki = m.opts["maki_fuda"] == "on"
    return m.start_deal(cards=layout(cols, dealer, len(m.ledger), maki))


def bet_all(deal, bets):
    """bets: [(seat, col, chips)] in betting order; turns end with DONE."""
    for seat, col, chips in bets:
        while deal.turn != seat:
            deal.act(DONE)
        deal.act(col * BET + chips, seat)
    while deal.phase == oicho.BETTING:
        deal.act(DONE)


def finish(deal, cols, dealer):
    """Dealer takes the top card; koi where cols/dealer list a third value."""
    if deal.phase == oicho.FIRST:
        deal.act(TOP)
    while deal.phase == oicho.KOI_PHASE:
        c = deal.col
        deal.act((KOI_COL if len(cols[c]) > 2 else SHIMO_COL) + c + 1)
    if deal.phase == oicho.DEALER:
        deal.act(KOI if len(dealer) > 2 else SHIMO)
    return deal


def run(m, cols, dealer, bets):
    deal = start(m, cols, dealer)
    bet_all(deal, bets)
    return finish(deal, cols, dealer)


def pays(deal):
    """[(from, to, chips, why, col)] of the deal's pay events."""
    return [(e[1], e[2], e[3], e[4], (e[5] or {}).get("col")) for e in deal.events if e[0] == "pay"]


def shows(deal):
    """{place: (values, value, yaku)} of the deal's show events."""
    out = {}
    for e in deal.events:
        if e[0] == "show":
            out[e[1]] = (list(oicho.ranks_of(e[2])), e[3], e[4])
    return out


def to_koi_phase(m, cols, dealer, bets):
    """Start a deal and play it up to the first koi/shimo decision."""
    deal = start(m, cols, dealer)
    bet_all(deal, bets)
    deal.act(TOP)
    return deal


def refused(deal, action, seat=None):
    """The RuleError message for an illegal action (None if it was legal)."""
    from oya.game import RuleError
    try:
        deal.act(action, seat)
    except RuleError as e:
        return str(e)
    return None
