# A match begins: the deal screen takes the place of the flows that set it
# up (a new table's, or the boot's resume). Imported for that one step and
# forgotten with the flows (oya.ui.app.FLOWS): a deal never needs it.
from oya import rng
from oya.games import load
from oya.ui import forget
from oya.ui.app import FLOWS, forget_options


def start_pending(app):
    """The new table's first dealer was shown: play."""
    s, bots = app._starting
    app._starting = None
    start_play(app, s, bots)


def start_play(app, session, bots):
    if session.match.table:
        from oya.ui.entry import TablePlay as PlayScreen     # real cards: the deal screen with a picker
    else:
        from oya.ui.play import PlayScreen
    forget(*FLOWS)                # the new-table, ruleset and home code is not needed in play
    forget_options(session.game)                        # nor the options table
    app.session = session
    session.match.lean = True         # the deals keep a lean story (oya.match)
    session.match.intro = []          # and the first dealer's draw was shown: its story goes
    app._mod = load(session.game)
    app._bot = None
    app.bots = bots
    app.bot_rng = rng.Rng(rng.entropy()) if bots else None    # a table of people draws for no bot
    app._pending_seed = None
    app._clock = (app.now, session.ui.get("played_ms", 0))
    app._play = play = PlayScreen(app)
    app.replace(play)
    play.refresh()
