"""%triq told per viewer: plays and their totals, flushes, the cards owed and given, places."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.game import Line
from tabletop.engine.text import Card, Cards, Msg, Seat
from tabletop.games.story import Handing, common, dealt, handed, mine

REASONS = {
    "ten": Msg("a multiple of ten", ctx="flush"),
    "pass": Msg("everyone passed", ctx="flush"),
    "counter": Msg("the spade 3 countered the joker", ctx="flush"),
    "joker": Msg("a joker on a fresh pile", ctx="flush"),
}
"""Why a pile was flushed."""


def narrate(event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]) -> list[Line]:
    """The lines `event` tells `viewer` (None: the omniscient narrator)."""
    kind = event.get("type")
    seat = int(event.get("seat", -1))
    you, who = mine(viewer, seat), Seat(seat)
    if kind == "deal":
        number, first = int(event["round"]), int(event["starter"])
        if mine(viewer, first):
            head = Line(Msg("Game {round}: you open", round=number))
        else:
            head = Line(Msg("Game {round}: {player} opens", round=number, player=Seat(first)))
        return [head, *dealt(event, viewer)]
    if kind == "play":
        card, total = Card(event["card"]), event.get("total", 0)
        if you:
            out = [Line(Msg("You played {card} (pile {total})", card=card, total=total))]
        else:
            out = [
                Line(
                    Msg("{player} played {card} (pile {total})", player=who, card=card, total=total)
                )
            ]
        if event.get("shibari"):
            out.append(Line(Msg("Shibari!"), True))
        if event.get("counter"):
            out.append(Line(Msg("Spade 3 counters the joker!"), True))
        return out
    if kind == "decline":
        if you:
            return [Line(Msg("You let the ten stand"))]
        return [Line(Msg("{player} let the ten stand", player=who))]
    if kind == "pass":
        return [Line(Msg("You passed")) if you else Line(Msg("{player} passed", player=who))]
    if kind == "flush":
        reason = REASONS.get(str(event.get("reason")), Msg("a multiple of ten", ctx="flush"))
        out = [
            Line(
                Msg(
                    "The pile of {total} is flushed: {reason}",
                    total=event.get("total", 0),
                    reason=reason,
                )
            )
        ]
        giver, to, owed = event.get("giver"), event.get("to"), event.get("owed", 0)
        if isinstance(giver, int) and isinstance(to, int) and owed:
            out.append(
                Line(
                    Msg(
                        "{player} owes {to} {count} card(s)",
                        player=Seat(giver),
                        to=Seat(to),
                        count=owed,
                    ),
                    True,
                )
            )
        return out
    if kind == "give":
        return [handed(event, viewer, GAVE)]
    if kind == "discard":
        cards = Cards(event.get("cards") or [])
        if you:
            return [Line(Msg("You discard {cards} for passing under shibari", cards=cards), True)]
        return [
            Line(
                Msg("{player} discards {cards} for passing under shibari", player=who, cards=cards),
                True,
            )
        ]
    if kind == "out":
        place = event.get("place", 0)
        if you:
            return [Line(Msg("You are out in place {place}", place=place), True)]
        return [Line(Msg("{player} is out in place {place}", player=who, place=place), True)]
    return common(event, viewer, memo)


GAVE = Handing(
    unseen=lambda player, to, n: Msg(
        "{player} gave {to} {count} card(s)", player=player, to=to, count=n
    ),
    seen=lambda player, to, cards: Msg(
        "{player} gave {to} {cards}", player=player, to=to, cards=cards
    ),
    given=lambda to, cards: Msg("You gave {to} {cards}", to=to, cards=cards),
    moment=True,
)
"""The words of the cards owed, handed to their receiver."""
