"""Small helpers several games share: dealing, seat order, per-seat zones, final places."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import Result, State, places
from tabletop.engine.views import Zone, private


def deal(cards: Sequence[str], players: int, each: int) -> tuple[list[list[str]], list[str]]:
    """Deal `each` cards to every seat one at a time from the top; return hands and the rest."""
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(each * players):
        hands[i % players].append(cards[i])
    return hands, list(cards[each * players :])


def left_of(seat: int, players: int, steps: int = 1) -> int:
    """The seat `steps` places clockwise (to the left)."""
    return (seat + steps) % players


def clockwise_from(seat: int, players: int) -> list[int]:
    """All seats in play order starting with `seat`."""
    return [(seat + i) % players for i in range(players)]


def hand_zones(hands: Sequence[Sequence[str]], label: str = "Hand") -> list[Zone]:
    """One private `hand{i}` zone per seat."""
    return [
        Zone(f"hand{i}", "hand", tuple(h), owner=i, label=label, visible=private(i))
        for i, h in enumerate(hands)
    ]


def secret_hands(hands: Sequence[Sequence[str]]) -> list[Secret]:
    """Each hand as a Secret only its owner may see (for deal events)."""
    return [Secret(frozenset((i,)), list(h)) for i, h in enumerate(hands)]


def action_table(verb: str, codes: Sequence[str]) -> dict[str, Action]:
    """Pre-built one-card actions (`verb code`) so legal lists cost no allocation."""
    return {c: Action(verb, (c,)) for c in codes}


def pair_table(verb: str, codes: Sequence[str]) -> dict[str, dict[str, Action]]:
    """Pre-built two-card actions: `table[a][b]` for every pair with a before b in `codes`."""
    table: dict[str, dict[str, Action]] = {c: {} for c in codes}
    for a, b in combinations(codes, 2):
        table[a][b] = Action(verb, (a, b))
    return table


def pairs(table: dict[str, dict[str, Action]], hand: Sequence[str]) -> list[Action]:
    """Every two-card action from a hand kept in the table's order."""
    return [row[b] for i, a in enumerate(hand) for row in (table[a],) for b in hand[i + 1 :]]


def pass_left(
    hands: list[list[str]], passing: Sequence[tuple[str, ...] | None], key: Callable[[str], Any]
) -> list[Event]:
    """Give every seat's chosen cards to its left neighbour at once; re-sort the hands.

    Returns one `pass` event per seat, its cards secret to the giver and the receiver.
    """
    n = len(hands)
    events = []
    for giver, given in enumerate(passing):
        to = left_of(giver, n)
        cards = list(given or ())
        hands[to].extend(cards)
        events.append(
            Event("pass", {"seat": giver, "to": to, "cards": Secret(private(giver, to), cards)})
        )
    for hand in hands:
        hand.sort(key=key)
    return events


def finish(
    state: State,
    tiebreak: Callable[[int], tuple[float, ...]] | None = None,
    note: str = "",
    totals: Sequence[float] | None = None,
) -> Event:
    """Set the match result; return the game_end event.

    Totals (by default the sum of the recorded rounds) decide; `tiebreak(seat)` gives further
    keys (higher is better) for equal totals. Seats still equal share the place, and every
    seat in first place wins.
    """
    totals = list(state.match.totals if totals is None else totals)
    keys = [(totals[i], *(tiebreak(i) if tiebreak else ())) for i in range(state.players)]
    place = places(keys)
    winners = tuple(i for i, p in enumerate(place) if p == 1)
    state.result = Result(
        totals=tuple(totals),
        places=place,
        winners=winners,
        rounds=tuple(tuple(r) for r in state.match.scores),
        tiebreak=note,
    )
    return Event("game_end", state.result.to_json())
