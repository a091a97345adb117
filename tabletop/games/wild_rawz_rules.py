"""Pure rule helpers for ワイルドローツ (Wild Rawz): decks, card strength, trick winner, scoring.

Cards are UNO-style codes: a colour letter (R, Y, G, B) and a value, a digit or `S` for skip.
Duplicates share a code.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

COLOURS = "RYGB"
VALUES = "S0123456789"
"""Every value, weakest first: skip, then 0..9."""

RANK = {v: i for i, v in enumerate(VALUES)}
"""Strength of a value inside its colour: skip 0, then 0..9 as 1..10."""

ALL_CODES = tuple(c + v for c in COLOURS for v in VALUES)
ORDER = {code: i for i, code in enumerate(ALL_CODES)}
sort_key = ORDER.__getitem__
"""Hand order: colour by colour (R Y G B), skip first, then 0..9."""

# Per colour, each value with its number of copies in the playing deck.
DECK_VALUES = {
    3: {"S": 1, "0": 1, "1": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 2, "8": 1},
    4: {"S": 1, "0": 1, "1": 2, "2": 2, "3": 2, "4": 2, "5": 2, "6": 2, "7": 1},
}
SIDEWAYS = {3: 8, 4: 7}
"""Value of each player's sideways card (an extra copy from outside the deck)."""
ROW_SIZE = {3: 7, 4: 9}
HAND_SIZE = 11
BONUS = 5

# Strength tiers; within the colour tiers the value's RANK is added.
EXACT_TRUMP = 100
TRUMP_VALUE = 90
TRUMP_COLOUR = 50
LED_COLOUR = 20
OFF = 0


def deck(players: int) -> list[str]:
    """The playing deck for this player count, in a fixed order."""
    return [c + v for c in COLOURS for v, n in DECK_VALUES[players].items() for _ in range(n)]


def number(card: str) -> int:
    """The card's number for the withdrawal sum: its digit, skip counts 0."""
    v = card[1]
    return 0 if v == "S" else int(v)


def strength(card: str, trump: str, led: str) -> int:
    """How strong `card` is in a trick led in colour `led` with trump card `trump`."""
    if card == trump:
        return EXACT_TRUMP
    if card[1] == trump[1]:
        return TRUMP_VALUE
    if card[0] == trump[0]:
        return TRUMP_COLOUR + RANK[card[1]]
    if card[0] == led:
        return LED_COLOUR + RANK[card[1]]
    return OFF


@cache
def strength_table(trump: str) -> dict[str, dict[str, int]]:
    """`table[led][card]`: every card's strength for each led colour (shared, read-only)."""
    return {led: {c: strength(c, trump, led) for c in ALL_CODES} for led in COLOURS}


def trick_winner(trick: Sequence[tuple[int, str]], trump: str) -> int:
    """The seat whose card wins a trick (cards in play order); equal strength: later wins."""
    table = strength_table(trump)[trick[0][1][0]]
    return winner_with(trick, table)


def winner_with(trick: Sequence[tuple[int, str]], table: dict[str, int]) -> int:
    """The trick winner given the strength table for the trick's led colour."""
    best_seat, best = trick[0][0], -1
    for seat, card in trick:
        s = table[card]
        if s >= best:
            best_seat, best = seat, s
    return best_seat


def bonus_target(sideways: int, withdrawn: Sequence[str]) -> int:
    """Tricks needed for the bonus: sideways value minus the withdrawn cards' numbers."""
    return sideways - sum(number(c) for c in withdrawn)


def round_score(tricks: int, withdrawn: Sequence[str], sideways: int) -> tuple[int, int]:
    """(score, bonus) of one seat: tricks + withdrawn cards + 5 if the target was hit."""
    bonus = BONUS if bonus_target(sideways, withdrawn) == tricks else 0
    return tricks + len(withdrawn) + bonus, bonus
