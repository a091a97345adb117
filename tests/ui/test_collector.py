"""Garbage holding Qt objects is collected on the GUI thread, never on the worker thread."""

from __future__ import annotations

import gc
import threading
import weakref
from typing import Any

from PySide6.QtCore import QTimer

from tabletop import collector, worker


def churn() -> int:
    """Work that makes plenty of cyclic garbage (as a search does), on the worker thread."""
    for _ in range(50_000):
        loop: list[Any] = []
        loop.append(loop)
    return threading.get_ident()


def test_garbage_with_a_running_timer_is_collected_on_the_gui_thread(qtbot: Any) -> None:
    """A dropped cycle holding a running QTimer (as a closed table's widgets do) survives a
    computer player's busy think and is collected by the GUI thread afterwards: deleted on the
    worker thread, Qt would warn "Timers cannot be stopped from another thread" (which fails
    every UI test) and could crash."""
    worker.worker()
    assert collector.installed()
    collected_on: list[int] = []

    def note(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            collected_on.append(threading.get_ident())

    timer = QTimer()
    timer.start(60_000)
    alive = weakref.ref(timer)
    cycle: list[Any] = [timer]
    cycle.append(cycle)
    del timer, cycle
    gc.callbacks.append(note)
    try:
        thinker: list[int] = []
        worker.submit(churn, thinker.append)
        qtbot.waitUntil(lambda: bool(thinker), timeout=10_000)
        qtbot.waitUntil(lambda: alive() is None, timeout=5_000)
    finally:
        gc.callbacks.remove(note)
    assert thinker[0] != threading.get_ident()
    assert thinker[0] not in collected_on
    assert threading.get_ident() in collected_on


def test_a_delivered_job_holds_nothing_of_its_owner(qtbot: Any) -> None:
    """Once its answer is handed over, a job keeps no reference to what it was to call, so the
    worker thread, which may drop the job last, deletes nothing of the GUI's."""

    class Owner:
        def take(self, value: object) -> None:
            self.value = value

    owner = Owner()
    job = worker.submit(lambda: 7, owner.take)
    qtbot.waitUntil(lambda: not job.pending, timeout=10_000)
    assert owner.value == 7
    alive = weakref.ref(owner)
    del owner
    assert alive() is None
