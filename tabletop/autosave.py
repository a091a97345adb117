"""A match kept on disk as it is played (`Autosave`), and a match resumed from its save
(`Resumed`); `tabletop.store.Store` makes both. Apart from the store so that listing the
saves and the history does not load the rules' machinery when there is nothing to replay."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.engine.events import Event
from tabletop.engine.game import Game, State
from tabletop.engine.log import LogWriter
from tabletop.store import HistoryEntry, Store, atomic_write


@dataclass(slots=True)
class Resumed:
    """A resumed match: its game, the state where it stopped, and its autosave to go on with."""

    game: Game[Any]
    state: State
    autosave: Autosave
    bots: tuple[str | None, ...] = ()
    actions: int = 0


class Autosave(LogWriter):
    """Keeps one match on disk as its replay log, rewritten atomically after every action."""

    def __init__(
        self,
        store: Store,
        match_id: str,
        game: Game[Any],
        state: State,
        extra: Mapping[str, Any] | None = None,
        lines: Iterable[str] = (),
    ) -> None:
        super().__init__(None, game, state, extra, lines)
        self.store = store
        self.id = match_id
        self.game = game
        self.state = state
        self.path = store.saves / f"{match_id}.jsonl"
        self.finished: HistoryEntry | None = None

    def action(self, seat: int, action: object, events: Iterable[Event]) -> None:
        """Add one applied action and its events, then save; a finished match goes to history."""
        super().action(seat, action, events)
        atomic_write(self.path, self.text())
        if self.finished is None and self.game.result(self.state) is not None:
            self.finished = self.store.archive(self)

    def rewind(self, lines: list[str], state: State) -> None:
        """Go back to an earlier log (a move taken back) whose match stands at `state`; save it."""
        super().rewind(lines, state)
        self.state = state
        atomic_write(self.path, self.text())
