"""Printed rows from a game's own score description: no game is named here.

Each game says what its sheet looks like (`Game.score_sheet`: the row unit, the columns, the
shared columns, the blank row count, notes, tie-break) and how its events read as score lines
(`Game.score_lines`, see tabletop/engine/breakdown.py). This module only turns those into text
rows: the game's cells, then the line's score (when the sheet prints it), then the total.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from tabletop.engine.breakdown import Cell, ScoreLine, ScoreSheet, number_text, signed
from tabletop.engine.cards import Deck
from tabletop.engine.text import Msg
from tabletop.i18n import render_value


class Row(NamedTuple):
    """One printed row: its label, the shared cells and one tuple of cells per seat."""

    label: str
    shared: tuple[str, ...]
    seats: tuple[tuple[str, ...], ...]


def text(value: Any) -> str:
    """A number or text as printed (whole floats without '.0', None as blank)."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return number_text(value)
    return str(value)


def cell_text(cell: Cell, deck: Deck) -> str:
    """A game's cell as printed: messages rendered in the current language."""
    if isinstance(cell, Msg):
        return render_value(cell, deck=deck)
    return text(cell)


def msg_text(msg: Msg) -> str:
    """A heading, note or tie-break in the current language."""
    return render_value(msg)


def columns(sheet: ScoreSheet) -> tuple[str, ...]:
    """Each seat's column headings: the game's columns, the score (if printed), the total."""
    heads = [*sheet.columns, *((sheet.score,) if sheet.score else ()), sheet.total]
    return tuple(msg_text(h) for h in heads)


def lead(sheet: ScoreSheet) -> tuple[str, ...]:
    """The lead headings: the row unit, then the shared columns."""
    return (msg_text(sheet.unit), *(msg_text(h) for h in sheet.shared))


def rows(sheet: ScoreSheet, lines: Sequence[ScoreLine], deck: Deck) -> list[Row]:
    """The printed rows of a game's score lines, after a "Start" row when seats start with
    points (e.g. chips).
    """
    out: list[Row] = []
    width = len(columns(sheet))
    blank_shared = ("",) * len(sheet.shared)
    if lines:
        start = [t - s for t, s in zip(lines[0].totals, lines[0].scores, strict=True)]
        if any(start):
            opening = tuple(("",) * (width - 1) + (text(v),) for v in start)
            out.append(Row(msg_text(Msg("Start")), blank_shared, opening))
    for line in lines:
        seats = []
        for i, cells in enumerate(line.cells):
            score = line.scores[i]
            mine = [cell_text(c, deck) for c in cells]
            if sheet.score:
                mine.append(signed(score) if sheet.signed else text(score))
            mine.append(text(line.totals[i]))
            seats.append(tuple(mine))
        shared = tuple(cell_text(c, deck) for c in line.shared) or blank_shared
        out.append(Row(cell_text(line.label, deck), shared, tuple(seats)))
    return out


def total_cells(sheet: ScoreSheet, total: str) -> tuple[str, ...]:
    """A seat's cells in the total row: the total under the running-total column."""
    return ("",) * (len(columns(sheet)) - 1) + (total,)


def running_totals(lines: Sequence[ScoreLine], players: int) -> list[Any]:
    """The latest running totals of a game's score lines (zeros before any)."""
    return list(lines[-1].totals) if lines else [0] * players
