"""The coach of a guided first deal: a prepared deal played move by move, knowing no game.

A `Lesson` (each game's coach module builds one) names a deal (game, players, options, seed)
and every move of it, the learner's and the computers', in the order they were recorded. The
`Coach` follows the real match as it is played: it tells the learner what to do now and why,
accepts only the lesson's move (an illegal one is refused by the engine, with the rule behind
the refusal added), lets the computer seats play their recorded moves, and notices each rule
the first time the match's events show it. It never moves for the learner and reads only what
the learner's seat may see (its View and the events redacted for it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.breakdown import Cell
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import Event
from tabletop.engine.game import Game, State
from tabletop.engine.registry import LESSONS_PACKAGE, package_modules
from tabletop.engine.text import Msg
from tabletop.engine.views import Move, View

Shows = Callable[[Sequence[dict[str, Any]], int], bool]
"""Whether the events so far (JSON form, as the learner's seat sees them) show a rule, given
the learner's seat. The coach asks after every action, so the action that first makes it true
is the one that showed the rule."""


def happened(kind: str) -> Shows:
    """A rule shown once an event of this kind has happened."""

    def shows(events: Sequence[dict[str, Any]], seat: int) -> bool:
        return any(e["type"] == kind for e in events)

    return shows


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule the coach explains the first time the match shows it."""

    key: str
    title: Msg
    text: Msg
    shows: Shows


@dataclass(frozen=True, slots=True)
class Table:
    """One look-up table of the quick reference: a title, column headings and rows."""

    title: Msg
    headings: tuple[Msg, ...]
    rows: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True, slots=True)
class Lesson:
    """A guided first deal: the real deal to play and what the coach says along it.

    `moves` are (seat, action text) in the order recorded; `advice[n]` says why the learner's
    n-th move (from 0) is the one to make; `why_refused` maps an engine refusal's message id
    to the rule behind it; `columns` explain the deal summary's columns in order; `key_rules`
    are the rules the deal was chosen to show (a test holds the deal to them).
    """

    game: str
    players: int
    seed: int
    moves: tuple[tuple[int, str], ...]
    intro: Msg
    advice: Mapping[int, Msg]
    rules: tuple[Rule, ...]
    why_refused: Mapping[str, Msg]
    columns: tuple[Msg, ...]
    key_rules: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    learner: int = 0
    by_verb: Mapping[str, Msg] = field(default_factory=dict)
    """Why, for a learner's move with no advice of its own, by the move's verb."""


def accepted(game: Game[Any], state: State, seat: int, text: str) -> Action | None:
    """The legal action `text` stands for (its own form or the game's canonical one), or None;
    ParseError if it is no action at all."""
    legal = game.legal_actions(state, seat)
    action = Action.parse(text)
    if action in legal:
        return action
    action = game.normalize(action)
    return action if action in legal else None


class Coach:
    """Follows one lesson's match: the moves still to come per seat, rules shown, the end."""

    def __init__(self, lesson: Lesson, game: Game[Any]) -> None:
        self.lesson = lesson
        self.game = game
        self.queues: dict[int, list[str]] = {s: [] for s in range(lesson.players)}
        for seat, action in lesson.moves:
            self.queues[seat].append(action)
        self.made = 0
        """How many moves the learner has made."""
        self.shown: list[Rule] = []
        """Rules explained so far, in the order they happened."""
        self.fresh: list[Rule] = []
        """Rules shown for the first time since the learner's last move."""
        self.history: list[dict[str, Any]] = []
        """Every event of the match so far as the learner's seat saw it (JSON form)."""
        self.refused: Msg | None = None
        """Why the learner's last attempt was refused (None after a move is accepted)."""

    @property
    def learner(self) -> int:
        """The learner's seat."""
        return self.lesson.learner

    @property
    def finished(self) -> bool:
        """True once every move of the lesson has been played."""
        return not any(self.queues.values())

    def next_move(self, seat: int) -> str | None:
        """The lesson's next move for `seat` (None when it has none left)."""
        queue = self.queues.get(seat)
        return queue[0] if queue else None

    def vet(self, state: State, seat: int, text: str) -> None:
        """Refuse (IllegalAction) a learner's move the lesson does not make now.

        An illegal move is refused with the engine's own reason and the rule behind it; a
        legal move that is not the lesson's says so and what to do instead. ParseError passes.
        """
        if seat != self.learner:
            return
        if self.finished:
            raise IllegalAction(Msg("The lesson is over: start a real match to play on."))
        action = accepted(self.game, state, seat, text)
        expected = self.next_move(seat)
        if action is None:
            try:
                self.game.apply(state, seat, text)
            except IllegalAction as err:
                self.refused = self.explain(err.reason)
                raise IllegalAction(self.refused) from None
            raise AssertionError("an action not in legal_actions was applied")
        if expected is None or str(action) != expected:
            self.refused = Msg(
                "The rules allow that, but this lesson follows a prepared deal: {advice}",
                advice=self.step(),
            )
            raise IllegalAction(self.refused)

    def explain(self, reason: Msg) -> Msg:
        """The engine's refusal with the rule behind it, in a player's words."""
        why = self.lesson.why_refused.get(reason.msgid)
        if why is None:
            return reason
        return Msg("{reason} {why}", reason=reason, why=why)

    def observe(self, seat: int, action: str, events: Sequence[Event]) -> None:
        """An action was applied: take it off its seat's queue and find the rules it showed."""
        queue = self.queues.get(seat)
        if queue and queue[0] == action:
            queue.pop(0)
        elif queue:
            queue.clear()  # the match left the lesson (only a computer can): no more script
        if seat == self.learner:
            self.made += 1
            self.refused = None
            self.fresh = []
        self.history.extend(e.to_json(self.learner, omniscient=False) for e in events)
        known = {r.key for r in self.shown}
        new = [
            r
            for r in self.lesson.rules
            if r.key not in known and r.shows(self.history, self.learner)
        ]
        self.fresh.extend(new)
        self.shown.extend(new)

    def step(self) -> Msg:
        """Why the learner's next move is the lesson's (the lesson's own words, or plainly)."""
        advice = self.lesson.advice.get(self.made)
        if advice is not None:
            return advice
        move = self.next_move(self.learner)
        verb = move.split()[0] if move else ""
        return self.lesson.by_verb.get(verb, Msg("Make the move shown with the ring."))

    def expected_move(self, view: View) -> Move | None:
        """The learner's next move as the learner's View offers it (None if not now)."""
        expected = self.next_move(self.learner)
        if view.seat != self.learner or expected is None:
            return None
        return next((m for m in view.moves if m.action == expected), None)


# ---- the lessons, by game -------------------------------------------------------------------
References = Callable[[], list[Table]]
"""A game's quick-reference tables, built when asked."""

_LESSONS: dict[str, tuple[Lesson, References]] = {}
_loaded = False


def register_lesson(lesson: Lesson, reference: References) -> Lesson:
    """Add a game's lesson and its quick reference; returns the lesson (`LESSON = ...`)."""
    _LESSONS[lesson.game] = (lesson, reference)
    return lesson


def _load() -> None:
    global _loaded
    if _loaded:
        return
    package_modules(LESSONS_PACKAGE)
    _loaded = True


def lesson(game_id: str) -> Lesson | None:
    """The game's guided first deal, or None if it has none."""
    _load()
    found = _LESSONS.get(game_id)
    return None if found is None else found[0]


def reference(game_id: str) -> list[Table]:
    """The game's quick-reference tables ([] if it has none)."""
    _load()
    found = _LESSONS.get(game_id)
    return [] if found is None else list(found[1]())


def lesson_games() -> list[str]:
    """The ids of the games that have a lesson."""
    _load()
    return sorted(_LESSONS)
