# The menu entries of decisions that differ only in an amount (the deal
# screens, oya.ui.play): runs of consecutive actions grouped under one number
# spinner, and the amount picked turned back into its action. Loaded for the
# games whose actions carry amounts, all but Kakkuri: as .mpy this code is
# RAM a Kakkuri deal has no use for.


def _amount(args):
    """The amount of a decision that is one of several differing only in it
    (`chips`, and perhaps a column), or None."""
    if args and "chips" in args and len(args) <= 2:
        return args["chips"]
    return None


def _run_end(ch, i):
    """The last index of the run of consecutive actions from ch[i]. Engines
    number the amounts of a decision consecutively, and a bet can have a
    hundred: the end is guessed by doubling then halving on ch[k] - ch[i] ==
    k - i (true all along the run) and the guess checked with one comparison
    made in C (a loop in Python is slow per action on the device)."""
    n = len(ch)
    a = ch[i]
    lo, step = i, 1
    while lo + step < n and ch[lo + step] - a == lo + step - i:
        lo += step
        step += step
    lo = _last_where(lo, min(lo + step, n) - 1, lambda k: ch[k] - a == k - i)
    j = lo if lo - i < 2 or ch[i:lo + 1] == list(range(a, a + lo - i + 1)) else i
    while j + 1 < n and ch[j + 1] == ch[j] + 1:      # the rest, one by one (a guess cut short)
        j += 1
    return j


def _decision_end(deal, ch, i, j, do, col, amount):
    """The last index in ch[i..j] (a run of consecutive actions) of the
    decision ch[i] decodes to (`do`, `col`, `amount`): the whole run, or,
    when the run holds several decisions back to back (Oicho-Kabu's bets on
    four columns are one run), found by halving (a decode of every action
    is too slow on the device)."""
    a = ch[i]
    if _same_decision(deal, ch[j], a, do, col, amount):    # the whole run: most often
        return j
    return _last_where(i, j - 1, lambda k: _same_decision(deal, ch[k], a, do, col, amount))


def _last_where(lo, hi, holds):
    """The last k in lo..hi with holds(k), by halving: holds(lo) is true,
    and once false it stays false."""
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if holds(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _same_decision(deal, x, a, do, col, amount):
    """Whether action x is action a's decision (`do`, `col`) with its amount
    as far from a's `amount` as x is from a."""
    do2, args2 = deal.decode(x)
    return do2 == do and _amount(args2) == amount + x - a and args2.get("col") == col


def grouped(deal, ch, lang=0):
    """The entries of the legal actions `ch` (a list the caller does not
    change: it may be the engine's cached one) with the amount runs grouped,
    or None when nothing groups (the entries are then `ch` itself). The
    engines number the amounts of one decision consecutively, so only a run
    of three or more consecutive actions can be an amount entry: it is one
    when its first and last decode to the same decision with amounts as far
    apart as the actions, and is then taken whole (as ranges, not decoding
    every action between: a bet of 1-96 chips is two decodes, not 96); the
    amount picked is decoded again before it is taken (amount_action). An
    amount entry is a list [label, actions, amounts], labelled in `lang`."""
    items = None        # while nothing is grouped, the entries are `ch` itself
    index = {}
    i = 0
    n = len(ch)
    j = -1              # the end of the run of consecutive actions i is in
    while i < n:
        a = ch[i]
        if j < i:
            j = _run_end(ch, i)
        k = i + 1                     # past the entry that starts at i
        if j - i >= 2:                # a run of 3+: perhaps one amount entry
            do, args = deal.decode(a)
            amount = _amount(args)
            if amount is not None:
                col = args.get("col")
                k = _decision_end(deal, ch, i, j, do, col, amount) + 1
        if k - i < 3:
            if items is not None:
                items.append(a)
            i += 1
            continue
        if items is None:
            items = ch[:i]
        acts = range(a, a + k - i)
        nums = range(amount, amount + k - i)
        key = (do, col)
        g = index.get(key)
        if g is None:
            index[key] = len(items)
            items.append([key, acts, nums])         # named below, once its amounts are all in
        else:
            e = items[g]
            e[1] = list(e[1]) + list(acts)
            e[2] = list(e[2]) + list(nums)
        i = k
    if items is None:
        return None
    from oya.ui.tables import story_words, word
    words = story_words(lang)
    for e in items:
        if type(e) is not int:
            do, col = e[0]
            nums = e[2]         # a range (its ends), or lists joined
            lo, hi = (nums[0], nums[-1]) if type(nums) is range else (min(nums), max(nums))
            do = word(words, do)
            if col is None:
                e[0] = "%s %d-%d" % (do, lo, hi)
            else:
                e[0] = ("%s col %d %d-%d" if words is None else "%s %dレツ %d-%d") % (do, col, lo, hi)
    return items


def amount_action(deal, acts, nums, v):
    """The action of amount `v` in a grouped entry, checked: it must decode
    to the entry's decision with that amount (else -1, which the engine
    refuses)."""
    for k in range(len(nums)):
        if nums[k] == v:
            a = acts[k]
            do, args = deal.decode(a)
            do0, args0 = deal.decode(acts[0])
            if do == do0 and _amount(args) == v and args.get("col") == args0.get("col"):
                return a
            break
    return -1
