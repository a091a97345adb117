"""Players' records, read from the match history: per game and per person's name.

Built straight from History's index (`Store.history()`), so there is no second database to
drift: each finished match gives every seat a `Seat` (its total, place, win and who else sat
at the table), and `records` folds them into one `Record` per game and name, with a timeline
and the rivals met. Filters: one game, and names that must all have been at the table.
Nothing here knows Qt; the Statistics tab (ui/statistics.py) shows it and exports CSV.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from tabletop.engine.game import places
from tabletop.store import HistoryEntry

ALL = ""
"""The game of a record counting every game together."""


class Seat(NamedTuple):
    """One person's result in one finished match (a tuple: tens of thousands are made)."""

    match: int
    date: str
    game: str
    name: str
    total: float
    place: int
    won: bool
    table: tuple[str, ...]


@dataclass(slots=True)
class Rival:
    """How one person fared against another at the same table."""

    name: str
    matches: int = 0
    ahead: int = 0
    behind: int = 0


@dataclass(slots=True)
class Record:
    """One person's record in one game: counts, places, scores, timeline and rivals."""

    game: str
    name: str
    matches: int = 0
    wins: int = 0
    place_sum: int = 0
    score_sum: float = 0.0
    best: float | None = None
    timeline: list[Seat] = field(default_factory=list)
    rivals: dict[str, Rival] = field(default_factory=dict)

    @property
    def average_place(self) -> float:
        """The mean place (1 = first)."""
        return self.place_sum / self.matches if self.matches else 0.0

    @property
    def scores_comparable(self) -> bool:
        """True when every match counted is of one game (so best and average score mean
        something)."""
        return len({s.game for s in self.timeline}) <= 1

    @property
    def average_score(self) -> float:
        """The mean final total."""
        return self.score_sum / self.matches if self.matches else 0.0


def entry_places(entry: HistoryEntry) -> tuple[int, ...]:
    """The entry's places; for entries saved without them, winners first, then by total."""
    if len(entry.places) == len(entry.names):
        return entry.places
    winners = set(entry.winners)
    return places([(n in winners, t) for n, t in zip(entry.names, entry.totals, strict=False)])


def seats_of(entries: Iterable[HistoryEntry]) -> list[Seat]:
    """Every seat of every finished match, oldest match first (match = its index)."""
    out: list[Seat] = []
    for number, entry in enumerate(entries):
        ranks = entry_places(entry)
        winners = set(entry.winners)
        table = tuple(entry.names)
        for seat, name in enumerate(table):
            if seat >= len(entry.totals) or seat >= len(ranks):
                break
            out.append(
                Seat(
                    number,
                    entry.date,
                    entry.game,
                    name,
                    float(entry.totals[seat]),
                    ranks[seat],
                    name in winners,
                    table,
                )
            )
    return out


def records(
    seats: Sequence[Seat],
    game: str | None = None,
    at_table: Collection[str] = (),
    together: bool = False,
) -> list[Record]:
    """Records per (game, name) of the matches of `game` (None: all) where every name in
    `at_table` sat; most wins first, then most matches, then by game and name.

    `together` counts every game in one record per name (its game is ALL; scores of different
    games do not add up, so such a record's `scores_comparable` is False).
    """
    wanted = set(at_table)
    by_match: dict[int, list[Seat]] = {}
    for seat in seats:
        if game is not None and seat.game != game:
            continue
        if wanted and not wanted.issubset(seat.table):
            continue
        by_match.setdefault(seat.match, []).append(seat)
    found: dict[tuple[str, str], Record] = {}
    for table in by_match.values():
        for seat in table:
            key = (ALL if together else seat.game, seat.name)
            rec = found.get(key)
            if rec is None:
                rec = found[key] = Record(*key)
            rec.matches += 1
            rec.wins += seat.won
            rec.place_sum += seat.place
            rec.score_sum += seat.total
            rec.best = seat.total if rec.best is None else max(rec.best, seat.total)
            rec.timeline.append(seat)
            for other in table:
                if other is seat or other.name == seat.name:
                    continue
                rival = rec.rivals.get(other.name)
                if rival is None:
                    rival = rec.rivals[other.name] = Rival(other.name)
                rival.matches += 1
                rival.ahead += seat.place < other.place
                rival.behind += seat.place > other.place
    return sorted(found.values(), key=lambda r: (-r.wins, -r.matches, r.game, r.name))


def names(seats: Iterable[Seat]) -> list[str]:
    """Every name that sat at a finished match, sorted."""
    return sorted({s.name for s in seats}, key=str.casefold)


def games(seats: Iterable[Seat]) -> list[str]:
    """The ids of the games played, in order of first play."""
    return list(dict.fromkeys(s.game for s in seats))


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """Rows (a header first) as CSV text, numbers as they are."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(rows)
    return out.getvalue()
