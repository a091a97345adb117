"""Hagetaka and Hagetaka Party told per viewer: sets, joins, battles, bids and bouts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.game import Line
from tabletop.engine.text import Card, Cards, Msg, Seat
from tabletop.games.story import common, listing, mine, seats_of, shown, who


def narrate(event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]) -> list[Line]:
    """The lines `event` tells `viewer` (None: the omniscient narrator)."""
    kind = event.get("type")
    head = {"round": int(event.get("round", 0)), "battle": int(event.get("battle", 0))}
    if kind == "deal":
        out = [Line(Msg("Round {round} begins", round=head["round"]))]
        for seat, sets in enumerate(event.get("sets") or []):
            if isinstance(sets, list) and all(isinstance(s, list) for s in sets):
                groups = listing([Msg("({cards})", ctx="set", cards=Cards(s)) for s in sets])
                if mine(viewer, seat):
                    out.append(Line(Msg("Your sets: {sets}", sets=groups)))
                else:
                    out.append(Line(Msg("{player}'s sets: {sets}", player=Seat(seat), sets=groups)))
        for seat, hand in enumerate(event.get("hands") or []):
            cards = shown(hand)
            if cards:
                out.append(_holds(seat, cards, viewer))
        for seat, cards in event.get("redrawn") or []:
            if mine(viewer, int(seat)):
                out.append(Line(Msg("You threw away {cards}", cards=Cards(cards))))
            else:
                thrown = Msg(
                    "{player} threw away {cards}", player=Seat(int(seat)), cards=Cards(cards)
                )
                out.append(Line(thrown))
        return out
    if kind == "redraw":
        seat = int(event["seat"])
        discarded = Cards(event.get("discarded") or [])
        if mine(viewer, seat):
            again = Msg("You threw away {cards} and drew again", cards=discarded)
        else:
            again = Msg(
                "{player} threw away {cards} and drew again", player=Seat(seat), cards=discarded
            )
        out = [Line(again)]
        cards = shown(event.get("hand"))
        if cards:
            out.append(_holds(seat, cards, viewer))
        return out
    if kind == "plot":
        plots = [
            Msg("{player}: battle {battle}", ctx="plot", player=who(s, viewer), battle=int(b))
            for s, b in seats_of(event.get("plots"))
        ]
        return [Line(Msg("Plots: {plots}", plots=listing(plots)))]
    if kind == "join":
        joined = [who(int(s), viewer) for s in event.get("participants") or []]
        if not joined:
            return [Line(Msg("Battle {battle}: nobody joins", battle=head["battle"]))]
        return [
            Line(
                Msg(
                    "Battle {battle}: {players} join",
                    battle=head["battle"],
                    players=listing(joined),
                )
            )
        ]
    if kind == "skip":
        return [Line(Msg("Battle {battle} is skipped", battle=head["battle"]))]
    if kind == "battle":
        names = event.get("participants") or []
        out = [
            Line(
                Msg(
                    "Battle {battle} starts with {count} players",
                    battle=head["battle"],
                    count=len(names),
                )
            )
        ]
        for seat, hand in seats_of(event.get("hands")):
            cards = shown(hand)
            if cards:
                out.append(_holds(seat, cards, viewer))
        return out
    if kind == "lone":
        return _lone(event, viewer)
    if kind == "flip":
        return [Line(Msg("Turned up: {card}", card=Card(event["card"])), True)]
    if kind == "bid":
        bids = [
            Msg("{player}: {card}", ctx="bid", player=who(seat, viewer), card=Card(code))
            for seat, code in seats_of(event.get("bids"))
        ]
        return [Line(Msg("Bids: {bids}", bids=listing(bids)), True)]
    if kind == "bout":
        return _bout(event, viewer)
    return common(event, viewer, memo)


def _holds(seat: int, cards: list[str], viewer: int | None) -> Line:
    if mine(viewer, seat):
        return Line(Msg("Your hand: {cards}", cards=Cards(cards)))
    return Line(Msg("{player} holds {cards}", player=Seat(seat), cards=Cards(cards)))


def _lone(event: Mapping[str, Any], viewer: int | None) -> list[Line]:
    """A lone participant takes the carried pile and three random score cards."""
    seat = int(event["seat"])
    drawn = Cards(event.get("drawn") or [])
    if mine(viewer, seat):
        out = [Line(Msg("You fight alone and draw {cards}", cards=drawn), True)]
    else:
        out = [
            Line(
                Msg("{player} fights alone and draws {cards}", player=Seat(seat), cards=drawn), True
            )
        ]
    carried = event.get("carried") or []
    if carried:
        out.append(Line(Msg("…and takes the carried {cards}", cards=Cards(carried)), True))
    return out


def _bout(event: Mapping[str, Any], viewer: int | None) -> list[Line]:
    """Who cancelled, who took the pile (or where it goes)."""
    out = []
    cancelled = event.get("cancelled") or []
    if cancelled:
        numbers = ", ".join(str(n) for n in cancelled)
        out.append(Line(Msg("Cancelled out: {numbers}", numbers=numbers), True))
    pile = Cards(event.get("pile") or [])
    winner = event.get("winner")
    if isinstance(winner, int):
        if mine(viewer, winner):
            out.append(Line(Msg("You take {cards}", cards=pile), True))
        else:
            out.append(Line(Msg("{player} takes {cards}", player=Seat(winner), cards=pile), True))
    elif event.get("discarded"):
        out.append(Line(Msg("Nobody takes {cards}; they are thrown away", cards=pile), True))
    else:
        out.append(Line(Msg("Nobody takes {cards}; they carry over", cards=pile), True))
    return out
