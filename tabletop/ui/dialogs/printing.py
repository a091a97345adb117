"""Score sheets from the app: print preview, "Save as PDF" (A4 or Letter), blank-sheet setup.

The sheets themselves are `tabletop.sheets` models painted by `paint_sheet`; here are only the
dialogs around them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QLocale, QSettings
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.info import GameInfo
from tabletop.engine.text import Msg
from tabletop.i18n import _, render
from tabletop.sheets.model import SheetModel, blank_sheet
from tabletop.sheets.render import PAPERS, page_layout, paint_sheet
from tabletop.ui.texts import game_title

PAPER_KEY = "sheetPaper"
"""QSettings key remembering the last paper chosen."""


def paper_filters() -> dict[str, str]:
    """The save dialog's file types, by paper: choosing one chooses the paper."""
    return {"a4": _("PDF on A4 paper (*.pdf)"), "letter": _("PDF on Letter paper (*.pdf)")}


def default_paper(settings: QSettings | None = None) -> str:
    """The paper last chosen, else Letter where the locale measures in inches, else A4."""
    remembered = str(settings.value(PAPER_KEY, "")) if settings is not None else ""
    if remembered in PAPERS:
        return remembered
    imperial = QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
    return "letter" if imperial else "a4"


def file_stem(text: str) -> str:
    """A file-name-safe version of a title ("Score Sheet 2" → "score-sheet-2")."""
    stem = re.sub(r"[^\w]+", "-", text.strip().lower()).strip("-")
    return stem or "score-sheet"


def ask_pdf(
    parent: QWidget | None, settings: QSettings | None, suggested: str
) -> tuple[Path, str] | None:
    """Ask where to save a sheet and on which paper; None if the person cancels."""
    paper = default_paper(settings)
    filters = paper_filters()
    path, chosen = QFileDialog.getSaveFileName(
        parent,
        _("Save score sheet as PDF"),
        str(Path.home() / f"{suggested}.pdf"),
        ";;".join(filters.values()),
        filters[paper],
    )
    if not path:
        return None
    paper = next((k for k, v in filters.items() if v == chosen), paper)
    if settings is not None:
        settings.setValue(PAPER_KEY, paper)
    out = Path(path)
    return (out if out.suffix.lower() == ".pdf" else out.with_suffix(".pdf")), paper


class SheetPreview(QPrintPreviewDialog):
    """The print preview of a score sheet; printing from it prints the sheet. A Close button
    (or Escape) closes it."""

    def __init__(self, model: SheetModel, paper: str, parent: QWidget | None = None) -> None:
        self.sheet_printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        self.sheet_printer.setPageLayout(page_layout(model, paper))
        self.sheet_printer.setDocName(render(Msg("{game} — score sheet", game=model.title)))
        super().__init__(self.sheet_printer, parent)
        self.model = model
        self.close_buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.close_buttons.rejected.connect(self.reject)
        layout = self.layout()
        if layout is not None:
            layout.addWidget(self.close_buttons)
        self.painted: list[list[str]] = []
        self.setWindowTitle(render(Msg("Score sheet — {heading}", heading=model.heading)))
        self.resize(900, 900)
        self.paintRequested.connect(self.paint)

    def paint(self, printer: QPrinter) -> None:
        """Paint every page of the sheet on the printer (or the preview's stand-in printer)."""
        self.painted = paint_sheet(self.model, printer)


class BlankSheetDialog(QDialog):
    """Choose the player count and (optionally) the names for a blank sheet."""

    def __init__(
        self,
        info: GameInfo,
        names: Sequence[str],
        verb: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.info = info
        self.setWindowTitle(render(Msg("Blank score sheet — {game}", game=game_title(info))))
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.players = QSpinBox()
        self.players.setRange(info.min_players, info.max_players)
        self.players.setValue(min(info.max_players, max(info.min_players, len(names))))
        form.addRow(_("Players"), self.players)
        layout.addLayout(form)
        self.names_form = QFormLayout()
        layout.addLayout(self.names_form)
        self.name_edits: list[QLineEdit] = []
        for i in range(info.max_players):
            edit = QLineEdit(names[i] if i < len(names) else "")
            edit.setPlaceholderText(_("(write it in by hand)"))
            self.name_edits.append(edit)
            self.names_form.addRow(render(Msg("Seat {number}", number=i + 1)), edit)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(verb)
        layout.addWidget(buttons)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.players.valueChanged.connect(self._show_rows)
        self._show_rows()

    def _show_rows(self) -> None:
        count = self.players.value()
        for i in range(len(self.name_edits)):
            self.names_form.setRowVisible(i, i < count)

    def names(self) -> list[str]:
        """The names written in, one per seat ('' for a line left blank)."""
        return [e.text().strip() for e in self.name_edits[: self.players.value()]]

    def model(self) -> SheetModel:
        """The blank sheet as chosen."""
        return blank_sheet(self.info.id, self.players.value(), self.names())
