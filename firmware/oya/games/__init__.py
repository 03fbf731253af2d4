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


def options(game):
    """The option table of `game` (every option, its default and its check),
    from oya.games.<game>_options, without importing the engine: the setup
    screens, the ruleset reader and a resume read it, a deal never, so in a
    module of its own it leaves RAM once the options are set
    (oya.heap.forget_options)."""
    if game in EXTRA:
        return EXTRA[game].OPTIONS
    from oya import GAMES
    if game not in GAMES:
        raise ValueError("unknown game " + game)
    return __import__("oya.games." + game + "_options", None, None, ("OPTIONS",)).OPTIONS
