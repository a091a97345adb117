"""The search player: determinized Monte Carlo search over worlds sampled from its own seat.

Each iteration samples a world consistent with the seat's View and memory (`bots.worlds`),
picks a root move by UCB1 over the moves of the View, and plays the world out to the end of
the round with uniformly random moves; the move with the best mean value is played. Nothing but
the View and the redacted events reaches it, so it plays the same at the table, in `simulate`
and over the LAN.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from tabletop.bots.base import register_bot
from tabletop.bots.worlds import Memory, WorldSampler, world_sampler
from tabletop.engine.game import Game, State
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.engine.views import View

DEFAULT_THINK = 1.0
"""Seconds of thought per decision when neither a time nor an iteration budget is given."""

ROLLOUT_LIMIT = 5000
"""Most actions one playout may take before it is scored where it stands."""

EXPLORE = 0.7
"""The UCB1 exploration constant, on values scaled to [0, 1]."""


class SearchBot:
    """Determinized UCB search from its own seat's View and memory."""

    name = "search"

    def __init__(
        self,
        game: Game,
        sampler: WorldSampler,
        seed: int = 0,
        think: float | None = None,
        iterations: int | None = None,
    ) -> None:
        self.game = game
        self.sampler = sampler
        self.rng = Rng(seed)
        self.think = DEFAULT_THINK if think is None and iterations is None else think
        self.iterations = iterations
        self.memory = Memory()
        self.thought = 0.0
        self.decisions = 0

    def observe(self, events: Sequence[dict[str, Any]]) -> None:
        """Remember what this seat was shown."""
        self.memory.add(events)

    def choose(self, view: View) -> str:
        """The move with the best mean playout value over sampled worlds."""
        moves = [m.action for m in view.moves]
        if len(moves) == 1:
            return moves[0]
        start = time.perf_counter()
        best = self._search(view, moves, start)
        self.thought += time.perf_counter() - start
        self.decisions += 1
        return best

    def _search(self, view: View, moves: list[str], start: float) -> str:
        game, rng, seat = self.game, self.rng, view.seat
        assert seat is not None
        visits = [0] * len(moves)
        totals = [0.0] * len(moves)
        lo, hi = math.inf, -math.inf
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if self.think is not None and done and time.perf_counter() - start >= self.think:
                break
            world = self.sampler(game, view, self.memory, rng)
            world.rng = Rng(rng.below(1 << 62))
            k = self._pick(visits, totals, done, lo, hi)
            value = playout(game, world, seat, moves[k], rng)
            visits[k] += 1
            totals[k] += value
            lo, hi = min(lo, value), max(hi, value)
            done += 1
        means = [t / v if v else -math.inf for t, v in zip(totals, visits, strict=True)]
        return moves[max(range(len(moves)), key=lambda i: (means[i], visits[i]))]

    def _pick(self, visits: list[int], totals: list[float], done: int, lo: float, hi: float) -> int:
        for i, v in enumerate(visits):
            if not v:
                return i
        span = hi - lo if hi > lo else 1.0
        log_n = math.log(done)

        def ucb(i: int) -> float:
            return (totals[i] / visits[i] - lo) / span + EXPLORE * math.sqrt(log_n / visits[i])

        return max(range(len(visits)), key=ucb)


def playout(game: Game, world: State, seat: int, move: str, rng: Rng) -> float:
    """Play `move` for `seat` in `world`, then random play to the round's end; its value."""
    game.apply(world, seat, move)
    round_no = world.match.round
    to_act, legal, apply = game.to_act, game.legal_actions, game.apply
    for _ in range(ROLLOUT_LIMIT):
        if world.result is not None or world.match.round != round_no:
            break
        acting = to_act(world)
        if not acting:
            break
        actor = min(acting)
        actions = legal(world, actor)
        apply(world, actor, actions[rng.below(len(actions))])
    return value_of(world, seat)


def value_of(state: State, seat: int) -> float:
    """How good `state` is for `seat`: the match won, else its lead over the others' mean."""
    result = state.result
    if result is not None:
        totals = result.totals
        won = 1.0 / len(result.winners) if seat in result.winners else 0.0
    else:
        totals = tuple(state.match.totals)
        won = 0.0
    others = [t for i, t in enumerate(totals) if i != seat]
    margin = totals[seat] - sum(others) / len(others)
    best_other = max(others)
    return margin + (totals[seat] - best_other) + 100.0 * won


def make_search(game_id: str, think: float | None = None, iterations: int | None = None) -> Any:
    """A factory of search players for a game (None if it has no world sampler)."""
    sampler = world_sampler(game_id)
    if sampler is None:
        return None
    game = get_game(game_id)

    def factory(seed: int) -> SearchBot:
        return SearchBot(game, sampler, seed, think, iterations)

    return factory


def register_search(game_id: str) -> None:
    """Offer `search` for a game whose module registered a world sampler."""
    factory = make_search(game_id)
    if factory is not None:
        register_bot(game_id, "search", factory)
