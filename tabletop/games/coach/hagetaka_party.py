"""Vulture Party's guided first round (ten players): the secret plot, a lone participant,
skipped battles, a crowded battle where equal numbers cancel and a negative pile goes to the
lowest, and the learner's battle where a cancelled bid leaves the pile to grow, is won, and a
last pile is discarded; and its quick reference (shared with Vulture Rounds: the score cards
of each battle, who takes a pile, what a round scores)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.coach import Lesson, Rule, Table, happened, register_lesson
from tabletop.engine.text import Msg
from tabletop.games.coach.vulture import vulture_reference
from tabletop.games.hagetaka_party import VultureParty

Events = Sequence[dict[str, Any]]


def _bout(test: Any) -> Any:
    def shows(events: Events, seat: int) -> bool:
        return any(e["type"] == "bout" and test(e) for e in events)

    return shows


RULES = (
    Rule(
        "plot",
        Msg("Plotting a battle", ctx="coach"),
        Msg(
            "Each round everyone holds three number cards and secretly marks one of the six "
            "battles on their sheet. The plots are revealed together; you fight only in the "
            "battle you plotted."
        ),
        happened("plot"),
    ),
    Rule(
        "lone",
        Msg("A lone participant", ctx="coach"),
        Msg(
            "A player alone in a battle takes three of its five score cards at random, "
            "without a fight. A battle nobody plotted is skipped."
        ),
        happened("lone"),
    ),
    Rule(
        "battle",
        Msg("Who takes the pile", ctx="coach"),
        Msg(
            "In a battle a score card is turned, then every participant seals one number card "
            "at once. Of the numbers nobody else played, the highest takes the pile when it is "
            "worth 0 or more."
        ),
        _bout(lambda e: e.get("winner") is not None and e["total"] >= 0),
    ),
    Rule(
        "cancel",
        Msg("Equal numbers cancel", ctx="coach"),
        Msg(
            "When two players bid the same number, both bids are out, however high they are. "
            "In a crowded battle that happens often."
        ),
        _bout(lambda e: bool(e.get("cancelled"))),
    ),
    Rule(
        "negative",
        Msg("A negative pile", ctx="coach"),
        Msg("When the pile is worth less than 0, the lowest number that did not cancel takes it."),
        _bout(lambda e: e.get("winner") is not None and e["total"] < 0),
    ),
    Rule(
        "carried",
        Msg("A pile left lying", ctx="coach"),
        Msg(
            "If every number cancels, nobody takes the pile: it stays, and the next score "
            "card joins it."
        ),
        _bout(lambda e: e.get("winner") is None and bool(e.get("carried"))),
    ),
    Rule(
        "discarded",
        Msg("The last pile may be lost", ctx="coach"),
        Msg(
            "A pile nobody took after a battle's third bout is thrown away; it never moves on "
            "to another battle."
        ),
        _bout(lambda e: bool(e.get("discarded"))),
    ),
    Rule(
        "score",
        Msg("Scoring a round", ctx="coach"),
        Msg(
            "At the end of a round you add up the score cards you took; the 0 card is worth a "
            "tenth of a point, to break ties. A match has three rounds, and round 3 counts "
            "double."
        ),
        happened("round_end"),
    ),
)

LESSON = Lesson(
    game="hagetaka-party",
    players=10,
    # found with tabletop.bots.lesson_deals.record("hagetaka-party", 10, seed), steered: the learner
    # redraws when allowed (not here)
    seed=81,
    moves=(
        (0, "plot 6"),
        (1, "plot 5"),
        (2, "plot 1"),
        (3, "plot 5"),
        (4, "plot 5"),
        (5, "plot 5"),
        (6, "plot 5"),
        (7, "plot 6"),
        (8, "plot 5"),
        (9, "plot 5"),
        (1, "bid N9"),
        (3, "bid N5"),
        (4, "bid N7"),
        (5, "bid N8"),
        (6, "bid N6"),
        (8, "bid N4"),
        (9, "bid N6"),
        (1, "bid N5"),
        (3, "bid N1"),
        (4, "bid N4"),
        (5, "bid N2"),
        (6, "bid N9"),
        (8, "bid N3"),
        (9, "bid N8"),
        (0, "bid N14"),
        (7, "bid N14"),
        (0, "bid N14"),
        (7, "bid N9"),
    ),
    intro=Msg(
        "Vulture Party is a crowd game: everyone holds three number cards and secretly picks "
        "one of six battles to fight in. Later battles pay more but hide bigger penalties, and "
        "a crowded battle may cancel itself out. This lesson plays round 1 at a table of ten, "
        "you and nine computer players."
    ),
    advice={
        0: Msg(
            "Your hand is 5, 14 and 14: two of the highest numbers. Plot battle 6, the richest "
            "one (8, 9 and 10 among its score cards, and −4 and −5 too)."
        ),
        1: Msg(
            "A 9 is on the pile. Bid a 14: only a 15, or another 14 that cancels it, can stop it."
        ),
        2: Msg(
            "Your 14 met another 14 and both were cancelled, so the 9 stayed and the 8 joined "
            "it: the pile is worth 17. Bid your second 14."
        ),
    },
    by_verb={"bid": Msg("Seal the ringed number card: the highest number nobody else plays wins.")},
    rules=RULES,
    why_refused={
        "Plot one battle from {first} to {last}.": Msg(
            "Before any battle, everyone secretly chooses the one battle they will fight in."
        ),
        "Choose one number card from your hand to bid.": Msg(
            "In each bout every participant seals exactly one of their number cards."
        ),
    },
    columns=(
        Msg("the battle you plotted."),
        Msg("the values of the score cards you took."),
        Msg("how many 0 cards you took: each counts a tenth of a point."),
    ),
    key_rules=("plot", "lone", "battle", "cancel", "negative", "carried", "discarded", "score"),
)


def reference() -> list[Table]:
    """The family's quick reference with this game's 0 card."""
    return vulture_reference(VultureParty.zero_value)


register_lesson(LESSON, reference)
