# A match begins: the deal screen takes the place of the flows that set it
# up (a new table's, or the boot's resume). Imported for that one step and
# forgotten with the flows (oya.heap.FLOWS): a deal never needs it.
from oya import rng
from oya.games import forget_part, load, module_name
from oya.heap import FIRST_DRAW, FLOWS, OVER_ENGINE, PARTS, PLAY, UNDER_ENGINE, forget
from oya.ui import Call, collecting


def match_code(game):
    """The groups of modules a match of `game` runs on, each after its own
    imports: a new table's or a resume's prefetch, one an idle pass."""
    if game in PARTS:
        return (UNDER_ENGINE, PARTS[game], module_name(game), OVER_ENGINE)
    return (UNDER_ENGINE, module_name(game), OVER_ENGINE)


def begin(app, game, rs_name, opts, names, bots, changed, first):
    """A new table, set up: its modules come one an idle pass (as .mpy the
    engine alone is too long an import for one pass), then the match is
    made and its first dealer drawn and shown (new_match). Keys pressed
    meanwhile wait for it, then act in order (App.due)."""
    # first a collection of the setup's modules, just forgotten: the
    # engine's code then goes into a heap with no garbage in it, not among
    # it (as .mpy, a heap held near its budget runs out there in fragments,
    # where a collected one does not)
    app.prefetch(collecting(), *match_code(game))
    app.run_later(new_match(app, game, rs_name, opts, names, bots, changed, first))


def new_match(app, game, rs_name, opts, names, bots, changed, first):
    """begin()'s last steps, one an idle pass: the match made, its first
    dealer drawn and saved, shown."""
    from oya.match import Match
    from oya.session import Session
    s = Session(game, rs_name, opts, names, None, app.match_j)
    m = s.match
    m.table = app.table_deck
    if changed is not None:
        key = m.START_OPTION    # (set after the options screen: kept whatever its value)
        s.changed = dict((k, opts[k]) for k in changed + [key] if k in opts)
    if bots:
        s.ui["bots"] = list(bots)   # journaled: a resumed match keeps its bots
    if app.night_match:
        s.ui["night"] = 1           # journaled: its end goes into the night on flash (oya.ui.night)
        app.night_match = False
    if type(m).draw_first_dealer is not Match.draw_first_dealer:
        yield
        # the draws' module (the games' draws import it), in a pass of its
        # own (the match forgets it after); a match with no draw of its own
        # has none to fetch
        import oya.games.first_dealer  # noqa: F401
    yield
    if m.table:
        # the table draws with its own cards, entered on a picker, or chooses by hand
        forget_part(game, "_options")
        app._starting = (s, bots)
        from oya.ui.first_draw import ask
        ask(app, m, first, Call(app, "start", "first_chosen", first))
        return
    s.draw_first_dealer()
    forget_part(game, "_options")          # the match has read its options: the deal screens come next
    yield
    app._starting = (s, bots)
    show_first_dealer(app, first)


def first_chosen(app, first):
    """A table deck's first dealer is known (oya.ui.first_draw): the match
    begins as a drawn one does."""
    forget(FIRST_DRAW)
    app._starting[0].begin_match()
    show_first_dealer(app, first)


def show_first_dealer(app, first):
    """The first dealer's draw on screen; OK plays."""
    from oya.ui import tables
    from oya.ui.widgets import Message
    m = app._starting[0].match
    names = m.ledger.names
    kind = m.deck_kind()
    lines = tables.event_lines(kind, [], names)
    words = tables.story_words(app.lang)
    if m.table:
        from oya.tabledeck import class_name     # a card as it was entered: what the picker told apart
    for e in m.intro:
        if e[0] == "card":
            card = class_name(kind, e[1]) if m.table else tables.card_list(kind, bytes([e[1]]))
            lines.append("%s %s" % (tables.place_name(e[2], names, words), card))
        elif e[0] == "note":
            lines.append(tables.note(words, str(e[1])))
    lines.append("> %s: %s" % (first, names[m.dealer]))
    app.replace(Message(first, lines, Call(app, "start", "start_pending"), lang=app.lang))
    # the deal screens (this step ends the list's first item), then, while the
    # draw is read, a collection of what the setup left: the OK that deals
    # meets one otherwise
    app.prefetch_more(collecting(), PLAY, collecting())     # (the draw's module forgotten: as above)


def start_pending(app):
    """The new table's first dealer was shown: play."""
    s, bots = app._starting
    app._starting = None
    start_play(app, s, bots)


def start_play(app, session, bots):
    # the new-table, ruleset and home code is not needed in play, nor the
    # options table: gone before the deal screen's code comes, it leaves its
    # room to it (as .mpy, a heap held near its budget runs out importing the
    # deal screen at the first dealer's OK with the options still in)
    forget(FLOWS)
    forget_part(session.game, "_options")
    if session.match.table:
        from oya.ui.entry import TablePlay as PlayScreen     # real cards: the deal screen with a picker
    else:
        from oya.ui.play import PlayScreen
    app.session = session
    app.night = app.last_match = None     # the night waits on flash while a match is played
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
