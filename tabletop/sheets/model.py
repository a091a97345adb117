"""The score sheet as plain data: blank for a game and player count, or filled from a replay log.

A `SheetModel` holds the heading (titles, designer, players, date, options, seed), one score
`Table` shaped like the game's scoring (rows × seats, each seat with the game's own columns,
as the game describes it,
see `specs.py`), the ranking, scoring notes and the tie-break rule for the foot, and (filled)
the `ScoreCurve` the score chart draws. It knows
nothing of Qt: `render.py` paints it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tabletop.engine.breakdown import ScoreSheet
from tabletop.engine.errors import BadOption, ParseError
from tabletop.engine.game import places
from tabletop.engine.log import read_lines
from tabletop.engine.registry import get_game
from tabletop.engine.text import Msg
from tabletop.i18n import _, current, render, render_value
from tabletop.sheets.curve import ScoreCurve, curve_from_lines
from tabletop.sheets.specs import (
    Row,
    columns,
    lead,
    msg_text,
    rows,
    running_totals,
    text,
    total_cells,
)


@dataclass(frozen=True, slots=True)
class Table:
    """A score table: lead columns, then one group of columns per seat, then body rows."""

    lead: tuple[str, ...]
    groups: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    foot: tuple[Row, ...] = ()

    def text(self) -> list[str]:
        """Every text in the table, headers first, row by row."""
        out = [*self.lead, *self.groups, *self.columns]
        for row in (*self.rows, *self.foot):
            out.append(row.label)
            out.extend(row.shared)
            for cells in row.seats:
                out.extend(cells)
        return [t for t in out if t]


@dataclass(frozen=True, slots=True)
class SheetModel:
    """Everything a printed score sheet shows, blank or filled."""

    game: str
    title: str
    title_en: str
    designer: str
    players: int
    names: tuple[str, ...]
    table: Table
    filled: bool
    finished: bool = False
    date: str = ""
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    ranking: tuple[tuple[int, str, str], ...] = ()
    winners: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    tiebreak: str = ""
    curve: ScoreCurve | None = None

    @property
    def heading(self) -> str:
        """The title line: the Japanese title, with the English one beside it in English."""
        if current() == "ja" or self.title_en == self.title:
            return self.title
        return f"{self.title}  ({self.title_en})"

    def details(self) -> list[tuple[str, str]]:
        """Label/value pairs printed under the title (blank values are lines to write on),
        in the current language."""
        separator = _(", ", ctx="list separator")
        if not self.filled:
            return [
                (_("Date", ctx="sheet"), ""),
                (_("Players", ctx="sheet"), separator.join(n for n in self.names if n)),
            ]
        if self.finished:
            state = _("finished", ctx="sheet")
        else:
            state = _("unfinished (provisional ranking)", ctx="sheet")
        opts = separator.join(self._option_text(k, v) for k, v in self.options.items())
        return [
            (_("Date", ctx="sheet"), self.date),
            (_("Players", ctx="sheet"), separator.join(self.names)),
            (_("Match", ctx="sheet"), state),
            (_("Options", ctx="sheet"), opts or _("none", ctx="options")),
            (_("Seed", ctx="sheet"), str(self.seed)),
        ]

    def _option_text(self, key: str, value: Any) -> str:
        """One option as printed: its name and its value in words (the key if unknown)."""
        try:
            opt = get_game(self.game).info.option(key)
        except (KeyError, BadOption):
            name, shown = key, str(value)
        else:
            name = render(opt.label) if opt.label else key
            shown = render(opt.value_label(value))
        return render(Msg("{option}: {value}", ctx="option setting", option=name, value=shown))

    def text(self) -> str:
        """All the sheet's text, one item a line (for tests and searching)."""
        lines = [self.heading, self.designer]
        for label, value in self.details():
            lines.append(f"{label}: {value}")
        lines.extend(self.table.text())
        for place, name, total in self.ranking:
            lines.append(f"{place}. {name} {total}")
        lines.extend(self.notes)
        lines.append(self.tiebreak)
        return "\n".join(line for line in lines if line)


_DEFAULT_NAME = re.compile(r"Player (\d+)")


def _shown_name(name: str) -> str:
    """A logged seat name as printed: the engine's default "Player N" in the current language."""
    match = _DEFAULT_NAME.fullmatch(name)
    return render(Msg("Player {number}", number=int(match.group(1)))) if match else name


def _table(
    sheet: ScoreSheet,
    body: Sequence[Row],
    names: Sequence[str],
    totals: Sequence[str],
    ranks: Sequence[str],
) -> Table:
    shared = ("",) * len(sheet.shared)
    return Table(
        lead=lead(sheet),
        groups=tuple(names),
        columns=columns(sheet),
        rows=tuple(body),
        foot=(
            Row(_("Total", ctx="sheet"), shared, tuple(total_cells(sheet, t) for t in totals)),
            Row(_("Place", ctx="sheet"), shared, tuple(total_cells(sheet, r) for r in ranks)),
        ),
    )


def blank_sheet(game_id: str, players: int, names: Sequence[str] | None = None) -> SheetModel:
    """An empty sheet for `players` seats of this game, optionally with the names written in."""
    game = get_game(game_id)
    info = game.info
    if not info.min_players <= players <= info.max_players:
        text = info.wrong_count(players, info.title if current() == "ja" else info.title_en)
        raise ParseError(render(text))
    sheet = game.score_sheet(players, {})
    names = list(names or [])
    if len(names) > players:
        text = Msg("{count} names given for {players} players.", count=len(names), players=players)
        raise ParseError(render(text))
    names += [""] * (players - len(names))
    blank = tuple(("",) * len(columns(sheet)) for _ in range(players))
    body = [Row(str(r), ("",) * len(sheet.shared), blank) for r in range(1, sheet.rows + 1)]
    return SheetModel(
        game=info.id,
        title=info.title,
        title_en=info.title_en,
        designer=render_value(info.designer),
        players=players,
        names=tuple(names),
        table=_table(sheet, body, names, [""] * players, [""] * players),
        filled=False,
        notes=tuple(msg_text(n) for n in sheet.notes),
        tiebreak=msg_text(sheet.tiebreak),
    )


def filled_sheet(lines: Iterable[str], date: str = "") -> SheetModel:
    """A sheet filled from a replay log (finished or not); ParseError if it cannot be read."""
    records = [rec for _, rec in read_lines(lines)]
    if not records or records[0].get("type") != "header":
        raise ParseError("line 1: the log does not start with a header")
    head = records[0]
    try:
        game = get_game(str(head["game"]))
        players = int(head["players"])
    except (KeyError, TypeError, ValueError) as err:
        raise ParseError(f"line 1: the header is incomplete ({err})") from None
    info = game.info
    logged = [str(n) for n in head.get("names") or []] or [
        f"Player {i + 1}" for i in range(players)
    ]
    names = [_shown_name(n) for n in logged]
    options = dict(head.get("options") or {})
    try:
        sheet = game.score_sheet(players, options)
        events = [r for r in records[1:] if r.get("type") != "action"]
        scored = game.score_lines(events, players)
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise ParseError(f"the log's events cannot be read ({err!r})") from None
    body = rows(sheet, scored, info.deck)
    totals = running_totals(scored, players)
    end = next((e for e in events if e.get("type") == "game_end"), None)
    if end is not None:
        totals = list(end.get("totals", totals))
        ranks = list(end.get("ranking", []))
    else:
        ranks = list(places([(t,) for t in totals]))
    winners = [i for i in range(players) if ranks[i] == 1]
    ranking = tuple(
        sorted(((ranks[i], names[i], text(totals[i])) for i in range(players)), key=lambda r: r[0])
    )
    return SheetModel(
        game=info.id,
        title=info.title,
        title_en=info.title_en,
        designer=render_value(info.designer),
        players=players,
        names=tuple(names),
        table=_table(sheet, body, names, [text(t) for t in totals], [text(r) for r in ranks]),
        filled=True,
        finished=end is not None,
        date=date or datetime.now().strftime("%Y-%m-%d %H:%M"),
        seed=int(head.get("seed", 0)),
        options=options,
        ranking=ranking,
        winners=tuple(names[i] for i in winners),
        notes=tuple(msg_text(n) for n in sheet.notes),
        tiebreak=msg_text(sheet.tiebreak),
        curve=curve_from_lines(names, scored, winners) if scored else None,
    )
