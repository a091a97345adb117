"""A seeded random source whose sequence does not depend on the Python version.

Two generators sit behind one interface, chosen by the size of the seed:

- Seeds below 2**64 (every log of format 1, and the short seeds of tests and examples such as
  `--seed 3`) use Mersenne Twister through `random.Random(int)` seeding and `getrandbits` only;
  both are specified by the reference implementation and stable across CPython releases.
- Seeds of 2**64 and above (every real match draws one with `fresh_seed`, 128 bits from the
  operating system) use SHA-256 in counter mode. Its output does not let anyone who sees many
  dealt cards reconstruct the generator's state or predict the cards still hidden, which
  Mersenne Twister would.

`shuffle`, `choice` and `below` are our own code on top of `getrandbits` (Python's own change
between versions).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable, MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

SECURE_FROM = 1 << 64
"""Seeds from this value on use the hash generator; smaller seeds use Mersenne Twister."""


def fresh_seed() -> int:
    """An unguessable seed for a real match: 128 random bits from the OS (hash generator)."""
    return (1 << 128) + secrets.randbits(128)


class HashBits:
    """SHA-256 in counter mode over a key derived from the seed: `getrandbits` and copying."""

    __slots__ = ("_avail", "_block", "_key", "_pool")

    def __init__(self, seed: int) -> None:
        size = (seed.bit_length() + 7) // 8
        self._key = hashlib.sha256(b"tabletop rng 2\0" + seed.to_bytes(size, "big")).digest()
        self._block = 0
        self._pool = 0
        self._avail = 0

    def getrandbits(self, k: int) -> int:
        """k random bits as an integer (0 <= result < 2**k)."""
        while self._avail < k:
            digest = hashlib.sha256(self._key + self._block.to_bytes(8, "big")).digest()
            self._block += 1
            self._pool |= int.from_bytes(digest, "big") << self._avail
            self._avail += 256
        out = self._pool & ((1 << k) - 1)
        self._pool >>= k
        self._avail -= k
        return out

    def copy(self) -> HashBits:
        """A generator in exactly this state."""
        other = HashBits.__new__(HashBits)
        other._key = self._key
        other._block = self._block
        other._pool = self._pool
        other._avail = self._avail
        return other


class Rng:
    """Deterministic RNG: `below`, `choice`, `shuffle`, `sample` built on getrandbits."""

    __slots__ = ("_bits", "_source")

    def __init__(self, seed: int = 0) -> None:
        seed = abs(int(seed))
        self._source: random.Random | HashBits = (
            random.Random(seed) if seed < SECURE_FROM else HashBits(seed)
        )
        self._bits: Callable[[int], int] = self._source.getrandbits

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

    def copy(self) -> Rng:
        """An Rng in exactly this state (for clones)."""
        other = Rng.__new__(Rng)
        source = self._source
        if isinstance(source, HashBits):
            other._source = source.copy()
        else:
            # not random.Random(): unseeded, it would first seed itself from the OS
            other._source = random.Random.__new__(random.Random)
            other._source.setstate(source.getstate())
        other._bits = other._source.getrandbits
        return other
