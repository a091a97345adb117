"""Garbage holding Qt objects is collected on the GUI thread, never on the worker thread."""

from __future__ import annotations

import gc
import subprocess
import sys
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
    collected_on: list[int] = []

    def note(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            collected_on.append(threading.get_ident())

    # Move collection to the GUI thread before the cycle is made: while automatic collection
    # is still on, one could run before `del` and age the live cycle into an older
    # generation, which the few collections after the churn might not reach.
    warmed: list[int] = []
    worker.submit(threading.get_ident, warmed.append)
    assert collector.installed()
    qtbot.waitUntil(lambda: bool(warmed), timeout=10_000)
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


BEFORE_THE_APP = """
import weakref
from tabletop import collector, worker
def churn():
    for _ in range(50_000):
        loop = []
        loop.append(loop)
worker.worker()
from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer
app = QCoreApplication([])
class Node:
    pass
node = Node()
node.me = node
alive = weakref.ref(node)
del node
done = []
worker.submit(churn, done.append)
assert collector.installed()
loop = QEventLoop()
def check():
    if done and alive() is None:
        loop.quit()
poll = QTimer()
poll.timeout.connect(check)
poll.start(10)
QTimer.singleShot(10_000, loop.quit)
loop.exec()
print(bool(done), alive() is None)
"""


def test_a_worker_made_before_the_application_still_gets_garbage_collected() -> None:
    """The worker may be made before the Qt application (a test, a host made early): the
    collector waits for the application, so that its timer runs and garbage goes on being
    collected."""
    run = subprocess.run(
        [sys.executable, "-c", BEFORE_THE_APP], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["True", "True"]
