"""A decision whose choices take a long search is made in steps (Kakkuri: a
hand of six holding the three wilds on an open table has up to ~1,000 plays,
~1 s of the RP2040's CPU as .mpy): the key that leads to it searches
SYNC_STEPS, the device loop's idle passes the rest, and a key pressed before they are done finishes
the search itself. None of it changes the game."""
import os
import random
import tempfile

import pytest


import tools  # noqa: F401  (firmware/ on sys.path)
from oya import GAMES
from oya.games import kakkuri as KK
from oya.games import kakkuri_search as KS
from oya.ui import app as A
from oya.ui import keys as K
from oya.ui import play as P

from tests.test_ui_app import new_table, pause, waiting_passes
from oya.games import options


def _hands(n=400, seed=1):
    yield bytes([46, 19, 4, 11, 7, 14, 8, 0]), 0         # the three wilds among 8, an open table
    r = random.Random(seed)
    deck = list(range(48))
    for _ in range(n):
        r.shuffle(deck)
        yield bytes(deck[:r.choice((6, 8))]), r.choice((0, 0, 1, 3, 5, 8, 11, 12))


def test_the_search_in_steps_finds_what_the_search_finds():
    for hand, base in _hands(800, seed=2):
        for sanzoku, anyone in ((False, True), (True, True), (False, False)):
            cnt, k, a, t = KS.counts(hand)
            res = []
            for _ in KS.search_steps(cnt, k, a, t, base, sanzoku, anyone, res):
                pass
            assert res == [KS.search(cnt, k, a, t, base, sanzoku, anyone)]


@pytest.mark.parametrize("sanzoku", (False, True))
def test_each_step_of_the_search_is_a_few_plays_and_all_of_them_no_more_than_the_search(monkeypatch, sanzoku):
    """The device takes steps for up to SYNC_MS in a key, and a step cannot
    be cut: a step per rank a play starts with was 60% of the largest
    search, ~100 ms of the RP2040 in one key, and a step per two first
    units still ~150 plays of a six-card hand (136 ms). A step now puts
    _STEP units on the plays, and the next goes on where it stopped: the
    steps together make the plays the search makes, none again. Work is
    counted in plays made (_code calls), a count that does not depend on
    the machine."""
    made = [0]
    code = KS._code

    def counted(*args):
        made[0] += 1
        return code(*args)

    monkeypatch.setattr(KS, "_code", counted)
    for hand, base in ((bytes([46, 19, 4, 11, 7, 14, 8, 0]), 0),     # the three wilds among 8
                       (bytes([0, 4, 8, 40, 44, 45]), 0)):            # among 6 (with 11, 12, 12)
        cnt, k, a, t = KS.counts(hand)
        made[0] = 0
        KS.search(cnt, k, a, t, base, sanzoku, True)
        whole, made[0] = made[0], 0
        largest = steps = done = 0
        for _ in KS.search_steps(cnt, k, a, t, base, sanzoku, True, []):
            largest = max(largest, made[0])
            done += made[0]
            made[0] = 0
            steps += 1
        done += made[0]
        assert whole > 700 and largest == KS._STEP
        assert done == whole and steps == whole // KS._STEP


def test_a_hand_with_the_three_wilds_on_an_open_table_lists_each_play_once():
    hand = bytes([46, 19, 4, 11, 7, 14, 8, 0])           # taiko, kuro-hibashi, aka-choro among 8
    plays = KK.legal_plays(hand, 0, False, True)
    assert len(plays) == len(set(plays)) > 1000
    for p in plays[::97]:
        assert KK.play_order(p, 0, False, True) is not None


def _play_kakkuri(monkeypatch, tmp_path, sync, idle, drive_idle):
    """A Kakkuri match, OK on every screen, four deals; -> (screens after each
    key, or None where a search was still open; the deferrals seen, and
    those of them on a decision's screen; the match's actions and chips)."""
    monkeypatch.chdir(tempfile.mkdtemp(dir=str(tmp_path)))      # a fresh flash
    monkeypatch.setattr(P, "SYNC_STEPS", sync)
    monkeypatch.setattr(P, "IDLE_STEPS", idle)
    r = random.Random(7)
    monkeypatch.setattr(os, "urandom", lambda n: bytes(r.getrandbits(8) for _ in range(n)))
    app = A.App()
    new_table(app, GAMES.index("kakkuri"))
    screens = []
    deferred = 0
    on_decision = 0
    acts = []
    for step in range(3000):
        top = app.top()
        if getattr(top, "work", None) is not None:
            deferred += 1
            on_decision += top.state == P.DECIDE
            assert top.entries is None
            if drive_idle(step):
                passes = 0
                while top.work is not None:
                    w = app.idle()
                    passes += 1
                    # (a decision is drawn again when its search ends; a hand-off shows no choices)
                    assert w == (A.IDLE_REDRAW if top.work is None and top.state == P.DECIDE else 1)
                    assert passes < 10000
                assert top.work is None and top.entries is not None
                assert list(top.entries) == list(_fresh_entries(top))
                if len(top.entries.items) > 100:    # a search's plays: the menu holds the engine's list, no copy
                    assert top.entries.items is app.session.match.deal.shared_choices(top.acting)
            else:
                screens.append(None)
                if top.state == P.DECIDE:
                    # a key on the choices while they are searched waits:
                    # held, and taken by the idle pass that ends the search
                    before = app.screen_text()
                    app.key(K.OK)
                    assert top.held == [K.OK] and app.screen_text() == before
                    while app.idle() != A.IDLE_REDRAW:
                        pass
                    assert top.held == []
                else:
                    app.key(K.OK)             # (a hand-off: the search goes on)
                continue
        text = app.screen_text()
        screens.append(text)
        if text.startswith("Match over"):
            break
        if app.session.match.deal_no >= 4 and text.startswith("Deal "):
            acts.append((app.session.match.ledger.chips[:], list(app.session.acts)))
            pause(app)
            while not app.screen_text().split("\n")[0].startswith("Paused"):
                pause(app)
            for _ in range(5):
                app.key(K.DOWN)
            app.key(K.OK)
        else:
            app.key(K.OK)
        waiting_passes(app)             # (a match's end comes on them)
    else:
        raise AssertionError("the match did not end")
    return screens, (deferred, on_decision), acts


def _fresh_entries(screen):
    """The entries the play screen makes at once, for comparison."""
    saved = screen.entries
    screen.make_entries()
    fresh, screen.entries = screen.entries, saved
    return fresh


def test_choices_made_in_steps_change_nothing_in_the_game(monkeypatch, tmp_path):
    base, (handoffs, none), acts = _play_kakkuri(monkeypatch, tmp_path, 1 << 30, 1, lambda i: True)
    assert none == 0 and handoffs > 20     # (a hand-off's choices: always on the idle passes)
    for drive in (lambda i: True, lambda i: i % 3 != 0):
        screens, (deferred, _), acts2 = _play_kakkuri(monkeypatch, tmp_path, 1, 2, drive)
        assert deferred > 20
        assert acts2 == acts                  # the same deals, actions and chips
        assert len(screens) == len(base)
        compared = 0
        for a, b in zip(screens, base):
            if a is not None:
                assert a == b
                compared += 1
        assert compared > len(base) // 2


def test_a_person_deciding_at_once_sees_the_table_while_the_search_ends(monkeypatch, tmp_path):
    """No hand-off (one person): the decision screen comes at once, with
    '...' where the choices go; the idle passes bring them."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(P, "SYNC_STEPS", 1)
    monkeypatch.setattr(KS, "_STEP", 1)     # (a unit a step: any hand's search outlasts the key)
    app = A.App()
    new_table(app, GAMES.index("kakkuri"), bots=6)       # seven seats, one person
    found = False
    for _ in range(400):
        top = app.top()
        if getattr(top, "work", None) is not None and top.state == P.DECIDE and not top.is_bot(top.acting):
            rows = app.screen_text().split("\n")
            assert "  ..." in rows and "(bot)" not in rows[-1]
            while app.idle() != A.IDLE_REDRAW:
                pass
            assert "  ..." not in app.screen_text().split("\n")
            found = True
            break
        if isinstance(top, P.PlayScreen) and top.state == P.DECIDE and top.is_bot(top.acting):
            app.tick(app.now + 1000)
        else:
            app.key(K.OK)
    assert found


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_shuffled_ahead_is_the_deal_its_seed_makes(game):
    """Match.prepare(seed) shuffles ahead (the device does it while the
    deal's commitment is on screen); start_deal(seed) takes that stock, and
    the deal is the one the seed makes without it. Another seed ignores it."""
    from oya.games import load
    from oya import rules
    mod = load(game)
    names = ["P%d" % i for i in range(mod.MATCH.SEATS[0])]

    def deal_of(seed, ahead=None):
        m = mod.MATCH(rules.defaults(options(game)), names, None, 0, None)
        if ahead is not None:
            m.prepare(ahead)
        d = m.start_deal(seed)
        assert m._ready is None
        return list(d.events), bytes(d.stock.remaining())
    a, b = bytes(range(32)), bytes(range(1, 33))
    plain = deal_of(a)
    assert deal_of(a, a) == plain
    assert deal_of(a, b) == plain
    assert deal_of(b) != plain


def test_the_intro_screen_shuffles_the_next_deal_on_an_idle_pass(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    app = A.App()
    new_table(app, GAMES.index("oicho"))
    top = app.top()
    assert isinstance(top, P.PlayScreen) and top.state == P.INTRO
    while app.idle():
        pass
    m = app.session.match
    ready = m._ready
    assert ready is not None and ready[0] is app.pending_seed()
    app.key(K.OK)                                     # the deal starts from that stock
    assert m._ready is None and m.deal.stock is ready[2]


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_offs_choices_are_made_after_its_answer_and_change_nothing_on_it(game, monkeypatch, tmp_path):
    """The hand-off shows no choices: its key leaves them to the idle passes
    (on the RP2040 they were a fifth of a Kachi-kachi hand-off's answer), and
    the screen made before them is the one shown after them: the hint's rows
    do not depend on how many choices there are."""
    monkeypatch.chdir(tmp_path)
    app = A.App()
    new_table(app, GAMES.index(game))
    handoffs = 0
    for _ in range(200):
        top = app.top()
        if isinstance(top, P.PlayScreen) and top.state == P.HANDOFF:
            assert top.entries is None and top.work is not None
            shown = app.screen_text()
            while top.work is not None:
                assert app.idle() == 1
            assert top.entries is not None and app.screen_text() == shown
            app.key(K.OK)
            assert top.state == P.DECIDE and app.screen_text() != shown
            assert list(top.entries) == list(_fresh_entries(top))
            handoffs += 1
            if handoffs >= 3:
                return
            continue
        app.key(K.OK)
        waiting_passes(app)
    raise AssertionError("fewer than three hand-offs in 200 keys of %s" % game)


def test_the_lines_that_are_not_actions_are_told_by_their_id(monkeypatch, tmp_path):
    """Another seat's turn (Kakkuri's fold, at any time) opens that seat's
    menu, whose last line goes back: the play screen tells both lines by
    their id, whatever they say."""
    monkeypatch.chdir(tempfile.mkdtemp(dir=str(tmp_path)))
    r = random.Random(3)
    monkeypatch.setattr(os, "urandom", lambda n: bytes(r.getrandbits(8) for _ in range(n)))
    app = A.App()
    new_table(app, GAMES.index("kakkuri"))
    for _ in range(400):
        top = app.top()
        if isinstance(top, P.PlayScreen) and top.state == P.DECIDE and top.entries is not None \
                and any(e[1] is None and e[2] == P._X_OTHERS for e in top.entries):
            break
        app.key(K.OK)
        waiting_passes(app)
    else:
        raise AssertionError("no decision offered another seat's turn")
    entries = list(top.entries)
    top.cursor = [e[2] for e in entries].index(P._X_OTHERS)
    app.key(K.OK)                       # the seats that may act now
    app.key(K.OK)                       # the first of them
    other = top.acting
    deal = app.session.match.deal
    assert other >= 0 and other != deal.turn and top.state == P.HANDOFF
    app.key(K.OK)                       # its hand-off
    waiting_passes(app)
    while top.entries is None:
        app.idle()
    last = top.entries[len(top.entries) - 1]
    assert last[1] is None and last[2] == P._X_BACK
    top.cursor = len(top.entries) - 1
    app.key(K.OK)                       # back: the seat whose turn it is
    assert top.acting == deal.turn != other
