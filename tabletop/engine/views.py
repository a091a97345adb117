"""Views: what one seat may see, built from zones marked public, private or hidden.

A game lists its zones with every card and a visibility mark; `View.build` masks the cards a
seat may not see into backs, so a game cannot leak a hidden card by forgetting to hide it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from tabletop.engine.actions import Action
from tabletop.engine.text import EMPTY, Msg

_parsed = lru_cache(maxsize=4096)(Action.parse)
"""An action's text read into its typed value (the same few texts are read again and again)."""

BACK = "??"
"""The code shown in place of a card its viewer may not see."""

PUBLIC: None = None
"""Visibility mark: everyone sees the zone's cards."""

HIDDEN: frozenset[int] = frozenset()
"""Visibility mark: nobody sees the zone's cards (only how many)."""


def private(*seats: int) -> frozenset[int]:
    """Visibility mark: only these seats see the zone's cards."""
    return frozenset(seats)


ZoneKind = Literal["hand", "row", "pile", "fan", "stack", "tableau", "trick"]
Gesture = Literal["drag", "click", "button"]


class Zone(NamedTuple):
    """A place holding cards; `visible` is PUBLIC (None), HIDDEN, or a set of seats.

    An immutable value (a named tuple: a game makes all its zones anew for every View, and
    a tuple is made and compared several times faster than a frozen dataclass).
    """

    id: str
    kind: ZoneKind
    cards: tuple[str, ...]
    owner: int | None = None
    label: Msg = EMPTY
    visible: frozenset[int] | None = PUBLIC

    def seen_by(self, seat: int | None) -> bool:
        """True if `seat` (None: spectator) sees this zone's card faces."""
        return self.visible is None or (seat is not None and seat in self.visible)

    @property
    def insiders(self) -> frozenset[int]:
        """The seats that see this zone's faces while a spectator does not (see `seen_by`)."""
        return self.visible or HIDDEN

    def masked_for(self, seat: int | None) -> Zone:
        """This zone as `seat` sees it: faces or backs."""
        if self.seen_by(seat):
            return self
        return Zone(self.id, self.kind, (BACK,) * len(self.cards), self.owner, self.label, HIDDEN)

    def to_json(self) -> dict[str, Any]:
        """JSON form (cards as codes, backs as '??')."""
        return {
            "id": self.id,
            "kind": self.kind,
            "owner": self.owner,
            "label": self.label.to_json(),
            "face_up": self.visible != HIDDEN,
            "cards": list(self.cards),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Zone:
        """A zone as its viewer received it (face-down zones come back HIDDEN)."""
        visible = PUBLIC if data.get("face_up", True) else HIDDEN
        return cls(
            data["id"],
            data["kind"],
            tuple(data["cards"]),
            data.get("owner"),
            Msg.from_json(data.get("label", EMPTY.to_json())),
            visible,
        )


class Counter(NamedTuple):
    """A public number or short message: a score, chips, tricks, a marker, a dealer's name.

    An immutable value, a named tuple like `Zone`.
    """

    id: str
    label: Msg
    value: int | float | str | Msg
    owner: int | None = None

    @property
    def number(self) -> int | float:
        """The value of a counter that shows a number (TypeError if it shows words)."""
        value = self.value
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value
        raise TypeError(f"counter {self.id} shows words, not a number")

    def to_json(self) -> dict[str, Any]:
        """JSON form (label and a message value in their Msg JSON form)."""
        value = self.value
        return {
            "id": self.id,
            "label": self.label.to_json(),
            "value": value.to_json() if isinstance(value, Msg) else value,
            "owner": self.owner,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Counter:
        """Read the JSON form back."""
        value = data["value"]
        if isinstance(value, dict):
            value = Msg.from_json(value)
        return cls(data["id"], Msg.from_json(data["label"]), value, data.get("owner"))


@dataclass(frozen=True, slots=True)
class Move:
    """A legal action tagged with how a person performs it.

    `drag`: drag `cards` onto zone `target`; `click`: click the single card; `button`: press a
    button labelled `label` (a Msg). Multi-card drags are selected first, then confirmed. `source`
    names the zone the cards come from when a code could be in several (duplicate cards).
    """

    action: str
    gesture: Gesture
    label: Msg
    cards: tuple[str, ...] = ()
    target: str | None = None
    source: str | None = None

    @property
    def act(self) -> Action:
        """The action as a typed value (its verb and arguments), read back from its text."""
        return _parsed(self.action)

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "action": self.action,
            "gesture": self.gesture,
            "label": self.label.to_json(),
            "cards": list(self.cards),
            "target": self.target,
            "source": self.source,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Move:
        """Read the JSON form back."""
        return cls(
            data["action"],
            data["gesture"],
            Msg.from_json(data["label"]),
            tuple(data["cards"]),
            data.get("target"),
            data.get("source"),
        )


@dataclass(frozen=True, slots=True)
class View:
    """Everything one seat (or a spectator, seat None) may see, and its legal moves."""

    game: str
    seat: int | None
    players: int
    names: tuple[str, ...]
    zones: tuple[Zone, ...]
    counters: tuple[Counter, ...]
    status: Msg
    to_act: tuple[int, ...]
    moves: tuple[Move, ...]
    over: bool
    hints: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        game: str,
        seat: int | None,
        names: Sequence[str],
        zones: Iterable[Zone],
        counters: Iterable[Counter],
        status: Msg,
        to_act: Iterable[int],
        moves: Iterable[Move],
        over: bool,
        hints: dict[str, Any] | None = None,
    ) -> View:
        """Assemble a View for `seat`, masking every zone it may not see."""
        return cls(
            game=game,
            seat=seat,
            players=len(names),
            names=tuple(names),
            zones=tuple(z.masked_for(seat) for z in zones),
            counters=tuple(counters),
            status=status,
            to_act=tuple(sorted(to_act)),
            moves=tuple(moves),
            over=over,
            hints=dict(hints or {}),
        )

    def zone(self, zone_id: str) -> Zone:
        """The zone with this id (KeyError if absent)."""
        for z in self.zones:
            if z.id == zone_id:
                return z
        raise KeyError(zone_id)

    def counter(self, counter_id: str) -> Counter:
        """The counter with this id (KeyError if absent)."""
        for c in self.counters:
            if c.id == counter_id:
                return c
        raise KeyError(counter_id)

    def to_json(self) -> dict[str, Any]:
        """JSON form: what a client of this seat receives."""
        return {
            "game": self.game,
            "seat": self.seat,
            "players": self.players,
            "names": list(self.names),
            "zones": [z.to_json() for z in self.zones],
            "counters": [c.to_json() for c in self.counters],
            "status": self.status.to_json(),
            "to_act": list(self.to_act),
            "moves": [m.to_json() for m in self.moves],
            "over": self.over,
            "hints": self.hints,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> View:
        """A View rebuilt from its JSON form, as a network client receives it."""
        return cls(
            game=data["game"],
            seat=data["seat"],
            players=data["players"],
            names=tuple(data["names"]),
            zones=tuple(Zone.from_json(z) for z in data["zones"]),
            counters=tuple(Counter.from_json(c) for c in data["counters"]),
            status=Msg.from_json(data["status"]),
            to_act=tuple(data["to_act"]),
            moves=tuple(Move.from_json(m) for m in data["moves"]),
            over=data["over"],
            hints=dict(data.get("hints") or {}),
        )
