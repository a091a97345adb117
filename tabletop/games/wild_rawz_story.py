"""Wild Rawz told per viewer: the draft, the trump, plays, withdrawals and tricks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.game import Line
from tabletop.engine.text import Card, Cards, Msg, Seat
from tabletop.games.story import common, dealt, mine, trick_won


def narrate(event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]) -> list[Line]:
    """The lines `event` tells `viewer` (None: the omniscient narrator)."""
    kind = event.get("type")
    seat = int(event.get("seat", -1))
    you, who = mine(viewer, seat), Seat(seat)
    if kind == "deal":
        number, first = int(event["round"]), int(event["start"])
        if mine(viewer, first):
            head = Line(Msg("Round {round}: you start", round=number))
        else:
            head = Line(Msg("Round {round}: {player} starts", round=number, player=Seat(first)))
        row = Line(Msg("The draft row: {cards}", cards=Cards(event.get("row") or [])))
        return [head, row, *dealt(event, viewer)]
    if kind == "draft":
        card = Card(event["card"])
        if you:
            return [Line(Msg("You took {card} from the row", card=card))]
        return [Line(Msg("{player} took {card} from the row", player=who, card=card))]
    if kind == "trump":
        return [Line(Msg("Trump: {card}", card=Card(event["card"])), True)]
    if kind == "play" and event.get("withdraw"):
        card = Card(event["card"])
        if you:
            return [Line(Msg("You withdrew {card}", card=card))]
        return [Line(Msg("{player} withdrew {card}", player=who, card=card))]
    if kind == "trick":
        out = []
        cards, seats = event.get("cards") or [], event.get("seats") or []
        winner = int(event["winner"])
        best = next((c for s, c in zip(seats, cards, strict=False) if s == winner), None)
        out.append(trick_won(winner, best, viewer))
        gone = event.get("withdrawn_seat")
        if isinstance(gone, int):
            card = Card(str(event.get("withdrawn_card")))
            if mine(viewer, gone):
                out.append(Line(Msg("You lead next (withdrew {card})", card=card), True))
            else:
                out.append(
                    Line(
                        Msg("{player} leads next (withdrew {card})", player=Seat(gone), card=card),
                        True,
                    )
                )
        memo["plays"] = []
        return out
    return common(event, viewer, memo)
