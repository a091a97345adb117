"""The History tab says what it is for while it is empty, and its buttons act only on a match
that is highlighted."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QPushButton
from ui_helpers import Closing, play_saved

from tabletop.store import Store
from tabletop.ui.app import MainWindow


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
