"""Vulture Rounds' guided first deal (three players, round 1): sitting out and joining
battles, choosing a set, bids that cancel each other, a lone participant, a pile left lying
and carried on, and a negative pile going to the lowest number; and its quick reference (the
score cards of each battle, who takes a pile, what a round scores)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.coach import Lesson, Rule, Table, happened, register_lesson
from tabletop.engine.text import Msg
from tabletop.games.coach.vulture import vulture_reference
from tabletop.games.hagetaka import Hagetaka

Events = Sequence[dict[str, Any]]


def _taken(events: Events, seat: int) -> bool:
    return any(
        e["type"] == "bout" and e.get("winner") is not None and e["total"] >= 0 for e in events
    )


def _cancelled(events: Events, seat: int) -> bool:
    return any(e["type"] == "bout" and e.get("cancelled") for e in events)


def _left_lying(events: Events, seat: int) -> bool:
    return any(e["type"] == "bout" and e.get("winner") is None for e in events)


def _negative(events: Events, seat: int) -> bool:
    return any(
        e["type"] == "bout" and e.get("winner") is not None and e["total"] < 0 for e in events
    )


def _forced(events: Events, seat: int) -> bool:
    return any(e["type"] == "join" and e.get("forced") for e in events)


RULES = (
    Rule(
        "join",
        Msg("Joining a battle", ctx="coach"),
        Msg(
            "A round has six battles, and you must fight in exactly three of them. Before each "
            "battle everyone shows black to join or red to sit out, all at once. Early battles "
            "are worth little, late ones a lot, with bigger negative cards too."
        ),
        happened("join"),
    ),
    Rule(
        "lone",
        Msg("A lone participant", ctx="coach"),
        Msg(
            "When only one player joins a battle, they spend one of their sets unplayed and "
            "take three of the battle's five score cards at random."
        ),
        happened("lone"),
    ),
    Rule(
        "sets",
        Msg("Choosing a set", ctx="coach"),
        Msg(
            "You were dealt three sets of three number cards, one set per battle you join. "
            "Every participant secretly chooses the set that becomes their hand for this "
            "battle."
        ),
        happened("battle"),
    ),
    Rule(
        "cancel",
        Msg("Equal numbers cancel", ctx="coach"),
        Msg(
            "When two players bid the same number, both bids are out, however high they are. "
            "A 15 is only strong if nobody else plays a 15."
        ),
        _cancelled,
    ),
    Rule(
        "bout",
        Msg("Who takes the pile", ctx="coach"),
        Msg(
            "A score card is turned, then everyone seals one number card at once. Of the "
            "numbers nobody else played, the highest takes the pile when it is worth 0 or more."
        ),
        _taken,
    ),
    Rule(
        "forced",
        Msg("Joining by necessity", ctx="coach"),
        Msg(
            "When you must join every battle left to reach three, the table enters you "
            "without asking; after your third battle it sits you out."
        ),
        _forced,
    ),
    Rule(
        "carried",
        Msg("A pile left lying", ctx="coach"),
        Msg(
            "If every number cancels, nobody takes the pile: it stays, and the next score "
            "card joins it. After a battle's third bout a pile still lying moves on to the "
            "next battle."
        ),
        _left_lying,
    ),
    Rule(
        "negative",
        Msg("A negative pile", ctx="coach"),
        Msg(
            "When the pile is worth less than 0, the lowest number that did not cancel takes "
            "it, so a low card can be the one that hurts."
        ),
        _negative,
    ),
    Rule(
        "score",
        Msg("Scoring a round", ctx="coach"),
        Msg(
            "At the end of a round you add up the score cards you took; a 0 card counts half "
            "a point to break ties. A match has three rounds, and round 3 counts double."
        ),
        happened("round_end"),
    ),
)

LESSON = Lesson(
    game="hagetaka",
    players=3,
    # found with tabletop.bots.lesson_deals.record("hagetaka", 3, seed), steered: joining or sitting
    # out drawn at random from the seed
    seed=105,
    moves=(
        (0, "sit"),
        (1, "join"),
        (2, "sit"),
        (1, "use N4 N7 N13"),
        (0, "sit"),
        (1, "join"),
        (2, "sit"),
        (1, "use N8 N10 N11"),
        (0, "join"),
        (1, "join"),
        (2, "join"),
        (0, "use N6 N8 N15"),
        (2, "use N2 N9 N15"),
        (0, "bid N15"),
        (1, "bid N15"),
        (2, "bid N2"),
        (0, "bid N6"),
        (1, "bid N11"),
        (2, "bid N9"),
        (0, "sit"),
        (2, "join"),
        (2, "use N1 N14 N15"),
        (2, "sit"),
        (0, "use N1 N14 N15"),
        (0, "bid N13"),
        (2, "bid N13"),
        (0, "bid N10"),
        (2, "bid N12"),
    ),
    intro=Msg(
        "Vulture Rounds is about choosing your fights. Each round you hold three sets of "
        "number cards and must spend them in exactly three of six battles; in each battle "
        "everyone bids number cards at once for the score cards turned up. This lesson plays "
        "round 1 with two computer players; the ring shows your move and the text says why."
    ),
    advice={
        0: Msg(
            "The first battle's score cards are small (0 to 3). Sit it out: show red and keep "
            "your three sets for battles that pay more."
        ),
        1: Msg("Battle 2 pays little too. Sit out again; you still have four battles for three."),
        2: Msg("Now join battle 3: show black. With four battles left, you need three of them."),
        3: Msg(
            "Use your set 6, 8, 15: the 15 is the highest number there is, and the others "
            "are modest, so this set can fight for one good score card."
        ),
        4: Msg(
            "A 3 is on the pile. Bid your 15: no number can beat it, unless someone plays the "
            "same number."
        ),
        5: Msg("The 2 is on the pile now. Bid 6 and keep the 8 for the last bout."),
        6: Msg(
            "Sit out battle 4. You must then join both battles 5 and 6, where the score cards "
            "are the biggest."
        ),
        7: Msg(
            "You joined battle 5 alone, so you take three score cards at random whatever you "
            "spend. Spend your set 1, 14, 15 here: a 1 kept for battle 6 would be the lowest "
            "number and could take a negative pile."
        ),
        8: Msg("A 10 is on the pile. Bid your 13, the highest number you hold."),
        9: Msg("The pile is still there and grew: 10 and 8 make 18. Bid 10 and keep the 8."),
    },
    by_verb={
        "bid": Msg("Seal the ringed number card: the highest number nobody else plays wins."),
    },
    rules=RULES,
    why_refused={
        "Show black (join) to take part in this battle or red (sit) to sit it out.": Msg(
            "Before anything else in a battle, everyone decides whether to take part in it."
        ),
        "Choose which of your sets to use in this battle.": Msg(
            "Each participant's hand for a battle is one of their sets, chosen before bidding."
        ),
    },
    columns=(
        Msg("the battles you joined this round."),
        Msg("the values of the score cards you took."),
        Msg("how many 0 cards you took: each counts half a point, to break ties."),
    ),
    key_rules=("join", "sets", "cancel", "bout", "lone", "carried", "negative", "score"),
)


def reference() -> list[Table]:
    """The family's quick reference with this game's 0 card."""
    return vulture_reference(Hagetaka.zero_value)


register_lesson(LESSON, reference)
