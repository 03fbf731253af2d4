"""`tools verify` on a table-deck transcript: the rules and the chips of
deals whose cards were entered from a real deck (no commitment, no shuffle)."""
import copy
import hashlib
import json

import pytest

import tools  # noqa: F401
from oya import rng
from tools import transcript, verify
from tools.play import play_match
from tests.test_verify import _fails  # noqa: E402  (the one tampering check)

SEED = hashlib.sha256(b"table verify").digest()


def honest(game="oicho", seats=4, deals=4):
    s = play_match(game, seats, SEED, max_deals=deals, table_deck=True)
    return json.loads(json.dumps(transcript.build(s.match, "default", rng.derive(SEED, 0))))


def test_an_honest_table_deck_transcript_verifies_and_says_table_deck():
    t = honest()
    assert t["deal"] == "table"
    for d in t["deals"]:
        assert d["deck"] == "table" and "commit" not in d and "seed" not in d and d["entered"]
    assert verify.verify_transcript(t).startswith("oicho: 4 deals verified")


def test_a_changed_entered_card_is_caught_by_the_rules_or_the_events():
    t = honest()
    bad = copy.deepcopy(t)
    e = bad["deals"][0]["entered"][0]
    e["card"] = "10a" if not e["card"].startswith("10") else "1a"
    _fails(bad, "deal 1")


def test_a_fifth_copy_entered_is_refused():
    t = honest()
    bad = copy.deepcopy(t)
    ent = bad["deals"][0]["entered"]
    for e in ent[:5]:
        e["card"] = "4a"
    _fails(bad, "not possible here")


def test_moved_chips_and_a_missing_card_are_caught():
    t = honest()
    bad = copy.deepcopy(t)
    bad["deals"][0]["balances"][0] += 1
    _fails(bad, "balances")
    bad = copy.deepcopy(t)
    bad["deals"][1]["entered"].pop()
    _fails(bad, "deal 2")


@pytest.mark.parametrize("game,seats", [("kachi", 4), ("kyuten", 4), ("kakkuri", 6), ("meri", 4)])
def test_every_games_table_deck_transcript_verifies_and_a_changed_balance_fails(game, seats):
    t = honest(game, seats, deals=3)
    assert t["deal"] == "table" and t["deals"]
    assert verify.verify_transcript(t).startswith("%s: " % game)
    bad = copy.deepcopy(t)
    bad["deals"][0]["balances"][0] += 1
    _fails(bad, "deal 1")


@pytest.mark.parametrize("game,seats,deck", [("kyuten", 4, None), ("oicho", 4, "hanafuda")])
def test_a_table_deck_record_names_only_what_was_entered(game, seats, deck):
    # The picker enters a class (a Kyutenhan rank, a hanafuda month); which
    # copy the device keeps for it is its own choice, so no suit and no copy
    # letter is written: every card is a class name, and a record that claims
    # a particular copy is not one the device could have written.
    from oya import cards
    from oya.games import load
    from oya.tabledeck import class_code
    opts = {"deck": deck} if deck else {}
    s = play_match(game, seats, SEED, max_deals=3, table_deck=True, opts=opts)
    t = json.loads(json.dumps(transcript.build(s.match, "default", rng.derive(SEED, 0))))
    m = load(game).MATCH(t["ruleset"]["options"], [x["name"] for x in t["seats"]])
    kind = m.deck_kind()
    classes = {class_code(kind, c) for c in cards.deck(kind)} | {"?"}
    names = [e["card"] for d in t["deals"] for e in d["entered"]]
    names += [e["card"] for d in t["deals"] for e in d["events"] if e["t"] in ("card", "reveal")]
    names += [c for d in t["deals"] for e in d["events"] if e["t"] == "show" for c in e["cards"]]
    assert names and set(names) <= classes
    assert not set(names) & {cards.name(kind, c) for c in cards.deck(kind)} - classes
    assert verify.verify_transcript(t).startswith("%s: 3 deals verified" % game)
    bad = copy.deepcopy(t)
    e = bad["deals"][0]["entered"][0]
    e["card"] = next(cards.name(kind, c) for c in cards.deck(kind) if class_code(kind, c) == e["card"])
    _fails(bad, "deal 1")
