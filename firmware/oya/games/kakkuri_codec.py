# Kakkuri's plays from their transcript names (["4", "2w=5", "6"]) to
# actions: what KakkuriDeal.encode needs, which the tools reading a
# transcript call and a deal on the device never does (as .mpy, the engine
# module is the largest code in RAM).
from oya.games.kakkuri_consts import PLAY


def play_code(ranks, k, a, t, last):
    """The action of a play: `ranks` the non-wild ranks (the kuro-hibashi
    counted as a 3, and k=1 when it is one of them), a / t the rank declared
    for the aka-choro / the taiko (0 when not played), `last` the rank of its
    last card."""
    nw = (1 if a else 0) + (1 if t else 0)
    rs = sorted(ranks, reverse=True)
    if len(rs) > 6 - nw or len(rs) + nw == 0:
        raise ValueError("1 to 6 cards")
    v = 0
    m = 1
    for i in range(6 - nw):
        if i < len(rs):
            if not 1 <= rs[i] <= 12:
                raise ValueError("rank 1-12")
            v += rs[i] * m
        m *= 13
    for w in (a, t):
        if w:
            if not 1 <= w <= 12:
                raise ValueError("rank 1-12")
            v += w * m
            m *= 13
    if k and 3 not in rs:
        raise ValueError("3k is a 3")
    if not 1 <= last <= 12:
        raise ValueError("rank 1-12")
    v = v * 12 + last - 1
    return PLAY + ((v * 2 + (1 if k else 0)) * 2 + (1 if a else 0)) * 2 + (1 if t else 0)



def parse_play(names):
    """Transcript card strings in play order (["4", "2w=5", "6"]) -> the
    play action."""
    ranks = []
    k = a = t = last = 0
    for s in names:
        if s[:3] == "1w=":
            if a:
                raise ValueError("two aka-choro")
            a = last = int(s[3:])
        elif s[:3] == "2w=":
            if t:
                raise ValueError("two taiko")
            t = last = int(s[3:])
        elif s == "3k":
            if k:
                raise ValueError("two 3k")
            k = 1
            ranks.append(3)
            last = 3
        else:
            last = int(s)
            ranks.append(last)
    return play_code(ranks, k, a, t, last)
