# Kyutenhan's action codes, their table and phases, which the engine (oya.games.kyuten)
# and its refusals (oya.games.kyuten_why) both read: a module below the two.
from oya.compat import const

# actions
HIT = const(1)
STAY = const(2)
DRAW = const(3)
END = const(4)
KEN = const(5)
ANTE = const(10)       # + chips (0..9 encodable, 1..3 legal)
BET = const(100)       # + chips (0..99)
CONTEST = const(300)   # + target seat
LIMIT = const(400)     # + limit (the dealer's, at the start of a tenure)

# The actions: (code, lo, hi, do, arg, English, Japanese), see oya.game.
ACTIONS = (
    (HIT, 0, 0, "hit", None, "Hit", "ヒット"),
    (STAY, 0, 0, "stay", None, "Stay", "ステイ"),
    (DRAW, 0, 0, "draw", None, "Draw a card", "ドロー"),
    (END, 0, 0, "end", None, "End (no more)", "オワリ"),
    (KEN, 0, 0, "ken", None, "Ken (sit out)", "ケン"),
    (ANTE, 0, 9, "ante", "chips", "Ante %d", "アンティ %d"),
    (BET, 0, 99, "bet", "chips", "Bet %d", "ベット %d"),
    (CONTEST, 0, 99, "contest", "target", "Contest %s", "ショウブ %s"),
    (LIMIT, 0, 99, "limit", "chips", "Limit %d", "リミット %d"),
)

# phases
P_LIMIT = const(0)
P_ANTE = const(1)
P_HIT = const(2)
P_BET = const(3)
P_DEALER = const(4)
P_OVER = const(5)
