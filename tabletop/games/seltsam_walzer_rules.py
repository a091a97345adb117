"""Pure rules of へんてこワルツ (Seltsam-Walzer): the deck, what may be played, who wins a
trick, and how a deal's taken cards score. No state, no I/O: the game module and its bot share
these helpers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# ---- the deck -----------------------------------------------------------------------------
SIZES = {"R": 14, "B": 11, "G": 8, "X": 3}
"""Cards per colour: red 1–14, blue 1–11, green 1–8, and three X cards."""

FACTOR = {"R": 1, "B": 2, "G": 3}
"""Scoring factor of each colour; X cards score nothing."""

SCORED = tuple(FACTOR)
"""The colours that score, in table order."""


DECK: tuple[str, ...] = tuple(f"{c}{n}" for c, size in SIZES.items() for n in range(1, size + 1))
"""All 36 cards in table order: R1..R14, B1..B11, G1..G8, X1..X3."""

ORDER = {c: i for i, c in enumerate(DECK)}
"""Position of every card code in table order (hands are kept sorted by it)."""

NUMBER = {c: int(c[1:]) for c in DECK}
"""The number printed on a card; an X's number only tells the three X cards apart."""

X = "X"


def sort_key(card: str) -> int:
    """Sort key for card codes: table order, unknown codes last."""
    return ORDER.get(card, len(DECK))


def colour(card: str) -> str:
    """Colour letter of a card: R, B, G or X."""
    return card[0]


# ---- playing ------------------------------------------------------------------------------
def playable(hand: Sequence[str], led: str | None) -> list[str]:
    """The cards of `hand` that may go to a trick whose led colour is `led` (None: leading).

    Anything goes when leading, after an X lead, or without a card of the led colour;
    otherwise a card of the led colour or an X.
    """
    if led is None or led == X:
        return list(hand)
    follow = [c for c in hand if c[0] == led or c[0] == X]
    if any(c[0] == led for c in follow):
        return follow
    return list(hand)


def trick_winner(trick: Sequence[tuple[int, str]]) -> int:
    """The seat that wins a complete trick of (seat, card) in play order.

    One X: the X wins. No X, or two or more X after a coloured lead: the highest card of the
    led colour. Two or more X after an X lead: the highest non-X number whatever its colour,
    the later card winning equal numbers; if every card is an X, the last one wins.
    """
    xs = [i for i, (_, card) in enumerate(trick) if card[0] == X]
    if len(xs) == 1:
        return trick[xs[0]][0]
    led = trick[0][1][0]
    if led == X:
        best_seat, best_number = trick[xs[-1]][0], 0
        for seat, card in trick:
            if card[0] != X and NUMBER[card] >= best_number:
                best_seat, best_number = seat, NUMBER[card]
        return best_seat
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if card[0] == led and NUMBER[card] > NUMBER[best]:
            best_seat, best = seat, card
    return best_seat


# ---- scoring ------------------------------------------------------------------------------
def colour_detail(won: Sequence[Sequence[str]], col: str) -> dict[str, Any]:
    """How one colour scores: per-seat counts and sums, the fewest holders, per-seat points.

    Among the seats holding at least one card of the colour, those holding the fewest score
    the sum of their numbers times the factor; every other holder scores its count times the
    factor; a seat without the colour scores nothing for it.
    """
    factor = FACTOR[col]
    counts = [0] * len(won)
    sums = [0] * len(won)
    for seat, cards in enumerate(won):
        for card in cards:
            if card[0] == col:
                counts[seat] += 1
                sums[seat] += NUMBER[card]
    held = [k for k in counts if k]
    least = min(held) if held else 0
    fewest = [seat for seat, k in enumerate(counts) if k and k == least]
    points = [(sums[seat] if seat in fewest else counts[seat]) * factor for seat in range(len(won))]
    return {
        "factor": factor,
        "counts": counts,
        "sums": sums,
        "fewest": fewest,
        "points": points,
    }


def deal_details(won: Sequence[Sequence[str]]) -> dict[str, dict[str, Any]]:
    """`colour_detail` for red, blue and green."""
    return {col: colour_detail(won, col) for col in SCORED}


def deal_scores(won: Sequence[Sequence[str]]) -> list[int]:
    """Each seat's score for a deal from the cards it took."""
    totals = [0] * len(won)
    for detail in deal_details(won).values():
        for seat, p in enumerate(detail["points"]):
            totals[seat] += p
    return totals
