# The codes Kakkuri's modules share: its cards, its actions and a deal's
# phases. The engine (oya.games.kakkuri), its search, its codec, its
# explanation and the first dealer's draw all import them from here, so
# none of them imports another to read a code.
from oya.compat import const

# Cards: code = (rank - 1) * 4 + copy. The aka-choro (wild 1, "1w") is code 0,
# the taiko (wild 2, "2w") code 4, the kuro-hibashi ("3k") code 8. A wild is
# wild only in a hand; turned from the hako it is a plain 1 or 2.
AKA = const(0)
TAIKO = const(4)
KURO = const(8)


def rank(code):
    return code // 4 + 1

# Action ints (each self-contained: decode needs no state):
#   0 look, 1 decline, 2 utazu, 3 sanzoku, 4 pass, 5 fold, 6 hako,
#   16 + s  fuwari with seat s,
#   64 + x  play. x = (((v * 12 + last - 1) * 2 + k) * 2 + a?) * 2 + t?, where
#           last is the rank of the play's last card (the new base), a?/t?
#           say that the aka-choro / the taiko is in the play, k that the
#           kuro-hibashi is, and v holds six base-13 digits, lowest first: the
#           non-wild ranks of the play in descending order (the kuro-hibashi
#           counted as a 3), zero-padded to 6 - (wilds played) digits, then
#           the aka-choro's declared rank (if played), then the taiko's. So an
#           action is a set of cards and the base it leaves; the order of the
#           cards is recomputed by apply/decode (one legal order from the
#           base; any two orders of one set that end on the same rank are the
#           same move). Largest action < 2^29 (a MicroPython small int).
#           oya.games.kakkuri_search reads and makes these codes
#           (play_parts, and its search's _code); oya.games.kakkuri_codec
#           makes them from a transcript's card names (play_code).
LOOK = const(0)
DECLINE = const(1)
UTAZU = const(2)
SANZOKU = const(3)
PASS = const(4)
FOLD = const(5)
HAKO = const(6)
FUWARI = const(16)
PLAY = const(64)

# The actions: (code, lo, hi, do, arg, English, Japanese), see oya.game;
# a play's code packs its cards (oya.games.kakkuri_codec).
ACTIONS = (
    (LOOK, 0, 0, "look", None, "Look at hand", "テフダヲミル"),
    (DECLINE, 0, 0, "decline", None, "No fuwari", "フワラナイ"),
    (UTAZU, 0, 0, "utazu", None, "Utazu!", "ウタズ"),
    (SANZOKU, 0, 0, "sanzoku", None, "Sanzoku!", "サンゾク"),
    (PASS, 0, 0, "pass", None, "Pass (okuri)", "オクリ"),
    (FOLD, 0, 0, "fold", None, "Fold (ori) 1 chip", "オリ"),
    (HAKO, 0, 0, "hako", None, "Turn the hako", "ハコ"),
    (FUWARI, 0, 7, "fuwari", "with", "Fuwari w/ %s", "フワル %s"),
    (PLAY, 0, 1 << 29, "play", "cards", "%s", "%s"),
)

# A deal's phases (KakkuriDeal.phase), and their names in its public view.
P_OVER = const(0)
P_FUWARI = const(1)
P_UTAZU = const(2)
P_PLAY = const(3)
PHASES = ("over", "fuwari", "utazu", "play")
