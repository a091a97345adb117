"""Qt tests run offscreen, with settings kept in a temporary folder."""

from __future__ import annotations

import os
import sys

os.environ["QT_QPA_PLATFORM"] = "offscreen"
sys.path.insert(0, os.path.dirname(__file__))  # for ui_helpers under --import-mode=importlib

import pytest
from PySide6.QtCore import QSettings


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
