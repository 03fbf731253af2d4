# A finished Meri deal in words for its results screen (loaded while they
# are shown, apart from the sentences of oya.games.meri_say that a deal in
# play loads): tricks, hiki and the yaku, adjusted counts, the match's leader.
from oya.game import EN
from oya.games.meri import TEAMS, value_label


def _team(t, names):
    """Team t's name and seats: "A (P1&P3)"."""
    return "%s (%s)" % (TEAMS[t], "&".join(names[s] for s in range(t, len(names), 2)))


def result_lines(deal, names, lang):
    """A finished deal in words, from what the table saw (public() and the
    yaku shown): the tricks each team took, each hiki taken from the other
    team and the yaku that made it, the adjusted counts, and the match's
    totals with its leader (Meri moves no chips: no balances)."""
    pub = deal.public()
    en = lang == EN
    for t in (0, 1):
        if en:
            yield "%s took %d tricks" % (_team(t, names), pub["tricks"][t])
        else:
            yield "%s %dコ トッタ" % (_team(t, names), pub["tricks"][t])
    winners = pub.get("winners")        # (the table deck's score keeps none)
    for ev in deal.events:
        if ev[0] != "show":
            continue
        k = int(ev[1][6:])              # (at = "trick:k")
        y = value_label(ev[3], ev[4], lang)
        if winners is None:
            yield ("Trick %d: %s" if en else "%dコメ: %s") % (k, y)
            continue
        t = winners[k - 1] % 2
        if en:
            yield "Trick %d: %s takes %d hiki from %s (%s)" % (k, TEAMS[t], ev[3], TEAMS[1 - t], y.split(":")[0])
        else:
            yield "%dコメ: %s ガ %s カラ ヒキ%d (%s)" % (k, TEAMS[t], TEAMS[1 - t], ev[3], y)
    ha, hb = pub["hiki"]
    a, b = pub["result"]
    if not ha and not hb:
        yield "No yaku: no hiki" if en else "ヤク ナシ: ヒキ ナシ"
    elif en:
        yield "Hiki: A %d from B, B %d from A" % (ha, hb)
        yield "After hiki: A %d, B %d tricks" % (a, b)
    else:
        yield "ヒキ: A %d (B カラ), B %d (A カラ)" % (ha, hb)
        yield "ヒキ ノ アト: A %dコ, B %dコ" % (a, b)
    sa, sb = pub["score"]               # (the match before this deal: it counts the deal once its results are read)
    sa += a
    sb += b
    if en:
        lead = "a tie" if sa == sb else ("A leads" if sa > sb else "B leads")
        yield "Match: A %d, B %d: %s" % (sa, sb, lead)
    else:
        lead = "ドウテン" if sa == sb else ("A ガ リード" if sa > sb else "B ガ リード")
        yield "ゴウケイ: A %d, B %d %s" % (sa, sb, lead)
