"""The seeded RNG: fixed sequences (the same on every Python version), copies, bounds."""

from __future__ import annotations

import pytest

from tabletop.engine.rng import Rng


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
