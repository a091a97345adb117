"""`tabletop bench --stats`: time to open the Statistics tab with many saved matches.

`fake_history` writes a history index of generated finished matches (real game ids and
player counts, a pool of names, random totals); the measurement runs offscreen in a fresh
subprocess (`python -m tabletop.ui.statsbench <folder>`): read the index as the app does,
build the tab, show and paint it.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

from tabletop.engine.game import places
from tabletop.engine.registry import all_games
from tabletop.store import HistoryEntry, atomic_write

MATCHES = 10_000
NAMES = (
    "Ann", "Bob", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal",
    "太郎", "花子", "健", "さくら", "CPU 2", "CPU 3",
)  # fmt: skip


def fake_history(root: Path, count: int = MATCHES, seed: int = 1) -> list[HistoryEntry]:
    """Write `count` generated finished matches into `root`'s history index; return them."""
    rng = random.Random(seed)
    infos = [g.info for g in all_games()]
    entries = []
    for n in range(count):
        info = rng.choice(infos)
        players = rng.randint(info.min_players, min(info.max_players, 6))
        names = tuple(rng.sample(NAMES, players))
        totals = tuple(float(rng.randint(-20, 60)) for _ in range(players))
        ranks = places([(t,) for t in totals])
        day = f"2025-{1 + n * 12 // count:02d}-{1 + n % 28:02d} {n % 24:02d}:{n % 60:02d}"
        entries.append(
            HistoryEntry(
                id=f"bench-{n:06d}",
                date=day,
                game=info.id,
                title=info.title,
                names=names,
                winners=tuple(names[i] for i in range(players) if ranks[i] == 1),
                totals=totals,
                file=f"bench-{n:06d}.jsonl",
                places=ranks,
            )
        )
    text = json.dumps([asdict(e) for e in entries], ensure_ascii=False, indent=1) + "\n"
    atomic_write(root / "history.json", text)
    return entries


def open_child(root: str) -> None:
    """Read the index, build and paint the Statistics tab; print the seconds each took."""
    start = time.perf_counter()
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from tabletop.store import Store
    from tabletop.ui.statistics import StatisticsPage

    app = QApplication.instance() or QApplication([])
    ready = time.perf_counter()
    entries = Store(root).history()
    read = time.perf_counter()
    page = StatisticsPage()
    page.resize(1200, 760)
    page.set_entries(entries)
    page.show()
    app.processEvents()
    page.repaint()
    shown = time.perf_counter()
    page.choose(page.game.itemData(2), [page.people.item(0).data(Qt.ItemDataRole.UserRole)])
    filtered = time.perf_counter()
    print(
        json.dumps(
            {
                "qt_start_s": ready - start,
                "index_read_s": read - ready,
                "tab_open_s": shown - read,
                "filter_s": filtered - shown,
                "rows": page.table.topLevelItemCount(),
            }
        )
    )


def measure(count: int = MATCHES) -> dict[str, float]:
    """Seconds to read `count` saved matches' index and to open the tab, in a fresh process."""
    with tempfile.TemporaryDirectory() as folder:
        fake_history(Path(folder), count)
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        out = subprocess.run(
            [sys.executable, "-m", "tabletop.ui.statsbench", folder],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    data = json.loads(next(x for x in reversed(out.splitlines()) if x.startswith("{")))
    data["matches"] = count
    data["open_total_s"] = data["index_read_s"] + data["tab_open_s"]
    return {k: round(float(v), 3) for k, v in data.items()}


if __name__ == "__main__":
    open_child(sys.argv[1])
