"""Computer players at a LAN host: computer seats and stand-ins for people, thinking on the
worker thread while the host keeps sending frames."""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import shiboken6
from PySide6.QtCore import QObject, QTimer

from tabletop import worker
from tabletop.bots.base import Bot, feed
from tabletop.engine.errors import IllegalAction, ParseError
from tabletop.engine.events import Event
from tabletop.engine.game import Game, State
from tabletop.engine.text import Msg
from tabletop.engine.views import View
from tabletop.net.seating import Seating


def refusal(err: IllegalAction | ParseError, action: str) -> Msg:
    """Why an action was refused: the rules' reason, or that the text of `action` is no action."""
    if isinstance(err, IllegalAction):
        return err.reason
    return Msg("{action} is not an action of this game.", action=action[:40])


class Table(Protocol):
    """What the computers read of the host's match."""

    game: Game[Any]
    state: State | None
    seq: int


@dataclass(eq=False)
class Thinking:
    """A computer seat choosing on the worker thread, and the events it is fed afterwards."""

    seat: int
    bot: Bot
    seq: int
    held: list[list[Event]] = field(default_factory=list)
    job: worker.Job | None = None


class Computers:
    """Lets the computer players of a host's seats choose, one at a time, and play their moves
    through `apply` (which raises IllegalAction or ParseError when the host refuses)."""

    def __init__(
        self,
        owner: QObject,
        table: Table,
        seats: Seating,
        apply: Callable[[int, str], None],
        say: Callable[[Msg], None],
    ) -> None:
        self.owner = owner
        """The host: its timers run the computers, and they stop when it is deleted."""
        self.table = table
        self.seats = seats
        self.apply = apply
        self.say = say
        self.closed = False
        """True while the host is closed: no computer starts thinking."""
        self.thinking: Thinking | None = None
        self._pending = False

    def close(self) -> None:
        """Start no more thinking and cancel the choice being made."""
        self.closed = True
        if self.thinking is not None and self.thinking.job is not None:
            self.thinking.job.cancel()

    def feed(self, events: list[Event]) -> None:
        """Let the computer seats remember what their seat was just shown (one that is
        thinking gets the events once it is done)."""
        thinking = self.thinking
        busy = None if thinking is None else thinking.bot
        if thinking is not None:
            thinking.held.append(events)
        bots = {i: s.stand_in for i, s in enumerate(self.seats) if s.stand_in is not None}
        feed({i: b for i, b in bots.items() if b is not busy}, events)

    def schedule(self) -> None:
        """Let a computer seat to act choose once control is back in the event loop."""
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self.owner, self._step)

    def _step(self) -> None:
        """Let the first computer seat to act choose on the worker thread, so that frames to
        the other seats go out while it thinks."""
        self._pending = False
        game, state = self.table.game, self.table.state
        if self.closed or self.thinking is not None:
            return
        if state is None or state.result is not None:
            return
        for seat in sorted(game.to_act(state)):
            bot = self.seats[seat].stand_in
            if bot is not None:
                self._think(seat, bot, game.view(state, seat))
                return

    def _think(self, seat: int, bot: Bot, view: View) -> None:
        thinking = self.thinking = Thinking(seat, bot, self.table.seq)
        thinking.job = worker.submit(
            lambda: bot.choose(view),
            lambda choice: self._chosen(thinking, str(choice)),
            lambda error: self._failed(thinking, error),
            lambda: self._thought(thinking),
        )

    def _failed(self, thinking: Thinking, error: BaseException) -> None:
        """A computer that fails plays its seat's first legal move; the error itself (a bug's
        English text) goes to standard error for a bug report."""
        traceback.print_exception(error, file=sys.stderr)
        self._chosen(thinking, None)

    def _thought(self, thinking: Thinking) -> None:
        """The computer is done thinking: it hears what happened meanwhile."""
        if not shiboken6.isValid(self.owner):  # the host was deleted while it thought
            return
        if self.thinking is thinking:
            self.thinking = None
        for events in thinking.held:
            feed({thinking.seat: thinking.bot}, events)

    def _chosen(self, thinking: Thinking, choice: str | None) -> None:
        """Play a computer's choice (None: it failed, so its seat's first legal move) if its
        seat is still its own and still to act."""
        game, state, seat = self.table.game, self.table.state, thinking.seat
        if not shiboken6.isValid(self.owner) or state is None or state.result is not None:
            return
        if self.seats[seat].stand_in is not thinking.bot or seat not in game.to_act(state):
            self.schedule()
            return
        if choice is None:
            self.say(
                Msg(
                    "{player} could not choose and plays its first legal move.",
                    player=self.seats[seat].name,
                )
            )
            choice = str(game.legal_actions(state, seat)[0])
        try:
            self.apply(seat, choice)
        except (IllegalAction, ParseError) as err:
            if self.table.seq != thinking.seq:  # others moved meanwhile: choose again
                self.schedule()
                return
            self.say(
                Msg(
                    "Computer {bot} was refused ({reason}); it plays another move.",
                    bot=thinking.bot.name,
                    reason=refusal(err, choice),
                )
            )
            self.apply(seat, str(game.legal_actions(state, seat)[0]))
