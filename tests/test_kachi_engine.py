"""Kachi-kachi engine on CPython: illegal actions, labels and prompts, the
transcript forms, every option value, visibility, match-level rules, the
shipped rulesets and the play/verify tools."""
import json
import os
import subprocess
import sys

import pytest

import tools  # noqa: F401
from oya import rng, rules, cards
from oya.game import RuleError, JA, EN
from oya.games import kachi, kachi_bot, kachi_options
from oya.games.kachi import (FOLD, CALL, SHIROKU, INKETSU_GERI, BUTA_GERI, DRAW, DRAW_SHOW, EXPOSE,
                             RATE, P_RATE, P_CALL)
from oya.ledger import POT
from oya.session import Session
from oya.kana import to_half

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "both"))
from kachi_util import (new_match, deal, act, why, pays, shows, evaluate, strength, alloc,  # noqa: E402
                        call_round, play_out, opts)
from tests.test_kachi_props import leak_check  # noqa: E402
from oya.games import options

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UNIVERSE = list(range(-1, 16)) + [99, 999, 1000, 1001, 1002, 1003, 1005, 1010, 1050, 1051, 5000]


def snapshot(d):
    return (repr(d.public()), [repr(d.view(s)) for s in range(d.nseats)],
            d.match.ledger.snapshot(), len(d.events), d.turn, d.more, d.expose)


def bot_states(n_matches=40, opts_fn=None):
    """Yield (deal) at every step of bot-played matches with drawn options."""
    r = rng.Rng(b"k" * 32)
    from tests.props import random_options
    for mi in range(n_matches):
        o = random_options(options("kachi"), r)
        if opts_fn:
            o.update(opts_fn(mi))
        n = 2 + r.below(7)
        s = Session("kachi", "t", o, ["P%d" % i for i in range(n)], None, None, rng.derive(b"m" * 32, mi))
        s.draw_first_dealer(rng.derive(b"f" * 32, mi))
        bot = (kachi_bot.random_bot, kachi_bot.smart_bot)[mi % 2]
        br = rng.Rng(rng.derive(b"b" * 32, mi))
        while not s.match.over() and s.match.deal_no < 4:
            d = s.begin_deal()
            while not d.done:
                yield d
                s.act(bot(d, d.turn, br), d.turn)
            yield d
            s.end_deal()


def _variety(mi):
    return [{}, {"draw_exposure": "any_card", "inketsu_geri": "on", "buta_geri": "on"},
            {"shibari": "on", "rate_cap": 4}, {"deck_variant": "three_1s_10s", "draw_exposure": "any_card"}][mi % 4]


# -- illegal actions -----------------------------------------------------------------------

def test_illegal_actions_refused_briefly_and_change_nothing():
    n_illegal = 0
    for d in bot_states(12, _variety):
        before = snapshot(d)
        for seat in range(d.nseats):
            legal = set(d.choices(seat))
            for a in UNIVERSE + list(legal):
                msg = d.check(a, seat)
                if a in legal:
                    assert msg is None, (a, seat, msg)
                    continue
                assert msg and len(msg) <= 42, (a, msg)
                with pytest.raises(RuleError) as e:
                    d.act(a, seat)
                assert str(e.value) == msg
                n_illegal += 1
            if seat != d.turn:
                assert not legal
        assert snapshot(d) == before, "a refused action changed the state"
    assert n_illegal > 10000


def test_choices_are_exactly_the_checked_actions():
    for d in bot_states(10, _variety):
        if d.done:
            assert d.choices() == [] and d.check(FOLD, 0) == "The deal is over"
            continue
        legal = d.choices()
        assert legal, "a seat to act with no choice"
        hi = max([a for a in legal if a >= RATE] or [RATE])
        for a in list(range(0, 14)) + list(range(RATE, hi + 3)):
            assert (d.check(a, d.turn) is None) == (a in legal), a


def test_messages_for_common_mistakes():
    m = new_match(3, rate_cap=5, rate_min=2)
    d = deal(m, [["2", "3"], ["5", "6"], ["7", "10"]])
    assert d.check(CALL, 0) == "Set a rate or fold"
    assert d.check(RATE + 1, 0) == "The rate is at least 2"
    assert d.check(RATE + 6, 0) == "The rate is at most 5"
    assert d.check(RATE + 2, 1) == "Not your turn"
    assert d.check(EXPOSE, 0) == "Nothing to show now"
    assert d.check(SHIROKU, 0) == "Shiroku needs 4-6"
    assert d.check(INKETSU_GERI, 0) == "Inketsu-geri is off"
    assert d.check(BUTA_GERI, 0) == "Buta-geri is off"
    act(d, 0, "rate", chips=4)
    assert d.check(RATE + 3, 1) == "Only the dealer sets rates"
    assert d.check(DRAW_SHOW, 1) == "Draw needs a total of 0"
    m = new_match(2, chips=[50, 3])
    d = deal(m, [["2", "3"], ["5", "6"]])
    assert RATE + 50 - 1 in d.choices(0) and RATE + 50 not in d.choices(0)   # 49 left after the ante
    assert d.check(RATE + 50, 0) == "Not enough chips"
    act(d, 0, "rate", chips=5)
    assert d.choices(1) == [FOLD]                  # 2 chips left: cannot meet 5
    assert d.check(CALL, 1) == "Not enough chips: fold"


# -- labels, prompts, transcript forms ----------------------------------------------

def hw(s):
    return len(to_half(s))


def test_labels_prompts_and_transcript_forms():
    seen_do = set()
    for d in bot_states(30, _variety):
        for s in range(d.nseats):
            for lang in (EN, JA):
                p = d.prompt(s, lang)
                assert 0 < hw(p) <= 21, p
        for a in d.choices():
            en, ja = d.label(a, EN), d.label(a, JA)
            assert 0 < len(en) <= 21 and en.isascii(), en
            assert 0 < hw(ja) <= 21 and to_half(ja) == to_half(to_half(ja)), ja
            do, args = d.decode(a)
            seen_do.add(do)
            # the transcript form survives JSON and encodes back to the action
            j = json.loads(json.dumps(args))
            assert d.encode(do, j) == a, (do, args, a)
    assert seen_do >= {"rate", "call", "fold", "draw", "expose", "inketsu_geri", "buta_geri"}


def test_value_labels():
    names = ("buta", "pin", "nitako", "santa", "shisun", "goke", "roppo", "naki", "oicho", "kabu")
    for v in range(10):
        assert kachi.value_label(v) == "%d %s" % (v, names[v])
        assert 0 < hw(kachi.value_label(v, None, JA)) <= 21
    for y in kachi.YAKU_IDS:
        assert 0 < len(kachi.value_label(0, y)) <= 21
        assert 0 < hw(kachi.value_label(0, y, JA)) <= 21
    assert kachi.value_label(0, "junjun", JA) == "ジュンジュン"
    assert kachi.value_label(8) == "8 oicho"


def test_act_ids_follow_transcript():
    m = new_match(2, inketsu_geri="on")
    d = deal(m, [["10", "1g"], ["2", "8"]])
    assert d.decode(RATE + 3) == ("rate", {"chips": 3})
    assert d.decode(FOLD) == ("fold", None)
    assert d.decode(INKETSU_GERI) == ("inketsu_geri", None)
    act(d, 0, "rate", chips=3)
    assert d.decode(CALL) == ("call", {"chips": 3})
    assert d.decode(DRAW_SHOW + 1) == ("draw", {"show": "8"})
    assert d.events[:2] == [("pay", 1, POT, 1, "ante", None), ("pay", 0, POT, 1, "ante", None)]


# -- options --------------------------------------------------------------------------

def test_option_table_and_defaults():
    t = options("kachi")
    d = rules.defaults(t)
    assert d["ante"] == 1 and d["rate_cap"] is None and d["rate_min"] == 1 and d["circuits"] == 3
    assert d["deck_variant"] == "standard20" and d["draw_exposure"] == "original_card"
    assert d["pin_yaku"] == "on" and d["roppin"] == "on" and d["toppin_requires_aka_pin"] is False
    assert d["pin_41_91_position"] == "pin_tier"
    assert list(d["pin_tier_order"]) == ["4-1", "5-1", "6-1", "9-1", "10-1"]
    assert d["tamashii"] == "on" and d["kenpei"] == "on" and d["kenpei_effect"] == "void_junjun"
    assert d["shiroku"] == "on" and d["inketsu_geri"] == "off" and d["buta_geri"] == "off"
    assert d["goshugi"]["junjun"] == 1 and d["goshugi"]["arashi"] == 2
    assert d["shibari"] == "off" and d["color_tiebreak"] == "off" and d["aka_pin_priority"] == "off"
    for bad, opt in (([1, 2], "pin_tier_order"), (["4-1"] * 5, "pin_tier_order"),
                     ({"junjun": -1}, "goshugi"), ({"kabu": 1}, "goshugi"), ({"junjun": True}, "goshugi"),
                     ("3", "goshugi")):
        with pytest.raises(rules.RulesetError):
            rules.validate({"game": "kachi", "name": "x", "options": {opt: bad}})
    g, name, o = rules.validate({"game": "kachi", "name": "x", "options": {
        "pin_tier_order": ["10-1", "9-1", "6-1", "5-1", "4-1"], "goshugi": {"junjun": 3}}})
    assert o["goshugi"] == {"junjun": 3}
    assert kachi.goshugi_units(o, "junjun") == 3 and kachi.goshugi_units(o, "pinpin") == 1


def test_ante_and_rate_range():
    m = new_match(3, ante=3, rate_cap=4, rate_min=2)
    d = deal(m, [["2", "3"], ["5", "6"], ["7", "10"]])
    assert pays(d, "ante") == [(1, POT, 3, "ante"), (2, POT, 3, "ante"), (0, POT, 3, "ante")]
    assert [a - RATE for a in d.choices(0) if a >= RATE] == [2, 3, 4]
    m = new_match(2, rate_cap=2, rate_min=5)       # a cap below the minimum: the minimum wins
    d = deal(m, [["2", "3"], ["5", "6"]])
    assert [a - RATE for a in d.choices(0) if a >= RATE] == [5]


def test_circuits():
    for c in (1, 2, 5):
        m = new_match(2, circuits=c)
        d = deal(m, [["2", "3"], ["5", "6"]])
        rounds = 0
        while not d.done:
            call_round(d, 1)
            rounds += 1
        assert rounds == c and d.result == "showdown"


def test_deck_variant_and_arashi():
    m = new_match(2, deck_variant="three_1s_10s")
    assert len(m.deck()) == 22 and m.deck_kind() == cards.KACHI22
    d = deal(m, [["10", "10"], ["2", "3"]], draws=["10", "5"])
    act(d, 0, "draw", show="10")
    assert DRAW in d.choices(0)
    act(d, 0, "draw")
    play_out(d)
    assert shows(d)["seat:0"][2] == "junjun" and d.winner == 0
    assert pays(d, "goshugi") == [(1, 0, 2, "goshugi")]
    assert [e for e in d.events if e[0] == "pay" and e[4] == "goshugi"][0][5] == {"yaku": "arashi"}
    # all three 10s are face up to claim it
    assert sorted(c for c in d.seen(-1) if c // 4 == 9) == [36, 37, 38]


def test_draw_exposure_any_card():
    m = new_match(2, draw_exposure="any_card")
    d = deal(m, [["3", "7"], ["5", "3"]], draws=["10", "6"])
    assert d.choices(0)[:2] == [FOLD, DRAW] and DRAW_SHOW not in d.choices(0)
    assert d.check(DRAW_SHOW, 0) == "Draw first, then show"
    act(d, 0, "draw")
    assert d.choices(0) == [EXPOSE, EXPOSE + 1, EXPOSE + 2]
    assert d.check(FOLD, 0) == "Show one of your cards first"
    assert d.prompt(0) == "Show which card?"
    assert d.public()["expose"] == 1
    act(d, 0, "expose", card="3")
    assert d.events[-2][:3] == ("act", 0, "expose") and d.events[-1][0] == "reveal"
    assert DRAW in d.choices(0)                    # the 3rd card was a 10
    act(d, 0, "draw")
    assert d.choices(0) == [EXPOSE + 1, EXPOSE + 2, EXPOSE + 3]
    assert d.check(EXPOSE, 0) == "Show a card still hidden"
    act(d, 0, "expose", card="6")
    assert len(d.hands[0]) == 4 and DRAW not in d.choices(0)
    assert sorted(cards.names(d.kind, d.seen(1))) == ["3", "3", "5", "6"]
    # no 4th card unless the 3rd was a 10
    d = deal(new_match(2, draw_exposure="any_card"), [["3", "7"], ["5", "3"]], draws=["9"])
    act(d, 0, "draw")
    act(d, 0, "expose", card="9")
    assert DRAW not in d.choices(0) and d.check(DRAW, 0) == "4th card only after a 10"


def test_draw_declined_after_a_10_and_empty_stock():
    m = new_match(2)
    d = deal(m, [["3", "7"], ["5", "3"]], draws=["10"])
    act(d, 0, "draw", show="3")
    act(d, 0, "rate", chips=1)                     # declines the 4th card
    assert len(d.hands[0]) == 3
    m = new_match(8)
    d = deal(m, [["1g", "9"], ["2", "8"], ["3", "7"], ["4", "6"], ["5", "5"], ["10", "10"],
                 ["1r", "2"], ["3", "4"]])
    assert len(d.stock) == 4
    for s in range(4):
        act(d, d.turn, "draw", show=cards.name(d.kind, d.hands[d.turn][0]))
        act(d, d.turn, "rate" if d.phase == P_RATE else "call", chips=1)
    assert len(d.stock) == 0
    assert d.check(DRAW_SHOW, d.turn) == "The stock is empty"


def test_pin_yaku_roppin_tamashii_switches():
    assert evaluate(["5", "1g"], pin_yaku="off") == (6, 6, None)
    assert evaluate(["9", "1g"], True, pin_yaku="off") == (0, 0, None)
    assert evaluate(["6", "1g"], roppin="off") == (7, 7, None)
    assert evaluate(["6", "1g"])[2] == "roppin"
    assert evaluate(["4g", "1g"], tamashii="off")[2] == "shippin"
    assert evaluate(["4g", "1g"], True, tamashii="off") == (5, 5, None)
    assert evaluate(["4g", "1g"], pin_yaku="off") [2] == "tamashii"
    assert "tamashii" not in kachi.ladder(opts(tamashii="off"))
    m = new_match(3, tamashii="off")
    d = deal(m, [["5", "5"], ["4g", "1g"], ["6", "2"]])
    play_out(d)
    assert shows(d)["seat:1"][2] == "shippin" and not pays(d, "goshugi")


def test_pin_positions_and_order():
    for pos in options("kachi")[9][2]:
        lad = kachi.ladder(opts(pin_41_91_position=pos))
        assert len(lad) == 16 and lad[-1] == "junjun"
        if pos == "pin_tier":
            assert lad[:5] == kachi.PIN_IDS
            continue
        lo, hi = pos[8:].split("_and_")
        ids = dict(zip(kachi_options.SLOT_PAIRS, ("ninnin", "sansan", "shisshi", "gongo", "rokuroku",
                                          "shichishichi", "hachihachi", "kunkun", "pinpin", "junjun")))
        i = lad.index("shippin")
        assert lad[i - 1] == ids[lo] and lad[i + 1] == "kuppin"
        assert lad[i + 2] in (ids[hi], "tamashii")
        assert lad[:3] == ("goppin", "roppin", "toppin")
    lad = kachi.ladder(opts(pin_tier_order=["10-1", "9-1", "6-1", "5-1", "4-1"]))
    assert lad[:5] == ("toppin", "kuppin", "roppin", "goppin", "shippin")
    lad = kachi.ladder(opts(pin_tier_order=["10-1", "9-1", "6-1", "5-1", "4-1"],
                            pin_41_91_position="between_9-9_and_1-1"))
    assert lad[lad.index("kunkun") + 1:lad.index("kunkun") + 3] == ("kuppin", "shippin")
    assert strength(["10", "1g"], pin_tier_order=["10-1", "9-1", "6-1", "5-1", "4-1"]) < \
        strength(["5", "1g"], pin_tier_order=["10-1", "9-1", "6-1", "5-1", "4-1"])


def test_kenpei_off_and_choice_among_able():
    m = new_match(2, kenpei="off")
    d = deal(m, [["10", "10"], ["1g", "2"]])
    play_out(d)
    assert d.winner == 0 and pays(d, "goshugi") == [(1, 0, 1, "goshugi")]
    # kenpei needs a junjun: 1-2 is a plain 3 otherwise
    m = new_match(2)
    d = deal(m, [["1g", "2"], ["5", "9"]])
    play_out(d)
    assert shows(d)["seat:0"][1:] == (3, None) and d.winner == 1
    # two seats able: under void_junjun the weaker best hand declares, the
    # other keeps its kabu and wins
    m = new_match(3)
    d = deal(m, [["10", "10"], ["1g", "2"], ["2", "8"]], draws=["1r"])
    act(d, 0, "rate", chips=1)
    act(d, 1, "call", chips=1)
    act(d, 2, "draw", show="8")
    act(d, 2, "call", chips=1)
    play_out(d)
    sh = shows(d)
    assert sh["seat:1"][2] == "kenpei" and sh["seat:2"][1:] == (9, None) and d.winner == 2
    # under kenpei_wins both declare and tie: hiki
    m = new_match(3, kenpei_effect="kenpei_wins")
    d = deal(m, [["10", "10"], ["1g", "2"], ["2", "8"]], draws=["1r"])
    act(d, 0, "rate", chips=1)
    act(d, 1, "call", chips=1)
    act(d, 2, "draw", show="8")
    act(d, 2, "call", chips=1)
    play_out(d)
    assert shows(d)["seat:2"][2] == "kenpei" and d.result == "hiki"


def test_shiroku_off_and_after_draw():
    m = new_match(2, shiroku="off")
    d = deal(m, [["4", "6"], ["5", "3"]])
    assert d.check(SHIROKU, 0) == "Shiroku is off"
    m = new_match(2)
    d = deal(m, [["4", "6"], ["5", "3"]], draws=["2"])
    assert SHIROKU in d.choices(0)
    act(d, 0, "draw", show="4")
    assert d.check(SHIROKU, 0) == "No shiroku after a draw"
    # the dealer's shiroku hands the deal's dealer role on; one seat left wins
    d = deal(new_match(2), [["4", "6"], ["5", "3"]])
    act(d, 0, "shiroku")
    assert d.done and d.winner == 1
    assert pays(d) [-2:] == [(POT, 0, 1, "shiroku"), (POT, 1, 1, "win")]


def test_inketsu_and_buta_geri():
    m = new_match(3, inketsu_geri="on", chips=[50, 50, 1])
    d = deal(m, [["2", "3"], ["10", "1g"], ["3", "7"]])
    act(d, 0, "rate", chips=2)
    assert INKETSU_GERI in d.choices(1) and BUTA_GERI not in d.choices(1)
    act(d, 1, "inketsu_geri")
    assert d.done and d.winner == 1 and d.result == "geri"
    assert shows(d) == {"seat:1": (["10", "1g"], 1, "inketsu_geri")}
    assert d.folded[2] == 1 and d.folded[0] == 1
    # the pot (antes 3 + rate 2), then goshugi from each other seat; seat 2
    # had nothing left after its ante and pays nothing
    assert pays(d)[-2:] == [(POT, 1, 5, "win"), (0, 1, 1, "goshugi")]
    assert m.ledger.chips == [46, 55, 0]
    m = new_match(2, buta_geri="on", goshugi={"buta_geri": 3})
    d = deal(m, [["3", "7"], ["5", "3"]])
    assert BUTA_GERI in d.choices(0)
    act(d, 0, "buta_geri")
    assert pays(d)[-1] == (1, 0, 3, "goshugi")
    # not after a draw
    m = new_match(2, buta_geri="on")
    d = deal(m, [["3", "7"], ["5", "3"]], draws=["4"])
    act(d, 0, "draw", show="3")
    assert d.check(BUTA_GERI, 0) == "Not after a draw"
    assert why(d, 0, "inketsu_geri") == "Inketsu-geri is off"


def test_goshugi_amounts_and_uncontested_bonus():
    m = new_match(3, ante=2, goshugi={"pinpin": 2})
    d = deal(m, [["1r", "1g"], ["5", "3"], ["7", "7"]])
    act(d, 0, "rate", chips=1)
    act(d, 1, "fold")
    act(d, 2, "fold")
    # uncontested: pinpin is shown automatically to claim 2 x ante from each
    assert shows(d) == {"seat:0": (["1r", "1g"], 2, "pinpin")}
    assert pays(d, "goshugi") == [(1, 0, 4, "goshugi"), (2, 0, 4, "goshugi")]
    # an uncontested winner without a bonus yaku shows nothing
    d = deal(new_match(2), [["2", "3"], ["5", "6"]])
    act(d, 0, "rate", chips=1)
    act(d, 1, "fold")
    assert not shows(d) and d.seen(-1) == b""
    # goshugi 0 turns a bonus off
    d = deal(new_match(2, goshugi={"junjun": 0}), [["10", "10"], ["5", "6"]])
    play_out(d)
    assert not pays(d, "goshugi")


def test_colour_and_aka_pin_tiebreaks():
    # 8 against 8: 3-5 (copy 1 = black) vs 1r-7 (both copy 0 = red)
    def run(**kw):
        m = new_match(2, **kw)
        d = deal(m, [["3", "5"], ["1r", "7"]])
        play_out(d)
        return d
    assert run().result == "hiki"
    assert run(color_tiebreak="red_high").winner == 1
    assert run(color_tiebreak="black_high").winner == 0
    assert run(aka_pin_priority="superior").winner == 1
    assert run(aka_pin_priority="inferior").winner == 0
    assert run(aka_pin_priority="inferior", color_tiebreak="red_high").winner == 0
    o = opts(color_tiebreak="red_high")
    # equal counts: the colour of the higher number decides
    a, b = 9 * 4 + 0, 1 * 4 + 1      # red 10, black 2
    c, d_ = 9 * 4 + 1, 1 * 4 + 0     # black 10, red 2
    assert kachi.tiebreak(a, b, o) > kachi.tiebreak(c, d_, o)
    assert kachi.is_red(cards.KACHI_AKA_PIN) and not kachi.is_red(cards.KACHI_GILDED_1)


def test_shibari_nobody_qualifies_and_last_one_checked():
    m = new_match(3, shibari="on")
    m.shibari = kachi.ladder(m.opts).index("junjun") + 10
    d = deal(m, [["2", "3"], ["5", "6"], ["7", "10"]])
    assert d.choices(0) == [FOLD] and d.prompt(0) == "Shibari: must fold"
    act(d, 0, "fold")
    assert d.oya == 1 and d.choices(1) == [FOLD]
    act(d, 1, "fold")
    # one seat left, not yet checked: it gets its turn and must fold too
    assert not d.done and d.turn == 2 and d.choices(2) == [FOLD]
    act(d, 2, "fold")
    assert d.done and d.result == "carry" and m.ledger.pot == 3
    m.finish_deal()
    assert m.shibari == 25 and m.dealer == 2
    # a last seat that qualifies after its draw wins
    m = new_match(2, shibari="on")
    m.shibari = 9
    d = deal(m, [["2", "3"], ["2", "8"]], draws=["1r"])
    act(d, 0, "fold")
    assert d.turn == 1 and not d.done
    assert d.choices(1) == [FOLD, DRAW_SHOW, DRAW_SHOW + 1]
    assert d.prompt(1) == "Set the rate, round 1"       # may still draw to qualify
    act(d, 1, "draw", show="2")
    assert RATE + 1 in d.choices(1)
    act(d, 1, "rate", chips=1)
    assert d.done and d.winner == 1
    m.finish_deal()
    assert m.shibari is None and m.dealer == 1


# -- visibility -----------------------------------------------------------------------

def test_visibility_oracle_on_bot_deals():
    n = 0
    for d in bot_states(40, _variety):
        leak_check(d)
        n += 1
    assert n > 500


def test_folded_hand_never_shown():
    m = new_match(3)
    d = deal(m, [["2", "3"], ["5", "6"], ["7", "10"]])
    act(d, 0, "rate", chips=1)
    act(d, 1, "fold")
    act(d, 2, "call", chips=1)
    play_out(d)
    assert d.result == "showdown" and "seat:1" not in shows(d)
    for c in d.hands[1]:
        assert c not in d.seen(-1) and c not in d.seen(0) and c not in d.seen(2)
        assert c in d.seen(1)
    assert d.public()["shown"][1] is None
    assert d.view(0)["hand"] == bytes(d.hands[0])


# -- match ------------------------------------------------------------------------------

def test_first_dealer_lowest_with_redraw():
    m = new_match(3)
    from oya.stock import fixed
    # seats draw 5, 2, 2 -> seats 1 and 2 tie, redraw 7, 3 -> seat 2
    src = fixed([16, 4, 5, 24, 8, 0])
    assert m.draw_first_dealer(src) == 2
    assert [e[2] for e in m.intro] == ["seat:0", "seat:1", "seat:2", "seat:1", "seat:2"]
    assert all(e[0] == "card" and e[3] is True for e in m.intro)


def test_winner_deals_next_and_hiki_keeps_oya():
    m = new_match(3)
    d = deal(m, [["2", "3"], ["9", "10"], ["7", "10"]])
    play_out(d)
    assert d.winner == 1
    m.finish_deal()
    assert m.dealer == 1
    # hiki after the dealer folded: the seat holding the role keeps the deal
    d = deal(m, [["3", "5"], ["2", "3"], ["1g", "7"]])
    act(d, 1, "fold")
    assert d.oya == 2
    play_out(d)
    assert d.result == "hiki"
    m.finish_deal()
    assert m.dealer == 2


def test_broke_seats_sit_out_and_match_end():
    m = new_match(3, chips=[10, 0, 10], dealer=1)
    d = deal(m, [["2", "3"], None, ["7", "10"]])
    assert d.dealt[1] == 0 and len(d.hands[1]) == 0 and d.oya == 2
    assert ("note", "seat 1 sits out") in d.events
    assert d.turn == 2
    play_out(d)
    m.finish_deal()
    assert not m.over()
    m = new_match(2, chips=[10, 0])
    assert m.over()
    m = new_match(2, deals_per_match=1)
    assert not m.over()
    d = deal(m, [["2", "3"], ["5", "6"]])
    play_out(d)
    m.finish_deal()
    assert m.over()


def test_dealer_passes_when_it_cannot_ante():
    m = new_match(3, chips=[5, 9, 9], circuits=1)
    d = deal(m, [["3", "5"], ["1g", "7"], ["2", "3"]])
    act(d, 0, "rate", chips=4)                   # dealer all in
    act(d, 1, "call", chips=4)
    act(d, 2, "call", chips=4)
    assert d.result == "hiki" and m.ledger.chips == [0, 4, 4]
    m.finish_deal()
    # the hiki keeps the dealer, who cannot ante: the deal passes on
    assert m.dealer == 1 and not m.over()
    d = deal(m, [None, ["2", "3"], ["4", "5"]])
    assert d.dealt[0] == 0 and d.turn == 1 and m.ledger.pot == 15 + 2


def test_hiki_on_the_last_deal_splits_the_pot():
    m = new_match(3, deals_per_match=1)
    d = deal(m, [["3", "5"], ["1g", "7"], ["2", "3"]])
    play_out(d)
    assert d.result == "split" and m.ledger.pot == 0
    assert pays(d, "split") == [(POT, 1, 6, "split"), (POT, 0, 6, "split")]
    assert sum(m.ledger.chips) == 150
    # odd chips go first to the seat nearest the dealer's right
    m = new_match(2, deals_per_match=1, ante=1)
    d = deal(m, [["3", "5"], ["1g", "7"]])
    act(d, 0, "rate", chips=1)
    act(d, 1, "call", chips=1)
    act(d, 0, "rate", chips=2)
    act(d, 1, "call", chips=2)
    m.ledger.transfer(0, POT, 1, "test")        # make the pot odd
    act(d, 0, "rate", chips=1)
    act(d, 1, "call", chips=1)
    assert pays(d, "split") == [(POT, 1, 6, "split"), (POT, 0, 5, "split")]


def test_session_resume_mid_deal_with_shibari():
    from oya.journal import Journal
    m_opts = opts(shibari="on")
    s = Session("kachi", "t", m_opts, ["A", "B", "C"], None, None, b"s" * 32)
    s.draw_first_dealer(b"f" * 32)
    s.match.shibari = 8
    d = s.begin_deal()
    s.act(d.choices()[0 if len(d.choices()) == 1 else -1])
    rec = json.loads(json.dumps(s.record()))
    s2 = Session.from_record(rec)
    assert s2.match.shibari == 8
    assert s2.match.deal.events == d.events
    assert s2.match.deal.public() == d.public()


def test_rulesets_shipped():
    for name in ("kachi_default.json", "kachi_regional.json"):
        g, nm, o = rules.load(os.path.join(ROOT, "firmware", "rulesets", name))
        assert g == "kachi"
    g, nm, o = rules.load(os.path.join(ROOT, "firmware", "rulesets", "kachi_default.json"))
    assert o == rules.defaults(options("kachi"))


def test_play_and_verify_tools(tmp_path):
    out = tmp_path / "k.json"
    py = sys.executable
    r = subprocess.run([py, "-m", "tools", "play", "kachi", "--seats", "5", "--seed", "abcd", "--bots",
                        "smart", "--deals", "6", "--option", "draw_exposure=any_card",
                        "--json", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    t = json.loads(out.read_text())
    assert t["game"] == "kachi" and len(t["seats"]) == 5 and t["deals"]
    assert t["ruleset"]["options"]["draw_exposure"] == "any_card"
    first = [e for e in t["deals"][0]["events"] if e["t"] != "pay"][0]
    assert first["t"] == "card"                               # antes come first
    r = subprocess.run([py, "-m", "tools", "verify", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("OK"), r.stderr


def test_table_lines_fit_the_screen():
    n = 0
    for d in bot_states(10, _variety):
        names = ["Player%d" % i for i in range(d.nseats)]
        rows = kachi.table_lines(d.public(), names, d.kind)
        assert len(rows) == d.nseats + 1 and all(0 < len(r) <= 21 for r in rows), rows
        if not d.done:
            assert rows[1].startswith(">")
        n += 1
    assert n > 100
    m = new_match(3)
    d = deal(m, [["3", "7"], ["5", "6"], ["7", "10"]], draws=["2"])
    act(d, 0, "draw", show="3")
    act(d, 0, "rate", chips=2)
    act(d, 1, "fold")
    assert kachi.table_lines(d.public(), ["A", "B", "C"], d.kind) == [
        "Pot 5 r1/3 rate 2", ">C       1 2", " A    *  3 3 3", " B       1 F"]


# -- session end (spec §8: a number of deals, a time limit, or a player short of the ante) --

def test_session_end_option_and_defaults():
    d = rules.defaults(options("kachi"))
    assert d["session_end"] == "deal_count" and d["session_minutes"] == 60
    assert d["deals_per_match"] == 10
    for bad in ({"session_end": "forever"}, {"session_minutes": 4}):
        with pytest.raises(rules.RulesetError):
            rules.validate({"game": "kachi", "name": "x", "options": bad})
    # a match saved before the option existed keeps ending by deals
    o = opts()
    del o["session_end"]
    m = kachi.KachiMatch(o, ["A", "B"])
    assert m.opts["session_end"] == "deal_count"


def test_session_end_deal_count_lets_short_seats_sit_out():
    m = new_match(3, chips=[10, 0, 10], session_end="deal_count", deals_per_match=2)
    assert not m.over()                       # seat 1 sits out; two seats can still ante
    d = deal(m, [["2", "3"], None, ["7", "10"]])
    play_out(d)
    m.finish_deal()
    assert not m.over()
    d = deal(m, [["2", "3"], None, ["7", "10"]])
    play_out(d)
    m.finish_deal()
    assert m.over()


def test_session_end_broke_ends_when_a_seat_cannot_ante():
    m = new_match(3, chips=[10, 3, 10], session_end="broke", deals_per_match=1, circuits=1)
    d = deal(m, [["2", "3"], ["9", "10"], ["7", "10"]])
    act(d, 0, "rate", chips=2)
    act(d, 1, "call", chips=2)                # seat 1: 0 chips left, but it wins
    act(d, 2, "call", chips=2)
    assert d.winner == 1 and m.ledger.chips == [7, 9, 7]
    m.finish_deal()
    assert m.deal_no == 1 and not m.over()    # deals_per_match does not end a 'broke' match
    d = deal(m, [["7", "10"], ["9", "10"], ["2", "3"]])
    act(d, 1, "rate", chips=6)
    act(d, 2, "call", chips=6)                # seat 2: 0 left
    act(d, 0, "fold")
    assert d.done and d.winner == 1
    m.finish_deal()
    assert m.ledger.chips[2] == 0 and m.over()
    # a hiki in the deal that leaves a seat short: nobody plays for the pot, it is split
    m = new_match(3, chips=[10, 2, 10], session_end="broke", circuits=1)
    d = deal(m, [["3", "5"], ["1g", "7"], ["2", "3"]])
    act(d, 0, "rate", chips=1)
    act(d, 1, "call", chips=1)                # seat 1: 0 chips left
    act(d, 2, "fold")
    assert d.result == "split" and m.ledger.pot == 0
    m.finish_deal()
    assert m.over() and sum(m.ledger.chips) == 22


def test_session_end_time_limit_finishes_the_deal_and_its_pot():
    m = new_match(2, session_end="time_limit", deals_per_match=1, circuits=1)
    d = deal(m, [["2", "3"], ["5", "6"]])
    play_out(d)
    m.finish_deal()
    assert not m.over()                       # only the agreed time ends it
    d = deal(m, [["3", "5"], ["1g", "7"]])
    m.stop()                                  # the time is up during the deal
    assert not m.over()
    play_out(d)
    assert d.result == "split" and m.ledger.pot == 0   # a hiki now would carry to no deal
    m.finish_deal()
    assert m.over()
    # the time runs out between deals while a pot is carried: one more deal plays for it
    m = new_match(2, session_end="time_limit", circuits=1)
    d = deal(m, [["3", "5"], ["1g", "7"]])
    play_out(d)
    assert d.result == "hiki"
    m.finish_deal()
    m.stop()
    assert m.ledger.pot == 4 and not m.over()
    d = deal(m, [["3", "5"], ["1g", "7"]])
    play_out(d)
    assert d.result == "split"
    m.finish_deal()
    assert m.over() and m.ledger.pot == 0
    # stopped survives the journal
    st = json.loads(json.dumps(m.state()))
    m2 = new_match(2, session_end="time_limit")
    m2.restore(st)
    assert m2.stopped and m2.over()


def test_each_refusal_code_is_the_message_its_comment_names():
    """KachiDeal._why answers a field number of kachi_why.WHY (one joined
    str) with the message as a comment beside it: they must agree."""
    import re
    from oya.heap import field
    from oya.games.kachi_why import WHY
    src = open(kachi.__file__, encoding="utf-8").read()
    seen = set()
    for m in re.finditer(r"return (?:None if .* else )?(\d+)(?: if .* else (\d+))?\s+# (.*)", src):
        codes = [int(c) for c in m.groups()[:2] if c is not None]
        texts = m.group(3).split(" / ")
        assert [field(WHY, c) for c in codes] == texts, m.group(0)
        seen.update(codes)
    assert seen == set(range(WHY.count("|") + 1))      # every message is used


def test_each_label_word_is_the_one_its_comment_names():
    """label() and prompt() read their words from _SAY_EN and kachi_ja's
    SAY_JA by number, with the English beside it as a comment: they must
    agree, and every word is used."""
    import re
    from oya.heap import field
    from oya.games.kachi_ja import SAY_JA
    src = open(kachi.__file__, encoding="utf-8").read()
    seen = set()
    for m in re.finditer(r"_say\((\d+), lang\)[^#\n]*# (.*)", src):
        n = int(m.group(1))
        assert kachi._say(n, EN) == m.group(2).strip() == field(kachi._SAY_EN, n), m.group(0)
        assert kachi._say(n, JA) == field(SAY_JA, n) and kachi._say(n, JA).isascii() is False
        seen.add(n)
    assert seen == set(range(kachi._SAY_EN.count("|") + 1)) == set(range(SAY_JA.count("|") + 1))
