"""Random button events through the simulator (host_sim.Sim: the firmware's
main.py on fake pins, display, printer and flash, on a virtual clock).

    f = PressFuzz("oicho", seed=1)
    f.run(10000)            # random presses, holds, bounces, chords, glitches
    f.finish_match()        # the match in play can still be played to its end
    assert f.findings == []

Events are drawn at random: short presses of every fitted button (with the
simulator's contact bounce), holds of OK and BACK past the long-press time,
glitches shorter than the debounce time, double presses, a second button
pressed while the first is held, and whatever lands while a slip is printing.
When the walk leaves the match (home screen, settings, a new table of another
game...) it is steered back after a few events, so most events land in play.

Checked after every event, on the live firmware objects of the simulated
device (read through main()'s frame, never changed):
- no exception escaped: the firmware did not crash, no task died, and the app
  never had to turn an exception into an error screen (App.fail);
- the screen offers no action the engine refuses: on a decision screen every
  entry's actions pass deal.check() for the deciding seat, and an amount
  spinner offers only amounts that are legal;
- chips are conserved in the match in play, every card is in exactly one place;
- the screen names no card the person holding the device may not know: only
  public cards, plus the deciding seat's own once it took the device, plus the
  owner's on a peek (checked where card names are words: hanafuda, 52-card
  packs and the special cards).
"""
import random
import re
import traceback

import tools  # noqa: F401  (firmware on sys.path)
from host_sim import Sim
from host_sim import framebuf as _fbmod
from host_sim.drive import app_of
from tests.props import check_places

TOKEN = re.compile(r"[0-9A-Za-z]+")
MAX_FINDINGS = 5


class FastFrameBuffer(_fbmod.FrameBuffer):
    """host_sim's framebuf with a fast path for the one blit the font does a
    hundred thousand times: MONO_VLSB onto MONO_VLSB, page-aligned, no key, no
    palette: whole bytes copied, the same bytes as the pixel loop writes
    (tests/reliability/test_presses.py checks that on random blits)."""

    def blit(self, fbuf, x, y, key=-1, palette=None):
        src = fbuf
        if (palette is None and key == -1 and isinstance(src, _fbmod.FrameBuffer)
                and src.format == self.format == _fbmod.MONO_VLSB and not (y & 7)):
            x, y = int(x), int(y)
            x0, y0 = max(0, x), max(0, y)
            x1, y1 = max(0, -x), max(0, -y)
            x0end = min(self.width, x + src.width)
            y0end = min(self.height, y + src.height)
            if x0 >= x0end or y0 >= y0end:
                return
            rows = y0end - y0
            if not (y1 & 7) and not (rows & 7):
                w = x0end - x0
                db, sb, ds, ss = self._buf, src._buf, self.stride, src.stride
                for p in range(rows >> 3):
                    d = ((y0 >> 3) + p) * ds + x0
                    s = ((y1 >> 3) + p) * ss + x1
                    db[d:d + w] = sb[s:s + w]
                return
        return _fbmod.FrameBuffer.blit(self, fbuf, x, y, key, palette)


class FastSim(Sim):
    """The simulator with FastFrameBuffer as the firmware's framebuf.FrameBuffer."""

    def prepare(self):
        Sim.prepare(self)
        self.modules["framebuf"].FrameBuffer = FastFrameBuffer
        return self


def lighten(sim):
    """Settings for very long runs: the panel still decodes every byte the
    firmware sends (and screen_text() still reads its pixels), but frames are
    not kept, and the button pins' drive history is pruned as time goes on."""
    panel = sim.panel
    if panel is not None:
        def commit(t, panel=panel):
            panel._last_t = None
        panel._commit = commit
    return sim


class PressFuzz:
    def __init__(self, game, seed, board="rpi_pico", printer=True, log_tail=30, printer_faults=False):
        self.game = game
        self.printer_faults = printer_faults
        self.seed = seed
        self.r = random.Random("fuzz:%s:%s" % (game, seed))
        self.sim = lighten(FastSim(seed=seed, board=board, printer=printer))
        self.sim.advance(300)
        self.buttons = [b for b in ("up", "down", "ok", "back", "left", "right") if self.sim.has_button(b)]
        self.findings = []
        self.tail = []
        self.log_tail = log_tail
        self.stats = {"events": 0, "presses": 0, "holds": 0, "glitches": 0, "doubles": 0, "chords": 0,
                      "during_print": 0, "in_play": 0, "steer_presses": 0, "matches_started": 0,
                      "matches_finished": 0, "actions": 0, "deals": 0, "refusals_shown": 0,
                      "screens_checked": 0, "leak_checks": 0, "printer_faults": 0}
        self._fail_log = []
        self._app = None
        self._totals = {}
        self._progress = {}
        self._names = {}
        self._want = {}
        self._last_acts = 0
        self._hook()

    # -- the firmware's objects -------------------------------------------------------
    def _hook(self):
        app = app_of(self.sim)
        if app is None or app is self._app:
            return app
        self._app = app
        mods = self.sim.modules
        self.T = mods["oya.ui.text"].t
        self.play_mod = mods.get("oya.ui.play") or self.sim.importer.load("oya.ui.play")   # imported for play
        self.widgets = mods["oya.ui.widgets"]
        self.grid_mod = mods["oya.ui.grid"]
        self.cards = mods.get("oya.cards") or self.sim.importer.load("oya.cards")
        cls = type(app)
        if not getattr(cls, "_fuzz_hooked", False):
            orig = cls.fail
            log = self._fail_log

            def fail(this, e, _orig=orig):
                log.append("".join(traceback.format_exception(type(e), e, e.__traceback__)))
                return _orig(this, e)
            cls.fail = fail
            cls._fuzz_hooked = True
        return app

    @property
    def app(self):
        return self._hook()

    def finding(self, what):
        if len(self.findings) < MAX_FINDINGS:
            self.findings.append("%s (game %s seed %s, event %d)\nlast events: %s\nscreen:\n%s" % (
                what, self.game, self.seed, self.stats["events"], " ".join(self.tail[-self.log_tail:]),
                self._screen()))

    def _screen(self):
        try:
            return self.app.frame().text()
        except Exception as e:  # pragma: no cover - only for the report
            return "<%s>" % e

    # -- where are we ---------------------------------------------------------------------
    def kind(self):
        """A language-independent name for the screen on top."""
        app = self.app
        if app is None:
            return "dead"
        top = app.top()
        name = type(top).__name__
        if name == "PlayScreen":
            return "play"
        title = getattr(top, "title", None)
        T, L = self.T, app.lang
        if name == "Menu":
            if title == T("home", L):
                return "home"
            if top.items and top.items[0] == T("defaults", L):
                return "ruleset"
            for k in ("game", "options", "names", "pause", "settings", "rulesets", "recall"):
                if title == T(k, L):
                    return k
            words = self.sim.modules.get("oya.ui.text_night")     # (loaded while a night's screens are up)
            if words is not None and title == words.w("night", L):
                return "night"
            return "menu"
        if name == "Spinner":
            for k in ("seats", "chips", "bots"):
                if title == T(k, L):
                    return k
            if len(app.stack) > 1 and type(app.stack[-2]).__name__ == "PlayScreen":
                return "amount"
            return "spinner"
        if name == "Message":
            for k in ("first", "match_end", "resume_q", "error"):
                if title == T(k, L):
                    return k
            return "message"
        return name.lower()

    # -- input ---------------------------------------------------------------------------------
    def _press(self, b, hold_ms, gap_ms):
        self.sim.press(b, hold_ms=hold_ms, gap_ms=gap_ms)

    def random_event(self):
        r = self.r
        app = self.app
        p = getattr(getattr(app, "hw", None), "printer", None)
        if p is not None and getattr(p, "busy", False):
            self.stats["during_print"] += 1
        if self.printer_faults and self.sim.printer is not None and r.random() < 0.005:
            # the printer is unplugged, plugged back, runs out of paper, is refilled
            pr = self.sim.printer
            fault = r.choice(("unplug", "plug", "paper_out", "paper_in"))
            if fault == "unplug":
                pr.unplug()
            elif fault == "plug":
                pr.plug()
            else:
                pr.paper_out(fault == "paper_out")
            self.tail.append("printer-" + fault)
            self.stats["printer_faults"] += 1
        x = r.random()
        weights = {"ok": 0.36, "down": 0.2, "up": 0.2, "back": 0.14, "left": 0.05, "right": 0.05}
        bs = self.buttons
        b = r.choices(bs, [weights[k] for k in bs])[0]
        if x < 0.10:
            b = "ok" if r.random() < 0.8 else "back"
            hold = r.randint(720, 1100)
            self.tail.append("hold-%s-%d" % (b, hold))
            self.stats["holds"] += 1
            self._press(b, hold, r.randint(10, 80))
        elif x < 0.14:
            hold = r.randint(2, 20)           # shorter than the debounce time
            self.tail.append("glitch-%s" % b)
            self.stats["glitches"] += 1
            self._press(b, hold, r.randint(5, 60))
        elif x < 0.18:
            self.tail.append("double-%s" % b)
            self.stats["doubles"] += 1
            self._press(b, r.randint(35, 60), r.randint(10, 40))
            self._press(b, r.randint(35, 60), r.randint(10, 60))
        elif x < 0.21:
            b2 = r.choice(bs)
            self.tail.append("chord-%s+%s" % (b, b2))
            self.stats["chords"] += 1
            sim = self.sim
            t0 = sim.clock.us + 1000
            h1 = r.randint(60, 900)
            sim.schedule_press(b, t0, h1)
            sim.schedule_press(b2, t0 + r.randint(10, 50) * 1000, r.randint(40, 400))
            sim.advance(1 + h1 + r.randint(60, 200))
        else:
            self.tail.append(b)
            self.stats["presses"] += 1
            self._press(b, r.randint(35, 110), r.choice((5, 15, 30, 60, 120)))
        if len(self.tail) > 4 * self.log_tail:
            del self.tail[:-self.log_tail]
        self.stats["events"] += 1
        if self.stats["events"] % 4 == 0:
            self.sim.pins.prune(self.sim.clock.us - 100000)

    # -- checks after every event ---------------------------------------------------------------
    def check(self):
        sim = self.sim
        if sim.crashed is not None or sim.errors:
            self.finding("firmware crashed: %r %s" % (sim.crashed, "\n".join(sim.errors)[-1500:]))
            return False
        if self._fail_log:
            self.finding("an exception reached App.fail:\n" + self._fail_log[-1])
            del self._fail_log[:]
        app = self.app
        if app is None:
            self.finding("the firmware is not running")
            return False
        s = app.session
        top = app.top()
        if s is None or s.match is None:
            return True
        m = s.match
        key = s.intro_seed
        tot = m.ledger.total()
        if key not in self._totals:
            self.stats["matches_started"] += 1
        seen = self._progress.get(key, (0, 0))
        now = (m.deal_no, len(s.acts) if m.deal is not None else 0)
        if now != seen:
            if now[0] > seen[0]:
                self.stats["deals"] += now[0] - seen[0]
                self.stats["actions"] += now[1] // 2
            elif now[1] > seen[1]:
                self.stats["actions"] += (now[1] - seen[1]) // 2
            self._progress[key] = now
        if self._totals.setdefault(key, tot) != tot:
            self.finding("chips not conserved: %d, was %d" % (tot, self._totals[key]))
            self._totals[key] = tot
        deal = m.deal
        if deal is None:
            return True
        try:
            check_places(deal, self._deck(m))
        except AssertionError as e:
            self.finding(str(e))
        if type(top).__name__ == "PlayScreen":
            self.stats["in_play"] += 1
            self._check_play(top, deal)
        elif self.kind() == "amount":
            self._check_amount(app, deal)
        self._check_leak(app, top, deal)
        return True

    def _deck(self, m):
        """The sorted deck of match m (kept with m itself: a finished match's
        id() can be reused by the next one, of another game)."""
        got = self._names.get("deck")
        if got is None or got[0] is not m:
            got = self._names["deck"] = (m, sorted(m.deck()))
        return got[1]

    def _check_play(self, top, deal):
        if top.msg:
            self.stats["refusals_shown"] += 1
        if top.state != self.play_mod.DECIDE or deal.done or top.is_bot(top.acting) or not top.entries:
            return
        self.stats["screens_checked"] += 1
        for label, acts, nums in top.entries:
            for a in acts or ():
                msg = deal.check(a, top.acting)
                if msg is not None:
                    self.finding("the screen offers %r (action %d) for seat %d; the engine says %r" % (
                        label, a, top.acting, msg))
                    return

    def _check_amount(self, app, deal):
        play = app.stack[-2]
        spin = app.top()
        if not play.entries or play.cursor >= len(play.entries):
            return
        label, acts, nums = play.entries[play.cursor]
        if not nums:
            return
        self.stats["screens_checked"] += 1
        offered = set(range(spin.lo, spin.hi + 1))
        if not offered <= set(nums):
            self.finding("the amount spinner %r offers %s, the engine takes only %s" % (
                label, sorted(offered - set(nums))[:8], sorted(nums)[:12]))

    def _names_of(self, kind):
        got = self._names.get(kind)
        if got is None:
            got = {}
            C = self.cards
            for c in C.deck(kind):
                n = C.name(kind, c)
                if not n.isdigit():
                    got.setdefault(n, set()).add(c)
            self._names[kind] = got
        return got

    def _check_leak(self, app, top, deal):
        kind = self.kind()
        if kind in ("recall", "message"):
            return          # finished deals' records (checked by the record test)
        names = self._names_of(app.session.match.deck_kind())
        if not names:
            return
        g = self.grid_mod.Grid()
        lang = app.settings["lang"]
        app.settings["lang"] = 0      # drawn in English, whose card names the check knows
        try:
            top.draw(g)
        finally:
            app.settings["lang"] = lang
        words = set(TOKEN.findall(g.text()))
        hits = [w for w in words if w in names]
        self.stats["leak_checks"] += 1
        if not hits:
            return
        allowed = set(deal.seen(-1))
        # the tie-break draw at a match's end is dealt face up (Kakkuri)
        allowed.update(e[1] for e in getattr(app.session.match, "outro", None) or ())
        who = -1
        if type(top).__name__ == "PlayScreen":
            P = self.play_mod
            if top.state == P.PEEK:
                who = top.peek_seat
            elif top.state == P.DECIDE and not top.is_bot(top.acting) and (
                    top.seen_by == top.acting or app.humans() == 1):
                who = top.acting
        if who >= 0:
            allowed |= set(deal.seen(who))
        for w in hits:
            if not names[w] & allowed:
                self.finding("the screen shows %s, which %s may not see" % (
                    w, "the table" if who < 0 else "seat %d" % who))
                return

    # -- steering back into a match ----------------------------------------------------------------
    def _reader(self):
        """The firmware's journal reader, as the device imports it (its files
        are the simulated flash's)."""
        return self.sim.modules.get("oya.journal_read") or self.sim.importer.load("oya.journal_read")

    def _saved_game(self):
        try:
            rec = self._reader().load(self.app.match_j)
        except Exception:
            return None
        return rec.get("game") if isinstance(rec, dict) else None

    def _menu_to(self, menu, target):
        if menu.i == target:
            self._steer_press("ok")
        else:
            n = len(menu.items)
            down = (target - menu.i) % n
            self._steer_press("down" if down <= n - down else "up")

    def _spin_to(self, spin, want):
        want = max(spin.lo, min(spin.hi, want))
        if spin.v == want:
            self._steer_press("ok")
        else:
            self._steer_press("up" if spin.v < want else "down")

    def _steer_press(self, b, hold=60):
        self.stats["steer_presses"] += 1
        self._press(b, hold, 60)

    def steer_step(self, finishing=False):
        """One press towards a match of this game in play. True when in play."""
        app = self.app
        k = self.kind()
        top = app.top()
        if k == "play":
            return True
        if k == "resume_q":
            self._steer_press("ok" if self._saved_game() == self.game else "back")
        elif k == "home":
            target = 0
            if self._reader().has_record(app.match_j) and self._saved_game() == self.game:
                target = 1
            elif self._reader().has_record(app.match_j) and finishing:
                target = 1
            self._menu_to(top, target)
        elif k == "game":
            from_games = self.sim.modules["oya"].GAMES
            self._menu_to(top, from_games.index(self.game))
            self._want = {}
        elif k == "ruleset":
            ok = [i for i, it in enumerate(top.items) if not isinstance(it, tuple)]
            if self._want.get("ruleset") not in ok:     # (one chosen for another game's list, reached by presses)
                self._want["ruleset"] = self.r.choice(ok)
            self._menu_to(top, self._want["ruleset"])
        elif k == "options" and getattr(app, "table_deck", False):
            self._menu_to(top, len(top.items) - 2)      # the deal row: back to the device's deck
        elif k in ("names", "seats", "chips", "bots") and getattr(app, "table_deck", False):
            self._steer_press("back")                   # to the options, where the deal is set
        elif k in ("options", "names"):
            self._menu_to(top, len(top.items) - 1)
        elif k == "seats":
            if "seats" not in self._want:
                self._want["seats"] = self.r.randint(top.lo, min(top.hi, top.lo + 4))
            self._spin_to(top, self._want["seats"])
        elif k == "bots":
            if "bots" not in self._want:
                n = top.hi
                self._want["bots"] = self.r.choice((0, 0, 1, n - 1, self.r.randint(0, n - 1)))
            self._spin_to(top, self._want["bots"])
        elif k in ("chips", "first", "match_end", "error", "amount", "spinner", "message"):
            # (a message's OK goes on: "7 seats: the rules advise at most 6. OK: go on")
            if k == "match_end":
                self.stats["matches_finished"] += 1
            self._steer_press("ok")
        elif k == "night":
            self._menu_to(top, len(top.items) - 1)      # End the night: home, where a new table starts
        elif k == "buttontest":
            self._steer_press("back", hold=900)
        elif k == "letterpicker":
            self._steer_press("back")
        else:
            self._steer_press("back")
        return False

    def steer(self, limit=300, finishing=False):
        for _ in range(limit):
            if self.steer_step(finishing):
                return True
            if not self.check():
                return False
        self.finding("cannot get back to a match of %s in %d presses" % (self.game, limit))
        return False

    # -- the run ---------------------------------------------------------------------------------------
    def run(self, events, outside_max=12):
        """`events` random events; the walk is steered back into a match after
        up to `outside_max` events outside one."""
        outside = 0
        budget = self.r.randint(0, outside_max)
        end = self.stats["events"] + events
        while self.stats["events"] < end and not self.findings:
            self.random_event()
            if not self.check():
                break
            if self.kind() == "play":
                outside = 0
                continue
            outside += 1
            if self.kind() == "pause" and self.r.random() < 0.75:
                outside = budget + 1        # most pauses are short: stay in the match
            if outside > budget:
                if not self.steer():
                    break
                outside = 0
                budget = self.r.randint(0, outside_max)
        return self.findings

    def finish_match(self, max_presses=6000, end_after_deals=3):
        """Play the match in play to its end with plain presses (OK on the
        first choice; after `end_after_deals` deals, End match now from the
        pause menu, as players who agree to stop do). True when 'Match over'
        was reached."""
        if not self.steer(finishing=True):
            return False
        app = self.app
        P = self.play_mod
        start_deal = app.session.match.deal_no
        for _ in range(max_presses):
            if self.findings:
                return False
            if app.due:
                self.sim.advance(50)        # (its screen comes on the loop's idle passes: the ranking)
                continue
            k = self.kind()
            top = app.top()
            if k == "match_end":
                self.stats["matches_finished"] += 1
                self._steer_press("ok")
                return True
            if k == "play":
                s = app.session
                if top.state == P.INTRO and s.match.deal_no - start_deal >= end_after_deals:
                    self._steer_press("back")          # pause menu
                    continue
                if top.state == P.DECIDE and top.is_bot(top.acting):
                    self.sim.advance(200)
                elif top.state == P.DECIDE and top.cursor != 0:
                    self._steer_press("up")
                elif top.state == P.PEEK:
                    self._steer_press("back")
                else:
                    self._steer_press("ok")
            elif k == "pause":
                self._menu_to(top, top.items.index(self.T("end_match", app.lang)))    # End match now
            elif k in ("amount", "message", "error", "spinner"):
                self._steer_press("ok")
            else:
                if not self.steer(finishing=True):
                    return False
            self.check()
        self.finding("the match did not finish in %d presses" % max_presses)
        return False

    def close(self):
        self.sim.close()
