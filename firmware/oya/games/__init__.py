# One module per game, imported only when that game is played.


EXTRA = {}   # name -> module: games registered at run time (the tests' trivial game)


def load(game):
    """The module of `game` (oicho, kachi, kakkuri, kyuten, meri)."""
    from oya import GAMES
    if game in EXTRA:
        return EXTRA[game]
    if game not in GAMES:
        raise ValueError("unknown game " + game)
    return __import__("oya.games." + game, None, None, ("MATCH",))
