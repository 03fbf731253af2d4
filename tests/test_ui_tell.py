"""What the other seats did, on the play screen as it happens (issue 61
item 3), and Meri read as a team game (item 4), driven by keys alone."""
import pytest

import tools  # noqa: F401
from oya import GAMES
from oya.ui.app import App
from oya.ui import keys as K
from oya.ui.text import t
from oya.games.meri import PLAY
from oya.games import meri_say
from oya.kana import to_half
from tests.test_ui_app import new_table, flash  # noqa: F401


def _meri(lang=0):
    app = App()
    new_table(app, GAMES.index("meri"), bots=3)
    app.settings["lang"] = lang
    app.key(K.OK)                               # the deal
    return app


def _until_my_turn(app, now):
    """Ticks until P1 (the person) decides, or the deal ends; the screens
    seen meanwhile."""
    seen = []
    for _ in range(200):
        d = app.session.match.deal
        if d is None or d.done or (d.turn == 0 and app.top().entries is not None):
            break
        now += 500
        app.tick(now)
        seen.append(app.screen_text())
    seen.append(app.screen_text())
    return now, seen


def _my_first_play(app):
    """OK on the person's first play entry."""
    scr = app.top()
    while scr.entries.acts(scr.cursor) is None or scr.entries.acts(scr.cursor)[0] < PLAY:
        app.key(K.DOWN)
    app.key(K.OK)


@pytest.mark.parametrize("lang", (0, 1))
def test_every_bot_play_is_on_screen_before_the_persons_next_turn_and_each_trick_ends_on_a_line(flash, lang):
    from oya.ui import say
    from oya.ui.widgets import wrap
    app = _meri(lang)
    names = app.session.match.ledger.names
    now = 0
    tricks = 0
    for _ in range(40):
        start = len(app.session.acts)
        now, seen = _until_my_turn(app, now)
        deal = app.session.match.deal
        if deal is None or deal.done:
            break
        screens = "\n".join(seen)
        flat = screens.replace("\n", " ")
        for _, s in say.each_sentence(deal, app.session.acts, names, lang, start, meri_say):
            # each sentence's first line (wrapped as the screen wraps it) was shown
            assert wrap(s)[0] in screens, (s, screens)
            if s.startswith("Trick ") or "コメ:" in s:
                tricks += 1
        if deal.trick_no >= 3:
            break
        if deal.phase == 2:
            _my_first_play(app)
        else:
            app.key(K.OK)
    assert tricks >= 1


def test_a_trick_line_names_its_winner_and_its_cards(flash):
    from oya import cards
    from oya.games import meri_say
    app = _meri()
    now, _ = _until_my_turn(app, 0)
    deal = app.session.match.deal
    while deal.trick_no < 2 and not deal.done:
        if deal.phase == 2:
            _my_first_play(app)
        else:
            app.key(K.OK)
        now, _ = _until_my_turn(app, now)
    line = meri_say.trick_line(deal, 0, app.session.match.ledger.names, 0)
    w = deal.winners[0]
    assert line.startswith("Trick 1: P%d (%s)" % (w + 1, "AB"[w % 2]))
    for c in deal.played[:4]:
        assert cards.name(cards.STD52, c) in line


@pytest.mark.parametrize("lang", (0, 1))
def test_what_happened_lists_the_deals_actions_newest_first(flash, lang):
    app = _meri(lang)
    now, _ = _until_my_turn(app, 0)
    deal = app.session.match.deal
    while deal.trick_no < 2:
        if deal.phase == 2:
            _my_first_play(app)
        else:
            app.key(K.OK)
        now, _ = _until_my_turn(app, now)
    scr = app.top()
    label = t("happened", lang)
    for _ in range(len(scr.entries)):
        if scr.entries[scr.cursor][0] == label:
            break
        app.key(K.DOWN)
    app.key(K.OK)
    assert app.top() is not scr and app.top().title == label
    items = list(app.top().items)
    assert len(items) == len(app.top().items) and app.top().items[1] == items[1]
    # newest first: the last trick's play (the person's own play led trick 2
    # or a bot's did) before the first action of the deal
    last = app.session.acts[-2]
    name = app.session.match.ledger.names[last]
    # (the last play may have ended a trick: its line comes first)
    assert items[0].startswith(name) or (items[0].startswith(("Trick ", "2コメ", "1コメ")) and items[1].startswith(name))
    first = app.session.match.ledger.names[app.session.acts[0]]
    assert any(x.startswith(first) for x in items[-3:])
    joined = " ".join(items)
    assert ("Trick 1:" if lang == 0 else "1コメ:") in joined
    app.key(K.OK)                               # back to the decision, the newest sentence whole on it
    assert app.top() is scr and scr.msg == items[0]
    from oya.ui.widgets import wrap
    assert wrap(items[0])[0] in app.screen_text()


def test_a_key_during_a_bots_pause_skips_it(flash):
    from oya.ui.play import DECIDE
    app = _meri()
    scr = app.top()
    for _ in range(50):
        if scr.state == DECIDE and scr.is_bot(scr.acting) and scr.bot_due is not None:
            break
        app.key(K.OK)                           # the person's answer
    else:
        raise AssertionError(app.screen_text())
    assert scr.bot_due > app.now
    n = len(app.session.acts)
    app.key(K.DOWN)
    app.tick(app.now)                           # no time passed: the bot acts at once
    assert len(app.session.acts) == n + 2


def _to_results(app):
    now = 0
    for _ in range(400):
        now, _ = _until_my_turn(app, now)
        deal = app.session.match.deal
        if deal.done:
            from oya.ui.play import RESULTS
            assert app.top().state == RESULTS
            return
        if deal.phase == 2:
            _my_first_play(app)
        else:
            app.key(K.OK)
    raise AssertionError(app.screen_text())


@pytest.mark.parametrize("lang", (0, 1))
def test_meris_results_name_tricks_hiki_and_the_leader(flash, lang):
    app = _meri(lang)
    _to_results(app)
    deal = app.session.match.deal
    scr = app.top()
    text = " ".join(scr.each_result_line(True))
    ta, tb = deal.tricks
    a, b = deal.result
    if lang == 0:
        assert "A (P1&P3) took %d tricks" % ta in text
        assert "B (P2&P4) took %d tricks" % tb in text
        assert ("A leads" if a > b else "B leads" if b > a else "a tie") in text
        assert "Match: A %d, B %d" % (a, b) in text
        if deal.hiki != [0, 0]:
            assert "hiki from" in text and "After hiki: A %d, B %d" % (a, b) in text
        else:
            assert "No yaku: no hiki" in text
        assert "Balances" not in text
    else:
        assert to_half("A (P1&P3) %dコ トッタ" % ta) in text
        assert to_half("A ガ リード" if a > b else "B ガ リード" if b > a else "ドウテン") in text
        for w in ("Tricks", "Match", "leads", "hiki"):
            assert w not in text


def test_meris_table_shows_the_teams_and_the_tricks_of_the_deal_and_the_match(flash):
    app = _meri()
    deal = app.session.match.deal
    lines = app.table_lines(deal)
    assert "A P1 P3  B P2 P4" in lines
    assert "Tricks A0 B0 (0-0)" in lines
    _to_results(app)
    a, b = app.session.match.deal.result
    app.key(K.OK)                               # the next deal
    app.key(K.OK)
    lines = app.table_lines(app.session.match.deal)
    assert "Tricks A0 B0 (%d-%d)" % (a, b) in lines


def _kakkuri(lang):
    app = App()
    new_table(app, GAMES.index("kakkuri"), bots=6)
    app.settings["lang"] = lang
    app.key(K.OK)                               # the deal
    return app


def _ranks(said):
    """The ranks a play's sentence names, in order: (C7, T7, チ7, タ7 a wild
    played as a 7; 3k the kuro-hibashi)."""
    return [int(x.lstrip("CTチタ").rstrip("k")) for x in said.split()]


@pytest.mark.parametrize("lang", (0, 1))
def test_kakkuris_plays_and_folds_are_sentences_on_screen_before_the_persons_next_turn(flash, lang):
    import re
    from oya.ui import say
    from oya.ui.widgets import wrap
    from oya.games import kakkuri_say
    from oya.games.kakkuri_consts import AKA, FOLD, HAKO, PLAY, TAIKO, rank
    app = _kakkuri(lang)
    names = app.session.match.ledger.names
    played = "played (.+) on (\\d+)$" if lang == 0 else "^\\S+ (.+) ヲ (\\d+) ニ ダシタ$"
    folded = "folded: 1 chip in" if lang == 0 else "オリタ: 1マイ ダス"
    turned = "turned the hako: (\\d+)$" if lang == 0 else "ハコヲ メクッタ: (\\d+)$"
    plays = folds = deals = 0
    now = 0
    for _ in range(200):
        start = len(app.session.acts)
        now, seen = _until_my_turn(app, now)
        deal = app.session.match.deal
        if deal.done:
            deals += 1
            if deals == 6 or plays and folds:
                break
            app.key(K.OK)                       # results: the next deal
            app.key(K.OK)
            continue
        screens = "\n".join(seen)
        acts = app.session.acts
        said = list(say.each_sentence(deal, acts, names, lang, start, kakkuri_say))
        assert [i for i, _ in said] == list(range(start, len(acts), 2))      # a sentence an action
        for i, s in said:
            assert wrap(s)[0] in screens, (s, screens)
            assert s.startswith(names[acts[i]] + " ")
            if acts[i + 1] == FOLD:
                assert s.endswith(folded) and deal.folded[acts[i]]
                folds += acts[i] != 0
        # every play of the deal so far names the cards its seat put down, on
        # the base the table had: the first card turned, or the last play's or
        # hako turn's card
        base = rank(deal.pile[0])
        put = [0] * deal.nseats
        turns = 0
        for i, s in say.each_sentence(deal, acts, names, lang, 0, kakkuri_say):
            seat, a = acts[i], acts[i + 1]
            if a >= PLAY:
                m = re.search(played, s)
                assert m and int(m.group(2)) == base, (s, base)
                named = _ranks(m.group(1))
                cards = deal.played[seat][put[seat]:put[seat] + len(named)]
                put[seat] += len(named)
                assert sorted(rank(c) for c in cards if c not in (AKA, TAIKO)) == \
                    sorted(r for r, x in zip(named, m.group(1).split()) if x[0] not in "CTチタ"), (s, cards)
                base = named[-1]
                plays += seat != 0 and i >= start
            elif a == HAKO:
                turns += 1
                m = re.search(turned, s)
                assert m and int(m.group(1)) == rank(deal.pile[turns]), s
                base = rank(deal.pile[turns])
        assert put == [len(p) for p in deal.played]
        assert base == deal.base
        app.key(K.OK)                           # the person's first entry (a pass or no fuwari)
    assert plays >= 1 and folds >= 1, (plays, folds)
