"""Card codes and decks.

Every card is a short text code, unique per deck except for true duplicates (UNO-style decks
hold two identical R7). Standard cards are rank + suit: `AS 10H QD KC 2C`, jokers `JK1 JK2`.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

SUITS = "SHDC"
"""Spades, hearts, diamonds, clubs."""

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
"""The symbol a suit is drawn and named with, in every language."""

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Standard ranks, low to high (ace high)."""

RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}
"""Rank code to number: 2..10, J 11, Q 12, K 13, A 14."""

JOKERS = ("JK1", "JK2")


class Deck(StrEnum):
    """A card family: the art the table draws and the names its cards are read by. A str, so
    its text form (`"uno"`) is its JSON form and reads back with `Deck("uno")`."""

    STANDARD = "standard"
    """52 cards by rank and suit (`AS 10H`), jokers `JK1 JK2`."""
    WALZER = "walzer"
    """Three colours of numbers `R1..R14 B1..B11 G1..G8` and the `X1..X3` cards."""
    UNO = "uno"
    """UNO-style colour R/Y/G/B and 0-9 or `S` (duplicates share a code)."""
    VULTURE = "vulture"
    """Number cards `N1..N15` and score cards by value `V-5..V10`."""


def standard_deck(jokers: int = 0, ranks: Iterable[str] = RANKS) -> list[str]:
    """The standard deck in a fixed order (suit by suit), optionally with jokers."""
    ranks = tuple(ranks)
    return [r + s for s in SUITS for r in ranks] + list(JOKERS[:jokers])


def value(card: str) -> int:
    """Rank number of a standard card (A = 14; jokers 0)."""
    return 0 if card.startswith("JK") else RANK_VALUE[card[:-1]]


def is_joker(card: str) -> bool:
    """True for JK1 / JK2."""
    return card.startswith("JK")


ORDER = {c: i for i, c in enumerate(standard_deck(jokers=2))}
"""Deck position of every standard code: suits S H D C, ranks 2..A, then jokers."""

sort_key = ORDER.__getitem__
"""Sort key for standard cards: by suit (S H D C), then rank; jokers last."""
