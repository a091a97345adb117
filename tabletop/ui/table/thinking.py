"""A table's computer players think on the worker thread, so the table never freezes.

The bot timer asks `BotTurns.step`: the first computer seat to act gets its view now and
chooses on the worker thread (`tabletop.worker`); meanwhile the window paints, menus open and
people may make their own simultaneous moves. The choice is played once the table is free
(no cards moving, no banner or summary held). It is dropped if the table is left, the match is
over, the seat no longer has to act, or the log no longer begins with the moves the choice was
made after (an undo). Given the same moves, a computer chooses exactly what it chose when it
thought on the GUI thread: it sees the same view and the same events in the same order.
"""

from __future__ import annotations

import sys
import traceback
from dataclasses import dataclass

from tabletop import worker
from tabletop.engine.text import Msg
from tabletop.i18n import render
from tabletop.ui.table.session import Session
from tabletop.ui.table.tableparts import TableParts

RETRY_MS = 50
"""How soon to ask again when the seat's player is still busy with a choice that was dropped."""


@dataclass(frozen=True, slots=True)
class Mark:
    """Where a match stood when a choice was asked for: its log's length and last line."""

    length: int
    last: str | None

    @classmethod
    def of(cls, session: Session) -> Mark:
        """The session's log as it is now."""
        lines = session.recorder.lines
        return cls(len(lines), lines[-1] if lines else None)

    def holds(self, session: Session) -> bool:
        """True while the session's log still begins with the moves marked."""
        lines = session.recorder.lines
        if len(lines) < self.length:
            return False
        return self.length == 0 or lines[self.length - 1] is self.last


@dataclass(frozen=True, slots=True)
class Choice:
    """A computer seat's chosen action, and the match it was chosen in."""

    session: Session
    seat: int
    action: str
    mark: Mark


class BotTurns:
    """Lets a table's computer players choose off the GUI thread, one at a time."""

    def __init__(self, table: TableParts) -> None:
        self.table = table
        self.job: worker.Job | None = None
        self.ready: Choice | None = None
        table.destroyed.connect(self.cancel)

    @property
    def thinking(self) -> bool:
        """True while a computer player chooses, or its choice waits to be played."""
        return (self.job is not None and self.job.pending) or self.ready is not None

    def step(self) -> bool:
        """Play a choice that is ready, or ask the next computer seat to choose; False if
        neither can happen now."""
        table = self.table
        if not table.may_step_bot():
            return False
        if self.ready is not None:
            return self._play()
        if self.job is not None and self.job.pending:
            return False
        session = table.session
        seats = session.bot_seats_to_act()
        if not seats:
            return False
        seat = seats[0]
        if not isinstance(session, Session):
            return table.step_bot()
        if session.thinking(seat):
            # still choosing for a table left behind (the same match sat again): ask later
            table.bot_timer.start(RETRY_MS)
            return False
        mark = Mark.of(session)
        work = session.think(seat)
        self.job = worker.submit(
            work,
            lambda action: self._chosen(Choice(session, seat, str(action), mark)),
            lambda error: self._failed(session, seat, error),
            lambda: session.thought(seat),
        )
        return True

    def _chosen(self, choice: Choice) -> None:
        self.job = None
        self.ready = choice
        if self.table.may_step_bot():
            self._play()

    def _failed(self, session: Session, seat: int, error: BaseException) -> None:
        """A computer player that fails plays its first legal move rather than stop the match.

        The notice says so in the reader's language; the error itself (a bug's English text)
        goes to standard error for a bug report."""
        self.job = None
        traceback.print_exception(error, file=sys.stderr)
        if self.table.session is not session or seat not in session.bot_seats_to_act():
            return
        first = session.view(seat).moves[0].action
        self.ready = Choice(session, seat, first, Mark.of(session))
        told = Msg(
            "{player} could not choose and plays its first legal move.",
            player=session.names[seat],
        )
        self.table.scene.toast(render(told))
        if self.table.may_step_bot():
            self._play()

    def _play(self) -> bool:
        choice, self.ready = self.ready, None
        table = self.table
        if choice is None or not self._still_wanted(choice):
            self._again()
            return False
        reason = table.attempt(choice.seat, choice.action)
        if reason is None:
            return True
        if choice.mark.holds(choice.session) and len(choice.session.recorder.lines) == (
            choice.mark.length
        ):
            # refused in the very position it was chosen in: a player's bug, shown as before
            table.scene.toast(f"{choice.session.names[choice.seat]}: {reason}")
            return False
        # others moved meanwhile and the choice no longer fits: think again
        self._again()
        return False

    def _again(self) -> None:
        """Let the bot timer ask again if a computer seat is still to act."""
        table = self.table
        if table.bots_enabled and table.session.bot_seats_to_act():
            table.bot_timer.start(table.tempo.pause_ms)

    def _still_wanted(self, choice: Choice) -> bool:
        session = choice.session
        return (
            self.table.session is session
            and self.table.bots_enabled
            and not session.over
            and choice.seat in session.bot_seats_to_act()
            and choice.mark.holds(session)
        )

    def cancel(self) -> None:
        """Drop the choice being made or waiting (the table is left, or the match undone).

        The player gets the events it missed once its thinking is over (`Session.thought`).
        """
        job, self.job, self.ready = self.job, None, None
        if job is not None:
            job.cancel()
