"""`python -m tools pico labels`: the CPU a Kakkuri decision menu's play
labels cost on the emulated RP2040.

A play's label shows one legal order of its cards, and finding it is a
search (oya.games.kakkuri_search.play_order, as KakkuriDeal.label makes it). The
menu makes the labels of the rows it shows: the first screen's (a few
actions, then the first plays) and, on UP from the top (the cursor wraps),
the last four plays' at once. The scripted match rarely deals the hands
where these are dear, so the hands are chosen here, on the host, by the
looks the search takes at a play's cards (the same search, counted under
CPython),
and only the chosen ones are timed on the device (time.ticks_us, emulated
time: the CPU runs without a sleep through a key's labels).
"""
import itertools

# the device's side: CASES is a list of (cnt, k, a, t, base, sanzoku,
# anyone, dearest play); it prints one line a case
DEVICE_SCRIPT = r'''
import time
from oya.games import kakkuri as K
from oya.games import kakkuri_search as KS


class Table:                # what KakkuriDeal._order_for reads of its deal
    pass


def label_us(p, base, anyone):
    t = Table()
    t.base = base
    t.anyone = anyone
    t0 = time.ticks_us()
    for _ in range(REPS):
        K.KakkuriDeal._order_for(t, p)     # (the label's own search)
    return time.ticks_diff(time.ticks_us(), t0) // REPS


for cnt, k, a, t, base, sz, anyone, dear in CASES:
    plays = KS.search(cnt, k, a, t, base, sz, anyone)
    first = sum(label_us(p, base, anyone) for p in plays[:FIRST])
    last = sum(label_us(p, base, anyone) for p in plays[-4:])
    print("LABELS %d %d %d %d" % (len(plays), first, last, label_us(dear, base, anyone)))
'''

# the plays on a decision menu's first screen: its four rows less the
# actions above the plays (pass, and fold or sanzoku, at the least)
FIRST = 2


class _Counted(list):
    """A play's cards per rank that counts the search's looks at them."""
    looks = 0

    def __getitem__(self, i):
        _Counted.looks += 1
        return list.__getitem__(self, i)


def _looks():
    """The host's kakkuri module with the looks of its label's order search
    (kakkuri_search.play_order) at the cards counted: (the module, read():
    the count since the last read, undo(): the search module as it was)."""
    from oya.games import kakkuri as K      # (firmware/ is on the path: tools/__init__.py)
    from oya.games import kakkuri_search as KS
    search = KS._units_in_order

    def counted(left, *a):
        return search(_Counted(left), *a)

    def read():
        n = _Counted.looks
        _Counted.looks = 0
        return n

    def undo():
        KS._units_in_order = search
    KS._units_in_order = counted
    return K, read, undo


class _Table:
    """What KakkuriDeal._order_for reads of its deal: the label's own search
    is counted, as the device script times it."""

    def __init__(self, base, anyone):
        self.base = base
        self.anyone = anyone


def _cost(K, read, p, base, anyone):
    K.KakkuriDeal._order_for(_Table(base, anyone), p)
    return read()


def dear_cases(top=6, hands=None):
    """The `top` hands of six (holding two or three of the wilds, on an
    open table, with and without sanzoku) whose menu costs the most looks:
    its first screen or its last four rows. -> [(looks, case)], a case as
    DEVICE_SCRIPT takes it. `hands`: (ordinary ranks, (k, a, t)) to look
    at instead (tests)."""
    K, read, undo = _looks()
    try:
        return _dearest(K, read, top, hands)
    finally:
        undo()


def _dearest(K, read, top, hands):
    from oya.games.kakkuri_search import search
    if hands is None:
        hands = [(c, (1, 1, 1)) for c in itertools.combinations_with_replacement(range(1, 13), 3)]
        hands += [(c, w) for c in itertools.combinations_with_replacement(range(1, 13), 4)
                  for w in ((0, 1, 1), (1, 1, 0), (1, 0, 1))]
    found = []
    for ranks, (k, a, t) in hands:
        cnt = [0] * 13
        for r in ranks:
            cnt[r] += 1
        if max(cnt) > 3:
            continue
        for sz in (False, True):
            plays = search(cnt, k, a, t, 0, sz, True)
            if not plays:
                continue
            read()
            window = max(sum(_cost(K, read, p, 0, True) for p in plays[:FIRST]),
                         sum(_cost(K, read, p, 0, True) for p in plays[-4:]))
            found.append((window, (cnt, k, a, t, 0, sz, True, plays)))
    found.sort(key=lambda f: -f[0])
    out = []
    for window, (cnt, k, a, t, base, sz, anyone, plays) in found[:top]:
        dear = max(plays, key=lambda p: _cost(K, read, p, base, anyone))
        out.append((window, (cnt, k, a, t, base, sz, anyone, dear)))
    return out


def script(cases, reps=1):
    """The device script for `cases`, each label timed `reps` times over (a
    clock coarser than the RP2040's: the wasm port's counts whole ms)."""
    return (DEVICE_SCRIPT.replace("CASES", repr([c for _, c in cases])).replace("FIRST", str(FIRST))
            .replace("REPS", str(reps)))


def parse(text):
    """The device's lines -> [(plays, first screen us, last four us, dearest us)]."""
    return [tuple(int(x) for x in ln.split()[1:5]) for ln in text.splitlines() if ln.startswith("LABELS ")]


def hand_name(case):
    cnt, k, a, t = case[:4]
    ranks = [str(r) for r in range(1, 13) for _ in range(cnt[r])]
    wilds = [n for n, have in (("3k", k), ("1w", a), ("2w", t)) if have]
    return " ".join(ranks + wilds) + (" sanzoku" if case[5] else "")


def report(cases, rows, firmware_name):
    lines = ["Kakkuri menu labels on the RP2040 (%s): CPU of the labels a key makes, ms" % firmware_name,
             "  %-28s %6s %13s %16s %14s" % ("hand (open table)", "plays", "first screen",
                                             "UP: last 4 rows", "dearest label")]
    for (_, case), (n, first, last, dear) in zip(cases, rows):
        lines.append("  %-28s %6d %13.1f %16.1f %14.1f" % (hand_name(case), n, first / 1000, last / 1000,
                                                           dear / 1000))
    return "\n".join(lines)


def run_labels(uf2, rom, board_name, frozen, top, log):
    """Deploy once, then time the chosen hands' labels. -> report text."""
    import tempfile
    from pathlib import Path
    from tools.pico import deployed_flash
    from tools.pico.heapparts import _run
    log("pico: choosing the %d dearest menus on the host ..." % top)
    cases = dear_cases(top)
    with tempfile.TemporaryDirectory() as tmp:
        log("pico: booting %s and deploying the files ..." % Path(uf2).name)
        flash, _ = deployed_flash(uf2, rom, board_name, frozen, Path(tmp) / "flash.bin")
        log("pico: timing their labels on the device ...")
        text = _run(uf2, rom, flash, script(cases), tmp, "labels.py")
    rows = parse(text)
    if len(rows) != len(cases):
        raise RuntimeError("the device printed %d of %d lines:\n%s" % (len(rows), len(cases), text[-2000:]))
    return report(cases, rows, Path(uf2).name)
