"""The seeded RNG: fixed sequences (the same on every Python version), copies, bounds."""

from __future__ import annotations

import hashlib

import pytest

from tabletop.engine.rng import SECURE_FROM, HashBits, Rng, fresh_seed


def test_known_sequence() -> None:
    # Recorded once; Mersenne Twister int seeding and getrandbits are version-independent.
    r = Rng(42)
    assert [r.below(100) for _ in range(8)] == [81, 14, 3, 94, 35, 31, 28, 17]
    cards = list(range(10))
    Rng(7).shuffle(cards)
    assert cards == [8, 3, 1, 4, 7, 0, 9, 6, 2, 5]
    assert Rng(2**40 + 3).below(1000) == 225


def test_copy_continues_identically() -> None:
    r = Rng(3)
    r.below(10)
    c = r.copy()
    assert [r.below(1 << 20) for _ in range(50)] == [c.below(1 << 20) for _ in range(50)]


def test_bounds_and_uniformity() -> None:
    r = Rng(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)
    with pytest.raises(ValueError):
        r.below(0)


def test_sample_and_choice() -> None:
    r = Rng(9)
    assert r.sample(range(20), 5) == [2, 19, 9, 3, 12]
    assert r.choice("abc") == "c"
    assert [Rng(s).choice("abcdefg") for s in range(10)] == list("gbgbbegcbd")


def test_hash_generator_known_sequence() -> None:
    # Seeds from 2**64 on use SHA-256 in counter mode; recorded once, fixed by the algorithm.
    r = Rng(2**64 + 5)
    assert [r.below(100) for _ in range(8)] == [38, 87, 0, 97, 39, 82, 64, 61]
    cards = list(range(10))
    Rng(2**128 + 7).shuffle(cards)
    assert cards == [5, 8, 9, 0, 1, 6, 4, 2, 7, 3]


def test_hash_generator_is_sha256_of_key_and_counter() -> None:
    """The first 64 bits are the low bits of SHA-256(key ‖ block 0), independently derived."""
    key = hashlib.sha256(b"tabletop rng 2\0" + (2**64).to_bytes(9, "big")).digest()
    block = int.from_bytes(hashlib.sha256(key + bytes(8)).digest(), "big")
    assert HashBits(2**64).getrandbits(64) == block & (2**64 - 1)


def test_seed_size_chooses_the_generator() -> None:
    """Up to 2**64 - 1 the Mersenne Twister sequence of format-1 logs is kept (recorded with
    the generator as it was before the hash generator existed); from 2**64 on, SHA-256."""
    below = Rng(2**64 - 1)
    assert [below.below(1000) for _ in range(5)] == [22, 254, 346, 633, 217]
    above = Rng(2**64)
    assert [above.below(1000) for _ in range(5)] == [354, 62, 117, 758, 463]


def test_fresh_seeds_are_128_random_bits_for_the_hash_generator() -> None:
    seeds = {fresh_seed() for _ in range(64)}
    assert len(seeds) == 64
    assert all(s >= SECURE_FROM and s.bit_length() == 129 for s in seeds)


@pytest.mark.parametrize("seed", [3, 2**64 + 3])
def test_copy_continues_identically_for_both_generators(seed: int) -> None:
    r = Rng(seed)
    r.below(10)
    c = r.copy()
    assert [r.below(1 << 20) for _ in range(300)] == [c.below(1 << 20) for _ in range(300)]


def test_hash_generator_is_uniform_enough() -> None:
    r = Rng(2**100)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)
