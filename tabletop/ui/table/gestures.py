"""From gestures to actions, and the in-between frames worth showing (pure, no Qt).

A drop of some cards on a zone, a double-click or a click becomes one of the View's moves.
When no move fits, `probe_action` builds the action text the gesture stands for, so the
engine itself can say why it is refused.
"""

from __future__ import annotations

import dataclasses
from collections import Counter as Multiset
from collections.abc import Sequence

from tabletop.engine.events import Event, Secret
from tabletop.engine.views import BACK, Move, View, Zone
from tabletop.i18n import for_view


def same_cards(a: Sequence[str], b: Sequence[str]) -> bool:
    """True if both hold the same cards (order and duplicates respected as a multiset)."""
    return Multiset(a) == Multiset(b)


def card_moves(view: View, codes: Sequence[str], target: str | None = None) -> list[Move]:
    """Drag or click moves that use exactly these cards (onto `target` if given)."""
    return [
        m
        for m in view.moves
        if m.gesture in ("drag", "click")
        and m.cards
        and same_cards(m.cards, codes)
        and (target is None or m.target == target)
    ]


def buttons(view: View) -> list[Move]:
    """Moves performed by pressing a button."""
    return [m for m in view.moves if m.gesture == "button"]


def playable(view: View) -> set[str]:
    """Codes of cards that some drag or click move uses."""
    return {c for m in view.moves if m.gesture != "button" for c in m.cards}


def move_sources(view: View, move: Move) -> set[str]:
    """The zones a drag or click move takes its cards from: its `source` if named; a clicked
    card lying in the move's target (a card taken from a shared row); the seat's own hand;
    else every zone holding them (duplicate cards make a code alone ambiguous)."""
    if move.source:
        return {move.source}
    holding = [z for z in view.zones if not Multiset(move.cards) - Multiset(z.cards)]
    if move.gesture == "click" and any(z.id == move.target for z in holding):
        return {str(move.target)}
    own = {z.id for z in holding if z.kind == "hand" and z.owner == view.seat}
    return own or {z.id for z in holding}


def reachable(view: View) -> dict[str, set[str]]:
    """Zone id → the codes some drag or click move may take from that zone now."""
    found: dict[str, set[str]] = {}
    for move in view.moves:
        if move.gesture == "button" or not move.cards:
            continue
        for zone_id in move_sources(view, move):
            found.setdefault(zone_id, set()).update(move.cards)
    return found


def targets_for(view: View, codes: Sequence[str]) -> set[str]:
    """Zone ids these cards may be dropped on now."""
    return {m.target for m in card_moves(view, codes) if m.target}


def multi_counts(view: View) -> set[int]:
    """How many cards the multi-card moves take (empty if there are none)."""
    return {len(m.cards) for m in view.moves if len(m.cards) > 1 and m.gesture != "button"}


def probe_action(view: View, codes: Sequence[str], target: str | None) -> str:
    """The action text a refused gesture stands for, built from a legal move's pattern."""
    candidates = [m for m in view.moves if m.gesture != "button" and len(m.cards) == len(codes)]
    candidates.sort(key=lambda m: m.target != target)
    for move in candidates:
        words = move.action.split()
        spare = list(codes)
        out = []
        for word in words:
            if word in move.cards and spare:
                out.append(spare.pop(0))
            else:
                out.append(word)
        if not spare:
            return " ".join(out)
    return " ".join(("play", *codes))


def zone_label(view: View, zone_id: str) -> str:
    """A zone's label, or its id if it has none."""
    try:
        zone = view.zone(zone_id)
    except KeyError:
        return zone_id
    return for_view(zone.label, view) or zone.id


def _secretless(value: object) -> list[str] | None:
    if isinstance(value, Secret) or not isinstance(value, (list, tuple)):
        return None
    if all(isinstance(c, str) for c in value):
        return [str(c) for c in value]
    return None


def trick_frame(before: View, events: Sequence[Event], seat: int) -> View | None:
    """`before` with the full trick in the middle, when an action completed and took a trick.

    Games clear a trick in the same action that completes it; this frame lets the players
    see the last card land before the trick is gathered. Built only from the public `trick`
    event's cards, so it shows nothing the seat could not see.
    """
    cards = None
    for event in events:
        if event.type == "trick":
            cards = _secretless(event.data.get("cards"))
            break
    tricks = [z for z in before.zones if z.kind == "trick"]
    if not cards or len(tricks) != 1:
        return None
    trick = tricks[0]
    missing = list(Multiset(cards) - Multiset(trick.cards))
    zones = []
    for zone in before.zones:
        if zone is trick:
            zones.append(zone._replace(cards=tuple(cards)))
            continue
        held = list(zone.cards)
        for code in list(missing):
            if code in held:
                held.remove(code)
                missing.remove(code)
        zones.append(zone._replace(cards=tuple(held)))
    if missing:
        zones = [_drop_backs(z, seat, len(missing)) for z in zones]
    return dataclasses.replace(before, zones=tuple(zones), moves=())


def _drop_backs(zone: Zone, seat: int, count: int) -> Zone:
    """The acting seat's hand with `count` backs taken out (cards it just played)."""
    if zone.owner != seat or zone.kind != "hand":
        return zone
    held = list(zone.cards)
    for _ in range(count):
        if BACK in held:
            held.remove(BACK)
    return zone._replace(cards=tuple(held))


def last_trick(events: Sequence[Event]) -> tuple[list[str], int | None] | None:
    """The cards and winner of the last `trick` event among these (None if there is none)."""
    found = None
    for event in events:
        if event.type == "trick":
            cards = _secretless(event.data.get("cards"))
            winner = event.data.get("winner")
            if cards:
                found = (cards, winner if isinstance(winner, int) else None)
    return found


def round_scores(events: Sequence[Event]) -> list[float] | None:
    """Per-seat scores of a round that just ended, if an event says so."""
    for event in events:
        if event.type == "round_end":
            scores = event.data.get("scores")
            if isinstance(scores, (list, tuple)) and all(
                isinstance(v, (int, float)) for v in scores
            ):
                return [float(v) for v in scores]
    return None
