"""`python -m tools verify --night`: a night's totals follow from its matches'
transcripts (tools/verify.py, oya.night)."""
import copy
import json

import pytest

import tools  # noqa: F401
from oya import rng
from oya.night import Night
from tools import transcript, verify
from tools.play import play_match

NAMES = ["P1", "P2", "P3", "P4"]


def match(game, seed, deals):
    s = play_match(game, 4, seed, max_deals=deals, opts=None)
    return json.loads(json.dumps(transcript.build(s.match, "default", rng.derive(seed, 0)))), s


@pytest.fixture(scope="module")
def night():
    """A night of an Oicho-Kabu match and a Meri game, as the device adds them."""
    n = Night(NAMES)
    ts = []
    for game, seed, deals in (("oicho", b"\x01" * 16, 4), ("meri", b"\x02" * 16, 2)):
        t, s = match(game, seed, deals)
        n.add(game, rng.commit(s.intro_seed), s.match.night_gains(), s.match.CHIPS)
        ts.append(t)
    return json.loads(json.dumps(n.record())), ts


def test_an_honest_night_verifies_and_its_totals_are_the_sums(night, tmp_path):
    rec, ts = night
    line = verify.verify_night(rec, ts)
    assert line.startswith("night of 2 matches verified")
    assert rec["totals"]["chips"] == rec["matches"][0]["gains"] and sum(rec["totals"]["chips"]) == 0
    assert rec["totals"]["wins"] == rec["matches"][1]["gains"]
    # from the command line, the night as the device's journal file writes it
    from oya.journal import Journal
    j = Journal(str(tmp_path / "night"))
    j.save(rec)
    j.finish()
    paths = []
    for k, t in enumerate(ts):
        p = tmp_path / ("m%d.json" % k)
        p.write_text(json.dumps(t))
        paths.append(str(p))
    assert verify.main(["--night", str(tmp_path / "night")] + paths) == 0


def _fails(rec, ts, words):
    with pytest.raises(verify.Mismatch) as e:
        verify.verify_night(rec, ts)
    assert words in str(e.value), str(e.value)


def test_a_night_whose_gains_or_totals_do_not_follow_is_rejected(night):
    rec, ts = night
    bad = copy.deepcopy(rec)
    g = bad["matches"][0]["gains"]
    g[0] += 1
    g[1] -= 1
    bad["totals"]["chips"] = list(g)
    _fails(bad, ts, "the transcript gives")
    bad = copy.deepcopy(rec)
    bad["totals"]["chips"][0] += 1
    _fails(bad, ts, "totals do not follow")
    bad = copy.deepcopy(rec)
    bad["matches"][1]["commit"] = "00" * 32
    _fails(bad, ts, "commitment")
    _fails(rec, ts[:1], "2 matches listed, 1 transcripts")
    _fails(rec, ts[::-1], "the night lists oicho")
    t = copy.deepcopy(ts[0])
    t["final"][0] += 1
    _fails(rec, [t, ts[1]], "night's match 1")
