"""Wild Rawz's guided first round (three players): the draft that leaves the trump card, 7s
of every colour winning as the trump value, the exact trump card, withdrawing beside the
sideways card to set a bonus target, and hitting it; and its quick reference (card strength
under a trump, round scores)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.coach import Lesson, Rule, Table, happened, register_lesson
from tabletop.engine.text import Card, Cards, Msg
from tabletop.games.wild_rawz_rules import (
    EXACT_TRUMP,
    LED_COLOUR,
    SIDEWAYS,
    TRUMP_COLOUR,
    TRUMP_VALUE,
    round_score,
    strength,
)

Events = Sequence[dict[str, Any]]


def _withdrawn(events: Events, seat: int) -> bool:
    return any(e["type"] == "trick" and e.get("withdrawn_seat") is not None for e in events)


def _won_by(tier: int, above: int) -> Any:
    """A trick whose winning card, under the deal's trump, has a strength in [tier, above)."""

    def shows(events: Events, seat: int) -> bool:
        trump = next((e["card"] for e in events if e["type"] == "trump"), None)
        for e in events:
            if e["type"] != "trick" or trump is None:
                continue
            cards = dict(zip(e["seats"], e["cards"], strict=True))
            power = strength(cards[e["winner"]], trump, e["cards"][0][0])
            if tier <= power < above:
                return True
        return False

    return shows


def _bonus(events: Events, seat: int) -> bool:
    return any(e["type"] == "round_end" and e["bonus"][seat] for e in events)


RULES = (
    Rule(
        "draft",
        Msg("The draft", ctx="coach"),
        Msg(
            "Before the tricks, everyone in turn takes one card from the face-up row into "
            "their hand, twice round. The one card nobody takes becomes the trump card."
        ),
        happened("draft"),
    ),
    Rule(
        "trump",
        Msg("Trump colour and trump value", ctx="coach"),
        Msg(
            "The trump card sets two things: its colour is the trump colour, and its number "
            "is the trump value. Every card of the trump value, whatever its colour, beats "
            "every card of the trump colour."
        ),
        happened("trump"),
    ),
    Rule(
        "value_wins",
        Msg("The trump value wins", ctx="coach"),
        Msg(
            "A card of the trump value wins the trick unless the exact trump card is in it. "
            "Between two equally strong cards, the one played later wins."
        ),
        _won_by(TRUMP_VALUE, EXACT_TRUMP),
    ),
    Rule(
        "exact",
        Msg("The exact trump card", ctx="coach"),
        Msg(
            "Some cards exist twice. The copy of the trump card that is in play, same colour "
            "and same number, is the strongest card of all."
        ),
        _won_by(EXACT_TRUMP, EXACT_TRUMP + 1),
    ),
    Rule(
        "withdraw",
        Msg("Withdrawing", ctx="coach"),
        Msg(
            "Instead of playing to the trick, one player per trick (never the leader) may lay "
            "a card face up beside their sideways card, without following colour. That player "
            "leads the next trick. A withdrawn card scores 1 point at the end of the round."
        ),
        _withdrawn,
    ),
    Rule(
        "led",
        Msg("Following the led colour", ctx="coach"),
        Msg(
            "You must play the colour that was led if you can, unless you withdraw. The led "
            "colour ranks below the trump colour; other colours cannot win."
        ),
        _won_by(LED_COLOUR, TRUMP_COLOUR),
    ),
    Rule(
        "bonus",
        Msg("The bonus", ctx="coach"),
        Msg(
            "Your sideways card's number minus the numbers you withdrew is your target. Win "
            "exactly that many tricks and you score 5 more points; a withdrawn skip counts 0."
        ),
        _bonus,
    ),
)

LESSON = Lesson(
    game="wild-rawz",
    players=3,
    # found with tabletop.bots.lesson_deals.record("wild-rawz", 3, seed): the learner wins with the
    # trump value and hits the bonus
    seed=119,
    moves=(
        (0, "draft G6"),
        (1, "draft G1"),
        (2, "draft B2"),
        (0, "draft G2"),
        (1, "draft B3"),
        (2, "draft R1"),
        (0, "play B7"),
        (1, "withdraw Y5"),
        (2, "play BS"),
        (1, "play Y7"),
        (2, "withdraw G4"),
        (0, "play Y1"),
        (2, "play G7"),
        (0, "withdraw B4"),
        (1, "play GS"),
        (0, "play R7"),
        (1, "withdraw G0"),
        (2, "play R6"),
        (1, "play Y3"),
        (2, "withdraw Y0"),
        (0, "play R7"),
        (2, "play G7"),
        (0, "withdraw R0"),
        (1, "play G1"),
        (0, "play B7"),
        (1, "withdraw Y2"),
        (2, "play B2"),
        (1, "play R2"),
        (2, "play R3"),
        (0, "withdraw RS"),
        (0, "play G2"),
        (1, "withdraw R8"),
        (2, "play Y8"),
        (1, "play G8"),
        (2, "play B6"),
        (0, "play G6"),
        (1, "play B8"),
        (2, "play B5"),
        (0, "play G5"),
        (1, "play R5"),
        (2, "play R1"),
        (0, "play R4"),
        (1, "play B3"),
        (2, "withdraw Y4"),
        (0, "play G3"),
    ),
    intro=Msg(
        "Wild Rawz is a trick-taking game with coloured number cards. The card nobody drafts "
        "decides trump, both a colour and a number; once per trick one player may step out "
        "by withdrawing a card; and a bonus rewards winning exactly the number of tricks your "
        "sideways card asks for. This lesson plays one round with two computer players."
    ),
    advice={
        0: Msg(
            "You hold four 7s. The yellow 7 lies in the row: if nobody takes it, 7 becomes the "
            "trump value and all your 7s become trumps. Leave it, and take the green 6."
        ),
        1: Msg("Leave the yellow 7 again: take the green 2."),
        2: Msg(
            "The yellow 7 is trump: every 7 is now a trump. Lead your blue 7; only the yellow 7 "
            "or another 7 played after it can beat it."
        ),
        3: Msg(
            "Yellow was led with the yellow 7, the exact trump card: nothing beats it. You "
            "must follow yellow, so give up your yellow 1."
        ),
        4: Msg(
            "Green is led. Instead of playing, withdraw your blue 4 beside your sideways 8: it "
            "scores a point, and your target becomes 8 − 4 = 4 tricks. With three 7s left, "
            "four tricks are within reach."
        ),
        5: Msg("You withdrew, so you lead. Your red 7 is a trump: it should win."),
        6: Msg("Yellow is led and you have none left: any card may go. Your other red 7 wins."),
        7: Msg(
            "Green again. Withdraw the red 0: one more point, and a 0 leaves your target at 4. "
            "You have three tricks; your blue 7 can take the fourth."
        ),
        8: Msg("Lead your blue 7 for the fourth trick."),
        9: Msg(
            "Red is led. Withdraw the red skip rather than follow: it counts 0, so your target "
            "stays 4, and it is another point."
        ),
        10: Msg("You have four tricks, your target. Now avoid winning: lead the green 2."),
        11: Msg("Green is led with an 8: follow with the green 6, which cannot win."),
        12: Msg("Blue is led and you have no blue: throw away the green 5."),
        13: Msg("Red is led and the red 5 is already higher: follow with the red 4."),
        14: Msg("Your last card: the green 3 cannot win this blue trick."),
    },
    rules=RULES,
    why_refused={
        "You must follow {colour} (or withdraw a card).": Msg(
            "The led colour must be followed; the only way out is to withdraw a card, once per "
            "trick."
        ),
        "You must follow {colour}.": Msg(
            "Someone already withdrew from this trick, so you must follow the led colour."
        ),
        "First take a card from the face-up row; trump is not set yet.": Msg(
            "The tricks start only when the draft has left a single card in the row."
        ),
    },
    columns=(
        Msg("the tricks you won: 1 point each."),
        Msg("the cards you withdrew: 1 point each."),
        Msg("5 points when your tricks equal your sideways number minus the withdrawn numbers."),
    ),
    key_rules=("draft", "trump", "value_wins", "exact", "withdraw", "bonus"),
)

EXAMPLE_TRUMP = "R3"
EXAMPLE_LED = "Y"
EXAMPLE_CARDS = ("R3", "G3", "R9", "R0", "RS", "Y9", "Y0", "YS", "B9")


def reference() -> list[Table]:
    """Card strength under an example trump and the score of some rounds, computed by the
    game's own rules."""
    tiers = (
        (EXACT_TRUMP, Msg("the exact trump card")),
        (TRUMP_VALUE, Msg("the trump value")),
        (TRUMP_COLOUR, Msg("the trump colour")),
        (LED_COLOUR, Msg("the led colour")),
        (-1, Msg("cannot win")),
    )
    ranked = sorted(EXAMPLE_CARDS, key=lambda c: -strength(c, EXAMPLE_TRUMP, EXAMPLE_LED))
    rows = tuple(
        (
            k + 1,
            Msg("{card}", card=Card(card)),
            next(m for t, m in tiers if strength(card, EXAMPLE_TRUMP, EXAMPLE_LED) >= t),
        )
        for k, card in enumerate(ranked)
    )
    side = SIDEWAYS[3]
    cases = ((("Y5", "GS"), 3), (("Y5", "GS"), 4), ((), 8))
    scores = tuple(
        (
            Msg("{cards}", cards=Cards(withdrawn)) if withdrawn else "—",
            tricks,
            round_score(tricks, withdrawn, side)[0],
        )
        for withdrawn, tricks in cases
    )
    return [
        Table(
            Msg("Strength, trump red 3, yellow led"),
            (Msg("Rank"), Msg("Card"), Msg("Why")),
            rows,
        ),
        Table(
            Msg("Round score with sideways {value}", value=side),
            (Msg("Withdrawn"), Msg("Tricks"), Msg("Score")),
            scores,
        ),
    ]


register_lesson(LESSON, reference)
