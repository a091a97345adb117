"""Trump Duel told per viewer: plays, every suit's effect, passes and won rounds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.game import Line
from tabletop.engine.text import Card, Cards, Msg, Seat
from tabletop.games.story import common, count, dealt, mine, shown


def narrate(event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]) -> list[Line]:
    """The lines `event` tells `viewer` (None: the omniscient narrator)."""
    kind = event.get("type")
    seat = int(event.get("seat", -1))
    you = mine(viewer, seat)
    who = Seat(seat)
    if kind == "deal":
        number, first = int(event["round"]), int(event["first"])
        if mine(viewer, first):
            head = Line(Msg("Round {round}: you open", round=number))
        else:
            head = Line(Msg("Round {round}: {player} opens", round=number, player=Seat(first)))
        prize = Line(Msg("Score cards at stake: {cards}", cards=Cards(event.get("prize") or [])))
        return [head, prize, *dealt(event, viewer)]
    if kind == "play":
        memo["shown"] = len(event["cards"])  # a won round tells 1 beats 10 from 1+1 beats 20
        cards, total = Cards(event["cards"]), event["total"]
        if you:
            return [Line(Msg("You played {cards} (total {total})", cards=cards, total=total))]
        return [
            Line(
                Msg("{player} played {cards} (total {total})", player=who, cards=cards, total=total)
            )
        ]
    if kind == "pass":
        if you:
            return [Line(Msg("You passed"))]
        return [Line(Msg("{player} passed", player=who))]
    if kind == "effect":
        return [_effect(event, viewer)]
    if kind == "round_won":
        return _won(event, viewer, memo)
    if kind == "draw":
        drawn = shown(event.get("cards"))
        if drawn is not None and you:
            return [Line(Msg("You drew {cards}", cards=Cards(drawn)))]
        if drawn is not None:
            return [Line(Msg("{player} drew {cards}", player=who, cards=Cards(drawn)))]
        n = count(event["cards"])
        if n == 1:
            return [Line(Msg("{player} drew a card", player=who))]
        return [Line(Msg("{player} drew {count} cards", player=who, count=n))]
    if kind == "reshuffle":
        return [
            Line(Msg("The discards were shuffled into a new deck of {count}", count=event["cards"]))
        ]
    return common(event, viewer, memo)


def _effect(event: Mapping[str, Any], viewer: int | None) -> Line:
    """One suit effect; the striking ones are moments."""
    seat = int(event["seat"])
    you, who, what = mine(viewer, seat), Seat(seat), event["what"]
    if what == "attack":
        card, gone = Card(event["card"]), Card(event["discarded"])
        if you:
            return Line(
                Msg("Your {card} attacks: {gone} is thrown away", card=card, gone=gone), True
            )
        return Line(
            Msg(
                "{player}'s {card} attacks: {gone} is thrown away", player=who, card=card, gone=gone
            ),
            True,
        )
    if what == "exchange":
        card, gone = Card(event["card"]), Card(event["discarded"])
        drawn = shown(event.get("drawn"))
        if you and drawn is not None:
            return Line(
                Msg(
                    "Your {card} exchanges {gone} for {drawn}",
                    card=card,
                    gone=gone,
                    drawn=Cards(drawn),
                ),
                True,
            )
        if drawn is not None:
            return Line(
                Msg(
                    "{player}'s {card} exchanges {gone} for {drawn}",
                    player=who,
                    card=card,
                    gone=gone,
                    drawn=Cards(drawn),
                ),
                True,
            )
        return Line(
            Msg(
                "{player}'s {card} exchanges {gone} for a new card",
                player=who,
                card=card,
                gone=gone,
            ),
            True,
        )
    if what in ("draw", "round_draw"):
        drawn = shown(event.get("drawn"))
        n = count(event.get("drawn"))
        if you and drawn is not None:
            return Line(Msg("Club: you draw {cards}", cards=Cards(drawn)), True)
        if drawn is not None:
            return Line(Msg("Club: {player} draws {cards}", player=who, cards=Cards(drawn)), True)
        if n == 1:
            return Line(Msg("Club: {player} draws a card", player=who), True)
        return Line(Msg("Club: {player} draws {count} cards", player=who, count=n), True)
    if what == "guard":
        if you:
            return Line(Msg("Diamond: you hold a cancel"), True)
        return Line(Msg("Diamond: {player} holds a cancel", player=who), True)
    if what == "cancel":
        target = Card(event["target"])
        if you:
            return Line(Msg("You cancel the effect of {card}", card=target), True)
        return Line(Msg("{player} cancels the effect of {card}", player=who, card=target), True)
    if what == "take":
        taken = Card(event["taken"])
        if you:
            return Line(Msg("You take {card} into your hand", card=taken), True)
        return Line(Msg("{player} takes {card} into their hand", player=who, card=taken), True)
    if what == "extra_score_card":
        return Line(Msg("Diamond: two score cards will be turned next round"), True)
    return Line(Msg("The effect has nothing to act on"))


def _won(event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]) -> list[Line]:
    """A won round: how, which score cards, and whether they made a new set (the points now)."""
    winner = int(event["winner"])
    cards, points = Cards(event.get("score_cards") or []), int(event["points"])
    scored: dict[int, int] = memo.setdefault("points", {})
    gained = points > scored.get(winner, 0)
    scored[winner] = points
    out = []
    if event.get("by") == "one_beats_ten":
        pair = memo.get("shown") == 2
        out.append(Line(Msg("1+1 beats 20!") if pair else Msg("1 beats 10!"), True))
    if mine(viewer, winner):
        if gained:
            text = Msg(
                "You win the round and take {cards} (a new set of three: points now {points})",
                cards=cards,
                points=points,
            )
        else:
            text = Msg(
                "You win the round and take {cards} (no new set of three: points still {points})",
                cards=cards,
                points=points,
            )
    elif gained:
        text = Msg(
            "{player} wins the round and takes {cards} (a new set of three: points now {points})",
            player=Seat(winner),
            cards=cards,
            points=points,
        )
    else:
        text = Msg(
            "{player} wins the round and takes {cards} "
            "(no new set of three: points still {points})",
            player=Seat(winner),
            cards=cards,
            points=points,
        )
    out.append(Line(text, True))
    return out
