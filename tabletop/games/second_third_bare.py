"""Second Third as one plain loop of random play: the speed reference of `tabletop bench`.

No states, actions, events or protocol: lists of card codes and the rules written inline. It
makes the same random choices as random play through the engine (the same deal shuffles from
the match seed, and `chooser.below(len(legal))` over the legal moves in the order the engine
lists them), so both reach the same scores; a test holds them to it.
"""

from __future__ import annotations

from tabletop.engine.cards import ORDER
from tabletop.engine.rng import Rng
from tabletop.games.second_third_rules import FULL_DECK, HAND_SIZES, POWER, SHORT_DECK, points_score


def bare_match(players: int, seed: int, chooser: Rng, *, ver2: bool = False) -> list[list[int]]:
    """One match of uniformly random play; returns every deal's scores per seat."""
    deal_rng = Rng(seed)
    below = chooser.below
    key = ORDER.__getitem__
    each = HAND_SIZES[ver2][players][0]
    rows = []
    for dealer in range(players):
        deck = list(SHORT_DECK if players == 3 else FULL_DECK)
        deal_rng.shuffle(deck)
        dealt = each * players
        hands = [sorted(deck[s:dealt:players], key=key) for s in range(players)]
        # everyone passes two cards (a pair chosen among all pairs in hand order) to the left
        given = []
        for hand in hands:
            n = len(hand)
            index = below(n * (n - 1) // 2)
            first, row = 0, n - 1
            while index >= row:
                index -= row
                first += 1
                row -= 1
            given.append((hand[first], hand[first + 1 + index]))
        for seat, pair in enumerate(given):
            for card in pair:
                hands[seat].remove(card)
        for seat, pair in enumerate(given):
            left = hands[(seat + 1) % players]
            left.extend(pair)
            left.sort(key=key)
        # tricks until everyone holds one card: follow suit if able, spades trump
        won: list[list[str]] = [[] for _ in range(players)]
        leader = dealer
        while len(hands[0]) > 1:
            hand = hands[leader]
            card = hand.pop(below(len(hand)))
            power = POWER[card[-1]]
            led = card[-1]
            best_seat, best = leader, card
            trick = [card]
            for k in range(1, players):
                seat = (leader + k) % players
                hand = hands[seat]
                follow = [c for c in hand if c[-1] == led]
                card = follow[below(len(follow))] if follow else hand[below(len(hand))]
                hand.remove(card)
                trick.append(card)
                if power[card] > power[best]:
                    best_seat, best = seat, card
            won[best_seat].extend(trick)
            leader = best_seat
        # the last card is taken unplayed; suits by points: - first + second + third - fourth
        scores = []
        for seat in range(players):
            won[seat].append(hands[seat][0])
            points = dict.fromkeys("SHDC", 0)
            for card in won[seat]:
                points[card[-1]] += 2 if card[0] == "A" else 1
            scores.append(points_score(points))
        rows.append(scores)
    return rows
