"""Second Third's guided first deal (three players): the pass, following suit, trumping with
a spade when void, the last card kept, and the −first +second +third −fourth score; and its
quick reference (hand sizes, card points, the score of some collections)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.cards import SUIT_SYMBOL, SUITS
from tabletop.engine.coach import Lesson, Rule, Table, happened, register_lesson
from tabletop.engine.text import Msg, Suit
from tabletop.games.second_third_rules import HAND_SIZES, TRUMP, points_score, suit_points

Events = Sequence[dict[str, Any]]


def _trumped(events: Events, seat: int) -> bool:
    return any(
        e["type"] == "trick"
        and e["cards"][0][-1] != TRUMP
        and any(c[-1] == TRUMP for c in e["cards"])
        for e in events
    )


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
        "trick",
        Msg("Tricks and following suit", ctx="coach"),
        Msg(
            "Each player plays one card to the trick. You must play the suit that was led if "
            "you hold it; without it you may play anything. The highest card of the led suit "
            "wins, aces high, and the winner leads next."
        ),
        happened("trick"),
    ),
    Rule(
        "trump",
        Msg("Spades are trump", ctx="coach"),
        Msg(
            "A spade beats every card of the other suits, so a player who cannot follow can "
            "win the trick with any spade. The highest spade wins when several are played."
        ),
        _trumped,
    ),
    Rule(
        "last_card",
        Msg("The last card", ctx="coach"),
        Msg(
            "When everyone holds one card, play stops: each player adds that last card to "
            "their own won cards without playing it."
        ),
        happened("round_end"),
    ),
    Rule(
        "score",
        Msg("Second and third count", ctx="coach"),
        Msg(
            "Each suit you won is worth 1 point per card and 2 per ace. Put your four suits "
            "in order from most to fewest points: the first and the fourth count against you, "
            "the second and the third count for you. The best collection is three even suits "
            "and none of the fourth."
        ),
        happened("round_end"),
    ),
)

LESSON = Lesson(
    game="second-third",
    players=3,
    # found with tabletop.bots.lesson_deals.record("second-third", 3, seed): the learner trumps a
    # led suit with a spade by the third trick
    seed=38,
    moves=(
        (0, "pass 6H 7H"),
        (1, "pass 6C 7C"),
        (2, "pass 6D 7D"),
        (0, "play KC"),
        (1, "play 10C"),
        (2, "play QC"),
        (0, "play JC"),
        (1, "play 9S"),
        (2, "play AC"),
        (1, "play AH"),
        (2, "play QH"),
        (0, "play 6S"),
        (0, "play 10D"),
        (1, "play JD"),
        (2, "play 8D"),
        (1, "play KH"),
        (2, "play JH"),
        (0, "play 7S"),
        (0, "play 9C"),
        (1, "play KD"),
        (2, "play 8C"),
        (0, "play 7D"),
        (1, "play 9D"),
        (2, "play QD"),
        (2, "play AD"),
        (0, "play 6D"),
        (1, "play 10H"),
        (2, "play 7C"),
        (0, "play 8S"),
        (1, "play 9H"),
        (0, "play KS"),
        (1, "play 8H"),
        (2, "play AS"),
        (2, "play 6C"),
        (0, "play JS"),
        (1, "play 7H"),
    ),
    intro=Msg(
        "Second Third is a trick-taking game with a twist: at the end of the deal, the suit "
        "you collected most and the suit you collected least count against you, and the two "
        "in between count for you. This lesson plays one real deal with two computer players; "
        "the ring shows the card to play, and the text says why."
    ),
    advice={
        0: Msg(
            "You hold only two hearts, 6♥ and 7♥. Passing both leaves you with no hearts at "
            "all, so whenever hearts are led you may play a spade, and spades are trump."
        ),
        1: Msg(
            "You deal this time, so you lead the first trick. K♣ is a strong club: it should "
            "win, and clubs are a suit you can collect."
        ),
        2: Msg(
            "You won the trick, so you lead again. J♣ keeps building your clubs; someone may "
            "beat it, and that is fine too."
        ),
        3: Msg(
            "Hearts were led and you have none left, so you may play any card. Your lowest "
            "spade, 6♠, is trump: it beats even the ace of hearts."
        ),
        4: Msg(
            "Lead 10♦. Diamonds are a suit you will have few of, which may make them your "
            "fourth suit; the others can take this one."
        ),
        5: Msg("Hearts again, and you still have none: trump with 7♠ and take both hearts."),
        6: Msg("Lead 9♣: both others may be out of clubs by now, and the trick may come back."),
        7: Msg("Lead 7♦: a low card the others will probably beat, which keeps diamonds low."),
        8: Msg(
            "Diamonds were led and you hold one: you must follow suit, so 6♦ is the only card "
            "you may play."
        ),
        9: Msg(
            "Clubs were led and you have none left: trump with 8♠ and collect another club "
            "and another card."
        ),
        10: Msg(
            "Only spades are left in your hand, so lead K♠. Spades are your third suit now; "
            "it does not hurt to lose this trick."
        ),
        11: Msg(
            "The last trick: you cannot follow clubs, so J♠ trumps it. Your final card stays "
            "with you unplayed."
        ),
    },
    rules=RULES,
    why_refused={
        "You must follow {suit}.": Msg(
            "While you hold a card of the led suit you must play one; only when you have none "
            "may you trump with a spade or throw another suit away."
        ),
        "First choose two cards to pass to your left.": Msg(
            "No trick starts before everyone has passed two cards."
        ),
        "Pass exactly two different cards.": Msg(
            "The pass is always exactly two cards, to the left neighbour."
        ),
    },
    columns=(
        Msg(
            "your points in this suit (1 a card, 2 an ace), with + if it is your second or "
            "third suit and − if it is your first or fourth; the other suits read the same."
        ),
    ),
    key_rules=("pass", "trick", "trump", "last_card", "score"),
)


def reference() -> list[Table]:
    """Hand sizes, card points and example scores, all computed from the game's own tables."""
    sizes = tuple(
        (players, HAND_SIZES[False][players][0], HAND_SIZES[True][players][0])
        for players in sorted(HAND_SIZES[False])
    )
    examples = (
        ("AH", "KH", "QH", "JH", "10S", "9S", "8S", "7S", "6S", "KC", "QC", "JC", "10C", "9D"),
        (
            "KH",
            "QH",
            "JH",
            "10H",
            "9H",
            "KS",
            "QS",
            "JS",
            "10S",
            "9S",
            "KC",
            "QC",
            "JC",
            "10C",
            "9C",
        ),
        ("KH", "QH", "JH", "10H", "9H", "8H", "KS", "QS", "JS", "KC", "QC", "KD"),
    )
    rows = []
    for cards in examples:
        points = suit_points(list(cards))
        shown = "  ".join(f"{SUIT_SYMBOL[s]}{points[s]}" for s in SUITS)
        rows.append((shown, points_score(points)))
    return [
        Table(
            Msg("Cards in hand"),
            (Msg("Players"), Msg("Hand"), Msg("Hand (designer's revision)")),
            sizes,
        ),
        Table(
            Msg("Trick and suit points"),
            (Msg("Card"), Msg("Points")),
            (
                (Msg("Ace"), suit_points(["AS"])[TRUMP]),
                (Msg("Any other card"), suit_points(["2S"])[TRUMP]),
                (Msg("Trump"), Msg("{suit}", suit=Suit(TRUMP))),
            ),
        ),
        Table(
            Msg("Score: − first + second + third − fourth"),
            (Msg("Points by suit"), Msg("Score")),
            tuple(rows),
        ),
    ]


register_lesson(LESSON, reference)
