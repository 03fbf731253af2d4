"""Table-deck figures for `make bench`: a scripted table-deck match of each
game that plays with a table deck, through the device app's keys (the
synchronous core), its cards from a seeded shuffle entered on the picker.

Counted: cards entered, the key events the entries took (each UP/DOWN step
and the OK), and *presses*: a person's button pushes, where stepping by
holding UP or DOWN (the input layer's auto-repeat) is one push. The other
decisions are random legal choices reached the shorter way round, their
keys counted in the keys per deal. Meri's table deck keeps the score only: its "cards" are its
score entries (the okie's rank and suit, each trick's winner and yaku)."""
import os
import random
import tempfile

import tools  # noqa: F401  (firmware on sys.path)

from oya.tabledeck import GAMES    # the games a table deck plays so far


def _new_table(app, K, game_index):
    for k in [K.OK] + [K.DOWN] * game_index + [K.OK]:      # New table, the game
        app.key(k)
    while app.due:                                  # (the pick waits for the rulesets' scan ahead)
        app.idle()
    for k in (K.OK, K.UP, K.UP, K.OK, K.DOWN, K.OK):     # default ruleset, options: deal -> table deck, Continue
        app.key(k)
    if app.screen_text().startswith("Seats"):
        app.key(K.OK)
    app.key(K.UP)
    app.key(K.OK)                                   # names: Continue
    if "Starting chips" in app.screen_text():
        app.key(K.OK)
    app.key(K.OK)                                   # no bots
    while app.idle():                               # the table, made on idle passes
        pass
    for k in (K.DOWN, K.OK, K.OK):                  # the first dealer: chosen by hand, the first seat
        app.key(k)


def _steps(app, K, cur, want, n, fig, entry):
    ahead, back = (K.UP, K.DOWN) if entry else (K.DOWN, K.UP)   # the picker's UP steps on, as a spinner's does
    fwd = (want - cur) % n
    k, m = (ahead, fwd) if fwd <= n - fwd else (back, n - fwd)
    for _ in range(m):
        app.key(k)
    fig["keys"] += m + 1
    if entry:
        fig["entry_keys"] += m + 1
        fig["entry_presses"] += (1 if m else 0) + 1
    app.key(K.OK)


def play(game, seed=1, max_keys=100000, max_deals=6):
    """Figures of one scripted table-deck match of `game` (its first
    `max_deals` deals: a Kakkuri match by default ends by time, and the
    synchronous core's clock stands still)."""
    from oya import GAMES as ALL, tabledeck
    from oya.ui import keys as K
    from oya.ui.app import App
    from oya.ui.play import PlayScreen, DECIDE
    from oya.ui.spinner import Spinner
    r = random.Random("table:%s:%d" % (game, seed))
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            app = App()
            _new_table(app, K, ALL.index(game))
            fig = {"deals": 0, "cards": 0, "keys": 0, "entry_keys": 0, "entry_presses": 0}
            deck = (None, None)
            for _ in range(max_keys):
                top = app.top()
                text = app.screen_text()
                if text.startswith("Match over") or fig["deals"] >= max_deals:
                    break
                if isinstance(top, PlayScreen) and top.state == DECIDE and top.entry is not None:
                    m = app.session.match
                    if deck[0] != m.started:
                        from oya import cards
                        order = list(cards.deck(m.deck_kind()))
                        r.shuffle(order)
                        deck = (m.started, order)
                    code = deck[1][m.deal.wants.k]
                    p = top.entry
                    want = [i for i, c in enumerate(p.kinds)
                            if tabledeck.klass(p.kind, c) == tabledeck.klass(p.kind, code)][0]
                    fig["cards"] += 1
                    _steps(app, K, p.i, want, len(p.kinds), fig, True)
                elif isinstance(top, PlayScreen) and top.state == DECIDE:
                    real = [i for i in range(len(top.entries)) if top.entries.acts(i) is not None]
                    _steps(app, K, top.cursor, r.choice(real), len(top.entries), fig, False)
                    if isinstance(app.top(), Spinner):
                        app.key(K.OK)
                        fig["keys"] += 1
                else:
                    if isinstance(top, PlayScreen) and text.startswith("Results"):
                        fig["deals"] += 1
                    app.key(K.OK)
                    fig["keys"] += 1
            else:
                raise RuntimeError("%s: the table-deck match did not end" % game)
        finally:
            os.chdir(here)
    d = max(1, fig["deals"])
    c = max(1, fig["cards"])
    fig["keys_per_deal"] = round(fig["keys"] / d, 1)
    fig["presses_per_deal"] = round((fig["keys"] - fig["entry_keys"] + fig["entry_presses"]) / d, 1)
    fig["cards_per_deal"] = round(fig["cards"] / d, 1)
    fig["presses_per_card"] = round(fig["entry_presses"] / c, 2)
    fig["keys_per_card"] = round(fig["entry_keys"] / c, 2)
    return fig


def figures(games=GAMES):
    return dict((g, play(g)) for g in games if g in GAMES)


def lines(figs):
    out = ["Table deck: a scripted match through the app's keys, cards from a seeded shuffle "
           "(presses: pushes, a held UP/DOWN counts once; keys: every step)",
           "%-9s %6s %9s %12s %12s %14s %12s %9s" % ("game", "deals", "cards/deal", "presses/deal", "keys/deal",
                                                      "presses/card", "keys/card", "mpy high/live")]
    for g, f in figs.items():
        per = ("%14.2f %12.2f" % (f["presses_per_card"], f["keys_per_card"])) if f["cards"] else "%14s %12s" % (
            "-", "-")                       # Meri: score entries are decisions, no picker
        high = f.get("heap_mpy_high")
        heap = "%.1f/%.1f" % (high / 1024, f["heap_mpy_live"] / 1024) if high is not None else "-"
        out.append("%-9s %6d %9.1f %12.1f %12.1f %s %13s" % (
            g, f["deals"], f["cards_per_deal"], f["presses_per_deal"], f["keys_per_deal"], per, heap))
    return out


if __name__ == "__main__":
    print("\n".join(lines(figures())))
