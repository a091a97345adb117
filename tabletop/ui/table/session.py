"""A match at the table: the game, its state, who sits where (people or computer players).

Pure Python (no Qt): the table widget drives it; tests can too. Every applied action goes to
the session's recorder: a `tabletop.autosave.Autosave` (the match on disk, rewritten after each
action) or a `LogWriter` kept in memory; either way `Session.log()` is the match's replay log.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from tabletop.bots.base import Bot, feed
from tabletop.bots.levels import table_player
from tabletop.bots.runner import bot_seed
from tabletop.engine.errors import BadOption, TabletopError
from tabletop.engine.events import Event
from tabletop.engine.game import Game, Result, State
from tabletop.engine.log import LogWriter, read_lines, replay_steps
from tabletop.engine.text import Msg
from tabletop.engine.views import View
from tabletop.i18n import render
from tabletop.seats import SeatSpec as SeatSpec
from tabletop.seats import computer_label
from tabletop.seats import default_bot as default_bot
from tabletop.seats import parse_seats as parse_seats
from tabletop.seats import seats_from as seats_from
from tabletop.ui.texts import shown_names


class Recorder(Protocol):
    """Where a session records each applied action: its replay log as text lines."""

    lines: list[str]

    def action(self, seat: int, action: object, events: Iterable[Event]) -> None:
        """Add one applied action and the events it produced."""

    def rewind(self, lines: list[str], state: State) -> None:
        """Go back to an earlier log (a move taken back) whose match now stands at `state`."""


class TableSession(Protocol):
    """What the table plays through: the local engine (`Session`) or a LAN table
    (`netsession.HostSession`, `netsession.ClientSession`).

    `act` returns the events of an applied action, or None when the answer comes later: the
    owner then calls `TableWidget.feed` with what happened or `TableWidget.refuse` with the
    reason the action was refused.
    """

    game: Game[Any]
    humans: tuple[int, ...]
    save_error: str

    @property
    def players(self) -> int:
        """Number of seats."""

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""

    @property
    def over(self) -> bool:
        """True once the match has a result."""

    def result(self) -> Result | None:
        """The final result, or None while play goes on."""

    def to_act(self) -> frozenset[int]:
        """Seats that must act now."""

    def view(self, seat: int | None) -> View:
        """What `seat` sees (None: a spectator)."""

    def act(self, seat: int, action: str) -> list[Event] | None:
        """Apply or send an action; IllegalAction or ParseError if refused at once."""

    def score_table(self) -> tuple[list[list[float]], list[float]]:
        """Per-round scores and running totals."""

    def log(self) -> list[str] | None:
        """The replay log so far, or None where this table has none (a LAN client)."""

    def story(self) -> list[Event]:
        """Every event of the match so far that this table may tell (from the replay log,
        secrets marked; a LAN client: the events its seat received), for the game log."""

    def bot_seats_to_act(self) -> list[int]:
        """Computer seats the table itself must play now."""

    def bot_choice(self, seat: int) -> str:
        """A computer seat's chosen action."""

    def minutes(self) -> int:
        """Whole minutes since the match started at this table."""

    def serve(self, current: int | None) -> int | None:
        """The seat the table should show."""


def clock_moves(view: View) -> dict[int, str]:
    """With `hints["clock"] == "minutes"`: the offered `time <n>` moves by minutes, else {}."""
    if view.hints.get("clock") != "minutes":
        return {}
    out = {}
    for move in view.moves:
        words = move.action.split()
        if len(words) == 2 and words[0] == "time" and words[1].isdigit():
            out[int(words[1])] = move.action
    return out


def clock_action(view: View, minutes: int) -> str | None:
    """The `time <n>` move for `minutes` played, kept within the offered range (None if no
    clock report is asked for)."""
    offered = clock_moves(view)
    if not offered:
        return None
    return offered[max(min(offered), min(minutes, max(offered)))]


def serve_seat(
    humans: Sequence[int], acting: Iterable[int], players: int, current: int | None
) -> int | None:
    """The seat a table shows: the only person, or the person who must act now.

    With several people, simultaneous choices are collected one person after another,
    clockwise from the one served now; while only others act, the view stays put.
    """
    if not humans:
        return None
    if len(humans) == 1:
        return humans[0]
    now = set(acting)
    waiting = [h for h in humans if h in now]
    if current in waiting or (current is not None and not waiting):
        return current
    if not waiting:
        return humans[0]
    start = -1 if current is None else current
    return min(waiting, key=lambda s: (s - start - 1) % players)


class Session:
    """One match: state, seats, computer players, and who the table serves."""

    def __init__(
        self,
        game: Game[Any],
        seats: Sequence[SeatSpec],
        seed: int,
        options: Mapping[str, Any] | None = None,
        state: State | None = None,
    ) -> None:
        if any(s.network for s in seats):
            raise BadOption(Msg("An open seat is for a LAN table; name a person or cpu."))
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.options = dict(options or {})
        fresh = state is None
        if state is None:
            state = game.setup(len(self.seats), self.options, seed)
            state.names = tuple(s.name for s in self.seats)
        self.state = state
        self.recorder: Recorder = LogWriter(None, game, state)
        self.save_error = ""
        self.humans = tuple(i for i, s in enumerate(self.seats) if s.human)
        self.bots: dict[int, Bot] = {
            i: table_player(game.info.id, s.bot, bot_seed(seed, i))
            for i, s in enumerate(self.seats)
            if s.bot is not None
        }
        self._computers = {i: s.bot for i, s in enumerate(self.seats) if s.bot is not None}
        self._held: dict[int, tuple[Bot, list[list[Event]]]] = {}
        if fresh:
            feed(self.bots, state.opening)
        self.actions = 0
        self.started = time.monotonic()

    @classmethod
    def resumed(
        cls,
        game: Game[Any],
        seats: Sequence[SeatSpec],
        state: State,
        recorder: Recorder,
        actions: int,
    ) -> Session:
        """A match picked up where it stopped: its state, and the recorder to go on with."""
        session = cls(game, seats, state.seed, state.options, state)
        session.recorder = recorder
        session.actions = actions
        return session

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat, as the viewer reads them."""
        return shown_names(self.state.names)

    def score_table(self) -> tuple[list[list[float]], list[float]]:
        """Per-round scores and running totals, for the score panel."""
        match = self.state.match
        return match.scores, match.totals

    @property
    def over(self) -> bool:
        """True once the match has a result."""
        return self.game.result(self.state) is not None

    def result(self) -> Result | None:
        """The final result, or None while play goes on."""
        return self.game.result(self.state)

    def to_act(self) -> frozenset[int]:
        """Seats that must act now."""
        return self.game.to_act(self.state)

    def view(self, seat: int | None) -> View:
        """What `seat` sees (None: a spectator): default names in the viewer's language, and
        each computer player's name with its level ("CPU 2 (Steady)")."""
        view = self.game.view(self.state, seat)
        names = self.labels()
        return view if names == view.names else replace(view, names=names)

    def labels(self) -> tuple[str, ...]:
        """The players' names as the table shows them: a computer's with its level."""
        game_id = self.game.info.id
        return tuple(
            render(computer_label(name, game_id, self._computers[i]))
            if i in self._computers
            else name
            for i, name in enumerate(self.names)
        )

    def act(self, seat: int, action: str) -> list[Event]:
        """Apply an action for a seat and record it; IllegalAction (with its reason) if refused.

        A recorder that cannot write (a full disk) does not stop play: `save_error` says why.
        """
        events = self.game.apply(self.state, seat, action)
        for _bot, waiting in self._held.values():
            waiting.append(events)
        feed({s: b for s, b in self.bots.items() if s not in self._held}, events)
        self.actions += 1
        try:
            self.recorder.action(seat, action, events)
        except OSError as err:
            reason = str(err.strerror or err)
            self.save_error = render(Msg("The match could not be saved: {reason}.", reason=reason))
        else:
            self.save_error = ""
        return events

    def log(self) -> list[str]:
        """The match's replay log so far (for its score sheet)."""
        return list(self.recorder.lines)

    def story(self) -> list[Event]:
        """Every event of the match so far, secrets marked (re-made from the log)."""
        return history(self.game, self.log())

    def bot_seats_to_act(self) -> list[int]:
        """Computer seats that must act now, in seat order."""
        return sorted(s for s in self.to_act() if s in self.bots)

    def minutes(self) -> int:
        """Whole minutes since the match started at this table."""
        return int((time.monotonic() - self.started) // 60)

    def bot_choice(self, seat: int) -> str:
        """The action a computer player chooses from its own view; a clock report is the
        minutes actually played."""
        view = self.view(seat)
        return clock_action(view, self.minutes()) or self.bots[seat].choose(view)

    def think(self, seat: int) -> Callable[[], str]:
        """A computer seat's choice as work for another thread (`tabletop.worker`).

        Its view (or the clock report) is taken now. Until `thought(seat)` its player is fed no
        events (they wait for it, in order), so the other thread alone uses it meanwhile; the
        choice is the one `bot_choice` would have made at this moment.
        """
        view = self.view(seat)
        clock = clock_action(view, self.minutes())
        if clock is not None:
            return lambda: clock
        bot = self.bots[seat]
        self._held.setdefault(seat, (bot, []))
        return lambda: bot.choose(view)

    def thinking(self, seat: int) -> bool:
        """True while the seat's player chooses on another thread (between `think` and
        `thought`)."""
        return seat in self._held

    def thought(self, seat: int) -> None:
        """The seat's player has stopped thinking: hand it the events it missed meanwhile
        (unless it has been replaced since, e.g. by an undo that rebuilt the players)."""
        bot, missed = self._held.pop(seat, (None, []))
        if bot is not None and self.bots.get(seat) is bot:
            for events in missed:
                feed({seat: bot}, events)

    def serve(self, current: int | None) -> int | None:
        """The seat the table should show (`serve_seat`)."""
        return serve_seat(self.humans, self.to_act(), self.players, current)

    def take_back_point(self) -> int | None:
        """The log line of the move `taken_back` would take back: the person's last move.

        None unless one person plays alone against computer players, has moved, and the match
        goes on (hot-seat with other people and LAN tables take nothing back).
        """
        if len(self.humans) != 1 or len(self.bots) != self.players - 1 or self.over:
            return None
        person = self.humans[0]
        lines = self.recorder.lines
        for k in range(len(lines) - 1, 0, -1):
            record = json.loads(lines[k])
            if record.get("type") == "action" and record.get("seat") == person:
                return k
        return None

    def taken_back(self) -> Session:
        """The match as it stood before the person's last move and the computers' replies
        since: replayed from its log, with fresh computer players that are shown everything
        their seats saw up to there. The recorder (the save) goes back with it.

        BadOption if there is nothing to take back (`take_back_point`).
        """
        cut = self.take_back_point()
        if cut is None:
            raise BadOption(Msg("There is no move of yours to take back."))
        lines = self.recorder.lines[:cut]
        steps = replay_steps(lines)
        _game, state, actions, opening = next(steps)
        session = Session(self.game, self.seats, self.seed, self.options, state)
        feed(session.bots, opening)
        for _game, _state, count, events in steps:
            feed(session.bots, events)
            actions = count
        self.recorder.rewind(lines, state)
        session.recorder = self.recorder
        session.actions = actions
        session.started = self.started
        return session


def history(game: Game[Any], lines: Sequence[str] | None) -> list[Event]:
    """Every event of a match so far with its secrets marked, re-made from its replay log.

    The log is omniscient and keeps no secret marks, so the actions are applied again from the
    header's setup. A log that cannot be re-run gives what it gave up to there.
    """
    events: list[Event] = []
    if not lines:
        return events
    try:
        records = [rec for _, rec in read_lines(lines)]
        head = records[0]
        state = game.setup(int(head["players"]), head.get("options") or {}, int(head["seed"]))
        events.extend(state.opening)
        for rec in records[1:]:
            if rec.get("type") == "action":
                events.extend(game.apply(state, int(rec["seat"]), str(rec["action"])))
    except (TabletopError, KeyError, ValueError, TypeError, IndexError):
        pass
    return events
