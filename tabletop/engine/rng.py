"""A seeded random source whose sequence does not depend on the Python version.

Only `random.Random(int)` seeding and `getrandbits` are used: both are specified by the
Mersenne Twister reference and have been stable across CPython releases, unlike
`shuffle`, `choice` and `randrange`, whose algorithms may change.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """Deterministic RNG: `below`, `choice`, `shuffle`, `sample` built on getrandbits."""

    __slots__ = ("_bits", "_mt")

    def __init__(self, seed: int = 0) -> None:
        self._mt = random.Random(abs(int(seed)))
        self._bits = self._mt.getrandbits

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection sampling."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        k = n.bit_length()
        bits = self._bits
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        bits = self._bits
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = bits(k)
            while j >= n:
                j = bits(k)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """k distinct elements in random order."""
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """A new independent Rng seeded from this one."""
        return Rng(self._bits(62))

    def copy(self) -> Rng:
        """An Rng in exactly this state (for clones)."""
        other = Rng.__new__(Rng)
        other._mt = random.Random()
        other._mt.setstate(self._mt.getstate())
        other._bits = other._mt.getrandbits
        return other
