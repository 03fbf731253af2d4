"""Transcripts (../shared/TRANSCRIPT.md) built from the engines' event tuples."""
from oya import cards, rng, tabledeck
from oya.compat import hexstr
from oya.ledger import POT

FORMAT = "oya-transcript/1"


def _who(x):
    return "pot" if x == POT else x


def _name(kind, code, classes=False):
    """A card's name; by class (a table deck: only what was entered, "4",
    "T"; oya.tabledeck.class_code), "?" for a card nobody entered."""
    if classes:
        return "?" if code >= 0x80 else tabledeck.class_code(kind, code)
    return cards.name(kind, code)


def event_json(kind, ev, classes=False):
    t = ev[0]
    if t == "card":
        return {"t": "card", "card": _name(kind, ev[1], classes), "to": ev[2], "up": bool(ev[3])}
    if t == "reveal":
        return {"t": "reveal", "card": _name(kind, ev[1], classes), "at": ev[2]}
    if t == "act":
        out = {"t": "act", "seat": ev[1], "do": ev[2]}
        if ev[3]:
            out.update(ev[3])
        return out
    if t == "show":
        return {"t": "show", "at": ev[1], "cards": [_name(kind, c, classes) for c in ev[2]],
                "value": ev[3], "yaku": ev[4]}
    if t == "pay":
        out = {"t": "pay", "from": _who(ev[1]), "to": _who(ev[2]), "chips": ev[3], "why": ev[4]}
        if ev[5]:
            out.update(ev[5])
        return out
    if t == "note":
        return {"t": "note", "text": ev[1]}
    raise ValueError("unknown event %r" % (t,))


def by_class(game, table):
    """Whether a deal's cards are named by class (what a table-deck picker
    enters); Meri's score-only deal enters whole cards, suit and all."""
    return table and game != "meri"


def deal_json(kind, n, dealer, seed, events, balances, void=False, entered=None, classes=False):
    """One deal. A table-deck deal (seed None) has no commitment: "deck":
    "table" and the cards entered, in order: [{"seat", "card", "n"}] (n: the
    card's place in the order the engine takes cards, its "card" event)."""
    d = {"n": n, "dealer": dealer}
    if seed is None:
        d["deck"] = "table"
        d["entered"] = [{"seat": s, "card": _name(kind, c, classes), "n": k} for s, c, k in entered or ()]
    else:
        d["commit"] = rng.commit(seed)
        d["seed"] = hexstr(seed)
    d["events"] = [event_json(kind, e, classes) for e in events]
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
    classes = by_class(match.GAME, match.table)
    t["deals"] = [deal_json(kind, h["n"], h["dealer"], h["seed"], h["events"], h["balances"], h["void"],
                            h.get("entered"), classes)
                  for h in (match.history or [])]
    t["final"] = match.scores()
    return t
