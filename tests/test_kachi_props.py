"""Kachi-kachi properties over bot-played deals (CPython): the generic harness
(chips conserved after every pay, every card in exactly one place, step
bound, replay and transcript identity) with options drawn at random, plus
this game's visibility oracle after every action."""

import tools  # noqa: F401
from oya import rng
from oya.games import kachi
from tests.props import run_deals


def _cards_in(x, out):
    """Every card code in a view/public dict: card fields are bytes, nothing
    else is."""
    if isinstance(x, (bytes, bytearray)):
        out.update(x)
    elif isinstance(x, dict):
        for v in x.values():
            _cards_in(v, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _cards_in(v, out)
    return out


def knowledge(deal):
    """(public cards, {seat: cards that seat may know}) from the events alone."""
    pub = set()
    own = dict((s, set()) for s in range(deal.nseats))
    for e in deal.events:
        if e[0] == "card":
            if e[3]:
                pub.add(e[1])
            if e[2].startswith("seat:"):
                own[int(e[2][5:])].add(e[1])
        elif e[0] == "reveal":
            pub.add(e[1])
        elif e[0] == "show":
            pub.update(e[2])
    return pub, own


def leak_check(deal):
    pub, own = knowledge(deal)
    assert set(deal.seen(-1)) == pub, "seen(-1) is not the public cards"
    assert _cards_in(deal.public(), set()) <= pub, "public() shows a hidden card"
    for s in range(deal.nseats):
        may = pub | own[s]
        assert set(deal.seen(s)) == may, "seen(%d) differs from what it may know" % s
        assert _cards_in(deal.view(s), set()) <= may, "view(%d) shows a card it may not know" % s
    if deal.done:
        # a folded hand is never shown, not even at the end of the deal
        shown = set(e[1] for e in deal.events if e[0] == "show")
        for s in range(deal.nseats):
            if deal.folded[s]:
                assert "seat:%d" % s not in shown, "a folded hand was shown"
                assert set(deal.hands[s]) & pub <= set(deal._up_cards(s))


def test_props_2000_deals_random_options():
    # speed is measured by `make bench`, not asserted here (timed tests flake)
    stats = run_deals("kachi", deals=2000, seed=b"kachi-props-0000000000000000000!",
                      leak_check=leak_check, deals_per_match=8)
    assert stats["deals"] == 2000


def test_props_default_options_smart():
    stats = run_deals("kachi", deals=200, seed=b"kachi-props-1111111111111111111!",
                      option_draw=False, bots=("smart",), leak_check=leak_check)
    assert stats["deals"] == 200


def test_props_variant_options():
    """The options random_options leaves at their defaults (structured ones)
    and the regional variants, played by both bots."""
    variants = [
        {"pin_tier_order": ["10-1", "9-1", "6-1", "5-1", "4-1"],
         "pin_41_91_position": "between_8-8_and_9-9"},
        {"goshugi": {"tamashii": 3, "pinpin": 0, "junjun": 2, "arashi": 5,
                     "inketsu_geri": 2, "buta_geri": 2},
         "inketsu_geri": "on", "buta_geri": "on", "deck_variant": "three_1s_10s"},
        {"draw_exposure": "any_card", "shibari": "on", "rate_cap": 3, "rate_min": 2},
        {"color_tiebreak": "black_high", "aka_pin_priority": "inferior", "kenpei_effect": "kenpei_wins"},
    ]
    import tests.props as props
    orig = props.random_options
    try:
        for i, v in enumerate(variants):
            def fixed(table, r, v=v):
                o = dict((e[0], e[1]) for e in table)
                o.update(v)
                return o
            props.random_options = fixed
            stats = run_deals("kachi", deals=100, seed=rng.derive(b"v" * 32, i),
                              leak_check=leak_check)
            assert stats["deals"] == 100
    finally:
        props.random_options = orig


def test_props_extreme_options():
    """Options at the edges of their ranges, every regional switch flipped at
    random: the generic properties still hold."""
    import tests.props as props
    orig = props.random_options
    edges = {"ante": (1, 7, 60), "rate_cap": (None, 1, 2, 40), "rate_min": (1, 3, 30),
             "circuits": (1, 2, 9), "starting_chips": (1, 12, 400), "deals_per_match": (1, 3, 999)}

    def extreme(table, r):
        o = orig(table, r)
        for k, vals in edges.items():
            o[k] = vals[r.below(len(vals))]
        orders = (["4-1", "5-1", "6-1", "9-1", "10-1"], ["10-1", "6-1", "4-1", "9-1", "5-1"])
        o["pin_tier_order"] = orders[r.below(2)]
        o["goshugi"] = {"junjun": r.below(4), "arashi": r.below(6), "buta_geri": r.below(3)}
        return o
    try:
        props.random_options = extreme
        stats = run_deals("kachi", deals=400, seed=b"kachi-extreme-00000000000000000!",
                          leak_check=leak_check, deals_per_match=6)
    finally:
        props.random_options = orig
    assert stats["deals"] == 400
