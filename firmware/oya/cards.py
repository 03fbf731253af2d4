# Cards are small ints; a deck is `bytes`. No object per card.
#
# Rank decks (hanafuda/kabufuda/kachi/Komatsu): code = (rank - 1) * 4 + copy,
# copy 0..3, so rank = code // 4 + 1 and a 48-card deck fits codes 0..47.
# 52-card decks: code = pack * 52 + suit * 13 + (rank - 1), rank 1 = A .. 13 = K,
# suits S H D C.
from oya.compat import const

HANAFUDA = const(0)   # Oicho-Kabu, months 1-10 x 4
KABUFUDA = const(1)   # Oicho-Kabu, ranks 1-10 x 4
KACHI20 = const(2)    # Kachi-kachi, ranks 1-10 x 2
KACHI22 = const(3)    # Kachi-kachi, three 1s and three 10s
KOMATSU = const(4)    # Kakkuri, ranks 1-12 x 4
STD52 = const(5)      # Kyutenhan, Meri
STD104 = const(6)     # Kyutenhan with two packs

# Special cards (codes)
KACHI_AKA_PIN = const(0)   # 1, copy 0: the red pin "1r"
KACHI_GILDED_1 = const(1)  # 1, copy 1: "1g"
KACHI_GILDED_4 = const(12)  # 4, copy 0: "4g"
AKA_CHORO = const(0)       # Komatsu 1, copy 0: wild "1w"
TAIKO = const(4)           # Komatsu 2, copy 0: wild "2w"
KURO_HIBASHI = const(8)    # Komatsu 3, copy 0: "3k"

RANKS52 = "A23456789TJQK"
SUITS = "SHDC"


def deck(kind):
    """The full deck of `kind`, as bytes, in a fixed canonical order."""
    if kind in (HANAFUDA, KABUFUDA):
        return bytes(range(40))
    if kind == KOMATSU:
        return bytes(range(48))
    if kind == KACHI20:
        return bytes(c for c in range(40) if c % 4 < 2)
    if kind == KACHI22:
        return bytes(c for c in range(40) if c % 4 < 2 or c in (2, 38))
    if kind == STD52:
        return bytes(range(52))
    if kind == STD104:
        return bytes(range(104))
    raise ValueError("unknown deck")


def rank(kind, code):
    """1-based rank: month/number for rank decks, 1 (A) .. 13 (K) for 52-card."""
    if kind >= STD52:
        return code % 13 + 1
    return code // 4 + 1


def suit(code):
    """0..3 = S H D C for 52-card decks."""
    return (code % 52) // 13


# Card names are written as bytes into a line being built, and a line is made
# a string once: as .mpy on the device every new string is first looked up
# among the interned names the loaded modules brought (a linear scan; making
# bytes skips it), so a name made as a string of its own costs more than
# everything else in drawing it.
_RANK = (b"1", b"2", b"3", b"4", b"5", b"6", b"7", b"8", b"9", b"10", b"11", b"12")
_R52 = b"A23456789TJQK"            # RANKS52 and SUITS as bytes
_S52 = b"SHDC"


def put_name(buf, kind, code):
    """Append the transcript name of a card (see TRANSCRIPT.md) to the
    bytearray `buf`."""
    if kind >= STD52:
        buf.append(_R52[code % 13])
        buf.append(_S52[(code % 52) // 13])
        return
    buf.extend(_RANK[code // 4])
    if kind == HANAFUDA:
        buf.append(97 + code % 4)                       # 1a .. 10d
    elif kind in (KACHI20, KACHI22):
        if code == KACHI_AKA_PIN:
            buf.append(114)                             # 1r
        elif code == KACHI_GILDED_1 or code == KACHI_GILDED_4:
            buf.append(103)                             # 1g, 4g
    elif kind == KOMATSU:
        if code == AKA_CHORO:
            buf.append(119)                             # 1w
        elif code == TAIKO:
            buf.append(119)                             # 2w
        elif code == KURO_HIBASHI:
            buf.append(107)                             # 3k


def put_shown(buf, kind, code):
    """Append the card as the screens show it: its transcript name, but a
    hanafuda card without its copy letter, since no rule of the game tells
    the four cards of a month apart (the named cards keep theirs)."""
    if kind == HANAFUDA:
        buf.extend(_RANK[code // 4])
    else:
        put_name(buf, kind, code)


def name(kind, code):
    """The transcript string of a card (see TRANSCRIPT.md)."""
    buf = bytearray()
    put_name(buf, kind, code)
    return buf.decode()


def parse(kind, text):
    """Transcript string -> card code. For decks where several physical cards
    share one string (kabufuda "3"), the lowest matching code in the deck is
    returned; callers that need a specific copy pass codes, not strings."""
    for c in deck(kind):
        if name(kind, c) == text:
            return c
    raise ValueError("no card " + text)


def put_joined(buf, kind, codes, hidden=-1, mark=b""):
    """Append the cards of `codes` as the screens show them (put_shown) to
    the bytearray `buf`, a space between, `mark` (bytes) for a `hidden` code
    (a face-down card)."""
    for i in range(len(codes)):
        if i:
            buf.append(32)
        c = codes[i]
        if c == hidden:
            buf.extend(mark)
        else:
            put_shown(buf, kind, c)


def joined(kind, codes, hidden=-1, mark=""):
    """The names of `codes` with a space between, `mark` for a `hidden`
    code (a face-down card), for the table's lines and the results: one
    string made, however many cards."""
    if not codes:
        return ""
    buf = bytearray()
    put_joined(buf, kind, codes, hidden, mark.encode())
    return buf.decode()


def names(kind, cards):
    return [name(kind, c) for c in cards]
