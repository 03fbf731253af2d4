# The device application: home, new table, the deal loop, settings, recall.
# The core is synchronous (key(), tick(), frame()) so tests and benchmarks can
# drive it step by step on any runtime; run() wraps it in asyncio tasks on the
# device and in the simulator. Nothing here may drop to the REPL: every error
# becomes a message and the device carries on.
import os
from oya import GAMES, VERSION, rng
from oya.game import RuleError
from oya.journal import Journal, JournalCorrupt
from oya.session import Session, new_match, replay_deal
from oya.games import load
from oya.ui import keys, tables
from oya.ui.grid import Grid, Renderer, two_cols
from oya.ui.widgets import Menu, Spinner, LetterPicker, Message, wrap
from oya.ui.play import PlayScreen, PEEK
from oya.ui.text import t, game_name

STATE_DIR = "state"
RULESET_DIR = "rulesets"
DEFAULT_SETTINGS = {"lang": 0, "contrast": 207, "printer": True}


def _mkdir(path):
    try:
        os.mkdir(path)
    except OSError:
        pass


def _forget(name):
    """Drop module `name` from the module table and its package, so that
    MicroPython frees its code once nothing else refers to it. Only on
    MicroPython: CPython callers (tests) may hold the modules themselves."""
    import sys
    if sys.implementation.name != "micropython" or name not in sys.modules:
        return
    del sys.modules[name]
    pkg, _, leaf = name.rpartition(".")
    try:
        delattr(sys.modules[pkg], leaf)
    except (KeyError, AttributeError):
        pass


def forget_games(keep=None):
    """Forget every game engine (and bot) module but `keep`'s: one game's
    engine in RAM at a time."""
    import sys
    for k in [k for k in sys.modules if k.startswith("oya.games.")]:
        g = k[10:]
        if keep is None or (g != keep and g != keep + "_bot"):
            _forget(k)


def _rules():
    """oya.rules, imported when a flow needs it (new table, rulesets) and
    forgotten while a match is played (with its JSON reader, ~7 KB)."""
    from oya import rules
    return rules


def _ruleset_game(path):
    """The game a ruleset file names (None when it cannot tell): read before
    validating, so listing one game's rulesets imports no other engine. The
    built-in json parses in C with little garbage; the strict check is
    rules.load's, for the files that are read in full."""
    import json
    try:
        with open(path, "rb") as f:
            g = json.loads(f.read(_rules().MAX_BYTES)).get("game")
    except Exception:
        return None
    return g if g in GAMES else None


def list_rulesets(game=None):
    """[(file, game, name, options or None, error or None)] for rulesets/*.json.
    Only plain file names inside rulesets/ are read. Each file is validated
    with its own game's engine, which is forgotten again unless it is `game`."""
    rules = _rules()
    out = []
    try:
        files = sorted(os.listdir(RULESET_DIR))
    except OSError:
        return out
    for fn in files:
        if not fn.endswith(".json") or "/" in fn or fn.startswith("."):
            continue
        if game is not None:
            g = _ruleset_game(RULESET_DIR + "/" + fn)
            if g is not None and g != game:
                continue
        try:
            g, name, opts = rules.load(RULESET_DIR + "/" + fn)
            err = None
        except rules.RulesetError as e:
            g, name, opts, err = None, fn, None, str(e)
        except Exception as e:  # never let one bad file stop the list
            g, name, opts, err = None, fn, None, "%s: cannot be read (%s)." % (fn, e)
        if game is None or g == game or g is None:
            out.append((fn, g, name, opts, err))
        if game is None:
            forget_games(None)
    return out


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
        self.renderer = None
        self._clock = (now, 0)     # (tick when the match in play was (re)started, ms played before)
        _mkdir(STATE_DIR)
        self.settings_j = Journal(STATE_DIR + "/settings")
        self.match_j = Journal(STATE_DIR + "/match")
        self.settings = dict(DEFAULT_SETTINGS)
        self._bad_settings = False
        try:
            saved = self.settings_j.load()
            if saved is not None and not isinstance(saved, dict):
                raise JournalCorrupt(self.settings_j.path)
            if isinstance(saved, dict):
                for k in DEFAULT_SETTINGS:
                    if k in saved and type(saved[k]) is type(DEFAULT_SETTINGS[k]):
                        self.settings[k] = saved[k]
        except JournalCorrupt:
            self.settings_j.quarantine()      # kept as .bad; said at boot
            self._bad_settings = True
        self.boot()

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
        try:
            self.top().key(k)
        except Exception as e:
            self.fail(e)

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

    def screen_text(self):
        return self.frame().text()

    def fail(self, e):
        msg = str(e) or e.__class__.__name__
        self.replace(Message(t("error", self.lang), wrap(msg)[:5], self.home))

    # -- boot and home ------------------------------------------------------------------
    def boot(self):
        errors = getattr(self.hw, "errors", None) if self.hw is not None else None
        if self._bad_settings:
            errors = list(errors or ()) + [t("bad_settings", self.lang)]
            self._bad_settings = False
        if errors:
            # board file or device problems: say so once, then carry on with defaults
            lines = []
            for e in errors:
                lines.extend(wrap(str(e)))
            self.replace(Message(t("error", self.lang), lines, self.boot_match))
            return
        self.boot_match()

    def boot_match(self):
        try:
            rec = self.match_j.load()
            if rec is not None and (not isinstance(rec, dict) or rec.get("game") not in GAMES):
                raise JournalCorrupt(self.match_j.path)     # intact, but not a match of ours
        except JournalCorrupt:
            self.match_j.quarantine()
            self.replace(Message(t("error", self.lang), wrap(t("bad_state", self.lang)), self.home))
            return
        except Exception as e:
            self.replace(Message(t("error", self.lang), wrap(str(e)), self.home))
            return
        if rec is not None and rec.get("state") is not None:
            L = self.lang

            def yes():
                self.resume()

            self.replace(Message(t("resume_q", L), [game_name(rec.get("game", "?"), L), ""] +
                                 [t("yes_no", L)], yes, self.home, footer=""))
            return
        self.home()

    def home(self):
        L = self.lang
        items = [t("new", L)]
        acts = [self.new_table]
        if self.has_saved():
            items.append(t("resume", L))
            acts.append(self.resume)
        for key, fn in (("rulesets", self.rulesets_screen), ("settings", self.settings_screen),
                        ("about", self.about)):
            items.append(t(key, L))
            acts.append(fn)
        self.replace(Menu(t("home", L), items, lambda i: acts[i]()))

    def has_saved(self):
        try:
            return self.match_j.load() is not None
        except JournalCorrupt:
            return False

    def resume(self):
        try:
            s = Session.resume(self.match_j)
        except MemoryError:
            raise
        except Exception:
            # unreadable, or read but not a match that replays (hostile or
            # from another firmware): kept as .bad, never offered again
            self.match_j.quarantine()
            self.replace(Message(t("error", self.lang), wrap(t("bad_state", self.lang)), self.home))
            return
        if s is None:
            self.home()
            return
        self.start_play(s, tuple(self.bots))

    # -- new table flow ----------------------------------------------------------------
    def new_table(self):
        L = self.lang
        self.push(Menu(t("game", L), [game_name(g, L) for g in GAMES],
                       lambda i: self.pick_ruleset(GAMES[i]), self.pop))

    def pick_ruleset(self, game):
        L = self.lang
        rules = _rules()
        forget_games(game)
        mod = load(game)
        found = list_rulesets(game)
        items = [t("defaults", L)]
        for fn, g, name, opts, err in found:
            items.append((name, t("invalid", L)) if err else name)

        def pick(i):
            if i == 0:
                self.edit_options(game, "default", rules.defaults(mod.OPTIONS))
                return
            fn, g, name, opts, err = found[i - 1]
            if err:
                self.push(Message(t("invalid", L), wrap(err), self.pop))
            else:
                self.edit_options(game, name, opts)

        self.push(Menu(t("ruleset", L), items, pick, self.pop))

    def edit_options(self, game, rs_name, opts):
        L = self.lang
        rules = _rules()
        mod = load(game)
        table = mod.OPTIONS
        opts = dict(opts)
        menu = Menu(t("options", L), [], None, self.pop)

        def refresh():
            menu.items = [(e[0], rules._fmt(opts[e[0]])[:8]) for e in table] + [t("start", L)]

        def pick(i):
            if i == len(table):
                self.pick_seats(game, rs_name, opts)
                return
            e = table[i]

            def set_value(v):
                opts[e[0]] = v
                refresh()
                self.pop()

            if len(e) == 4:
                cur = opts[e[0]] if opts[e[0]] is not None else e[2]
                self.push(Spinner(e[0], e[2], min(e[3], 9999), cur, set_value, self.pop))
            elif callable(e[2]):
                self.push(Message(e[0], wrap(rules.allowed(e)), self.pop))
            else:
                vals = list(e[2])
                self.push(Menu(e[0], [rules._fmt(v) for v in vals], lambda j: set_value(vals[j]), self.pop,
                               vals.index(opts[e[0]]) if opts[e[0]] in vals else 0))

        menu.on_pick = pick
        refresh()
        self.push(menu)

    def pick_seats(self, game, rs_name, opts):
        L = self.lang
        mod = load(game)
        lo, hi = mod.MATCH.SEATS
        if isinstance(opts.get("players"), int):
            # the ruleset fixes the seat count (Kakkuri, Meri): no question
            self.pick_names(game, rs_name, opts, opts["players"])
            return
        default = lo if lo > 3 else min(hi, 4)
        warn = getattr(mod.MATCH, "WARN_SEATS", None)

        def chosen(n):
            if warn is not None and n > warn:
                # playable, but the rules advise against it (Kachi-kachi: few cards left to draw)
                def go_on():
                    self.pop()
                    self.pick_names(game, rs_name, opts, n)
                self.push(Message(t("seats", L), wrap(t("many_seats", L) % (n, warn)), go_on, self.pop))
                return
            self.pick_names(game, rs_name, opts, n)

        self.push(Spinner(t("seats", L), lo, hi, default, chosen, self.pop))

    def pick_names(self, game, rs_name, opts, n):
        L = self.lang
        names = ["P%d" % (i + 1) for i in range(n)]
        menu = Menu(t("names", L), [], None, self.pop)

        def refresh():
            menu.items = ["%d %s" % (i + 1, names[i]) for i in range(n)] + [t("start", L)]

        def pick(i):
            if i == n:
                self.pick_chips(game, rs_name, opts, names)
                return

            def done(v):
                names[i] = v
                refresh()
                self.pop()

            self.push(LetterPicker(t("names", L), names[i], done, self.pop))

        menu.on_pick = pick
        refresh()
        self.push(menu)

    def pick_chips(self, game, rs_name, opts, names):
        L = self.lang
        rules = _rules()
        mod = load(game)
        key = mod.MATCH.START_OPTION
        if key not in opts:
            self.pick_bots(game, rs_name, opts, names)
            return
        e = rules.find(mod.OPTIONS, key)
        lo, hi = (e[2], e[3]) if e and len(e) == 4 else (1, 999)

        def done(v):
            opts[key] = v
            self.pick_bots(game, rs_name, opts, names)

        self.push(Spinner(t("chips", L), lo, min(hi, 9999), opts[key], done, self.pop))

    def pick_bots(self, game, rs_name, opts, names):
        L = self.lang
        n = len(names)

        def done(b):
            self.start_new(game, rs_name, opts, names, tuple(range(n - b, n)))

        self.push(Spinner(t("bots", L), 0, n, 0, done, self.pop))

    def start_new(self, game, rs_name, opts, names, bots):
        self.match_j.clear()
        s = Session(game, rs_name, opts, names, None, self.match_j)
        s.draw_first_dealer()
        self.start_play(s, bots)
        L = self.lang
        m = s.match
        lines = tables.event_lines(m.deck_kind(), [], names)
        kind = m.deck_kind()
        for e in m.intro:
            if e[0] == "card":
                lines.append("%s %s" % (tables.place_name(e[2], names), tables.card_list(kind, bytes([e[1]]))))
            elif e[0] == "note":
                lines.append(str(e[1]))
        lines.append("> %s: %s" % (t("first", L), names[m.dealer]))
        self.push(Message(t("first", L), lines, self.pop))

    def start_play(self, session, bots):
        _forget("oya.rules")         # the new-table flow's; not needed in play
        _forget("oya.jsonlite")
        self.session = session
        self._mod = load(session.game)
        self.bots = bots
        self.bot_rng = rng.Rng(rng.entropy())
        self._pending_seed = None
        self._clock = (self.now, session.ui.get("played_ms", 0))
        play = PlayScreen(self)
        self.replace(play)
        play.refresh()

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

    def print_commit(self):
        """The whole commitment on paper before the deal: anyone can check
        the seed printed after it (python -m tools verify)."""
        from oya.rng import commit
        m = self.session.match
        c = commit(self.pending_seed())
        self.print_lines(["%s %d  %s" % (t("deal", self.lang), m.deal_no + 1, game_name(self.session.game, self.lang)),
                          t("commit", self.lang) + ":", c[:32], c[32:]])

    def deal_record(self):
        """The finished deal for paper: seed, public story, payments, balances."""
        from oya.compat import hexstr
        from oya.rng import commit
        m = self.session.match
        deal = m.deal
        names = m.ledger.names
        lines = ["%s %d  %s" % (t("deal", self.lang), m.deal_no + 1, game_name(self.session.game, self.lang)),
                 "%s %s" % (t("dealer", self.lang), names[deal.dealer])]
        sh = hexstr(m.deal_seed)
        c = commit(m.deal_seed)
        lines += [t("commit", self.lang) + ":", c[:32], c[32:], t("seed", self.lang) + ":", sh[:32], sh[32:]]
        lines += tables.deal_record_lines(m.deck_kind(), deal.events, names, deal.seen(-1))
        st0 = self.session.state0
        if st0:
            lines.append("chips " + ",".join(str(c) for c in st0["chips"]))
        acts = self.session.acts
        lines.append("acts " + ",".join("%d:%d" % (acts[i], acts[i + 1]) for i in range(0, len(acts), 2)))
        for i in range(len(names)):
            lines.append(two_cols(names[i], str(m.ledger.chips[i])))
        return lines

    def begin_deal(self):
        seed = self.pending_seed()
        self._pending_seed = None
        self.note_time()
        self.session.begin_deal(seed)

    def act(self, action, seat):
        self.note_time()
        self.session.act(action, seat)

    def bot_action(self, deal, seat):
        import sys
        name = "oya.games.%s_bot" % self.session.game
        mod = sys.modules.get(name) or __import__(name, None, None, ("smart_bot",))
        return mod.smart_bot(deal, seat, self.bot_rng)

    def table_lines(self, deal):
        m = self.session.match
        fn = getattr(self._mod, "table_lines", None)
        if fn is not None:
            return fn(deal.public(), m.ledger.names, m.deck_kind())
        return tables.table_lines(m.deck_kind(), deal.public(), m.ledger.names)

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
        from oya.hw import tdiff
        t0, base = self._clock
        return base + max(0, tdiff(self.now, t0))

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
        if m.deal is None and isinstance(self.top(), PlayScreen):
            # between deals, once the match screen is back on top (not over a
            # menu the players opened); match_over() takes it off the top
            self.match_over()
            return True
        return False

    def time_left_line(self):
        limit = self.time_limit_ms()
        if limit is None:
            return None
        left = max(0, limit - self.played_ms())
        return two_cols(t("time_left", self.lang), "%d min" % ((left + 59999) // 60000))

    def match_over(self):
        L = self.lang
        m = self.session.match
        lines = []
        if m.opts.get("final_tiebreak") == "draw_cards" and hasattr(m, "draw_tiebreak"):
            # equal chips at the end: the tied seats draw cards (Kakkuri)
            from oya import stock
            m.draw_tiebreak(stock.shuffled(m.deck(), rng.entropy()))
            kind = m.deck_kind()
            for e in m.outro:
                lines.append("%s %s" % (tables.place_name(e[2], m.ledger.names), tables.card_list(kind, bytes([e[1]]))))
        ranking = m.ranking() if hasattr(m, "ranking") else None
        if ranking is None:
            ranking = []
            for seat, score in m.standings():
                ranking.append((len(ranking) + 1, seat, score))
        for place, seat, score in ranking:
            lines.append(two_cols("%d %s" % (place, m.ledger.names[seat]), str(score)))
        self.match_j.clear()

        def done():
            self.session = None
            self.home()

        self.replace(Message(t("match_end", L), lines, done))

    def pause_menu(self, play=None):
        L = self.lang
        items = [t("continue", L), t("standings", L), t("recall", L), t("print", L), t("quit", L),
                 t("end_match", L)]

        def pick(i):
            if i == 0:
                self.pop()
            elif i == 1:
                self.standings_screen()
            elif i == 2:
                self.recall_screen()
            elif i == 3:
                self.print_lines(self.standings_lines())
            elif i == 4:
                self.session = None
                self.home()
            else:
                # the players agree to stop (a match played to a time, or any match)
                m = self.session.match
                if hasattr(m, "stop"):
                    m.stop()
                self.match_over()

        self.push(Menu(t("pause", L), items, pick, self.pop))

    def standings_lines(self):
        m = self.session.match
        lines = []
        for seat, score in m.standings():
            lines.append(two_cols(m.ledger.names[seat] + (" *" if seat == m.dealer else ""), str(score)))
        left = self.time_left_line()
        if left is not None:
            lines.insert(0, left)
        return lines

    def standings_screen(self):
        self.push(Message(t("standings", self.lang), self.standings_lines(), self.pop))

    def recall_lines(self, entry, n):
        """Rebuild a finished deal from the journal's recall entry."""
        from oya.compat import unhex
        s = self.session
        m = s.match
        twin = new_match(s.game, m.opts, m.ledger.names, m.start_chips)
        twin.restore(entry["state"])
        deal = replay_deal(twin, unhex(entry["seed"]), entry["acts"])
        kind = twin.deck_kind()
        lines = ["#%d %s %s" % (n, t("seed", self.lang), entry["seed"][:8])]
        lines.extend(tables.deal_record_lines(kind, deal.events, m.ledger.names, deal.seen(-1)))
        return lines

    def recall_screen(self):
        L = self.lang
        rec = self.session.recall
        if not rec:
            self.push(Message(t("recall", L), ["-"], self.pop))
            return
        items = ["#%d %s" % (len(rec) - i, rec[i]["seed"][:8]) for i in range(len(rec) - 1, -1, -1)]

        def pick(i):
            j = len(rec) - 1 - i
            lines = [x for ln in self.recall_lines(rec[j], j + 1) for x in wrap(ln)]
            self.push(Message(t("recall", L), lines, self.pop, footer="OK back hold:print"))

        self.push(Menu(t("recall", L), items, pick, self.pop,
                       on_hold=lambda i: self.print_lines(self.recall_lines(rec[len(rec) - 1 - i], len(rec) - i))))

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
        if failed and failed != getattr(self, "_printer_failed", 0):
            if getattr(self.top(), "state", None) == PEEK:
                return False     # said once the cards are hidden: OK's release must reach the peek
            self._printer_failed = failed
            why = getattr(p, "last_error", None) or ""
            self.push(Message(t("print", self.lang), [t("not_printed", self.lang)] + wrap(why)[:3], self.pop))
            return True
        return False

    def print_lines(self, lines):
        L = self.lang
        p = self.printer()
        if p is None:
            self.push(Message(t("print", L), [t("no_printer", L)], self.pop))
            return False
        try:
            p.slip(lines)
        except Exception as e:
            self.push(Message(t("print", L), [t("not_printed", L)] + wrap(str(e))[:3], self.pop))
            return False
        return True

    # -- rulesets, settings, about ------------------------------------------------------------
    def rulesets_screen(self):
        L = self.lang
        rules = _rules()
        found = list_rulesets()
        items = []
        for fn, g, name, opts, err in found:
            items.append((name[:12], t("invalid", L) if err else g))

        def pick(i):
            fn, g, name, opts, err = found[i]
            lines = wrap(err) if err else [fn, game_name(g, L)] + ["%s=%s" % (k, rules._fmt(opts[k])) for k in opts]
            self.push(Message(name, lines, self.pop))

        self.push(Menu(t("rulesets", L), items or ["-"], pick if items else (lambda i: None), self.pop))

    def save_settings(self):
        try:
            self.settings_j.save(self.settings)
        except Exception as e:
            self.push(Message(t("error", self.lang), wrap(str(e)), self.pop))

    def settings_screen(self):
        L = self.lang
        menu = Menu(t("settings", L), [], None, self.pop)

        def refresh():
            L2 = self.lang
            menu.title = t("settings", L2)
            menu.items = [(t("language", L2), "日本語" if L2 else "English"),
                          (t("contrast", L2), str(self.settings["contrast"])),
                          (t("printer", L2), t("on" if self.settings["printer"] else "off", L2)),
                          t("test_page", L2), t("button_test", L2)]

        def pick(i):
            if i == 0:
                self.settings["lang"] = 1 - self.settings["lang"]
                self.save_settings()
            elif i == 1:
                def done(v):
                    self.settings["contrast"] = v
                    self.apply_contrast()
                    self.save_settings()
                    refresh()
                    self.pop()
                self.push(Spinner(t("contrast", self.lang), 0, 255, self.settings["contrast"], done, self.pop))
            elif i == 2:
                self.settings["printer"] = not self.settings["printer"]
                self.save_settings()
            elif i == 3:
                self.print_lines(["Oya " + VERSION, "ABCDEFGHIJKLMNOPQRSTU", "abcdefghijklmnopqrstu",
                                  "0123456789 !?#%&*+-=/", "カタカナ テスト", "-" * 21])
            elif i == 4:
                self.push(ButtonTest(self))
            refresh()

        menu.on_pick = pick
        refresh()
        self.push(menu)

    def apply_contrast(self):
        d = getattr(self.hw, "display", None) if self.hw is not None else None
        if d is not None and hasattr(d, "contrast"):
            try:
                d.contrast(self.settings["contrast"])
            except Exception:
                pass

    def about(self):
        L = self.lang
        import gc
        gc.collect()
        try:
            free = gc.mem_free()
        except AttributeError:  # CPython
            free = -1
        board = getattr(self.hw, "board", None) or {}
        lines = ["%s %s" % (t("version", L), VERSION),
                 "%s %s" % (t("board", L), board.get("name", "-") if isinstance(board, dict) else "-"),
                 "%s %s" % (t("free_mem", L), free if free >= 0 else "-")]
        self.push(Message(t("about", L), lines, self.pop))


class ButtonTest:
    """Shows the last keys pressed; hold BACK to leave."""

    def __init__(self, app):
        self.app = app
        self.log = []

    def draw(self, g):
        g.put(0, t("button_test", self.app.lang), True)
        for r in range(6):
            g.put(1 + r, self.log[r] if r < len(self.log) else "")
        g.put(7, "hold BACK: leave")

    def key(self, k):
        if k == keys.HOLD_BACK:
            self.app.pop()
            return
        self.log.insert(0, keys.NAMES[k] if 0 < k < len(keys.NAMES) else str(k))
        del self.log[6:]


# -- on the device: buttons -> keys, the render loop, the printer task ----------------

def map_event(ev):
    """A button driver event -> a UI key (0: nothing for the UI)."""
    from oya.hw import buttons as B
    k = B.kind(ev)
    b = B.button(ev)
    if k == B.CLICK or k == B.REPEAT:
        return (keys.UP, keys.DOWN, keys.OK, keys.BACK, keys.LEFT, keys.RIGHT)[b]
    if k == B.LONG:
        return keys.HOLD_OK if b == B.OK else keys.HOLD_BACK
    if k == B.RELEASE and b == B.OK:
        return keys.RELEASE
    return 0


def attach_display(app):
    """Render the grid with our font onto the display's frame buffer."""
    from oya.ui import font, kana
    d = app.hw.display
    app.renderer = Renderer(d.fb, font.draw, kana.to_half)
    app.apply_contrast()


def render(app):
    """Draw what changed and send it; a display error is shown, not raised."""
    d = app.hw.display
    if d is None or app.renderer is None:
        return 0
    n = app.renderer.render(app.frame())
    if n:
        if d.show() is False:
            app.renderer.invalidate()   # resend everything once the panel answers
    return n


async def run(app, frame_ms=10):
    import asyncio
    from oya.hw import now_ms, sleep_ms
    hw = app.hw
    asyncio.create_task(hw.buttons.run())
    if getattr(hw, "printer", None) is not None and hasattr(hw.printer, "run"):
        asyncio.create_task(hw.printer.run(hw.buttons.pending))   # keys before the next line
    attach_display(app)
    render(app)
    while True:
        changed = False
        while True:
            ev = hw.buttons.get()
            if ev < 0:
                break
            k = map_event(ev)
            if k:
                app.key(k)
                changed = True
        if app.tick(now_ms()):
            changed = True
        if changed:
            render(app)
        await sleep_ms(frame_ms)


async def main():
    """Boot: board file -> hardware -> app. Never drops to the REPL."""
    from oya.hw import board
    hw = board.build("board.json")
    app = App(hw)
    await run(app)
