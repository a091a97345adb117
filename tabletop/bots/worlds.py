"""Sampling full game states ("worlds") from what one seat has seen: its View and its events.

A search player never reads the true state. Each game's module registers a `WorldSampler`:
a function of the game, the seat's current View, its `Memory` of redacted events and an RNG,
returning a State that shows the seat exactly that View. Hidden cards are drawn from the
cards the seat has not seen, respecting what the events proved (a seat that failed to follow
a suit holds none of it; cards the seat passed stay with their receiver until played).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar, cast

from tabletop.bots.base import bot_names
from tabletop.engine.events import Event
from tabletop.engine.game import Game, State
from tabletop.engine.rng import Rng
from tabletop.engine.views import BACK, View

R = TypeVar("R")


class Memory:
    """Everything one seat was told, in order: the redacted events of every action."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self._readings: dict[Callable[[Memory], Any], tuple[int, Any]] = {}

    def reading(self, read: Callable[[Memory], R]) -> R:
        """`read(self)`, worked out once for as long as nothing is added (a sampler asks for
        the same reading of the memory for every world of a decision)."""
        known = self._readings.get(read)
        if known is None or known[0] != len(self.events):
            known = self._readings[read] = (len(self.events), read(self))
        return cast(R, known[1])

    def add(self, events: Iterable[Mapping[str, Any]]) -> None:
        """Remember the events of one action."""
        self.events.extend(dict(e) for e in events)

    @classmethod
    def told(cls, events: Iterable[Event], seat: int) -> Memory:
        """What `seat` was told by these events (a match's, in order, its opening deal first)."""
        memory = cls()
        memory.add(e.to_json(seat, omniscient=False) for e in events)
        return memory

    def since(self, event_type: str) -> list[dict[str, Any]]:
        """The events after the last one of `event_type` (all of them if there is none)."""
        for i in range(len(self.events) - 1, -1, -1):
            if self.events[i].get("type") == event_type:
                return self.events[i + 1 :]
        return list(self.events)


S = TypeVar("S", bound=State)
G = TypeVar("G", bound=Game[Any])

WorldSampler = Callable[[G, View, Memory, Rng], S]
"""A game's one world-builder: from the game (its own class), the View and Memory of a seat
about to choose and an RNG, a full State of the game's own type showing the seat that View."""
_SAMPLERS: dict[str, WorldSampler[Any, Any]] = {}


def register_world(game_id: str, sampler: WorldSampler[G, S]) -> None:
    """Make a world sampler available for a game (its search player uses it)."""
    _SAMPLERS[game_id] = sampler


def world_sampler(game_id: str) -> WorldSampler[Any, Any] | None:
    """The registered world sampler of a game, or None."""
    bot_names(game_id)  # loads the game's player module, which registers its sampler
    return _SAMPLERS.get(game_id)


def resample(game: Game[S], state: S, seat: int, memory: Memory, rng: Rng) -> S:
    """A world `seat` could not tell from `state`: the game's world sampler fed the seat's View
    of `state` and its `memory` (the one way a world is dealt, for the search and the tests)."""
    sampler = world_sampler(game.info.id)
    if sampler is None:
        raise LookupError(f"{game.info.id} has no world sampler")
    world: S = sampler(game, game.view(state, seat), memory, rng)
    return world


_UNIVERSE: dict[tuple[str, int], Counter[str]] = {}
_BLANK: dict[tuple[str, int], State] = {}


def blank_state(game: Game[S], players: int) -> S:
    """A fresh copy of a default deal of `game` for `players`: the frame a sampler fills in."""
    key = (game.info.id, players)
    found = _BLANK.get(key)
    if found is None:
        found = _BLANK[key] = game.setup(players, None, 0)
    return game.clone(cast(S, found))


def universe(game: Game[Any], players: int) -> Counter[str]:
    """Every card of a match of `game` for `players` (counted), from a fresh default deal."""
    key = (game.info.id, players)
    found = _UNIVERSE.get(key)
    if found is None:
        state = game.setup(players, None, 0)
        found = Counter(c for z in game.zones(state) for c in z.cards)
        _UNIVERSE[key] = found
    return Counter(found)


def seen_cards(view: View) -> Counter[str]:
    """The card faces the View shows (backs not counted)."""
    return Counter(c for z in view.zones for c in z.cards if c != BACK)


def unseen_pool(game: Game[Any], view: View) -> list[str]:
    """The cards the viewer has not seen anywhere on the table, sorted (a stable order)."""
    rest = universe(game, view.players)
    rest.subtract(seen_cards(view))
    return sorted(c for c, k in rest.items() for _ in range(max(k, 0)))


def hidden_count(view: View, zone_id: str) -> int:
    """How many face-down cards the viewer sees in a zone."""
    return sum(1 for c in view.zone(zone_id).cards if c == BACK)


def avoiding(gone: frozenset[str], suit: Callable[[str], str]) -> Callable[[str], bool] | None:
    """A test that a card's suit is none of `gone` (None, no test, if `gone` is empty)."""
    if not gone:
        return None
    return lambda card: suit(card) not in gone


def deal_constrained(
    pool: Sequence[str],
    sizes: Sequence[int],
    allowed: Sequence[Callable[[str], bool] | None],
    rng: Rng,
    tries: int = 40,
) -> list[list[str]]:
    """Split `pool` into slots of `sizes`, slot i taking only cards `allowed[i]` accepts.

    Cards are placed most-constrained first into a random slot with room that accepts them;
    after `tries` failed attempts the constraints are dropped (the deal is still complete).
    """
    if sum(sizes) != len(pool):
        raise ValueError(f"cannot deal {len(pool)} cards into slots of {list(sizes)}")
    cards = list(pool)
    for _ in range(tries):
        rng.shuffle(cards)
        options = [
            [i for i, ok in enumerate(allowed) if sizes[i] and (ok is None or ok(c))] for c in cards
        ]
        order = sorted(range(len(cards)), key=lambda k: len(options[k]))
        room = list(sizes)
        out: list[list[str]] = [[] for _ in sizes]
        for k in order:
            fits = [i for i in options[k] if room[i]]
            if not fits:
                break
            pick = rng.below(sum(room[i] for i in fits))
            slot = fits[-1]
            for i in fits:
                if pick < room[i]:
                    slot = i
                    break
                pick -= room[i]
            out[slot].append(cards[k])
            room[slot] -= 1
        else:
            return out
    rng.shuffle(cards)
    out = []
    pos = 0
    for size in sizes:
        out.append(cards[pos : pos + size])
        pos += size
    return out


def count(view: View, counter_id: str) -> int:
    """The whole number a numeric counter shows."""
    return int(view.counter(counter_id).number)


def facts(view: View) -> dict[str, Any]:
    """The public facts of the table the View was made from (`Game.facts`): structured data,
    read instead of the words the counters show."""
    found: dict[str, Any] = view.hints["facts"]
    return found


def restore_match(state: State, view: View) -> None:
    """The round number, rounds and dealer of the table's facts; the totals of the `score<i>`
    counters."""
    match = state.match
    known = facts(view)
    match.round, match.rounds, match.dealer = known["round"], known["rounds"], known["dealer"]
    scores = {c.id: c.number for c in view.counters if c.id.startswith("score")}
    totals = [scores.get(f"score{i}", 0) for i in range(view.players)]  # half points stay
    match.scores = [[0.0] * view.players for _ in range(match.round - 2)]
    if match.round > 1 or any(totals):
        match.scores.append(list(totals))
