"""The results screen: final ranking with tie-breaks, the score chart over the deals, and the
match's filled score sheet (print or PDF)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtCore import Qt, QTimer, Signal, SignalInstance
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
from tabletop.net.fairness import Verdict
from tabletop.sheets.curve import curve_from_rounds
from tabletop.ui.dialogs.chart import ScoreChart
from tabletop.ui.table.scores import fmt
from tabletop.ui.texts import and_list, says_you


def ranking(result: Result, names: Sequence[str]) -> list[tuple[int, str, float, bool]]:
    """(place, name, total, winner) rows, best first; ties share a place."""
    rows = [
        (result.places[i], names[i], result.totals[i], i in result.winners)
        for i in range(len(names))
    ]
    return sorted(rows, key=lambda r: (r[0], -r[2], r[1]))


def codes_line(table_code: str | None, record_code: str | None) -> str:
    """The fairness codes to compare aloud, or "" when there is none."""
    codes = [render(Msg("Table code {code}", code=table_code))] if table_code else []
    if record_code:
        codes.append(render(Msg("Record code {code}", code=record_code)))
    if not codes:
        return ""
    if len(codes) == 1:
        return render(
            Msg("{code} — read it aloud: every player should see the same.", code=codes[0])
        )
    return render(
        Msg(
            "{codes} — read them aloud: every player should see the same.",
            codes=" · ".join(codes),
        )
    )


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
        if len(winners) == 1 and says_you(winners[0]):
            cheer = _("You win!")
        elif len(winners) == 1:
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

    def _make_room(self) -> None:
        """Give the ranking less height for the fairness lines, so the dialog still fits a
        small screen at a big table (the ranking scrolls)."""
        self.table.setMinimumHeight(max(120, self.table.minimumHeight() - 90))

    def hold_buttons(self, ms: int) -> None:
        """Keep the buttons off for `ms`, so the rest of the gesture that ended the match (a
        double-click, a queued key) cannot press one on a screen not seen yet."""
        if ms <= 0:
            return
        buttons = [b for b in self.findChildren(QPushButton) if b.isEnabled()]
        for button in buttons:
            button.setEnabled(False)

        def release() -> None:
            for button in buttons:
                button.setEnabled(True)

        QTimer.singleShot(ms, self, release)

    def track_fairness(self, commitment: str, verdict: object, verified: SignalInstance) -> None:
        """Show a LAN client's own fairness check: pending, then its verdict in plain words,
        the codes to compare aloud, and the technical detail behind a "Details" button.

        `verdict` is a `fairness.Verdict` or None; `verified` the signal that brings it.
        """
        self.commitment = commitment
        self._make_room()
        self.fairness = QLabel()
        self.fairness.setWordWrap(True)
        self.codes = QLabel()
        self.codes.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setStyleSheet("color: #424242;")
        self.details.hide()
        self.details_button = QPushButton(_("Details", ctx="fairness"))
        self.details_button.setCheckable(True)
        self.details_button.toggled.connect(self.details.setVisible)
        row = QHBoxLayout()
        row.addWidget(self.fairness, 1)
        row.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        at = layout.count() - 1
        layout.insertLayout(at, row)
        layout.insertWidget(at + 1, self.codes)
        layout.insertWidget(at + 2, self.details)
        self._show_fairness(verdict)
        verified.connect(self._show_fairness)

    def show_host_fairness(
        self, helpers: int, table_code: str | None, record_code: str | None
    ) -> None:
        """At the host: who helped shuffle (`helpers`: players at other computers) and the two
        codes for everyone to compare aloud (each player's computer checks the deal itself)."""
        if helpers:
            line = _("Everyone helped shuffle; each player's computer checks the deal by itself.")
        else:
            line = _("No one at another computer helped shuffle: the host alone chose the deal.")
        self._make_room()
        label = QLabel(line)
        label.setWordWrap(True)
        self.codes = QLabel(codes_line(table_code, record_code))
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(layout.count() - 1, label)
        layout.insertWidget(layout.count() - 1, self.codes)

    def _show_fairness(self, verdict: object) -> None:
        if not isinstance(verdict, Verdict):
            self.fairness.setStyleSheet("")
            self.fairness.setText(_("Checking that the deal was fair…"))
            self.codes.setText("")
            self.details.setText(
                render(Msg("The host's sealed seed: {value}", value=self.commitment))
            )
            return
        if verdict.fair:
            colour, mark = "#2e7d32", "✔ "
        elif verdict.ok:
            colour, mark = "#5d4037", ""
        elif not verdict.shown:
            colour, mark = "#e65100", "? "
        else:
            colour, mark = "#c62828", "✘ "
        self.fairness.setStyleSheet(f"color: {colour}; font-weight: bold;")
        self.fairness.setText(mark + render(verdict.summary))
        self.codes.setText(codes_line(verdict.table_code, verdict.record_code))
        self.details.setText(
            "\n".join(
                (
                    render(verdict.reason),
                    render(Msg("The host's sealed seed: {value}", value=self.commitment)),
                )
            )
        )

    def _rematch(self) -> None:
        self.accept()
        self.rematch.emit()

    def _new_game(self) -> None:
        self.accept()
        self.newGame.emit()
