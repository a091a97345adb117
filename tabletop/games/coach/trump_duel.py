"""Trump Duel's guided first deal: one round in which the learner answers with one and two
cards, meets every suit's effect, cancels a spade with a diamond and wins with 1 + 1 against
20; and its quick reference (effects, one-beats-ten, score-card sets)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.cards import SUITS
from tabletop.engine.coach import Lesson, Rule, Table, happened, register_lesson
from tabletop.engine.text import Cards, Msg
from tabletop.games.trump_duel_rules import HAND_SIZE, WIN_POINTS, beats_ten, points

Events = Sequence[dict[str, Any]]


def _effect(suit: str, *what: str) -> Any:
    def shows(events: Events, seat: int) -> bool:
        return any(
            e["type"] == "effect" and e.get("suit") == suit and e.get("what") in what
            for e in events
        )

    return shows


def _answered(events: Events, seat: int) -> bool:
    return any(e["type"] == "play" and e["seat"] == seat for e in events)


def _pair(events: Events, seat: int) -> bool:
    return any(e["type"] == "play" and len(e["cards"]) == 2 for e in events)


def _one_beats_ten(events: Events, seat: int) -> bool:
    return any(e["type"] == "round_won" and e.get("by") == "one_beats_ten" for e in events)


def _taken(events: Events, seat: int) -> bool:
    return any(e["type"] == "effect" and e.get("what") == "take" for e in events)


RULES = (
    Rule(
        "open",
        Msg("Opening and answering", ctx="coach"),
        Msg(
            "The player holding the joker opens the round with one card. Then you take turns: "
            "each answer must total strictly more than the other player's display, with one "
            "or two cards. An equal total is not enough. You may always pass instead, but "
            "passing loses the round."
        ),
        lambda events, seat: any(e["type"] == "play" for e in events),
    ),
    Rule(
        "heart",
        Msg("♥ Heart: exchange", ctx="coach"),
        Msg(
            "A heart lets its player throw away one card of their choice from their hand, face "
            "up, and draw a new one. That is how the opponent's discard appeared."
        ),
        _effect("H", "exchange"),
    ),
    Rule(
        "spade",
        Msg("♠ Spade: attack", ctx="coach"),
        Msg(
            "A spade throws a random card from the opponent's hand onto the discards. You "
            "cannot choose which one, but the opponent loses it."
        ),
        _effect("S", "attack"),
    ),
    Rule(
        "club",
        Msg("♣ Club: draw", ctx="coach"),
        Msg(
            "A club draws one card. Hands are not refilled during a round, so cards drawn "
            "now are worth a lot."
        ),
        _effect("C", "draw"),
    ),
    Rule(
        "pair",
        Msg("Two cards at once", ctx="coach"),
        Msg(
            "You may show two cards together: their total counts, and both effects happen. "
            "Before you show new cards, your previous display goes to the discards."
        ),
        _pair,
    ),
    Rule(
        "diamond",
        Msg("♦ Diamond: cancel", ctx="coach"),
        Msg(
            "A diamond waits for the opponent's next play and cancels the effect of one of its "
            "cards. If that play has two cards of different suits, you choose which one."
        ),
        _effect("D", "guard", "cancel"),
    ),
    Rule(
        "one_beats_ten",
        Msg("One beats ten", ctx="coach"),
        Msg(
            "A single 1 against a display of exactly 10, or 1 + 1 against exactly 20, wins the "
            "round at once, whatever the effects. It is the only way a small card beats a big "
            "total, so keep your aces for it."
        ),
        _one_beats_ten,
    ),
    Rule(
        "round_end_effect",
        Msg("The loser's consolation", ctx="coach"),
        Msg(
            "When a round ends, both draw back up to seven cards, and the loser uses one "
            "round-end effect of a card in their last display: a spade takes a card from the "
            "winner's display, a heart takes back one of their own, a club draws one, and a "
            "diamond puts two score cards at stake next round."
        ),
        _taken,
    ),
    Rule(
        "score",
        Msg("Score cards and points", ctx="coach"),
        Msg(
            "The winner of a round takes the score cards at stake. Points come from sets of "
            "three among them: three of a suit, three of a rank, or J-Q-K. Three points win "
            "the duel."
        ),
        happened("round_end"),
    ),
)

HIGHER = Msg(
    "Each answer must total strictly more than the opposing display; the only "
    "exceptions are a 1 against exactly 10 and 1 + 1 against exactly 20."
)
"""The rule behind every refusal of a play that does not beat the other display."""

LESSON = Lesson(
    game="trump-duel",
    players=2,
    # found with tabletop.bots.lesson_deals.record("trump-duel", 2, seed), steered: seat 1 answers
    # with 10 + 10 and seat 0 with 1 + 1 when they can
    seed=1007,
    moves=(
        (1, "play 3H"),
        (1, "exchange 4D"),
        (0, "play 4S"),
        (1, "play 5C"),
        (0, "play 3C 5D"),
        (1, "play 10S 10D"),
        (0, "cancel 10S"),
        (0, "play AH AD"),
        (1, "effect S"),
        (1, "take AH"),
    ),
    intro=Msg(
        "Trump Duel is a duel of totals: you and the computer take turns showing cards that "
        "beat the other's display, until one of you gives up. The winner takes the J, Q and K "
        "score cards at stake. This lesson plays one real round with you; the ring shows the "
        "card to play, and the text says why."
    ),
    advice={
        0: Msg(
            "You must beat 3. A single 4 is enough, and it keeps your strong cards for later. "
            "Its spade effect will also throw away a random card of the opponent's."
        ),
        1: Msg(
            "Now you must beat 5. Show two cards together: 3 + 5 makes 8. The club draws you a "
            "card, and the diamond will cancel an effect of the opponent's next play."
        ),
        2: Msg(
            "The opponent answered with 10 + 10. Your diamond cancels the effect of one of "
            "those cards: cancel the spade, or it would throw away a random card of yours, "
            "perhaps one of your aces."
        ),
        3: Msg(
            "Nobody can show more than 20 with two cards, but two aces against exactly 20 win "
            "the round at once. Show both of your aces."
        ),
    },
    rules=RULES,
    why_refused={
        "Your cards total {total}; you must show more than {need} (not equal).": HIGHER,
        "Your cards total {total}; show more than 10, or a single 1 (1 beats 10).": HIGHER,
        "Your cards total {total}; no total beats 20: only 1+1 (two 1s) does.": HIGHER,
        "The opening play of a round cannot be a pass.": Msg(
            "Whoever opens the round must show a card; only the answering player may pass."
        ),
        "The opening play of a round is a single card.": Msg(
            "The round opens with one card; two cards are for answers."
        ),
    },
    columns=(
        Msg("the score cards the round's winner took."),
        Msg("how many score cards each player holds in all."),
    ),
    key_rules=("one_beats_ten", "diamond", "spade", "club", "heart", "pair", "round_end_effect"),
)


def reference() -> list[Table]:
    """Effects by suit, when a one beats ten, and what score-card sets are worth (computed by
    the game's own rules)."""
    names = {
        "S": Msg("♠", ctx="suit symbol"),
        "H": Msg("♥", ctx="suit symbol"),
        "D": Msg("♦", ctx="suit symbol"),
        "C": Msg("♣", ctx="suit symbol"),
    }
    on_play = {
        "S": Msg("a random card of the opponent's hand is discarded"),
        "H": Msg("discard a card of your choice, draw one"),
        "C": Msg("draw one card"),
        "D": Msg("cancel an effect of the opponent's next play"),
    }
    at_end = {
        "S": Msg("take a card of the winner's display"),
        "H": Msg("take back a card of your display"),
        "C": Msg("draw one card"),
        "D": Msg("two score cards at stake next round"),
    }
    effects = tuple((names[s], on_play[s], at_end[s]) for s in SUITS)
    specials = tuple(
        (Msg("{cards}", cards=Cards(play)), Msg("{cards}", cards=Cards(target)), Msg("wins"))
        for play, target in ((("AS",), ("10H",)), (("AS", "AH"), ("10H", "10C")))
        if beats_ten(play, sum(10 for _ in target))
    )
    sets = tuple(
        (Msg("{cards}", cards=Cards(cards)), points(cards))
        for cards in (
            ("JS", "QS", "KS"),
            ("JS", "JH", "JD"),
            ("JS", "QH", "KD"),
            ("KS", "KH", "KD", "KC"),
        )
    )
    return [
        Table(
            Msg("Effects"),
            (Msg("Suit"), Msg("When played"), Msg("Loser's round-end effect")),
            effects,
        ),
        Table(Msg("One beats ten"), (Msg("Play"), Msg("Against"), Msg("Result")), specials),
        Table(
            Msg(
                "Score cards: {points} points win; hands refill to {cards}",
                points=WIN_POINTS,
                cards=HAND_SIZE,
            ),
            (Msg("Score cards"), Msg("Points")),
            sets,
        ),
    ]


register_lesson(LESSON, reference)
