"""The Statistics tab: every person's record per game, read from History's saved matches.

A table of records (game, player, matches, wins, average place, best and average score),
filtered by game and by who was at the table; under it, for the highlighted record, a small
chart of that person's totals over time (wins marked) and a table of the people they met.
The records are computed only when the tab is shown after History changed (`stats.py`),
and can be exported as CSV.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.breakdown import number_text
from tabletop.engine.registry import all_games
from tabletop.engine.text import Msg
from tabletop.i18n import _, render
from tabletop.stats import ALL, Record, Seat, csv_text, games, names, records, seats_of
from tabletop.store import HistoryEntry
from tabletop.ui.texts import game_title, shown_name

NUMBER = Qt.ItemDataRole.UserRole + 1
WIN = QColor("#f9a825")


class _Row(QTreeWidgetItem):
    """A row that sorts numeric columns by value."""

    def __lt__(self, other: QTreeWidgetItem) -> bool:
        tree = self.treeWidget()
        col = tree.sortColumn() if tree is not None else 0
        mine, theirs = self.data(col, NUMBER), other.data(col, NUMBER)
        if mine is not None and theirs is not None:
            return bool(mine < theirs)
        return self.text(col).casefold() < other.text(col).casefold()


def _row(values: Sequence[str | float | None]) -> _Row:
    item = _Row([_cell(v) for v in values])
    for col, value in enumerate(values):
        if isinstance(value, (int, float)):
            item.setData(col, NUMBER, float(value))
            item.setTextAlignment(col, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


def _cell(value: str | float | None) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.2f}"
    if isinstance(value, (int, float)):
        return number_text(value)
    return value


class Timeline(QWidget):
    """One person's results match after match (oldest left), wins as gold rings: their totals
    when all are of one game, else their places (first at the top)."""

    def __init__(self) -> None:
        super().__init__()
        self.seats: list[Seat] = []
        self.by_place = False
        self.colour = QColor("#1e88e5")
        self.setMinimumSize(240, 110)

    def show_seats(self, seats: Sequence[Seat], by_place: bool = False) -> None:
        """Draw these results (oldest first): totals, or places with `by_place`."""
        self.seats = list(seats)
        self.by_place = by_place
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The line of results with its range and a caption (and a zero line for totals)."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#fafafa"))
        line_h = self.fontMetrics().height()
        if self.by_place:
            caption = _("Place in each match, oldest first (gold rings: wins)")
        else:
            caption = _("Total in each match, oldest first (gold rings: wins)")
        p.setPen(QColor("#616161"))
        p.drawText(QRectF(6, self.height() - line_h - 2, self.width() - 12, line_h), caption)
        if not self.seats:
            p.end()
            return
        values = [-s.place if self.by_place else s.total for s in self.seats]
        lo, hi = (min(values), -1.0) if self.by_place else (min(0.0, *values), max(0.0, *values))
        hi = hi if hi > lo else lo + 1
        labels = {v: number_text(abs(v) if self.by_place else v) for v in (lo, hi)}
        left = 8 + max(self.fontMetrics().horizontalAdvance(t) for t in labels.values())
        area = QRectF(left, 6, self.width() - left - 10, self.height() - line_h - 14)
        steps = max(1, len(values) - 1)

        def at(k: int, v: float) -> QPointF:
            x = area.left() + (area.width() * k / steps if len(values) > 1 else area.width() / 2)
            return QPointF(x, area.bottom() - area.height() * (v - lo) / (hi - lo))

        if not self.by_place:
            p.setPen(QPen(QColor("#bdbdbd"), 1))
            p.drawLine(at(0, 0), QPointF(area.right(), at(0, 0).y()))
        p.setPen(QColor("#757575"))
        for v, text in labels.items():
            p.drawText(
                QRectF(0, at(0, v).y() - line_h / 2, left - 4, line_h),
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                text,
            )
        p.setPen(QPen(self.colour, 1.6))
        for k in range(1, len(values)):
            p.drawLine(at(k - 1, values[k - 1]), at(k, values[k]))
        p.setBrush(self.colour)
        for k, seat in enumerate(self.seats):
            if seat.won:
                p.setPen(QPen(WIN, 1.4))
                p.drawEllipse(at(k, values[k]), 4.2, 4.2)
            else:
                p.setPen(Qt.PenStyle.NoPen)
                p.drawEllipse(at(k, values[k]), 2.0, 2.0)
        p.end()


class StatisticsPage(QWidget):
    """Records per game and person from the finished matches, with filters and CSV export."""

    def __init__(self) -> None:
        super().__init__()
        self.infos = {g.info.id: g.info for g in all_games()}
        self.entries: Sequence[HistoryEntry] = ()
        self.seats: list[Seat] = []
        self.shown: list[Record] = []
        self.stale = True

        self.game = QComboBox()
        self.game.setToolTip(_("Show the records of one game, or of all"))
        self.people = QListWidget()
        self.people.setToolTip(_("Tick names to count only the matches where they all played"))
        self.people.setMaximumWidth(220)
        self.table = QTreeWidget()
        self.table.setHeaderLabels(
            [
                _("Game", ctx="column"),
                _("Player"),
                _("Matches"),
                _("Wins"),
                _("Average place"),
                _("Best score"),
                _("Average score"),
            ]
        )
        self.table.setRootIsDecorated(False)
        self.table.setUniformRowHeights(True)
        self.table.setAlternatingRowColors(True)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(3, Qt.SortOrder.DescendingOrder)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.rivals = QTreeWidget()
        self.rivals.setHeaderLabels(
            [_("Against"), _("Matches together"), _("Finished ahead"), _("Finished behind")]
        )
        self.rivals.setRootIsDecorated(False)
        self.rivals.setSortingEnabled(True)
        self.timeline = Timeline()
        self.summary = QLabel()
        self.empty = QLabel(_("No finished matches yet: records appear here after a match ends."))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.export = QPushButton(_("Export as CSV…"))
        self.export.setToolTip(_("Save the records shown as a spreadsheet file (CSV)"))

        bar = QHBoxLayout()
        bar.addWidget(QLabel(_("Game:", ctx="filter")))
        bar.addWidget(self.game)
        bar.addWidget(self.summary, 1)
        bar.addWidget(self.export)
        filters = QVBoxLayout()
        filters.addWidget(QLabel(_("At the table:")))
        filters.addWidget(self.people, 1)
        details = QSplitter()
        details.addWidget(self.timeline)
        details.addWidget(self.rivals)
        details.setSizes([500, 500])
        main = QSplitter(Qt.Orientation.Vertical)
        main.addWidget(self.table)
        main.addWidget(details)
        main.setSizes([300, 160])
        body = QHBoxLayout()
        body.addLayout(filters)
        body.addWidget(main, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.empty)
        layout.addLayout(body, 1)

        self.game.currentIndexChanged.connect(lambda _i: self.refresh())
        self.people.itemChanged.connect(lambda _item: self.refresh())
        self.table.currentItemChanged.connect(lambda *_: self._details())
        self.export.clicked.connect(self._ask_export)

    def set_entries(self, entries: Sequence[HistoryEntry]) -> None:
        """Take History's finished matches; the records are rebuilt when the tab is shown."""
        self.entries = entries
        self.stale = True
        if self.isVisible():
            self.load()

    def showEvent(self, event: QShowEvent) -> None:
        """Build the records on first showing after History changed."""
        super().showEvent(event)
        if self.stale:
            self.load()

    def load(self) -> None:
        """Read the matches into seats and fill the filters, keeping what was chosen."""
        self.stale = False
        self.seats = seats_of(self.entries)
        chosen_game = self.game.currentData()
        ticked = self.ticked()
        self.game.blockSignals(True)
        self.game.clear()
        self.game.addItem(_("All games, one by one"), None)
        self.game.addItem(_("All games together"), ALL)
        for game_id in games(self.seats):
            info = self.infos.get(game_id)
            self.game.addItem(game_title(info) if info is not None else game_id, game_id)
        self.game.setCurrentIndex(max(0, self.game.findData(chosen_game)))
        self.game.blockSignals(False)
        self.people.blockSignals(True)
        self.people.clear()
        for name in names(self.seats):
            item = QListWidgetItem(shown_name(name))
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if name in ticked else Qt.CheckState.Unchecked)
            self.people.addItem(item)
        self.people.blockSignals(False)
        self.empty.setVisible(not self.seats)
        self.refresh()

    def ticked(self) -> list[str]:
        """The names ticked under "At the table"."""
        out = []
        for row in range(self.people.count()):
            item = self.people.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return out

    def choose(self, game: str | None = None, at_table: Sequence[str] = ()) -> None:
        """Set the filters: a game id (None: all one by one; ALL: all together) and the names
        that must have played."""
        self.game.setCurrentIndex(max(0, self.game.findData(game)))
        self.people.blockSignals(True)
        for row in range(self.people.count()):
            item = self.people.item(row)
            on = item.data(Qt.ItemDataRole.UserRole) in at_table
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.people.blockSignals(False)
        self.refresh()

    def refresh(self) -> None:
        """Recompute the records for the filters and list them."""
        game = self.game.currentData()
        together = game == ALL
        self.shown = records(self.seats, None if together else game, self.ticked(), together)
        self.table.setSortingEnabled(False)
        self.table.clear()
        for rec in self.shown:
            item = _row(self._values(rec))
            item.setData(0, Qt.ItemDataRole.UserRole, rec)
            self.table.addTopLevelItem(item)
        self.table.setSortingEnabled(True)
        for col in range(self.table.columnCount()):
            self.table.resizeColumnToContents(col)
        matches = len({seat.match for rec in self.shown for seat in rec.timeline})
        self.summary.setText(render(Msg("Matches counted: {count}", count=matches)))
        self.export.setEnabled(bool(self.shown))
        first = self.table.topLevelItem(0)
        if first is not None:
            self.table.setCurrentItem(first)
        self._details()

    def _title(self, game_id: str) -> str:
        if game_id == ALL:
            return _("All games")
        info = self.infos.get(game_id)
        return game_title(info) if info is not None else game_id

    def _values(self, rec: Record) -> list[str | float | None]:
        return [
            self._title(rec.game),
            shown_name(rec.name),
            rec.matches,
            rec.wins,
            round(rec.average_place, 2),
            rec.best if rec.scores_comparable else None,
            round(rec.average_score, 2) if rec.scores_comparable else None,
        ]

    def current(self) -> Record | None:
        """The highlighted record."""
        item = self.table.currentItem()
        return None if item is None else item.data(0, Qt.ItemDataRole.UserRole)

    def _details(self) -> None:
        rec = self.current()
        self.rivals.setSortingEnabled(False)
        self.rivals.clear()
        if rec is None:
            self.timeline.show_seats([])
            return
        for rival in rec.rivals.values():
            self.rivals.addTopLevelItem(
                _row([shown_name(rival.name), rival.matches, rival.ahead, rival.behind])
            )
        self.rivals.setSortingEnabled(True)
        self.rivals.sortByColumn(1, Qt.SortOrder.DescendingOrder)
        for col in range(self.rivals.columnCount()):
            self.rivals.resizeColumnToContents(col)
        self.timeline.show_seats(rec.timeline, not rec.scores_comparable)

    def csv(self) -> str:
        """The records shown, as CSV with a header row."""
        head = [self.table.headerItem().text(c) for c in range(self.table.columnCount())]
        rows = [head] + [[_cell(v) for v in self._values(rec)] for rec in self.shown]
        return csv_text(rows)

    def export_csv(self, path: Path) -> None:
        """Write the records shown to `path` as UTF-8 CSV (with a BOM, so spreadsheets read
        Japanese names)."""
        path.write_text(self.csv(), encoding="utf-8-sig")

    def _ask_export(self) -> None:
        name, _chosen = QFileDialog.getSaveFileName(
            self, _("Export as CSV…"), "tabletop-statistics.csv", _("CSV files (*.csv)")
        )
        if not name:
            return
        try:
            self.export_csv(Path(name))
        except OSError as err:
            text = render(Msg("The file could not be written: {reason}", reason=str(err)))
            QMessageBox.warning(self, _("Not saved"), text)
