"""The search player: determinized Monte Carlo search over worlds sampled from its own seat.

Each iteration samples a world consistent with the seat's View and memory (`bots.worlds`) and
plays every candidate move out in it to the end of the round (to the end of the match in a game
whose rounds are single fights over a prize, where what a move spends matters in the rounds
after), with uniformly random moves or the game's own cheap playout policy where it has one,
the same playout for each candidate (the same generator, so they are compared on equal terms);
the candidate with the best mean value is played. The candidates are the legal moves, or for
wide choices (passing two cards of thirteen) the rule-of-thumb player's choice and a random
sample of the rest. The search overrules the rule-of-thumb choice only where the playouts say
clearly (paired over the same worlds) that another move is better.

A game may ask instead for a tree of the seat's own moves (`register_search(tree=True)`): each
iteration's world is played from the candidates down a tree of the seat's own later moves in
that round, chosen by upper confidence bounds over the moves legal in that world (the others
move at random), and the most tried candidate is played. Nothing but the View and the redacted
events reaches either, so it plays the same at the table, in `simulate` and over the LAN.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from tabletop.bots.base import Bot, bot_names, make_bot, observe, register_bot
from tabletop.bots.worlds import Memory, WorldSampler, world_sampler
from tabletop.engine.actions import Action
from tabletop.engine.errors import IllegalAction
from tabletop.engine.game import Game, State
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.engine.views import View

DEFAULT_THINK = 1.0
"""Seconds of thought per decision when neither a time nor an iteration budget is given."""

ROLLOUT_LIMIT = 5000
"""Most actions one playout may take before it is scored where it stands."""

CONFIDENCE = 2.0
"""Standard errors by which a move must beat the guide's choice in playouts to be preferred."""

WIDE = 12
"""Most candidate moves searched: beyond, the guide's choice and a random sample of the rest."""

EXPLORE = 2.5
"""How widely the own-move tree tries moves: the upper bound's weight, in standard deviations
of the playout values seen so far (measured in Seltsam-Walzer: 0.3, 0.7 and 1.4 were weaker)."""

_WHOLE_MATCH: set[str] = set()
"""Games whose search plays out to the end of the match (`register_search`)."""

S = TypeVar("S", bound=State)

PlayoutPolicy = Callable[[S, int, Sequence[Action], Rng], int]
"""A game's cheap model of a player in playouts: from the world, the seat to act and its legal
moves there, the index of the move it makes (it must read only what that seat may see)."""

_POLICIES: dict[str, PlayoutPolicy[Any]] = {}
"""Games whose playouts move by their own policy instead of at random (`register_search`)."""

_TREE: set[str] = set()
"""Games whose search grows a tree of the seat's own moves (`register_search`)."""

_NOT_STRONGER: set[str] = set()
"""Games whose search measured no stronger than the rule-of-thumb player (`register_search`)."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the search expects of the move it chose, over the worlds it played it out in."""

    action: str
    points: float
    """The mean change of the seat's total by the end of the round (even where playouts go on
    to the end of the match)."""
    best: float | None
    """The share of those worlds in which it did at least as well as every other candidate
    (None from the own-move tree, which does not play every candidate in the same worlds)."""
    worlds: int
    """How many sampled worlds the move was played out in."""


class SearchBot:
    """Determinized Monte Carlo search from its own seat's View and memory."""

    name = "search"

    def __init__(
        self,
        game: Game[Any],
        sampler: WorldSampler[Any, Any],
        seed: int = 0,
        think: float | None = None,
        iterations: int | None = None,
        guide: Bot | None = None,
        whole_match: bool = False,
        policy: PlayoutPolicy[Any] | None = None,
        tree: bool = False,
    ) -> None:
        self.game = game
        self.tree = tree
        """Grow a tree of the seat's own moves instead of comparing candidates world by world."""
        self.whole_match = whole_match
        """Playouts go on to the end of the match, not only of the round."""
        self.policy = policy
        """How seats move in playouts (None: uniformly at random)."""
        self.sampler = sampler
        self.rng = Rng(seed)
        self.think = DEFAULT_THINK if think is None and iterations is None else think
        self.iterations = iterations
        self.guide = guide
        self.memory = Memory()
        self.thought = 0.0
        self.decisions = 0
        self.estimate: Estimate | None = None
        """What the last search expected of its move (None when nothing was searched)."""
        self.playouts = 0

    def observe(self, events: Sequence[dict[str, Any]]) -> None:
        """Remember what this seat was shown (and tell the guiding player)."""
        self.memory.add(events)
        observe(self.guide, events)

    def choose(self, view: View) -> str:
        """The candidate move with the best mean playout value over sampled worlds."""
        start = time.perf_counter()
        self.estimate = None
        moves = [m.action for m in view.moves]
        hint = self.guide.choose(view) if self.guide is not None else None
        if len(moves) == 1:
            return moves[0]
        candidates = moves
        if len(moves) > WIDE:
            rest = [m for m in moves if m != hint]
            ranked = getattr(self.guide, "ranked", None)
            if ranked is not None:  # the guide's best moves rather than a random few
                place = {m: k for k, m in enumerate(ranked(view))}
                rest = sorted(rest, key=lambda m: place.get(m, len(place)))
            else:
                rest = self.rng.sample(rest, min(WIDE, len(rest)))
            candidates = (([hint] if hint in moves else []) + rest)[:WIDE]
        search = self._grow if self.tree else self._search
        try:
            best = search(view, candidates, hint, start)
        except (IllegalAction, KeyError, IndexError, ValueError):
            # a table the sampler cannot rebuild (options it was not told): play the guide's
            # choice rather than stop the match
            best = hint if hint in moves else moves[0]
        self.thought += time.perf_counter() - start
        self.decisions += 1
        return best

    def _search(self, view: View, moves: list[str], hint: str | None, start: float) -> str:
        """Every candidate played out in each sampled world, with the same random playout.

        The best candidate by mean value is played if it beats the guide's choice by more
        than CONFIDENCE standard errors of their paired differences, else the guide's choice.
        """
        game, rng, seat, whole_match = self.game, self.rng, view.seat, self.whole_match
        policy = self.policy
        assert seat is not None
        k = len(moves)
        values: list[dict[int, float]] = [{} for _ in range(k)]
        gains: list[list[float]] = [[] for _ in range(k)]
        done = worlds = 0
        while not self._spent(done, start):
            world = self.sampler(game, view, self.memory, rng)
            seed = rng.below(1 << 62)
            total = total_of(world, seat)
            for j in range(k):
                if done and self._spent(done, start):
                    break
                i = (worlds + j) % k
                copy = game.clone(world, quiet=True, rng=Rng(seed), horizon=not whole_match)
                values[i][worlds], ended = playout(
                    game, copy, seat, moves[i], Rng(seed + 1), whole_match, policy
                )
                gains[i].append(ended - total)
                done += 1
            worlds += 1
        self.playouts += done
        chosen = self._pick(moves, values, hint)
        c = moves.index(chosen)
        played = [w for w in values[c] if all(w in v for v in values)]
        if played:
            best = sum(values[c][w] >= max(v[w] for v in values) for w in played) / len(played)
            points = sum(gains[c]) / len(gains[c])
            self.estimate = Estimate(chosen, points, best, len(values[c]))
        return chosen

    def _grow(self, view: View, moves: list[str], hint: str | None, start: float) -> str:
        """A tree of the seat's own moves over sampled worlds; the most tried candidate.

        Each iteration plays a fresh world down the tree: at each of the seat's turns in the
        round the move with the highest upper bound among those legal in that world (an untried
        one first), the other seats at random, until it reaches a move not tried before; from
        there random play to the round's end, whose value every move on the way is credited.
        """
        game, rng, seat = self.game, self.rng, view.seat
        assert seat is not None
        to_act, choices, apply_nth = game.to_act, game.choices, game.apply_nth
        root = _Node()
        gains = dict.fromkeys(moves, 0.0)
        done = 0
        total_sum = square_sum = 0.0
        while not self._spent(done, start):
            world = self.sampler(game, view, self.memory, rng)
            seed = rng.below(1 << 62)
            copy = game.clone(world, quiet=True, rng=Rng(seed), horizon=True)
            moves_rng = Rng(seed + 1)
            spread = 1.0
            if done > 1:
                spread = math.sqrt(max(square_sum / done - (total_sum / done) ** 2, 1e-9))
            round_no = copy.match.round
            first = _choose(root, moves, rng, spread)
            path = [root.kids[first]]
            game.apply(copy, seat, first)
            while path[-1].tried and copy.result is None and copy.match.round == round_no:
                acting = to_act(copy)
                if not acting:
                    break
                actor = min(acting)
                if actor != seat:
                    apply_nth(copy, actor, moves_rng.below(choices(copy, actor)))
                    continue
                node, legal = path[-1], game.legal_actions(copy, seat)
                if len(legal) > 1:
                    move = _choose(node, legal, rng, spread)  # adds every legal move's node
                else:
                    move = legal[0]
                    if move not in node.kids:
                        node.kids[move] = _Node()
                path.append(node.kids[move])
                game.apply(copy, seat, move)
            if copy.result is None and copy.match.round == round_no:
                game.playout(copy, moves_rng)
            value = value_of(copy, seat)
            total_sum += value
            square_sum += value * value
            gains[first] += total_of(copy, seat) - total_of(world, seat)
            for node in path:
                node.tried += 1
                node.value += value
            done += 1
        self.playouts += done
        chosen = max(moves, key=lambda m: (root.kids[m].tried if m in root.kids else -1, m == hint))
        tried = root.kids[chosen].tried if chosen in root.kids else 0
        if tried:
            self.estimate = Estimate(chosen, gains[chosen] / tried, None, tried)
        return chosen

    @staticmethod
    def _pick(moves: list[str], values: list[dict[int, float]], hint: str | None) -> str:
        """The best candidate by mean value if it clearly beats the guide's choice, else that."""
        k = len(moves)
        means = [sum(v.values()) / len(v) if v else -math.inf for v in values]
        best = max(range(k), key=lambda i: (means[i], moves[i] == hint, -i))
        if hint not in moves or moves[best] == hint:
            return moves[best]
        assert hint is not None
        base = values[moves.index(hint)]
        diffs = [v - base[w] for w, v in values[best].items() if w in base]
        if len(diffs) < 2:
            return hint
        mean = sum(diffs) / len(diffs)
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
        return moves[best] if mean > CONFIDENCE * spread / math.sqrt(len(diffs)) else hint

    def _spent(self, done: int, start: float) -> bool:
        """True once the playout or time budget is used up."""
        if self.iterations is not None and done >= self.iterations:
            return True
        return self.think is not None and time.perf_counter() - start >= self.think


class _Node:
    """One of the seat's own moves in the tree: how often it was tried, its summed value, how
    often it was legal when its parent was reached, and the seat's next moves below it."""

    __slots__ = ("kids", "offered", "tried", "value")

    def __init__(self) -> None:
        self.kids: dict[Any, _Node] = {}
        self.tried = 0
        self.value = 0.0
        self.offered = 0


def _choose(node: _Node, legal: Sequence[Any], rng: Rng, spread: float) -> Any:
    """An untried legal move at random, else the legal move with the highest upper bound
    (counting only the visits in which it was legal, as information-set search does)."""
    kids = node.kids
    fresh = []
    for move in legal:
        kid = kids.get(move)
        if kid is None:
            kid = kids[move] = _Node()
        kid.offered += 1
        if not kid.tried:
            fresh.append(move)
    if fresh:
        return fresh[rng.below(len(fresh))]
    weight = EXPLORE * spread
    best, top = legal[0], -math.inf
    for move in legal:
        kid = kids[move]
        bound = kid.value / kid.tried + weight * math.sqrt(math.log(kid.offered) / kid.tried)
        if bound > top:
            best, top = move, bound
    return best


def playout(
    game: Game[Any],
    world: State,
    seat: int,
    move: str,
    rng: Rng,
    whole_match: bool = False,
    policy: PlayoutPolicy[Any] | None = None,
) -> tuple[float, float]:
    """Play `move` for `seat` in `world`, then random play (`Game.playout`, or `policy`) to
    the round's end (or the match's); the value reached, and the seat's total when the round
    ended."""
    round_no = world.match.round
    game.apply(world, seat, move)
    if policy is None and world.horizon and not whole_match:
        if world.match.round == round_no:  # a world at its horizon plays only to the round's end
            game.playout(world, rng)
        return value_of(world, seat), total_of(world, seat)
    round_total: float | None = None
    to_act, choices, apply_nth = game.to_act, game.choices, game.apply_nth
    for _ in range(ROLLOUT_LIMIT):
        if world.result is not None:
            break
        if world.match.round != round_no:
            if round_total is None:
                round_total = total_of(world, seat)
            if not whole_match:
                break
        acting = to_act(world)
        if not acting:
            break
        actor = min(acting)
        if policy is None:
            apply_nth(world, actor, rng.below(choices(world, actor)))
        else:
            apply_nth(world, actor, policy(world, actor, game.legal_actions(world, actor), rng))
    return value_of(world, seat), total_of(world, seat) if round_total is None else round_total


def total_of(state: State, seat: int) -> float:
    """The seat's total in `state` (its final total once the match is over)."""
    result = state.result
    return float(result.totals[seat] if result is not None else state.match.totals[seat])


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


def make_search(
    game_id: str,
    think: float | None = None,
    iterations: int | None = None,
    sampler: WorldSampler[Any, Any] | None = None,
) -> Callable[[int], SearchBot] | None:
    """A factory of search players for a game (None if it has no world sampler).

    `sampler` replaces the game's own (the bench's all-seeing player); the game must still
    have one.
    """
    own = world_sampler(game_id)
    if own is None:
        return None
    worlds = sampler or own
    game = get_game(game_id)
    guided = "thumb" in bot_names(game_id)
    whole_match = game_id in _WHOLE_MATCH
    policy = playout_policy(game_id)
    tree = game_id in _TREE

    def factory(seed: int) -> SearchBot:
        guide = make_bot(game_id, "thumb", seed) if guided else None
        return SearchBot(game, worlds, seed, think, iterations, guide, whole_match, policy, tree)

    return factory


def playout_policy(game_id: str) -> PlayoutPolicy[Any] | None:
    """How seats move in a game's playouts (None: at random)."""
    bot_names(game_id)  # loads the game's player module, which registers its policy
    return _POLICIES.get(game_id)


def search_is_stronger(game_id: str) -> bool:
    """Whether a game's search player measured stronger than its rule-of-thumb player."""
    bot_names(game_id)  # loads the game's player module, which registers its search
    return game_id not in _NOT_STRONGER


def register_search(
    game_id: str,
    whole_match: bool = False,
    policy: PlayoutPolicy[S] | None = None,
    tree: bool = False,
    stronger: bool = True,
) -> None:
    """Offer `search` for a game whose module registered a world sampler; `whole_match`:
    its playouts go on to the end of the match (for rounds that are single fights); `policy`:
    how seats move in its playouts (default: at random); `tree`: grow a tree of the seat's own
    moves (random playouts to the round's end) instead of comparing candidates world by world;
    `stronger=False`: measured no stronger than the rule-of-thumb player, so no level offers it
    as stronger (it stays registered for `--bots search` and the bench)."""
    if not stronger:
        _NOT_STRONGER.add(game_id)
    if tree:
        _TREE.add(game_id)
    if whole_match:
        _WHOLE_MATCH.add(game_id)
    if policy is not None:
        _POLICIES[game_id] = policy
    factory = make_search(game_id)
    if factory is not None:
        register_bot(game_id, "search", factory)
