"""`tabletop bench --ui` times real starts: the started app reports its first drawn launcher
and quits (what is measured, not how fast: the figures are the bench's)."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.ui import bench

REPO = Path(__file__).resolve().parents[1]


def _started_env(data: Path) -> dict[str, str]:
    """An app started offscreen with its data in `data`, reporting its first frame."""
    return {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "TABLETOP_DATA_DIR": str(data),
        bench.FIRST_FRAME_ENV: "1",
    }


def _start(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run this interpreter with `args` from the checkout; it must exit 0."""
    done = subprocess.run(
        [sys.executable, *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done


@pytest.mark.slow
def test_the_app_reports_its_first_launcher_frame_and_quits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = _started_env(tmp_path)
    done = _start(["-m", "tabletop.cli"], env)
    assert done.stdout.startswith('{"drawn_at": ')
    monkeypatch.setattr(bench, "RUNS", 1)
    wall, cpu = bench.first_frame([sys.executable, "-c", bench.BARE_QT], env)
    assert wall > 0 and cpu > 0


def test_the_programs_measured() -> None:
    found = bench.programs(["/opt/tabletop/tabletop"])
    assert list(found)[:2] == ["bare Qt", "venv tabletop"]
    assert found["/opt/tabletop/tabletop"] == ["/opt/tabletop/tabletop"]
    assert ("uv run tabletop" in found) == bool(shutil.which("uv"))  # a source checkout


LOADED_LATER = (
    "tabletop.ui.table.table",
    "tabletop.ui.table.scene",
    "tabletop.ui.table.keys",
    "tabletop.net.host",
    "tabletop.net.discovery",
    "tabletop.ui.lan.netsession",
    "tabletop.ui.learn.coachpanel",
    "tabletop.ui.learn.learn",
    "tabletop.ui.learn.coachsession",
    "tabletop.ui.table.session",
    "tabletop.ui.dialogs.results",
    "tabletop.ui.dialogs.newgame",
    "tabletop.ui.statistics",
    "tabletop.engine.coach",
    # the rules' machinery: with the first table, or the first save to list
    "tabletop.engine.game",
    "tabletop.engine.log",
    "tabletop.autosave",
)
"""Modules the launcher does not show: loaded where first used, never at start-up (with an
empty data folder)."""

QT_NAMESPACE_MADE = "'Qt' in vars(PySide6.QtCore)"
"""True once the `Qt` namespace (all its enums at once) has been made: PySide6 makes it on its
first touch and only then puts it in the module."""

DRAW_LAUNCHER = f"""
import sys
import PySide6.QtCore
from tabletop.cli import main
main([])
print({QT_NAMESPACE_MADE})
print(sorted(m for m in sys.modules if m.startswith("tabletop")))
"""


def test_the_launcher_starts_without_the_table_the_network_or_the_lessons(
    tmp_path: Path,
) -> None:
    done = _start(["-c", DRAW_LAUNCHER], _started_env(tmp_path))
    lines = done.stdout.splitlines()
    assert lines[0].startswith('{"drawn_at": ')
    loaded = set(ast.literal_eval(lines[-1]))
    assert "tabletop.ui.launcher" in loaded
    assert loaded.isdisjoint(LOADED_LATER), sorted(loaded & set(LOADED_LATER))
    # The games are listed from their infos: no game's rules and no lesson are loaded.
    games = {m for m in loaded if m.startswith("tabletop.games.")} - {"tabletop.games.coach"}
    assert "tabletop.games.info.triq" in games
    assert all(m.startswith("tabletop.games.info") for m in games), sorted(games)
    # No saved match shows a computer player's level: no player is loaded.
    assert not {m for m in loaded if m.startswith("tabletop.bots")}
    # Nor the `Qt` namespace, which a bare window never makes (docs/ui.md, "Start-up").
    assert lines[-2] == "False", "the Qt namespace was made before the launcher was drawn"


def test_the_qt_namespace_check_sees_it_made(tmp_path: Path) -> None:
    check = f"import PySide6.QtCore\nprint({QT_NAMESPACE_MADE})\n"
    touch = "from PySide6.QtCore import Qt\nQt.AlignmentFlag.AlignCenter\n"
    done = _start(["-c", check + touch + check], _started_env(tmp_path))
    assert done.stdout.split() == ["False", "True"]


@pytest.mark.parametrize("mode", ["frames", "bare-frames"])
def test_the_frame_figures_are_measured_on_the_table_and_on_bare_qt(
    tmp_path: Path, mode: str
) -> None:
    done = _start(["-m", "tabletop.ui.bench", mode], _started_env(tmp_path))
    figure = json.loads(done.stdout.splitlines()[-1])
    assert figure["frame_ms"] > 0
