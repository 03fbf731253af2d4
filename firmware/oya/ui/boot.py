# Boot and resuming a saved match (the home menu is oya.ui.home). Imported
# while used (oya.ui.app.flow); the app forgets it once the boot is done.
from oya import GAMES
from oya.journal import JournalCorrupt
from oya.games import forget_part, module_name
from oya.heap import RESUME, RESUMED, RULES, forget
from oya.ui import DEFAULT_SETTINGS, Call
from oya.ui.widgets import Message, wrap
from oya.ui.text import t, game_name


def load_settings(app):
    """The saved settings over the defaults (a value of the wrong type is
    left at its default); unreadable ones are kept as .bad and said."""
    from oya.journal_read import load, quarantine
    try:
        saved = load(app.settings_j)
        if saved is not None and not isinstance(saved, dict):
            raise JournalCorrupt(app.settings_j.path)
        if isinstance(saved, dict):
            for k, v in DEFAULT_SETTINGS.items():
                if k in saved and type(saved[k]) is type(v):
                    app.settings[k] = saved[k]
    except JournalCorrupt:
        quarantine(app.settings_j)
        app._bad_settings = True


def boot(app):
    load_settings(app)
    if getattr(app.hw, "display", None) is not None:
        attach_display(app)
    hw = app.hw
    errors = getattr(hw, "errors", None) if hw is not None else None
    if app._bad_settings:
        errors = list(errors or ()) + [t("bad_settings", app.lang)]
        app._bad_settings = False
    if errors:
        # board file or device problems: say so once, then carry on with defaults
        lines = []
        for e in errors:
            lines.extend(wrap(str(e)))
        app.replace(Message(t("error", app.lang), lines, lambda: boot_match(app), lang=app.lang))
        return
    boot_match(app)


def boot_match(app):
    from oya.journal_read import load, quarantine
    L = app.lang
    try:
        rec = load(app.match_j)
        if rec is not None and (not isinstance(rec, dict) or rec.get("game") not in GAMES):
            raise JournalCorrupt(app.match_j.path)     # intact, but not a match of ours
    except JournalCorrupt:
        quarantine(app.match_j)
        app.replace(Message(t("error", L), wrap(t("bad_state", L)), app.home, lang=L))
        return
    except Exception as e:
        # the flash failed to read (not a bad record): the files stay for the next start
        app.replace(Message(t("error", L), wrap(t("read_failed", L) % type(e).__name__), app.home, lang=L))
        return
    if rec is not None and rec.get("state") is not None:
        app.replace(Message(t("resume_q", L), [game_name(rec.get("game", "?"), L), ""] + [t("yes_no", L)],
                            Call(app, "boot", "resume"), app.home, footer=""))
        return
    app.home()


def resume(app):
    """Resume the saved match, in steps as a new table is made
    (oya.ui.start.begin): its engine's modules one an idle pass into a
    collected heap, the record read and replayed, the deal screens' code
    into a collected heap again, then play. In one key it is a long run of
    CPU, and the code goes in among the record's garbage (where a heap held
    to its budget runs out). Keys pressed meanwhile wait for it (App.due)."""
    from oya.journal_read import has_record
    if not has_record(app.match_j) and has_record(app.night_j):
        from oya.ui import flow
        flow("night").resume(app)       # a night between its matches
        return
    app.replace(Message(t("resume", app.lang), ["..."], None, lang=app.lang))
    app.prefetch(_resume_steps(app))
    app.due = True


def _resume_steps(app):
    from oya.ui import collecting
    from oya.ui.start import match_code     # (start_play's module: the resume ends there)
    from oya.journal_read import load
    try:
        rec = load(app.match_j)
        game = rec.get("game") if isinstance(rec, dict) else None
    except Exception:
        game = None                 # (said below, where it is read again)
    rec = None
    # (this generator is the first item asked for: these come after it)
    app.prefetch_more(collecting())
    if game in GAMES:
        app.prefetch_more(*match_code(game))
        # then what reads it back, which goes once it is read (on top of the
        # heap: its room is one piece again after)
        app.prefetch_more(RULES, module_name(game, "_options"), RESUME)
    app.prefetch_more(_resumed(app))
    yield


def _resumed(app):
    """The record read, checked and replayed; then the deal screens."""
    import gc
    from oya.journal_read import load, quarantine
    from oya.session import Session
    s = None
    try:
        rec = load(app.match_j)
        if rec is not None:
            yield                   # (the reading was this pass's work; the checks and the replay the next's)
            s = Session.from_record(rec, app.match_j, lean=True)     # the device's lean story (oya.ui.start)
    except MemoryError:
        raise
    except Exception:
        # unreadable, or read but not a match that replays (hostile or
        # from another firmware): kept as .bad, never offered again
        quarantine(app.match_j)
        app.replace(Message(t("error", app.lang), wrap(t("bad_state", app.lang)), app.home, lang=app.lang))
        return
    rec = None
    if s is None:
        app.home()
        return
    forget(RESUMED)
    forget_part(s.game, "_options")
    yield
    gc.collect()
    yield
    if s.match.table:               # the deal screens' code, for start_play
        import oya.ui.entry
    else:
        import oya.ui.play
    yield
    from oya.ui.start import start_play
    start_play(app, s, saved_bots(s))


def saved_bots(s):
    """The bot seats the match was set up with (oya.ui.table), as the record
    has them: read as data, only seat numbers of this table count."""
    n = len(s.match.ledger)
    b = s.ui.get("bots")
    if not isinstance(b, list):
        return ()
    return tuple(x for x in b if type(x) is int and 0 <= x < n)


def attach_display(app):
    """Render the grid with our font onto the display: a page at a time
    where a grid row is a display page (no whole frame in RAM), else onto
    its frame buffer."""
    from oya.ui import font
    from oya.ui.grid import Renderer, ROWS
    d = app.hw.display
    pages = None
    if getattr(d, "pages", 0) == ROWS and hasattr(d, "one_page"):
        d.one_page()
        pages = d
    buf = getattr(d, "buf", None)
    row = font.page_writer(buf, d.width) if buf is not None else font.draw_row
    app.renderer = Renderer(d.fb, row, pages, font.W)
    app.rare().apply_contrast(app)
