"""The score panel: per-round scores and totals, one row per seat."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from tabletop.i18n import _


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
        if rounds:
            self.scrollToItem(self.item(0, len(rounds)))
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
