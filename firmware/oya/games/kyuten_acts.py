# Kyutenhan's action codes and phases, which the engine (oya.games.kyuten)
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

# phases
P_LIMIT = const(0)
P_ANTE = const(1)
P_HIT = const(2)
P_BET = const(3)
P_DEALER = const(4)
P_OVER = const(5)
