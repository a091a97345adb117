"""Second Third's deal and scoring, in one place: the game and its bare loop both read them."""

from __future__ import annotations

from tabletop.engine.cards import ORDER, RANKS, SUITS, standard_deck

TRUMP = "S"
SHORT_RANKS = RANKS[4:]  # 6..A for three players
FULL_DECK = standard_deck()
SHORT_DECK = standard_deck(ranks=SHORT_RANKS)
HAND_SIZES = {
    False: {3: (12, 0), 4: (13, 0), 5: (10, 2)},
    True: {3: (11, 3), 4: (12, 4), 5: (10, 2)},
}
"""(hand size, cards set face down) by player count, for the seed's version and for ver.2."""


def suit_points(cards: list[str]) -> dict[str, int]:
    """Points per suit: 1 per card, an ace 2."""
    points = dict.fromkeys(SUITS, 0)
    for c in cards:
        points[c[-1]] += 2 if c[0] == "A" else 1
    return points


def score(cards: list[str]) -> int:
    """−1st + 2nd + 3rd − 4th over the suits sorted by points, highest first."""
    return points_score(suit_points(cards))


def points_score(points: dict[str, int]) -> int:
    """The score of per-suit points (see `score`)."""
    first, second, third, fourth = sorted(points.values(), reverse=True)
    return -first + second + third - fourth


POWER = {
    led: {c: 100 + i if c[-1] == TRUMP else i if c[-1] == led else -1 for c, i in ORDER.items()}
    for led in SUITS
}
"""A card's power in a trick led in each suit: any spade beats every other card, the led suit
ranks by rank (within a suit the deck order is the rank order), another suit cannot win."""


def trick_winner(trick: list[tuple[int, str]]) -> int:
    """The seat that wins a complete trick: highest spade, else highest of the led suit."""
    best_seat, first = trick[0]
    power = POWER[first[-1]]
    top = power[first]
    for seat, card in trick[1:]:
        if power[card] > top:
            top, best_seat = power[card], seat
    return best_seat
