"""Seltsam-Walzer's guided first deal (three players): the pass, a lone X winning a trick, two
X cards cancelling so the highest blue wins, following colour, and the score where the fewest
cards of a colour count their numbers; and its quick reference (colours and factors, who wins
a trick with X cards, a colour's score)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.coach import Lesson, Rule, Table, happened, register_lesson
from tabletop.engine.text import Card, Cards, Msg
from tabletop.games.seltsam_walzer import COLOUR
from tabletop.games.seltsam_walzer_rules import FACTOR, SCORED, SIZES, deal_scores, trick_winner

Events = Sequence[dict[str, Any]]


def _xs(trick: dict[str, Any]) -> int:
    return sum(1 for c in trick["cards"] if c.startswith("X"))


def _trick(test: Any) -> Any:
    def shows(events: Events, seat: int) -> bool:
        return any(e["type"] == "trick" and test(e) for e in events)

    return shows


RULES = (
    Rule(
        "pass",
        Msg("Passing two cards", ctx="coach"),
        Msg(
            "Every deal begins with everyone passing two cards face down to the left "
            "neighbour, all at the same time. You see what you receive only when everyone "
            "has chosen."
        ),
        happened("pass"),
    ),
    Rule(
        "lone_x",
        Msg("A lone X wins", ctx="coach"),
        Msg(
            "The three X cards may be played at any time, even when you could follow. An X "
            "that is the only X in its trick wins the trick, whoever led."
        ),
        _trick(lambda t: _xs(t) == 1),
    ),
    Rule(
        "many_x",
        Msg("X cards cancel out", ctx="coach"),
        Msg(
            "With two or more X cards in a trick, they win nothing: the highest card of the "
            "led colour wins, as if the X cards were not there."
        ),
        _trick(lambda t: _xs(t) >= 2),
    ),
    Rule(
        "follow",
        Msg("Following colour", ctx="coach"),
        Msg(
            "When a colour is led you must play that colour if you hold it, or an X. The "
            "highest card of the led colour wins, and the winner leads the next trick."
        ),
        _trick(lambda t: _xs(t) == 0),
    ),
    Rule(
        "score",
        Msg("The fewest count their numbers", ctx="coach"),
        Msg(
            "Each colour is scored on its own. Among the players who took any of it, whoever "
            "took the fewest cards scores the numbers on them; everyone else scores one point "
            "per card. Blue counts double and green triple; X cards score nothing."
        ),
        happened("round_end"),
    ),
)

LESSON = Lesson(
    game="seltsam-walzer",
    players=3,
    # found with tabletop.bots.lesson_deals.record("seltsam-walzer", 3, seed): a lone X and a trick
    # of two X by the learner
    seed=139,
    moves=(
        (0, "pass R2 G1"),
        (1, "pass R3 B2"),
        (2, "pass R1 B1"),
        (0, "play X1"),
        (1, "play B3"),
        (2, "play B2"),
        (0, "play R6"),
        (1, "play R5"),
        (2, "play R9"),
        (2, "play G6"),
        (0, "play G8"),
        (1, "play G1"),
        (0, "play B11"),
        (1, "play X2"),
        (2, "play X3"),
        (0, "play R14"),
        (1, "play R12"),
        (2, "play R3"),
        (0, "play B6"),
        (1, "play B8"),
        (2, "play B10"),
        (2, "play G4"),
        (0, "play G3"),
        (1, "play G7"),
        (1, "play R13"),
        (2, "play R10"),
        (0, "play R4"),
        (1, "play R7"),
        (2, "play R11"),
        (0, "play R1"),
        (2, "play G5"),
        (0, "play B9"),
        (1, "play B4"),
        (2, "play G2"),
        (0, "play B1"),
        (1, "play R8"),
        (2, "play B7"),
        (0, "play B5"),
        (1, "play R2"),
    ),
    intro=Msg(
        "In Seltsam-Walzer every card you take scores, but in each colour only the player "
        "with the fewest cards of it scores their numbers; the others score one point a card. "
        "Three X cards win a trick only when they are alone in it. This lesson plays one deal "
        "with two computer players; the ring shows your card and the text says why."
    ),
    advice={
        0: Msg(
            "Pass two small cards, the red 2 and the green 1: in a colour where you end up "
            "with the fewest cards, small numbers would add little."
        ),
        1: Msg(
            "You deal, so you lead. Lead your X: if nobody else plays an X, a lone X wins the "
            "trick whatever else is in it."
        ),
        2: Msg("Lead the red 6, a middling card you do not mind losing."),
        3: Msg(
            "Green is led with a 6: your green 8 is higher and takes it. A few green cards are "
            "worth a lot, since green counts triple."
        ),
        4: Msg(
            "Lead your blue 11. Even if X cards are played on it, two or more X cancel out "
            "and the highest blue wins."
        ),
        5: Msg("Lead the red 14, the highest red card: nothing of the led colour beats it."),
        6: Msg("Lead the blue 6 and let the others take blue cards."),
        7: Msg(
            "Green is led: you must follow with your green 3 (or play an X, but yours is gone)."
        ),
        8: Msg("Red is led and the red 13 is already in it: follow with the red 4."),
        9: Msg("Red again: follow with your last red, the 1."),
        10: Msg(
            "Green is led and you have none, so any card may go. Give away the blue 9: every "
            "blue card the others take helps keep your three blues the fewest."
        ),
        11: Msg("No green again: give away the blue 1 the same way."),
        12: Msg("Blue is led: your last card, the blue 5, follows."),
    },
    rules=RULES,
    why_refused={
        "You must follow {colour} (or play an X).": Msg(
            "While you hold the led colour you must play it; an X is the only card that may "
            "always be played instead."
        ),
        "First choose two cards to pass to your left.": Msg(
            "No trick starts before everyone has passed two cards."
        ),
        "Pass exactly two different cards.": Msg(
            "The pass is always exactly two cards, to the left neighbour."
        ),
    },
    columns=(
        Msg("red, ×1: the sum of your numbers if you took the fewest red, else your card count."),
        Msg("blue, ×2: the same, doubled."),
        Msg("green, ×3: the same, tripled."),
    ),
    key_rules=("pass", "lone_x", "many_x", "follow", "score"),
)


def reference() -> list[Table]:
    """The colours, who wins a trick with X cards and a colour's score, computed by the game's
    own rules."""
    colours = tuple((COLOUR[c], Msg("1 to {high}", high=SIZES[c]), FACTOR[c]) for c in SCORED)
    tricks = (
        ("X1", "B3", "B2"),
        ("B11", "X2", "X3"),
        ("X1", "R5", "B9", "X2"),
        ("R6", "R5", "R9"),
    )
    winners = tuple(
        (
            Msg("{cards}", cards=Cards(cards)),
            Msg("{card}", card=Card(cards[trick_winner(list(enumerate(cards)))])),
        )
        for cards in tricks
    )
    won = [["B2", "B3", "B11"], ["B8", "B10", "B7", "B4"], []]
    scores = deal_scores(won)
    blue = tuple(
        (k + 1, len(cards), Msg("{cards}", cards=Cards(cards)) if cards else "—", scores[k])
        for k, cards in enumerate(won)
    )
    return [
        Table(Msg("Colours"), (Msg("Colour"), Msg("Cards"), Msg("Factor")), colours),
        Table(Msg("Who wins the trick"), (Msg("Trick"), Msg("Winner")), winners),
        Table(
            Msg("Blue only: the fewest score their numbers ×2"),
            (Msg("Player"), Msg("Cards"), Msg("Taken"), Msg("Score")),
            blue,
        ),
    ]


register_lesson(LESSON, reference)
