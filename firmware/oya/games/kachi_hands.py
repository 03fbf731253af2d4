# Kachi-kachi's hands: values, yaku, the ladder in force, tie-breaks, the
# pair the device plays, and the table's rows. Pure functions of cards and
# options, used by the engine (oya.games.kachi, which gives them under its
# own name) and its bot. A module of their own so the engine is imported in
# two passes of the device loop: as one .mpy its import is too long a run
# of CPU for one pass.
from oya.game import EN, cut, spaces
from oya.compat import const
from oya.heap import field
from oya import cards
from oya.games.kachi_names import PIN_NAMES, GOSHUGI_DEFAULT

PIN_IDS = ("shippin", "goppin", "roppin", "kuppin", "toppin")
# pair yaku by rank - 1
PAIR_IDS = ("pinpin", "ninnin", "sansan", "shisshi", "gongo", "rokuroku",
            "shichishichi", "hachihachi", "kunkun", "junjun")
VALUE_EN = "buta|pin|nitako|santa|shisun|goke|roppo|naki|oicho|kabu"
YAKU_IDS = ("shippin", "goppin", "roppin", "kuppin", "toppin", "ninnin", "sansan", "shisshi",
            "gongo", "tamashii", "rokuroku", "shichishichi", "hachihachi", "kunkun", "pinpin",
            "junjun", "kenpei", "inketsu_geri", "buta_geri", "arashi")
YAKU_EN = "Shippin|Goppin|Roppin|Kuppin|Toppin|Ninnin|Sansan|Shisshi|Gongo|Tamashii|Rokuroku|Shichishichi|Hachihachi|Kunkun|Pinpin|Junjun|Kenpei|Inketsu-geri|Buta-geri|Arashi"


def rank(code):
    return code // 4 + 1


def is_red(code):
    """Colour for the tie-break: copy 0 (and the third copy, 2) red, copy 1 black.
    The red pin "1r" is red."""
    return code % 2 == 0


def value_of(a, b):
    return (rank(a) + rank(b)) % 10


def ladder(opts):
    """The yaku in force, weakest first: strength = 10 + index (plain number
    hands are strength 0..9)."""
    pin_on = opts.get("pin_yaku", "on") == "on"
    pins = []
    if pin_on:
        for p in opts.get("pin_tier_order") or PIN_NAMES:
            y = PIN_IDS[PIN_NAMES.index(p)]
            if y == "roppin" and opts.get("roppin", "on") != "on":
                continue
            pins.append(y)
    pairs = ["ninnin", "sansan", "shisshi", "gongo"]
    if opts.get("tamashii", "on") == "on":
        pairs.append("tamashii")
    pairs.extend(("rokuroku", "shichishichi", "hachihachi", "kunkun", "pinpin", "junjun"))
    pos = opts.get("pin_41_91_position", "pin_tier")
    if pin_on and pos != "pin_tier":
        moved = [y for y in pins if y in ("shippin", "kuppin")]
        pins = [y for y in pins if y not in moved]
        low = pos.split("_")[1]                       # "3-3" of between_3-3_and_4-4
        i = pairs.index(PAIR_IDS[int(low.split("-")[0]) - 1]) + 1
        pairs[i:i] = moved
    return tuple(pins + pairs)


def pair_yaku(a, b, oya, opts):
    """The yaku id a two-card hand could be for this role (before the ladder
    says whether it is in force), or None."""
    ra, rb = rank(a), rank(b)
    if ra == rb:
        return PAIR_IDS[ra - 1]
    if ra != 1 and rb != 1:
        return None
    o = ra + rb - 1
    if o == 4:
        if (opts.get("tamashii", "on") == "on" and a in (cards.KACHI_GILDED_1, cards.KACHI_GILDED_4)
                and b in (cards.KACHI_GILDED_1, cards.KACHI_GILDED_4)):
            return "tamashii"
        return None if oya else "shippin"
    if o == 5:
        return "goppin"
    if o == 6:
        return "roppin"
    if o == 9:
        return "kuppin" if oya else None
    if o == 10:
        if opts.get("toppin_requires_aka_pin") and cards.KACHI_AKA_PIN not in (a, b):
            return None
        return "toppin"
    return None


def evaluate(a, b, oya, opts, lad):
    """(strength, value, yaku) of the two cards a, b for a dealer (oya) or not."""
    v = value_of(a, b)
    y = pair_yaku(a, b, oya, opts)
    if y is not None and y in lad:
        return 10 + lad.index(y), v, y
    return v, v, None


def tiebreak(a, b, opts):
    """A tuple: larger wins between hands of equal strength."""
    ak = opts.get("aka_pin_priority", "off")
    has = 1 if cards.KACHI_AKA_PIN in (a, b) else 0
    k1 = has if ak == "superior" else (1 - has if ak == "inferior" else 0)
    col = opts.get("color_tiebreak", "off")
    if col == "off":
        return (k1, 0, 0)
    red = col == "red_high"
    n = (1 if is_red(a) == red else 0) + (1 if is_red(b) == red else 0)
    ra, rb = rank(a), rank(b)
    hi = 0
    if ra != rb:
        h = a if ra > rb else b
        hi = 1 if is_red(h) == red else 0
    return (k1, n, hi)


def goshugi_units(opts, yaku):
    g = opts.get("goshugi")
    if g is None:
        g = GOSHUGI_DEFAULT
    u = g.get(yaku)
    if u is None:
        u = GOSHUGI_DEFAULT.get(yaku, 0)
    return u


def arashi_rank(hand):
    """The rank held three times (three 1s or three 10s, 22-card deck), or 0."""
    for r in (1, 10):
        if sum(1 for c in hand if rank(c) == r) >= 3:
            return r
    return 0


def bonus_units(pair, yaku, hand, opts):
    u = goshugi_units(opts, yaku) if yaku in ("tamashii", "pinpin", "junjun") else 0
    r = arashi_rank(hand)
    if r and rank(pair[0]) == r and rank(pair[1]) == r:
        u = max(u, goshugi_units(opts, "arashi"))
    return u


def best_pair(hand, oya, opts, lad, skip=None):
    """The pair the device plays for a hand of 2 to 4 cards:
    (key, (i, j), strength, value, yaku); key orders hands (larger wins).
    skip: a yaku not to play (None when every pair is that yaku)."""
    best = None
    n = len(hand)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = hand[i], hand[j]
            s, v, y = evaluate(a, b, oya, opts, lad)
            if y is not None and y == skip:
                continue
            key = (s, tiebreak(a, b, opts), bonus_units((a, b), y, hand, opts))
            if best is None or key > best[0]:
                best = (key, (i, j), s, v, y)
    return best


def kenpei_pair(hand, opts):
    """(i, j) of the best 1-2 in the hand, or None."""
    best = None
    for i in range(len(hand)):
        for j in range(len(hand)):
            if rank(hand[i]) == 1 and rank(hand[j]) == 2:
                k = tiebreak(hand[i], hand[j], opts)
                if best is None or k > best[0]:
                    best = (k, (min(i, j), max(i, j)))
    return None if best is None else best[1]


def value_label(value, yaku=None, lang=EN):
    """'8 oicho' / 'オイチョ', or the yaku's name."""
    if yaku is not None:
        i = YAKU_IDS.index(yaku)
        if lang:
            from oya.games.kachi_ja import YAKU_JA
            return field(YAKU_JA, i)
        return field(YAKU_EN, i)
    v = int(value)
    if lang:
        from oya.games.kachi_ja import VALUE_JA
        return field(VALUE_JA, v)
    return "%d %s" % (v, field(VALUE_EN, v))


def _cname(kind, code, lang):
    if lang:
        from oya.cards_ja import name_ja
        return name_ja(kind, code)
    return cards.name(kind, code)


def table_lines(pub, names, kind, lang=0):
    """The public table in rows of at most 21 cells for the device screen:
    pot, round and rate (or the result); then one row per seat from the seat
    to act: > on turn, * the dealer, chips put in this deal, the cards held
    (F folded, - sitting out) and the cards face up (=value after a show)."""
    n = len(names)
    res = pub["result"]
    if res is None:
        rows = [("Pot %d r%d/%d rate %d" if lang == 0 else "バ %d %d/%dジュン レート %d") % (pub["pot"], pub["circuit"], pub["circuits"], pub["rate"])]
    elif pub["winner"] >= 0:
        rows = ["%s wins%s" % (cut(names[pub["winner"]], 10), " (geri)" if res == "geri" else "")]
    elif res == "split":
        rows = ["Pot split: last deal"]
    else:
        rows = ["%s: pot %d stays" % ("Hiki" if res == "hiki" else "Shibari", pub["pot"])]
    start = pub["turn"] if pub["turn"] >= 0 else pub["oya"]
    for i in range(n):
        s = (start + i) % n
        if not pub["dealt"][s]:
            st = "-"
        elif pub["folded"][s]:
            st = "F"
        else:
            st = pub["ncards"][s]
        sh = pub["shown"][s]
        if sh is None:
            up = cards.joined(kind, pub["up"][s])
        else:
            st = cards.joined(kind, sh[0])
            up = "=%s" % (sh[1] if sh[2] is None else cut(sh[2], 5))
        nm = cut(names[s], 5)
        # (one string a row: as .mpy each new one costs a search of the
        # interned names, see oya.cards.put_name)
        row = ("%s%s%s%s%3d %s %s" if up else "%s%s%s%s%3d %s%s") % (
            ">" if s == pub["turn"] else " ", nm, spaces(nm, 5), "*" if s == pub["oya"] else " ",
            pub["put"][s], st, up)
        rows.append(cut(row, 21))
    rows[0] = cut(rows[0], 21)
    return rows
