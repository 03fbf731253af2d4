# The device application's core: the screen stack, keys, ticks and frames,
# the deal loop the play screen calls, the printer and the device loop.
# Every other flow lives in a module of its own, imported when the flow
# starts and dropped when it ends, so that on MicroPython only the code in
# use is in RAM (the RP2040 has no room for all of it next to a game):
#   oya.ui.app_rare  the code of App's methods a deal never calls:
#                 the boot, a resume, the pause menu and the way home, slips
#   oya.ui.boot   boot, resuming a saved match
#   oya.ui.home   the home menu
#   oya.ui.settings  rulesets, settings, about
#   oya.ui.setup  a new table: the game and its ruleset (oya.ui.table: options,
#                 seats, names, chips, bots, the first dealer)
#   oya.ui.play   the deal screens, while a match is played
#   oya.ui.menus  the pause menu and standings (oya.ui.records: the recall
#                 and the slips; oya.ui.play: match over)
# The core is synchronous (key(), tick(), frame()) so tests and benchmarks can
# drive it step by step on any runtime; oya.ui.loop runs it on the device
# and in the simulator. Nothing here may drop to the REPL: every error
# becomes a message and the device carries on.
# Imports inside functions are for code a flow may drop; what every key or
# frame uses is imported here once: on MicroPython an import statement costs
# a search of all interned strings each time it runs.
import gc
import os
import sys
from oya import rng
from oya.journal import Journal
from oya.games import bot_for, forget_games
from oya.heap import MATCH_CODE, MATCH_END, MENUS, RARE, forget
from oya.ui import DEFAULT_SETTINGS, IDLE_REDRAW, flow
from oya.ui.grid import Grid
from oya.ui.widgets import Message, wrap
from oya.ui.text import t
from oya.compat import const

STATE_DIR = "state"
_HELD_KEYS = const(16)          # keys kept while a new table or a ranking is made (App.key); more are dropped
_CALM = const(4)                # keys that go through after a MemoryError before the next one is a new trouble


def _mkdir(path):
    try:
        os.mkdir(path)
    except OSError:
        pass


def list_rulesets(game=None):
    """[(file, game, name, options or None, error or None)] for rulesets/*.json
    (oya.ui.setup.list_rulesets; kept here for the tools that ask the app)."""
    return flow("setup").list_rulesets(game)


def _calling(fn, args):
    """App.call_later's job: the call, on an idle pass."""
    fn(*args)
    yield


class App:
    def __init__(self, hw=None, now=0):
        self.hw = hw
        self.now = now
        self.grid = Grid()
        self.stack = []
        self.session = None
        self.bots = ()
        self.bot_rng = None
        self._pending_seed = None
        self._mod = None
        self._bot = None           # (game, its bot's smart_bot): looked up once a match
        self._play = None          # the deal screen of the match in play
        self._starting = None      # (session, bots) of a new table, shown its first dealer
        self._table = None         # (deal number, actions taken, its table lines, their language): see table_lines
        self._prefetch = []        # modules the next screen will want, imported while idle
        self._later = []           # the jobs of run_later() among them: prefetch() keeps those
        self.due = False           # the screen needs what _prefetch has yet to do: keys wait for it
        self.ranking_due = False   # the match is over and its ranking is still to come (match_over)
        self.held = []             # the keys pressed meanwhile, answered once it is done
        self.scanned = None        # the rulesets found while the game list was shown (oya.ui.setup)
        self._home_resume = False  # the home menu offers Resume
        self.renderer = None
        self._clock = (now, 0)     # (tick when the match in play was (re)started, ms played before)
        self._printer_failed = 0   # the printer's failure count last reported
        _mkdir(STATE_DIR)
        self.settings_j = Journal(STATE_DIR + "/settings")
        self.match_j = Journal(STATE_DIR + "/match")
        self.night_j = Journal(STATE_DIR + "/night")      # a night between matches (oya.ui.night)
        self.night = None          # the night's state, while its screens are shown (not in a deal)
        self.last_match = None     # (game, chart rows, gains, chips?) of the match just over
        self.night_match = False   # the table being set up is a night's next match
        self.night_bots = None     # its bots, as the night had them (oya.ui.table)
        # the recall's folder (oya.session) too: made, a folder is two flash
        # erases in one littlefs call (its new metadata pair, a compaction of
        # its parent's log), too long a run of CPU for a key, so it is made
        # at boot, when no key waits
        _mkdir(self.match_j.folder())
        self.settings = dict(DEFAULT_SETTINGS)
        self._bad_settings = False    # the saved settings were unreadable: said at boot
        self._oom = 0                 # MemoryErrors since a key last went through
        self._near = 0                # MemoryErrors each within _CALM keys of the one before
        self._calm = _CALM            # keys gone through since the last MemoryError
        self._err = None              # the error screen fail() showed last
        self.rare().boot(self)

    def rare(self):
        """oya.ui.app_rare, where the code of what a deal never calls is
        (the boot, the pause menu, the slips): imported for the call and
        forgotten at once, as the function called keeps what it needs."""
        from oya.ui import app_rare
        forget(RARE)
        return app_rare

    # -- screen stack ---------------------------------------------------------------
    @property
    def lang(self):
        return self.settings["lang"]

    def push(self, screen):
        self.stack.append(screen)

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()

    def replace(self, screen):
        self.stack = [screen]

    def top(self):
        return self.stack[-1]

    def key(self, k):
        """Handle one key; any error becomes a message and the device goes on."""
        if self.due:
            # a new table still in the making (oya.ui.start.begin): the key
            # waits for the idle passes, then acts on the screen it was
            # pressed for (the rest of the setup is too long a run of CPU to
            # do in the key)
            if len(self.held) < _HELD_KEYS:
                self.held.append(k)
            return
        try:
            self.top().key(k)
            if self.top() is not self._err:
                self._oom = 0       # a key went through to a screen of its own
                self._err = None
                self._calm += 1
        except Exception as e:
            self.fail(e)
        if len(self.stack) == 1 and self.stack[0] is self._play:
            # back at the deal: the menus' code goes, and what they read back
            forget(MENUS)

    def tick(self, now):
        """Time passes: bot seats act. True when something changed."""
        self.now = now
        if self.check_printer():
            return True
        if self.check_time():
            return True
        scr = self.top()
        if hasattr(scr, "tick"):
            try:
                return scr.tick(now)
            except Exception as e:
                self.fail(e)
                return True
        return False

    def frame(self):
        """The current screen as a Grid."""
        g = self.grid
        try:
            self.top().draw(g)
        except Exception as e:
            self.fail(e)
            self.top().draw(g)
        return g

    def prefetch(self, *groups):
        """Import the modules of these groups (oya.heap's, "a|b|c", or
        oya.games.module_name's) on the next idle passes (idle()), one a pass:
        the key that needs one then finds it loaded (a game's engine is slow
        to import from flash; while a screen waits for its reader that time
        is free). An item may also be a generator:
        work done one step a pass (the ruleset scan while the game list is
        shown). What it asked for before goes, but not the jobs run_later()
        gave, which stay first: a job whose step puts up a screen that
        asks for its modules (the home menu) goes on after that step."""
        later = self._later
        self._prefetch = [x for x in self._prefetch if x in later]
        self.prefetch_more(*groups)

    def prefetch_more(self, *groups):
        """As prefetch(), after what is already asked for."""
        todo = self._prefetch
        for g in groups:
            if isinstance(g, str):
                todo += g.split("|")
            else:
                todo.append(g)

    def run_later(self, job):
        """`job` (a generator) run one step an idle pass, after what is
        already asked for; keys pressed meanwhile wait for it, then act on
        the screen it leaves (due)."""
        self._prefetch.append(job)
        self._later.append(job)
        self.due = True

    def call_later(self, fn, *args):
        """fn(*args) on an idle pass, after what is already asked for (keys
        held meanwhile: run_later)."""
        self.run_later(_calling(fn, args))

    def after_fetch(self, fn, *args):
        """True, and fn(*args) put off to an idle pass behind them, while
        modules prefetch() asked for are still to come (keys held
        meanwhile): the key that needs them does not import them itself
        (an OK on the ruleset list would otherwise import the options' code
        in one long run of CPU without a sleep). False: they are in, go on."""
        for name in self._prefetch:
            if isinstance(name, str):
                self.call_later(fn, *args)
                return True
        return False

    def idle(self):
        """Work for an idle pass of the device loop: one module asked for by
        prefetch(), or a slice of the screen's own work (its idle(): the
        play screen's search for a decision's choices). 0: nothing done, 1:
        something done, IDLE_REDRAW: done, and the screen changed."""
        if self._prefetch:
            return self._fetch()
        if self.due:
            return self.release()
        work = getattr(self.top(), "idle", None)
        if work is None:
            return 0
        try:
            return work()
        except Exception as e:
            self.fail(e)
            return IDLE_REDRAW

    def _fetch(self):
        """One module or step of prefetch(): 1, or IDLE_REDRAW when a step
        put up a screen (a new table's first dealer: the loop draws after a
        key or IDLE_REDRAW only) or failed (its error is on the screen)."""
        name = self._prefetch[0]
        done = 1
        if not isinstance(name, str):
            top = self.top()
            try:
                next(name)
            except StopIteration:
                self._done_with(name)
            except Exception as e:
                self._done_with(name)
                self.fail(e)
                done = IDLE_REDRAW
            if self.top() is not top:
                done = IDLE_REDRAW
        else:
            if name not in sys.modules:
                try:
                    __import__(name)
                except Exception:   # not there, or no room (MemoryError): the key
                    pass            # that needs it imports it again and says so
            self._prefetch.pop(0)
        return done

    def _done_with(self, step):
        """A prefetch step has ended: off the list, unless the step put a
        new list in its place (a resume that went home: its menu's fetch)."""
        if self._prefetch and self._prefetch[0] is step:
            self._prefetch.pop(0)
        if step in self._later:
            self._later.remove(step)

    def release(self):
        """The work keys waited for is done: the next key held for it,
        one a pass (IDLE_REDRAW), the rest still held behind it and behind
        any work it asks for, since two held keys and their screens in one
        pass are too long a run of CPU."""
        self.due = False
        if not self.held:
            return 0
        self.key(self.held.pop(0))
        if self.held:
            self.due = True
        return IDLE_REDRAW

    def finishing(self):
        """Whether the screen on top is still working out its answer (the
        play screen's search for a decision's choices, in slices on idle
        passes), or the modules the next key needs are still being fetched
        while an ended match's files go: the device loop takes that before
        the journal's next step, so the choices are not held up by three
        steps of each file, nor the key home by a dozen removals (a press
        during them would import the home menu in the key itself). No write waits, only removals: a
        new table's first record (its clear is lazy too) goes first. Nor
        while a match's ranking is to come: it clears the journal, and the
        last deal's files written before it would go unread."""
        if getattr(self.top(), "work", None) is not None:
            return True
        if self.ranking_due:
            return True
        if not (self._prefetch and self.match_j.clearing()):
            return False
        s = self._journaled()
        return s is None or not s.owes()

    def _journaled(self):
        """The session whose journal may owe files (in play, or just drawn)."""
        return self.session or (self._starting and self._starting[0])

    def owes(self):
        """Whether the match's journal still has files to write (or, the
        match over, to remove)."""
        s = self._journaled()
        return (s is not None and s.owes()) or self.match_j.owed()

    def settle(self):
        """Write (or remove) one file the match's journal still owes (the
        device loop calls this after the frame is sent: see oya.session).
        True when more is left."""
        if self.match_j.owed():
            return self.match_j.step() or self.owes()
        s = self._journaled()
        if s is not None and s.owes():
            return s.flush(True)
        return False

    def screen_text(self):
        return self.frame().text()

    def fail(self, e):
        # the traceback on the serial console first: the screen has room for
        # the message only, and someone with mpremote attached (or the soak,
        # tools/pico --console) sees where it came from
        print_exception = getattr(sys, "print_exception", None)     # MicroPython's
        if print_exception is not None:
            print_exception(e)
        L = self.lang
        oom = isinstance(e, MemoryError)
        if oom:
            self._oom += 1
            self._near = self._near + 1 if self._calm < _CALM else 1
            self._calm = 0
            if self._oom > 2:
                self.restart()      # the offer below could not be shown or taken either
                return
        try:
            if oom and (self._oom > 1 or self._near > 2):
                # again before a key went through to a screen of its own: the
                # way home needs heap too (a heap in fragments, the names a
                # long session interned), and OK would only fail again. A
                # restart gives it all back; the journal keeps the match. So
                # does a third within a few keys of each other: home went
                # through, and the same step failed again from there (the
                # game list's ruleset scan on a heap held to its frozen
                # budget fails this way for as long as keys are pressed)
                self._err = Message(t("error", L), wrap(t("out_of_memory", L)), self.restart, footer=t("restart", L))
            else:
                msg = str(e) or e.__class__.__name__
                self._err = Message(t("error", L), wrap(msg)[:5], self.home, lang=L)
            self.replace(self._err)
        except MemoryError:
            # not even an error can be shown: restart now (a power cut at any
            # moment loses at most the action in flight)
            self._err = None
            self.restart()

    def restart(self):
        """A soft reset of the board (main.py runs again, and the boot offers
        the saved match); home where there is no board to reset."""
        try:
            import machine
        except ImportError:
            self.home()
            return
        machine.soft_reset()

    # -- the flows of other modules -------------------------------------------------------
    def home(self):
        # the match and the screens under this one go before the home menu's
        # code is imported, because from the OK of a MemoryError in play that
        # import beside the match runs out again, the board restarts, and the
        # resume it offers runs out the same way, again and again
        self.stack = self.stack[-1:]
        self.scanned = None
        self.drop_match()
        flow("home").home(self)

    def drop_match(self):
        """No match in play: its screens, menus and engine go (at home, and
        on the match-over screen before the home menu is fetched, so the two
        are never in RAM together), and the code every match shares (a
        new table fetches it after its setup: oya.ui.start.begin). Kept, it
        would sit beside the next table's setup screens, where a heap held
        to its budget runs out at every table."""
        self.session = None
        self._play = None
        self._mod = None
        self._bot = None
        self._table = None
        forget(MATCH_CODE)
        forget_games()

    def match_over(self):
        """The match is over: its ranking comes on the next idle passes, the
        module imported in one and the ranking made in the next (both in the
        key that ends the match are too long a run of CPU). Keys pressed
        meanwhile wait for it (due)."""
        # the screens over the deal (a pause menu, its question) go now with
        # their code, so the ranking's module comes in beside the deal alone,
        # and the title says at once what the key did
        self.replace(Message(t("match_end", self.lang), [], self.pop, lang=self.lang))
        forget(MENUS)
        self.due = self.ranking_due = True
        self.prefetch(MATCH_END, self._ranking())

    def _ranking(self):
        flow("match_end").match_over(self)      # (it asks prefetch() for what comes next)
        self.ranking_due = False
        if not self._later:
            self.release()                      # the keys held meanwhile: on the ranking
        # (else once the match is in the night: App.idle releases them)
        yield

    # -- the deal loop (called by PlayScreen) -------------------------------------------------
    def game_module(self):
        return self._mod

    def humans(self):
        return len(self.session.match.ledger) - len(self.bots)

    def pending_seed(self):
        """The next deal's seed, drawn before the deal so its commitment can
        be shown (and printed) first."""
        if self._pending_seed is None:
            self._pending_seed = rng.entropy()
        return self._pending_seed

    def begin_deal(self):
        seed = self.pending_seed()
        self._pending_seed = None
        self.note_time()
        self.session.begin_deal(seed)

    def act(self, action, seat):
        self.note_time()
        self.session.act(action, seat)
        if self.session.match.deal.done:
            self._table = None      # (its lines: the results screen that comes next draws none)

    def bot_action(self, deal, seat):
        bot = self._bot
        if bot is None or bot[0] != self.session.game:
            game = self.session.game
            self._bot = bot = (game, bot_for(game))
        return bot[1](deal, seat, self.bot_rng)

    def table_lines(self, deal):
        """The public table of `deal` as screen lines; made again only after an
        action (the hand-off, peek and decision screens of one turn show the
        same table, and making it is a large part of drawing a frame)."""
        m = self.session.match
        n = len(self.session.acts)
        c = self._table
        L = self.lang
        if c is not None and c[0] == m.started and c[1] == n and c[3] == L:    # (no reference to a finished deal)
            return c[2]
        self._table = None          # the old lines go before the new are made: not both at the peak
        lines = self._mod.table_lines(deal.table_public(), m.ledger.names, m.deck_kind(), L)    # (every game has its own)
        self._table = (m.started, n, lines, L)
        return lines

    def end_deal(self):
        s = self.session
        self.note_time()
        s.end_deal()
        if s.match.over():
            self.match_over()
        else:
            self.top().refresh()

    # -- a match played to an agreed time (Kakkuri's session_end = time_limit) ----------------
    def time_limit_ms(self):
        """The agreed playing time in ms, or None when the match does not end by time."""
        s = self.session
        if s is None or not hasattr(s.match, "stop"):
            return None
        o = s.match.opts
        if o.get("session_end", "time_limit") != "time_limit":
            return None
        return o.get("session_minutes", 60) * 60000

    def played_ms(self):
        """Time played in this match: what the journal holds from earlier
        boots (saved with every action) plus the ticks since it was resumed."""
        t0, base = self._clock
        return base + max(0, _tdiff(self.now, t0))

    def note_time(self):
        """Put the time played into the session before it is journaled, so a
        power cut loses at most the time since the last action."""
        if self.time_limit_ms() is not None:
            self.session.ui["played_ms"] = self.played_ms()

    def check_time(self):
        """Time is up: the match ends after the deal in play (match.stop());
        between deals it ends now."""
        limit = self.time_limit_ms()
        if limit is None:
            return False
        m = self.session.match
        if not m.stopped:
            if self.played_ms() < limit:
                return False
            m.stop()
        if m.deal is None and self.top() is self._play and m.over():
            # between deals, once the match screen is back on top (not over a
            # menu the players opened), and when the engine agrees: a
            # Kachi-kachi pot carried by a tie is played for first
            self.match_over()
            return True
        return False

    # -- printer --------------------------------------------------------------------------------
    def printer(self):
        hw = self.hw
        p = getattr(hw, "printer", None) if hw is not None else None
        if p is None or not getattr(p, "fitted", True):
            return None
        return p if self.settings["printer"] else None

    def check_printer(self):
        """A slip that failed after it was queued (paper out, unplugged) is
        reported once; play goes on either way."""
        p = self.printer()
        if p is None:
            return False
        failed = getattr(p, "failed", 0)
        if failed and failed != self._printer_failed:
            top = self.top()
            if top is self._play and top.state == top.PEEK:
                return False     # said once the cards are hidden: OK's release must reach the peek
            self._printer_failed = failed
            self.rare().not_printed(self, getattr(p, "last_error", None) or "")
            return True
        return False

# -- on the device: buttons -> keys, the render loop, the printer task ----------------

_clock = None      # oya.hw.tdiff, looked up at the first use (the clock runs every tick)


def _tdiff(a, b):
    global _clock
    if _clock is None:
        from oya.hw import tdiff
        _clock = tdiff
    return _clock(a, b)


def render(app):
    """Draw what changed and send it; a display error is shown, not raised."""
    d = app.hw.display
    if d is None or app.renderer is None:
        return 0
    g = app.frame()
    n = app.renderer.render(g)
    if n and d.show() is False:
        app.renderer.invalidate()       # the panel failed, or was set up again: all of it
        if d.failed is None:            # (drawn a page at a time, show() cannot resend it)
            app.renderer.render(g)
    return n
