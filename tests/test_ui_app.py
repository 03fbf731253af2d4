"""The device app driven by keys alone (the synchronous core; the simulator
tests drive the same app through pins and the real drivers)."""
import os
import shutil

import pytest

import tools  # noqa: F401
from oya import GAMES, journal_read
from oya.ui.app import App
from oya.ui import keys as K
from oya.games import options


def engine_exists(game):
    return os.path.exists(os.path.join(tools.FIRMWARE, "oya", "games", game + ".py"))


@pytest.fixture
def flash(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def new_table(app, game_index, seats_up=0, bots=0):
    to_bots(app, game_index, seats_up)
    for _ in range(bots):
        app.key(K.UP)
    app.key(K.OK)                      # bot seats
    idle_out(app)                      # the table is made on the device loop's idle passes
    assert app.screen_text().startswith("First dealer")
    app.key(K.OK)


def idle_out(app):
    """The device loop's idle passes, until they have nothing left to do."""
    while app.idle():
        pass


def to_bots(app, game_index, seats_up=0):
    """From home to a new table's last setup screen (the bot seats)."""
    app.key(K.OK)                      # home: New table
    for _ in range(game_index):
        app.key(K.DOWN)
    app.key(K.OK)                      # the game: it waits for the rulesets' scan ahead
    waiting_passes(app)
    app.key(K.OK)                      # ruleset: defaults (it waits for the options' code)
    waiting_passes(app)
    app.key(K.UP)
    app.key(K.OK)                      # options: Continue (the last row)
    if app.screen_text().startswith("Seats"):   # not asked when the ruleset fixes it
        for _ in range(seats_up):
            app.key(K.UP)
        app.key(K.OK)
    app.key(K.UP)
    app.key(K.OK)                      # names: Continue
    if "Starting chips" in app.screen_text():
        app.key(K.OK)
    assert app.screen_text().startswith("Bot seats")


def waiting_passes(app):
    """The device loop's idle passes while keys wait for them (App.due: a
    new table, and the ranking at a match's end, are made on them)."""
    while app.due:
        app.idle()


def pause(app):
    """BACK in play: the pause menu, put up on the device loop's idle passes."""
    app.key(K.BACK)
    waiting_passes(app)


def press_ok_until(app, title, limit=2000):
    """OK on every screen until one whose first line starts with `title`,
    with the device loop's idle passes after each while keys wait for them
    (the end of a match comes on them)."""
    for _ in range(limit):
        if app.screen_text().startswith(title):
            return
        app.key(K.OK)
        waiting_passes(app)
    raise AssertionError("no %r screen:\n%s" % (title, app.screen_text()))


@pytest.mark.parametrize("game", GAMES)
def test_full_match_by_buttons(game, flash):
    if not engine_exists(game):
        pytest.skip("engine not in the tree yet")
    app = App()
    new_table(app, GAMES.index(game))
    seen_results = 0
    for step in range(20000):
        text = app.screen_text()
        if text.startswith("Match over"):
            break
        if text.startswith("Results"):
            seen_results += 1
        if game == "kakkuri" and app.session.match.deal_no >= 4 and text.startswith("Deal "):
            # a match that ends by agreement (Kakkuri's time limit): the pause menu
            pause(app)
            while not app.screen_text().split("\n")[0].startswith("Paused"):
                pause(app)
            for _ in range(5):
                app.key(K.DOWN)
            assert ">End match now" in app.screen_text()
            app.key(K.OK)
        else:
            app.key(K.OK)
        waiting_passes(app)             # (a match's end comes on them)
    else:
        raise AssertionError("match did not end:\n" + app.screen_text())
    assert seen_results >= 1
    app.key(K.OK)
    # the night's menu: the match is in it; ending the night leaves nothing to resume
    assert app.screen_text().startswith("Night\n>Settle match")
    app.key(K.UP)
    assert ">End the night" in app.screen_text()
    app.key(K.OK)
    assert app.screen_text().startswith("Oya - home")
    assert "Resume" not in app.screen_text()


def test_power_cut_mid_deal_resumes_identically(flash):
    game = "oicho"
    if not engine_exists(game):
        pytest.skip("engine not in the tree yet")
    app = App()
    new_table(app, GAMES.index(game))
    for _ in range(7):
        app.key(K.OK)
    deal = app.session.match.deal
    assert deal is not None and not deal.done
    events = list(deal.events)
    chips = list(app.session.match.ledger.chips)
    # power cut: a new App over the same flash
    app2 = App()
    assert app2.screen_text().startswith("Resume the match?")
    app2.key(K.OK)
    idle_out(app2)                              # (the match is made on the idle passes)
    d2 = app2.session.match.deal
    assert d2.events == events and d2.turn == deal.turn
    assert app2.session.match.ledger.chips == chips



def test_a_record_keeps_the_options_changed_and_a_resume_has_them_all(flash):
    from oya import rules
    from oya.games import oicho
    from oya.journal_read import load
    app = App()
    app.key(K.OK)                           # New table
    app.key(K.OK)                           # Oicho-Kabu
    app.key(K.OK)                           # ruleset: defaults
    first = options("oicho")[0]
    assert isinstance(first[2], (list, tuple)) and len(first[2]) > 1
    app.key(K.OK)                           # the first option's values
    app.key(K.DOWN)
    app.key(K.OK)                           # the next one
    app.key(K.UP)
    app.key(K.OK)                           # Continue
    while not app.screen_text().startswith("First dealer"):
        if app.screen_text().startswith("Names"):
            app.key(K.UP)
        app.key(K.OK)
        idle_out(app)
    app.key(K.OK)
    opts = dict(app.session.match.opts)
    assert opts[first[0]] != first[1]
    while app.session.owes():
        app.session.flush()
    rec = load(app.match_j)
    # the record: the option changed and the starting points, not the table
    assert rec["ruleset"]["options"] == {first[0]: opts[first[0]], "starting_points": opts["starting_points"]}
    assert len(opts) > 10
    # a power cut: the resumed match has every option, and its records keep
    # what this one kept
    app2 = App()
    app2.key(K.OK)
    idle_out(app2)
    assert app2.session.match.opts == opts == rules.validate(
        {"game": "oicho", "name": "x", "options": rec["ruleset"]["options"]}, "t", options("oicho"))[2]
    assert app2.session.record()["ruleset"]["options"] == rec["ruleset"]["options"]


def test_bot_seats_stay_bots_after_a_power_cut(flash):
    app = App()
    new_table(app, GAMES.index("meri"), bots=2)
    assert app.bots == (2, 3)
    app.key(K.OK)
    app2 = App()                          # power cut: a new App over the same flash
    assert app2.screen_text().startswith("Resume the match?")
    app2.key(K.OK)
    idle_out(app2)
    assert app2.bots == (2, 3) and app2.session.match.deal is not None
    # a record that says otherwise is data: only seats of the table count
    app2.session.ui["bots"] = [1, 9, "x", True]
    app2.session.save()
    app3 = App()
    app3.key(K.OK)
    idle_out(app3)
    assert app3.bots == (1,)

def test_private_cards_only_while_ok_is_held(flash):
    game = "oicho"
    if not engine_exists(game):
        pytest.skip("engine not in the tree yet")
    app = App()
    new_table(app, GAMES.index(game))
    app.key(K.OK)                     # deal
    assert app.screen_text().startswith("Pass to")
    app.key(K.HOLD_OK)
    assert "'s cards" in app.screen_text().split("\n")[0]
    app.key(K.RELEASE)
    assert "'s cards" not in app.screen_text()


def test_corrupted_state_is_reported_kept_and_cleared(flash):
    os.makedirs("state", exist_ok=True)
    with open("state/match", "wb") as f:
        f.write(b"\x00garbage")
    app = App()
    assert app.screen_text().startswith("Error")
    assert "kept as .bad" in app.screen_text().replace("\n", " ")
    assert (flash / "state" / "match.bad").read_bytes() == b"\x00garbage"
    app.key(K.OK)
    assert app.screen_text().startswith("Oya - home")


@pytest.mark.parametrize("lang", [0, 1])
def test_a_saved_match_that_cannot_be_read_now_is_said_plainly_and_kept(flash, monkeypatch, lang):
    """A read that fails for want of RAM (not a damaged record): the screen
    says so in the device's language, without the exception's raw text, and
    the files stay to be read at the next start."""
    from oya.kana import to_half
    from oya.ui import boot
    from oya.ui.text import t
    os.makedirs("state", exist_ok=True)
    with open("state/match", "wb") as f:
        f.write(b"a record too large to read now")

    newest = journal_read.newest
    fails = [1]

    def out_of_heap(journal, parse=True):
        if journal.path.endswith("match") and fails:
            fails.pop()
            raise MemoryError("memory allocation failed, allocating 4096 bytes")
        return newest(journal, parse)
    monkeypatch.setattr(journal_read, "newest", out_of_heap)
    app = App()
    app.settings["lang"] = lang
    fails.append(1)
    boot.boot_match(app)
    text = app.screen_text().replace("\n", " ")
    assert text.startswith(to_half(t("error", lang)))
    assert "MemoryError" in text and "allocating" not in text
    assert to_half(t("read_failed", lang).split(" ")[0]) in text
    assert (flash / "state" / "match").exists() and not (flash / "state" / "match.bad").exists()
    app.key(K.OK)
    assert app.screen_text().startswith(to_half(t("home", lang)))


def test_bad_ruleset_listed_with_error_and_cannot_be_chosen(flash):
    os.makedirs("rulesets", exist_ok=True)
    with open("rulesets/bad.json", "w") as f:
        f.write('{"game": "oicho", "name": "Bad", "options": {"columns": 7}}')
    app = App()
    app.key(K.DOWN)
    app.key(K.OK)                     # Rulesets: a file to validate, so listed between frames
    assert app.screen_text().split("\n")[2] == "0/1"
    passes = 0
    while "invalid" not in app.screen_text() and passes < 10:
        app.tick(0)
        passes += 1
    assert "invalid" in app.screen_text()
    # a pass each: the file read; its engine's options; the JSON; the check;
    # the index's save begun, its file, its rename, ended; the list
    assert passes == 9
    app.key(K.OK)
    assert "columns" in app.screen_text()


def test_the_device_indexes_a_ruleset_it_validated_once(flash, monkeypatch):
    # a ruleset copied by hand is validated (its engine imported) on the first
    # listing and recorded in rulesets/.index; the next listing only hashes it
    import json
    import sys
    from oya.ui.app import list_rulesets
    os.makedirs("rulesets", exist_ok=True)
    house = b'{"game": "oicho", "name": "House", "options": {"columns": 5}}'
    with open("rulesets/house.json", "wb") as f:
        f.write(house)
    with open("rulesets/bad.json", "w") as f:
        f.write('{"game": "oicho", "name": "Bad", "options": {"columns": 7}}')
    first = list_rulesets()
    assert [(r[0], r[1], r[2], r[4] is None) for r in first] == [
        ("bad.json", None, "bad.json", False), ("house.json", "oicho", "House", True)]
    with open("rulesets/.index") as f:
        files = json.load(f)["files"]
    assert sorted(files) == ["bad.json", "house.json"] and files["house.json"][1:] == ["oicho", "House"]
    assert files["bad.json"][1:] == [None, first[0][4]]          # refused: the reason is kept
    for m in ("oya.rules", "oya.jsonlite", "oya.games.oicho"):
        # (put back after the test, and its package's name for it: another
        # test's `from oya import rules` must find the module it patches)
        pkg, _, leaf = m.rpartition(".")
        if hasattr(sys.modules[pkg], leaf):
            monkeypatch.setattr(sys.modules[pkg], leaf, getattr(sys.modules[pkg], leaf))
        monkeypatch.delitem(sys.modules, m, raising=False)
    again = list_rulesets()
    assert again == [("bad.json", None, "bad.json", None, first[0][4]),
                     ("house.json", "oicho", "House", None, None)]      # from the index
    assert "oya.rules" not in sys.modules and "oya.games.oicho" not in sys.modules
    os.remove("rulesets/bad.json")
    with open("rulesets/house.json", "wb") as f:       # changed: validated again
        f.write(house.replace(b"House", b"Home"))
    assert list_rulesets()[0][2] == "Home"
    with open("rulesets/.index") as f:
        assert json.load(f)["files"]["house.json"][2] == "Home"


class FakePrinter:
    fitted = True
    failed = 0
    last_error = None

    def __init__(self):
        self.slips = []

    def slip(self, lines, cut=True):
        self.slips.append([ln for ln in lines if ln is not None])    # (None: a step of the making, no line)


class FakeHw:
    display = None
    errors = []

    def __init__(self):
        self.printer = FakePrinter()


def test_commit_slip_then_deal_record_verify_on_a_laptop(flash):
    from oya import rng
    from oya.compat import unhex
    from tools import verify
    hw = FakeHw()
    app = App(hw)
    new_table(app, GAMES.index("oicho"))
    app.key(K.HOLD_OK)                 # intro: print the commitment
    commit_slip = hw.printer.slips[-1]
    committed = commit_slip[2] + commit_slip[3]
    for _ in range(500):
        if app.screen_text().startswith("Results"):
            break
        app.key(K.OK)
    app.key(K.HOLD_OK)                 # results: print the deal record
    rec = hw.printer.slips[-1]
    seed = rec[rec.index("Seed:") + 1] + rec[rec.index("Seed:") + 2]
    assert rng.commit(unhex(seed)) == committed
    a = rec.index(next(x for x in rec if x.startswith("acts ")))
    acts = rec[a]
    while rec[a + 1].startswith(" "):      # the codes go on under it
        a += 1
        acts += rec[a]
    chips = next(x for x in rec if x.startswith("chips "))[6:]
    m = app.session.match
    out = verify.verify_slip("oicho", None, ",".join(m.ledger.names), chips, app.session.match.deal.dealer,
                             seed, acts)
    assert out["final"] == m.ledger.chips


def test_print_my_cards_prints_only_the_acting_seats_private_cards(flash):
    hw = FakeHw()
    app = App(hw)
    new_table(app, GAMES.index("kyuten"))
    for _ in range(200):
        scr = app.top()
        if getattr(scr, "state", None) == 2 and any(e[0] == "Print my cards" for e in scr.entries):
            break
        app.key(K.OK)
    scr = app.top()
    seat = scr.acting
    i = [e[0] for e in scr.entries].index("Print my cards")
    scr.cursor = i
    app.key(K.OK)
    slip = hw.printer.slips[-1]
    deal = app.session.match.deal
    private = bytes(c for c in deal.seen(seat) if c not in deal.seen(-1))
    from oya.ui import tables
    assert slip == ["%s:" % app.session.match.ledger.names[seat], tables.card_list(app.session.match.deck_kind(), private)]


@pytest.mark.parametrize("game", GAMES)
def test_option_rows_tell_every_choice_apart(game):
    """The options list shows each option's value beside its id on one
    21-character row; two choices of one option never look the same there
    (Kachi-kachi's pin_41_91_position choices share their first 8 letters)."""
    from oya.games import load
    from oya.ui.grid import two_cols, COLS
    from oya.ui.table import option_row
    for e in options(game):
        if len(e) != 3 or callable(e[2]):
            continue                       # numbers (a spinner) or free-form
        rows = [two_cols(">" + option_row(e[0], v)[0], option_row(e[0], v)[1]) for v in e[2]]
        assert all(len(r) == COLS for r in rows), rows
        assert len(set(rows)) == len(e[2]), (e[0], rows)


@pytest.mark.parametrize("game", GAMES)
def test_an_option_row_cut_to_fit_ends_in_a_tilde_on_its_id_and_on_its_value(game):
    """'ori_wind~ first_roun' read as if the value were 'first_roun': a cut
    value ends in "~", as a cut id does."""
    from oya import option_text
    from oya.games import load
    from oya.ui.grid import Grid
    from oya.ui.menu import Menu
    from oya.ui.table import option_row
    cut = 0
    for e in options(game):
        values = e[2] if len(e) == 3 and not callable(e[2]) else (e[1],)
        for v in values:
            g = Grid()
            Menu("Options", [option_row(e[0], v)], None).draw(g)
            row = g.line(1)[1:]
            oid = row.split(" ", 1)[0]
            assert oid == e[0] or (oid.endswith("~") and e[0].startswith(oid[:-1])), (e[0], row)
            full = option_text(v)
            whole = row.endswith(" " + full)
            assert whole or (row.endswith("~") and any(row[:-1].endswith(" " + full[:k]) for k in range(3, len(full)))), (
                full, row)
            cut += not whole
    if game == "kakkuri":
        assert cut                          # (ori_window's first_round_only, at least)


def test_the_device_loop_collects_garbage_while_idle_only_when_the_heap_runs_low(monkeypatch):
    from types import SimpleNamespace
    from oya.ui import loop as A
    calls = []
    fake = SimpleNamespace(mem_free=lambda: 20 * 1024, collect=lambda: calls.append(1))
    monkeypatch.setattr(A, "gc", fake)
    assert A.idle_collect() is True and calls == [1]
    fake.mem_free = lambda: A.IDLE_GC_FREE + 1
    assert A.idle_collect() is False and calls == [1]
    monkeypatch.setattr(A, "gc", SimpleNamespace(collect=lambda: calls.append(2)))   # CPython's gc
    assert A.idle_collect() is False and calls == [1]


def _imports_of(name):
    """The modules `name`'s source imports at its top level."""
    from tools.pico.heapparts import imports_of
    return imports_of(name)


def test_prefetch_imports_what_the_next_screen_wants_one_module_per_idle_pass(flash, monkeypatch):
    import sys
    app = App()
    assert app._prefetch == ["oya.ui.setup"]          # at home: New table is the likely next key
    monkeypatch.delitem(sys.modules, "oya.ui.tables", raising=False)
    app.prefetch("oya.ui.tables", "oya.no_such_module")
    assert app.idle() == 1 and "oya.ui.tables" in sys.modules
    assert app.idle() == 1                           # a module that is not there: the key will say so
    assert app.idle() == 0
    app.key(K.OK)                                       # New table -> the game list
    app.key(K.OK)                                       # the first game -> its rulesets
    while not isinstance(app._prefetch[0], str):        # (after the scan ahead)
        app.idle()
    # the options screen's modules (not its engine: beside the setup flow's
    # code, that was the highest heap of a setup)
    assert app._prefetch == ["oya.games.%s_options" % GAMES[0], "oya.ui.table"]
    idle_out(app)
    engine = ("oya.match", "oya.games." + GAMES[0])
    # defaults -> the options, Continue -> seats, OK -> names, Continue ->
    # chips, OK -> bot seats: no engine module asked for beside them
    for k in (K.OK, K.UP, K.OK, K.OK, K.UP, K.OK, K.OK):
        app.key(k)
        assert not [n for n in app._prefetch if n in engine], app.screen_text()
    assert app.screen_text().startswith("Bot seats")
    app.key(K.OK)                                       # the setup's done: its screens go, the match comes
    assert app.screen_text().startswith("First dealer\n...\n")
    # a collection of the setup's code first (its modules just forgotten),
    # then the engine's modules one a pass, its own imports first, then
    # the match made in steps
    first, *rest = app._prefetch
    assert first.__name__ == "collecting"
    assert rest[:-1] == ["oya.cards", "oya.ledger", "oya.stock", "oya.game", "oya.match",
                                  "oya.games." + GAMES[0], "oya.session", "oya.ui.tables"]


def test_a_prefetch_step_that_puts_a_new_list_in_place_leaves_it_whole(flash):
    # a resume whose record is unreadable goes home from a step, and home
    # asks for its own next module: the step's end took that one off instead
    app = App()

    def step():
        app.prefetch("oya.ui.tables", "oya.ui.setup")
        return
        yield
    app.prefetch(step())
    assert app.idle() == 1
    assert app._prefetch == ["oya.ui.tables", "oya.ui.setup"]


@pytest.mark.parametrize("game", GAMES)
def test_an_options_table_is_read_without_its_engine(game):
    """The ruleset menu fetches the options module on an idle pass, before
    the engine is in RAM: one that imported its engine (Oicho-Kabu's, Meri's)
    or the engine's hands (Kachi-kachi's) was one pass of 120-230 ms of CPU
    as .mpy on the RP2040, and the game's code in RAM during the setup."""
    seen, todo = set(), ["oya.games.%s_options" % game]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += [n for n in _imports_of(name) if n.startswith("oya.")]
    assert not seen & {"oya.games." + game, "oya.game", "oya.cards", "oya.match", "oya.games.kachi_hands"}


@pytest.mark.parametrize("game", GAMES)
def test_the_setup_reads_a_games_seats_and_chips_option_as_its_engine_has_them(game):
    # the new-table screens read them from the options module: the engine
    # is not in RAM then (oya.ui.start.begin fetches it after them)
    from oya.games import load
    from oya.ui.table import setup_facts
    m = load(game).MATCH
    assert setup_facts(game) == (m.SEATS, getattr(m, "WARN_SEATS", None), m.START_OPTION)


@pytest.mark.parametrize("game", GAMES)
def test_every_module_an_engine_imports_is_fetched_before_it(flash, game):
    """One import a pass, the engine's own imports (and its parts: Kachi-kachi's
    hands) first, so no pass imports two at once."""
    app = App()
    to_bots(app, GAMES.index(game))
    app.key(K.OK)                                       # the setup's done: the match comes
    got = [n for n in app._prefetch if isinstance(n, str)]     # (the steps between them: a collection, the match)
    engine = got.index("oya.games." + game)
    booted = ("oya", "oya.compat", "oya.heap", "oya.rng", "oya.games")
    for k, name in enumerate(got[:engine + 1]):
        assert all(n in booted or n in got[:k] for n in _imports_of(name) if n.startswith("oya.")), name


def shipped_rulesets():
    return len([f for f in os.listdir(os.path.join(tools.FIRMWARE, "rulesets")) if f.endswith(".json")])


@pytest.mark.parametrize("game", GAMES)
def test_the_rulesets_are_scanned_while_the_game_list_is_shown(flash, game):
    """One file an idle pass while the game list waits for its reader; the
    pick of a game then lists that game's rulesets from that scan (it scans
    nothing itself), as a scan made at the pick lists them."""
    import shutil
    from oya.ui import setup
    shutil.copytree(os.path.join(tools.FIRMWARE, "rulesets"), str(flash / "rulesets"))   # as deployed, index too
    shown = {}
    for ahead in (False, True):
        app = App()
        app.key(K.OK)                                   # New table -> the game list
        if ahead:
            passes = 0
            while app.idle():
                passes += 1
            assert len(app.scanned) == shipped_rulesets() and passes >= 10

            def no_scan(*a):
                raise AssertionError("the pick scanned the rulesets again")
            real, setup.Scan = setup.Scan, no_scan
        else:                                           # a scan ahead that stopped (a file to
            assert app.scanned is False                 # validate): the pick lists them itself
            app.scanned = None
        try:
            for _ in range(GAMES.index(game)):
                app.key(K.DOWN)
            app.key(K.OK)                               # the game -> its rulesets
            if ahead:                                   # kept for another pick: BACK, and the game again
                app.key(K.BACK)
                app.key(K.OK)
        finally:
            if ahead:
                setup.Scan = real
        assert (app.scanned is None) != ahead
        shown[ahead] = app.screen_text()
        app.key(K.OK)                                   # Defaults: the options, and the scan goes
        waiting_passes(app)                             # (once the options' code is in)
        assert app.screen_text().startswith("Options") and app.scanned is None
    assert shown[True] == shown[False] and shown[True].startswith("Ruleset")
    names = [f[2] for f in setup.list_rulesets(game)]
    assert names and all(n[:10] in shown[True] for n in names[:3])


def test_a_scan_ahead_with_no_room_to_read_the_index_leaves_the_listing_to_the_pick(flash, monkeypatch):
    # no Error screen for work the user did not ask for, and the index is
    # not taken for empty: the pick lists from it once the heap has room
    import json
    import shutil
    from oya import rsindex
    shutil.copytree(os.path.join(tools.FIRMWARE, "rulesets"), str(flash / "rulesets"))
    real = json.load
    full = [True]

    def load(f):
        if full[0]:
            raise MemoryError("memory allocation failed, allocating 512 bytes")
        return real(f)
    monkeypatch.setattr(json, "load", load)
    validated = []
    monkeypatch.setattr(rsindex, "add", lambda *a: validated.append(a[1]))
    app = App()
    app.key(K.OK)                                   # New table -> the game list, its scan ahead
    for _ in range(20):                             # (the device loop's idle passes)
        app.idle()
    assert app.screen_text().startswith("Game") and app.scanned is None
    full[0] = False
    app.key(K.OK)                                   # Oicho-Kabu: listed by the pick, from the index
    assert app.screen_text().startswith("Ruleset\n>Defaults") and "Kansai" in app.screen_text()
    assert validated == []


def test_a_game_picked_while_the_scan_ahead_goes_on_waits_for_it_and_scans_nothing_itself(flash):
    # the pick scanned the rest itself: OK on the game list was a run of
    # 119 ms of CPU as .mpy on the emulated RP2040 (tools/pico --soak)
    import shutil
    from oya.ui import setup
    shutil.copytree(os.path.join(tools.FIRMWARE, "rulesets"), str(flash / "rulesets"))
    made = []

    def counted(*a):
        made.append(a)
        return real(*a)
    real, setup.Scan = setup.Scan, counted
    try:
        app = App()
        app.key(K.OK)                                   # New table -> the game list
        app.key(K.OK)                                   # Oicho-Kabu, before any idle pass: waits
        app.key(K.DOWN)                                 # pressed meanwhile: held
        assert app.screen_text().startswith("Game") and app.held == [K.DOWN] and app.scanned is False
        passes = 0
        while app.due:
            app.idle()
            passes += 1
    finally:
        setup.Scan = real
    assert made == [(None,)]                            # the scan ahead's, and no other
    assert passes >= 10 and len(app.scanned) == shipped_rulesets()
    assert app.screen_text().startswith("Ruleset\n Defaults\n>")      # the held DOWN, on the list


def test_a_ruleset_picked_before_the_options_code_is_in_waits_for_it_and_imports_nothing(flash, monkeypatch):
    # the pick imported the options' modules itself: OK on the ruleset list
    # was a run of 96-143 ms of CPU as .mpy on the emulated RP2040
    import sys
    app = App()
    app.key(K.OK)                                   # New table -> the game list
    waiting_passes(app)
    while app.idle():                               # the scan ahead, to its end
        pass
    for name in ("oya.games.oicho_options", "oya.ui.table"):     # (as forgotten on MicroPython)
        monkeypatch.delitem(sys.modules, name, raising=False)
    app.key(K.OK)                                   # Oicho-Kabu -> its rulesets
    assert app.screen_text().startswith("Ruleset")
    assert app._prefetch == ["oya.games.oicho_options", "oya.ui.table"]
    app.key(K.OK)                                   # Defaults, before any idle pass: waits
    app.key(K.DOWN)                                 # pressed meanwhile: held
    assert app.screen_text().startswith("Ruleset") and app.held == [K.DOWN]
    assert "oya.games.oicho_options" not in sys.modules and "oya.ui.table" not in sys.modules
    passes = 0
    while app.due:
        app.idle()
        passes += 1
    assert passes >= 3                              # the two modules, then the pick
    assert app.screen_text().startswith("Options\n")
    assert app.top().i == 1                         # the held DOWN, on the options


def test_a_job_whose_step_asks_for_a_prefetch_goes_on_after_that_step(flash):
    # prefetch() put a new list in place of the old, and the job that put up
    # a screen asking for its modules (the home menu) was dropped there
    import sys
    app = App()
    idle_out(app)
    done = []

    def job():
        app.prefetch("oya.ui.tables")       # as a screen it puts up would
        yield
        done.append("the step after")
    app.run_later(job())
    app.key(K.DOWN)                         # held meanwhile
    while app.due:
        app.idle()
    assert done == ["the step after"] and "oya.ui.tables" in sys.modules
    assert app.held == [] and app._prefetch == [] and app._later == []
    assert app.top().i == 1                 # the held DOWN, on the home menu


def test_a_prefetch_with_no_room_is_dropped_not_raised(flash, monkeypatch):
    # an import that finds no heap (MemoryError) on an idle pass: the key that
    # needs the module imports it again and shows what it raises then
    import builtins
    import sys
    app = App()
    real = builtins.__import__

    def no_room(name, *a, **kw):
        if name == "oya.ui.tables":
            raise MemoryError("memory allocation failed, allocating 1148 bytes")
        return real(name, *a, **kw)
    monkeypatch.delitem(sys.modules, "oya.ui.tables", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_room)
    app.prefetch("oya.ui.tables", "oya.ui.menu")
    assert app.idle() == 1 and "oya.ui.tables" not in sys.modules
    assert app._prefetch == ["oya.ui.menu"]             # dropped, and the next one goes on
    assert app.idle() == 1 and app._prefetch == []


def test_a_ruleset_read_with_no_room_is_read_again_not_listed_as_invalid(flash, monkeypatch):
    # a MemoryError while a file is read is no fault of the file: listed as
    # "cannot be read" it showed, game unknown, under every game's rulesets
    import shutil
    from oya import rsindex
    from oya.ui import setup
    shutil.copytree(os.path.join(tools.FIRMWARE, "rulesets"), str(flash / "rulesets"))
    want = setup.list_rulesets()
    real = rsindex.read_file
    failed = []

    def short_of_heap(path):
        if len(failed) < 2 and path.endswith(want[3][0]):
            failed.append(path)
            if len(failed) == 2:           # twice in a row: then it is said
                raise MemoryError("memory allocation failed, allocating 1148 bytes")
            raise MemoryError("memory allocation failed, allocating 512 bytes")
        return real(path)
    monkeypatch.setattr(rsindex, "read_file", short_of_heap)
    failed.append(None)                    # the first scan: one MemoryError, read again
    assert setup.list_rulesets() == want and len(failed) == 2
    failed.clear()                         # the second: it fails twice, and only then is it listed so
    got = setup.list_rulesets()
    assert [f[0] for f in got] == [f[0] for f in want]
    bad = got[3]
    assert bad[1] is None and "cannot be read (memory allocation failed" in bad[4]
    assert [f for f in got if f is not bad] == [f for f in want if f[0] != bad[0]]


def test_the_match_over_screen_collects_the_match_and_fetches_the_nights_menu_while_idle(flash, monkeypatch):
    import gc
    import sys
    from oya import night
    app = App()
    new_table(app, GAMES.index("kachi"))
    order = []
    real_collect, real_done = gc.collect, night.match_done
    fetched = ("oya.ui.menu", "oya.ui.text_night", "oya.ui.night")
    for name in fetched:
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(gc, "collect", lambda: order.append("collect") or real_collect())
    monkeypatch.setattr(night, "match_done", lambda *a: order.append("night") or real_done(*a))
    for _ in range(2000):
        if app.screen_text().startswith("Match over"):
            break
        app.key(K.OK)
        while app.due and not app.screen_text().startswith("Match over"):
            app.idle()
    assert "night" not in order                     # the ranking first, on a pass of its own
    while app.idle():
        pass
    # a collection, then the match into the night, then the menu's modules
    assert order[-2:] == ["collect", "night"], order
    assert all(name in sys.modules for name in fetched)
    assert app.night.matches and not app.due


def test_the_match_is_let_go_before_its_journals_files_are_listed_for_the_clear(flash, monkeypatch):
    # the listings allocate; a collection they meet frees the match and its
    # engine only if nothing holds them any more (as .mpy, Kakkuri's engine
    # is ~13 KB, and the Match over key was its highest heap)
    import weakref
    from oya import session as S
    app = App()
    new_table(app, GAMES.index("kachi"))
    press_ok_until(app, "Results")
    seen = []
    match = weakref.ref(app.session.match)
    real = S.Session._slots

    def slots(self):
        seen.append((match(), app.session))
        return real(self)
    monkeypatch.setattr(S.Session, "_slots", slots)
    press_ok_until(app, "Match over")
    assert seen == [(None, None)]


def test_an_ended_matchs_files_go_after_the_modules_the_key_home_needs(flash):
    # the device loop's order (oya.ui.loop): while the app is finishing, idle
    # work goes before the journal's steps
    app = App()
    app.match_j.lazy = True               # as on the device: files after the frame
    new_table(app, GAMES.index("kachi"))
    press_ok_until(app, "Match over")     # (with the passes keys wait for: the match into the night)
    assert app.match_j.clearing() and app.night.matches
    while app.finishing():
        assert app.idle()                 # the prefetch, one module a pass
    assert app.match_j.clearing()         # the removals come now
    while app.settle():
        pass
    assert not app.match_j.clearing() and not app.finishing()


def test_home_from_an_error_in_play_drops_the_match_before_the_home_menus_code_comes(flash, monkeypatch):
    # as .mpy at 96 KB, the home menu's import beside the match ran out again
    # after a MemoryError's OK, and the board restarted (tools/pico --soak --console)
    import oya.ui.app as app_mod
    app = App()
    new_table(app, GAMES.index("oicho"))
    assert app.session is not None and app._play is not None
    app.fail(MemoryError("memory allocation failed, allocating 380 bytes"))
    assert app.screen_text().startswith("Error")
    seen = []
    real = app_mod.flow

    def flow(name):
        if name == "home":
            seen.append((app.session, app._play, [type(s).__name__ for s in app.stack]))
        return real(name)
    monkeypatch.setattr(app_mod, "flow", flow)
    app.key(K.OK)
    assert seen == [(None, None, ["Message"])]
    assert app.screen_text().startswith("Oya")
    assert "Resume" in app.screen_text()             # the match is kept on flash


def test_a_new_tables_first_record_does_not_wait_for_the_prefetch(flash):
    app = App()
    new_table(app, GAMES.index("oicho"))   # a match saved, then a new table over it
    app = App()
    app.match_j.lazy = True
    assert app.screen_text().startswith("Resume the match?")
    app.key(K.BACK)                        # no: home
    app.key(K.OK)                          # New table, then up to the first dealer
    app.key(K.OK)
    waiting_passes(app)                    # (the pick of the game waits for the scan ahead)
    app.key(K.OK)
    waiting_passes(app)                    # (and the ruleset's for the options' code)
    for k in (K.UP, K.OK):
        app.key(k)
    if app.screen_text().startswith("Seats"):
        app.key(K.OK)
    for k in (K.UP, K.OK):
        app.key(k)
    if "Starting chips" in app.screen_text():
        app.key(K.OK)
    app.key(K.OK)                          # no bots: the match is made in steps
    assert not app.owes()                  # (the old match's files go once the new one is drawn)
    while app._starting is None:           # the loop's idle passes: the first dealer is drawn
        assert app.idle()
    assert app.screen_text().startswith("First dealer")
    assert app._starting[0].owes() and app._prefetch and app.match_j.clearing()
    assert not app.finishing()             # the record is written before the modules are fetched

def test_the_home_menu_does_not_wait_for_an_ended_matchs_files_to_go(flash, monkeypatch):
    import sys
    app = App()
    app.match_j.lazy = True           # as on the device: a file a pass of the loop
    new_table(app, GAMES.index("kachi"))
    for _ in range(2000):
        app.key(K.OK)
        waiting_passes(app)           # (the ranking comes on them)
        if app.screen_text().startswith("Match over"):
            break
        while app.owes():             # the loop's passes between keys
            app.settle()
    assert app.match_j.clearing()     # match over: the journal's files go, one a pass
    monkeypatch.delitem(sys.modules, "oya.journal_read", raising=False)
    app.key(K.OK)                     # the night's menu
    app.key(K.UP)                     # End the night: home
    app.key(K.OK)
    assert app.screen_text().startswith("Oya - home") and "Resume" not in app.screen_text()
    assert app.match_j.clearing()     # still left to the loop's passes
    assert "oya.journal_read" not in sys.modules      # the journal knew: nothing was read
    while app.owes():
        app.settle()
    assert not app.match_j.clearing() and not journal_read.has_record(app.match_j)


@pytest.mark.parametrize("game", GAMES)
def test_a_new_table_fetches_the_first_dealers_draws_in_a_pass_of_their_own(game, flash, monkeypatch):
    # the draws (oya.games.first_dealer) are imported for the draw and
    # forgotten after: fetched in a pass before it, not inside the draw's
    import sys
    from oya.session import Session
    monkeypatch.delitem(sys.modules, "oya.games.first_dealer", raising=False)
    drawn = []
    draw = Session.draw_first_dealer

    def drawing(s, seed=None):
        drawn.append("oya.games.first_dealer" in sys.modules)
        return draw(s, seed)
    monkeypatch.setattr(Session, "draw_first_dealer", drawing)
    app = App()
    to_bots(app, GAMES.index(game))
    app.key(K.OK)                                   # no bots: the match is made in steps
    while app._starting is None:
        assert app.idle()
    assert drawn == [True]


def test_a_new_table_collects_the_setups_garbage_while_the_draw_is_read(flash, monkeypatch):
    # the OK that deals met a collection of what the setup left (113 ms of
    # CPU in that key as .mpy on the emulated RP2040): an idle pass makes it,
    # after the draw is shown and the deal screens fetched, not in a key
    import sys
    import oya.ui.app as A
    done = []

    class GC:
        @staticmethod
        def collect():
            done.append((type(app.top()).__name__, app._starting is not None, "oya.ui.play" in sys.modules))
    monkeypatch.setattr(A, "gc", GC)
    monkeypatch.setitem(sys.modules, "gc", GC)    # (collecting(), the flows' idle collection, imports it)
    app = App()
    to_bots(app, GAMES.index("oicho"))
    app.key(K.OK)
    assert done == []
    idle_out(app)
    # before the engine's code (the setup's just forgotten), before the deal
    # screens' (the draw's) and after them: the draw on screen, the deal
    # screens in RAM
    assert [d[:2] for d in done] == [("Message", False), ("Message", True), ("Message", True)]
    assert done[-1][2]
    app.key(K.OK)
    assert app.screen_text().startswith("Deal 1") and len(done) == 3


def test_keys_pressed_while_a_new_table_is_made_wait_for_it_and_act_in_order(flash):
    # a quick OK on the first dealer screen did the rest of the setup in the
    # key (113-121 ms of CPU as .mpy on the emulated RP2040): it waits for the
    # idle passes instead, then acts on the screen it was pressed for
    app = App()
    to_bots(app, GAMES.index("kachi"))
    app.key(K.OK)                          # bot seats: none
    owed = len(app._prefetch)
    app.key(K.OK)                          # the first dealer's OK, before the draw is made
    app.key(K.OK)                          # the first deal's OK
    assert len(app._prefetch) == owed and app.session is None     # nothing done in the keys
    passes = 0
    held = []
    while app.idle():
        passes += 1
        held.append(len(app.held))
        assert len(app.held) == 2 or app.session is not None      # none acts before the table is made
    assert passes > owed                   # a pass each, then one for each key
    assert held == sorted(held, reverse=True) and 1 in held and held[-1] == 0      # one key a pass
    assert app.held == [] and not app.due
    assert app.session.match.deal is not None      # both keys acted, in order
    assert not app.screen_text().startswith(("First dealer", "Deal 1"))
    app.key(K.OK)                          # keys go straight to the screen again
    assert app.held == []


def test_a_match_keeps_neither_the_first_dealers_draw_nor_a_bot_rng_it_does_not_use(flash):
    # the draw was shown on its screen; a table of people has no bot to draw for
    app = App()
    new_table(app, GAMES.index("meri"))
    assert app.session.match.intro == [] and app.bot_rng is None
    press_ok_until(app, "Results")
    assert app.bot_rng is None
    # with a bot seat, one is drawn as the match starts
    shutil.rmtree("state")                 # (a new device: no match to resume)
    app = App()
    new_table(app, GAMES.index("meri"), bots=3)
    assert app.session.match.intro == [] and app.bot_rng is not None


def test_the_results_screen_drops_the_finished_deals_table_lines(flash):
    # the table's lines are kept through a turn's screens; a finished deal's
    # stay in RAM through its results (the key with the most heap of three
    # games on the device) for nothing: the results screen draws none
    app = App()
    new_table(app, GAMES.index("oicho"))
    press_ok_until(app, "Pass to")
    assert app._table is not None
    press_ok_until(app, "Results")
    assert app._table is None
    app.key(K.OK)                                        # the next deal draws its table again
    press_ok_until(app, "Pass to")
    assert app._table is not None and app._table[0] == app.session.match.started


def test_the_boot_makes_the_recall_folder_so_no_deal_end_has_to(flash):
    """Making a folder is two flash erases in one littlefs call (a 109 ms CPU
    run on the emulated RP2040 at a fresh board's first deal end): the boot
    makes it, and a match's deal end then only finds it."""
    from oya.ui.app import STATE_DIR
    assert not os.path.isdir(os.path.join(STATE_DIR, "match.r"))
    App()
    assert os.path.isdir(os.path.join(STATE_DIR, "match.r"))
    App()                                                # a second boot: it is there
    assert os.path.isdir(os.path.join(STATE_DIR, "match.r"))


def test_the_ranking_comes_on_idle_passes_after_its_module_is_imported_in_one_of_its_own(flash, monkeypatch):
    # as .mpy on the emulated RP2040 the import and the ending in the key
    # that ended the match were ~100 ms of CPU in one run; a key pressed
    # meanwhile waits, and acts on the ranking
    import sys
    from oya.ui.app import IDLE_REDRAW
    app = App()
    new_table(app, GAMES.index("kachi"))
    press_ok_until(app, "Pass to")
    monkeypatch.delitem(sys.modules, "oya.ui.match_end", raising=False)
    pause(app)
    assert app.screen_text().startswith("Paused")
    for _ in range(5):
        app.key(K.DOWN)
    assert ">End match now" in app.screen_text()
    app.key(K.OK)
    assert app.screen_text().startswith("End the match?")
    app.key(K.OK)                                   # yes
    # the title at once, the menus gone from under it; the ranking to come
    assert app.screen_text().split("\n")[:2] == ["Match over", ""] and app.due and len(app.stack) == 1
    assert app.finishing()                          # the loop's idle passes before the journal's files
    assert "oya.ui.match_end" not in sys.modules
    app.key(K.BACK)                                 # held: it waits for the ranking
    assert app.held == [K.BACK] and app.screen_text().startswith("Match over")
    assert app.idle() == 1                          # the import, a pass of its own
    assert "oya.ui.match_end" in sys.modules and app.screen_text().split("\n")[1] == ""
    assert app.idle() == IDLE_REDRAW                # the ranking
    assert app.screen_text().split("\n")[1].startswith("1 ")
    assert app.session is None and not app.ranking_due and app.screen_text().startswith("Match over")
    assert app.held == [K.BACK] and app.due         # held until the match is in the night
    while app.due:
        app.idle()
    assert app.held == [] and app.night.matches and app.last_match is not None
    assert app.screen_text().startswith("Night")         # (the held BACK, on the ranking: on to the night's menu)


def test_the_pause_menu_comes_on_idle_passes_and_keys_pressed_meanwhile_act_on_it(flash, monkeypatch):
    # its two modules imported and the menu drawn in the BACK key were up to
    # 155 ms of CPU as .mpy on the emulated RP2040 (tools/pico --soak)
    import sys
    from oya.ui.app import IDLE_REDRAW
    app = App()
    new_table(app, GAMES.index("oicho"))
    idle_out(app)
    play = app.top()
    for name in ("oya.ui.menus", "oya.ui.menu"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    app.key(K.BACK)
    assert app.top() is play and app.due and "oya.ui.menu" not in sys.modules     # nothing in the key
    app.key(K.DOWN)
    app.key(K.OK)                       # pressed before it shows: held, in order
    assert app.held == [K.DOWN, K.OK] and app.top() is play
    assert app.idle() == 1 and "oya.ui.menu" in sys.modules and "oya.ui.menus" not in sys.modules
    assert app.idle() == 1 and "oya.ui.menus" in sys.modules and app.top() is play
    assert app.idle() == IDLE_REDRAW and app.screen_text().startswith("Paused")
    assert app.idle() == IDLE_REDRAW and app.held == [K.OK]     # the held keys, one a pass: DOWN
    assert app.idle() == IDLE_REDRAW    # to Standings, then OK on it
    assert app.held == [] and not app.due
    assert app.screen_text().startswith("Standings")


def test_quit_goes_home_on_idle_passes_and_keeps_the_match_to_resume(flash):
    # the match dropped, the home menu's code imported, the saved match read
    # and the menu drawn, in the key: up to 152 ms of CPU as .mpy on the
    # emulated RP2040 (tools/pico --soak)
    app = App()
    new_table(app, GAMES.index("oicho"))
    idle_out(app)
    pause(app)
    for _ in range(4):
        app.key(K.DOWN)
    assert ">Save and quit" in app.screen_text()
    app.key(K.OK)
    assert app.session is None and app.due and app.screen_text().startswith("Paused")
    app.key(K.DOWN)                     # pressed meanwhile: waits for the home menu
    assert app.held == [K.DOWN]
    passes = 0
    while app.due:
        app.idle()
        passes += 1
    assert passes >= 4 and app.held == []
    rows = app.screen_text().split("\n")
    assert rows[0] == "Oya - home" and rows[2] == ">Resume match"     # the held DOWN, on the menu


def test_the_language_is_switched_on_idle_passes_and_saved(flash):
    # its words, the home menu remade and the setting saved, in the key: a
    # run of 247 ms of CPU as .mpy on the emulated RP2040 (tools/pico --soak)
    app = App()
    app.key(K.DOWN)
    app.key(K.DOWN)
    app.key(K.OK)                       # Settings
    assert app.screen_text().startswith("Settings\n>Language")
    app.key(K.OK)
    assert app.due and app.lang == 0 and app.screen_text().startswith("Settings")     # nothing in the key
    app.key(K.DOWN)                     # pressed meanwhile: on the menu in the new language
    waiting_passes(app)
    menu = app.top()
    assert app.lang == 1 and menu.i == 1 and len(app.stack) == 2
    assert menu.items[0][1] == "ニホンゴ" and not app.screen_text().startswith("Settings")
    assert app.stack[0].i == 2          # the home menu under it, remade, its row kept
    assert App().lang == 1              # saved: a restart comes up in it


def test_the_last_deals_are_read_a_slot_an_idle_pass(flash, monkeypatch):
    # read in the pass that opened the list, the recall's slots (and a file
    # still owed) were a run of 60-90 ms of CPU as .mpy on the emulated RP2040
    import builtins
    app = App(FakeHw())
    new_table(app, GAMES.index("oicho"))
    deals = 0
    while deals < 3:
        app.key(K.OK)
        if app.screen_text().startswith("Results"):
            deals += 1
            app.key(K.OK)              # the next deal: the last one goes to the recall
    idle_out(app)
    pause(app)
    real = builtins.open
    opened = []

    def counted(path, *a, **k):
        f = real(path, *a, **k)
        if ".r/" in str(path):         # a slot there (a missing one raises: a lookup, no read)
            opened.append(path)
        return f
    monkeypatch.setattr(builtins, "open", counted)
    app.key(K.DOWN)
    app.key(K.DOWN)
    app.key(K.OK)                      # Last deals
    assert opened == []
    per_pass = []
    while app.due:
        n = len(opened)
        app.idle()
        per_pass.append(len(opened) - n)
    assert max(per_pass) == 1 and sum(per_pass) == 3
    assert app.screen_text().startswith("Last deals\n>#3 ") and "\n #1 " in app.screen_text()     # as numbered: Deal 3 the newest


def test_a_recalled_deal_is_replayed_on_idle_passes_and_a_key_pressed_meanwhile_waits(flash):
    # replayed in the key that picked it, a deal was a run of up to ~300 ms
    # of CPU as .mpy on the emulated RP2040 (tools/pico --soak)
    hw = FakeHw()
    app = App(hw)
    new_table(app, GAMES.index("oicho"))
    for _ in range(500):
        if app.screen_text().startswith("Results"):
            break
        app.key(K.OK)
    app.key(K.OK)                      # the next deal: the last one goes to the recall
    idle_out(app)
    pause(app)
    app.key(K.DOWN)
    app.key(K.DOWN)
    app.key(K.OK)                      # Last deals: its code imported on an idle pass
    assert app.due and app.screen_text().startswith("Paused")
    waiting_passes(app)
    assert app.screen_text().startswith("Last deals")
    app.key(K.OK)                      # the newest
    assert app.due and app.screen_text().startswith("Last deals\n>#1")     # not replayed in the key
    app.key(K.DOWN)                    # pressed while it is made: waits, then acts on what it shows
    assert app.idle()
    idle_out(app)
    msg = app.top()
    assert msg.title == "Last deals" and msg.lines[0].startswith("#1 Seed ") and len(msg.lines) > 3
    assert msg.top == 1 and not app.due and app.held == []          # the held DOWN scrolled it
    app.key(K.OK)                      # back to the list; hold OK there: the deal printed
    app.key(K.HOLD_OK)
    slip = hw.printer.slips[-1]
    assert slip[0] == msg.lines[0] and None not in slip


@pytest.mark.parametrize("game, where", [("kakkuri", "pause"), ("meri", "Results")])
def test_the_teller_leaves_while_its_deal_is_not_shown_and_says_the_next_action(game, where, flash, monkeypatch):
    # the pause menu's code, or the results' words, come in the teller's place
    import oya.games
    dropped = []
    monkeypatch.setattr(oya.games, "forget", lambda group: dropped.append(group))
    app = App()
    new_table(app, GAMES.index(game))
    press_ok_until(app, "Pass to")
    teller = oya.games.module_name(game, "_say")
    del dropped[:]                                      # (the setup's options)
    if where == "pause":
        pause(app)
        assert app.screen_text().startswith("Paused") and dropped == [teller]
        app.key(K.OK)                                   # Continue
        assert app.top() is app._play
    else:
        press_ok_until(app, "Results")
        assert teller in dropped
    press_ok_until(app, "Pass to")
    app.key(K.OK)
    while not app.top().said:                           # the next action is told again
        app.key(K.OK)
    assert app.top().said and teller in __import__("sys").modules
