"""Sealed simultaneous choices (pure, no Qt): when a move waits for a confirmation, and how a
waiting choice looks on the table.

A game says nothing special about a sealed choice: several seats must act at once (a bid, a
face-down card, a colour shown to join). `SealWatch` follows the seats to act from View to View:
a simultaneous choice opens when several seats must act together and stays open while that set
only shrinks, one seat after another. A person's move in it waits on the table (`staged`) until
it is confirmed, and can be taken back until then.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from tabletop.engine.text import Msg
from tabletop.engine.views import Move, View, Zone


class SealWatch:
    """The seats of the simultaneous choice open now (empty when there is none)."""

    def __init__(self) -> None:
        self.group: frozenset[int] = frozenset()

    def update(self, to_act: Iterable[int]) -> bool:
        """Take the seats that must act now; True if a simultaneous choice just completed."""
        now = frozenset(to_act)
        was = self.group
        going_on = bool(was) and bool(now) and now < was
        if going_on or len(now) > 1:
            self.group = now
        else:
            self.group = frozenset()
        return bool(was) and not going_on

    def sealed(self, seat: int | None) -> bool:
        """True if `seat` is still to make its part of a simultaneous choice."""
        return seat is not None and seat in self.group


WAITING = Msg("Your choice is face down: Confirm it (Return) or take it back (Escape).")
"""The status line while a sealed choice waits for its confirmation."""


def staged(view: View, move: Move) -> View:
    """`view` with `move`'s cards already lying on its target, nothing else to do."""
    zones = list(view.zones)
    if move.cards and move.target is not None:
        source = _source(view, move)
        for index, zone in enumerate(zones):
            if zone.id == source:
                held = list(zone.cards)
                for code in move.cards:
                    if code in held:
                        held.remove(code)
                zones[index] = zone._replace(cards=tuple(held))
        for index, zone in enumerate(zones):
            if zone.id == move.target:
                zones[index] = zone._replace(cards=(*zone.cards, *move.cards))
    return dataclasses.replace(view, zones=tuple(zones), moves=(), status=WAITING)


def _source(view: View, move: Move) -> str | None:
    """The zone the move's cards leave: the named source, else the seat's zone holding them."""
    if move.source is not None:
        return move.source

    def holds(zone: Zone) -> bool:
        return all(zone.cards.count(c) >= move.cards.count(c) for c in move.cards)

    own = [z for z in view.zones if z.owner == view.seat and z.id != move.target and holds(z)]
    own.sort(key=lambda z: z.kind != "hand")
    return own[0].id if own else None
