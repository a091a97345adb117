"""Pure rules of ポーカード・トリック: trick winner, poker hands, points and chip settlement,
plus the settle / game_end event builders.

Kept apart from the Game module so each rule can be tested on its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tabletop.engine.cards import RANK_VALUE, is_joker
from tabletop.engine.events import Event

POT = "pot"
"""The `from` / `to` name of the pot in a chip transfer."""

# (points, name) per poker category; straight, flush and three of a kind share 3 points
STRAIGHT_FLUSH = (6, "straight flush")
FOUR = (5, "four of a kind")
FULL_HOUSE = (4, "full house")
FLUSH = (3, "flush")
STRAIGHT = (3, "straight")
THREE = (3, "three of a kind")
TWO_PAIR = (2, "two pair")
PAIR = (1, "one pair")
NOTHING = (0, "no hand")


def trick_winner(trick: Sequence[tuple[int, str]]) -> tuple[int, bool]:
    """The winning seat of a complete trick and whether a joker won it.

    The last joker played wins; without jokers the highest card of the led suit (ace high).
    """
    for seat, card in reversed(trick):
        if is_joker(card):
            return seat, True
    best_seat, best = trick[0]
    led = best[-1]
    for seat, card in trick[1:]:
        if card[-1] == led and RANK_VALUE[card[:-1]] > RANK_VALUE[best[:-1]]:
            best_seat, best = seat, card
    return best_seat, False


def _has_run(values: set[int]) -> bool:
    """True if five consecutive ranks are present; an ace also counts as 1, never wraps."""
    if 14 in values:
        values = values | {1}
    return any(all(v + k in values for k in range(5)) for v in values if v <= 10)


def poker_hand(cards: Sequence[str]) -> tuple[int, str]:
    """Best single poker category (points, name) from any subset of `cards`; jokers ignored."""
    counts: dict[int, int] = {}
    suits: dict[str, set[int]] = {}
    for card in cards:
        if is_joker(card):
            continue
        v = RANK_VALUE[card[:-1]]
        counts[v] = counts.get(v, 0) + 1
        suits.setdefault(card[-1], set()).add(v)
    if any(len(vs) >= 5 and _has_run(vs) for vs in suits.values()):
        return STRAIGHT_FLUSH
    sizes = sorted(counts.values(), reverse=True)
    if sizes and sizes[0] >= 4:
        return FOUR
    if len(sizes) >= 2 and sizes[0] >= 3 and sizes[1] >= 2:
        return FULL_HOUSE
    if any(len(vs) >= 5 for vs in suits.values()):
        return FLUSH
    if len(counts) >= 5 and _has_run(set(counts)):
        return STRAIGHT
    if sizes and sizes[0] >= 3:
        return THREE
    if len(sizes) >= 2 and sizes[1] >= 2:
        return TWO_PAIR
    if sizes and sizes[0] >= 2:
        return PAIR
    return NOTHING


@dataclass(slots=True)
class Settlement:
    """The outcome of settling one deal: transfers in order, final chips and pot, bankrupts."""

    chips: list[int]
    pot: int
    transfers: list[dict[str, int | str]] = field(default_factory=list)
    bankrupt: list[int] = field(default_factory=list)
    pot_winner: int | None = None


def settle(
    order: Sequence[int],
    points: Mapping[int, int],
    poker: Mapping[int, int],
    won_trick: Mapping[int, bool],
    chips: Sequence[int],
    pot: int,
) -> Settlement:
    """Settle a played deal among the declarers `order` (clockwise from the starter).

    (1) declarers who won no trick share the pot equally, the remainder stays; (2) each lower-
    point declarer pays every higher-point one the difference, debtors from the starter
    clockwise, creditors clockwise from the debtor's left, stopping (bankrupt) at zero chips;
    (3) the best declarer (points, then poker points, then nearest the starter) takes the rest.
    """
    out = Settlement(list(chips), pot)
    chips_now = out.chips
    empty = [s for s in order if not won_trick[s]]
    if empty and pot >= len(empty):
        share = pot // len(empty)
        for s in empty:
            chips_now[s] += share
            out.transfers.append({"step": 1, "from": POT, "to": s, "chips": share})
        out.pot -= share * len(empty)
    gone: set[int] = set()
    k = len(order)
    for pos, debtor in enumerate(order):
        mine = points[debtor]
        for step in range(1, k):
            creditor = order[(pos + step) % k]
            owed = points[creditor] - mine
            if owed <= 0 or creditor in gone:
                continue
            paid = min(owed, chips_now[debtor])
            chips_now[debtor] -= paid
            chips_now[creditor] += paid
            out.transfers.append({"step": 2, "from": debtor, "to": creditor, "chips": paid})
            if chips_now[debtor] == 0:
                gone.add(debtor)
                out.bankrupt.append(debtor)
                break
    best = max(range(k), key=lambda i: (points[order[i]], poker[order[i]], -i))
    out.pot_winner = order[best]
    if out.pot > 0:
        chips_now[order[best]] += out.pot
        out.transfers.append({"step": 3, "from": POT, "to": order[best], "chips": out.pot})
        out.pot = 0
    return out


@dataclass(frozen=True, slots=True)
class Score:
    """One declarer's points for a deal: trick points, poker hand, poker points, total."""

    tricks: int
    hand: str
    poker: int
    points: int


def score_deal(
    order: Sequence[int],
    hidden: Sequence[Sequence[str] | None],
    won: Sequence[Sequence[str]],
    trick_points: Sequence[int],
) -> dict[int, Score]:
    """Each declarer's score: trick points plus the best hand from kept and won cards."""
    out = {}
    for s in order:
        poker, name = poker_hand([*(hidden[s] or ()), *won[s]])
        out[s] = Score(trick_points[s], name, poker, trick_points[s] + poker)
    return out


def settle_event(
    transfers: list[dict[str, int | str]],
    pot_winner: int | None,
    bankrupt: list[int],
    chips: Sequence[int],
    pot: int,
) -> Event:
    """The `settle` event: chip transfers in order, who took the pot, bankrupts, chips after."""
    return Event(
        "settle",
        {
            "transfers": transfers,
            "pot_winner": pot_winner,
            "bankrupt": bankrupt,
            "chips": list(chips),
            "pot": pot,
        },
    )
