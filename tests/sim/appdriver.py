"""The device app played through the simulator, the way people play it: only
button presses on the board's pins. The firmware runs unchanged (main.py):
pins -> buttons driver -> app -> ssd1306 driver -> panel emulator, and
printer driver -> ESC/POS emulator.

Every frame the panel shows is checked as it appears (the virtual clock is
advanced in short pieces and the panel's new frames are read after each):

- the glass shows the app's grid: the text read back from the pixels with the
  firmware's font is the grid's text (half-width kana for Japanese); in
  Japanese no cell is the font's box for unknown characters and no row needs
  more than 21 cells;
- privacy, by what a screen reads, not by what it happens to print: the
  screen on top is drawn again into a scratch grid against a stand-in for the
  deal that answers only what the people looking may know (public(), the
  prompt, the finished deal's story; a seat's own cards and choices only on
  that seat's peek or once the device was handed to it). A draw that reaches
  for anything else (another seat's cards, the stock, a hand) is a finding,
  and so is a redraw that differs from what the glass shows;
- a peek frame shows exactly the peeking seat's private cards, appears only
  while OK is held, and the first frame after the release is not a peek and
  does not show that card list.

Reading the firmware's objects (App, through main()'s frame) is read-only,
except that the deal is swapped for the stand-in during a scratch redraw and
put back at once.
"""
import random

import tools  # noqa: F401  (firmware on sys.path for the host-side helpers)
from host_sim.textrec import recognise_rows, table as glyph_table, _font_module
from tests.reliability.presses import FastSim, app_of

FULL_SCREEN_BYTES = 1024


class Finding(AssertionError):
    pass


class HiddenAccess(Exception):
    pass


class PublicDeal:
    """What the people looking at the device may know of `deal`. `allowed`:
    the seats whose own cards and choices may be read (the peeking seat, or
    the seat the device was handed to)."""

    def __init__(self, deal, allowed):
        self._d = deal
        self._allowed = set(allowed)

    def _ok(self, seat, what):
        if seat not in self._allowed:
            raise HiddenAccess("%s(seat %s) on a screen for seats %s" % (what, seat, sorted(self._allowed)))

    def public(self):
        return self._d.public()

    def prompt(self, seat, lang=0):
        return self._d.prompt(seat, lang)

    def seen(self, seat):
        if seat != -1:
            self._ok(seat, "seen")
        return self._d.seen(seat)

    def view(self, seat):
        self._ok(seat, "view")
        return self._d.view(seat)

    def choices(self, seat=None):
        self._ok(self._d.turn if seat is None else seat, "choices")
        return self._d.choices(seat)

    def label(self, a, lang=0):
        return self._d.label(a, lang)

    def line_of(self, a):
        return self._d.line_of(a)       # (the row an action names: AttributeError where the game has none)

    def decode(self, a):
        return self._d.decode(a)

    @property
    def events(self):
        if not self._d.done:
            raise HiddenAccess("events of a deal in play")
        return self._d.events

    def __getattr__(self, name):
        if name in ("turn", "dealer", "nseats", "done", "void", "GAME", "can_undo"):     # (can_undo: whether the last entry may be taken back)
            return getattr(self._d, name)
        raise HiddenAccess("deal.%s" % name)


class AppDriver:
    def __init__(self, seed=1, board="rpi_pico", lang=None, rulesets=(), printer=True, rng_seed=None):
        self.sim = FastSim(seed=seed, board=board, lang=lang, autoboot=False, printer=printer)
        for name, doc in rulesets:
            import json
            self.sim.flash.put("rulesets/%s.json" % name, json.dumps(doc))
        self.lang = 1 if lang in ("ja", 1) else 0
        self.r = random.Random(rng_seed if rng_seed is not None else seed)
        self.nframes = 0
        self.piece = None              # at most this many ms between frame checks (None: as each call says)
        self.ok_held = False
        self.last_peek = None          # (seat, card rows) of the last peek frame
        self.stats = {"frames": 0, "checked": 0, "unchecked": 0, "peeks": 0, "redraws": 0,
                      "presses": 0, "by_state": {}, "cut_rows": set()}
        self.findings = []
        self.key_frames = {}           # screen kind -> (pixels, [(text, inverted)]) of its first frame
        self.sim.boot()
        self._mods()
        self.advance(300)

    # -- the firmware's objects (read only) ---------------------------------------------
    def _mods(self):
        m = self.sim.modules
        imp = self.sim.importer
        self.P = m.get("oya.ui.play") or imp.load("oya.ui.play")
        self.G = m.get("oya.ui.grid") or imp.load("oya.ui.grid")
        self.T = m.get("oya.ui.text") or imp.load("oya.ui.text")
        self.W = m.get("oya.ui.widgets") or imp.load("oya.ui.widgets")
        self.tables = m.get("oya.ui.tables") or imp.load("oya.ui.tables")
        self.kana = m.get("oya.kana") or imp.load("oya.kana")
        self.font = _font_module()
        self.tofu = bytes(self.font.GLYPHS[self.font.TOFU * 6:(self.font.TOFU + 1) * 6])

    @property
    def app(self):
        return app_of(self.sim)

    def t(self, key):
        return self.T.t(key, self.lang)

    def half(self, s):
        return self.kana.to_half(s)

    # -- time and buttons, with a check after each piece ----------------------------------
    def advance(self, ms, piece=None):
        """Let `ms` pass; frames are checked as they appear (every `piece` ms,
        or self.piece when that is shorter)."""
        if self.piece is not None and (piece is None or piece > self.piece):
            piece = self.piece
        if piece is None:
            self.sim.advance(ms)
            self.check_new_frames()
            return
        left = ms
        while left > 0:
            d = min(piece, left)
            self.sim.advance(d)
            left -= d
            self.check_new_frames()

    def press(self, b, times=1, gap=150):
        for _ in range(times):
            self.stats["presses"] += 1
            if self.stats["presses"] % 8 == 0:      # keep the pins' drive history short
                self.sim.pins.prune(self.sim.clock.us - 100000)
            self.sim.button_down(b)
            if b == "ok":
                self.ok_held = True
            self.advance(80)
            self.sim.button_up(b)
            self.advance(1)
            self.ok_held = False
            self.advance(gap)

    def hold_ok(self, ms=900, look=None):
        """Hold OK past the long-press time (a peek on play screens); `look`
        is called while it is held. Then release."""
        self.stats["presses"] += 1
        self.sim.button_down("ok")
        self.ok_held = True
        self.advance(ms, piece=ms)
        if look is not None:
            look()
        self.sim.button_up("ok")
        self.advance(1)
        self.ok_held = False
        self.advance(150)
        # the release must have changed the glass: a peek that stays sends no new frame
        app = self.app
        if app is not None and isinstance(app.top(), self.P.PlayScreen) and app.top().state == self.P.PEEK:
            self.finding("a peek on the glass while OK is not held (it stayed after the release)")
        if self.last_peek is not None:
            self.after_peek(self.rows())

    def power_cut(self):
        self.sim.power_cut()

    def boot(self, ms=400):
        """Power on again: a new firmware incarnation (new module objects)."""
        self.sim.boot()
        self._mods()
        self.nframes = len(self.sim.panel.frames)
        self.last_peek = None
        self.advance(ms)

    # -- frame checks ------------------------------------------------------------------------
    def finding(self, what):
        self.findings.append("%s\nscreen:\n%s" % (what, "\n".join(self.rows())))
        raise Finding(self.findings[-1])

    def rows(self):
        return [t for t, _ in recognise_rows(self.sim.frame())]

    def check_new_frames(self):
        sim = self.sim
        if sim.panel is None or sim.dead:
            return
        sim.panel.flush()
        frames = sim.panel.frames
        new = len(frames) - self.nframes
        if new <= 0:
            return
        self.stats["frames"] += new
        self.stats["unchecked"] += new - 1
        if new > 1:
            self.stats.setdefault("unchecked_at", []).append((sim.now_ms, new))
        self.nframes = len(frames)
        self.check_frame(frames[-1])

    def check_frame(self, frame):
        app = self.app
        if app is None:
            return
        pix = frame.rows()
        if getattr(app.top(), "PIXELS", False):
            self.check_pixels(app.top(), pix)
            return
        rec = recognise_rows(pix)
        self.stats["checked"] += 1
        grid = app.grid
        want = [r.rstrip() for r in grid.lines()]
        got = [t for t, _ in rec]
        if self.lang:
            self.check_glyphs(pix, grid)
        for text in grid.lines():
            if text.endswith("~"):
                self.stats["cut_rows"].add(text)
        if got != want:
            self.finding("the glass does not show the app's grid:\n got %r\nwant %r" % (got, want))
        inv = [bool(grid.inv & (1 << r)) for r in range(len(grid.rows))]
        if [i for _, i in rec] != inv:
            self.finding("inverted rows differ: glass %r, grid %r" % ([i for _, i in rec], inv))
        k = self.screen_kind()
        if k not in self.key_frames:
            self.key_frames[k] = (pix, rec)
        self.check_privacy(app, got)

    def check_pixels(self, top, pix):
        """A screen that draws its own pixels (the chart of the chips): each
        display page it has drawn shows what oya.ui.chart.draw() draws into
        a whole 128x64 framebuf for the same players; the others are blank
        or still the chart drawn before."""
        chart = self.sim.modules.get("oya.ui.chart") or self.sim.importer.load("oya.ui.chart")
        fbm = self.sim.importer.load("framebuf")
        buf = bytearray(128 * 64 // 8)
        chart.draw(fbm.FrameBuffer(buf, 128, 64, fbm.MONO_VLSB), top.deals, top.names, top.pick.shown())
        self.stats["checked"] += 1
        for y in range(8 * min(top.page, 8)):
            want = [(buf[(y // 8) * 128 + x] >> (y % 8)) & 1 for x in range(128)]
            if [1 if b else 0 for b in pix[y]] != want:
                self.finding("the chart's row %d differs from chart.draw()'s" % y)
                return
        self.stats["chart_rows"] = max(self.stats.get("chart_rows", 0), 8 * min(top.page, 8))

    def check_glyphs(self, pix, grid):
        font = self.font
        cols = 128 // 6
        for r in range(8):
            y = r * 8
            for c in range(cols):
                pat = bytearray(6)
                for i in range(6):
                    v = 0
                    for j in range(8):
                        if pix[y + j][c * 6 + i]:
                            v |= 1 << j
                    pat[i] = v
                if bytes(pat) == self.tofu or bytes((~v) & 0xFF for v in pat) == self.tofu:
                    self.finding("row %d cell %d: the font's box for an unknown character (%r)" % (
                        r, c, grid.line(r)))
        for r, text in enumerate(grid.lines()):
            h = text
            n = font.cells(h)
            if n > cols:
                self.finding("row %d needs %d cells: %r" % (r, n, h))

    def check_privacy(self, app, got):
        P = self.P
        top = app.top()
        s = app.session
        if not isinstance(top, P.PlayScreen) or s is None:
            if self.last_peek is not None:
                self.after_peek(got)
            return
        deal = s.match.deal
        st = top.state
        self.stats["by_state"][st] = self.stats["by_state"].get(st, 0) + 1
        if deal is None:
            if st == P.PEEK:
                self.finding("a peek with no deal in play")
            return
        allowed = ()
        if st == P.PEEK:
            allowed = (top.peek_seat,)
            self.check_peek(top, deal, got)
        else:
            if self.last_peek is not None:
                self.after_peek(got)
            if (st == P.DECIDE and not top.is_bot(top.acting)
                    and (top.seen_by == top.acting or app.humans() == 1)):
                allowed = (top.acting,)
        g = self.G.Grid()
        m = s.match
        m.deal = PublicDeal(deal, allowed)
        try:
            top.draw(g)
        except HiddenAccess as e:
            m.deal = deal
            self.finding("the %s screen reads hidden information: %s" % (
                {P.INTRO: "intro", P.HANDOFF: "hand-off", P.DECIDE: "decision", P.PEEK: "peek",
                 P.RESULTS: "results"}.get(st, st), e))
        finally:
            m.deal = deal
        self.stats["redraws"] += 1
        redraw = [r.rstrip() for r in g.lines()]
        if redraw != got:
            self.finding("the screen drawn from what may be known differs from the glass:\n got %r\nwant %r" % (
                got, redraw))

    def private_rows(self, deal, seat):
        pub = deal.seen(-1)
        private = bytes(c for c in deal.seen(seat) if c not in pub)
        kind = self.app.session.match.deck_kind()
        return private, self.W.wrap(self.tables.card_list(kind, private) or "-")

    def check_peek(self, top, deal, got):
        self.stats["peeks"] += 1
        if not self.ok_held:
            self.finding("a peek on the glass while OK is not held")
        seat = top.peek_seat
        name = self.app.session.match.ledger.names[seat]
        if got[0] != self.half(self.t("peek") % name).rstrip():
            self.finding("the peek title is not %r's" % name)
        private, lines = self.private_rows(deal, seat)
        want = [self.half(x).rstrip() for x in lines[:5]]
        n = len(want)
        if not any(got[i:i + n] == want for i in range(1, 9 - n)):
            self.finding("the peek does not show seat %d's private cards %r" % (seat, want))
        self.last_peek = (seat, [w for w in want if w and w != "-"])

    def after_peek(self, got):
        seat, rows = self.last_peek
        self.last_peek = None
        for w in rows:
            if w in got:
                self.finding("seat %d's private cards %r are still on the glass after the release" % (seat, w))

    def rerender(self, rec):
        """128x64 pixels of text rows [(text, inverted)] drawn with the firmware's font."""
        from host_sim import framebuf as F
        buf = bytearray(128 * 8)
        fb = F.FrameBuffer(buf, 128, 64, F.MONO_VLSB)
        for r, (text, inv) in enumerate(rec):
            fb.fill_rect(0, r * 8, 128, 8, 1 if inv else 0)
            self.font.draw(fb, text, 0, r * 8, inv)
        return [bytearray((buf[(y >> 3) * 128 + x] >> (y & 7)) & 1 for x in range(128)) for y in range(64)]

    def check_key_frames(self):
        """Each kind of screen's first frame, pixel for pixel, against its text
        drawn again through the font: nothing else is lit, nothing is shifted."""
        for k, (pix, rec) in self.key_frames.items():
            want = self.rerender(rec)
            bad = [(x, y) for y in range(64) for x in range(128) if bool(pix[y][x]) != bool(want[y][x])]
            if bad:
                raise AssertionError("the %s frame has %d pixels that are not its text's (first at %r):\n%s" % (
                    k, len(bad), bad[0], "\n".join(t for t, _ in rec)))
        return sorted(self.key_frames)

    # -- playing ---------------------------------------------------------------------------------
    def title(self):
        return self.rows()[0]

    def expect_title(self, key, *args):
        want = self.half(self.t(key) % args if args else self.t(key)).strip()
        got = self.title().strip()
        if got != want:
            raise AssertionError("expected the %r screen, the glass shows:\n%s" % (want, "\n".join(self.rows())))

    def resume(self, max_ms=3000):
        """OK on "Resume the match?", and the idle passes that make the match
        (oya.ui.boot.resume: in steps, keys held meanwhile) until it is in play."""
        self.expect_title("resume_q")
        self.press("ok")
        waited = 0
        while self.app.due and waited < max_ms:
            self.advance(20)
            waited += 20
        assert not self.app.due, "the resume did not finish in %d ms:\n%s" % (max_ms, "\n".join(self.rows()))

    def menu_to(self, index):
        top = self.app.top()
        n = len(top.items)
        down = (index - top.i) % n
        if down <= n - down:
            self.press("down", down, gap=60)
        else:
            self.press("up", n - down, gap=60)

    def new_table(self, game, ruleset=None, seats=None, humans=2, table_deck=False, first=True):
        """Home -> New table -> game -> ruleset (by name, else defaults) ->
        (deal: table deck) -> Continue -> seats -> names -> chips -> bot seats
        -> first dealer (a table deck's: drawn with cards entered; without
        `first`, left on its question)."""
        from oya import GAMES
        self.expect_title("home")
        self.press("ok")
        self.expect_title("game")
        self.menu_to(GAMES.index(game))
        self.press("ok")
        self.expect_title("ruleset")
        if ruleset is not None:
            items = self.app.top().items
            names = [it if isinstance(it, str) else it[0] for it in items]
            self.menu_to(names.index(ruleset))
        self.press("ok")
        self.expect_title("options")
        self.press("up")
        if table_deck:
            self.press("up")                 # deal: device
            self.press("ok")                 # -> table deck
            self.expect_title("options")
            deal, deck = "deal", "table deck"
            if self.lang:
                w, look = self.sim.modules["oya.ui.text_ja_options"], self.sim.modules["oya.heap"].look
                deal, deck = self.half(look(w.N, "deal")), self.half(look(w.V, "table_deck"))
            assert self.rows()[-2].startswith(">" + deal) and self.rows()[-2].endswith(deck), self.rows()
            self.press("down")               # Continue
        self.press("ok")
        if self.title() == self.half(self.t("seats")):
            spin = self.app.top()
            want = seats if seats is not None else spin.v
            while self.app.top().v != want:
                self.press("up" if self.app.top().v < want else "down", gap=60)
            self.press("ok")
        self.expect_title("names")
        n = len(self.app.top().items) - 1
        self.press("up")
        self.press("ok")
        if self.title() == self.half(self.t("chips")):
            self.press("ok")
        self.expect_title("bots")
        bots = n - humans
        self.press("up", bots, gap=60)
        self.press("ok")
        self.expect_title("first")
        if table_deck:
            if not first:
                return n
            self.first_dealer_by_cards()
        self.press("ok")
        return n

    def first_dealer_by_cards(self):
        """A table deck's first dealer: Draw cards, then each card the draw
        asks for from a shuffle of the table's deck, until the draw is shown."""
        self.press("ok")                             # Draw cards
        order = None
        while type(self.app.top()).__name__ == "FirstDraw":
            top = self.app.top()
            if order is None:
                cards = self.sim.modules.get("oya.cards")
                order = list(cards.deck(top.kind))
                self.r.shuffle(order)
            self.enter_card(top, order[len(top.known)])
        self.expect_title("first")

    def screen_kind(self):
        app = self.app
        top = app.top()
        P = self.P
        if isinstance(top, P.PlayScreen):
            return {P.INTRO: "intro", P.HANDOFF: "handoff", P.DECIDE: "decide", P.PEEK: "peek",
                    P.RESULTS: "results"}[top.state]
        title = getattr(top, "title", None)
        if title == self.t("match_end"):
            return "match_end"
        if title == self.t("pause"):
            return "pause"
        return type(top).__name__.lower()

    # -- a table deck: the cards a real shuffle turns up ----------------------------------------
    def table_card(self):
        """The card the table turns now: the k-th card taken from this deal's
        shuffle (a fresh shuffle of the deck per deal, from the driver's rng)."""
        m = self.app.session.match
        deck = getattr(self, "_table", None)
        if deck is None or deck[0] != m.started:
            cards = self.sim.modules.get("oya.cards") or self.sim.importer.load("oya.cards")
            order = list(cards.deck(m.deck_kind()))
            self.r.shuffle(order)
            self._table = deck = (m.started, order)
        return deck[1][m.deal.wants.k]

    def enter_card(self, top, code=None):
        """Step the picker to `code`'s card (default: the table's) the shorter
        way round and press OK; the picker row must show it before OK.
        Returns the presses made."""
        td = self.sim.modules.get("oya.tabledeck")
        picker = top.entry
        if code is None:
            code = self.table_card()
        kind = picker.kind
        want = [i for i, c in enumerate(picker.kinds) if td.klass(kind, c) == td.klass(kind, code)][0]
        n = len(picker.kinds)
        up = (want - picker.i) % n               # UP: the next card
        if up <= n - up:
            self.press("up", up, gap=60)
        else:
            self.press("down", n - up, gap=60)
        W = self.sim.modules.get("oya.ui.wheel")
        row = self.half(("  < %s >" % W.picture(kind, picker.kinds[want], self.lang))[:21]).rstrip()
        if row not in self.rows():
            raise AssertionError("the picker does not show %r:\n%s" % (row, "\n".join(self.rows())))
        self.stats["entered"] = self.stats.get("entered", 0) + 1
        self.press("ok")
        return min(up, n - up) + 1

    def human_turn(self, top):
        """Pick one of the acting seat's actions at random and take it (a
        table deck's card request: the card the table turned)."""
        if getattr(top, "entry", None) is not None:
            self.enter_card(top)
            return
        for _ in range(200):
            if top.entries is not None:
                break
            self.advance(100, piece=100)   # the choices still searched on idle passes: wait, as a person does
        entries = top.entries
        real = [i for i in range(len(entries)) if entries.acts(i) is not None]
        i = self.r.choice(real)
        n = len(entries)
        down = (i - top.cursor) % n
        if down <= n - down:
            self.press("down", down, gap=60)
        else:
            self.press("up", n - down, gap=60)
        assert top.cursor == i
        label = entries[i][0]
        row = self.half(self.G.fit(">" + label)).rstrip()
        if row not in self.rows():
            raise AssertionError("the cursor is not on %r:\n%s" % (label, "\n".join(self.rows())))
        self.press("ok")
        if self.app is None:                              # the power went
            return
        if type(self.app.top()).__name__ == "Spinner":     # an amount: a random one
            spin = self.app.top()
            k = self.r.randint(0, min(3, spin.hi - spin.lo))
            self.press("up", k, gap=60)
            self.press("ok")

    def play_match(self, peek_every=1, max_steps=5000, on_deal_end=None, pause_at=None):
        """Play until 'Match over'. Human seats: hand-off, a peek (held OK),
        OK, then a random legal action; bots act on their own."""
        P = self.P
        deals = 0
        peeked = set()
        for _ in range(max_steps):
            k = self.screen_kind()
            app = self.app
            top = app.top()
            if k == "match_end":
                return deals
            if k == "intro":
                if pause_at is not None and pause_at(self, app.session.match.deal_no):
                    continue
                self.press("ok")
            elif k == "handoff":
                seat = top.acting
                if self.r.random() < peek_every:
                    self.hold_ok(look=lambda: self.expect_title("peek", app.session.match.ledger.names[seat]))
                    peeked.add(seat)
                self.press("ok")
            elif k == "decide":
                if top.is_bot(top.acting):
                    self.advance(100, piece=100)
                    self.advance(400, piece=100)
                else:
                    self.human_turn(top)
            elif k == "peek":
                raise AssertionError("a peek stayed on screen:\n" + "\n".join(self.rows()))
            elif k == "results":
                deals += 1
                self.expect_title("results")
                if on_deal_end is not None:
                    on_deal_end(self)
                self.press("ok")
            elif k == "pause":
                self.press("back")
            else:
                self.press("ok")
        raise AssertionError("the match did not end in %d steps:\n%s" % (max_steps, "\n".join(self.rows())))

    def close(self):
        self.sim.close()
