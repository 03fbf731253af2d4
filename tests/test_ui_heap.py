"""What keeps the device app inside its heap budget (make bench), checked for
behaviour: flows forgotten under real MicroPython, the ruleset listing's
allocation-free JSON scan and the build's ruleset index, and the grouping of
amount choices from runs of actions."""
import json
import random
import shutil
from pathlib import Path

import pytest

import tools  # noqa: F401
from oya import GAMES, jsonlite, rng, rules
from oya.ui import amounts, play, setup
from oya.ui.app import App
from oya.ui import keys as K
from tests.reliability.hostile import cases as hostile_cases
from tests.test_ui_app import waiting_passes
from tools import deploy, mpy_runtime
from oya.games import options

ROOT = Path(tools.ROOT)
SHIPPED = sorted((ROOT / "firmware" / "rulesets").glob("*.json"))


# A new Kachi-kachi table in a MicroPython script over App `a`: defaults, no
# bot seats, made on the idle passes; then the first dealer, and deal 1
KACHI_TABLE = r"""
a.key(3); a.key(2); a.key(3)            # New table, Kachi-kachi (after the scan ahead)
waiting(a); a.key(3)                    # defaults
a.key(1); a.key(3); a.key(3)            # Continue, seats
a.key(1); a.key(3); a.key(3); a.key(3)  # names, starting chips, no bot seats
while a.idle():                         # the table, made on the device loop's idle passes
    pass
a.key(3); a.key(3)                      # first dealer, deal 1
"""


# the device loop's idle passes while keys wait for them (a game picked
# waits for the rulesets' scan ahead), in the scripts below
WAITING = """
def waiting(a):
    while a.due:
        a.idle()
"""


def run_app_script(body, timeout=120):
    """`body` run on the MicroPython runtime (wasm) with the app's imports
    ready (sys, os, App; the working folder the root), the rulesets as
    deployed (with the index the build writes) -> its stdout. Skipped
    without the runtime."""
    if not mpy_runtime.available():
        pytest.skip("MicroPython runtime missing (make setup)")
    code = "import sys, os\nos.chdir('/')\nfrom oya.ui.app import App\n" + WAITING + body
    r = mpy_runtime.run(code, files={"/rulesets/.index": deploy.ruleset_index(SHIPPED)}, timeout=timeout)
    assert r.ok, r.error
    return r.stdout


# -- the scan that passes over another game's rulesets --------------------------------

def _strict_game(raw):
    """The game a strict reader finds at the top level ("" for none)."""
    try:
        txt = raw.decode("utf-8")
        v = jsonlite.loads(txt[1:] if txt[:1] == "\ufeff" else txt, max_depth=15)
    except Exception:
        return ""
    g = v.get("game") if isinstance(v, dict) else None
    return g if isinstance(g, str) else ""


def _scan_cases():
    out = [d for _, d, _ in hostile_cases()] + [p.read_bytes() for p in SHIPPED]
    r = random.Random(3)
    values = ["oicho", "kachi", "meri", 'x\\"y', "ｶﾁ", 1, None, -2.5e3, [1, "game"], {"game": "meri"}, {}, []]
    for _ in range(1500):
        keys = ["name", "options", "description", "game", "gamex", "xgame", "gam"]
        r.shuffle(keys)
        d = dict((k, r.choice(values)) for k in keys[:r.randint(0, 7)])
        raw = json.dumps(d, indent=r.choice([None, 0, 2]), ensure_ascii=r.random() < 0.5).encode()
        if r.random() < 0.3:
            p = r.randrange(len(raw))
            raw = raw[:p] + bytes([r.choice(b'{}[]",:x0\\ ')]) + raw[p + 1:]
        out.append(raw)
    return out


def test_the_scan_finds_the_game_a_strict_reader_finds():
    for raw in _scan_cases():
        got = setup._game_of(raw, None)[0]
        want = _strict_game(raw)
        if got != want:
            # what the strict reader refuses and a plain JSON reader takes
            # (duplicate keys, surrogate escapes, huge numbers) is still
            # well-formed JSON: the file is that game's business, listed
            # there as invalid
            assert want == "" and got in GAMES and json.loads(raw)["game"] == got, raw[:80]


# -- rulesets/.index: what the build validated ----------------------------------------------

@pytest.fixture
def flash(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "firmware" / "rulesets", tmp_path / "rulesets")
    (tmp_path / "rulesets" / ".index").write_bytes(deploy.ruleset_index(SHIPPED))
    return tmp_path


def test_the_index_names_every_shipped_ruleset_and_refuses_an_invalid_one(tmp_path):
    idx = json.loads(deploy.ruleset_index(SHIPPED))["files"]
    assert sorted(idx) == [p.name for p in SHIPPED]
    for p in SHIPPED:
        g, name, _ = rules.parse(p.read_bytes(), p.name)
        assert idx[p.name][1:] == [g, name]
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "oicho", "name": "x", "options": {"columns": 7}}')
    with pytest.raises(deploy.DeployError):
        deploy.ruleset_index([bad])


def test_indexed_rulesets_are_listed_without_the_strict_reader(flash, monkeypatch):
    calls = []
    real = rules.read
    monkeypatch.setattr(rules, "read", lambda raw, fn="ruleset": calls.append(fn) or real(raw, fn))
    listed = setup.list_rulesets("kachi")
    assert [x[0] for x in listed] == ["kachi_default.json", "kachi_regional.json"]
    assert calls == [] and all(x[3] is None and x[4] is None for x in listed)
    # picked, a listed file reads as the strict reader reads it
    for fn in ("kachi_default.json", "kachi_regional.json"):
        assert setup.load(fn) == rules.load("rulesets/" + fn)
    del calls[:]
    # a file changed since the build is the device's to validate
    p = flash / "rulesets" / "kachi_regional.json"
    p.write_bytes(p.read_bytes().replace(b'"circuits": 3', b'"circuits": 99'))
    listed = dict((x[0], x) for x in setup.list_rulesets("kachi"))
    assert calls == ["kachi_regional.json"]
    assert listed["kachi_regional.json"][4] is not None and "circuits" in listed["kachi_regional.json"][4]
    assert listed["kachi_default.json"][4] is None


def test_a_heap_with_no_room_to_read_the_index_does_not_cost_the_index(flash, monkeypatch):
    from oya import rsindex
    index = (flash / "rulesets" / ".index").read_bytes()
    real = json.load
    fails = [1]

    def load(f):
        if fails[0]:
            fails[0] -= 1
            raise MemoryError("memory allocation failed, allocating 1024 bytes")
        return real(f)
    monkeypatch.setattr(json, "load", load)
    validated = []
    real_read = rules.read
    monkeypatch.setattr(rules, "read", lambda raw, fn="ruleset": validated.append(fn) or real_read(raw, fn))
    # once: collected and read again, the files are listed from the index
    assert [x[0] for x in setup.list_rulesets("oicho")] == ["oicho_default.json", "oicho_kansai.json",
                                                            "oicho_online.json"]
    assert validated == [] and fails == [0]
    # every time: the listing fails (an Error screen), the index is kept whole
    fails[0] = 2
    with pytest.raises(MemoryError):
        setup.list_rulesets("oicho")
    assert validated == [] and (flash / "rulesets" / ".index").read_bytes() == index


def test_a_new_table_with_an_indexed_ruleset_plays(flash):
    app = App()
    app.key(K.OK)                                   # New table
    app.key(K.DOWN)
    app.key(K.OK)                                   # Kachi-kachi
    waiting_passes(app)
    assert app.top().items[1:] == ["Kachi-kachi (standard)", "Kachi-kachi (regional)"]
    app.key(K.DOWN)
    app.key(K.OK)                                   # the standard ruleset
    assert app.screen_text().startswith("Options")
    want = rules.load("rulesets/kachi_default.json")[2]
    assert [it[0] for it in app.top().items[:-2]] == list(want)
    assert app.top().items[-2] == ("deal", "device")      # the match setting beside the ruleset's options


# -- amounts grouped from runs of actions ----------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_grouped_entries_offer_every_legal_action_once_and_amounts_decode(game):
    from oya.games import load
    from oya.session import Session
    mod = load(game)
    bot = __import__("oya.games.%s_bot" % game, None, None, ("smart_bot",)).smart_bot
    opts = rules.defaults(options(game))
    lo, hi = mod.MATCH.SEATS
    n = opts["players"] if isinstance(opts.get("players"), int) else min(hi, 4)
    s = Session(game, "default", opts, ["P%d" % i for i in range(n)], None, None, bytes(32))
    s.draw_first_dealer(rng.derive(bytes(32), 0))
    r = rng.Rng(b"\x01" * 32)
    checked = 0
    out_of_turn = 0
    for _ in range(3):
        if s.match.over():
            break
        deal = s.begin_deal()
        while not deal.done:
            seat = deal.turn
            others = [x for x in range(deal.nseats) if x != seat and deal.choices(x)]
            assert deal.OUT_OF_TURN or not others      # the play screen asks the others only then
            out_of_turn += bool(others)
            entries = play.group_choices(deal, seat, 0)
            offered = [a for e in entries for a in e[1]]
            assert sorted(offered) == sorted(deal.choices(seat))
            for j, (label, acts, nums) in enumerate(entries):
                assert entries.acts(j) == acts
                if nums is not None:
                    assert len(acts) == len(nums) > 2
                    do0 = deal.decode(acts[0])[0]
                    for a, v in zip(acts, nums):
                        assert deal.decode(a)[0] == do0 and deal.decode(a)[1]["chips"] == v
                        assert amounts.amount_action(deal, acts, nums, v) == a
                    assert amounts.amount_action(deal, acts, nums, max(nums) + 1) == -1
                else:
                    assert label == deal.label(acts[0], 0) and len(acts) == 1
            checked += 1
            s.act(bot(deal, seat, r), seat)
        s.end_deal()
    assert checked > 5
    assert (out_of_turn > 0) == deal.OUT_OF_TURN     # the flag is not set for nothing


# -- under MicroPython: only the code in use stays --------------------------------------------

def test_flows_are_forgotten_under_micropython(tmp_path):
    out = run_app_script(r"""
def mods():
    return sorted(k for k in sys.modules if k.startswith('oya.ui.') or k in ('oya.rules', 'oya.jsonlite',
                                                                             'oya.games.first_dealer'))
a = App()
print('boot', mods())
a.key(3); a.key(2); a.key(3)           # New table, Kachi-kachi
waiting(a)
print('rulesets', mods())
a.key(3)                                # Defaults
print('options', mods())
a.key(1); a.key(3)                      # Continue
a.key(3)                                # seats
a.key(1); a.key(3)                      # names: Continue
a.key(3)                                # starting chips
a.key(3)                                # no bot seats: the match is made in idle passes
while a.idle():
    pass
print('first', mods())
a.key(3)
print('play', mods())
a.key(4)                                # the pause menu, put up on idle passes
while a.due:
    a.idle()
print('pause', mods())
a.key(3)                                # Continue
print('back', mods())
""")
    got = dict((ln.split(" ", 1)[0], eval(ln.split(" ", 1)[1])) for ln in out.strip().split("\n"))
    base = {"oya.ui.app", "oya.ui.grid", "oya.ui.keys", "oya.ui.text", "oya.ui.text_en", "oya.ui.widgets"}
    assert set(got["boot"]) == base | {"oya.ui.home", "oya.ui.menu", "oya.ui.text_en_setup"}
    # the list of rulesets, and the options' code fetched while it is shown
    assert set(got["rulesets"]) == base | {"oya.ui.setup", "oya.ui.menu", "oya.ui.text_en_setup",
                                           "oya.ui.table", "oya.ui.spinner"}
    assert set(got["options"]) == base | {"oya.ui.table", "oya.ui.spinner", "oya.ui.menu", "oya.ui.text_en_setup"}
    # the first dealer was drawn: its draw went with it (oya.match), the flows
    # too; the screen's OK calls oya.ui.start, and the deal screens were fetched
    assert set(got["first"]) == base | {"oya.ui.start", "oya.ui.tables", "oya.ui.play"}
    assert set(got["play"]) == base | {"oya.ui.play", "oya.ui.tables"}
    assert "oya.ui.menus" in got["pause"] and "oya.ui.menu" in got["pause"]
    assert "oya.ui.records" not in got["pause"]     # the recall and the slips: when picked
    assert set(got["back"]) == set(got["play"])


def test_the_apps_rare_methods_are_in_ram_only_while_called_under_micropython():
    # boot, resume, the pause menu, the slips...: a deal never calls them,
    # so their code is oya.ui.app_rare's, imported by App.rare for the call
    # and forgotten at once
    out = run_app_script(r"""
a = App()
print('boot', 'oya.ui.app_rare' in sys.modules, a.screen_text().split(chr(10))[0])
a.rare().pause_menu(a)
print('called', 'oya.ui.app_rare' in sys.modules, a.due)
while a.due:
    a.idle()
print('done', 'oya.ui.app_rare' in sys.modules, a.screen_text().split(chr(10))[0])
a.home()
print('home', 'oya.ui.app_rare' in sys.modules, a.screen_text().split(chr(10))[0])
""")
    got = dict(ln.split(" ", 1) for ln in out.strip().split("\n"))
    assert got["boot"] == "False Oya - home"        # the boot went through it, and it went
    assert got["called"] == "False True"            # the menu's job holds what it needs
    assert got["done"].startswith("False ") and got["done"] != "False Oya"
    assert got["home"] == "False Oya - home"        # the home menu (the OK after a match): no rare call


def test_every_rare_call_names_its_function_and_the_app_has_no_getattr():
    # a caller says app.rare().pause_menu(app): grep finds caller and callee,
    # and every such call names a function oya.ui.app_rare has
    import ast
    import re
    ui = Path(__file__).resolve().parents[1] / "firmware" / "oya" / "ui"
    rare_src = (ui / "app_rare.py").read_text()
    public = {n.name for n in ast.parse(rare_src).body if isinstance(n, ast.FunctionDef)}
    called = set()
    for path in ui.glob("*.py"):
        called |= set(re.findall(r"\.rare\(\)\.(\w+)\(", path.read_text()))
    assert called and called <= public, called - public
    app_cls = next(n for n in ast.parse((ui / "app.py").read_text()).body
                   if isinstance(n, ast.ClassDef) and n.name == "App")
    assert "__getattr__" not in [n.name for n in app_cls.body if isinstance(n, ast.FunctionDef)]


@pytest.mark.parametrize("game,loaded", [("kachi", True), ("kakkuri", False)])
def test_the_amount_menus_module_is_loaded_only_for_games_with_amounts(game, loaded):
    # Kakkuri's actions carry no chips: its deals never need oya.ui.amounts
    # (as .mpy, RAM for nothing); Kachi-kachi's bets do. Nor do they read
    # the transcript forms (oya.games.*_codec), nor a spinner;
    # and neither game, in English, the Japanese card names, nor the words of
    # a refusal (oya.games.*_why: the menus offer legal actions only)
    out = run_app_script(r"""
a = App()
def title():
    return a.screen_text().split(chr(10))[0]
for k in (3,) + (2,) * GI + (3,):               # New table, the game
    a.key(k)
waiting(a)
for k in (3, 1, 3):                              # defaults, Continue
    a.key(k)
if title().startswith('Seats'):
    a.key(3)
a.key(1); a.key(3)                               # names: Continue
if title().startswith('Starting'):
    a.key(3)
a.key(3)                                         # no bot seats
while a.idle():
    pass
decided = 0
for _ in range(60):
    decided += title().startswith('P') and 'Pass' not in title()
    a.key(3)
    while a.idle():
        pass
print('amounts', 'oya.ui.amounts' in sys.modules, decided, [m for m in sys.modules if m.endswith('_codec')],
      'oya.ui.spinner' in sys.modules, [m for m in sys.modules if m.endswith('_ja')],
      [m for m in sys.modules if m.endswith('_why')])
""".replace("GI", str(GAMES.index(game))))
    _, was, decided, codec, spinner, ja, why = out.split()
    assert was == str(loaded) and int(decided) > 5, out
    assert codec == "[]"            # (transcript forms to actions: the tools', never a deal's)
    assert ja == "[]"               # (an English device: no Japanese card names, nor values or yaku)
    assert why == "[]"              # (no refusal: its words are not loaded)
    if not loaded:
        assert spinner == "False"   # (the setup's spinners went with it; no amount to pick)


def test_run_end_is_the_end_of_each_run_of_consecutive_actions():
    def naive(ch, i):
        j = i
        while j + 1 < len(ch) and ch[j + 1] == ch[j] + 1:
            j += 1
        return j
    cases = ([0, 1, 2, 5, 6, 7, 8, 20], [3, 4, 5], list(range(1000, 1046)), [0, 1, 2, 3, 4, 5, 1001, 1002, 1003],
             [5, 9, 7], [7, 8, 6, 7, 8], [1, 2, 4, 3, 4, 5], [9], [],
             [0, 2] + list(range(100, 150)) + list(range(200, 250)) + list(range(300, 350)) + [999],
             [1, 2, 3, 9, 4, 5, 6, 7, 8], [3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 7], [10, 11, 12, 13, 5, 6, 7, 8, 20, 21])
    import random
    r = random.Random(7)
    for _ in range(300):
        ch = []
        for _ in range(r.randrange(1, 6)):
            start = r.randrange(0, 60)
            ch.extend(range(start, start + r.randrange(1, 12)))
        cases += (ch,)
    for ch in cases:
        for i in range(len(ch)):
            assert amounts._run_end(ch, i) == naive(ch, i), (ch, i)


class _Bets:
    """A deal offering `cols` bets of 1..`top` chips numbered back to back
    (one run of consecutive actions, as Oicho-Kabu's columns are), then a
    pass and a few plays with no amount; it counts its decodes."""
    def __init__(self, cols, top, base=100):
        self.cols, self.top, self.base, self.decodes = cols, top, base, 0

    def choices(self, seat):
        n = self.cols * self.top
        return list(range(self.base, self.base + n)) + [self.base + n, self.base + n + 1, self.base + n + 2]

    shared_choices = choices     # (oya.game.Deal's: what the menu reads)

    def decode(self, a):
        self.decodes += 1
        k = a - self.base
        if k < self.cols * self.top:
            return "bet", {"col": k // self.top + 1, "chips": k % self.top + 1}
        return ("pass", None) if k == self.cols * self.top else ("play", {"cards": [k]})


def test_amounts_of_decisions_back_to_back_are_one_entry_each_found_in_few_decodes():
    for cols, top in ((4, 10), (3, 96), (1, 50), (2, 3), (5, 2)):
        deal = _Bets(cols, top)
        e = play.group_choices(deal, 0, 0)
        n = cols * top
        if top >= 3:
            assert len(e) == cols + 3
            for c in range(cols):
                assert list(e.items[c][1]) == list(range(deal.base + c * top, deal.base + (c + 1) * top))
                assert list(e.items[c][2]) == list(range(1, top + 1)) and e.items[c][0] == "bet col %d 1-%d" % (c + 1, top)
            assert e.items[cols:] == [deal.base + n, deal.base + n + 1, deal.base + n + 2]
            # the decodes of the halving: ~2 + log2(run) a column, not one or two an action
            assert deal.decodes <= cols * (3 + (n + 3).bit_length()), (cols, top, deal.decodes)
        else:
            assert e.items == deal.choices(0)        # runs of 2 amounts stay single actions


def test_a_panel_driver_loads_only_its_own_class_under_micropython():
    if not mpy_runtime.available():
        pytest.skip("MicroPython runtime missing (make setup)")
    code = r"""
import sys
from oya.hw.board import make
class Bus:
    def __init__(self):
        self.sent = 0
    def writeto(self, addr, b):
        self.sent += len(b)
bus = Bus()
d = make('ssd1306', bus)
print('ssd1306', 'oya.hw.sh1106' in sys.modules, bus.sent)
d.fill(1)
d.show()
print('drawn', bus.sent)
d = make('sh1106', Bus())
print('sh1106', 'oya.hw.sh1106' in sys.modules, type(d).__name__)
"""
    r = mpy_runtime.run(code, timeout=60)
    assert r.ok, r.error
    lines = [ln.split() for ln in r.stdout.strip().split("\n")]
    assert lines[0][:2] == ["ssd1306", "False"] and int(lines[0][2]) > 1024    # init + a whole frame
    assert int(lines[1][1]) > int(lines[0][2]) + 1024 - 8      # fill() reached the frame through the display
    assert lines[2] == ["sh1106", "True", "SH1106"]


def test_a_game_without_amounts_has_its_menu_made_with_no_decode():
    # Kakkuri: decoding a play is a search for its order (~150 ms for one on
    # the RP2040); its actions carry no chips, so the menu decodes none
    from oya.games import kakkuri as K
    m = K.KakkuriMatch(rules.defaults(options("kakkuri")), ["P%d" % i for i in range(7)], None, 0)
    plays = decoded = 0
    for k in range(3):
        deal = m.start_deal(rng.derive(bytes(32), k))
        while not deal.done:
            seat = deal.turn
            calls = []
            deal.decode = lambda a, f=type(deal).decode, d=deal: calls.append(a) or f(d, a)
            e = play.group_choices(deal, seat, 0)
            del deal.decode
            ch = deal.choices(seat)
            assert calls == [] and [a for x in e for a in x[1]] == ch
            for a in ch:            # and the claim holds: no action of the game has an amount
                assert amounts._amount(deal.decode(a)[1]) is None
                decoded += 1
            plays += len(ch) > 20
            deal.act(ch[0], seat)       # the first entry, as OK on every screen: runs of plays come
        m.finish_deal()
    assert decoded > 100 and plays > 0


def test_the_results_of_a_deal_are_let_go_when_the_next_deal_starts(flash):
    from tests.test_ui_app import new_table, press_ok_until
    app = App()
    new_table(app, GAMES.index("oicho"))
    press_ok_until(app, "Results", 500)
    screen = app._play

    def kept_lines():
        return [k for k, v in vars(screen).items() if isinstance(v, list) and v and isinstance(v[0], str)]
    assert app.screen_text().split("\n")[1].strip() and kept_lines() == []    # drawn, not kept
    app.key(K.OK)                             # on to the next deal
    assert app.screen_text().startswith("Deal 2")
    assert app._play is screen and kept_lines() == []


def _results_shown(app):
    """Every line the Results screen shows, scrolled down to its last."""
    from oya.ui.grid import ROWS
    shown = app.screen_text().split("\n")[1:ROWS - 1]
    while app.screen_text().split("\n")[ROWS - 1].startswith("v "):
        app.key(K.DOWN)
        shown.append(app.screen_text().split("\n")[ROWS - 2])
    return [ln.rstrip() for ln in shown if ln.strip()]


def test_the_results_lines_are_made_as_drawn_and_scroll_to_the_balances(flash):
    # kept as strings, the results' lines were ~1 KB at the top of two games'
    # heap; they are made again for each frame, up to the last one shown
    from tests.test_ui_app import new_table, press_ok_until
    app = App()
    new_table(app, GAMES.index("kyuten"))
    press_ok_until(app, "Results", 500)
    screen = app._play
    made = list(screen.each_result_line(True))
    assert len(made) > 6
    m = app.session.match
    assert made[-1].split()[-1] == str(m.ledger.chips[-1])      # the balances come last
    assert _results_shown(app) == [ln.rstrip() for ln in made]


def test_the_last_results_give_way_to_the_match_over_title_while_the_ranking_is_due(flash):
    # the match's last deal is gone once its OK ends the match: its results,
    # made as drawn, are not drawn again; the title says the match is over
    # until the ranking comes under it
    from tests.test_ui_app import new_table, press_ok_until, waiting_passes
    app = App()
    new_table(app, GAMES.index("kachi"))
    for _ in range(50):
        press_ok_until(app, "Results", 2000)
        app.key(K.OK)
        if app.due:
            break
    assert app.ranking_due and app.session.match.deal is None
    app.frame()
    assert app.screen_text().split("\n")[:2] == ["Match over", ""]
    waiting_passes(app)
    assert app.screen_text().startswith("Match over") and app.screen_text().split("\n")[1].startswith("1 ")


def test_results_whose_value_labels_fail_are_shown_without_them(flash, monkeypatch):
    from tests.test_ui_app import new_table, press_ok_until
    app = App()
    new_table(app, GAMES.index("kyuten"))
    mod = app.game_module()

    def broken(v, y, lang=None):
        raise ValueError("no label")
    monkeypatch.setattr(mod, "value_label", broken, raising=False)
    press_ok_until(app, "Results", 500)
    screen = app._play
    assert _results_shown(app) == [ln.rstrip() for ln in screen.each_result_line(False)]
    assert not screen.result_label


@pytest.mark.parametrize("game,seats", [("kakkuri", 6), ("kyuten", 4)])
def test_an_engine_loads_its_reasons_only_for_a_refused_action_under_micropython(game, seats):
    if not mpy_runtime.available():
        pytest.skip("MicroPython runtime not installed (make setup)")
    r = mpy_runtime.run('''
import sys
from oya.session import new_match
from oya.game import RuleError
m = new_match("GAME", {}, ["A", "B", "C", "D", "E", "F"][:SEATS], None, bytes(32))
m.choose_first_dealer(bytes(range(32)))
deal = m.start_deal(bytes(range(1, 33)))
n = 0
while not deal.done and n < 40:
    deal.act(deal.choices(deal.turn)[0], deal.turn)
    n += 1
print("legal", n, "oya.games.GAME_why" in sys.modules)
deal = m.start_deal(bytes(range(2, 34))) if deal.done else deal
try:
    deal.act(9999, deal.turn)
except RuleError as e:
    print("refused", str(e), "oya.games.GAME_why" in sys.modules)
'''.replace("GAME", game).replace("SEATS", str(seats)), timeout=60)
    assert r.ok, r.error
    lines = r.stdout.splitlines()
    assert lines[0].startswith("legal ") and lines[0].endswith(" False") and lines[0] != "legal 0 False"
    assert lines[1].startswith("refused ") and lines[1].endswith(" True")


def test_the_code_that_reads_a_match_back_leaves_ram_once_play_goes_on_under_micropython():
    out = run_app_script(r"""
def has():
    return ['oya.resume' in sys.modules, 'oya.journal_read' in sys.modules]
a = App()
""" + KACHI_TABLE + r"""
a.key(3); a.key(3)                      # hand-off, a decision
a.match_j.finish()
b = App()                               # the power comes back
print('boot', b.screen_text().split(chr(10))[0], has())
b.key(3)                                # Resume: made on the idle passes
while b.idle():
    pass
print('resumed', b.screen_text().split(chr(10))[0], has())
b.key(4)                                # the pause menu, put up on idle passes
while b.due:
    b.idle()
n = len(b.session.recall)               # what its "Last deals" reads
print('recall', n, has())
b.key(3)                                # Continue
print('back', has())
""")
    lines = out.strip().split("\n")
    assert lines[0].startswith("boot Resume") and lines[0].endswith("[False, True]")    # the record was read
    assert lines[1].startswith("resumed ") and not lines[1].startswith("resumed Resume")
    assert lines[1].endswith("[False, False]")       # read, rebuilt, and gone with the home flow
    assert lines[2] == "recall 0 [True, True]"
    assert lines[3] == "back [False, False]"


def test_a_menu_scrolled_through_keeps_a_few_labels_not_one_a_play():
    # a Kakkuri hand can have ~1,100 plays: their labels, each kept once
    # made, grew with every row scrolled past (~40 B a play)
    class Plays:
        made = 0

        def shared_choices(self, seat):
            return list(range(1000, 2100))

        def label(self, a, lang):
            self.made += 1
            return "play %d" % a
    deal = Plays()
    deal.AMOUNTS = False
    e = play.group_choices(deal, 0, 0)
    for j in range(len(e)):
        for row in range(j, min(j + 4, len(e))):          # the four rows shown with the cursor on j
            assert e[row] == ("play %d" % (1000 + row), (1000 + row,), None)
        assert len(e.labels) <= play.LABELS
    assert deal.made < 2 * len(e)       # rows shown again are not all made again


def test_the_options_table_is_gone_before_the_deal_screens_code_comes_under_micropython():
    # Oicho-Kabu's match reads its options table when it is made; kept until
    # the first dealer's OK, it sat beside the deal screen's import there,
    # where a heap held to 96 KB as .mpy ran out (tools/pico --soak)
    out = run_app_script(r"""
def held():
    return ['oya.games.oicho_options' in sys.modules, 'oya.ui.play' in sys.modules]
a = App()
a.key(3); a.key(3); waiting(a)          # New table, Oicho-Kabu
a.key(3)                                # defaults
a.key(1); a.key(3); a.key(3)            # Continue, seats
a.key(1); a.key(3); a.key(3); a.key(3)  # names, starting chips, no bot seats
while a.idle():
    pass
print('first', a.screen_text().split(chr(10))[0], held())
a.key(3)
print('deal', a.screen_text().split(chr(10))[0], held())
""")
    lines = out.strip().split("\n")
    assert lines == ["first First dealer [False, True]", "deal Deal 1 [False, True]"], lines


def test_home_after_a_match_holds_no_match_code_under_micropython():
    # after a table, home kept the code every match shares (its session,
    # ledger, cards...): ~18 KB as .mpy beside the next setup, where a heap
    # held to the budget then ran out at every new table (tools/pico --soak)
    out = run_app_script(r"""
from oya.heap import MATCH_CODE
def held():
    return sorted(k for k in sys.modules if k in MATCH_CODE.split('|') or k.startswith('oya.games.'))
a = App()
print('boot', held())
""" + KACHI_TABLE + r"""
print('play', held())
a.key(4)                                # the pause menu: down to Quit
while a.due:
    a.idle()
for _ in range(4):
    a.key(2)
a.key(3)
while a.idle():
    pass
print('home', a.screen_text().split(chr(10))[0], held())
""")
    got = dict((ln.split(" ", 1)[0], ln.split(" ", 1)[1]) for ln in out.strip().split("\n"))
    assert "'oya.session'" in got["play"] and "'oya.games.kachi'" in got["play"]
    # (what the heap then holds is measured on the emulated RP2040: tools/pico
    # --soak lists it each time home comes back; this port's heap grows)
    assert got["home"].startswith("Oya") and "[]" in got["home"], got["home"]


def test_the_ruleset_checks_load_the_json_reader_only_to_read_a_file_under_micropython():
    # a resume checks its record's options with oya.rules.validate and reads
    # no ruleset file: the JSON reader (~3 KB as .mpy) stays out of its peak
    if not mpy_runtime.available():
        pytest.skip("MicroPython runtime missing (make setup)")
    code = r"""
import sys
from oya import rules
from oya.games import options
opts = rules.validate({"game": "kachi", "name": "x", "options": {}}, "saved match", options("kachi"))[2]
print('validate', 'oya.jsonlite' in sys.modules, len(opts) > 5)
g = rules.parse(b'{"game": "kachi", "name": "y", "options": {}}', "y.json")[0]
print('parse', 'oya.jsonlite' in sys.modules, g)
"""
    r = mpy_runtime.run(code, timeout=60)
    assert r.ok, r.error
    assert r.stdout.split() == ["validate", "False", "True", "parse", "True", "kachi"]
