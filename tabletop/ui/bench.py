"""`tabletop bench --ui`: time from process start to the first drawn launcher (for each way the
app is started, beside a bare Qt window), to the first drawn table, and frame time with 50
cards moving.

Each start-up is timed from just before the process is spawned (so it includes `uv`, the
interpreter or the frozen loader, the imports and Qt's own start) to the moment the window's
first paint has been done, which the started process reports when $TABLETOP_BENCH_FIRST_FRAME
is set (`watch_first_frame`). The table figures run in fresh subprocesses too
(`python -m tabletop.ui.bench startup|frames`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from itertools import cycle, islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.ui.firstframe import FIRST_FRAME_ENV

if TYPE_CHECKING:
    from tabletop.engine.game import Game
    from tabletop.ui.table.table import TableWidget

SEATS = ("You", "cpu", "cpu", "cpu")
FRAMES = 200
MOVING = 50
RUNS = 3
"""Starts timed per program; the median is reported."""

BARE_QT = """
import os, time
from PySide6.QtWidgets import QApplication, QWidget
from tabletop.ui.firstframe import watch_first_frame
app = QApplication([])
window = QWidget()
window.resize(1100, 760)
window.show()
watch_first_frame(window)
app.exec()
"""
"""The floor: a bare Qt window through the same interpreter, timed the same way."""


def bench_game() -> str:
    """The game measured: of those seating four, the one that deals the most cards (the
    table's worst case for drawing)."""
    from tabletop.engine.registry import all_games

    def dealt(game: Game[Any]) -> int:
        return sum(len(z.cards) for z in game.zones(game.setup(len(SEATS), None, 1)))

    seating = [g for g in all_games() if g.info.min_players <= len(SEATS) <= g.info.max_players]
    return max(seating, key=dealt).info.id


def _table() -> TableWidget:
    """A shown table of the benchmark game, computer players held still."""
    from PySide6.QtWidgets import QApplication

    from tabletop.engine.registry import get_game
    from tabletop.ui.table.session import Session, parse_seats
    from tabletop.ui.table.table import INSTANT, TableWidget

    app = QApplication.instance() or QApplication([])
    game = get_game(bench_game())
    table = TableWidget(Session(game, parse_seats(game.info.id, SEATS), 1), INSTANT)
    table.bots_enabled = False
    table.resize(1280, 800)
    table.show()
    table.start()
    app.processEvents()
    return table


def startup_child() -> None:
    """Build and paint the table, then print the wall-clock time it was first drawn."""
    table = _table()
    table.view.viewport().repaint()
    print(json.dumps({"drawn_at": time.time()}))


def frames_child() -> None:
    """Move 50 cards a little every frame; print the median time to paint a frame (ms)."""
    table = _table()
    print(json.dumps({"frame_ms": _frame_ms(table.view.viewport(), table.scene.cards)}))


def bare_frames_child() -> None:
    """The same frames drawn by bare Qt: the table's card images, where the table put them, as
    plain pixmap items in a plain view of the same size with a cached one-colour background
    (the floor for this many cards on this machine)."""
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import (
        QApplication,
        QGraphicsPixmapItem,
        QGraphicsScene,
        QGraphicsView,
    )

    table = _table()
    size = table.view.viewport().size()
    scene = QGraphicsScene(0, 0, size.width(), size.height())
    scene.setBackgroundBrush(QColor(30, 90, 50))
    items = []
    for card in table.scene.cards:
        face = card.childItems()[0]
        assert isinstance(face, QGraphicsPixmapItem)
        item = scene.addPixmap(face.pixmap())
        item.setPos(face.sceneBoundingRect().topLeft())
        item.setZValue(card.zValue())
        items.append(item)
    table.hide()
    view = QGraphicsView(scene)
    view.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
    view.setFrameShape(QGraphicsView.Shape.NoFrame)
    view.resize(size)
    view.show()
    QApplication.processEvents()
    print(json.dumps({"frame_ms": _frame_ms(view.viewport(), items)}))


def _frame_ms(viewport: Any, items: Sequence[Any]) -> float:
    """Median ms to move MOVING of `items` (round again if fewer) a little and repaint
    `viewport`, over FRAMES frames."""
    from PySide6.QtCore import QPointF

    moving = list(islice(cycle(items), MOVING))

    viewport.repaint()
    times = []
    for frame in range(FRAMES):
        step = QPointF(3.0 if frame % 40 < 20 else -3.0, 1.5 if frame % 20 < 10 else -1.5)
        start = time.perf_counter()
        for item in moving:
            item.setPos(item.pos() + step)
        viewport.repaint()
        times.append(time.perf_counter() - start)
    times.sort()
    return 1000 * times[len(times) // 2]


def _run(mode: str) -> tuple[float, dict[str, float]]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    begun = time.time()
    out = subprocess.run(
        [sys.executable, "-m", "tabletop.ui.bench", mode],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    line = next(x for x in reversed(out.splitlines()) if x.startswith("{"))
    return begun, json.loads(line)


def first_frame(command: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from spawning `command` to its first window drawn, and the CPU seconds the whole
    run took (start, first frame and quitting): medians of RUNS starts after a first one.

    The CPU figure hardly depends on how busy the machine is; the wall-clock one does.
    """
    walls: list[float] = []
    cpus: list[float] = []
    # One start first, untimed: it writes the compiled modules a person's second start finds.
    subprocess.run(
        list(command), env={**env, FIRST_FRAME_ENV: "1"}, capture_output=True, timeout=120
    )
    for _ in range(RUNS):
        before = _children_cpu()
        begun = time.time()
        done = subprocess.run(
            list(command),
            env={**env, FIRST_FRAME_ENV: "1"},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        cpus.append(_children_cpu() - before)
        lines = [x for x in done.stdout.splitlines() if x.startswith('{"drawn_at"')]
        if done.returncode != 0 or not lines:
            raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {done.stderr}")
        walls.append(float(json.loads(lines[-1])["drawn_at"]) - begun)
    return sorted(walls)[RUNS // 2], sorted(cpus)[RUNS // 2]


def _children_cpu() -> float:
    """CPU seconds used so far by this process's finished children (NaN where unknown)."""
    if sys.platform == "win32":
        return float("nan")
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def programs(extra: Sequence[str] = ()) -> dict[str, list[str]]:
    """The ways to start the app measured here: the installed command of this interpreter,
    `uv run tabletop` in a source checkout, and each of `extra` (a wheel's or a bundle's
    `tabletop`), by a short name."""
    found: dict[str, list[str]] = {"bare Qt": [sys.executable, "-c", BARE_QT]}
    script = Path(sys.executable).parent / "tabletop"
    found["venv tabletop"] = (
        [str(script)] if script.is_file() else [sys.executable, "-m", "tabletop.cli"]
    )
    checkout = Path(__file__).resolve().parents[2]
    uv = shutil.which("uv")
    if uv and (checkout / "pyproject.toml").is_file():
        found["uv run tabletop"] = [uv, "run", "--project", str(checkout), "tabletop"]
    for program in extra:
        found[program] = [program]
    return found


def measure(extra: Sequence[str] = ()) -> dict[str, float]:
    """Seconds from process start to the first drawn launcher for each way of starting (and a
    bare Qt window; this environment's command in Japanese too), to the first drawn table;
    median ms per frame with 50 cards moving."""
    # As on a person's machine, compiled modules are written (this machine may say otherwise).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    from tabletop.doctor import window_problem

    if window_problem() is not None:
        env["QT_QPA_PLATFORM"] = "offscreen"
    figures: dict[str, float] = {}
    for name, command in programs(extra).items():
        wall, cpu = first_frame(command, env)
        figures[f"launcher_s[{name}]"] = round(wall, 3)
        figures[f"launcher_cpu_s[{name}]"] = round(cpu, 3)
        if name == "venv tabletop":
            # Most players read Japanese first: their start reads the Japanese catalogue too.
            wall, cpu = first_frame(command, {**env, "TABLETOP_LANG": "ja"})
            figures[f"launcher_s[{name}, ja]"] = round(wall, 3)
            figures[f"launcher_cpu_s[{name}, ja]"] = round(cpu, 3)
    begun, data = _run("startup")
    figures["table_startup_s"] = round(data["drawn_at"] - begun, 3)
    _, frames = _run("frames")
    figures["frame_ms"] = round(frames["frame_ms"], 3)
    _, bare = _run("bare-frames")
    figures["frame_ms[bare Qt]"] = round(bare["frame_ms"], 3)
    return figures


if __name__ == "__main__":
    {"startup": startup_child, "frames": frames_child, "bare-frames": bare_frames_child}[
        sys.argv[1]
    ]()
