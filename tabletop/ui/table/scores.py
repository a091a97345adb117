"""The score panel: one row per seat, a column per scored deal (or turn), then the total.

At the table it shows what the game scores, in its own words (`show_lines`: the game's score
lines, the total headed as the game heads it, e.g. Points or Chips, live from the seat's
counter of that name); the replay viewer shows the recorded per-round scores (`show_scores`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from tabletop.engine.breakdown import ScoreLine, ScoreSheet, signed
from tabletop.engine.text import Msg
from tabletop.engine.views import View
from tabletop.i18n import _, render, render_value


def fmt(value: float) -> str:
    """A score as short text: integers without a decimal point."""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")


class ScorePanel(QTableWidget):
    """Rows are seats; columns are rounds, then the total."""

    def __init__(self) -> None:
        super().__init__()
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)
        self.setAlternatingRowColors(True)
        self.setMinimumWidth(140)
        self.setMaximumWidth(420)

    def show_scores(
        self,
        names: Sequence[str],
        rounds: Sequence[Sequence[float]],
        totals: Sequence[float],
        current: int | None = None,
    ) -> None:
        """Fill the table; the total column is bold, `current` seat's row is marked."""
        self.setRowCount(len(names))
        self.setColumnCount(len(rounds) + 1)
        self.setHorizontalHeaderLabels([f"R{i + 1}" for i in range(len(rounds))] + [_("Total")])
        self.setVerticalHeaderLabels(
            [("▶ " if i == current else "") + n for i, n in enumerate(names)]
        )
        bold = QFont()
        bold.setBold(True)
        for seat in range(len(names)):
            for r, row in enumerate(rounds):
                value = row[seat] if seat < len(row) else 0
                self._cell(seat, r, fmt(value))
            total = self._cell(seat, len(rounds), fmt(totals[seat] if seat < len(totals) else 0))
            total.setFont(bold)
        last = self.item(0, len(rounds))
        if rounds and last is not None:
            self.scrollToItem(last)
        self.setMaximumWidth(max(self.minimumWidth(), min(420, self.content_width())))

    def show_lines(
        self,
        names: Sequence[str],
        sheet: ScoreSheet,
        lines: Sequence[ScoreLine],
        view: View | None,
        current: int | None = None,
    ) -> None:
        """Fill the table from the game's score lines: only lines already scored, then the
        total headed by the game's word; a seat's counter with that word gives the live total.
        """
        seats = len(names)
        totals: list[float | int | str] = list(lines[-1].totals) if lines else [0] * seats
        if view is not None:
            for counter in view.counters:
                owner = counter.owner
                if counter.label == sheet.total and owner is not None and owner < seats:
                    totals[owner] = render_value(counter.value)
        # the total keeps its own width (a stretched last column is cut when scrolled)
        self.horizontalHeader().setStretchLastSection(False)
        self.setRowCount(seats)
        self.setColumnCount(len(lines) + 1)
        heads = [render_value(line.label) for line in lines] + [render(sheet.total)]
        self.setHorizontalHeaderLabels(heads)
        for col, line in enumerate(lines):
            head = self.horizontalHeaderItem(col)
            if head is not None:
                tip = Msg("{unit} {number}", unit=sheet.unit, number=render_value(line.label))
                head.setToolTip(render(tip))
        self.setVerticalHeaderLabels(
            [("▶ " if i == current else "") + n for i, n in enumerate(names)]
        )
        bold = QFont()
        bold.setBold(True)
        for seat in range(seats):
            for col, line in enumerate(lines):
                value = line.scores[seat] if seat < len(line.scores) else 0
                self._cell(seat, col, signed(value) if sheet.signed else fmt(value))
            total = totals[seat]
            text = fmt(total) if isinstance(total, (int, float)) else str(total)
            self._cell(seat, len(lines), text).setFont(bold)
        last = self.item(0, len(lines))
        if lines and last is not None:
            self.scrollToItem(last)
        self.setMaximumWidth(max(self.minimumWidth(), min(420, self.content_width())))

    def content_width(self) -> int:
        """Width that shows every column without scrolling (headers, cells, frame, scroll bar)."""
        header = self.horizontalHeader()
        columns = sum(
            max(self.sizeHintForColumn(c), header.sectionSizeHint(c))
            for c in range(self.columnCount())
        )
        extra = self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth() + 4
        return self.verticalHeader().sizeHint().width() + columns + extra

    def _cell(self, row: int, col: int, text: str) -> QTableWidgetItem:
        item = QTableWidgetItem(text)
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setItem(row, col, item)
        return item
