"""Every test process runs Qt offscreen with one full QApplication, and compiled modules are
kept.

Qt allows one application object per process, of one kind. Network code alone would make a
QCoreApplication, which later GUI tests (fonts, scenes, PDFs) cannot use, so a QApplication is
made first, whatever order the tests run in.

Settings live in a temporary folder for the whole run, never the person's own.

Many tests start `tabletop` in a subprocess (the CLI, `serve`, `join`). On a machine that sets
PYTHONDONTWRITEBYTECODE each of them would compile the whole package again; the suite lets them
write and reuse the compiled files (about 10 s of a 3-minute run on two cores).

The translation layer is loaded first too: it installs the renderer by which `str` of a
message (and so of a refusal) reads as English text; the engine renders nothing itself.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator

import pytest

import tabletop.i18n  # noqa: F401  (installs the English renderer of str(msg))

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

from PySide6.QtWidgets import QApplication

from tabletop import collector

sys.dont_write_bytecode = False

# Settings (the language chosen, the last game) go to a folder of the run's own, here and in
# every `tabletop` a test starts: a person's own settings neither leak in nor get written.
CONFIG = tempfile.TemporaryDirectory(prefix="tabletop-test-config-")
os.environ["XDG_CONFIG_HOME"] = CONFIG.name

APP = QApplication.instance() or QApplication([])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests go first: handed out first, they do not leave one process running alone
    at the end of the run."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def reproducible_shuffle_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A LAN client's part of the shuffle and the salt of a host's seal are fresh and random in
    play; in a test each draws the next of a fixed sequence, so a LAN match is dealt the same on
    every run (the host's seed is the test's own). Tests of the parts themselves call
    `fairness.new_nonce` and `fairness.new_salt`."""
    nonces = iter(range(1, 1 << 30))
    salts = iter(range(1, 1 << 30))
    monkeypatch.setattr("tabletop.net.client.new_nonce", lambda: f"{next(nonces):032x}")
    monkeypatch.setattr("tabletop.net.host.new_salt", lambda: next(salts).to_bytes(16, "big"))


@pytest.fixture(autouse=True)
def garbage_collected() -> Iterator[None]:
    """Once the worker thread has had work, garbage is collected by a timer on the GUI thread
    (`tabletop.collector`); a test that runs no event loop still gets its collections, here."""
    yield
    collector.collect_due()
