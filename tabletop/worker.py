"""Thinking off the GUI thread: one background thread runs computer players' choices and hints.

`submit(work, then)` runs `work()` on the worker thread and calls `then(value)` back on the GUI
thread (a queued signal), unless the returned `Job` was cancelled meanwhile: a table that is
left, a match that is undone or a seat taken back cancels its job, and a late answer is dropped.
`after()`, if given, is called on the GUI thread once the work is over, cancelled or not: the
moment the owner may use what the work used again.
Jobs run one at a time, in order, so a computer player is never used by two threads at once
as long as its owner hands it to no other thread and feeds it no events while it thinks.
Nothing of the GUI's dies on the worker thread: garbage is collected on the GUI thread from the
first job submitted once the Qt application exists (`tabletop.collector`), and a delivered job
forgets what it was to call.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal

from tabletop import collector


def _nothing() -> None:
    """The work of a released job."""


def _ignore(_value: object) -> None:
    """What a released job calls back."""


class Job:
    """One piece of work for the worker thread and what to do with its answer."""

    def __init__(
        self,
        work: Callable[[], Any],
        then: Callable[[Any], None],
        failed: Callable[[BaseException], None] | None = None,
        after: Callable[[], None] | None = None,
    ) -> None:
        self.work = work
        self.then = then
        self.failed = failed
        self.after = after
        self.cancelled = False
        self.done = False
        self.value: Any = None
        self.error: BaseException | None = None

    def cancel(self) -> None:
        """Drop the answer: `then` and `failed` will not be called (the work may still run)."""
        self.cancelled = True

    def release(self) -> None:
        """Forget the work and what to call (and the objects they hold), on the GUI thread:
        the worker thread may hold the job last, and must not be the one to delete them."""
        self.work = _nothing
        self.then = _ignore
        self.failed = None
        self.after = None

    @property
    def pending(self) -> bool:
        """True until the answer has been handed over or dropped."""
        return not self.done and not self.cancelled


class _Relay(QObject):
    """Lives in the GUI thread; the worker emits finished jobs through it."""

    finished = Signal(object)


class Worker:
    """One background thread running jobs in the order they were submitted."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletop-think")
        self._relay = _Relay()
        self._relay.finished.connect(self._deliver, Qt.ConnectionType.QueuedConnection)

    def submit(
        self,
        work: Callable[[], Any],
        then: Callable[[Any], None],
        failed: Callable[[BaseException], None] | None = None,
        after: Callable[[], None] | None = None,
    ) -> Job:
        """Run `work` on the worker thread; `after()`, then `then(value)` (or `failed(error)`)
        on this one."""
        collector.install()  # so that no collection runs on the worker thread
        job = Job(work, then, failed, after)
        self._pool.submit(self._run, job)
        return job

    def _run(self, job: Job) -> None:
        if not job.cancelled:
            try:
                job.value = job.work()
            except Exception as err:  # handed to the GUI thread, which decides what to do
                job.error = err
        self._relay.finished.emit(job)

    @staticmethod
    def _deliver(job: Job) -> None:
        if job.done:
            return
        job.done = True
        then, failed, after = job.then, job.failed, job.after
        job.release()
        if after is not None:
            after()
        if job.cancelled:
            return
        if job.error is None:
            then(job.value)
        elif failed is not None:
            failed(job.error)
        else:
            traceback.print_exception(job.error, file=sys.stderr)

    def wait(self) -> None:
        """Block until every job submitted so far has run (for tests and shutdown)."""
        self._pool.submit(lambda: None).result()


_WORKER: Worker | None = None


def worker() -> Worker:
    """The app's one worker (made on first use, from the GUI thread)."""
    global _WORKER
    if _WORKER is None:
        _WORKER = Worker()
    return _WORKER


def running() -> bool:
    """True once the app's worker has been made (so waiting on it makes no thread)."""
    return _WORKER is not None


def submit(
    work: Callable[[], Any],
    then: Callable[[Any], None],
    failed: Callable[[BaseException], None] | None = None,
    after: Callable[[], None] | None = None,
) -> Job:
    """Run `work` on the app's worker thread; `then(value)` on the GUI thread (`Worker`)."""
    return worker().submit(work, then, failed, after)
