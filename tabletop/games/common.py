"""Small helpers several games share: dealing, seat order, per-seat zones, final places."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Any, TypeVar, overload

from tabletop.engine.actions import Action
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import NOBODY, Result, State, places
from tabletop.engine.text import EMPTY, Msg
from tabletop.engine.views import Zone, private

T = TypeVar("T")


def deal(cards: list[str], players: int, each: int) -> tuple[list[list[str]], list[str]]:
    """Deal `each` cards to every seat one at a time from the top; return hands and the rest
    (new lists: slices of the shuffled deck)."""
    dealt = each * players
    return [cards[seat:dealt:players] for seat in range(players)], cards[dealt:]


def left_of(seat: int, players: int, steps: int = 1) -> int:
    """The seat `steps` places clockwise (to the left)."""
    return (seat + steps) % players


def clockwise_from(seat: int, players: int) -> list[int]:
    """All seats in play order starting with `seat`."""
    return [(seat + i) % players for i in range(players)]


HAND = Msg("Hand")


def hand_zones(hands: Sequence[Sequence[str]], label: Msg = HAND) -> list[Zone]:
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


_PAIR_POSITIONS: dict[int, list[tuple[int, int]]] = {}


def pair_positions(n: int) -> list[tuple[int, int]]:
    """The positions (i, j), i < j, of every pair of n items in PairActions' order."""
    found = _PAIR_POSITIONS.get(n)
    if found is None:
        found = _PAIR_POSITIONS[n] = list(combinations(range(n), 2))
    return found


class PairActions(Sequence[Action]):
    """Every two-card action from a hand kept in the table's order, built only when asked.

    A 13-card hand has 78 pairs, and usually one is taken; this sequence keeps a snapshot of
    the hand (in the table's order) and looks actions up only when they are asked for. It
    supports what a list does for callers: len, indexing, iteration, `in`, index, and
    equality to the list of the same actions.
    """

    __slots__ = ("_hand", "_len", "_table")

    def __init__(self, table: dict[str, dict[str, Action]], hand: Sequence[str]) -> None:
        self._table = table
        self._hand = tuple(hand)
        n = len(self._hand)
        self._len = n * (n - 1) // 2

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("pair index out of range")
        hand = self._hand
        first, second = pair_positions(len(hand))[index]
        return self._table[hand[first]][hand[second]]

    def __iter__(self) -> Iterator[Action]:
        hand = self._hand
        for i, a in enumerate(hand):
            row = self._table[a]
            for b in hand[i + 1 :]:
                yield row[b]

    def __contains__(self, action: object) -> bool:
        if not (isinstance(action, tuple) and len(action) == 2):
            return False
        args = action[1]
        if not (isinstance(args, tuple) and len(args) == 2):
            return False
        a, b = args
        hand = self._hand
        if a not in hand or b not in hand:
            return False
        # the table holds [a][b] only for a before b, the order the hand is kept in
        found = self._table[a].get(b)
        return found is not None and found == action

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PairActions):
            return list(self) == list(other)
        if isinstance(other, list):
            return len(other) == self._len and list(self) == other
        return NotImplemented

    def __repr__(self) -> str:
        return repr(list(self))


def pass_left(
    hands: list[list[str]],
    passing: Sequence[tuple[str, ...] | None],
    key: Callable[[str], Any],
    quiet: bool = False,
) -> list[Event]:
    """Give every seat's chosen cards to its left neighbour at once; re-sort the hands.

    Returns one `pass` event per seat, its cards secret to the giver and the receiver (none
    for a `quiet` state).
    """
    n = len(hands)
    events = []
    for giver, given in enumerate(passing):
        to = left_of(giver, n)
        cards = list(given or ())
        hands[to].extend(cards)
        if not quiet:
            events.append(
                Event("pass", {"seat": giver, "to": to, "cards": Secret(private(giver, to), cards)})
            )
    for hand in hands:
        hand.sort(key=key)
    return events


def finish(
    state: State,
    tiebreak: Callable[[int], tuple[float, ...]] | None = None,
    note: Msg = EMPTY,
    totals: Sequence[float] | None = None,
) -> Event:
    """Set the match result (see `settle`); return the game_end event."""
    return Event("game_end", settle(state, tiebreak, note, totals).to_json())


def settle(
    state: State,
    tiebreak: Callable[[int], tuple[float, ...]] | None = None,
    note: Msg = EMPTY,
    totals: Sequence[float] | None = None,
) -> Result:
    """Set the match result and return it.

    Totals (by default the sum of the recorded rounds) decide; `tiebreak(seat)` gives further
    keys (higher is better) for equal totals. Seats still equal share the place, and every
    seat in first place wins.
    """
    totals = list(state.match.totals if totals is None else totals)
    keys = [(totals[i], *(tiebreak(i) if tiebreak else ())) for i in range(state.players)]
    place = places(keys)
    winners = tuple(i for i, p in enumerate(place) if p == 1)
    result = state.result = Result(
        totals=tuple(totals),
        places=place,
        winners=winners,
        rounds=tuple(tuple(r) for r in state.match.scores),
        tiebreak=note,
    )
    return result


def deal_again_or_finish(
    state: State,
    deal: Callable[[], T],
    tiebreak: Callable[[int], tuple[float, ...]] | None = None,
    note: Msg = EMPTY,
) -> Event | T | None:
    """After a scored round: the next round's deal (dealer moved left), or the game_end.

    `deal` deals and returns its event (or, for a quiet state, whatever it returns). A quiet
    state's last round sets the result without a game_end: None. A state at its `horizon` is
    not dealt again: None, and no seat acts.
    """
    if state.match.round >= state.match.rounds:
        if state.quiet:  # no record kept: the result alone, no game_end event
            settle(state, tiebreak, note)
            return None
        return finish(state, tiebreak, note)
    state.match.next_round()
    if state.horizon:
        state.acting = NOBODY
        return None
    return deal()
