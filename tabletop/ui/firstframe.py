"""The started app's side of `tabletop bench --ui`: with $TABLETOP_BENCH_FIRST_FRAME set, the
window reports when it was first drawn and the app quits (kept apart from the bench, which the
app does not load)."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

FIRST_FRAME_ENV = "TABLETOP_BENCH_FIRST_FRAME"
"""Set in a started app: print the time its first window was drawn, then quit."""


def watch_first_frame(window: QWidget) -> None:
    """Once `window` has been painted the first time, print the wall-clock time and quit."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    class Watcher(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                watched.removeEventFilter(self)
                # After this paint event (and the flush that follows it) has been handled.
                QTimer.singleShot(0, report)
            return False

    def report() -> None:
        print(json.dumps({"drawn_at": time.time()}), flush=True)
        QApplication.quit()

    watcher = Watcher(window)
    window.installEventFilter(watcher)
