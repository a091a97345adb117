"""How each seat's score came about: a game's score lines and the shape of its score sheet.

A game reads its own events (JSON form, as a log or a seat's table holds them) into
`ScoreLine`s with `Game.score_lines`: usually one line per deal (a deal's `round_end`), or one
per scoring step (a turn) when a game scores more often. A line holds the per-seat cells under
the game's columns, the score each seat made (what its cells add up to) and the running totals.
`Game.score_sheet` describes the paper sheet built from the same lines: the row unit, the
columns, the shared columns, how many rows a blank sheet gets, the notes and the tie-break.
The end-of-deal summary and the printed sheet both read these, so no viewer knows a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine.text import Msg

Cell = int | float | str | Msg
"""A cell: a number, verbatim text (e.g. "+3") or a message rendered by the viewer."""

EventData = Mapping[str, Any]
"""One event in JSON form: {"type": ..., fields...}."""

SCORE = Msg("Score")
TOTAL = Msg("Total")
SHARE = Msg("Equal totals share the place; several players tied for first all win.")
"""The tie-break of games that simply share places."""


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One scored step (usually a deal): each seat's cells, score and running total."""

    deal: int
    label: Cell
    cells: tuple[tuple[Cell, ...], ...]
    scores: tuple[float, ...]
    totals: tuple[float, ...]
    shared: tuple[Cell, ...] = ()


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The shape of a game's score sheet and summary: unit, columns, notes, blank rows.

    `columns` head each seat's cells, `score` the seat's score of the line (EMPTY: the line's
    score is not printed) and `total` the running total; `shared` head the cells one line has
    for everyone (a trump, a pot). `signed` prints scores as +3 / -2.
    """

    unit: Msg
    columns: tuple[Msg, ...]
    tiebreak: Msg
    rows: int
    notes: tuple[Msg, ...] = ()
    shared: tuple[Msg, ...] = ()
    score: Msg = SCORE
    total: Msg = TOTAL
    signed: bool = False


def of_type(events: Sequence[EventData], kind: str) -> list[EventData]:
    """The events of one type, in order."""
    return [e for e in events if e.get("type") == kind]


def signed(value: float) -> str:
    """A number with an explicit sign: +3, -6, 0 (whole floats without '.0')."""
    body = number_text(abs(value))
    return body if value == 0 else ("+" if value > 0 else "-") + body


def number_text(value: float) -> str:
    """A number as printed: whole floats without '.0', others without trailing zeros."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.6f}".rstrip("0").rstrip(".")


def deal_ends(events: Sequence[EventData]) -> list[EventData]:
    """The `round_end` events with per-seat scores and totals."""
    return [
        e
        for e in of_type(events, "round_end")
        if isinstance(e.get("scores"), list) and isinstance(e.get("totals"), list)
    ]


def plain_lines(events: Sequence[EventData]) -> list[ScoreLine]:
    """One line per deal with no cells: the score and the running total only."""
    return [
        ScoreLine(
            int(e.get("round", n)),
            int(e.get("round", n)),
            tuple(() for _ in e["scores"]),
            tuple(e["scores"]),
            tuple(e["totals"]),
        )
        for n, e in enumerate(deal_ends(events), start=1)
    ]


@dataclass(frozen=True, slots=True)
class Summary:
    """One deal's lines with the sheet that heads them: what the end-of-deal summary shows."""

    deal: int
    sheet: ScoreSheet
    lines: tuple[ScoreLine, ...]

    @property
    def scores(self) -> tuple[float, ...]:
        """Each seat's score of the deal: the sum over its lines."""
        seats = len(self.lines[0].scores) if self.lines else 0
        return tuple(sum(line.scores[i] for line in self.lines) for i in range(seats))

    @property
    def totals(self) -> tuple[float, ...]:
        """The running totals after the deal."""
        return self.lines[-1].totals if self.lines else ()


def last_summary(
    lines: Sequence[ScoreLine], sheet: ScoreSheet, deal: int | None = None
) -> Summary | None:
    """The summary of `deal` (default: the last deal with lines), or None if it has none."""
    if not lines:
        return None
    deal = lines[-1].deal if deal is None else deal
    mine = tuple(line for line in lines if line.deal == deal)
    return Summary(deal, sheet, mine) if mine else None
