"""Pokered Trick's guided first deal (four players): staying in while another folds into the
pot, two cards kept aside, tricks led in turn, jokers that win tricks but score none, and the
showdown where the kept pair and the won kings make a full house; and its quick reference
(poker hands and their points, the settlement)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.coach import Lesson, Rule, Table, happened, register_lesson
from tabletop.engine.text import Cards, Msg
from tabletop.games.pokered_trick import HAND_NAMES
from tabletop.games.pokered_trick_rules import poker_hand

Events = Sequence[dict[str, Any]]


def _fold(events: Events, seat: int) -> bool:
    return any(e["type"] == "declare" and e.get("choice") == "fold" for e in events)


def _joker_trick(events: Events, seat: int) -> bool:
    return any(e["type"] == "trick" and e.get("joker") for e in events)


def _plain_trick(events: Events, seat: int) -> bool:
    return any(e["type"] == "trick" and not e.get("joker") for e in events)


RULES = (
    Rule(
        "declare",
        Msg("Stay in or fold", ctx="coach"),
        Msg(
            "After looking at your seven cards you decide, in turn, whether to take part in "
            "the deal. Only the players who stay in play the tricks and settle chips."
        ),
        happened("declare"),
    ),
    Rule(
        "fold",
        Msg("Folding feeds the pot", ctx="coach"),
        Msg(
            "A player who folds pays 1 chip into the pot and sits the deal out. The pot is "
            "never emptied between deals: what is left waits for a later one."
        ),
        _fold,
    ),
    Rule(
        "hide",
        Msg("Two cards kept aside", ctx="coach"),
        Msg(
            "Everyone who stayed in lays two cards face down at the same time. They are not "
            "played; at the end they join the cards you won to make a poker hand. The other "
            "five cards play the five tricks."
        ),
        happened("hide"),
    ),
    Rule(
        "trick",
        Msg("Tricks", ctx="coach"),
        Msg(
            "You must follow the led suit if you can; the highest card of that suit wins. "
            "Winning does not give you the lead: the lead passes from one player who stayed in "
            "to the next. Won cards lie face up for everyone to see."
        ),
        _plain_trick,
    ),
    Rule(
        "joker",
        Msg("Jokers", ctx="coach"),
        Msg(
            "A joker may be played at any time, even when you could follow, and it wins the "
            "trick. But a trick won with a joker scores no trick point: its value is the cards "
            "it brings you for your poker hand."
        ),
        _joker_trick,
    ),
    Rule(
        "showdown",
        Msg("The showdown", ctx="coach"),
        Msg(
            "After five tricks everyone who stayed in turns up their two kept cards. With them "
            "and all the cards you won you make the best poker hand, from one pair (1 point) "
            "to a straight flush (6). Your points are your trick points plus that hand."
        ),
        happened("reveal"),
    ),
    Rule(
        "settle",
        Msg("Paying chips", ctx="coach"),
        Msg(
            "Players who stayed in but won no trick share the pot first. Then every two "
            "players settle up: the one with fewer points pays the difference in chips. The "
            "best player takes what is left in the pot."
        ),
        happened("settle"),
    ),
)

LESSON = Lesson(
    game="pokered-trick",
    players=4,
    # found with tabletop.bots.lesson_deals.record("pokered-trick", 4, seed), steered: the learner
    # stays in
    seed=247,
    moves=(
        (1, "declare in"),
        (2, "declare fold"),
        (3, "declare in"),
        (0, "declare in"),
        (0, "hide 4D 4C"),
        (1, "hide 4S 4H"),
        (3, "hide QH QC"),
        (1, "play AD"),
        (3, "play 7D"),
        (0, "play 6S"),
        (3, "play AH"),
        (0, "play JC"),
        (1, "play 6H"),
        (0, "play KS"),
        (1, "play 7C"),
        (3, "play JS"),
        (1, "play KD"),
        (3, "play 5C"),
        (0, "play JK1"),
        (3, "play 9H"),
        (0, "play JK2"),
        (1, "play KH"),
    ),
    intro=Msg(
        "Pokered Trick mixes tricks and poker. You decide whether to play the deal at all, "
        "keep two cards hidden, play five tricks, and at the end build a poker hand from your "
        "hidden cards and the cards you won. Players pay each other the difference in points "
        "with chips. This lesson plays one deal with three computer players."
    ),
    advice={
        0: Msg(
            "You hold both jokers, and a joker wins any trick it is played in. With them you "
            "can take cards for your poker hand: stay in."
        ),
        1: Msg(
            "Keep your pair of 4s aside: small cards win no tricks, but hidden away they are "
            "already a pair for the showdown. Choose both, then confirm."
        ),
        2: Msg(
            "You have no diamonds, so any card may go. Save the jokers for tricks with cards "
            "worth taking: throw away the 6♠."
        ),
        3: Msg(
            "No hearts in your hand, and the A♥ leads: throw away the J♣ and keep the "
            "jokers for later."
        ),
        4: Msg(
            "It is your lead: the lead goes round the players in turn, whoever won. Lead the "
            "K♠: it may well win, and a king is good for your hand."
        ),
        5: Msg(
            "A K♦ lies in this trick. Take it with a joker: with your K♠ that makes two kings "
            "to go with the 4s you kept."
        ),
        6: Msg(
            "Only your second joker is left. It wins this trick whatever the others play after you."
        ),
    },
    rules=RULES,
    why_refused={
        "You must follow {suit} (a joker may always be played).": Msg(
            "Following suit is compulsory while you can; only a joker is free to go anywhere."
        ),
        "Keep exactly two different cards aside.": Msg(
            "Exactly two cards are kept for the poker hand; the other five play the tricks."
        ),
        "First keep two of your cards aside, face down.": Msg(
            "No trick starts before everyone who stayed in has kept two cards aside."
        ),
    },
    columns=(
        Msg("the chip you paid into the pot if you folded."),
        Msg("the chips you paid to other players."),
        Msg("the chips you received from players and from the pot."),
    ),
    key_rules=("declare", "fold", "hide", "trick", "joker", "showdown", "settle"),
)

EXAMPLES = (
    ("9S", "10S", "JS", "QS", "KS"),
    ("9S", "9H", "9D", "9C", "2S"),
    ("KS", "KH", "KD", "4D", "4C"),
    ("2H", "6H", "9H", "JH", "AH"),
    ("AS", "2H", "3D", "4C", "5S"),
    ("7S", "7H", "7D", "2C", "QS"),
    ("7S", "7H", "QD", "QC", "3S"),
    ("7S", "7H", "2D", "5C", "QS"),
)


def reference() -> list[Table]:
    """Poker hands with an example and their points (scored by the game's own function), and
    the order chips are settled in."""
    hands = tuple(
        (HAND_NAMES[poker_hand(cards)[1]], Msg("{cards}", cards=Cards(cards)), poker_hand(cards)[0])
        for cards in EXAMPLES
    )
    return [
        Table(Msg("Poker hands"), (Msg("Hand"), Msg("Example"), Msg("Points")), hands),
        Table(
            Msg("Points of a deal"),
            (Msg("What"), Msg("Points")),
            (
                (Msg("A trick won"), 1),
                (Msg("A trick won with a joker"), 0),
                (Msg("The best poker hand"), Msg("1–6")),
            ),
        ),
        Table(
            Msg("Settling chips, in this order"),
            (Msg("Step"), Msg("Who")),
            (
                (1, Msg("players who won no trick share the pot")),
                (2, Msg("fewer points pays the difference to more points")),
                (3, Msg("the most points takes the rest of the pot")),
            ),
        ),
    ]


register_lesson(LESSON, reference)
