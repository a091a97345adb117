"""The story of a match as numbers: every seat's running total after each deal, from zero.

A `ScoreCurve` is what the score chart draws (`chart.py` paints it with Qt). It is built from
what a finished match already holds: the result's per-deal scores (`curve_from_rounds`) or a
game's score lines read from its log (`curve_from_lines`, last line of each deal). Nothing
here knows Qt or any one game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.engine.breakdown import ScoreLine


@dataclass(frozen=True, slots=True)
class ScoreCurve:
    """Seat names, totals after each deal (`points[0]` all zero) and the leading seats."""

    names: tuple[str, ...]
    points: tuple[tuple[float, ...], ...]
    leaders: tuple[int, ...]
    span: int = 0
    """How many deals the chart's axis spans (0: the curve's own deals)."""

    @property
    def deals(self) -> int:
        """How many deals the curve covers."""
        return len(self.points) - 1

    def upto(self, deals: int) -> ScoreCurve:
        """The story so far: the first `deals` deals on the whole match's axis, led by the
        best totals then (no one before the first deal ends), so a replay spoils nothing."""
        if deals >= self.deals:
            return self
        points = self.points[: max(0, deals) + 1]
        leaders = _leaders(points, None) if deals > 0 else ()
        return ScoreCurve(self.names, points, leaders, max(self.span, self.deals))


def running_totals(rounds: Sequence[Sequence[float]], players: int) -> list[list[float]]:
    """Totals after each round, per seat (starting from 0)."""
    out = [[0.0] * players]
    for row in rounds:
        out.append([out[-1][i] + (row[i] if i < len(row) else 0) for i in range(players)])
    return out


def _leaders(points: Sequence[Sequence[float]], winners: Sequence[int] | None) -> tuple[int, ...]:
    if winners:
        return tuple(sorted(winners))
    last = points[-1]
    best = max(last, default=0)
    return tuple(i for i, v in enumerate(last) if v == best)


def curve_from_rounds(
    names: Sequence[str], rounds: Sequence[Sequence[float]], winners: Sequence[int] | None = None
) -> ScoreCurve:
    """The curve from per-deal scores (a `Result.rounds`); leaders: `winners`, else the best."""
    points = running_totals(rounds, len(names))
    return ScoreCurve(tuple(names), tuple(map(tuple, points)), _leaders(points, winners))


def curve_from_lines(
    names: Sequence[str], lines: Sequence[ScoreLine], winners: Sequence[int] | None = None
) -> ScoreCurve:
    """The curve from a game's score lines: the running totals after each deal's last line."""
    players = len(names)
    ends: dict[int, tuple[float, ...]] = {}
    for line in lines:
        ends[line.deal] = tuple(float(v) for v in line.totals)
    points = [(0.0,) * players] + [ends[d] for d in sorted(ends)]
    return ScoreCurve(tuple(names), tuple(points), _leaders(points, winners))
