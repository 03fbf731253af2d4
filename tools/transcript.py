"""Transcripts (../shared/TRANSCRIPT.md) built from the engines' event tuples."""
from oya import cards, rng
from oya.compat import hexstr
from oya.ledger import POT

FORMAT = "oya-transcript/1"


def _who(x):
    return "pot" if x == POT else x


def _name(kind, code):
    """A card's name; "?" for a table-deck card nobody entered (oya.tabledeck)."""
    return "?" if code >= 0x80 else cards.name(kind, code)


def event_json(kind, ev):
    t = ev[0]
    if t == "card":
        return {"t": "card", "card": _name(kind, ev[1]), "to": ev[2], "up": bool(ev[3])}
    if t == "reveal":
        return {"t": "reveal", "card": cards.name(kind, ev[1]), "at": ev[2]}
    if t == "act":
        out = {"t": "act", "seat": ev[1], "do": ev[2]}
        if ev[3]:
            out.update(ev[3])
        return out
    if t == "show":
        return {"t": "show", "at": ev[1], "cards": cards.names(kind, ev[2]),
                "value": ev[3], "yaku": ev[4]}
    if t == "pay":
        out = {"t": "pay", "from": _who(ev[1]), "to": _who(ev[2]), "chips": ev[3], "why": ev[4]}
        if ev[5]:
            out.update(ev[5])
        return out
    if t == "note":
        return {"t": "note", "text": ev[1]}
    raise ValueError("unknown event %r" % (t,))


def deal_json(kind, n, dealer, seed, events, balances, void=False, entered=None):
    """One deal. A table-deck deal (seed None) has no commitment: "deck":
    "table" and the cards entered, in order: [{"seat", "card", "n"}] (n: the
    card's place in the order the engine takes cards, its "card" event)."""
    d = {"n": n, "dealer": dealer}
    if seed is None:
        d["deck"] = "table"
        d["entered"] = [{"seat": s, "card": cards.name(kind, c), "n": k} for s, c, k in entered or ()]
    else:
        d["commit"] = rng.commit(seed)
        d["seed"] = hexstr(seed)
    d["events"] = [event_json(kind, e) for e in events]
    d["balances"] = list(balances)
    if void:
        d["void"] = True
    return d


def build(match, ruleset_name, first_dealer_seed=None):
    """The transcript of a match whose `history` list was kept."""
    kind = match.deck_kind()
    t = {
        "format": FORMAT,
        "game": match.GAME,
        "ruleset": {"name": ruleset_name, "options": dict(match.opts)},
        "seats": [{"name": nm, "chips": c} for nm, c in zip(match.ledger.names, match.start_chips)],
    }
    if match.table:
        t["deal"] = "table"           # real cards on the table (device deals: no key)
    if first_dealer_seed is not None:
        t["first_dealer"] = {"seat": match.history[0]["dealer"] if match.history else match.dealer,
                             "commit": rng.commit(first_dealer_seed), "seed": hexstr(first_dealer_seed),
                             "events": [event_json(kind, e) for e in match.intro]}
    t["deals"] = [deal_json(kind, h["n"], h["dealer"], h["seed"], h["events"], h["balances"], h["void"],
                            h.get("entered"))
                  for h in (match.history or [])]
    t["final"] = match.scores()
    return t
