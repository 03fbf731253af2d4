# Card sources. A deal takes every card from a Stock and never knows whether it
# was shuffled from a seed or laid out by hand (a rigged test deck, or one day a
# physical deck typed in).
from oya.rng import Rng


class StockEmpty(Exception):
    pass


class Stock:
    """Cards top first. Drawing from the top is the common case; the bottom and
    the n-th from the top are there for Oicho-Kabu's name and sancho-girai."""
    __slots__ = ("cards", "top")

    def __init__(self, cards):
        self.cards = bytearray(cards)
        self.top = 0

    def __len__(self):
        return len(self.cards) - self.top

    def draw(self):
        if self.top >= len(self.cards):
            raise StockEmpty()
        c = self.cards[self.top]
        self.top += 1
        return c

    def draw_at(self, k):
        """Take the card k places below the top (k = 0 is the top); the cards
        above it stay in their order."""
        i = self.top + k
        if i >= len(self.cards):
            raise StockEmpty()
        c = self.cards[i]
        while i > self.top:
            self.cards[i] = self.cards[i - 1]
            i -= 1
        self.top += 1
        return c

    def draw_bottom(self):
        if self.top >= len(self.cards):
            raise StockEmpty()
        c = self.cards[-1]
        self.cards = self.cards[:-1]
        return c

    def peek(self, k=0):
        return self.cards[self.top + k]

    def remaining(self):
        return bytes(self.cards[self.top:])

    def need(self, code, seat):
        """The rules need this card's face now (a forced rule, a showdown):
        known here; oya.tabledeck.TableStock asks `seat` (-1: the dealer) to
        enter it, and the deal waits."""


def shuffled(deck, seed):
    """The deck shuffled by the deal's seed: Fisher-Yates on SHA-256 counter mode."""
    cards = bytearray(deck)
    Rng(seed).shuffle(cards)
    return Stock(cards)


def fixed(cards):
    """A stock laid out by hand, top first."""
    return Stock(bytes(cards))
