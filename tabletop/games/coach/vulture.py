"""What the two vulture games share in their lessons: the quick reference of the family's
battles, piles and round points, computed from its own table and rules."""

from __future__ import annotations

from tabletop.engine.coach import Table
from tabletop.engine.text import Msg
from tabletop.games.info.vulture import DEFAULT_TABLE
from tabletop.games.vulture import ROUNDS, bout_winner, parse_table, round_points


def vulture_reference(zero_value: float) -> list[Table]:
    """The score cards of each battle, who takes a pile, and a round's points (the 0 card
    worth `zero_value`), all computed from the family's own table and rules."""
    battles = parse_table(DEFAULT_TABLE)
    bids = ((0, "N5"), (1, "N9"), (2, "N9"), (3, "N12"))
    shown = ", ".join(code[1:] for _seat, code in bids)
    outcomes = []
    for total in (4, -3):
        winner, cancelled = bout_winner(bids, total)
        number = dict(bids)[winner][1:] if winner is not None else "—"
        outcomes.append((shown, total, ", ".join(str(n) for n in cancelled), number))
    taken = ("V5", "V-2", "V0")
    points = tuple(
        (
            " ".join(c[1:] for c in taken),
            Msg("Round {number}", number=r),
            round_points(taken, zero_value, r),
        )
        for r in (1, ROUNDS)
    )
    return [
        Table(
            Msg("Score cards of each battle"),
            (Msg("Battle"), Msg("Score cards")),
            tuple((k + 1, ", ".join(str(v) for v in row)) for k, row in enumerate(battles)),
        ),
        Table(
            Msg("Who takes the pile"),
            (Msg("Bids"), Msg("Pile"), Msg("Cancelled"), Msg("Taken by")),
            tuple(outcomes),
        ),
        Table(Msg("Points of a round"), (Msg("Score cards"), Msg("Round"), Msg("Points")), points),
    ]
