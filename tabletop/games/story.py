"""Narration helpers shared by every game: the events all trick games use, told per viewer.

A game's `narrate` hook gets an event as its viewer received it (secrets it may not see are
`{"hidden": n}`) and answers `Line`s of `Msg`; these helpers word the common events (deal,
pass, play, trick, round_end, game_end) and pick the "you" form for the viewer's own seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.engine.game import Line
from tabletop.engine.text import Card, Cards, Msg, Seat


def mine(viewer: int | None, seat: Any) -> bool:
    """True when `seat` is the viewer's own seat."""
    return viewer is not None and seat == viewer


def shown(value: Any) -> list[str] | None:
    """The card codes of a field the viewer may see, or None when it is hidden."""
    if isinstance(value, dict) and "hidden" in value:
        return None
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)) and all(isinstance(c, str) for c in value):
        return list(value)
    return None


def count(value: Any) -> int:
    """How many cards a field holds, hidden or not."""
    if isinstance(value, dict) and "hidden" in value:
        return int(value["hidden"])
    if isinstance(value, (list, tuple)):
        return len(value)
    return 1


def seats_of(mapping: Any) -> list[tuple[int, Any]]:
    """A seat-keyed JSON mapping ("0": value) as (seat, value) pairs in seat order."""
    if not isinstance(mapping, dict):
        return []
    return sorted((int(k), v) for k, v in mapping.items() if str(k).lstrip("-").isdigit())


def listing(items: list[Msg]) -> Msg:
    """Several messages as one list ("a, b, c"), joined the viewer's way."""
    if not items:
        return Msg("nobody", ctx="list")
    out = items[0]
    for item in items[1:]:
        out = Msg("{first}, {next}", ctx="list", first=out, next=item)
    return out


def who(seat: int, viewer: int | None) -> Msg:
    """A seat as a list item: its name, or "you" for the viewer's own seat."""
    if mine(viewer, seat):
        return Msg("you", ctx="list")
    return Msg("{player}", ctx="list", player=Seat(seat))


def dealt(event: Mapping[str, Any], viewer: int | None, key: str = "hands") -> list[Line]:
    """One line per hand the viewer may see."""
    out = []
    for seat, hand in enumerate(event.get(key) or []):
        cards = shown(hand)
        if cards is None or not cards:
            continue
        if mine(viewer, seat):
            out.append(Line(Msg("Your hand: {cards}", cards=Cards(cards))))
        else:
            out.append(Line(Msg("{player} holds {cards}", player=Seat(seat), cards=Cards(cards))))
    return out


def played(seat: int, card: str, viewer: int | None) -> Line:
    """ "Bob played 7♥" or "You played 7♥"."""
    if mine(viewer, seat):
        return Line(Msg("You played {card}", card=Card(card)))
    return Line(Msg("{player} played {card}", player=Seat(seat), card=Card(card)))


def trick_won(winner: int, card: str | None, viewer: int | None, moment: bool = False) -> Line:
    """ "Chie won the trick with J♠" (or without the card when it is not known)."""
    if card is None:
        if mine(viewer, winner):
            return Line(Msg("You won the trick"), moment)
        return Line(Msg("{player} won the trick", player=Seat(winner)), moment)
    if mine(viewer, winner):
        return Line(Msg("You won the trick with {card}", card=Card(card)), moment)
    return Line(
        Msg("{player} won the trick with {card}", player=Seat(winner), card=Card(card)), moment
    )


def cards_count(n: int) -> Msg:
    """A number of unseen cards as words: "a card", "3 cards"."""
    return Msg("a card", ctx="count") if n == 1 else Msg("{count} cards", ctx="count", count=n)


@dataclass(frozen=True, slots=True)
class Handing:
    """The words of one way of handing cards to another seat (a pass, a gift): `unseen` and
    `seen` tell a third seat (`{player}`, `{to}`, `{count}` or `{cards}`), `given` the giver
    (`{to}`, `{cards}`); `unseen_given` and `unseen_received` the two seats when the cards are
    hidden even from them (None: `unseen` then tells them too); `moment`: a line to stress."""

    unseen: Callable[[Seat, Seat, int], Msg]
    seen: Callable[[Seat, Seat, Cards], Msg]
    given: Callable[[Seat, Cards], Msg]
    unseen_given: Callable[[Seat, int], Msg] | None = None
    unseen_received: Callable[[Seat, int], Msg] | None = None
    moment: bool = False


def handed(event: Mapping[str, Any], viewer: int | None, words: Handing) -> Line:
    """Cards handed from `seat` to `to`, named only to those who may see them; the receiver
    is told what came ("You received ..."), the others in `words`."""
    seat, to = int(event["seat"]), int(event["to"])
    cards = shown(event.get("cards"))
    moment = words.moment
    if cards is None:
        n = count(event.get("cards"))
        if mine(viewer, seat) and words.unseen_given is not None:
            return Line(words.unseen_given(Seat(to), n), moment)
        if mine(viewer, to) and words.unseen_received is not None:
            return Line(words.unseen_received(Seat(seat), n), moment)
        return Line(words.unseen(Seat(seat), Seat(to), n), moment)
    if mine(viewer, seat):
        return Line(words.given(Seat(to), Cards(cards)), moment)
    if mine(viewer, to):
        return Line(
            Msg("You received {cards} from {player}", cards=Cards(cards), player=Seat(seat)),
            True,
            tuple(cards),
        )
    return Line(words.seen(Seat(seat), Seat(to), Cards(cards)), moment)


PASSED = Handing(
    unseen=lambda player, to, n: Msg(
        "{player} passed {cards} to {to}", player=player, cards=cards_count(n), to=to
    ),
    seen=lambda player, to, cards: Msg(
        "{player} passed {cards} to {to}", player=player, cards=cards, to=to
    ),
    given=lambda to, cards: Msg("You passed {cards} to {to}", cards=cards, to=to),
    unseen_given=lambda to, n: Msg("You passed {cards} to {to}", cards=cards_count(n), to=to),
    unseen_received=lambda player, n: Msg(
        "{player} passed you {cards}", player=player, cards=cards_count(n)
    ),
)
"""The words of a pass to the left."""


def passed(event: Mapping[str, Any], viewer: int | None) -> Line:
    """A pass of cards from `seat` to `to`, named only to those who may see them."""
    return handed(event, viewer, PASSED)


def _over(number: int, unit: str) -> Msg:
    """ "Round 2 is over", in the game's own unit (round, deal or game) as its table says it."""
    if unit == "deal":
        return Msg("Deal {round} is over", round=number)
    if unit == "game":
        return Msg("Game {round} is over", round=number)
    return Msg("Round {round} is over", round=number)


def _best(top: list[Msg], score: Any, unit: str) -> Msg:
    """Who scored best in the round (or deal, or game)."""
    if unit == "deal":
        return Msg("Best this deal: {players} ({score})", players=listing(top), score=score)
    if unit == "game":
        return Msg("Best this game: {players} ({score})", players=listing(top), score=score)
    return Msg("Best this round: {players} ({score})", players=listing(top), score=score)


def _level(score: Any, unit: str) -> Msg:
    """Everyone scored the same in the round (or deal, or game): nobody did best."""
    if unit == "deal":
        return Msg("Everyone scored {score} this deal", score=score)
    if unit == "game":
        return Msg("Everyone scored {score} this game", score=score)
    return Msg("Everyone scored {score} this round", score=score)


def scored(event: Mapping[str, Any], viewer: int | None, unit: str = "round") -> list[Line]:
    """The end of a round (or a deal, or a game, as `unit` names it): its number and best score
    (moments), then each seat's score."""
    out = [Line(_over(int(event.get("round", 0)), unit), True)]
    scores = event.get("scores") or []
    totals = event.get("totals") or []
    for seat, (score, total) in enumerate(zip(scores, totals, strict=False)):
        if mine(viewer, seat):
            msg = Msg("You scored {score} (total {total})", score=score, total=total)
        else:
            msg = Msg(
                "{player} scored {score} (total {total})",
                player=Seat(seat),
                score=score,
                total=total,
            )
        out.append(Line(msg))
    if scores:
        best = max(scores)
        if min(scores) == best:
            out.insert(1, Line(_level(best, unit), True))
        else:
            top = [who(s, viewer) for s, v in enumerate(scores) if v == best]
            out.insert(1, Line(_best(top, best, unit), True))
    return out


def ended(event: Mapping[str, Any], viewer: int | None) -> list[Line]:
    """The end of the match: every winner."""
    out = [Line(Msg("The match is over"))]
    for seat in event.get("winners") or []:
        if mine(viewer, seat):
            out.append(Line(Msg("You won the match!"), True))
        else:
            out.append(Line(Msg("{player} won the match", player=Seat(int(seat))), True))
    return out


def common(
    event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any], unit: str = "round"
) -> list[Line]:
    """The events every trick game words alike; [] for any other event type. `unit` names what
    the game's table calls a round: "round", "deal" or "game"."""
    kind = event.get("type")
    if kind == "deal":
        memo["plays"] = []
        head = Line(Msg("Deal {round} begins", round=int(event.get("round", 1))))
        return [head, *dealt(event, viewer)]
    if kind == "pass":
        return [passed(event, viewer)]
    if kind == "play" and isinstance(event.get("card"), str):
        memo.setdefault("plays", []).append((int(event["seat"]), event["card"]))
        return [played(int(event["seat"]), event["card"], viewer)]
    if kind == "trick":
        plays = memo.get("plays") or []
        memo["plays"] = []
        winner = int(event["winner"])
        card = next((c for s, c in plays if s == winner), None)
        return [trick_won(winner, card, viewer)]
    if kind == "round_end":
        return scored(event, viewer, unit)
    if kind == "game_end":
        return ended(event, viewer)
    return []
