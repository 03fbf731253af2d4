"""Driving the device's menus the way a person does: by reading the screen.

Used by the front ends' --game/--seats/--bots options and by scripts (SETUP). Screen
titles are compared with the firmware's own words (oya.ui.text) in the device's
language, as the display shows them (half-width kana).
"""
import re


class DriveError(RuntimeError):
    pass


def _words(sim):
    text = sim.importer.load("oya.ui.text")
    kana = sim.importer.load("oya.kana")
    lang = 0
    try:
        app_lang = sim.lang
        lang = {"en": 0, "ja": 1, None: 0}.get(app_lang, app_lang if isinstance(app_lang, int) else 0)
    except Exception:
        pass

    def w(key):
        return kana.to_half(text.t(key, lang)).strip()
    return w


def title(sim):
    return sim.screen_text()[0].strip()


def expect(sim, want, what):
    for _ in range(20):
        if title(sim) == want:
            return
        sim.advance(50)
    raise DriveError("expected the %r screen (%s), the screen shows:\n%s" % (want, what, sim.screen()))


def spinner_value(sim):
    rows = sim.screen_text()
    m = re.search(r"<\s*(-?\d+)", rows[5])
    if not m:
        raise DriveError("no number on the spinner:\n" + sim.screen())
    return int(m.group(1))


def spin_to(sim, n):
    for _ in range(400):
        v = spinner_value(sim)
        if v == n:
            return
        sim.press("up" if v < n else "down", gap_ms=60)
    raise DriveError("cannot set the spinner to %d:\n%s" % (n, sim.screen()))


def setup_table(sim, game, seats=None, bots=0, table_deck=False):
    """From the home screen: New table -> game -> default ruleset -> (deal: table
    deck) -> seats -> names -> (chips) -> bot seats, ending on the first screen of
    the match."""
    w = _words(sim)
    games = sim.importer.load("oya").GAMES
    aliases = {"oicho": "oicho", "oicho_kabu": "oicho", "kachi": "kachi", "kachi_kachi": "kachi",
               "kakkuri": "kakkuri", "kyuten": "kyuten", "kyutenhan": "kyuten", "meri": "meri",
               "yonin_meri": "meri"}
    g = aliases.get(game, game)
    if g not in games:
        raise DriveError("unknown game %r (one of %s)" % (game, ", ".join(games)))
    sim.advance(200)
    if title(sim) == w("resume_q"):
        sim.press("back")
    expect(sim, w("home"), "home")
    sim.press("ok")                                   # New table
    expect(sim, w("game"), "game")
    sim.press("down", times=games.index(g), gap_ms=60)
    sim.press("ok")
    expect(sim, w("ruleset"), "ruleset")
    sim.press("ok")                                   # defaults
    expect(sim, w("options"), "options")
    sim.press("up")                                   # wraps to "Continue >"
    if table_deck:
        sim.press("up")                               # deal: device
        sim.press("ok")                               # -> table deck
        sim.press("down")                             # Continue >
    sim.press("ok")
    sim.advance(100)
    if title(sim) != w("names"):           # a game whose options fix the seats skips this
        expect(sim, w("seats"), "seats")
        if seats is not None:
            spin_to(sim, seats)
        sim.press("ok")
    expect(sim, w("names"), "names")
    sim.press("up")
    sim.press("ok")
    if title(sim) == w("chips"):
        sim.press("ok")
    expect(sim, w("bots"), "bots")
    spin_to(sim, bots)
    sim.press("ok")
    sim.advance(200)


def app_of(sim):
    """The App object of the running firmware (the device loop's), or None."""
    task = sim.main_task
    gen = getattr(sim, "passes", None)
    if task is None or task.done() or gen is None:
        return None
    fr = gen.gi_frame
    return fr.f_locals.get("app") if fr is not None else None


def enter_card(sim, name):
    """A table deck asks for a card: step the picker to `name` (what the
    picker tells apart, as TRANSCRIPT.md writes it: a hanafuda month without
    its copy letter, `1r`, a rank `A`..`K` or `10`) the shorter way round,
    and press OK. Returns the presses made."""
    app = app_of(sim)
    picker = getattr(app.top(), "entry", None) if app is not None else None
    if picker is None:
        raise DriveError("no card is asked for, the screen shows:\n" + sim.screen())
    T = sim.importer.load("oya.tabledeck")
    names = [T.class_name(picker.kind, c) for c in picker.kinds]
    want = [i for i, n in enumerate(names) if n == name.upper() or n == name]
    if not want:
        raise DriveError("no card %r in this deck (%s)" % (name, " ".join(names)))
    n = len(names)
    up = (want[0] - picker.i) % n          # UP steps to the next card, as a spinner's UP counts up
    if up <= n - up:
        sim.press("up", times=up, gap_ms=60)
    else:
        sim.press("down", times=n - up, gap_ms=60)
    sim.press("ok")
    sim.advance(50)
    return min(up, n - up) + 1
