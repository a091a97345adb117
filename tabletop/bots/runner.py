"""Plays whole matches with computer players, optionally writing the replay log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import IO, Any

from tabletop.bots.base import Bot, feed, make_bot
from tabletop.engine.game import Game, Result, State
from tabletop.engine.log import LogWriter

MAX_ACTIONS = 1_000_000


def bot_seed(seed: int, seat: int) -> int:
    """The private seed of the computer player at `seat` in a match dealt from `seed`.

    The one recipe for every table that knows the match's seed: `simulate`, the bench, the
    app and a LAN host. Replays do not depend on it (a log holds the actions), but `simulate`
    logs do, so it stays as it is.
    """
    return seed * 1009 + seat + 1


def seat_bots(game: Game[Any], names: Sequence[str], players: int, seed: int) -> list[Bot]:
    """One bot per seat; a shorter list of names is repeated to fill the seats."""
    names = list(names) or ["random"]
    return [
        make_bot(game.info.id, names[i % len(names)], bot_seed(seed, i)) for i in range(players)
    ]


def play_match(
    game: Game[Any],
    players: int,
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    log: IO[str] | None = None,
    seated: Sequence[Bot] | None = None,
    state: State | None = None,
    first: int | None = None,
) -> tuple[State, Result]:
    """Play one match to the end; every bot sees only its own seat's View and events.

    `seated` gives ready-made players (one per seat) instead of the `bots` names; `state` a
    match already set up instead of a fresh deal; `first` a seat that acts before the others
    whenever several may act (otherwise the lowest seat does).
    """
    if state is None:
        state = game.setup(players, options, seed)
    seated = list(seated) if seated is not None else seat_bots(game, bots, players, seed)
    writer = LogWriter(log, game, state) if log is not None else None
    feed(seated, state.opening)
    for _ in range(MAX_ACTIONS):
        acting = game.to_act(state)
        if not acting:
            break
        seat = first if first in acting else min(acting)
        action = seated[seat].choose(game.view(state, seat))
        events = game.apply(state, seat, action)
        feed(seated, events)
        if writer is not None:
            writer.action(seat, action, events)
    result = game.result(state)
    if result is None:
        raise RuntimeError(f"{game.info.id} did not end within {MAX_ACTIONS} actions")
    return state, result
