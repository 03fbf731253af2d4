# Meri's actions as sentences (oya.ui.say): a play names the card it went on,
# a face-down trump stays hidden until its trick is complete, the okie's
# discard is never named, and each trick ends on a line with its winner, its
# team, its cards and any yaku with its hiki.
from oya.game import EN
from oya import cards
from oya.games.meri import MeriDeal, KIND, TEAMS, ROBOTTA, HIDE, NO_EXCHANGE, PLAY, trick_yaku, yaku_hiki, value_label


def _card(c, lang):
    if lang == EN:
        return cards.name(KIND, c)
    from oya.cards_ja import name_ja
    return name_ja(KIND, c)


def each_sentence(deal, acts, names, lang, start=0):
    """(index in `acts`, sentence) for the actions from acts[start], or
    None for a deal whose labels say it all (the table deck's score)."""
    if not isinstance(deal, MeriDeal):
        return None
    return _sentences(deal, acts, names, lang, start)


def _sentences(deal, acts, names, lang, start):
    n = deal.nseats
    plays = 0
    for i in range(0, len(acts) - 1, 2):
        seat, a = acts[i], acts[i + 1]
        who = names[seat]
        if a >= PLAY:
            pos = plays % n
            k = plays // n
            c = deal.played[plays]
            plays += 1
            if i < start:
                continue
            if deal.downs[plays - 1]:
                s = ("%s played a card face down" % who) if lang == EN else ("%s フセテ ダシタ" % who)
            elif pos == 0:
                s = ("%s led %s" % (who, _card(c, lang))) if lang == EN else ("%s %s ウチダシ" % (who, _card(c, lang)))
            else:
                lead = deal.played[k * n]
                if deal.downs[k * n]:
                    s = ("%s played %s" % (who, _card(c, lang))) if lang == EN else ("%s %s ダシタ" % (who, _card(c, lang)))
                elif lang == EN:
                    s = "%s played %s on %s" % (who, _card(c, lang), _card(lead, lang))
                else:
                    s = "%s %s ヲ %s ニ ダシタ" % (who, _card(c, lang), _card(lead, lang))
            yield i, s
            if pos == n - 1:
                yield i, trick_line(deal, k, names, lang)
            continue
        if i < start:
            continue
        if a == ROBOTTA:
            s = ("%s: Robotta! (trump J)" % who) if lang == EN else ("%s ロボッタ! (キリフダ J)" % who)
        elif a == HIDE:
            s = ("%s stays silent" % who) if lang == EN else ("%s ダマル" % who)
        elif a == NO_EXCHANGE:
            s = ("%s kept the hand" % who) if lang == EN else ("%s コウカン シナイ" % who)
        else:
            s = ("%s took the okie" % who) if lang == EN else ("%s オキエ ヲ トッタ" % who)
        yield i, s


def trick_line(deal, k, names, lang):
    """Trick k (0-based) once complete: its winner, team, cards, yaku."""
    n = deal.nseats
    trick = bytes(deal.played[k * n:k * n + n])
    won = deal.winners[k]
    lead = deal.leaders[k]
    best = trick[(won - lead) % n]
    cs = " ".join(_card(c, lang) for c in trick)
    if lang == EN:
        s = "Trick %d: %s (%s) with %s: %s" % (k + 1, names[won], TEAMS[won % 2], _card(best, lang), cs)
    else:
        s = "%dコメ: %s (%s) %s: %s" % (k + 1, names[won], TEAMS[won % 2], _card(best, lang), cs)
    y = trick_yaku(trick, deal.trump, deal.two_ace)
    if y is not None:
        h = yaku_hiki(y, k + 1 == deal.ntricks, deal.j_hidden, deal.stacking)
        s += ", " + value_label(h, y, lang)
    return s
