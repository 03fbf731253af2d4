# The deal screens: before a deal (commit), hand-off and peek, the decision,
# the results, then the next deal or the end of the match. One generic screen
# for every game: decisions come from choices()/label()/decode(), the table
# from public(), private cards only from the owner's peek.
from oya import rng
from oya.game import RuleError
from oya.ui import keys
from oya.ui.grid import ROWS, two_cols
from oya.ui.widgets import Screen, wrap
from oya.ui.text import t
from oya.ui import tables
from oya.ui import IDLE_REDRAW
from oya.compat import const, run_steps
from oya.games import forget_part, told

INTRO = 0
HANDOFF = 1
DECIDE = 2
PEEK = 3
RESULTS = 4

_BOT_DELAY_MS = const(400)
_READ_MS = const(1800)      # a bot waits this long while the last action's sentence is read
SAID_ROWS = const(3)        # rows the last action's sentences may take above the table
HINT_ROWS = const(3)        # the hand-off's hint: the prompt, how to peek, the keys

# The menu's lines that are not actions, told by these ids (an entry
# (label, None, id)), never by their text, which is the player's language.
_X_NOTE = const(0)          # the game's note: a line to read, nothing to pick
_X_OTHERS = const(1)        # another seat's turn
_X_PRINT = const(2)         # print my cards
_X_BACK = const(3)          # back from another seat's menu
_X_HAPPENED = const(4)      # the deal's actions so far
# A decision whose choices take a long search (Kakkuri: a hand can have
# many hundreds of plays, found one step at a time by
# oya.games.kakkuri_search.search_steps) is made in steps: up to SYNC_MS
# (or SYNC_STEPS) in the key that leads to it (most searches end within it:
# the screen is as it would be), the rest IDLE_MS (IDLE_STEPS) a pass on the
# device loop's idle passes while the hand-off or the bot's delay is on
# screen; a key that needs the choices before then finishes the search
# itself. Where the clock does not run while the code does (the simulator's
# virtual one, CPython) the steps alone count.
SYNC_MS = 15
IDLE_MS = 20
SYNC_STEPS = 300
IDLE_STEPS = 300


LABELS = 8          # labels an Entries keeps: the four rows shown, and the rows around them


class Entries:
    """One seat's legal actions as a menu: entry j is (label, actions,
    amounts or None). An action offered alone stays the int the engine gave
    (a Kakkuri hand can have a thousand plays, and a list and a tuple for
    each would be more heap than the plays), and when nothing is grouped `items` is the list
    shared_choices() gave, never changed: amount entries are lists
    [label, actions, amounts], extra lines (append: (label, None, an _X_
    id)) are kept apart. A label
    is made when first asked for (it can cost an engine a search, and four
    rows show at a time) and kept while few are: LABELS at most, then they
    are made again (kept for as long as the decision, a large Kakkuri
    hand's labels, all scrolled through, would fill the heap)."""

    def __init__(self, deal, lang, items):
        self.deal = deal
        self.lang = lang
        self.items = items
        self.extra = []
        self.labels = {}

    def __len__(self):
        return len(self.items) + len(self.extra)

    def __getitem__(self, j):
        n = len(self.items)
        if j >= n:
            return self.extra[j - n]        # IndexError past the end ends a for loop
        x = self.items[j]
        if type(x) is not int:
            return x
        labels = self.labels
        label = labels.get(j)
        if label is None:
            if len(labels) >= LABELS:
                labels.clear()
            label = labels[j] = self.deal.label(x, self.lang)
        return (label, (x,), None)

    def acts(self, j):
        """Entry j's actions (None for an extra line), its label not made."""
        n = len(self.items)
        if j >= n:
            return self.extra[j - n][1]
        x = self.items[j]
        return (x,) if type(x) is int else x[1]

    def append(self, entry):
        self.extra.append(entry)


def group_choices(deal, seat, lang):
    """Legal actions as menu entries (Entries): actions that differ only in
    an amount are one entry with a number spinner (oya.ui.amounts), the rest
    one entry each."""
    ch = deal.shared_choices(seat)      # read only: it may be the engine's cached list
    if getattr(deal, "AMOUNTS", True):  # (none in Kakkuri: nothing decoded, nor the module loaded)
        from oya.ui.amounts import grouped
        items = grouped(deal, ch, lang)
        if items is not None:
            return Entries(deal, lang, items)
    return Entries(deal, lang, ch)


class PlayScreen(Screen):
    PEEK = PEEK

    def __init__(self, app):
        self.app = app
        self.state = INTRO
        self.cursor = 0
        self.top = 0
        self.msg = None          # a refusal or a note, shown until the next key
        self.seen_by = -1        # the human seat the device was last handed to
        self.peek_seat = -1
        self.bot_due = None
        self.entries = None
        self.work = None         # a search in steps for the choices (see SYNC_STEPS)
        self.held = []           # keys for the choices, waiting for that search
        self.prepared = None     # the seed of the deal shuffled ahead (idle)
        self.result_top = 0      # the results' first line on screen (made as drawn: each_result_line)
        self.result_label = True     # False: the game's value labels failed on them
        self.acting = -1         # the seat deciding (the turn, or an out-of-turn seat)
        self.named = -1          # the last table row a choice names (the game's line_of), -1 none
        self.said = None         # the last action's sentences (oya.ui.say), shown until a key or the next action

    # -- helpers ------------------------------------------------------------------
    @property
    def s(self):
        return self.app.session

    def names(self):
        return self.s.match.ledger.names

    def kind(self):
        return self.s.match.deck_kind()

    def lang(self):
        return self.app.lang

    def is_bot(self, seat):
        return seat in self.app.bots

    def refresh(self):
        deal = self.s.match.deal
        self.msg = None
        self.entries = None     # (they hold the deal they were made for)
        self.named = -1
        if deal is None:
            self.state = INTRO
            return
        if deal.done:
            self.show_results()
            return
        seat = deal.turn if self.acting < 0 else self.acting
        self.acting = seat
        self.held = []
        steps = getattr(deal, "choices_steps", None)
        self.work = steps(seat) if steps is not None else None
        if self.is_bot(seat):
            self.state = DECIDE
            self.bot_due = self.app.now + (_READ_MS if self.said else _BOT_DELAY_MS)
        elif seat != self.seen_by and self.app.humans() > 1:
            # the hand-off shows no choices: they are made on the idle passes
            # while it is on screen, since made in the key they are a large
            # part of a hand-off's answer
            self.state = HANDOFF
            if self.work is None:
                self.work = iter(())
            return
        else:
            self.state = DECIDE
        if self.work is None:
            self.make_entries()
        else:                               # the rest on idle passes (idle()) or by the next key
            self.search(SYNC_STEPS, SYNC_MS)

    def make_entries(self):
        """A new decision's menu: the seat's actions, then the lines that
        are not actions (the game's note on what it does not offer, another
        seat's turn, the slip); the cursor on the first action but the one
        the game never starts on (Kachi-kachi's fold)."""
        deal = self.s.match.deal
        seat = self.acting
        L = self.lang()
        entries = self.entries = group_choices(deal, seat, L)
        person = not self.is_bot(seat)
        note = getattr(deal, "choice_note", None)
        if note is not None and person:
            note = note(seat, L)
            if note:
                entries.append((note, None, _X_NOTE))
        if self.others(deal, seat, True):
            entries.append((t("others", L), None, _X_OTHERS))
        if person and self.s.acts:
            entries.append((t("happened", L), None, _X_HAPPENED))
        if self.app.printer() is not None and person and self.private_cards(seat):
            entries.append((t("print_cards", L), None, _X_PRINT))
        give_up = getattr(deal, "GIVE_UP", -1)
        self.cursor = self.top = 0
        for j in range(len(entries.items)):
            acts = entries.acts(j)
            if len(acts) > 1 or acts[0] != give_up:
                self.cursor = j
                break
        self.named = -1
        line_of = getattr(deal, "line_of", None)
        if line_of is not None and person:
            for j in range(len(entries.items)):
                self.named = max(self.named, line_of(entries.acts(j)[0]))

    def search(self, n, ms=0):
        """Advance the search in steps (run_steps); once it is done, the
        entries are made. True when done."""
        if not run_steps(self.work, n, ms):
            return False
        self.work = None
        self.make_entries()
        return True

    def ensure_entries(self):
        """The choices now: what is left of a search in steps, done at once."""
        if self.work is not None:
            self.search(1 << 30)

    def idle(self):
        """Work for an idle pass (App.idle): the next deal's shuffle while
        its commitment is shown, or IDLE_STEPS of a search in steps. 0
        nothing to do, 1 worked, IDLE_REDRAW a search finished (the screen
        may show more rows of the table)."""
        if self.work is None:
            if self.state == INTRO and self.s is not None and not self.s.match.table:
                seed = self.app.pending_seed()
                if self.prepared is not seed:
                    self.prepared = seed
                    self.s.match.prepare(seed)
                    return 1
            return 0
        if not self.search(IDLE_STEPS, IDLE_MS):
            return 1
        if self.state != DECIDE:
            return 1                # (the hand-off and peek screens show no choices: nothing to draw)
        held, self.held = self.held, []
        for k in held:              # the keys pressed meanwhile, in order
            self.key(k)
        return IDLE_REDRAW

    # -- drawing ------------------------------------------------------------------
    def draw(self, g):
        if self.state == INTRO:
            self.draw_intro(g)
        elif self.state == HANDOFF:
            self.draw_handoff(g)
        elif self.state == PEEK:
            self.draw_peek(g)
        elif self.state == RESULTS:
            self.draw_results(g)
        else:
            self.draw_decide(g)

    def draw_intro(self, g):
        m = self.s.match
        L = self.lang()
        g.put(0, "%s %d" % (t("deal", L), m.deal_no + 1), True)
        g.put(1, "%s: %s" % (t("dealer", L), m.ledger.names[m.dealer]))
        seed = self.app.pending_seed()
        g.put(2, "%s %s" % (t("commit", L), rng.commit(seed)[:8]))
        names = m.ledger.names
        r = 3
        for i in range(len(names)):
            if r >= ROWS - 1:
                break
            g.put(r, two_cols(" " + names[i] + (" *" if i == m.dealer else ""), str(m.ledger.chips[i])))
            r += 1
        while r < ROWS - 1:
            g.put(r, "")
            r += 1
        g.put(ROWS - 1, t("deal_menu" if self.app.printer() is None else "deal_slip", L))

    # The hand-off, peek and decision screens share one layout: the title on
    # row 0, the public table on the rows below it, and what differs (the
    # hint, the private cards, the choices) at the bottom: the hint's
    # HINT_ROWS on the hand-off and peek (whose choices are not made yet),
    # as many as the choices need (up to four) on the decision. Moving
    # between them redraws the title and the bottom rows only.
    def table_rows(self):
        if self.state != DECIDE:
            return ROWS - 1 - HINT_ROWS     # the hand-off and peek: the hint's rows, whatever the choices
        if self.is_bot(self.acting):
            nchoice = 1
        elif self.work is not None:
            nchoice = 4                 # a search in steps: a long one finds many plays
        else:
            nchoice = min(len(self.entries) or 1, 4)
            # fewer choice rows when that shows every table row a choice
            # names (a column, a seat), the choices one key away
            for n in range(nchoice, 1, -1):
                if self.named < ROWS - 1 - n:
                    nchoice = n
                    break
        return max(1, ROWS - 1 - nchoice)

    def put_table(self, g, rows, lines):
        r = 1
        for ln in lines[:rows]:
            g.put(r, ln)
            r += 1
        while r < 1 + rows:
            g.put(r, "")
            r += 1
        return r

    def put_bottom(self, g, lines, first):
        """`lines` on the last rows, blank rows from row `first` down to them;
        table rows are covered only when the lines need them."""
        lines = lines[-(ROWS - 1):]
        top = ROWS - len(lines)
        for r in range(first, top):
            g.put(r, "")
        for ln in lines:
            g.put(top, ln)
            top += 1

    def handoff_hint(self):     # (HINT_ROWS lines)
        L = self.lang()
        return [" " + self.s.match.deal.prompt(self.acting, L), t("hold_peek", L), t("ready", L)]

    def draw_handoff(self, g):
        L = self.lang()
        g.put(0, t("pass_to", L) % self.names()[self.acting], True)
        rows = self.table_rows()
        self.put_table(g, rows, self.app.table_lines(self.s.match.deal))
        self.put_bottom(g, self.handoff_hint(), 1 + rows)

    def draw_peek(self, g):
        # the hand-off screen with the cards in place of "hold OK": releasing
        # OK changes the title and the card rows back, nothing else
        L = self.lang()
        seat = self.peek_seat
        g.put(0, t("peek", L) % self.names()[seat], True)
        cards = wrap(tables.card_list(self.kind(), self.private_cards(seat)) or "-")[:5]
        rows = self.table_rows()
        self.put_table(g, rows, self.app.table_lines(self.s.match.deal))
        if seat == self.acting:
            hint = self.handoff_hint()
            n = len(hint) + len(cards) - 1     # the hand-off's HINT_ROWS, grown upwards
            bottom = (hint[:1] + cards + hint[2:])[-n:]
        else:
            bottom = cards + [t("release", L)]
        self.put_bottom(g, bottom, 1 + rows)

    def others(self, deal, seat, first=False):
        """Seats other than `seat` with an action open to them now (a Kakkuri
        fold out of turn), humans only; with `first`, the first such seat
        alone (whether there is one: every seat's choices are a list made)."""
        out = []
        if not deal.OUT_OF_TURN:
            return out          # (asking every seat would slow every key)
        for s in range(deal.nseats):
            if s != seat and not self.is_bot(s) and deal.choices(s):
                out.append(s)
                if first:
                    break
        return out

    def pick_other(self):
        from oya.ui.menu import Menu
        app = self.app
        deal = self.s.match.deal
        seats = self.others(deal, self.acting)

        def pick(i):
            app.pop()
            self.acting = seats[i]
            self.cursor = 0
            self.named = -1
            self.entries = group_choices(deal, self.acting, self.lang())
            self.entries.append(("< back", None, _X_BACK))
            self.state = HANDOFF

        app.push(Menu(t("others", self.lang()), [self.names()[x] for x in seats], pick, app.pop))

    def private_cards(self, seat):
        deal = self.s.match.deal
        if deal is None:
            return b""
        pub = deal.seen(-1)
        return bytes(c for c in deal.seen(seat) if c not in pub)

    def draw_decide(self, g):
        L = self.lang()
        deal = self.s.match.deal
        seat = self.acting
        name = self.names()[seat]
        head = "%s: %s" % (name, deal.prompt(seat, L))
        g.put(0, head, True)
        lines = self.app.table_lines(deal)
        table_rows = self.table_rows()
        msg = wrap(self.msg)[:SAID_ROWS] if self.msg else self.said_lines()
        if self.named >= 0 and self.entries is not None:
            # the row the cursor's choice names stays in view: the table's
            # rows from the one that shows it last
            acts = self.entries.acts(self.cursor)
            k = -1 if acts is None else deal.line_of(acts[0])
            room = table_rows - len(msg)
            if k >= room > 0:
                lines = lines[k - room + 1:]
        if msg:
            lines = msg + lines
        r = self.put_table(g, table_rows, lines)
        if self.is_bot(seat) or self.entries is None:
            # (a person's choices still being searched: on the next idle passes)
            g.put(r, "  (%s) %s" % (t("bot", L), t("thinking", L)) if self.is_bot(seat) else "  ...")
            r += 1
            while r < ROWS:
                g.put(r, "")
                r += 1
            return
        self.put_list(g, r, self.cursor, len(self.entries))

    def row_text(self, j):
        return self.entries[j][0]

    def draw_results(self, g):
        if self.s.match.deal is None:
            return      # (the match is over, its ranking due: the results stay as last drawn)
        L = self.lang()
        g.put(0, t("results", L), True)
        more = self.results_past(self.result_top, g)
        g.put(ROWS - 1, ("v " if more else "") + t("next_deal", L))

    def results_past(self, top, g=None):
        """Whether the results have lines past the screen's from line `top`;
        with `g`, those on the screen are put on its rows. Without the
        game's value labels once making them failed."""
        try:
            return self._results_from(top, g)
        except Exception:
            if not self.result_label:
                raise
            self.result_label = False
            return self._results_from(top, g)

    def _results_from(self, top, g):
        room = ROWS - 2
        j = 0
        for ln in self.each_result_line(self.result_label):
            if j >= top + room:
                return True
            if j >= top and g is not None:
                g.put(1 + j - top, ln)
            j += 1
        if g is not None:
            for r in range(max(0, j - top), room):
                g.put(1 + r, "")
        return False

    # -- keys -----------------------------------------------------------------------
    def key(self, k):
        if self.state == DECIDE and self.work is not None and not self.is_bot(self.acting):
            # the choices are still being searched on idle passes: the key
            # waits for them (a large Kakkuri hand finished in the key is too
            # long a run of CPU, the screen frozen meanwhile)
            self.held.append(k)
            return
        if self.state == DECIDE:
            self.ensure_entries()
        if self.state == INTRO:
            if k == keys.OK:
                self.app.begin_deal()
                self.acting = -1
                self.refresh()
            elif k == keys.HOLD_OK:
                self.app.rare().print_commit(self.app)
            elif k == keys.BACK:
                self.app.rare().pause_menu(self.app)
        elif self.state == HANDOFF:
            if k == keys.HOLD_OK:
                self.peek_seat = self.acting
                self.state = PEEK
            elif k == keys.OK:
                self.seen_by = self.acting
                self.state = DECIDE
                if self.work is not None:       # (the idle passes finished it, unless the key came at once)
                    self.search(SYNC_STEPS, SYNC_MS)
            elif k == keys.BACK:
                self.app.rare().pause_menu(self.app)
        elif self.state == PEEK:
            if k == keys.RELEASE or k == keys.BACK:
                self.state = DECIDE if self.seen_by == self.peek_seat else HANDOFF
        elif self.state == RESULTS:
            if k == keys.DOWN and self.results_past(self.result_top):
                self.result_top += 1
            elif k == keys.UP and self.result_top > 0:
                self.result_top -= 1
            elif k == keys.OK:
                forget_part(self.s.game, "_words")      # (the results' words: not needed in the next deal)
                self.app.end_deal()
            elif k == keys.HOLD_OK:
                self.app.rare().print_deal(self.app)
            elif k == keys.BACK:
                self.app.rare().pause_menu(self.app)
        else:
            self.key_decide(k)

    def key_decide(self, k):
        seat = self.acting
        if self.is_bot(seat):
            if k == keys.BACK:
                self.app.rare().pause_menu(self.app)
            else:
                self.said = None
                self.bot_due = self.app.now      # a key skips the rest of the pause
            return
        n = len(self.entries)
        self.msg = None
        self.said = None
        if k == keys.UP and n:
            self.cursor = (self.cursor - 1) % n
        elif k == keys.DOWN and n:
            self.cursor = (self.cursor + 1) % n
        elif k == keys.HOLD_OK:
            self.peek_seat = seat
            self.seen_by = seat
            self.state = PEEK
        elif k == keys.OK and n:
            label, acts, nums = self.entries[self.cursor]
            if acts is None:
                if nums == _X_PRINT:
                    self.app.rare().print_lines(self.app, ["%s:" % self.names()[seat],
                                                          tables.card_list(self.kind(), self.private_cards(seat))])
                elif nums == _X_BACK:
                    self.acting = -1
                    self.refresh()
                elif nums == _X_OTHERS:
                    self.pick_other()
                elif nums == _X_HAPPENED:
                    self.show_history()
                # (else the game's note: a line to read, nothing to pick)
            elif nums is None:
                self.take(acts[0], seat)
            else:
                self.ask_amount(label, acts, nums, seat)
        elif k == keys.BACK:
            self.app.rare().pause_menu(self.app)

    def ask_amount(self, label, acts, nums, seat):
        app = self.app

        def done(v):
            from oya.ui.amounts import amount_action
            app.pop()
            self.take(amount_action(self.s.match.deal, acts, nums, v), seat)

        from oya.ui.spinner import Spinner
        app.push(Spinner(label, min(nums), max(nums), min(nums), done, app.pop,
                         lines=[self.names()[seat]], lang=self.lang()))

    def take(self, action, seat):
        deal = self.s.match.deal
        n = len(self.s.acts)
        try:
            self.app.act(action, seat)
        except RuleError as e:
            self.msg = str(e)
            return
        self.said = None
        if not deal.done:       # (a finished deal's results say the rest)
            self.said = self.telling(deal, n)
        self.acting = -1
        self.refresh()

    def telling(self, deal, start):
        """The sentences of the deal's actions from acts[start], as one text:
        the game's teller's, else the deal's own. Made in every key that
        acts, so without oya.ui.say (the deal's history); the teller stays
        loaded with the match's code, as importing it again at every action
        costs more time than its code holds RAM."""
        tell = self.teller()
        acts, names, L = self.s.acts, self.names(), self.lang()
        said = tell.each_sentence(deal, acts, names, L, start) if tell is not None else None
        if said is None:
            said = deal.sentences(acts, names, L, start)
        return "\n".join([s for _, s in said]) or None

    def teller(self):
        """The game's own module that says a deal's actions, or None (oya.ui.say)."""
        return told(self.s.game, "_say")

    def words(self):
        """The game's own module that says a finished deal, or None."""
        return told(self.s.game, "_words")

    def said_lines(self):
        return wrap(self.said)[:SAID_ROWS] if self.said else []

    def show_history(self):
        """The deal's actions so far, newest first, a sentence a row (made
        from the session's actions as the rows are drawn, not kept); OK on
        one shows it whole on the decision screen."""
        from oya.ui import say
        from oya.ui.menu import Menu
        app = self.app
        tell = self.teller()
        told = say.Told(self.s.match.deal, self.s.acts, self.names(), self.lang(), tell)

        def back(i=None):
            app.pop()
            if i is not None:
                self.msg = told[i]
            say.drop()

        app.push(Menu(t("happened", self.lang()), told, back, back))

    def tick(self, now):
        if self.state == DECIDE and self.is_bot(self.acting) and self.bot_due is not None and now >= self.bot_due:
            self.bot_due = None
            self.ensure_entries()
            deal = self.s.match.deal
            self.take(self.app.bot_action(deal, self.acting), self.acting)
            return True
        return False

    def show_results(self):
        """The deal's results. Their lines are made each time they are drawn
        (each_result_line), up to the last on the screen, and not kept:
        kept, their strings would sit at the top of the heap's peak; counted
        when shown, they would all be made twice in the key, the slowest key
        of a deal. The game's value labels are tried as drawn."""
        self.result_top = 0
        self.result_label = True
        self.state = RESULTS
        # the teller says nothing until the next deal's first action: its
        # code leaves, and the results' words come in its place
        forget_part(self.s.game, "_say")

    def each_result_line(self, labelled):
        """The results' lines, wrapped to the screen, one at a time: the
        deal's story (its hands with the game's value labels when
        `labelled`), then the balances."""
        m = self.s.match
        deal = m.deal
        names = m.ledger.names
        L = self.lang()
        vl = getattr(self.app.game_module(), "value_label", None) if labelled else None
        label = (lambda v, y: vl(v, y, L)) if vl else None
        out = []
        if deal.void:
            wrap(t("void", L), 21, out)
        words = self.words()
        words = words.result_lines if words is not None else None
        if words is not None and not deal.void:
            # the game's own words for the deal (Meri's tricks and hiki),
            # in place of its story and balances
            for ln in words(deal, names, L):
                wrap(ln, 21, out)
                while out:
                    yield out.pop(0)
            return
        for ln in tables.each_event_line(self.kind(), deal.events, names, label, L):
            wrap(ln, 21, out)
            while out:
                yield out.pop(0)
        wrap("- %s -" % t("balances", L), 21, out)
        for i in range(len(names)):
            wrap(two_cols(names[i], str(m.ledger.chips[i])), 21, out)
        while out:
            yield out.pop(0)
