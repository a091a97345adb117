"""Interaction's guided first game (three players): the face-down first card, matching points
against the target, the lowest score starting, playing on your pile or on the target, paying
a point to do both, everyone scoring every turn, and the joker ending the game; and its quick
reference (matching points, computed by the game)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.coach import Lesson, Rule, Table, happened, register_lesson
from tabletop.engine.text import Card, Msg
from tabletop.games.interaction import BOTH_COST, HAND, match_points

Events = Sequence[dict[str, Any]]


def _played(where: str, paid: int) -> Any:
    def shows(events: Events, seat: int) -> bool:
        return any(
            e["type"] == "play"
            and e.get("turn", 1) > 1
            and where in e["where"]
            and e["paid"] == paid
            for e in events
        )

    return shows


def _others_gain(events: Events, seat: int) -> bool:
    """A turn of someone else's that gave the learner points."""
    mover = None
    for e in events:
        if e["type"] == "play" and e.get("turn", 1) > 1:
            mover = e["seat"]
        gained = e["type"] == "score" and e["turn"] > 1 and e["gains"][seat] > 0
        if gained and mover not in (None, seat):
            return True
    return False


RULES = (
    Rule(
        "seal",
        Msg("The first card, all at once", ctx="coach"),
        Msg(
            "On the first turn everyone lays one card face down at the same time; they are "
            "turned up together and start each player's own pile."
        ),
        happened("seal"),
    ),
    Rule(
        "match",
        Msg("Matching points", ctx="coach"),
        Msg(
            "After every turn each player scores the top of their pile against the top of the "
            "target: same rank 3, ranks one apart 2, two apart 1, and 1 more for the same "
            "suit. Ranks go round: K is next to A."
        ),
        happened("score"),
    ),
    Rule(
        "start",
        Msg("The lowest goes first", ctx="coach"),
        Msg(
            "After the first turn, the player with the lowest score takes the next turn, then "
            "play goes to the left, one player at a time."
        ),
        happened("start"),
    ),
    Rule(
        "target",
        Msg("Changing the target", ctx="coach"),
        Msg(
            "On your turn you may put a card on the target instead of your own pile. That "
            "changes what everyone's pile is compared with, so it can help or hurt the others "
            "too."
        ),
        _played("target", 0),
    ),
    Rule(
        "both",
        Msg("Both at once", ctx="coach"),
        Msg(
            "If you have a point, you may pay it to play two cards: one on your pile and one "
            "on the target. Then you draw two cards."
        ),
        _played("target", BOTH_COST),
    ),
    Rule(
        "everyone",
        Msg("Everyone scores every turn", ctx="coach"),
        Msg(
            "Every turn scores all the players, not just the one who played: another player's "
            "card can earn you points too."
        ),
        _others_gain,
    ),
    Rule(
        "joker",
        Msg("The joker ends the game", ctx="coach"),
        Msg(
            "After playing you draw back up to {hand} cards. The joker hides among the last "
            "cards of the stock: the moment somebody draws it, the game ends and the most "
            "points win.",
            hand=HAND,
        ),
        happened("round_end"),
    ),
)

LESSON = Lesson(
    game="interaction",
    players=3,
    # found with tabletop.bots.lesson_deals.record("interaction", 3, seed, until="game_end"): the
    # learner plays all three ways and wins
    seed=60,
    moves=(
        (0, "play KC"),
        (1, "play AD"),
        (2, "play 3S"),
        (2, "target 5S"),
        (0, "both 10D 10C"),
        (1, "both 6S 6H"),
        (2, "target 4D"),
        (0, "target JH"),
        (1, "play QH"),
        (2, "target 2D"),
        (0, "play 2S"),
        (1, "target QS"),
        (2, "both 6C 5C"),
        (0, "both 7D 8D"),
        (1, "both 2C 2H"),
        (2, "target 8C"),
        (0, "play 7C"),
        (1, "both JC 10S"),
        (2, "play 9H"),
        (0, "both 5H 4S"),
    ),
    intro=Msg(
        "In Interaction everyone builds a pile of their own, and one target card lies in the "
        "middle. After every turn, every player scores how well the top of their pile matches "
        "the target. The game ends when someone draws the joker. This lesson plays one whole "
        "game with two computer players; the ring shows your cards and the text says why."
    ),
    advice={
        0: Msg(
            "The target is the A♥. Your K♣ is one rank from the ace (K is next to A), worth "
            "2 points; the J♥ would only match the suit, 1 point. Lay the K♣ face down."
        ),
        1: Msg(
            "The target is the 5♠. Pay 1 point to play both: the 10♦ on your pile and the "
            "10♣ on the target. Same rank: 3 points for you, and the others' piles (A♦, 3♠) "
            "match nothing."
        ),
        2: Msg(
            "Put the J♥ on the target: your 10♦ is one rank from J, 2 points, while the 6♠ "
            "and 3♠ piles get nothing."
        ),
        3: Msg("The target is the 2♦: put your 2♠ on your pile. Same rank, 3 points."),
        4: Msg(
            "Pay 1 to play both: the 7♦ on your pile and the 8♦ on the target. One rank apart "
            "and the same suit make 3 points."
        ),
        5: Msg(
            "The target is the 8♣: your 7♣ on your pile is one apart and the same suit, 3 points."
        ),
        6: Msg(
            "Both once more: the 5♥ on your pile and the 4♠ on the target, one apart for 2 "
            "points, and the J♣ and 9♥ piles get nothing."
        ),
    },
    rules=RULES,
    why_refused={
        "Playing two cards costs 1 point, and you have none.": Msg(
            "Playing both needs a point to pay; until you have one, play a single card."
        ),
        "On the first turn everyone places one card face down.": Msg(
            "The game opens with one hidden card each, revealed together."
        ),
    },
    columns=(),
    key_rules=("seal", "match", "start", "target", "both", "everyone", "joker"),
)


def reference() -> list[Table]:
    """Matching points against a target, computed by the game's own scoring."""
    target = "7H"
    cards = ("7S", "8H", "9H", "6C", "5D", "2H", "KS")
    return [
        Table(
            Msg("Matching points, target {card}", card=Card(target)),
            (Msg("Top of your pile"), Msg("Points")),
            tuple((Msg("{card}", card=Card(c)), match_points(c, target)) for c in cards),
        ),
        Table(
            Msg("Matching points"),
            (Msg("Ranks"), Msg("Points"), Msg("Same suit")),
            (
                (Msg("equal"), match_points("7S", "7H"), Msg("+1")),
                (Msg("one apart"), match_points("8S", "7H"), Msg("+1")),
                (Msg("two apart"), match_points("9S", "7H"), Msg("+1")),
                (Msg("further"), match_points("2S", "7H"), Msg("+1")),
            ),
        ),
    ]


register_lesson(LESSON, reference)
