# One module per game, imported only when that game is played.


EXTRA = {}   # name -> module: games registered at run time (the tests' trivial game)
# the modules of an engine's own that it imports (what the device fetches
# before it, one a pass: oya.ui.setup)
PARTS = {"kachi": ("oya.games.kachi_names", "oya.games.kachi_hands"),
         "kakkuri": ("oya.games.kakkuri_consts", "oya.games.kakkuri_search"),
         "kyuten": ("oya.games.kyuten_acts",)}
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
    from oya.games.<game>_options: without importing the engine (the setup
    screens read it before the engine is needed)."""
    if game in EXTRA:
        return EXTRA[game].OPTIONS
    from oya import GAMES
    if game not in GAMES:
        raise ValueError("unknown game " + game)
    return __import__("oya.games." + game + "_options", None, None, ("OPTIONS",)).OPTIONS


def options_attr(game):
    """A game engine's module __getattr__, which gives its OPTIONS (every
    option, its default and its check) from oya.games.<game>_options. The
    setup screens, the ruleset reader and a resume read them, a deal never:
    in a module of their own they leave RAM once the options are set (~3 KB
    a game as .mpy, where a module's constants stay as long as its code)."""
    def get(name):
        if name == "OPTIONS":
            return options(game)
        raise AttributeError(name)
    return get
