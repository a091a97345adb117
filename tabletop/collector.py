"""Python's cyclic garbage collector, kept on the GUI thread once the worker thread has work.

A collection deletes whatever garbage it finds in the thread that happens to run it. The worker
thread (`tabletop.worker`) allocates heavily while a computer player thinks, so an automatic
collection would often start there and delete a closed table's widgets or a host's timers from
the wrong thread: Qt warns "Timers cannot be stopped from another thread" and may crash.
`install` turns automatic collection off (threshold 0) and lets a timer on the GUI thread
collect instead, by the same thresholds; it waits for the Qt application, because a timer made
before it would never fire and nothing would be collected at all. A collector turned off with
`gc.disable` (the LAN host does so during a step) is left alone until it is on again.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer

CHECK_MS = 100
"""How often the GUI thread looks whether a collection is due."""


class _Collector(QObject):
    """Collects on the thread it was made on, by the thresholds automatic collection had."""

    def __init__(self, thresholds: tuple[int, int, int]) -> None:
        super().__init__()
        self.thresholds = thresholds
        self._timer = QTimer(self)
        self._timer.setInterval(CHECK_MS)
        self._timer.timeout.connect(collect_due)
        self._timer.start()


_COLLECTOR: _Collector | None = None


def install() -> None:
    """Collect on the GUI thread only, from now on. Called on the GUI thread; does nothing
    before the Qt application exists (automatic collection stays on) or once installed."""
    global _COLLECTOR
    app = QCoreApplication.instance()
    if _COLLECTOR is not None or app is None or app.thread() is not QThread.currentThread():
        return
    first, second, third = gc.get_threshold()
    _COLLECTOR = _Collector((first or 700, second, third))
    gc.set_threshold(0, second, third)


def installed() -> bool:
    """True once collection has moved to the GUI thread."""
    return _COLLECTOR is not None


def collect_due() -> None:
    """Run the collection automatic collection would have run by now (none if none is due,
    or while the collector is off)."""
    if _COLLECTOR is None or not gc.isenabled():
        return
    young, middle, old = _COLLECTOR.thresholds
    counts = gc.get_count()
    if counts[0] <= young:
        return
    if counts[2] > old:
        gc.collect(2)
    elif counts[1] > middle:
        gc.collect(1)
    else:
        gc.collect(0)
