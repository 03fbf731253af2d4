# One module per game, imported only when that game is played.


EXTRA = {}   # name -> module: games registered at run time (the tests' trivial game)
# the modules of an engine's own that it imports (what the device fetches
# before it, one a pass: oya.ui.setup)
PARTS = {"kachi": ("oya.games.kachi_names", "oya.games.kachi_hands")}


def load(game):
    """The module of `game` (oicho, kachi, kakkuri, kyuten, meri)."""
    from oya import GAMES
    if game in EXTRA:
        return EXTRA[game]
    if game not in GAMES:
        raise ValueError("unknown game " + game)
    return __import__("oya.games." + game, None, None, ("MATCH",))


def setup_facts(game):
    """((fewest, most) seats, the most without a warning or None, the option
    holding the starting chips or None) of `game`: what the new-table screens
    ask before its engine is loaded (it comes once they are gone: oya.ui.start).
    The engines' Match classes take theirs from here. A table made per call:
    as code, not data, it holds no RAM between calls."""
    if game in EXTRA:
        m = EXTRA[game].MATCH
        return m.SEATS, m.WARN_SEATS, m.START_OPTION
    return {"oicho": ((2, 10), None, "starting_points"), "kachi": ((2, 8), 6, "starting_chips"),
            "kakkuri": ((6, 8), None, "starting_chips"), "kyuten": ((3, 10), None, "starting_chips"),
            "meri": ((4, 6), None, None)}[game]


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
