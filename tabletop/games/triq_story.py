"""%triq told per viewer: plays and their totals, flushes, the cards given (once, when given),
players dropping out and their places."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.game import Line
from tabletop.engine.text import Card, Cards, Msg, Seat, Suit
from tabletop.games.story import Handing, cards_count, common, dealt, handed, mine
from tabletop.games.triq_rules import ordinal

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
            suit = Suit(str(event["card"])[-1])
            if you:
                out.append(Line(Msg("You declare しばり on {suit}!", suit=suit), True))
            else:
                out.append(
                    Line(Msg("{player} declares しばり on {suit}!", player=who, suit=suit), True)
                )
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
        # What the flush costs is told once, when it is paid (`give`, `discard`); meanwhile the
        # status line says who must hand over how many cards.
        total = event.get("total", 0)
        return [Line(Msg("The pile of {total} is flushed: {reason}", total=total, reason=reason))]
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
        # a player left with no cards is eliminated (脱落): the first to go takes the last place
        place = ordinal(int(event.get("place", 0)))
        if you:
            return [Line(Msg("You dropped out in {place} place", place=place), True)]
        return [Line(Msg("{player} dropped out in {place} place", player=who, place=place), True)]
    return common(event, viewer, memo, "game")


GAVE = Handing(
    unseen=lambda player, to, n: Msg(
        "{player} gave {to} {cards}", player=player, to=to, cards=cards_count(n)
    ),
    seen=lambda player, to, cards: Msg(
        "{player} gave {to} {cards}", player=player, to=to, cards=cards
    ),
    given=lambda to, cards: Msg("You gave {to} {cards}", to=to, cards=cards),
    moment=True,
)
"""The words of the cards a flush costs, handed to their receiver (told once, when given)."""
