"""Checks shared by the reliability tests and `make soak`."""
import copy
import json
import re

import tools  # noqa: F401
from oya import cards, rng
from oya.ui import records, tables

TOKEN = re.compile(r"[0-9A-Za-z]+")
_NAMES = {}


def word_names(kind):
    """{card name: codes} for the names that are words, not bare numbers
    (a bare "3" on a slip could be a count as well as a card)."""
    got = _NAMES.get(kind)
    if got is None:
        got = {}
        for c in cards.deck(kind):
            n = cards.name(kind, c)
            if not n.isdigit():
                got.setdefault(n, set()).add(c)
        _NAMES[kind] = got
    return got


def record_leaks(kind, deal, names):
    """Card names on the deal's printed record (and recall screen) that no
    public card has: [] when the record shows only what the table saw."""
    pub = set(deal.seen(-1))
    nm = word_names(kind)
    lines = records.deal_record_lines(kind, deal.events, names, pub)
    lines += tables.event_lines(kind, deal.events, names)
    out = []
    for w in set(TOKEN.findall("\n".join(lines))):
        if w in nm and not nm[w] & pub:
            out.append(w)
    return out


def verify_and_tamper(t, verify, Mismatch, counts=None):
    """The transcript verifies; every commit is the hash of its seed; and four
    tampered copies are each rejected: a seed that does not match its commit,
    a commit that does not match its seed, a new seed with its own commit (the
    cards no longer follow), one card changed; the last two on a deal that
    dealt cards, if any did. -> list of problems; `counts` (a dict) gets the
    tamperings rejected, by kind."""
    problems = []
    try:
        verify(t)
    except Mismatch as e:
        return ["the untouched transcript fails: %s" % e]
    for d in t["deals"]:
        if rng.commit(bytes.fromhex(d["seed"])) != d["commit"]:
            problems.append("deal %d: commit is not sha256(seed)" % d["n"])
    if not t["deals"]:
        return problems
    # the cards must follow from the seed: tamper with a deal that dealt some
    # (a Kyutenhan deal everyone sat out deals none, so any seed fits it)
    carded = [i for i, d in enumerate(t["deals"]) if any(e.get("t") == "card" for e in d["events"])]

    def tampered(fn, i=0):
        u = copy.deepcopy(t)
        fn(u["deals"][i])
        try:
            verify(u)
        except Mismatch as e:
            return str(e)
        except Exception as e:          # refused, but not with a clear reason
            return "crash: %r" % e
        return None

    def flip_seed(d):
        s = bytearray(bytes.fromhex(d["seed"]))
        s[0] ^= 1
        d["seed"] = s.hex()

    def flip_commit(d):
        d["commit"] = ("0" if d["commit"][0] != "0" else "1") + d["commit"][1:]

    def new_seed(d):
        s = bytes(32) if d["seed"] != "00" * 32 else b"\x01" * 32
        d["seed"] = s.hex()
        d["commit"] = rng.commit(s)

    def change_card(d):
        for e in d["events"]:
            if e.get("t") == "card":
                names = [x["card"] for x in d["events"] if x.get("t") == "card"]
                other = [n for n in names if n != e["card"]]
                if other:
                    e["card"] = other[0]
                    return

    for what, fn in (("seed", flip_seed), ("commit", flip_commit), ("reseeded", new_seed),
                     ("card", change_card)):
        i = 0
        if what in ("reseeded", "card"):
            if not carded:
                continue
            i = carded[0]
        why = tampered(fn, i)
        if counts is not None and why is not None and not why.startswith("crash"):
            counts[what] = counts.get(what, 0) + 1
        if why is None:
            problems.append("a transcript with a tampered %s verifies" % what)
        elif why.startswith("crash"):
            problems.append("a tampered %s: %s" % (what, why))
    return problems


def transcript_of(session, first_seed):
    from tools import transcript
    return json.loads(json.dumps(transcript.build(session.match, session.ruleset_name, first_seed)))
