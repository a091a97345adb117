"""Launcher and lobby at a small size: the History tab says what it is for while it is empty and
its buttons act only on a highlighted match; the host lobby's seat rows line up."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QPushButton
from ui_helpers import Closing, play_saved

from tabletop.store import Store
from tabletop.ui.app import MainWindow, apply_language
from tabletop.ui.lan.lobby import LOCAL, HostLobby


def _history_buttons(window: MainWindow) -> list[QPushButton]:
    row = window.launcher.rows["history"]
    buttons = [row.itemAt(i).widget() for i in range(row.count())]
    return [b for b in buttons if isinstance(b, QPushButton)]


def test_an_empty_history_says_so_and_offers_nothing_to_press(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    window = closing.widget(MainWindow(settings, Store(data_dir)))
    window.resize(1024, 700)
    window.show()
    launcher = window.launcher
    launcher.tabs.setCurrentIndex(1)
    assert launcher.history_empty.isVisible()
    assert "No finished matches yet" in launcher.history_empty.text()
    assert not launcher.history.isVisible()
    buttons = _history_buttons(window)
    assert len(buttons) == 3
    assert not any(b.isEnabled() for b in buttons), "buttons with nothing to act on"


def test_history_buttons_follow_the_highlighted_match(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    play_saved(Store(data_dir), "second-third", ["Ann", "Bob", "Cy"], 3, None)
    window = closing.widget(MainWindow(settings, Store(data_dir)))
    window.resize(1024, 700)
    window.show()
    launcher = window.launcher
    launcher.tabs.setCurrentIndex(1)
    assert launcher.history.isVisible() and not launcher.history_empty.isVisible()
    assert all(b.isEnabled() for b in _history_buttons(window))
    launcher.history.setCurrentItem(None)
    assert not any(b.isEnabled() for b in _history_buttons(window))


def test_the_host_lobbys_seat_choices_line_up(
    qtbot: object, closing: Closing, settings: QSettings
) -> None:
    """Every seat row's drop-down starts and ends at the same place, whatever the seat's
    number (1. or 12.) and whether its name field shows."""
    lobby = closing.widget(HostLobby(settings, "hagetaka-party"))
    lobby.count.setValue(12)
    rows = lobby.seat_choices
    rows[1].kind.setCurrentIndex(rows[1].kind.findData(LOCAL))
    rows[2].kind.setCurrentIndex(2)
    lobby.show()
    qtbot.waitExposed(lobby)
    box = lobby.seats_box
    edges = {(r.kind.mapTo(box, r.kind.rect().topLeft()).x(), r.kind.width()) for r in rows}
    assert len(edges) == 1, f"drop-downs misaligned: {sorted(edges)}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobbys_waiting_words_are_not_cut(
    qtbot: object, closing: Closing, settings: QSettings, lang: str
) -> None:
    apply_language(lang)
    try:
        lobby = closing.widget(HostLobby(settings, "hagetaka-party"))
        lobby.count.setValue(10)
        lobby.show()
        qtbot.waitExposed(lobby)
        waiting = {"kind": "network", "name": "", "computer": None, "taken": False}
        for row in lobby.seat_choices:
            row.show_row({**waiting, "connected": False}, "hagetaka-party")
        QApplication.processEvents()
        for row in lobby.seat_choices:
            label = row.status
            assert label.text().startswith(("waiting", "プレイヤー"))
            assert label.width() >= label.fontMetrics().horizontalAdvance(label.text())
    finally:
        apply_language("en")


def test_the_japanese_launcher_fits_1024_pixels(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    """Six buttons in one line under the rules made the Japanese launcher 1051 px wide at
    least: they wrap onto a second line."""
    apply_language("ja")
    try:
        window = closing.widget(MainWindow(settings, Store(data_dir)))
        window.resize(1024, 700)
        window.show()
        qtbot.waitExposed(window)
        assert window.launcher.minimumSizeHint().width() <= 1024
        assert window.width() == 1024
    finally:
        apply_language("en")
