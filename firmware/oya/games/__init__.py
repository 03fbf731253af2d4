# One module per game, imported only when that game is played.


EXTRA = {}   # name -> module: games registered at run time (the tests' trivial game)
# the games that play a table deck with a deal of their own, the DEAL of
# oya.games.<game>_table (Meri keeps the score only)
OWN_TABLE = ("meri",)


def load(game):
    """The module of `game` (oicho, kachi, kakkuri, kyuten, meri)."""
    from oya import GAMES
    if game in EXTRA:
        return EXTRA[game]
    if game not in GAMES:
        raise ValueError("unknown game " + game)
    return __import__("oya.games." + game, None, None, ("MATCH",))


def table_deal(game):
    """The deal class `game` plays a table deck with when it has its own,
    else None (the engine's deal, its faces entered: oya.tabledeck)."""
    if game not in OWN_TABLE:
        return None
    return __import__("oya.games." + game + "_table", None, None, ("DEAL",)).DEAL


def table_refusal(game, opts):
    """Why a ruleset of `game` with `opts` cannot be played with a table
    deck, or None: the hook table_refusal(opts) of the game's options module,
    for a rule that tells apart cards the picker does not."""
    mod = __import__("oya.games." + game + "_options", None, None, ("OPTIONS",))
    refusal = getattr(mod, "table_refusal", None)
    return None if refusal is None else refusal(opts)


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
