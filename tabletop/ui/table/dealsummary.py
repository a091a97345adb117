"""The end-of-deal summary: how each seat's score of the deal came about.

It reads only the game's own description (`Game.score_sheet`, `Game.score_lines`, see
tabletop/engine/breakdown.py), so it knows no game: a deal of one line shows the game's
columns, the deal's score and the running total, one row per seat; a deal of several lines
(a game that scores every turn) shows one column per line. It covers the table until the
person clicks or presses a key; a table without a person lets it stay until the next deal.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.breakdown import (
    Cell,
    ScoreLine,
    ScoreSheet,
    Summary,
    last_summary,
    number_text,
    signed,
)
from tabletop.engine.cards import Deck
from tabletop.engine.events import Event
from tabletop.engine.game import Game
from tabletop.engine.text import Msg
from tabletop.i18n import _, render, render_value
from tabletop.ui.table.guard import InputGuard
from tabletop.ui.table.session import TableSession
from tabletop.ui.texts import names_for


def summary_rows(summary: Summary, deck: Deck) -> tuple[list[str], list[list[str]], list[str]]:
    """The summary as text: column headings, one row of cells per seat, and the shared lines
    (e.g. "Trump: red 5"); the last two columns are the deal's score and the total.
    """
    sheet, lines = summary.sheet, summary.lines
    seats = len(summary.scores)

    def cell(value: Cell) -> str:
        if isinstance(value, Msg):
            return render_value(value, deck=deck)
        if isinstance(value, (int, float)):
            return number_text(value)
        return value

    def score(value: float) -> str:
        return signed(value) if sheet.signed else number_text(value)

    shared: list[str] = []
    if len(lines) == 1:
        line = lines[0]
        heads = [render(h) for h in sheet.columns]
        rows = [[cell(c) for c in line.cells[s]] for s in range(seats)]
        for head, value in zip(sheet.shared, line.shared, strict=False):
            shared.append(render(Msg("{name}: {value}", name=head, value=cell(value))))
    else:
        heads = [_label(sheet, line, deck) for line in lines]
        rows = [[score(line.scores[s]) for line in lines] for s in range(seats)]
    heads += [render(sheet.score) if sheet.score else render(Msg("Score")), render(sheet.total)]
    for s in range(seats):
        rows[s] += [score(summary.scores[s]), number_text(summary.totals[s])]
    return heads, rows, shared


def _label(sheet: ScoreSheet, line: ScoreLine, deck: Deck) -> str:
    """A line's column heading: its unit and label, then its shared cells (e.g. the target)."""
    head = render(Msg("{unit} {number}", unit=sheet.unit, number=render_value(line.label)))
    extra = [render_value(c, deck=deck) for c in line.shared]
    return "\n".join([head, *extra])


class DealSummary(QFrame):
    """A panel over the table showing one deal's breakdown; any click or key closes it."""

    closed = Signal()
    """The person dismissed the summary."""

    def __init__(self, parent: QWidget, guard: InputGuard | None = None) -> None:
        super().__init__(parent)
        self.held = False
        self.guard = guard or InputGuard()
        """A click or key in the quiet moment after the summary appeared does not close it."""
        self.setObjectName("dealSummary")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.panel = QFrame(self)
        self.panel.setObjectName("dealSummaryPanel")
        self.panel.setStyleSheet(
            "#dealSummaryPanel { background: palette(window); border: 1px solid palette(mid);"
            " border-radius: 8px; }"
        )
        self.title = QLabel()
        font = QFont(self.title.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.story = QLabel()
        self.story.setWordWrap(True)
        self.story.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.shared = QLabel()
        self.table = QTableWidget()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setAlternatingRowColors(True)
        larger = QFont(self.table.font())
        larger.setPointSizeF(larger.pointSizeF() * 1.15)
        self.table.setFont(larger)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.viewport().installEventFilter(self)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.hint = QLabel()
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self.panel)
        for widget in (self.title, self.story, self.shared, self.table, self.notes, self.hint):
            layout.addWidget(widget)
        layout.setStretch(3, 1)
        parent.installEventFilter(self)
        self.hide()

    def offer(
        self,
        session: TableSession,
        sheet: ScoreSheet,
        lines: Sequence[ScoreLine],
        events: Sequence[Event],
        current: int | None,
        moments: Sequence[str] = (),
    ) -> bool:
        """Show the summary if `events` end a deal with score lines, above it the deal's last
        big moments (`moments`: a showdown, a last bout); held when a person sits at this
        table and the match goes on (the results follow the last deal at once). True if shown.
        """
        deal = next((e.data.get("round") for e in events if e.type == "round_end"), None)
        if not isinstance(deal, int):
            return False
        summary = last_summary(lines, sheet, deal)
        if summary is None:
            return False
        held = bool(session.humans) and not any(e.type == "game_end" for e in events)
        names = names_for(session.names, current)
        self.present(session.game, summary, names, current, held, moments)
        return True

    def present(
        self,
        game: Game[Any],
        summary: Summary,
        names: Sequence[str],
        current: int | None,
        held: bool,
        moments: Sequence[str] = (),
    ) -> None:
        """Show `summary` over the table; `held`: the table waits until it is dismissed."""
        deck = game.info.deck
        heads, rows, shared = summary_rows(summary, deck)
        sheet = summary.sheet
        if len(summary.lines) == 1:
            title = Msg(
                "{unit} {number}: how the scores came about", unit=sheet.unit, number=summary.deal
            )
        else:
            title = Msg("How the scores came about")
        self.title.setText(render(title))
        self.story.setText("\n".join(moments))
        self.story.setVisible(bool(moments))
        self.shared.setText("   ".join(shared))
        self.shared.setVisible(bool(shared))
        self.notes.setText("\n".join(render(n) for n in sheet.notes))
        self.notes.setVisible(bool(sheet.notes))
        self.hint.setText(_("Click or press any key to continue."))
        self._fill(heads, rows, names, current)
        self.held = held
        self._place()
        self.show()
        self.raise_()
        self.setFocus()
        self.guard.arm()

    def _fill(
        self, heads: list[str], rows: list[list[str]], names: Sequence[str], current: int | None
    ) -> None:
        table = self.table
        table.clear()
        table.setRowCount(len(rows))
        table.setColumnCount(len(heads))
        table.setHorizontalHeaderLabels(heads)
        table.setVerticalHeaderLabels(
            [("▶ " if i == current else "") + n for i, n in enumerate(names[: len(rows)])]
        )
        bold = QFont(table.font())
        bold.setBold(True)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if c >= len(row) - 2:
                    item.setFont(bold)
                table.setItem(r, c, item)
        last = table.item(0, len(heads) - 1)
        if rows and last is not None:
            table.scrollToItem(last)

    def _place(self) -> None:
        """Cover the parent; fit the panel to its content, within most of the parent (the
        table of scores scrolls beyond that).
        """
        parent = self.parentWidget()
        layout = self.panel.layout()
        if parent is None or layout is None:
            return
        self.setGeometry(parent.rect())
        table = self.table
        header = table.horizontalHeader()
        frame = 2 * table.frameWidth() + 4
        table.resizeColumnsToContents()
        table.resizeRowsToContents()
        columns = header.length()
        rows = table.verticalHeader().length()
        scroll = table.verticalScrollBar().sizeHint().width()
        margins = layout.contentsMargins()
        side = margins.left() + margins.right()
        full_w = table.verticalHeader().sizeHint().width() + columns + frame + scroll
        width = max(full_w, self.title.sizeHint().width(), 360) + side
        width = min(width, int(parent.width() * 0.94))
        inner = width - side
        texts = (self.title, self.story, self.shared, self.notes, self.hint)
        others = [w for w in texts if not w.isHidden()]
        other_h = sum(
            w.heightForWidth(inner) if w.hasHeightForWidth() else w.sizeHint().height()
            for w in others
        )
        other_h += layout.spacing() * len(others) + margins.top() + margins.bottom()
        full_h = header.sizeHint().height() + rows + frame
        if full_w > inner:
            full_h += table.horizontalScrollBar().sizeHint().height()
        table_h = max(80, min(full_h, int(parent.height() * 0.92) - other_h))
        table.setFixedHeight(table_h)
        height = other_h + table_h
        self.panel.setGeometry(
            (parent.width() - width) // 2, (parent.height() - height) // 2, width, height
        )

    def dismiss(self) -> None:
        """Close the summary and let the table go on."""
        if self.isVisible():
            self.hide()
            self.held = False
            self.closed.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Follow the parent's size; a click on the table of scores closes too."""
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            if self.isVisible():
                self._place()
        elif watched is self.table.viewport() and event.type() in (
            QEvent.Type.MouseButtonPress,
            QEvent.Type.MouseButtonDblClick,
        ):
            if self.guard.settled():
                self.dismiss()
            return True
        return super().eventFilter(watched, event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click anywhere closes (not the rest of a gesture begun before it appeared)."""
        if self.guard.settled():
            self.dismiss()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Any key closes (not a repeated key, nor one in the quiet moment after it appeared)."""
        if self.guard.settled() and not event.isAutoRepeat():
            self.dismiss()

    def paintEvent(self, event: QPaintEvent) -> None:
        """Dim the table under the panel."""
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(0, 0, 0, 100))
        painter.end()


def seen_events(session: TableSession) -> list[dict[str, Any]]:
    """The events of the match so far from the session's log (where it keeps none, a LAN
    client's, those its seat received)."""
    lines = session.log()
    if lines is None:
        return [e.to_json(None, omniscient=False) for e in session.story()]
    events = []
    for line in lines:
        record = json.loads(line)
        if record.get("type") not in ("header", "action"):
            events.append(record)
    return events
