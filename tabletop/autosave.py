"""A match kept on disk as it is played (`Autosave`: `start` a new one), and a match resumed
from its save (`resume`), in a `tabletop.store.Store`'s folder. Apart from the store so that
listing the saves and the history does not load the rules' machinery when there is nothing to
replay."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tabletop.engine.errors import ParseError, ReplayDivergence
from tabletop.engine.events import Event
from tabletop.engine.game import Game, State
from tabletop.engine.log import LogWriter, replay
from tabletop.store import HistoryEntry, Store, atomic_write, seat_bots


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
            self.finished = self.store.archive(
                self.id, self.path, self.text(), self.game, self.state
            )

    def rewind(self, lines: list[str], state: State) -> None:
        """Go back to an earlier log (a move taken back) whose match stands at `state`; save it."""
        super().rewind(lines, state)
        self.state = state
        atomic_write(self.path, self.text())


def start(
    store: Store, game: Game[Any], state: State, bots: Sequence[str | None] | None = None
) -> Autosave:
    """Begin saving a new match in `store` (its header and opening deal are written at once).

    `bots` (per seat a computer player's name, None for a person) goes into the header.
    """
    match_id = datetime.now().strftime("%Y%m%d-%H%M%S-") + f"{time.time_ns() % 1_000_000:06d}"
    extra = {"bots": list(bots)} if bots is not None else None
    save = Autosave(store, match_id, game, state, extra)
    atomic_write(save.path, save.text())
    return save


def resume(store: Store, match_id: str) -> Resumed:
    """Re-run a save to where it stopped; DamagedSave (file moved aside) if it cannot be."""
    path = store.saves / f"{match_id}.jsonl"
    lines = store.read_save(path)
    try:
        done = replay(lines)
    except (ParseError, ReplayDivergence) as err:
        raise store.quarantine(path, str(err)) from None
    return Resumed(
        done.game,
        done.state,
        Autosave(store, match_id, done.game, done.state, lines=lines),
        seat_bots(lines, done.state.players),
        done.actions,
    )
