"""Real matches, in the app and on a LAN host, are dealt from unguessable 128-bit seeds."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QSettings

from tabletop.engine.registry import get_game
from tabletop.engine.rng import SECURE_FROM
from tabletop.net.host import Host
from tabletop.seats import parse_seats
from tabletop.ui.app import MainWindow
from tabletop.ui.table.table import INSTANT


def test_the_app_deals_a_new_match_from_a_fresh_seed(qtbot: object, tmp_path: Path) -> None:
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    game = get_game("triq")
    first = window.start_match(game, parse_seats("triq", ["Ann", "cpu"]), None, {}, INSTANT)
    first_seed = first.session.seed
    second = window.start_match(game, parse_seats("triq", ["Ann", "cpu"]), None, {}, INSTANT)
    assert first_seed >= SECURE_FROM and second.session.seed >= SECURE_FROM
    assert first_seed != second.session.seed
    assert str(first_seed) not in window.windowTitle()


def test_a_lan_host_deals_from_a_fresh_seed(qtbot: object, tmp_path: Path) -> None:
    save = tmp_path / "host.jsonl"
    host = Host(
        "triq", parse_seats("triq", ["cpu", "cpu"], network=True), autosave=save, auto_start=False
    )
    try:
        host.start()
        qtbot.waitUntil(lambda: save.exists() and save.read_text().strip() != "", timeout=10000)
        header = json.loads(save.read_text().splitlines()[0])
        assert header["seed"] >= SECURE_FROM
    finally:
        host.close()
