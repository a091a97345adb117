"""Step through a replay log move by move: the state after action k, rounds, and Views.

`Stepper(lines)` re-runs a log through the engine (checking it as `replay` does) and keeps
checkpoints, so going back or jumping to a round is cheap. `view(k)` is the public View
(`game.view(state, None)`: hidden cards as backs); `view(k, reveal=True)` shows every card.
The table draws these Views; nothing here knows Qt.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from tabletop.engine.events import Event
from tabletop.engine.game import Game, State
from tabletop.engine.log import replay_steps
from tabletop.engine.views import PUBLIC, View

CHECKPOINT_EVERY = 32


class Stepper:
    """A match from its log, addressable by action index 0..len(self)."""

    def __init__(self, lines: Iterable[str]) -> None:
        lines = list(lines)
        steps = replay_steps(lines)  # raises ParseError / ReplayDivergence on a bad log
        game, state, _, opening = next(steps)
        self.game: Game[State] = game
        self._checkpoints: dict[int, State] = {0: game.clone(state)}
        self.actions: list[tuple[int, str]] = _action_lines(lines)
        self.events: list[list[Event]] = [opening]
        self.rounds: dict[int, int] = {1: 0}
        for _, _, k, events in steps:
            self.events.append(events)
            if k % CHECKPOINT_EVERY == 0:
                self._checkpoints[k] = game.clone(state)
            kinds = [ev.type for ev in events]
            if "round_end" in kinds and "game_end" not in kinds:
                self.rounds[len(self.rounds) + 1] = k
        self._k = len(self.actions)
        self._state: State = game.clone(state)

    def __len__(self) -> int:
        """The number of actions in the log."""
        return len(self.actions)

    def state(self, k: int) -> State:
        """The state after the first k actions (0: as dealt); a private copy, do not mutate."""
        if not 0 <= k <= len(self.actions):
            raise IndexError(f"step {k} is outside 0..{len(self.actions)}")
        if k != self._k:
            base = max(c for c in self._checkpoints if c <= k)
            if base <= self._k < k:
                start = self._k
            else:
                start = base
                self._state = self.game.clone(self._checkpoints[base])
            for seat, action in self.actions[start:k]:
                self.game.apply(self._state, seat, action)
            self._k = k
        return self._state

    def round_of(self, k: int) -> int:
        """The round being played after action k."""
        return max(r for r, start in self.rounds.items() if start <= k)

    def round_start(self, round_number: int) -> int:
        """The action index at which a round begins (its deal has just happened)."""
        if round_number not in self.rounds:
            raise KeyError(f"the log has no round {round_number}")
        return self.rounds[round_number]

    def view(self, k: int, seat: int | None = None, reveal: bool = False) -> View:
        """The View after action k: for `seat` (None: public), or with every card shown."""
        state = self.state(k)
        view = self.game.view(state, None if reveal else seat)
        zones = [z._replace(visible=PUBLIC) for z in self.game.zones(state)] if reveal else None
        return replace(view, zones=tuple(zones or view.zones), moves=())

    def step_events(self, k: int, seat: int | None = None, reveal: bool = False) -> list[Any]:
        """What action k (1-based; 0 = the opening deal) did, as JSON a seat or the public sees.

        The action's own text (which may name a card played face down or passed) is included
        only for its seat or with `reveal`.
        """
        head: list[dict[str, Any]] = []
        if k:
            acting, action = self.actions[k - 1]
            if reveal or seat == acting:
                head.append({"type": "action", "seat": acting, "action": action})
        return head + [ev.to_json(seat, omniscient=reveal) for ev in self.events[k]]


def _action_lines(lines: list[str]) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for text in lines:
        if text.strip():
            rec = json.loads(text)
            if rec.get("type") == "action":
                out.append((int(rec["seat"]), str(rec["action"])))
    return out
