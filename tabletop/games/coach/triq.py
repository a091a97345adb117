"""%triq's guided first game (three players): the running total, a しばり declared with a Q,
cards the しばり allows, a joker worth nothing under it, a pass that pays the declarer, tens
paid for by the player before, and dropping out; and its quick reference (card values, when
a しばり may be declared, what a pass costs)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.cards import is_joker
from tabletop.engine.coach import Lesson, Rule, Table, happened, register_lesson
from tabletop.engine.text import Msg
from tabletop.games.triq_rules import SHIBARI_REMAINDERS, deal_size, owed_after_pass, points

Events = Sequence[dict[str, Any]]


def _flush(reason: str) -> Any:
    def shows(events: Events, seat: int) -> bool:
        return any(e["type"] == "flush" and e.get("reason") == reason for e in events)

    return shows


def _shibari(events: Events, seat: int) -> bool:
    return any(e["type"] == "play" and e.get("shibari") for e in events)


def _joker_nothing(events: Events, seat: int) -> bool:
    return any(e["type"] == "play" and is_joker(str(e["card"])) and e["value"] == 0 for e in events)


RULES = (
    Rule(
        "total",
        Msg("The running total", ctx="coach"),
        Msg(
            "Everyone plays one card in turn onto a shared pile and says the new total. 2 to "
            "10 count their number, an ace 1 or 11, J, Q and K 10 each, and a joker whatever "
            "the total needs to reach the next ten."
        ),
        happened("play"),
    ),
    Rule(
        "shibari",
        Msg("しばり", ctx="coach"),
        Msg(
            "A J, Q or K of the top card's suit may declare しばり when the total ends in the "
            "right digit: J on 1–3, Q on 4–6, K on 7–9. Until the pile ends, everyone may play "
            "only that suit, or a J, Q, K or joker."
        ),
        _shibari,
    ),
    Rule(
        "joker_zero",
        Msg("A joker under しばり", ctx="coach"),
        Msg("While a しばり holds, a joker may be played but is worth 0: it completes no ten."),
        _joker_nothing,
    ),
    Rule(
        "pass",
        Msg("Passing pays the declarer", ctx="coach"),
        Msg(
            "A player who cannot play under a しばり must pass. The pile ends, and the passer "
            "gives the declarer one card for every ten in the total, rounded up."
        ),
        happened("pass"),
    ),
    Rule(
        "out",
        Msg("Dropping out", ctx="coach"),
        Msg(
            "A player who must hand over at least as many cards as they hold gives them all "
            "and is out. The first out takes the last place; the last player holding cards "
            "wins."
        ),
        happened("out"),
    ),
    Rule(
        "ten",
        Msg("Reaching a ten", ctx="coach"),
        Msg(
            "Whoever brings the total to 10, 20, 30… ends the pile, and the player just before "
            "them must give them one card for every ten in the total. Then a fresh pile starts "
            "at 0."
        ),
        _flush("ten"),
    ),
    Rule(
        "joker_only",
        Msg("Only jokers left", ctx="coach"),
        Msg(
            "A joker may not open a pile. A player holding nothing but jokers must still put "
            "one down, and drops out on the spot."
        ),
        _flush("joker"),
    ),
    Rule(
        "score",
        Msg("Places and points", ctx="coach"),
        Msg(
            "Places follow the order of dropping out. In a series of games, each game gives "
            "every player the number of players minus their place."
        ),
        happened("round_end"),
    ),
)

LESSON = Lesson(
    game="triq",
    players=3,
    # found with tabletop.bots.lesson_deals.record("triq", 3, seed), steered: the learner declares
    # しばり whenever allowed
    seed=94,
    moves=(
        (2, "play 4D"),
        (0, "play QD shibari"),
        (1, "play 2D"),
        (2, "play JS"),
        (0, "play 6D"),
        (1, "play 5D"),
        (2, "play 9D"),
        (0, "play 8D"),
        (1, "play QS"),
        (2, "play JH"),
        (0, "play KH"),
        (1, "play JK2"),
        (2, "play KD"),
        (0, "play JD"),
        (1, "pass"),
        (2, "play 2H"),
        (0, "play 8S"),
        (2, "give 3H"),
        (2, "play 8C"),
        (0, "play 2C"),
        (2, "give 3C"),
        (2, "play 6S"),
        (0, "play 4S"),
        (2, "give AS"),
        (2, "play JK1"),
    ),
    intro=Msg(
        "In %triq everyone feeds one pile and calls out its total. Bring the total to a "
        "multiple of ten and the player before you pays you cards; run out of cards and you "
        "are out. The last player holding cards wins. This lesson plays one whole game with "
        "two computer players; the ring shows your card and the text says why."
    ),
    advice={
        0: Msg(
            "The total is 4 and the top card is the 4♦. Your Q♦ matches its suit and the "
            "total ends in 4, so it may declare しばり. Double-click it and choose to declare: "
            "from now on only diamonds, J, Q, K or jokers may be played, and you hold many "
            "diamonds."
        ),
        1: Msg(
            "The しばり holds: you may play only a diamond, or a J, Q, K or joker. 6♦ keeps your "
            "court cards for later."
        ),
        2: Msg("Still under your しばり: play 8♦, another diamond."),
        3: Msg(
            "Your last diamond is the J♦; keep it. K♥ is allowed too, since any J, Q or K may "
            "be played under a しばり."
        ),
        4: Msg(
            "Play your J♦. The next player must now play a diamond or a court card or "
            "joker, or pass, and a pass at 104 costs eleven cards."
        ),
        5: Msg("A fresh pile at 2. Your 8♠ brings it to 10: the player before you pays you."),
        6: Msg("The total is 8: your 2♣ makes 10 again, and you are paid another card."),
        7: Msg("The total is 6: 4♠ makes 10. Reaching tens keeps your hand growing."),
    },
    rules=RULES,
    why_refused={
        "しばり needs a card of the top card's suit: J on a total ending in 1–3, Q on 4–6, K on "
        "7–9.": Msg("The court card must match the top card's suit and the total's last digit."),
        "Under しばり only {suit}, J, Q, K or a joker may be played.": Msg(
            "That is what a しばり does: it binds everyone to its suit until the pile ends."
        ),
        "You may only pass when you have no card you are allowed to play.": Msg(
            "Passing is not a choice in %triq: it is what happens when you cannot play."
        ),
        "Open a fresh pile with A–10; J, Q or K only when you hold nothing else.": Msg(
            "A court card would end a fresh pile at once, so it may open one only as a last resort."
        ),
    },
    columns=(Msg("your place in this game: the order of dropping out, counted from the last."),),
    key_rules=("total", "shibari", "joker_zero", "pass", "out", "ten", "score"),
)


def reference() -> list[Table]:
    """Card values, when a しばり may be declared, what a pass costs and the hand sizes, all
    computed from the game's own rules."""
    values = (
        (Msg("2–10"), Msg("its number")),
        (Msg("A"), Msg("1 or 11")),
        (Msg("J, Q, K"), points("KS", 0, False)),
        (Msg("Joker on {total}", total=27), points("JK1", 27, False)),
        (Msg("Joker under しばり"), points("JK1", 27, True)),
    )
    shibari = tuple(
        (rank, "–".join(str(d) for d in (digits[0], digits[-1])))
        for rank, digits in SHIBARI_REMAINDERS.items()
    )
    passes = tuple((total, owed_after_pass(total)) for total in (4, 22, 40, 104))
    sizes = tuple((n, deal_size(n)) for n in (2, 3, 4, 5, 6, 7, 9, 27))
    return [
        Table(Msg("Card values"), (Msg("Card"), Msg("Value")), values),
        Table(
            Msg("しばり: same suit as the top card, total ending in"),
            (Msg("Card"), Msg("Last digit")),
            shibari,
        ),
        Table(Msg("A pass under しばり costs"), (Msg("Total"), Msg("Cards")), passes),
        Table(Msg("Cards each"), (Msg("Players"), Msg("Cards")), sizes),
    ]


register_lesson(LESSON, reference)
