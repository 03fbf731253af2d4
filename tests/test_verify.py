"""`tools verify` accepts an honest transcript and rejects tampered ones."""
import copy
import hashlib
import json
import os
import sys

import tools  # noqa: F401
from oya import rng
from oya.games import EXTRA
from tools import transcript, verify
from tools.play import play_match

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "both"))
import highcard  # noqa: E402

EXTRA["_highcard"] = highcard
SEED = hashlib.sha256(b"verify").digest()


def honest():
    s = play_match("_highcard", 4, SEED, max_deals=5)
    return json.loads(json.dumps(transcript.build(s.match, "default", rng.derive(SEED, 0))))


def test_honest_transcript_verifies():
    assert verify.verify_transcript(honest()).startswith("_highcard: 5 deals verified")


def _fails(t, words):
    try:
        verify.verify_transcript(t)
    except verify.Mismatch as e:
        assert words in str(e), str(e)
        return
    raise AssertionError("tampered transcript accepted")


def test_seed_not_matching_commit_is_rejected():
    t = honest()
    t["deals"][2]["seed"] = t["deals"][1]["seed"]
    _fails(t, "deal 3: the seed does not match its commitment")


def test_cards_not_following_from_seed_are_rejected():
    t = honest()
    ev = next(e for e in t["deals"][0]["events"] if e["t"] == "card")
    ev["card"] = "10" if ev["card"] != "10" else "1"
    _fails(t, "deal 1: event 1 should be")


def test_consistent_forgery_of_seed_and_commit_is_rejected():
    t = honest()
    fake = hashlib.sha256(b"other").digest()
    t["deals"][0]["seed"] = fake.hex()
    t["deals"][0]["commit"] = rng.commit(fake)
    _fails(t, "deal 1: event")


def test_tampered_balance_and_final_are_rejected():
    t = honest()
    t["deals"][1]["balances"][0] += 1
    _fails(t, "deal 2: balances should be")
    t = honest()
    t["final"][0] += 5
    _fails(t, "final scores should be")


def test_slip_replay_reproduces_a_deal():
    t = honest()
    d = t["deals"][0]
    acts = [e for e in d["events"] if e["t"] == "act"]
    codes = ",".join("%d:%d" % (e["seat"], 0 if e["do"] == "fold" else e["chips"]) for e in acts)
    out = verify.verify_slip("_highcard", None, "4", None, d["dealer"], d["seed"], codes)
    assert out["deals"][0]["events"] == d["events"]
    assert out["deals"][0]["commit"] == d["commit"]


def test_kachi_expose_act_is_written_before_its_reveal_and_verified(tmp_path):
    # TRANSCRIPT.md: with draw_exposure = any_card the drawer's choice is an
    # `expose` {card} act right before the `reveal` at the drawer's seat.
    from tools import play as play_tool
    out = tmp_path / "k.json"
    assert play_tool.main(["kachi", "--seats", "3", "--seed", "01", "--bots", "smart", "--deals", "8",
                           "--option", "draw_exposure=any_card", "--json", str(out)]) == 0
    t = json.loads(out.read_text())
    assert verify.verify_transcript(t).startswith("kachi: 8 deals verified")
    found = []
    for d in t["deals"]:
        ev = d["events"]
        for i, e in enumerate(ev):
            if e.get("do") == "expose":
                assert set(e) == {"t", "seat", "do", "card"}
                assert ev[i + 1] == {"t": "reveal", "card": e["card"], "at": "seat:%d" % e["seat"]}
                found.append((d["n"], i))
    assert found
    n, i = found[0]
    bad = copy.deepcopy(t)
    del bad["deals"][n - 1]["events"][i]                       # the choice left out
    _fails(bad, "deal %d:" % n)
    bad = copy.deepcopy(t)
    bad["deals"][n - 1]["events"][i]["card"] = "1r"            # a card the drawer does not hold
    bad["deals"][n - 1]["events"][i + 1]["card"] = "1r"
    _fails(bad, "deal %d:" % n)
