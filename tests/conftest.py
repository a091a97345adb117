"""Every test process runs Qt offscreen with one full QApplication.

Qt allows one application object per process, of one kind. Network code alone would make a
QCoreApplication, which later GUI tests (fonts, scenes, PDFs) cannot use, so a QApplication is
made first, whatever order the tests run in.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

APP = QApplication.instance() or QApplication([])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests go first: handed out first, they do not leave one process running alone
    at the end of the run."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
