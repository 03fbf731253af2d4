# Kachi-kachi's actions from their transcript form: what KachiDeal.encode
# needs, which the tools reading a transcript call and a deal on the device
# never does (as .mpy, the engine module is the largest code in RAM).
from oya import cards
from oya.games.kachi_hands import BUTA_GERI, CALL, DRAW, DRAW_SHOW, EXPOSE, FOLD, INKETSU_GERI, RATE, SHIROKU


def encode(deal, do, args):
    """The action of transcript form (do, args) in `deal` (decode()'s inverse)."""
    simple = {"fold": FOLD, "call": CALL, "shiroku": SHIROKU,
              "inketsu_geri": INKETSU_GERI, "buta_geri": BUTA_GERI}
    if do in simple:
        return simple[do]
    if do == "rate":
        return RATE + int(args["chips"])
    hand = deal.hands[deal.turn] if deal.turn >= 0 else b""
    if do == "draw":
        if not args or "show" not in args:
            return DRAW
        for i in range(min(2, len(hand))):
            if cards.name(deal.kind, hand[i]) == args["show"]:
                return DRAW_SHOW + i
        raise ValueError("no card %s to show" % args["show"])
    if do == "expose":
        for i in range(len(hand)):
            if cards.name(deal.kind, hand[i]) == args["card"] and not deal.up[deal.turn] & (1 << i):
                return EXPOSE + i
        raise ValueError("no card %s to expose" % args["card"])
    raise ValueError("unknown act " + str(do))
