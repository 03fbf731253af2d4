# Helpers for the table-deck tests (runtime-neutral): a deal played twice,
# once dealt by the device from a seed and once with a "real" deck whose
# cards are entered when the table deck asks for them (the device deal's
# cards, taken in the same order), must end the same.
from oya import rng, tabledeck
from oya.session import Session


def first_cards(match):
    """The cards a match's first-dealer draw took, in the order drawn."""
    return bytes([e[1] for e in match.intro if e[0] == "card"])


def mirror(game, opts, names, seed, pick, deals=1):
    """Play `deals` deals of a device match (seed-derived) choosing actions
    with pick(deal, seat, i), then the same actions in a table-deck match,
    entering each card asked for from the device deal. Returns (device
    session, table session, [entered draw indexes per deal])."""
    dev = Session(game, "t", dict(opts), names)
    tab = Session(game, "t", dict(opts), names)
    tab.match.table = True
    dev.draw_first_dealer(rng.derive(seed, 0))
    tabledeck.first_dealer(tab.match, first_cards(dev.match))   # the same cards, drawn on the table
    tab.begin_match()
    asked = []
    for n in range(deals):
        d = dev.begin_deal(rng.derive(seed, n + 1))
        i = 0
        while not d.done:
            dev.act(pick(d, d.turn, i))
            i += 1
        drawn = [e[1] for e in d.events if e[0] == "card"]
        t = tab.begin_deal()
        got = []
        for j in range(0, len(dev.acts), 2):
            while t.wants is not None:
                got.append(t.wants.k)
                tab.act(tabledeck.enter(drawn[t.wants.k]), t.turn)
            tab.act(dev.acts[j + 1], dev.acts[j])
        while t.wants is not None:
            got.append(t.wants.k)
            tab.act(tabledeck.enter(drawn[t.wants.k]), t.turn)
        asked.append(got)
        dev.end_deal()
        tab.end_deal()
    return dev, tab, asked
