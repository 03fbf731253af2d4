"""Kyutenhan engine on CPython: refusals leave the state alone, every option
value, visibility (an oracle built from the events), bots see only their view,
match-level rules, resume, labels, the generic properties over 2,000 deals."""
import json
import subprocess
import sys
import os

import pytest

import tools  # noqa: F401
from oya import rng, rules, stock, cards
from oya.game import RuleError, EN, JA
from oya.games import kyuten as K
from oya.games import kyuten_bot as B
from oya.session import Session
from tests.props import run_deals
from tools.play import play_match

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "both"))
from kyuten_util import c, hand, new_match, new_deal, act, refused, antes, stays, bets, pays  # noqa: E402
from oya.games import options

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CARD_KEYS = ("ups", "backs", "dealer_cards", "back")
# every action int the engine could be asked about
CANDIDATES = (list(range(0, 8)) + list(range(10, 20)) + list(range(100, 130))
              + list(range(300, 312)) + list(range(400, 415)))


# -- helpers ----------------------------------------------------------------------

def known(deal, seat):
    """What `seat` may know, from the events alone: cards dealt face up, cards
    dealt face down to itself, revealed and shown cards (seat -1: the table)."""
    k = set()
    mine = "seat:%d" % seat
    for e in deal.events:
        if e[0] == "card" and (e[3] or e[2] == mine):
            k.add(e[1])
        elif e[0] == "reveal":
            k.add(e[1])
        elif e[0] == "show":
            k.update(e[2])
    return k


def cards_in(v):
    """Card codes in a view/public dict; fails on bytes under any other key."""
    out = set()
    for key, val in v.items():
        items = val if isinstance(val, list) else [val]
        has_bytes = any(isinstance(x, (bytes, bytearray)) for x in items)
        if key in CARD_KEYS:
            for x in items:
                out.update(x)
        else:
            assert not has_bytes, "bytes under %r" % key
    return out


def oracle(deal):
    pub = known(deal, -1)
    assert set(deal.seen(-1)) == pub
    assert cards_in(deal.public()) <= pub
    for s in range(deal.nseats):
        k = known(deal, s)
        assert set(deal.seen(s)) == k, (s, sorted(deal.seen(s)), sorted(k))
        assert cards_in(deal.view(s)) <= k


class ViewOnly:
    """What a bot is allowed to touch: choices() and view()."""

    def __init__(self, deal):
        self._d = deal

    def choices(self, seat=None):
        return self._d.choices(seat)

    def view(self, seat):
        return self._d.view(seat)


def halfwidth_len(s):
    n = 0
    for ch in s:
        o = ord(ch)
        if o < 128:
            n += 1
        elif 0x30A0 <= o <= 0x30FF:
            n += 2 if ch in "ガギグゲゴザジズゼゾダヂヅデドバビブベボパピプペポヴ" else 1
        else:
            raise AssertionError("%r cannot be shown half-width" % s)
    return n


def snapshot(d):
    return (repr(d.public()), [repr(d.view(s)) for s in range(d.nseats)],
            list(d.ledger.chips), d.ledger.pot, len(d.events), len(d.stock))


def bot_matches(count, seed, bots=("random", "smart"), opts_fn=None, seats=(3, 10)):
    """Yield (session, deal) at every decision of bot-played matches."""
    r = rng.Rng(seed)
    for i in range(count):
        n = seats[0] + r.below(seats[1] - seats[0] + 1)
        o = rules.defaults(options("kyuten"))
        if opts_fn:
            o.update(opts_fn(r))
        s = Session("kyuten", "t", o, ["P%d" % (j + 1) for j in range(n)], None, None, rng.derive(seed, i))
        s.draw_first_dealer(rng.derive(seed, 1000 + i))
        bot = getattr(B, bots[i % len(bots)] + "_bot")
        br = rng.Rng(rng.derive(seed, 2000 + i))
        while not s.match.over() and s.match.deal_no < 6:
            d = s.begin_deal()
            while not d.done:
                yield s, d
                seat = d.turn
                s.act(bot(d, seat, br), seat)
            s.end_deal()


# -- refusals ------------------------------------------------------------------------

def test_choices_are_exactly_the_actions_the_rules_allow_and_refusals_change_nothing():
    # check() answers None for a choice without asking the rules (their
    # reasons are in oya.games.kyuten_why): choices must be exactly what the
    # rules allow, and check() must say why for the rest
    from oya.games.kyuten_why import why
    steps = 0
    for s, d in bot_matches(40, b"\x11" * 32):
        steps += 1
        for seat in range(d.nseats):
            ch = set(d.choices(seat))
            for a in CANDIDATES:
                msg = d.check(a, seat)
                assert (why(d, a, seat) is None) == (a in ch), (d.phase, seat, a, msg, sorted(ch))
                assert (msg is None) == (a in ch)
                if msg is not None:
                    assert 0 < len(msg) <= 42, msg
        if steps % 7 == 0:
            seat = (d.turn + 1 + steps % d.nseats) % d.nseats
            bad = [a for a in CANDIDATES if a not in d.choices(seat)]
            a = bad[steps % len(bad)]
            before = snapshot(d)
            with pytest.raises(RuleError):
                d.act(a, seat)
            assert snapshot(d) == before
    assert steps > 500


def test_refusal_messages_name_the_rule():
    m, d = new_deal(3, 0, ["5S", "2S", "7H", "9D"])
    assert "Wait" in refused(d, 0, "draw")
    assert "turn" in refused(d, 2, "ante", chips=1)
    assert refused(d, 1, "hit") == "Ante or ken first"
    antes(d, 1, 1)
    assert "Antes are over" == refused(d, 1, "ante", chips=1)
    act(d, 1, "hit")                               # 9: forced stay
    assert refused(d, 1, "hit") == "Not your turn"
    assert refused(d, 2, "bet", chips=1) == "Hit or stay first"
    stays(d)
    assert refused(d, 1, "stay") == "Not time to hit or stay"
    bets(d, 2, 2)
    assert "not in this deal" in refused(d, 0, "contest", target=0)
    act(d, 0, "contest", target=1)
    assert refused(d, 0, "contest", target=1) == "Already contested"
    act(d, 0, "end")
    assert refused(d, 0, "end") == "The deal is over"


# -- options -------------------------------------------------------------------------------

def test_option_table_matches_the_spec():
    ids = [e[0] for e in options("kyuten")]
    for oid in ("decks", "limit", "ante_values", "allow_ken", "dealer_mode", "deals_per_dealer",
                "rotation_direction", "contest_quota", "contest_quota_min_one", "starting_chips",
                "dealer_extra_chips"):
        assert oid in ids
    d = rules.defaults(options("kyuten"))
    assert d["decks"] == 1 and d["limit"] == 10 and d["allow_ken"] is True
    assert d["dealer_mode"] == "rotating" and d["deals_per_dealer"] == 3
    assert d["rotation_direction"] == "clockwise" and d["contest_quota"] == "floor_half"
    assert d["contest_quota_min_one"] is True and d["starting_chips"] == 50
    assert d["dealer_extra_chips"] == 0 and d["ante_values"] == [1, 2, 3]
    e = rules.find(options("kyuten"), "ante_values")
    assert rules.check_value(e, [1, 3]) is None
    for bad in ([], [0, 1], [1, 4], [2, 1], "1-3", [True]):
        assert rules.check_value(e, bad) is not None


def test_rulesets_load():
    for f in ("kyuten_default.json", "kyuten_big_table.json"):
        g, name, o = rules.load(os.path.join(ROOT, "firmware", "rulesets", f))
        assert g == "kyuten" and len(name) <= 32
    g, name, o = rules.load(os.path.join(ROOT, "firmware", "rulesets", "kyuten_default.json"))
    assert o == rules.defaults(options("kyuten"))


def test_two_decks():
    m = new_match(10, 0, decks=2)
    assert m.deck_kind() == cards.STD104 and len(m.deck()) == 104
    s = Session("kyuten", "t", m.opts, m.ledger.names, None, None, b"\x02" * 32)
    d = s.begin_deal()
    while not d.done:
        s.act(B.smart_bot(d, d.turn, rng.Rng(b"\x03" * 32)), d.turn)
    got = sorted(x for _, cs in d.places() for x in cs)
    assert got == list(range(104))


def test_limit_option():
    m, d = new_deal(3, 0, ["8S", "2S", "7H"], limit=5)
    antes(d, 1, 1)
    stays(d)
    assert refused(d, 1, "bet", chips=6) == "Bet 1 to 5 (the limit)"
    assert d.choices(1) == [K.BET + b for b in range(1, 6)]


def test_limit_by_dealer_is_fixed_for_the_tenure():
    m = new_match(3, 0, limit=12, limit_by_dealer=True, deals_per_dealer=2)
    d = m.start_deal(cards=list(m.deck()))
    assert d.phase == K.P_LIMIT and d.turn == 0
    assert d.choices(0) == [K.LIMIT + v for v in range(1, 13)]
    assert refused(d, 0, "limit", chips=13) == "Limit is 1 to 12"
    act(d, 0, "limit", chips=4)
    assert d.limit == 4 and d.phase == K.P_ANTE
    assert ("act", 0, "limit", {"chips": 4}) in d.events
    antes(d, 1, 1)
    stays(d)
    assert refused(d, 1, "bet", chips=5) == "Bet 1 to 4 (the limit)"
    bets(d, 4, 4)
    act(d, 0, "contest", target=1)
    act(d, 0, "end")
    m.finish_deal()
    d = m.start_deal(cards=list(m.deck()))      # second deal of the tenure: no new limit
    assert d.phase == K.P_ANTE and d.limit == 4
    assert refused(d, 1, "limit", chips=9) == "The limit is set for this tenure"
    antes(d, 1, 1)
    stays(d)
    bets(d, 1, 1)
    act(d, 0, "contest", target=1)
    act(d, 0, "end")
    m.finish_deal()
    assert m.dealer == 1
    d = m.start_deal(cards=list(m.deck()))      # a new dealer sets a new limit
    assert d.phase == K.P_LIMIT and d.turn == 1


def test_ante_values_and_allow_ken():
    m, d = new_deal(3, 0, [], ante_values=[1])
    assert d.choices(1) == [K.ANTE + 1, K.KEN]
    assert refused(d, 1, "ante", chips=2) == "Ante is 1 chips"
    assert d.prompt(1) == "Ante 1 or ken?"
    m, d = new_deal(3, 0, [], allow_ken=False)
    assert K.KEN not in d.choices(1)
    assert "ken" in refused(d, 1, "ken")
    m, d = new_deal(3, 0, [], ante_values=[2, 3])
    assert d.choices(1) == [K.ANTE + 2, K.ANTE + 3, K.KEN]
    assert B.smart_bot(d, 1, rng.Rng(b"\x01" * 32)) == K.ANTE + 2


def test_dealer_modes_and_rotation_direction():
    def dealers(**kw):
        o = rules.defaults(options("kyuten"))
        o.update(kw)
        s = play_match("kyuten", 4, b"\x21" * 32, "smart", 12, o)
        return [h["dealer"] for h in s.match.history], s

    seq, s = dealers(deals_per_dealer=2, end_when_broke=False, starting_chips=500)
    first = seq[0]
    assert seq == [(first + i // 2) % 4 for i in range(8)]
    assert s.match.over() and s.match.deal_no == 8      # one rotation of 4 tenures
    notes = [e for e in s.match.history[1]["events"] if e[0] == "note"]
    assert ("note", "The deal passes to P%d" % ((first + 1) % 4 + 1)) in notes
    seq, s = dealers(deals_per_dealer=1, rotation_direction="counterclockwise", starting_chips=500)
    assert seq == [(seq[0] - i) % 4 for i in range(4)]
    seq, s = dealers(dealer_mode="permanent", deals_per_match=7, starting_chips=500)
    assert seq == [seq[0]] * 7
    seq, s = dealers(rotations=2, deals_per_dealer=1, starting_chips=500)
    assert len(seq) == 8


def test_contest_quota_options():
    def req(players, **kw):
        m, d = new_deal(players + 1, 0, [], **kw)
        antes(d, *([1] * players))
        return d.required

    assert req(8) == 4 and req(7) == 3
    assert req(8, contest_quota="strict_majority") == 5
    assert req(7, contest_quota="strict_majority") == 4
    assert req(1 + 1, contest_quota="floor_half") == 1
    # one player: floor_half gives 0, min_one makes it 1
    m, d = new_deal(3, 0, ["8S", "7H"])
    antes(d, 1, 0)
    stays(d)
    bets(d, 1)
    assert d.required == 1 and K.END not in d.choices(0)
    m, d = new_deal(3, 0, ["8S", "7H"], contest_quota_min_one=False)
    antes(d, 1, 0)
    stays(d)
    bets(d, 1)
    assert d.required == 0
    act(d, 0, "end")
    assert d.done and d.ledger.chips == [50, 50, 50]


def test_starting_and_dealer_extra_chips():
    o = rules.defaults(options("kyuten"))
    o.update(starting_chips=30, dealer_mode="permanent", dealer_extra_chips=20)
    s = Session("kyuten", "t", o, ["A", "B", "C"], None, None, b"\x05" * 32)
    d = s.draw_first_dealer(b"\x06" * 32)
    assert s.match.ledger.chips == [50 if i == d else 30 for i in range(3)]
    assert s.match.start_chips == s.match.ledger.chips
    # a resumed match does not add the extra again
    s2 = Session.from_record(json.loads(json.dumps(s.record())))
    assert s2.match.ledger.chips == s.match.ledger.chips and s2.match.start_chips == s.match.start_chips
    o["dealer_mode"] = "rotating"           # the extra is for a permanent dealer only
    s = Session("kyuten", "t", o, ["A", "B", "C"], None, None, b"\x05" * 32)
    s.draw_first_dealer(b"\x06" * 32)
    assert s.match.ledger.chips == [30, 30, 30]


def test_every_option_value_plays():
    tried = 0
    for e in options("kyuten"):
        values = e[2] if len(e) == 3 and not callable(e[2]) else None
        if len(e) == 4:
            values = [e[2], e[1] if e[1] is not None else e[2], min(e[3], 12)]
        if callable(e[2]):
            values = [[1], [2, 3], [1, 2, 3]]
        for v in values:
            o = rules.defaults(options("kyuten"))
            o[e[0]] = v
            assert rules.check_value(e, v) is None
            for bots in ("random", "smart"):
                s = play_match("kyuten", 5, rng.derive(b"\x31" * 32, tried), bots, 4, o)
                assert s.match.ledger.total() == sum(s.match.start_chips)
                tried += 1
    assert tried > 60


# -- chips --------------------------------------------------------------------------------

def test_short_players_sit_out_and_bets_are_capped():
    m, d = new_deal(4, 0, ["8S", "7S", "6H"], chips=[50, 1, 2, 3])
    # seat 1 cannot cover ante 1 + bet 1: forced ken, with a note
    assert ("note", "P2 sits out: too few chips") in d.events
    assert d.turn == 2 and d.choices(2) == [K.ANTE + 1, K.KEN]
    assert "needs 3 chips" in refused(d, 2, "ante", chips=2)
    antes(d, 1, 2)
    assert d.back[1] == K.NONE
    stays(d)
    assert d.choices(2) == [K.BET + 1]
    assert refused(d, 2, "bet", chips=2) == "You have only 1 chips"
    bets(d, 1, 1)
    assert min(d.ledger.chips) >= 0


def test_short_dealer_pays_what_it_has():
    m, d = new_deal(3, 0, ["9S", "8S", "2H"], chips=[3, 50, 50])
    antes(d, 1, 1)
    stays(d)
    bets(d, 5, 5)
    act(d, 0, "contest", target=1)          # 9 beats 2: owed 6, the dealer has 3
    assert (0, 1, 3, "win") in pays(d)
    assert ("note", "Dealer short: pays 3 of 6") in d.events
    act(d, 0, "contest", target=2)
    assert d.ledger.chips[0] == 0 and d.done
    assert sum(d.ledger.chips) == 103 and d.ledger.pot == 0


def test_everyone_sits_out():
    m, d = new_deal(3, 0, [])
    antes(d, 0, 0)
    assert d.done and ("note", "Everyone sat out") in d.events
    assert not [e for e in d.events if e[0] == "card"]


# -- stock exhaustion (A7) ---------------------------------------------------------------------

def test_empty_stock_forces_stays_and_stops_draws():
    m = new_match(4, 0)
    d = m.start_deal(cards=[c("2S"), c("3S"), c("4S"), c("5H"), c("AD")])
    antes(d, 1, 1, 1)
    act(d, 1, "hit")                        # takes the last card
    assert len(d.stock) == 0
    assert ("note", "Stock empty: no more hits") in d.events
    assert d.phase == K.P_BET               # seats 1..3 had to stay
    bets(d, 1, 1, 1)
    assert K.DRAW not in d.choices(0)
    assert refused(d, 0, "draw") == "The stock is empty"


# -- visibility ------------------------------------------------------------------------------

def test_visibility_oracle_over_bot_deals():
    n = 0
    for s, d in bot_matches(60, b"\x41" * 32):
        oracle(d)
        n += 1
    assert n > 1000


def _only_p3_contested():
    """A deal of 4 seats, each child ante 1 and bet 1, the dealer (seat 0)
    contesting P3 only, then ending."""
    _, d = new_deal(4, 0, ["2S", "3S", "4S", "5H"])
    antes(d, 1, 1, 1)
    stays(d)
    bets(d, 1, 1, 1)
    act(d, 0, "contest", target=2)
    act(d, 0, "end")
    return d


def test_back_cards_stay_hidden_unless_contested():
    d = _only_p3_contested()
    pub = set(d.seen(-1))
    assert c("3S") in pub and c("2S") not in pub and c("4S") not in pub
    assert c("2S") in d.seen(1) and c("2S") not in d.seen(3) and c("2S") not in d.seen(0)
    assert d.view(1)["back"] == hand("2S") and d.public()["backs"][1] == b""


def test_a_stake_back_not_contested_is_explained_in_words_on_the_results():
    from oya.ui.tables import event_lines
    d = _only_p3_contested()
    names = ["P1", "P2", "P3", "P4"]
    en = event_lines(cards.STD52, d.events, names, K.value_label)
    ja = event_lines(cards.STD52, d.events, names, K.value_label, 1)
    # P2 and P4 were never contested: a line for each says why their stake comes back
    for s in ("P2", "P4"):
        i = en.index("%s not contested: the dealer did not compare hands, stake back" % s)
        assert en[i + 1] == "pot>%s 2 not contested" % s
        assert ja[i] == "%s ショウブ ナシ: オヤガ テヲ クラベナカッタ, ハリ モドシ" % s
    assert not any("P3 not contested" in x for x in en)


def test_bots_use_only_choices_and_view():
    n = 0
    for s, d in bot_matches(30, b"\x51" * 32, bots=("smart",)):
        a = B.smart_bot(ViewOnly(d), d.turn, rng.Rng(b"\x01" * 32))
        assert a in d.choices(d.turn)
        a = B.random_bot(ViewOnly(d), d.turn, rng.Rng(b"\x01" * 32))
        assert a in d.choices(d.turn)
        n += 1
    assert n > 300


def test_smart_bot_behaviour():
    # a player hits low face-up totals, stays on a natural; the dealer draws on 5 or less
    m, d = new_deal(3, 0, ["2S", "9S", "3H", "4D", "KD"])
    antes(d, 1, 1)
    r = rng.Rng(b"\x01" * 32)
    assert B.smart_bot(d, 1, r) == K.HIT
    act(d, 1, "hit")                         # 2 + 4 = 3 points: hits again
    assert B.smart_bot(d, 1, r) == K.HIT
    act(d, 1, "stay")
    act(d, 2, "hit")                         # 9 + K = natural
    assert B.smart_bot(d, 2, r) == K.STAY
    act(d, 2, "stay")
    act(d, 1, "bet", chips=1)
    assert B.smart_bot(d, 2, r) == K.BET + 10  # bets the limit on a natural
    act(d, 2, "bet", chips=10)
    assert B.smart_bot(d, 0, r) == K.DRAW    # up 3: draws
    # the dealer picks the player whose up-cards look weakest: seat 1 (4 up)
    # over seat 2 (a K up, and the limit bet)
    m, d = new_deal(3, 0, ["2S", "9S", "8H", "4D", "KD"])
    antes(d, 1, 1)
    act(d, 1, "hit")
    act(d, 1, "stay")
    act(d, 2, "hit")
    act(d, 2, "stay")
    bets(d, 1, 10)
    assert B.smart_bot(d, 0, r) == K.CONTEST + 1


# -- words ---------------------------------------------------------------------------------

def test_labels_prompts_and_round_trip():
    seen_do = set()
    for s, d in bot_matches(12, b"\x61" * 32):
        seat = d.turn
        for lang in (EN, JA):
            p = d.prompt(seat, lang)
            assert p and halfwidth_len(p) <= 21, p
            other = (seat + 1) % d.nseats
            assert halfwidth_len(d.prompt(other, lang)) <= 21
        for a in d.choices(seat):
            assert len(d.label(a, EN)) <= 21 and halfwidth_len(d.label(a, JA)) <= 21
            do, args = d.decode(a)
            seen_do.add(do)
            assert d.encode(do, args) == a
            assert d.encode(do, json.loads(json.dumps(args))) == a
    assert seen_do >= {"ante", "ken", "hit", "stay", "bet", "draw", "contest", "end"}
    m = new_match(3, 0, limit_by_dealer=True)
    d = m.start_deal(cards=list(m.deck()))
    assert d.decode(K.LIMIT + 7) == ("limit", {"chips": 7})
    assert d.label(K.LIMIT + 7, JA) == "リミット 7"
    with pytest.raises(ValueError):
        d.encode("bet", {"chips": 100})
    with pytest.raises(ValueError):
        d.encode("fold", None)


def test_value_words_and_pure_functions():
    assert K.vstr(19) == "9.5" and K.vstr(14) == 7 and K.vstr(21) == "10.5"
    assert K.half(c("AS")) == 2 and K.half(c("TS")) == 20 and K.half(c("QS")) == 1
    assert K.value_label("9.5", "natural") == "Natural"
    assert K.value_label("10.5", "jack_ten", JA) == "ジャックテン"
    assert K.value_label(12, None) == "Bust 12"
    assert K.value_label("7.5", None) == "7.5"
    assert K.outcome(hand("7S"), hand("7H")) == 1
    assert K.outcome(hand("6S"), hand("7H")) == -1
    assert K.outcome(hand("TS", "5S"), hand("9H", "AH")) == 1
    assert K.outcome(hand("JS", "TH"), hand("9H", "KH")) == 2
    assert K.outcome(hand("KS", "QS", "JS"), hand("AH")) == 1


def test_show_events_use_half_point_strings():
    m, d = new_deal(3, 0, ["7S", "2S", "3H", "QD"])
    antes(d, 1, 1)
    act(d, 1, "hit")
    stays(d)
    bets(d, 1, 1)
    act(d, 0, "contest", target=1)
    shows = [e for e in d.events if e[0] == "show"]
    assert shows[0] == ("show", "seat:1", hand("7S", "QD"), "7.5", None)
    assert shows[1] == ("show", "dealer", hand("3H"), 3, None)


# -- match level -------------------------------------------------------------------------------

def test_first_dealer_highest_value_ties_draw_again():
    m = new_match(4)
    src = stock.fixed([c("TS"), c("9S"), c("TH"), c("KS"), c("3D"), c("5D")])
    assert m.draw_first_dealer(src) == 2
    assert ("note", "Tie: draw again") in m.intro
    assert [e[2] for e in m.intro if e[0] == "card"] == ["seat:0", "seat:1", "seat:2", "seat:3",
                                                          "seat:0", "seat:2"]
    m = new_match(3)
    assert m.draw_first_dealer(stock.fixed([c("KS"), c("AS"), c("QS")])) == 1   # A beats K (1/2)


def test_match_ends_when_a_seat_is_broke_or_by_option():
    m = new_match(3, 0, chips=[50, 1, 50])
    assert m.over()
    m = new_match(3, 0, chips=[50, 1, 50], end_when_broke=False)
    assert not m.over()
    m = new_match(3, 0, chips=[50, 1, 1], end_when_broke=False)
    assert m.over()                      # fewer than two seats can stake
    m = new_match(3, 0, deals_per_match=2, dealer_mode="permanent")
    m.deal_no = 2
    assert m.over()


def test_broke_dealer_passes_the_deal_when_play_goes_on():
    m = new_match(3, 0, chips=[3, 50, 50], end_when_broke=False, deals_per_dealer=3)
    d = m.start_deal(cards=[c("9S"), c("8S"), c("2H")] + [x for x in m.deck() if x not in (c("9S"), c("8S"), c("2H"))])
    antes(d, 1, 1)
    stays(d)
    bets(d, 5, 5)
    act(d, 0, "contest", target=1)
    act(d, 0, "contest", target=2)
    assert d.ledger.chips[0] == 0
    assert ("note", "The deal passes to P2") in d.events
    m.finish_deal()
    assert m.dealer == 1 and m.tenure == 0
    low = [c("2H"), c("3H"), c("2D"), c("3D")]     # no natural: the deal stays in play
    d = m.start_deal(cards=low + [x for x in m.deck() if x not in low])
    assert d.turn == 2
    act(d, 2, "ante", chips=1)
    assert ("note", "P1 sits out: too few chips") in d.events
    assert d.phase == K.P_HIT and d.back[0] == K.NONE


def test_standings_by_chips_won():
    m = new_match(3, 0, chips=[100, 50, 50])
    m.ledger.chips = [90, 70, 40]
    assert [s for s, _ in m.standings()] == [1, 0, 2]     # net +20, -10, -10
    assert m.standings()[0] == (1, 70)


def test_resume_mid_deal_replays_to_the_same_state():
    o = rules.defaults(options("kyuten"))
    o.update(limit_by_dealer=True, deals_per_dealer=2)
    s = Session("kyuten", "t", o, ["A", "B", "C", "D"], None, None, b"\x71" * 32)
    s.draw_first_dealer(b"\x72" * 32)
    r = rng.Rng(b"\x73" * 32)
    checked = 0
    for _ in range(5):
        d = s.begin_deal()
        while not d.done:
            rec = json.loads(json.dumps(s.record()))
            s2 = Session.from_record(rec)
            d2 = s2.match.deal
            assert d2.events == d.events and snapshot(d2) == snapshot(d)
            assert s2.match.limit == s.match.limit and s2.match.tenure == s.match.tenure
            checked += 1
            s.act(B.smart_bot(d, d.turn, r), d.turn)
        s.end_deal()
    assert checked > 40


# -- properties and tools ---------------------------------------------------------------------

def test_properties_2000_deals():
    stats = run_deals("kyuten", deals=2000, seed=b"\x81" * 32)
    assert stats["deals"] == 2000 and stats["actions"] > 20000


def test_properties_with_the_visibility_oracle():
    stats = run_deals("kyuten", deals=150, seed=b"\x82" * 32, leak_check=oracle)
    assert stats["deals"] == 150


def test_cli_play_and_verify(tmp_path):
    out = tmp_path / "k.json"
    py = sys.executable
    r = subprocess.run([py, "-m", "tools", "play", "kyuten", "--seats", "7", "--seed", "0a0b",
                        "--bots", "smart", "--deals", "9", "--option", "decks=2", "--json", str(out)],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    t = json.loads(out.read_text())
    assert t["game"] == "kyuten" and len(t["seats"]) == 7 and t["ruleset"]["options"]["decks"] == 2
    assert 1 <= len(t["deals"]) <= 9
    for deal in t["deals"]:
        for e in deal["events"]:
            if e["t"] == "show":
                assert isinstance(e["value"], int) or e["value"].endswith(".5")
    r = subprocess.run([py, "-m", "tools", "verify", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("OK"), r.stdout + r.stderr
