# One module per game, imported only when that game is played, beside its
# own modules: its options (<game>_options), bots (<game>_bot), a table
# deck's deal (<game>_table) and the parts some games have (oya.heap.PARTS,
# TELLERS). Their names are made here, by module_name(game, part), and
# nowhere else.
from oya.heap import TELLERS, forget, holds

EXTRA = {}   # name -> module: games registered at run time (the tests' trivial game)
# the games that play a table deck with a deal of their own, the DEAL of
# oya.games.<game>_table (Meri keeps the score only)
OWN_TABLE = ("meri",)


def module_name(game, part=""):
    """The name of `game`'s module `part`: "" its engine, "_options",
    "_bot", "_table", "_say" or "_words"."""
    return "oya.games." + game + part


def told(game, part):
    """`game`'s module that says a deal's actions (part "_say", oya.ui.say)
    or a finished deal ("_words"), imported; None for a game with none
    (oya.heap.TELLERS)."""
    name = module_name(game, part)
    return __import__(name, None, None, ("each_sentence",)) if holds(TELLERS, name) else None


def forget_part(game, part):
    """`game`'s module `part` (as module_name) leaves the module table: its
    options once set (see options()), a teller while its deal's screens are
    not shown, the results' words."""
    forget(module_name(game, part))


def bot_for(game):
    """The bot of `game`: smart_bot(deal, seat, rng) of its module <game>_bot."""
    return __import__(module_name(game, "_bot"), None, None, ("smart_bot",)).smart_bot


def load(game):
    """The module of `game` (oicho, kachi, kakkuri, kyuten, meri)."""
    from oya import GAMES
    if game in EXTRA:
        return EXTRA[game]
    if game not in GAMES:
        raise ValueError("unknown game " + game)
    return __import__(module_name(game), None, None, ("MATCH",))


def table_deal(game):
    """The deal class `game` plays a table deck with when it has its own,
    else None (the engine's deal, its faces entered: oya.tabledeck)."""
    if game not in OWN_TABLE:
        return None
    return __import__(module_name(game, "_table"), None, None, ("DEAL",)).DEAL


def table_refusal(game, opts):
    """Why a ruleset of `game` with `opts` cannot be played with a table
    deck, or None: the hook table_refusal(opts) of the game's options module,
    for a rule that tells apart cards the picker does not."""
    refusal = getattr(options_module(game), "table_refusal", None)
    return None if refusal is None else refusal(opts)


def options(game):
    """The option table of `game` (every option, its default and its check),
    from oya.games.<game>_options, without importing the engine: the setup
    screens, the ruleset reader and a resume read it, a deal never, so in a
    module of its own it leaves RAM once the options are set
    (forget_part)."""
    if game in EXTRA:
        return EXTRA[game].OPTIONS
    from oya import GAMES
    if game not in GAMES:
        raise ValueError("unknown game " + game)
    return options_module(game).OPTIONS


def options_module(game):
    """The module of `game`'s options (oya.games.<game>_options): OPTIONS, its
    seats and starting chips' option, the hooks of its rules' checks."""
    return __import__(module_name(game, "_options"), None, None, ("OPTIONS",))


def forget_games(keep=None):
    """Forget every game engine (and bot) module but `keep`'s: one game's
    engine in RAM at a time."""
    import sys
    mine = () if keep is None else (module_name(keep), module_name(keep, "_bot"))
    every = module_name("")
    for k in [k for k in sys.modules if k.startswith(every)]:
        if k not in mine:
            forget(k)
