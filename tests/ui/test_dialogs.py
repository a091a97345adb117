"""Dialogs a player trips on: Rematch during a match asks first, every unfinished match can be
discarded at once, the print preview closes, and Escape closes every dialog and the rules."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QWidget
from ui_helpers import Closing, play_saved

from tabletop.engine.registry import get_game
from tabletop.store import Store
from tabletop.ui import app as app_module
from tabletop.ui.app import MainWindow
from tabletop.ui.dialogs import results as results_module
from tabletop.ui.dialogs.newgame import NewGameDialog
from tabletop.ui.table.session import SeatSpec
from tabletop.ui.table.table import INSTANT

CPUS = [SeatSpec("CPU 1", "random"), SeatSpec("CPU 2", "random"), SeatSpec("CPU 3", "random")]


def _window(closing: Closing, settings: QSettings, data_dir: str) -> MainWindow:
    window = closing.widget(MainWindow(settings, Store(data_dir)))
    window.show()
    return window


def _open_dialogs() -> list[QDialog]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()]


def _escape(qtbot: object, dialog: QWidget) -> None:
    """Press Escape where the keyboard focus is in the dialog, as a person would."""
    dialog.activateWindow()
    target = dialog.focusWidget() or dialog
    QTest.keyClick(target, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=3000)


def test_rematch_during_a_match_asks_first(
    qtbot: object,
    closing: Closing,
    settings: QSettings,
    data_dir: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = _window(closing, settings, data_dir)
    table = window.start_match(get_game("second-third"), CPUS, 3, {}, INSTANT, autoplay=False)
    asked: list[str] = []
    monkeypatch.setattr(app_module, "confirm", lambda _p, _t, text: asked.append(text) or False)
    window.rematch_action.trigger()
    assert asked and "rematch" in asked[0]
    assert window.table is table, "declined: the match goes on"
    monkeypatch.setattr(app_module, "confirm", lambda *_: True)
    window.rematch_action.trigger()
    assert window.table is not None and window.table is not table


def test_rematch_after_the_match_does_not_ask(
    qtbot: object,
    closing: Closing,
    settings: QSettings,
    data_dir: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = _window(closing, settings, data_dir)
    monkeypatch.setattr(results_module, "ResultsDialog", _Quiet)
    table = window.start_match(get_game("second-third"), CPUS, 3, {}, INSTANT)
    qtbot.waitUntil(lambda: table.session.over, timeout=60000)
    asked: list[str] = []
    monkeypatch.setattr(app_module, "confirm", lambda *a: asked.append(a[2]) or False)
    window.rematch()
    assert not asked and window.table is not table


class _Quiet(results_module.ResultsDialog):
    """The results dialog, never shown (the test only needs the match to end)."""

    def open(self) -> None:
        """Stay closed."""


def test_every_unfinished_match_can_be_discarded_at_once(
    qtbot: object,
    closing: Closing,
    settings: QSettings,
    data_dir: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = Store(data_dir)
    saves = [play_saved(store, "second-third", ["Ann", "Bob", "Cy"], s, 4) for s in (5, 6, 7)]
    window = _window(closing, settings, data_dir)
    assert window.launcher.saves.topLevelItemCount() == 3
    asked: list[str] = []
    monkeypatch.setattr(app_module, "confirm", lambda _p, _t, text: asked.append(text) or False)
    window.command_actions["discard-all"].trigger()
    assert "(3)" in asked[0] and all(s.path.exists() for s in saves)
    monkeypatch.setattr(app_module, "confirm", lambda *_: True)
    window.command_actions["discard-all"].trigger()
    assert not any(s.path.exists() for s in saves)
    assert window.launcher.saves_box.isHidden()


def _preview(window: MainWindow) -> QDialog:
    window.launcher.select("second-third")
    window.command_actions["print"].trigger()
    setup = window.sheet_setup
    assert setup is not None
    setup.accept()
    preview = window.preview
    assert preview is not None and preview.isVisible()
    return preview


def test_the_print_preview_has_a_close_button(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    window = _window(closing, settings, data_dir)
    preview = _preview(window)
    box = preview.findChild(QDialogButtonBox)
    assert box is not None
    box.button(QDialogButtonBox.StandardButton.Close).click()
    qtbot.waitUntil(lambda: not preview.isVisible(), timeout=3000)


def _rules(window: MainWindow) -> QDialog:
    window.launcher.select("triq")
    window.show_rules()
    return next(d for d in _open_dialogs() if "Rules" in d.windowTitle())


def _keys(window: MainWindow) -> QDialog:
    window.show_keys()
    return next(d for d in _open_dialogs() if d.windowTitle() == "Keyboard")


def _sheet_setup(window: MainWindow) -> QDialog:
    window.launcher.select("second-third")
    window.command_actions["print"].trigger()
    assert window.sheet_setup is not None
    return window.sheet_setup


def _new_game(window: MainWindow) -> QDialog:
    info = get_game("second-third").info
    dialog = NewGameDialog(info, window.settings, window)
    dialog.show()
    return dialog


def _lobby(window: MainWindow) -> QDialog:
    return window.host_game("second-third")


def _join(window: MainWindow) -> QDialog:
    return window.join_game()


OPENERS: dict[str, Callable[[MainWindow], QDialog]] = {
    "rules": _rules,
    "keyboard": _keys,
    "print preview": _preview,
    "blank sheet": _sheet_setup,
    "new game": _new_game,
    "host lobby": _lobby,
    "join": _join,
}


@pytest.mark.parametrize("name", list(OPENERS))
def test_escape_closes_the_dialog(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str, name: str
) -> None:
    window = _window(closing, settings, data_dir)
    dialog = OPENERS[name](window)
    closing.widget(dialog)
    qtbot.waitUntil(dialog.isVisible, timeout=3000)
    _escape(qtbot, dialog)


def test_escape_closes_the_results(
    qtbot: object, closing: Closing, settings: QSettings, data_dir: str
) -> None:
    window = _window(closing, settings, data_dir)
    table = window.start_match(get_game("second-third"), CPUS, 3, {}, INSTANT)
    qtbot.waitUntil(
        lambda: window.results is not None and window.results.isVisible(), timeout=60000
    )
    assert table.session.over and window.results is not None
    _escape(qtbot, window.results)
