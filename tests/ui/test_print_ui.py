"""Score sheets from the app: blank from the launcher, filled from the results, the table and
the history; print preview and "Save as PDF" on A4 or Letter."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtPrintSupport import QPrinter
from ui_helpers import Closing, play_saved

from tabletop.engine.registry import get_game
from tabletop.sheets.model import SheetModel, blank_sheet
from tabletop.store import Store
from tabletop.ui.app import MainWindow
from tabletop.ui.dialogs import printing
from tabletop.ui.dialogs.printing import PAPER_KEY, SheetPreview, default_paper, file_stem
from tabletop.ui.table.session import SeatSpec
from tabletop.ui.table.table import INSTANT


def _window(closing: Closing, settings: QSettings, data_dir: str) -> MainWindow:
    window = closing.widget(MainWindow(settings, Store(data_dir)))
    return window


def _paint_to_pdf(preview: SheetPreview, path: Path) -> list[str]:
    """Call the preview's paint slot with a PDF printer; all texts drawn, page by page."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    printer.setPageLayout(preview.printer().pageLayout())
    preview.paint(printer)
    assert path.read_bytes().startswith(b"%PDF")
    return [t for page in preview.painted for t in page]


def _media_box(path: Path) -> tuple[float, float]:
    found = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", path.read_bytes())
    assert found is not None
    return float(found.group(1)), float(found.group(2))


def test_print_preview_of_a_blank_sheet_from_the_launcher(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str, tmp_path: Path
) -> None:
    window = _window(closing, settings, data_dir)
    window.launcher.select("second-third")
    window.command_actions["print"].trigger()
    setup = window.sheet_setup
    assert setup is not None and setup.isVisible()
    assert setup.players.minimum() == 3 and setup.players.maximum() == 5
    setup.players.setValue(4)
    for edit, name in zip(setup.name_edits, ("Ann", "Bob", "", "Dee"), strict=False):
        edit.setText(name)
    setup.accept()
    preview = window.preview
    assert preview is not None and preview.isVisible()
    assert preview.model == blank_sheet("second-third", 4, ["Ann", "Bob", "", "Dee"])
    texts = _paint_to_pdf(preview, tmp_path / "blank.pdf")
    assert "Score sheet (blank)" in texts
    assert {"Ann", "Bob", "Dee", "Winner:"} <= set(texts)
    assert any(t.startswith("セカンドサード") for t in texts)
    preview.close()


def test_save_a_blank_sheet_as_pdf_on_letter(
    qtbot: object,
    closing: Closing,
    settings: QSettings,
    data_dir: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = tmp_path / "sheet.pdf"
    asked: list[str] = []
    monkeypatch.setattr(
        printing, "ask_pdf", lambda _p, _s, stem: asked.append(stem) or (out, "letter")
    )
    window = _window(closing, settings, data_dir)
    window.launcher.select("interaction")
    window.command_actions["pdf"].trigger()
    window.sheet_setup.players.setValue(5)
    window.sheet_setup.accept()
    assert asked == ["interaction-blank-sheet"]
    assert out.read_bytes().startswith(b"%PDF")
    width, height = _media_box(out)
    assert sorted((round(width), round(height))) == [612, 792]  # Letter in points
    assert "sheet.pdf" in window.statusBar().currentMessage()


def test_the_results_screen_prints_and_saves_the_filled_sheet(
    qtbot: object,
    closing: Closing,
    settings: QSettings,
    data_dir: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = tmp_path / "result.pdf"
    monkeypatch.setattr(printing, "ask_pdf", lambda *_: (out, "a4"))
    window = _window(closing, settings, data_dir)
    seats = [SeatSpec(n, "random") for n in ("Ann", "Bob", "Cy")]
    table = window.start_match(get_game("interaction"), seats, 4, {}, INSTANT)
    qtbot.waitUntil(lambda: window.results is not None, timeout=20000)
    window.results.print_button.click()
    model: SheetModel = window.preview.model
    assert model.filled and model.finished and model.names == ("Ann", "Bob", "Cy")
    winners = tuple(table.session.state.names[w] for w in table.session.result().winners)
    assert model.winners == winners
    texts = _paint_to_pdf(window.preview, tmp_path / "preview.pdf")
    assert "Winner: " + ", ".join(winners) in texts
    window.preview.close()
    window.results.pdf_button.click()
    width, height = _media_box(out)
    assert sorted((round(width), round(height))) == [595, 842]  # A4 in points


def test_the_game_menu_prints_the_unfinished_match_at_the_table(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str, tmp_path: Path
) -> None:
    window = _window(closing, settings, data_dir)
    seats = [SeatSpec("Ann"), SeatSpec("Bob", "random"), SeatSpec("Cy", "random")]
    table = window.start_match(get_game("second-third"), seats, 9, {}, INSTANT)
    qtbot.waitUntil(lambda: table.idle and not table.session.bot_seats_to_act(), timeout=5000)
    window.command_actions["print"].trigger()
    assert window.sheet_setup is None
    model = window.preview.model
    assert model.filled and not model.finished and model.names == ("Ann", "Bob", "Cy")
    texts = _paint_to_pdf(window.preview, tmp_path / "mid.pdf")
    assert "unfinished (provisional ranking)" in texts


def test_the_history_prints_a_finished_match(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str, tmp_path: Path
) -> None:
    save = play_saved(Store(data_dir), "second-third", ["Ann", "Bob", "Cy"], 3, None)
    window = _window(closing, settings, data_dir)
    window.launcher.tabs.setCurrentIndex(1)
    window.command_actions["history-print"].trigger()
    model = window.preview.model
    assert model.finished and model.date == save.finished.date
    texts = _paint_to_pdf(window.preview, tmp_path / "history.pdf")
    assert "Winner: " + ", ".join(save.finished.winners) in texts
    window.preview.close()
    window.command_actions["replay"].trigger()
    window.command_actions["print"].trigger()  # in the replay viewer: the same match's sheet
    assert window.preview.model == model


def test_paper_follows_the_last_choice(settings: QSettings) -> None:
    assert default_paper(None) in ("a4", "letter")
    settings.setValue(PAPER_KEY, "letter")
    assert default_paper(settings) == "letter"
    settings.setValue(PAPER_KEY, "a4")
    assert default_paper(settings) == "a4"
    assert file_stem("Second Third sheet") == "second-third-sheet"
    assert file_stem(" ? ") == "score-sheet"
