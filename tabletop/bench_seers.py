"""Players only `tabletop bench` seats: they read the true state, every hand and the stock.

They measure what a seat's hidden information is worth, to tell a game whose luck caps every
player from one whose computer player could still do better. No table, log or `--bots` can
seat them: they are made here, for one match, from its State.
"""

from __future__ import annotations

import time
from typing import Any

from tabletop.bots.base import Bot, bot_names, make_bot, unknown_bot
from tabletop.bots.search import make_search, value_of
from tabletop.bots.worlds import Memory
from tabletop.engine.game import Game, State
from tabletop.engine.rng import Rng
from tabletop.engine.views import View

SEER = "seer"
"""The search player reading the true state where `search` samples worlds from its View."""

ORACLE = "oracle"
"""The player that plays every move out from the true state with every seat's rule of thumb."""

ORACLE_ROLLOUTS = 2
"""Rollouts of every move per decision when the oracle has neither a time nor a count."""

ABOUT = {
    SEER: "the search player reading the true state (every hand, the stock's order) instead "
    "of sampling worlds from its View",
    ORACLE: "every move played out from the true state with every seat's rule of thumb "
    "after it (it knows every hand, the stock's order and how each rival decides)",
}
"""What each all-seeing player is, as the bench prints it above its rows."""

MAX_ACTIONS = 100_000
"""Most actions one rollout of the oracle may take before it is scored where it stands."""


def seer_names(game_id: str) -> list[str]:
    """The all-seeing players the bench can pit in a game."""
    known = bot_names(game_id)
    return [name for name, needs in ((SEER, "search"), (ORACLE, "thumb")) if needs in known]


def make_seer(
    game: Game[Any],
    name: str,
    state: State,
    seed: int,
    think: float | None,
    iterations: int | None,
) -> Bot:
    """The all-seeing player `name` for the match being played in `state`."""
    seers = seer_names(game.info.id)
    if name not in seers:
        raise unknown_bot(game.info.id, name, seers)
    if name == ORACLE:
        return Oracle(game, state, seed, think, iterations)

    def true_world(game: Game[Any], view: View, memory: Memory, rng: Rng) -> State:
        """The match as it stands, whatever the seat was shown."""
        world: State = game.clone(state)
        return world

    factory = make_search(game.info.id, think, iterations, sampler=true_world)
    assert factory is not None  # seer_names offers the seer only where search exists
    return factory(seed)


class Oracle:
    """Every legal move played out from the true state, all seats then playing by their rule
    of thumb (it too), round after round until the budget is spent; the best mean is played.

    It knows every hand, the order of the stock and how each rival decides, but not the
    random numbers a rival breaks ties or samples with: about the most a player could know.
    """

    name = ORACLE

    def __init__(
        self,
        game: Game[Any],
        state: State,
        seed: int,
        think: float | None,
        iterations: int | None,
    ) -> None:
        self.game = game
        self.state = state
        self.rng = Rng(seed)
        self.think = think
        self.iterations = iterations
        self.guide = make_bot(game.info.id, "thumb", seed)

    def choose(self, view: View) -> str:
        """The move with the best mean rollout value (the guide's choice among equals)."""
        start = time.perf_counter()
        moves = [m.action for m in view.moves]
        hint = self.guide.choose(view)
        if len(moves) == 1:
            return moves[0]
        seat = view.seat
        assert seat is not None
        totals = [0.0] * len(moves)
        rounds = 0
        while not self._spent(rounds, len(moves), start):
            seed = self.rng.below(1 << 62)
            for i, move in enumerate(moves):
                totals[i] += self._rollout(seat, move, seed)
            rounds += 1
        best = max(range(len(moves)), key=lambda i: (totals[i], moves[i] == hint))
        return moves[best]

    def _spent(self, rounds: int, moves: int, start: float) -> bool:
        """True once every move was played out as often as the budget allows (at least once)."""
        if rounds == 0:
            return False
        if self.iterations is not None:
            return rounds * moves >= self.iterations
        if self.think is not None:
            return time.perf_counter() - start >= self.think
        return rounds >= ORACLE_ROLLOUTS

    def _rollout(self, seat: int, move: str, seed: int) -> float:
        """The value for `seat` of `move` played in the true state, rules of thumb after."""
        game = self.game
        world = game.clone(self.state, quiet=True)
        game.apply(world, seat, move)
        players = [make_bot(game.info.id, "thumb", seed + i) for i in range(world.players)]
        for _ in range(MAX_ACTIONS):
            acting = game.to_act(world)
            if not acting:
                break
            actor = min(acting)
            game.apply(world, actor, players[actor].choose(game.view(world, actor)))
        return value_of(world, seat)
