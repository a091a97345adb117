"""Shared fixtures of the LAN tests: a Qt application with no window, loopback only."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(scope="session")
def net_app() -> QCoreApplication:
    """The Qt application the host and clients run in.

    The network needs only a QCoreApplication, but the test session is shared with the table
    and score-sheet tests, which need a QApplication: so a QApplication it is, if none exists.
    """
    return QCoreApplication.instance() or QApplication([])
