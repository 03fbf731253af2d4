# Benchmark drivers that run unchanged under MicroPython (the WebAssembly port,
# loaded by tools/bench.py at /bench) and under CPython (imported from
# tools/bench/ by tools/bench.py). Nothing here is firmware: it drives the
# firmware the way the device does, with counting fakes for the hardware.
#
#   UIBench(game, record, script)  the device app (oya.ui.app.App) with the
#                   real SSD1306 driver on a byte-counting I2C bus: boot to the
#                   home screen, a new table (default ruleset and seats, every
#                   seat a person), then a full match. script "ok": OK on every
#                   screen (as tests/test_ui_app.py does); script "play": what
#                   people do: look at their cards when handed the device (hold
#                   OK, release), move the cursor to the choice they want, set an
#                   amount with UP, OK (choices and amounts from a fixed
#                   pseudo-random sequence). Kakkuri, played to an agreed time,
#                   ends through the pause menu after 4 deals. One key (and one
#                   render) per step(), so the harness samples the heap after
#                   every key.
#   EngineBench(game)  a bot-played match (smart bots, no journal, no UI), one
#                   deal per step(): the engine's own cost.
#
# Every random byte comes from a fixed seed (os.urandom is replaced), so a run
# is the same match on both runtimes and from one run to the next.
# `record=True` keeps per-step figures (time, bytes); the heap runs leave it
# off so the figures hold only what the firmware allocates.
import os
import sys
import hashlib

_perf = None
try:  # the WebAssembly port: its time.ticks_us counts whole milliseconds
    import js
    _perf = js.performance
except ImportError:
    pass

if _perf is not None:
    def ticks_us():
        return int(_perf.now() * 1000)

    def ticks_diff(a, b):
        return a - b
else:
    try:  # a board
        from time import ticks_us, ticks_diff
    except ImportError:  # CPython
        from time import perf_counter_ns as _pc

        def ticks_us():
            return _pc() // 1000

        def ticks_diff(a, b):
            return a - b

UP = 1
DOWN = 2
OK = 3
BACK = 4
HOLD_OK = 7
RELEASE = 8
KAKKURI_DEALS = 4       # Kakkuri plays to an agreed time: end after this many deals
FULL_FRAME_DATA = 1024


class DetRandom:
    """os.urandom replacement: SHA-256 in counter mode over a fixed seed."""

    def __init__(self, seed):
        self.seed = seed
        self.ctr = 0

    def __call__(self, n):
        out = b""
        while len(out) < n:
            self.ctr += 1
            out += hashlib.sha256(self.seed + self.ctr.to_bytes(4, "big")).digest()
        return out[:n]


def fix_entropy(seed=b"oya-bench"):
    os.urandom = DetRandom(seed)


class CountI2C:
    """An I2C bus that only counts what is written to it."""

    def __init__(self):
        self.bytes = 0
        self.writes = 0

    def writeto(self, addr, buf, stop=True):
        self.bytes += len(buf)
        self.writes += 1
        return 1


class HW:
    def __init__(self, display):
        self.display = display
        self.printer = None
        self.buttons = None
        self.name = "bench"


def module_count():
    return len(sys.modules)


def module_names():
    return sorted(k for k in sys.modules if k.startswith("oya"))


class UIBench:
    def __init__(self, game, record=False, script="ok", table=False):
        self.game = game
        self.table = table           # a table-deck match: cards entered on the picker
        self.record = record
        self.script_name = script
        self._r = 20250101
        self.app = None
        self.disp = None
        self.keys = None
        self.n = 0
        self.done = False
        self.owe = False             # journal files to write after the frame (device loop)
        self.phase = "boot"
        # per screen change (record): bytes sent, data bytes, render us
        self.changes = []
        self.key_us = []
        self.render_us = []

    # -- boot, in three steps so the heap is sampled between them -------------
    def boot_imports(self):
        from oya.ui import app  # noqa: F401
        from oya.hw import ssd1306  # noqa: F401

    def boot_app(self):
        from oya.ui.app import App
        from oya.hw.ssd1306 import SSD1306
        self.i2c = CountI2C()
        self.disp = SSD1306(self.i2c)
        self.app = App(HW(self.disp))
        self.app.match_j.lazy = True     # as oya.ui.app.run: files written after the frame

    def first_frame(self):
        self.render()
        return self.app.grid.line(0)

    # -- the match ---------------------------------------------------------------
    def render(self):
        from oya.ui.app import render
        if not self.record:
            return render(self.app)
        d = self.disp
        b0 = d.bytes_sent
        s0 = d.data_sent
        t0 = ticks_us()
        n = render(self.app)
        t = ticks_diff(ticks_us(), t0)
        if n:
            self.changes.append((d.bytes_sent - b0, d.data_sent - s0))
            self.render_us.append(t)
        return n

    def title(self):
        return self.app.grid.line(0)

    def below(self, n):
        """A deterministic pseudo-random int in [0, n) (the player's whims)."""
        self._r = (self._r * 1103515245 + 12345) & 0x7FFFFFFF
        return (self._r >> 8) % n

    def script(self):
        """The keys of a new table and a full match, read off the screen."""
        for k in self.setup_keys():
            yield k
        self.phase = "match"
        play = self.script_name == "play"
        app = self.app
        while True:
            t = self.title()
            if t.startswith("Match over"):
                yield OK
                if self.title().startswith("Night"):
                    yield UP                       # the night's menu: End the night
                    yield OK
                if not self.title().startswith("Oya - home"):
                    raise AssertionError("not home after the match: " + self.title())
                return
            # (the first dealer drawn with a table deck comes before the app holds a session)
            if (self.game == "kakkuri" and t.startswith("Deal ") and app.session is not None
                    and app.session.match.deal_no >= KAKKURI_DEALS):
                yield BACK
                while not self.title().startswith("Paused"):
                    yield BACK
                for _ in range(5):
                    yield DOWN
                yield OK                           # End match now
                continue
            if play:
                for k in self.play_keys():
                    yield k
            else:
                yield OK

    def setup_keys(self):
        from oya import GAMES
        yield OK                                   # home: New table
        for _ in range(GAMES.index(self.game)):
            yield DOWN
        yield OK                                   # the game
        yield OK                                   # ruleset: defaults
        yield UP
        if self.table:
            yield UP
            yield OK                               # deal: table deck
            yield DOWN
        yield OK                                   # options: Continue
        if self.title().startswith("Seats"):
            yield OK
        yield UP
        yield OK                                   # names: Continue
        if self.title().startswith("Starting chips"):
            yield OK
        yield OK                                   # bot seats: none
        if not self.title().startswith("First dealer"):
            raise AssertionError("expected First dealer, got " + self.title())
        yield OK

    def play_keys(self):
        """What a person does on the deal screens: look at their cards when
        handed the device, move the cursor to the choice they want, set a
        number with UP, OK. Choices are picked at random among the real
        actions (never 'other seat'), amounts among the ten smallest."""
        from oya.ui import play as P
        from oya.ui.spinner import Spinner
        scr = self.app.top()
        if not isinstance(scr, P.PlayScreen) or scr.state in (P.INTRO, P.RESULTS):
            yield OK
            return
        if scr.state == P.PEEK:
            yield RELEASE
            return
        if scr.state == P.HANDOFF:
            yield HOLD_OK                          # peek at my cards
            yield RELEASE
            yield OK
            return
        p = getattr(scr, "entry", None)
        if scr.state == P.DECIDE and p is not None:  # a table deck's card: any the picker offers
            n = len(p.kinds)
            down = (self.below(n) - p.i) % n
            for _ in range(down):
                yield DOWN
            yield OK
            return
        entries = scr.entries
        real = [i for i in range(len(entries)) if entries.acts(i) is not None]
        if scr.is_bot(scr.acting) or not real:
            yield OK
            return
        j = real[self.below(len(real))]
        n = len(entries)
        down = (j - scr.cursor) % n
        if down <= n - down:
            for _ in range(down):
                yield DOWN
        else:
            for _ in range(n - down):
                yield UP
        nums = entries[j][2]
        yield OK
        if nums is not None and isinstance(self.app.top(), Spinner):
            lo = self.app.top().v
            opts = sorted(nums)[:10]
            v = opts[self.below(len(opts))]
            for _ in range(v - lo):
                yield UP
            yield OK

    def step(self):
        """One key and its render, or one journal file the device loop would
        write after it (App.settle: one per loop pass, so each is a step of
        its own here too). False when the match is over."""
        if self.owe:
            t0 = ticks_us()
            self.owe = self.app.settle()
            if self.record:
                self.key_us[-1] += ticks_diff(ticks_us(), t0)   # key = UI + journal
            return True
        work = self.app.idle()       # a module the next screen wants, or a slice of its work
        if work:
            if work == 2:            # (oya.ui.app.IDLE_REDRAW) the screen changed: drawn, as the loop does
                self.render()
            return True
        if self.keys is None:
            self.keys = self.script()
        try:
            k = next(self.keys)
        except StopIteration:
            self.done = True
            return False
        if self.record:
            t0 = ticks_us()
            self.app.key(k)
            self.key_us.append(ticks_diff(ticks_us(), t0))
        else:
            self.app.key(k)
        self.render()
        self.owe = True
        self.n += 1
        if self.n > 20000:
            raise AssertionError("the match did not end")
        return True

    def run(self):
        self.boot_imports()
        self.boot_app()
        self.first_frame()
        while self.step():
            pass
        return self


class EngineBench:
    """A bot-played match, one deal per step()."""

    def __init__(self, game, max_deals=12, seed=b"oya-bench-engine", record=True):
        from oya import rng, rules
        from oya.games import load, options
        from oya.session import Session
        self.game = game
        mod = load(game)
        opts = rules.defaults(options(game))
        lo, hi = mod.MATCH.SEATS
        n = opts.get("players") if isinstance(opts.get("players"), int) else (lo if lo > 3 else min(hi, 4))
        self.nseats = n
        seed = hashlib.sha256(seed).digest()
        self.s = Session(game, "default", opts, ["P%d" % (i + 1) for i in range(n)], None, None, seed)
        self.s.draw_first_dealer(rng.derive(seed, 0))
        bm = __import__("oya.games.%s_bot" % game, None, None, ("smart_bot",))
        self.bot = bm.smart_bot
        self.bot_rng = rng.Rng(rng.derive(seed, 0x7FFFFFFF))
        self.max_deals = max_deals
        self.record = record
        self.deals = 0
        self.actions = 0
        self.act_us = []
        self.total_us = 0

    def step(self):
        s = self.s
        m = s.match
        if m.over() or self.deals >= self.max_deals:
            return False
        t_start = ticks_us()
        deal = s.begin_deal()
        bot = self.bot
        rec = self.act_us if self.record else None
        while not deal.done:
            seat = deal.turn
            a = bot(deal, seat, self.bot_rng)
            t0 = ticks_us()
            deal.act(a, seat)
            t = ticks_diff(ticks_us(), t0)
            if rec is not None:
                rec.append(t)
            self.actions += 1
            if self.actions > 100000:
                raise AssertionError("the match did not end")
        s.end_deal()
        self.deals += 1
        self.total_us += ticks_diff(ticks_us(), t_start)
        return True
