# Seats, balances and the pot. Chips move through transfer() only, which takes
# from one place exactly what it gives to another: the total is conserved by
# construction, whatever a game engine asks for.
from oya.compat import const

POT = const(-1)


class LedgerError(Exception):
    pass


class Ledger:
    __slots__ = ("names", "chips", "pot", "log", "allow_negative")

    def __init__(self, names, chips, pot=0, allow_negative=True):
        if len(names) != len(chips):
            raise LedgerError("names and chips differ in length")
        self.names = list(names)
        self.chips = [int(c) for c in chips]
        self.pot = int(pot)
        self.log = None          # callable(event) set by the deal in play
        self.allow_negative = allow_negative

    def __len__(self):
        return len(self.chips)

    def total(self):
        return sum(self.chips) + self.pot

    def balance(self, who):
        return self.pot if who == POT else self.chips[who]

    def transfer(self, frm, to, n, why, extra=None):
        """Move n >= 0 chips from `frm` to `to` (seat index or POT). Without
        allow_negative a seat cannot pay more than it holds: LedgerError, and
        nothing moves (each game decides beforehand what a short seat pays)."""
        n = int(n)
        if n < 0:
            raise LedgerError("negative transfer")
        if frm == to or n == 0:
            return 0
        have = self.balance(frm)
        if n > have and (frm == POT or not self.allow_negative):
            raise LedgerError("%s cannot pay %d" % (self.label(frm), n))
        if frm == POT:
            self.pot -= n
        else:
            self.chips[frm] -= n
        if to == POT:
            self.pot += n
        else:
            self.chips[to] += n
        if self.log is not None:
            self.log(("pay", frm, to, n, why, extra))
        return n

    def label(self, who):
        return "pot" if who == POT else self.names[who]

    def snapshot(self):
        return {"chips": list(self.chips), "pot": self.pot}

    def restore(self, snap):
        self.chips = list(snap["chips"])
        self.pot = snap["pot"]
