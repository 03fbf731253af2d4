# What a match in play reads back: the recall of the last deals (from the
# pause menu) and the slips (the commitment before a deal, the record of a
# finished one). Imported when picked, and dropped once the deal screen is
# alone on the stack again (oya.ui.app).
from oya import cards, rng
from oya.compat import const
from oya.ui import tables
from oya.ui.grid import two_cols
from oya.ui.menu import Menu
from oya.ui.widgets import Message, wrap
from oya.ui.text import t, game_name

_SLIP_COLS = const(32)      # characters of font A on a line of 58 mm paper (384 dots), the narrowest
_ACTS_INDENT = const(5)     # an "acts" line's continuation starts under its first code


def replaying(app, state, seed, acts):
    """A deal of the match in play rebuilt from the state before it, its
    seed and its actions, with its whole story (the device's deals keep
    only their results: oya.match.Match.lean), a step at a time: None
    after the deal's start and after each action; it returns the deal
    (deal = yield from replaying(...)). Replayed in one key, a deal is too
    long a run of CPU; a step an idle pass (or a slip's step:
    oya.hw.printer), the keys come between."""
    from oya.session import new_match, replay_steps
    s = app.session
    m = s.match
    twin = new_match(s.game, m.opts, m.ledger.names, m.start_chips)
    twin.restore(state)
    twin.table = m.table
    yield None
    for deal in replay_steps(twin, seed, acts):
        if deal is None:
            yield None
    return deal


def recall_record(app, entry):
    """A finished deal rebuilt from its recall entry (oya.session), line by
    line, with None for each step of its replay (replaying)."""
    from oya.compat import unhex
    m = app.session.match
    deal = yield from replaying(app, entry["state"], entry["seed"] and unhex(entry["seed"]), entry["acts"])
    yield "#%d %s" % (_deal_no(entry), _seed_text(app, entry))
    for ln in record_lines(m.deck_kind(), deal.events, m.ledger.names, deal.seen(-1), app.lang):
        yield ln


def _show_recall(app, entry):
    """The recalled deal on the screen: made on idle passes, a slice of
    its replay each (as a choice's search: oya.compat.run_steps; keys
    wait for it: App.run_later), then shown."""
    from oya.compat import run_steps
    from oya.ui.play import IDLE_MS, IDLE_STEPS
    lines = []

    def making():
        for ln in recall_record(app, entry):
            if ln is not None:
                lines.extend(wrap(ln))
            yield
    work = making()
    while not run_steps(work, IDLE_STEPS, IDLE_MS):
        yield
    app.push(Message(t("recall", app.lang), lines, app.pop, footer=t("recall_foot", app.lang), lang=app.lang))


def _deal_no(entry):
    """A recalled deal's number, as its intro showed it (Deal N): the match
    state before it counts the deals played."""
    return entry["state"]["deal_no"] + 1


def _seed_text(app, entry, word=True):
    """A recalled deal's seed (its first 8 digits), or "table deck"."""
    if entry["seed"] is None:
        return "table deck"
    return ("%s %s" % (t("seed", app.lang), entry["seed"][:8])) if word else entry["seed"][:8]


def recall_screen(app):
    """The list of the last deals, made on idle passes (App.open_later
    runs its steps, keys held): the deals are read a slot a pass."""
    L = app.lang
    rec = yield from app.session.reading_recall()
    if not rec:
        app.push(Message(t("recall", L), ["-"], app.pop, lang=L))
        return
    rec = rec[::-1]             # the newest first
    items = ["#%d %s" % (_deal_no(e), _seed_text(app, e, False)) for e in rec]

    def pick(i):
        app.run_later(_show_recall(app, rec[i]))

    app.push(Menu(t("recall", L), items, pick, app.pop,
                  on_hold=lambda i: app.rare().print_lines(app, recall_record(app, rec[i]))))


def print_commit(app):
    """The whole commitment on paper before the deal: anyone can check
    the seed printed after it (python -m tools verify)."""
    m = app.session.match
    L = app.lang
    c = rng.commit(app.pending_seed())
    app.rare().print_lines(app, ["%s %d  %s" % (t("deal", L), m.deal_no + 1, game_name(app.session.game, L)),
                                 t("commit", L) + ":", c[:32], c[32:]])


def deal_record(app):
    """The finished deal for paper, line by line (a generator: the printer
    encodes each line as it comes, so the record never exists as a list):
    seed, public story, payments, balances. None between the steps of its
    replay, when the deal kept no story (replaying)."""
    from oya.compat import hexstr
    s = app.session
    m = s.match
    deal = m.deal
    names = m.ledger.names
    L = app.lang
    yield "%s %d  %s" % (t("deal", L), m.deal_no + 1, game_name(s.game, L))
    yield "%s %s" % (t("dealer", L), names[deal.dealer])
    if m.table:
        yield "table deck"          # real cards: no commitment, no seed
    else:
        sh = hexstr(m.deal_seed)
        c = rng.commit(m.deal_seed)
        for ln in (t("commit", L) + ":", c[:32], c[32:], t("seed", L) + ":", sh[:32], sh[32:]):
            yield ln
    if not deal.story:
        deal = yield from replaying(app, s.state0, m.deal_seed, s.acts)   # (the printer takes a step a pass)
    for ln in record_lines(m.deck_kind(), deal.events, names, deal.seen(-1), L):
        yield ln
    deal = None                     # the replayed twin goes before the last lines
    st0 = s.state0
    if st0:
        yield "chips " + ",".join(str(c) for c in st0["chips"])
    for ln in act_lines(s.acts):
        yield ln
    for i in range(len(names)):
        yield two_cols(names[i], str(m.ledger.chips[i]))


def act_lines(acts):
    """The record's "acts" lines: the deal's seat:code pairs, comma-separated,
    a line broken only after a comma, so the printer's own wrap never splits
    a code (python -m tools verify reads them back)."""
    ln = "acts "
    n = len(acts)
    for i in range(0, n, 2):
        code = "%d:%d%s" % (acts[i], acts[i + 1], "," if i + 2 < n else "")
        if len(ln) + len(code) > _SLIP_COLS and len(ln) > _ACTS_INDENT:
            yield ln
            ln = " " * _ACTS_INDENT
        ln += code
    yield ln


# -- the printed record of a deal (also the recall screen) --------------------------

def _hidden_name(kind, v, public):
    """True when `v` names a card and no card of that name is public."""
    if public is None or not isinstance(v, str):
        return False
    named = False
    for c in cards.deck(kind):
        if cards.name(kind, c) == v:
            if c in public:
                return False
            named = True
    return named


def deal_record_lines(kind, events, names, public=None, lang=0):
    """The public story of a deal for the printed record: cards dealt face up,
    reveals, decisions, showdowns and payments. A card dealt face down shows
    only if it was revealed or shown: a folded hand is never printed. With
    `public` (deal.seen(-1) at the end), a decision's argument naming a card
    nobody else saw (a face-down discard) prints as ##."""
    return list(record_lines(kind, events, names, public, lang))


def record_lines(kind, events, names, public=None, lang=0):
    """deal_record_lines, a line at a time."""
    words = tables.story_words(lang)
    for e in events:
        t = e[0]
        if t == "card":
            if e[3]:
                yield "%s %s" % (cards.joined(kind, e[1:2]), tables.place_name(e[2], names, words))
        elif t == "reveal":
            yield ("%s up %s" if lang == 0 else "%s オモテ %s") % (cards.joined(kind, e[1:2]), tables.place_name(e[2], names, words))
        elif t == "act":
            args = e[3] or {}
            yield "%s %s %s" % (names[e[1]], tables.word(words, e[2]), " ".join(
                "%s=%s" % (tables.word(words, k), "##" if _hidden_name(kind, args[k], public) else tables.word(words, args[k])) for k in args))
    for ln in tables.event_lines(kind, events, names, None, lang):
        yield ln
