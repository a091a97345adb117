"""A lesson's match at the table: a local `Session` whose computer seats play the lesson's
recorded moves and whose learner may make only the lesson's move (pure Python, no Qt).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tabletop.engine.coach import Coach, Lesson
from tabletop.engine.errors import IllegalAction, ParseError
from tabletop.engine.events import Event
from tabletop.engine.game import Game
from tabletop.engine.registry import get_game
from tabletop.engine.views import View
from tabletop.seats import parse_seats
from tabletop.ui.table.session import Session


class CoachSession(Session):
    """The lesson's deal through the real engine, the coach following every move."""

    def __init__(self, lesson: Lesson) -> None:
        game: Game[Any] = get_game(lesson.game)
        texts = ["You" if s == lesson.learner else "cpu" for s in range(lesson.players)]
        seats = [
            replace(s, bot=None if s.bot is None else "thumb")
            for s in parse_seats(lesson.game, texts)
        ]
        super().__init__(game, seats, lesson.seed, lesson.options)
        self.coach = Coach(lesson, game)
        self.seen: list[dict[str, Any]] = [
            e.to_json(lesson.learner, omniscient=False) for e in self.state.opening
        ]
        """Every event so far as the learner's seat saw it (JSON form)."""
        self.changed: list[Callable[[], None]] = []
        """Called after every move the coach saw and every move it refused."""

    def act(self, seat: int, action: str) -> list[Event]:
        """Apply a move once the coach accepts it (IllegalAction with the coach's reason)."""
        try:
            self.coach.vet(self.state, seat, action)
        except (IllegalAction, ParseError):
            self._tell()
            raise
        events = super().act(seat, action)
        self.coach.observe(seat, action, events)
        self.seen.extend(e.to_json(self.coach.learner, omniscient=False) for e in events)
        self._tell()
        return events

    def _tell(self) -> None:
        for call in self.changed:
            call()

    def view(self, seat: int | None) -> View:
        """What `seat` sees; once the lesson is over the learner is offered no more moves
        (the table stays as the deal ended, nothing to drag or press)."""
        view = super().view(seat)
        if seat == self.coach.learner and self.coach.finished and view.moves:
            return replace(view, moves=())
        return view

    def bot_seats_to_act(self) -> list[int]:
        """Computer seats to act now, while the lesson has moves for them (none after it)."""
        return [s for s in super().bot_seats_to_act() if self.coach.next_move(s) is not None]

    def bot_choice(self, seat: int) -> str:
        """A computer seat's recorded move."""
        move = self.coach.next_move(seat)
        return move if move is not None else super().bot_choice(seat)

    def think(self, seat: int) -> Callable[[], str]:
        """The recorded move, as work for the worker thread (no player is consulted)."""
        move = self.bot_choice(seat)
        return lambda: move

    def take_back_point(self) -> int | None:
        """Nothing is taken back during a lesson (its moves are prepared)."""
        return None
