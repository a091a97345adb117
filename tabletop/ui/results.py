"""The results screen: final ranking with tie-breaks, the score chart over the deals, and the
match's filled score sheet (print or PDF)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtCore import Signal, SignalInstance
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.game import Result
from tabletop.engine.text import Msg
from tabletop.i18n import _, render
from tabletop.sheets.curve import curve_from_rounds
from tabletop.ui.chart import ScoreChart
from tabletop.ui.scores import fmt
from tabletop.ui.texts import and_list


def ranking(result: Result, names: Sequence[str]) -> list[tuple[int, str, float, bool]]:
    """(place, name, total, winner) rows, best first; ties share a place."""
    rows = [
        (result.places[i], names[i], result.totals[i], i in result.winners)
        for i in range(len(names))
    ]
    return sorted(rows, key=lambda r: (r[0], -r[2], r[1]))


class ResultsDialog(QDialog):
    """End of the match: ranking, tie-break note, chart; rematch or start a new game."""

    rematch = Signal()
    """Play again with the same seats and options (a new seed)."""
    newGame = Signal()
    """Open the new-game dialog."""
    printSheet = Signal()
    """Preview and print the match's filled score sheet."""
    saveSheet = Signal()
    """Save the match's filled score sheet as a PDF."""

    def __init__(
        self, title: str, result: Result, names: Sequence[str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(render(Msg("{game} — results", game=title)))
        layout = QVBoxLayout(self)
        rows = ranking(result, names)
        winners = [r[1] for r in rows if r[3]]
        if len(winners) == 1:
            cheer = render(Msg("{name} wins!", name=winners[0]))
        else:
            cheer = render(Msg("{names} win!", names=and_list(winners)))
        head = QLabel(f"<h2>{escape(cheer)}</h2>")
        layout.addWidget(head)
        table = QTableWidget(len(rows), 3)
        table.setHorizontalHeaderLabels([_("Place"), _("Player"), _("Total")])
        table.verticalHeader().hide()
        for r, (place, name, total, _won) in enumerate(rows):
            for c, text in enumerate((str(place), name, fmt(total))):
                table.setItem(r, c, QTableWidgetItem(text))
        table.resizeColumnsToContents()
        table.setMinimumHeight(min(360, 30 + 26 * len(rows)))
        layout.addWidget(table)
        self.table = table
        if result.tiebreak:
            note = QLabel(
                render(Msg("Tie-break: {note}", note=render(result.tiebreak, names=names)))
            )
            note.setWordWrap(True)
            layout.addWidget(note)
        if result.rounds:
            self.chart = ScoreChart(curve_from_rounds(names, result.rounds, result.winners))
            layout.addWidget(self.chart)
        buttons = QHBoxLayout()
        self.print_button = QPushButton(_("Print score sheet…"))
        self.pdf_button = QPushButton(_("Save as PDF…"))
        again = QPushButton(_("Rematch"))
        new = QPushButton(_("New game…"))
        close = QPushButton(_("Close"))
        self.rematch_button = again
        for b in (self.print_button, self.pdf_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        for b in (again, new, close):
            buttons.addWidget(b)
        layout.addLayout(buttons)
        self.print_button.clicked.connect(self.printSheet)
        self.pdf_button.clicked.connect(self.saveSheet)
        again.clicked.connect(self._rematch)
        new.clicked.connect(self._new_game)
        close.clicked.connect(self.accept)

    def track_fairness(self, commitment: str, verdict: object, verified: SignalInstance) -> None:
        """Show a LAN client's own fairness check: pending, then its verdict (`.ok`, `.message`).

        `verified` is the signal that brings the verdict when the host reveals the log.
        """
        self.fairness = QLabel()
        self.fairness.setWordWrap(True)
        self.fairness.setToolTip(
            render(Msg("The host's seed commitment: {value}", value=commitment))
        )
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(layout.count() - 1, self.fairness)
        self._show_fairness(verdict)
        verified.connect(self._show_fairness)

    def _show_fairness(self, verdict: object) -> None:
        if verdict is None:
            self.fairness.setText(_("Checking the deal against the host's revealed seed and log…"))
            return
        if getattr(verdict, "ok", False):
            self.fairness.setStyleSheet("color: #2e7d32; font-weight: bold;")
            self.fairness.setText(_("✔ Fair deal verified (this computer checked the whole log)"))
        else:
            self.fairness.setStyleSheet("color: #c62828; font-weight: bold;")
            failed = Msg(
                "✘ Fairness check failed: {reason}", reason=str(getattr(verdict, "message", ""))
            )
            self.fairness.setText(render(failed))

    def _rematch(self) -> None:
        self.accept()
        self.rematch.emit()

    def _new_game(self) -> None:
        self.accept()
        self.newGame.emit()
