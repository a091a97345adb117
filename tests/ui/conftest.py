"""Qt tests run offscreen, with settings kept in a temporary folder; a Qt warning fails them."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"
sys.path.insert(0, os.path.dirname(__file__))  # for ui_helpers under --import-mode=importlib

import pytest
from PySide6.QtCore import QMessageLogContext, QSettings, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication
from ui_helpers import Closing

from tabletop import worker

HERE = Path(__file__).parent

PLATFORM_LIMIT = "This plugin does not support "
"""How the offscreen platform plugin says it lacks something a real platform has (size hints
of a window with a layout, raising a popup menu, grabbing the keyboard): not our code's fault."""

SERIOUS = (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """pytest-qt's own message capture would replace our handler during each UI test."""
    for item in items:
        if HERE in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.no_qt_log)


@pytest.fixture(autouse=True)
def qt_warnings_fail() -> Iterator[list[str]]:
    """Record every Qt warning or critical message while the test (and its teardown) runs;
    the test fails if there were any."""
    heard: list[str] = []

    def handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if kind in SERIOUS and not message.startswith(PLATFORM_LIMIT):
            heard.append(f"{kind.name}: {message}")
            print(f"Qt {kind.name}: {message}", file=sys.stderr)

    previous = qInstallMessageHandler(handler)
    try:
        yield heard
    finally:
        qInstallMessageHandler(previous)
    if heard:
        pytest.fail("Qt printed during this test:\n" + "\n".join(heard), pytrace=False)


@pytest.fixture(autouse=True)
def closing(qtbot: object, qt_warnings_fail: list[str]) -> Iterator[Closing]:
    """Whatever the test registers is shut and deleted at its teardown, even if it failed
    (before the Qt messages are judged); then whatever it left thinking on the worker thread
    has finished and been delivered, so no test's computer waits behind another's."""
    shut = Closing()
    yield shut
    shut.close_all()
    if worker.running():
        worker.worker().wait()
        QApplication.processEvents()


@pytest.fixture
def reader() -> Iterator[None]:
    """A screen reader is running (Qt's accessibility is active), so the table names
    everything for it; off again afterwards."""
    QAccessible.setActive(True)
    yield
    QAccessible.setActive(False)


@pytest.fixture
def settings(tmp_path: object) -> QSettings:
    """A fresh settings store in a temporary INI file."""
    return QSettings(os.path.join(str(tmp_path), "tabletop.ini"), QSettings.Format.IniFormat)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> str:
    """Saves, history and damaged files go to a temporary folder, never the real one."""
    path = os.path.join(str(tmp_path), "data")
    monkeypatch.setenv("TABLETOP_DATA_DIR", path)
    return path
