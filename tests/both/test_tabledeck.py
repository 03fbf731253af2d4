# Table-deck mode (oya.tabledeck): the engine asks the table for a card's face
# only when the rules need it; entered cards are journaled actions, so resume
# and replay work as for a device deal. On both runtimes.
from oya import tabledeck, cards
from oya.game import RuleError
from oya.session import Session
from oya.games.oicho import BET, DONE, TOP, SHIMO_COL, SHIMO, KOI_COL
import table_util

SEED = b"\x19" * 32
NAMES = ["A", "B", "C"]


def _oicho_pick(deal, seat, i):
    ch = deal.choices(seat)
    if deal.phase == 0:                        # betting: 2 on column 1 (or the first column open), then done
        return ch[1] if DONE not in ch else DONE
    return ch[(i * 7) % len(ch)]


def test_a_table_deck_oicho_deal_ends_as_the_same_cards_dealt_by_the_device():
    dev, tab, asked = table_util.mirror("oicho", {}, NAMES, SEED, _oicho_pick, deals=4)
    assert tab.match.ledger.chips == dev.match.ledger.chips
    assert tab.match.dealer == dev.match.dealer
    assert sum(tab.match.ledger.chips) == 150
    for n in range(4):
        assert len(set(asked[n])) == len(asked[n])      # each card asked for once


def test_face_down_cards_the_rules_never_need_are_never_asked_for():
    opts = {"unbet_second_card": "face_down"}
    dev, tab, asked = table_util.mirror("oicho", opts, NAMES, SEED, _oicho_pick)
    # the device deal's face-down second cards of unbet columns
    events = tab.recall[0]
    s = Session("oicho", "t", opts, NAMES)
    s.match.table = True
    s.match.restore(events["state"])
    from oya.session import replay_deal
    d = replay_deal(s.match, None, events["acts"])
    unbet = [c for c in range(d.ncols) if not d.bets[c]]
    assert unbet, "the test wants an unbet column"
    for c in unbet:
        assert tabledeck.unknown(d.cols[c][1])    # still a card nobody entered
    assert d.done and len(asked[0]) < len([e for e in d.events if e[0] == "card"])


def _table_session():
    s = Session("oicho", "t", {"maki_fuda": "off"}, NAMES)
    s.match.table = True
    s.draw_first_dealer(SEED)
    return s


def test_the_deal_waits_for_face_up_cards_and_refuses_a_fifth_copy():
    s = _table_session()
    d = s.begin_deal()
    assert d.need_place() == ("col:1", True)
    four = tabledeck.enter(12)                  # a 4 (month 4)
    for i in range(4):
        s.act(four)
    # every column's first card is a 4 now; the betting has begun
    assert d.wants is None and [cards.rank(cards.HANAFUDA, c[0]) for c in d.cols] == [4, 4, 4, 4]
    assert d.phase == 0 and len(s.acts) == 8
    # the second card of a column: a fifth 4 is refused, nothing changes
    while d.phase == 0:
        s.act(1 * BET + 2)
        if DONE in d.choices():
            s.act(DONE)
    assert d.wants is None and d.phase == 1
    s.act(TOP)
    assert d.wants is not None
    before = (list(s.acts), bytes(d.known), d.wants.k)
    try:
        s.act(four)
        raise AssertionError("a fifth 4 was taken")
    except RuleError as e:
        assert "No 4" in str(e)
    assert (list(s.acts), bytes(d.known), d.wants.k) == before
    # a game action while a card is wanted is refused too
    try:
        s.act(SHIMO_COL + 1)
        raise AssertionError("an action was taken before the card")
    except RuleError as e:
        assert "card" in str(e)


def test_the_last_entry_can_be_taken_back_until_the_next_action():
    s = _table_session()
    d = s.begin_deal()
    s.act(tabledeck.enter(0))
    s.act(tabledeck.enter(8))
    assert d.wants.k == 2 and tabledeck.undo(s)
    assert d.wants.k == 1 and len(s.acts) == 2 and not d.cols[1] and d.need_place() == ("col:2", True)
    s.act(tabledeck.enter(16))
    assert cards.rank(cards.HANAFUDA, d.cols[1][0]) == 5
    s.act(tabledeck.enter(16))
    s.act(tabledeck.enter(16))
    s.act(1 * BET + 1)                          # a game action: nothing to take back now
    assert not tabledeck.undo(s)


def test_a_table_deck_match_resumes_from_its_journal_record():
    s = _table_session()
    d = s.begin_deal()
    for c in (0, 4, 36, 20):
        s.act(tabledeck.enter(c))
    s.act(2 * BET + 3)
    rec = s.record()
    assert rec["deal_mode"] == "table" and rec["deal"]["seed"] is None
    r = Session.from_record(rec)
    assert r.match.table and r.match.deal.events == d.events and r.acts == s.acts
    assert r.match.deal.turn == d.turn and r.match.deal.total == 3


def _kachi_pick(deal, seat, i):
    ch = deal.choices(seat)
    from oya.games.kachi import FOLD
    real = [a for a in ch if a != FOLD] or ch
    return real[(i * 5) % len(real)]


def test_a_table_deck_kachi_match_ends_as_the_same_cards_dealt_by_the_device():
    for opts in ({}, {"draw_exposure": "any_card", "shibari": "on"}, {"deck_variant": "three_1s_10s"}):
        dev, tab, asked = table_util.mirror("kachi", opts, ["A", "B", "C", "D"], SEED, _kachi_pick, deals=5)
        assert tab.match.ledger.chips == dev.match.ledger.chips
        assert tab.match.ledger.pot == dev.match.ledger.pot
        for n in range(5):
            assert len(set(asked[n])) == len(asked[n])


def test_kachi_entries_the_picker_tells_apart_and_a_second_red_pin_refused():
    kinds = tabledeck.kinds(cards.KACHI20)
    names = [cards.name(cards.KACHI20, c) for c in kinds]
    assert names == ["1r", "1g", "2", "3", "4g", "4", "5", "6", "7", "8", "9", "10"]
    s = Session("kachi", "t", {}, ["A", "B", "C"])
    s.match.table = True
    s.draw_first_dealer(SEED)
    d = s.begin_deal()
    assert d.wants is not None and d.turn == d.dealer and d.need_place()[1] is False  # the dealer's own cards
    s.act(tabledeck.enter(cards.KACHI_AKA_PIN))
    try:
        s.act(tabledeck.enter(cards.KACHI_AKA_PIN))
        raise AssertionError("a second red pin was taken")
    except RuleError as e:
        assert str(e) == "No 1r left in the deck"
    assert tabledeck.refuse("kachi", {"color_tiebreak": "red_high"})
    assert tabledeck.refuse("kachi", {}) is None
    assert tabledeck.refuse("_highcard", {}) == "No table deck for this game yet"


def _kyuten_pick(deal, seat, i):
    from oya.games.kyuten import END
    ch = deal.choices(seat)
    if END in ch:
        return END                     # the dealer stops as soon as the quota allows
    return ch[(i * 3 + 1) % len(ch)]


def test_a_table_deck_kyutenhan_match_ends_as_the_same_cards_dealt_by_the_device():
    for opts in ({}, {"decks": 2}):
        dev, tab, asked = table_util.mirror("kyuten", opts, ["A", "B", "C", "D"], SEED, _kyuten_pick, deals=6)
        assert tab.match.ledger.chips == dev.match.ledger.chips and tab.match.dealer == dev.match.dealer
        for n in range(6):
            # every back card never contested stays unknown: fewer cards asked than dealt
            rec = tab.recall[n]
            assert len(asked[n]) == len(set(asked[n]))
    kinds = tabledeck.kinds(cards.STD52)
    assert [tabledeck.class_name(cards.STD52, c) for c in kinds] == \
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_kyutenhan_asks_for_a_back_card_only_when_its_owner_is_contested():
    from oya.session import replay_deal
    dev, tab, asked = table_util.mirror("kyuten", {}, ["A", "B", "C", "D"], SEED, _kyuten_pick, deals=6)
    seen_unasked = False
    for n in range(6):
        rec = tab.recall[n]
        s = Session("kyuten", "t", {}, ["A", "B", "C", "D"])
        s.match.table = True
        s.match.restore(rec["state"])
        d = replay_deal(s.match, None, rec["acts"])
        for seat in range(4):
            b = d.back[seat]
            if b == 0xFF:
                continue
            assert tabledeck.unknown(b) != bool(d.contested[seat])
            seen_unasked = seen_unasked or tabledeck.unknown(b)
    assert seen_unasked


def _kakkuri_pick(deal, seat, i):
    from oya.games.kakkuri import FOLD, LOOK
    ch = [a for a in deal.choices(seat) if a not in (FOLD, LOOK)] or deal.choices(seat)
    return ch[(i * 7) % len(ch)]


def test_a_table_deck_kakkuri_match_ends_as_the_same_cards_dealt_by_the_device():
    names = ["A", "B", "C", "D", "E", "F"]
    opts = {"players": 6, "session_end": "deal_count", "session_deals": 3}
    dev, tab, asked = table_util.mirror("kakkuri", opts, names, SEED, _kakkuri_pick, deals=3)
    assert tab.match.ledger.chips == dev.match.ledger.chips and tab.match.dealer == dev.match.dealer
    for n in range(3):
        assert len(asked[n]) == len(set(asked[n])) and len(asked[n]) >= 36     # every hand, the base
    kinds = [tabledeck.class_name(cards.KOMATSU, c) for c in tabledeck.kinds(cards.KOMATSU)]
    assert kinds[:6] == ["1w", "1", "2w", "2", "3k", "3"] and len(kinds) == 15
    assert tabledeck.refuse("kakkuri", {"players": 8})


def _meri_session(**opts):
    s = Session("meri", "t", dict(opts), ["A", "B", "C", "D"])
    s.match.table = True
    s.draw_first_dealer(SEED)
    return s


def test_meri_with_a_table_deck_keeps_the_score_from_winners_and_yaku():
    from oya.games import meri, meri_table as MT
    s = _meri_session()
    d = s.begin_deal()
    dealer = d.dealer
    assert d.wants is None and d.turn == dealer and len(d.choices()) == 13
    s.act(MT.OKIE_RANK + 8)                     # a 9 ...
    s.act(MT.OKIE_SUIT + 3)                     # ... of clubs: trump C
    assert d.okie == 3 * 13 + 8 and d.public()["trump"] == 3
    first = (dealer + 1) % 4
    assert d.turn == first and d.choices() == [MT.ROBOTTA, MT.HIDE]
    for i in range(4):
        s.act(MT.HIDE)                           # nobody announces: the dealer leads, the J may be hidden
    assert d.turn == dealer and MT.JT_HIDDEN in (lambda: (s.act(MT.WIN + 0), d.choices())[1])()
    s.act(MT.JT_HIDDEN)                          # trick 1: seat 0 (team A), J over 10, hidden J: 5 hiki
    winners = [1, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    for w in winners:
        s.act(MT.WIN + w)
        s.act(MT.NO_YAKU)
    s.act(MT.WIN + 3)
    s.act(MT.YAKU + 1)                          # the last trick: K over Q, 5 hiki (team B)
    assert d.done
    ta = 1 + sum(1 for w in winners if w % 2 == 0)
    tb = 12 - ta
    assert d.tricks == [ta, tb] and d.hiki == [5, 5]
    assert d.result == list(meri.settle(ta, tb, 5, 5, "net_capped"))
    s.end_deal()
    assert s.match.teams == d.result


def test_meri_table_deck_kikkabutta_skips_robotta_and_back_takes_an_entry_back():
    from oya.games import meri_table as MT
    s = _meri_session()
    d = s.begin_deal()
    s.act(MT.OKIE_RANK + 10)                    # a J ...
    s.act(MT.OKIE_SUIT + 0)                     # ... of spades: kikkabutta
    assert d.phase == MT.P_WIN and d.turn == d.dealer
    s.act(MT.WIN + 2)
    assert MT.JT_HIDDEN not in d.choices()
    assert tabledeck.undo(s)                   # the winner back
    d = s.match.deal
    assert d.phase == MT.P_WIN and len(s.acts) == 4 and d.okie == 10
    s.act(MT.WIN + 1)
    s.act(MT.NO_YAKU)
    assert d.tricks == [0, 1]
    r = Session.from_record(s.record())
    assert r.match.deal.events == s.match.deal.events and r.match.deal.turn == s.match.deal.turn


# -- the first dealer and the maki-fuda with real cards ------------------------------------

FIRST = (("oicho", {}, 3), ("kachi", {}, 3), ("kyuten", {"dealer_mode": "permanent", "dealer_extra_chips": 20}, 3),
         ("meri", {}, 4), ("kakkuri", {"players": 6}, 6))


def _asks(m, known):
    """The seat the draw asks for its next card (len(known) cards entered), or
    None once the dealer is known."""
    try:
        tabledeck.first_dealer(m, known)
    except tabledeck.NeedCard as e:
        assert e.k == len(known)
        return e.seat
    return None


def test_the_first_dealer_is_drawn_with_the_cards_the_table_enters():
    # each game's own draw, its ties drawn again, on cards entered one by one:
    # the same seats asked in turn and the same dealer as the device's draw
    # of the same cards
    for game, opts, n in FIRST:
        names = ["P%d" % (i + 1) for i in range(n)]
        for k in range(6):
            dev = Session(game, "t", dict(opts), names)
            dev.draw_first_dealer(bytes([k + 1]) * 32)
            drawn = table_util.first_cards(dev.match)
            tab = Session(game, "t", dict(opts), names)
            tab.match.table = True
            seats = []
            known = bytearray()
            while True:
                seat = _asks(tab.match, known)
                if seat is None:
                    break
                seats.append(seat)
                known.append(tabledeck.free_copy(tab.match.deck_kind(), drawn[len(known)], known))
            assert len(known) == len(drawn), (game, k)
            assert seats == [int(e[2][5:]) for e in dev.match.intro if e[0] == "card"], (game, k)
            assert tab.match.dealer == dev.match.dealer, (game, k)
            assert tab.match.ledger.chips == dev.match.ledger.chips, (game, k)   # Kyutenhan's bank
            assert tab.intro_seed is None                    # nothing was drawn by the device


def test_the_first_dealer_chosen_by_hand_is_settled_as_a_drawn_one():
    for game, opts, n in FIRST:
        names = ["P%d" % (i + 1) for i in range(n)]
        s = Session(game, "t", dict(opts), names)
        s.match.table = True
        assert tabledeck.first_dealer(s.match, b"", 2) == 2 and s.match.dealer == 2
        s.begin_match()
        if game == "kyuten":                        # the permanent dealer's bank, as after a draw
            assert s.match.ledger.chips[2] == s.match.ledger.chips[0] + 20
        d = s.begin_deal()
        assert d.dealer == 2, game


def test_oicho_first_dealer_ties_draw_again_on_the_table():
    s = Session("oicho", "t", {}, NAMES)
    s.match.table = True
    m = s.match
    known = bytearray()
    for seat, month in ((0, 5), (1, 3), (2, 3), (1, 7), (2, 2)):     # B and C tie on 3, then C's 2 is lower
        assert _asks(m, known) == seat
        known.append(tabledeck.free_copy(cards.HANAFUDA, (month - 1) * 4, known))
    assert _asks(m, known) is None and m.dealer == 2
    assert ("note", "Tie for the lowest card: draw again") in m.intro and ("note", "C deals first") in m.intro


def test_maki_fuda_are_asked_from_the_dealers_next_seat_by_the_seats_names():
    # the spec deals one maki-fuda to each child, in the direction of play
    # (counter-clockwise: the next seat is index + 1); the picker names each
    # by its seat as the device names seats everywhere
    s = Session("oicho", "t", {"maki_fuda": "on"}, NAMES)
    s.match.table = True
    tabledeck.first_dealer(s.match, b"", 1)
    s.begin_match()
    d = s.begin_deal()
    asked = []
    while d.need_place()[0].startswith("maki:"):
        asked.append((d.need_place()[0], d.prompt(d.turn), d.prompt(d.turn, 1)))
        s.act(tabledeck.enter(8))
    assert asked == [("maki:2", "Card? C maki", "フダ? C マキ"), ("maki:0", "Card? A maki", "フダ? A マキ")]
    assert d.need_place() == ("col:1", True)
    assert [c // 4 for c in d.maki] == [2, 63, 2]            # the 3s in front of A and C (0xFF // 4 for B)


def test_a_ruleset_the_picker_cannot_serve_is_refused_with_the_reason():
    # a rule that tells apart cards the picker names alike, each said by its
    # game's options (table_refusal); the defaults of every game are played
    from oya import GAMES
    from oya.games import options
    for g in GAMES:
        assert tabledeck.refuse(g, dict((e[0], e[1]) for e in options(g))) is None, g
    assert tabledeck.refuse("kachi", {"color_tiebreak": "red_high"}) == "Colour tie-break needs the device's deal"
    assert tabledeck.refuse("kachi", {"color_tiebreak": "off"}) is None
    assert tabledeck.refuse("kakkuri", {"players": 8}) == "8 players: the hako needs the device's deal"
    assert tabledeck.refuse("kakkuri", {"players": 7}) is None
    assert tabledeck.refuse("highcard", {}) == "No table deck for this game yet"
