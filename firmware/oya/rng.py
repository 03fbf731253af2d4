# Entropy, a deterministic generator, an unbiased shuffle and commit/reveal.
#
# Every deal has a 32-byte seed. The stream is SHA-256 in counter mode over the
# seed, so a deal replays exactly from its seed on any runtime. The commitment
# shown before a deal is sha256(seed); the seed itself is revealed afterwards.
import hashlib
from oya.compat import hexstr


def entropy(extra=b""):
    """A fresh 32-byte seed from os.urandom (the RP2040's ring oscillator on a
    Pico), conditioned through SHA-256."""
    import os
    h = hashlib.sha256(os.urandom(32))
    if extra:
        h.update(extra)
    return h.digest()


def commit(seed):
    """Hex commitment to a seed: shown before the deal."""
    return hexstr(hashlib.sha256(seed).digest())


def derive(seed, n):
    """The n-th child seed of a seed (deal seeds from a match seed)."""
    return hashlib.sha256(seed + b"oya/deal" + n.to_bytes(4, "big")).digest()


class Rng:
    __slots__ = ("_seed", "_ctr", "_buf", "_pos")

    def __init__(self, seed):
        if len(seed) != 32:
            raise ValueError("seed must be 32 bytes")
        self._seed = bytes(seed)
        self._ctr = 0
        self._buf = b""
        self._pos = 0

    def _byte(self):
        if self._pos >= len(self._buf):
            self._buf = hashlib.sha256(self._seed + self._ctr.to_bytes(4, "big")).digest()
            self._ctr += 1
            self._pos = 0
        b = self._buf[self._pos]
        self._pos += 1
        return b

    def below(self, n):
        """Uniform integer in [0, n), by rejection sampling: no modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        if n == 1:
            return 0
        nbytes = 1
        while (1 << (8 * nbytes)) < n:
            nbytes += 1
        span = 1 << (8 * nbytes)
        limit = span - span % n
        while True:
            r = 0
            for _ in range(nbytes):
                r = (r << 8) | self._byte()
            if r < limit:
                return r % n

    def shuffle(self, buf):
        """Fisher-Yates in place on a bytearray (or list). Draws exactly what
        below(i + 1) would, with one byte per draw inlined for decks of up to
        256 cards (every deck): the shuffle is a large part of a deal's
        first key on the device."""
        i = len(buf) - 1
        while i > 0:
            n = i + 1
            if n > 256:
                j = self.below(n)
            else:
                limit = 256 - 256 % n
                while True:
                    p = self._pos
                    if p < len(self._buf):
                        r = self._buf[p]
                        self._pos = p + 1
                    else:
                        r = self._byte()      # the next block of the stream
                    if r < limit:
                        break
                j = r % n
            buf[i], buf[j] = buf[j], buf[i]
            i -= 1
        return buf
