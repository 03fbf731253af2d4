# Kakkuri's actions as sentences (oya.ui.say): a play names its cards and the
# base card it went on, a hako turn names the new base, a fold says the chip
# it costs. Everything read is on the table: the base cards turned (the pile)
# and the action codes, whose cards are in plain sight once played.
from oya.game import EN
from oya.games.kakkuri import KakkuriDeal, _token_short
from oya.games.kakkuri_consts import DECLINE, FOLD, FUWARI, HAKO, LOOK, PASS, PLAY, SANZOKU, UTAZU, rank
from oya.games.kakkuri_search import TOK_RANK, play_order


def each_sentence(deal, acts, names, lang, start=0):
    """(index in `acts`, sentence) for the actions from acts[start], or
    None for a deal that is not Kakkuri's."""
    if not isinstance(deal, KakkuriDeal):
        return None
    return _sentences(deal, acts, names, lang, start)


def _sentences(deal, acts, names, lang, start):
    en = lang == EN
    pile = deal.pile
    turned = 1                      # base cards of the pile in play so far
    base = rank(pile[0]) if pile else 0
    sanzoku = 0                     # (a bit a seat: declared, so its plays may be pairs)
    for i in range(0, len(acts) - 1, 2):
        seat, a = acts[i], acts[i + 1]
        who = names[seat] if 0 <= seat < len(names) else "?"
        s = None
        if a >= PLAY:
            toks = play_order(a, base, sanzoku >> seat & 1, deal.anyone)
            if toks is not None:
                was = base
                base = toks[-1] >> TOK_RANK
                if i >= start:
                    cs = " ".join(_token_short(t, lang) for t in toks)
                    s = ("%s played %s on %d" % (who, cs, was)) if en else ("%s %s ヲ %d ニ ダシタ" % (who, cs, was))
        elif a == HAKO:
            if turned < len(pile):
                base = rank(pile[turned])
            turned += 1
            s = ("%s turned the hako: %d" % (who, base)) if en else ("%s ハコヲ メクッタ: %d" % (who, base))
        elif a == SANZOKU:
            sanzoku |= 1 << seat
            s = ("%s declared sanzoku (3 pairs)" % who) if en else ("%s サンゾク (3 ペア)" % who)
        elif a == PASS:
            s = ("%s passed" % who) if en else ("%s オクッタ (パス)" % who)
        elif a == FOLD:
            s = ("%s folded: 1 chip in" % who) if en else ("%s オリタ: 1マイ ダス" % who)
        elif a == LOOK:
            s = ("%s looked at the hand" % who) if en else ("%s テフダヲ ミタ" % who)
        elif a == DECLINE:
            s = ("%s kept the hand" % who) if en else ("%s フワラナイ" % who)
        elif a == UTAZU:
            s = ("%s: utazu! three 1s" % who) if en else ("%s ウタズ! 1ガ 3マイ" % who)
        elif a >= FUWARI:
            t = a - FUWARI
            w = ("the dealer" if en else "オヤ") if t == deal.dealer else (names[t] if 0 <= t < len(names) else "?")
            s = ("%s swapped hands with %s" % (who, w)) if en else ("%s %s ト テフダヲ カエタ" % (who, w))
        if s is not None and i >= start:
            yield i, s
