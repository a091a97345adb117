"""Interaction told per viewer: sealed cards, plays to piles and target, scores, draws."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.game import Line
from tabletop.engine.text import Card, Cards, Msg, Seat
from tabletop.games.story import common, count, dealt, mine, shown


def points(n: int) -> Msg:
    """A number of points as words: "1 point", "3 points"."""
    return Msg("1 point", ctx="count") if n == 1 else Msg("{points} points", ctx="count", points=n)


def narrate(event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]) -> list[Line]:
    """The lines `event` tells `viewer` (None: the omniscient narrator)."""
    kind = event.get("type")
    seat = int(event.get("seat", -1))
    you, who = mine(viewer, seat), Seat(seat)
    if kind == "deal":
        head = Line(Msg("The target card is {card}", card=Card(event["target"])))
        return [head, *dealt(event, viewer)]
    if kind == "seal":
        card = shown(event.get("card"))
        if card is not None and you:
            return [Line(Msg("You laid {card} face down", card=Card(card[0])))]
        if card is not None:
            return [Line(Msg("{player} laid {card} face down", player=who, card=Card(card[0])))]
        return [Line(Msg("{player} laid a card face down", player=who))]
    if kind == "play":
        out = []
        for card, where in zip(event.get("cards") or [], event.get("where") or [], strict=False):
            if where == "target":
                msg = (
                    Msg("You played {card} on the target", card=Card(card))
                    if you
                    else Msg("{player} played {card} on the target", player=who, card=Card(card))
                )
            else:
                msg = (
                    Msg("You played {card} on your pile", card=Card(card))
                    if you
                    else Msg("{player} played {card} on their pile", player=who, card=Card(card))
                )
            out.append(Line(msg))
        if event.get("paid"):
            out.append(Line(Msg("…paying {points}", points=points(event["paid"]))))
        return out
    if kind == "score":
        out = []
        for s, gain in enumerate(event.get("gains") or []):
            if gain:
                msg = (
                    Msg("You match for {points}", points=points(gain))
                    if mine(viewer, s)
                    else Msg("{player} matches for {points}", player=Seat(s), points=points(gain))
                )
                out.append(Line(msg))
        if not out:
            out.append(Line(Msg("Turn {turn}: nobody matches", turn=event.get("turn", 0))))
        return out
    if kind == "start":
        if you:
            return [Line(Msg("You take turn 2"))]
        return [Line(Msg("{player} takes turn 2", player=who))]
    if kind == "draw":
        cards = shown(event.get("cards"))
        if cards is not None and you:
            out = [Line(Msg("You drew {cards}", cards=Cards(cards)))]
        elif cards is not None:
            out = [Line(Msg("{player} drew {cards}", player=who, cards=Cards(cards)))]
        else:
            if count(event.get("cards")) == 1:
                out = [Line(Msg("{player} drew a card", player=who))]
            else:
                n = count(event.get("cards"))
                out = [Line(Msg("{player} drew {count} cards", player=who, count=n))]
        if event.get("joker"):
            out.append(Line(Msg("The joker is drawn: this is the last turn"), True))
        return out
    return common(event, viewer, memo)
