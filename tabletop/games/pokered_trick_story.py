"""Pokered Trick told per viewer: declarations, hidden pairs, tricks, the showdown, payments."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.game import Line
from tabletop.engine.text import Cards, Msg, Seat
from tabletop.games.story import common, count, mine, shown

HAND_NAMES = {
    "no hand": Msg("no hand"),
    "one pair": Msg("one pair"),
    "two pair": Msg("two pair"),
    "three of a kind": Msg("three of a kind"),
    "straight": Msg("straight"),
    "flush": Msg("flush"),
    "full house": Msg("full house"),
    "four of a kind": Msg("four of a kind"),
    "straight flush": Msg("straight flush"),
}
"""The poker hands of the `reveal` event, as messages."""


def narrate(event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]) -> list[Line]:
    """The lines `event` tells `viewer` (None: the omniscient narrator)."""
    kind = event.get("type")
    seat = int(event.get("seat", -1))
    you, who = mine(viewer, seat), Seat(seat)
    if kind == "declare":
        if event.get("choice") == "in":
            return [Line(Msg("You are in")) if you else Line(Msg("{player} is in", player=who))]
        pot = event.get("pot", 0)
        if you:
            return [Line(Msg("You folded (pot {pot})", pot=pot))]
        return [Line(Msg("{player} folded (pot {pot})", player=who, pot=pot))]
    if kind == "hide":
        cards = shown(event.get("cards"))
        if cards is not None and you:
            return [Line(Msg("You kept {cards} aside", cards=Cards(cards)))]
        if cards is not None:
            return [Line(Msg("{player} kept {cards} aside", player=who, cards=Cards(cards)))]
        n = count(event.get("cards"))
        if n == 1:
            return [Line(Msg("{player} kept a card aside", player=who))]
        return [Line(Msg("{player} kept {count} cards aside", player=who, count=n))]
    if kind == "reveal":
        return _showdown(event, viewer)
    if kind == "settle":
        return _settle(event, viewer)
    if kind == "time":
        minutes = event.get("minutes", 0)
        if minutes == 1:
            return [Line(Msg("{player} reports a minute played", player=who))]
        return [Line(Msg("{player} reports {minutes} minutes played", player=who, minutes=minutes))]
    if kind == "round_end":
        out = common(event, viewer, memo, "deal")
        for bust in event.get("bankrupt") or []:
            out.append(Line(Msg("{player} is out of chips", player=Seat(int(bust))), True))
        return out
    return common(event, viewer, memo, "deal")


def _showdown(event: Mapping[str, Any], viewer: int | None) -> list[Line]:
    """Every declarer's hidden pair turned up, its poker hand and points."""
    out = [Line(Msg("Showdown"), True)]
    hidden, hands = event.get("hidden") or [], event.get("hands") or []
    points = event.get("points") or []
    for seat, pair in enumerate(hidden):
        if pair is None or seat >= len(hands) or hands[seat] is None:
            continue
        hand = HAND_NAMES.get(str(hands[seat]), Msg("no hand"))
        pts = points[seat] if seat < len(points) else 0
        if mine(viewer, seat):
            msg = Msg(
                "You turn up {cards}: {hand}, {points} points",
                cards=Cards(pair),
                hand=hand,
                points=pts,
            )
        else:
            msg = Msg(
                "{player} turns up {cards}: {hand}, {points} points",
                player=Seat(seat),
                cards=Cards(pair),
                hand=hand,
                points=pts,
            )
        out.append(Line(msg, True))
    return out


def _settle(event: Mapping[str, Any], viewer: int | None) -> list[Line]:
    """Each payment of the settlement, in order."""
    out = []
    for move in event.get("transfers") or []:
        src, dst, chips = move.get("from"), move.get("to"), move.get("chips", 0)
        amount = Msg("a chip", ctx="chips") if chips == 1 else Msg("{chips} chips", chips=chips)
        if src == "pot" and isinstance(dst, int):
            if mine(viewer, dst):
                msg = Msg("You take {amount} from the pot", amount=amount)
            else:
                msg = Msg("{player} takes {amount} from the pot", player=Seat(dst), amount=amount)
        elif isinstance(src, int) and isinstance(dst, int):
            if mine(viewer, src):
                msg = Msg("You pay {to} {amount}", to=Seat(dst), amount=amount)
            elif mine(viewer, dst):
                msg = Msg("{player} pays you {amount}", player=Seat(src), amount=amount)
            else:
                msg = Msg(
                    "{player} pays {to} {amount}", player=Seat(src), to=Seat(dst), amount=amount
                )
        elif isinstance(src, int):
            msg = Msg("{player} puts {amount} in the pot", player=Seat(src), amount=amount)
        else:
            continue
        out.append(Line(msg, True))
    if not out:
        out.append(Line(Msg("Nobody is paid; the pot stays at {pot}", pot=event.get("pot", 0))))
    return out
