"""Narration UI tests run offscreen, with the data folder in a temporary place."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> str:
    """Saves go to a temporary folder, never the real one."""
    path = os.path.join(str(tmp_path), "data")
    monkeypatch.setenv("TABLETOP_DATA_DIR", path)
    return path
