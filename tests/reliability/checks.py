"""Checks shared by the reliability tests and `make soak`."""
import copy
import json
import re

import tools  # noqa: F401
from oya import cards, rng
from oya.ui import tables

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
    lines = tables.deal_record_lines(kind, deal.events, names, pub)
    lines += tables.event_lines(kind, deal.events, names)
    out = []
    for w in set(TOKEN.findall("\n".join(lines))):
        if w in nm and not nm[w] & pub:
            out.append(w)
    return out


def verify_and_tamper(t, verify, Mismatch):
    """The transcript verifies; every commit is the hash of its seed; and four
    tampered copies are each rejected: a seed that does not match its commit,
    a commit that does not match its seed, a new seed with its own commit (the
    cards no longer follow), one card changed. -> list of problems."""
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
    d0 = t["deals"][0]

    def tampered(fn):
        u = copy.deepcopy(t)
        fn(u["deals"][0])
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
        if what == "card" and not any(e.get("t") == "card" for e in d0["events"]):
            continue
        why = tampered(fn)
        if why is None:
            problems.append("a transcript with a tampered %s verifies" % what)
        elif why.startswith("crash"):
            problems.append("a tampered %s: %s" % (what, why))
    return problems


def transcript_of(session, first_seed):
    from tools import transcript
    return json.loads(json.dumps(transcript.build(session.match, session.ruleset_name, first_seed)))
