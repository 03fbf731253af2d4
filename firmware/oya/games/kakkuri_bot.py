# Kakkuri bots. They see only deal.view(seat) and deal.choices(seat).
#   random_bot  uniform over the legal actions.
#   smart_bot   declines fuwari; declares sanzoku when it can; goes out when it
#               can; folds a weak hand in the first round when guri is likely
#               (several opponents still hold 6 cards); otherwise plays the
#               longest run that keeps a wild for later; it holds a 12 (passes)
#               rather than end a play on it or spend it to shed one card more.
from oya.games import kakkuri as K
from oya.games import kakkuri_search as KS


def random_bot(deal, seat, rng):
    ch = deal.choices(seat)
    return ch[rng.below(len(ch))]


def _weak(hand):
    """No wild, no 12 and at most one pair of neighbouring ranks."""
    ranks = []
    for c in hand:
        if c == K.AKA or c == K.TAIKO:
            return False
        r = K.rank(c)
        if r == 12:
            return False
        if r not in ranks:
            ranks.append(r)
    links = 0
    for r in ranks:
        if r + 1 in ranks:
            links += 1
    return links <= 1


def _guri_risk(v, seat):
    n = 0
    counts = v["counts"]
    for s in range(len(counts)):
        if s != seat and counts[s] == 6 and v["seated"][s] and not v["folded"][s] and s != v["out"]:
            n += 1
    return n >= 3


def _pick(best, rng):
    return best[rng.below(len(best))]


def smart_bot(deal, seat, rng):
    ch = deal.choices(seat)
    if len(ch) == 1:
        return ch[0]
    v = deal.view(seat)
    if v["phase"] == "fuwari":
        return K.DECLINE if K.DECLINE in ch else ch[-1]
    if K.HAKO in ch:
        return K.HAKO
    if K.SANZOKU in ch:
        return K.SANZOKU
    hand = v["hand"]
    nh = len(hand)
    plays = [a for a in ch if a >= K.PLAY]
    wins = [a for a in plays if KS.play_size(a) == nh]
    if wins:
        return _pick(wins, rng)
    if K.FOLD in ch and v["round"] == 1 and _weak(hand) and _guri_risk(v, seat):
        return K.FOLD
    if not plays:
        return K.PASS if K.PASS in ch else ch[0]
    wilds = 0
    for c in hand:
        if c == K.AKA or c == K.TAIKO:
            wilds += 1
    # score = 2 per card, -3 per wild (-2 more for spending the last wild
    # with cards still to shed), -5 for ending on a 12 or for a 12 followed
    # by fewer than 2 cards (hold the kiri for a longer run later). Finding
    # where the 12 falls needs play_order (a search): it is run only for the
    # plays whose score before that penalty can still reach the best score,
    # best first, so a hand with both wilds does not search all its plays.
    pre = []
    for a in plays:
        ranks, k, ar, tr, last = KS.play_parts(a)
        w = (1 if ar else 0) + (1 if tr else 0)
        n = len(ranks) + w
        score = 2 * n - 3 * w
        if w and w == wilds and nh - n > 1:
            score -= 2          # spends the last wild with cards still to shed
        kiri = 0
        if last == 12:
            score -= 5          # do not hand the kiri on to the next player
        elif 12 in ranks or ar == 12 or tr == 12:
            kiri = 1            # penalised below if fewer than 2 cards follow the 12
        pre.append((score, kiri))
    idx = list(range(len(plays)))
    idx.sort(key=lambda i: -pre[i][0])
    final = [None] * len(plays)
    top = None
    for i in idx:
        score, kiri = pre[i]
        if top is not None and score < top:
            break
        if kiri:
            toks = KS.play_order(plays[i], v["base"], v["sanzoku"][seat], deal.anyone)
            j = 0
            while toks[j] >> KS.TOK_RANK != 12:
                j += 1
            if len(toks) - j - 1 < 2:
                score -= 5      # hold the 12 for a longer run later
        final[i] = score
        if top is None or score > top:
            top = score
    if top is None or top <= 0:
        return K.PASS
    return _pick([plays[i] for i in range(len(plays)) if final[i] == top], rng)
