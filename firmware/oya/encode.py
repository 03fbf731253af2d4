# An action from its transcript form, read from the engine's ACTIONS table
# (oya.game): what Deal.encode needs, which the tools reading a transcript
# call and a deal on the device never does, so its code is not in RAM
# through a match.


def encode(deal, do, args):
    """The action of transcript form (do, args) in `deal` (decode's inverse):
    a row of `do` that names one of args' keys and whose act_code gives a
    value in its range, else the row of `do` without arguments."""
    plain = None
    named = False
    for r in deal.ACTIONS:
        if r[3] != do:
            continue
        if r[4] is None:
            plain = r[0]
        elif args and r[4] in args:
            named = True
            v = deal.act_code(r, args)
            if v is not None and r[1] <= v <= r[2]:
                return r[0] + v
    if plain is None or named:
        raise ValueError("unknown action %s %s" % (do, args))
    return plain
