"""`tabletop bench --ui`: time to the first drawn table, and frame time with 50 cards moving.

Both run offscreen in fresh subprocesses (`python -m tabletop.ui.bench startup|frames`), so
the start-up figure includes the interpreter, the imports and Qt's own start.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.engine.game import Game
    from tabletop.ui.table import TableWidget

SEATS = ("You", "cpu", "cpu", "cpu")
FRAMES = 200
MOVING = 50


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
    from tabletop.ui.session import Session, parse_seats
    from tabletop.ui.table import INSTANT, TableWidget

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
    from PySide6.QtCore import QPointF

    table = _table()
    viewport = table.view.viewport()
    cards = list(table.scene.cards)
    while len(cards) < MOVING:
        cards += table.scene.cards
    cards = cards[:MOVING]
    viewport.repaint()
    times = []
    for frame in range(FRAMES):
        step = QPointF(3.0 if frame % 40 < 20 else -3.0, 1.5 if frame % 20 < 10 else -1.5)
        start = time.perf_counter()
        for card in cards:
            card.setPos(card.pos() + step)
        viewport.repaint()
        times.append(time.perf_counter() - start)
    times.sort()
    print(json.dumps({"frame_ms": 1000 * times[len(times) // 2]}))


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


def measure() -> dict[str, float]:
    """Start-up seconds (process start to first drawn table); median ms per frame, 50 moving."""
    begun, data = _run("startup")
    startup = data["drawn_at"] - begun
    _, frames = _run("frames")
    return {"startup_s": round(startup, 3), "frame_ms": round(frames["frame_ms"], 3)}


if __name__ == "__main__":
    {"startup": startup_child, "frames": frames_child}[sys.argv[1]]()
