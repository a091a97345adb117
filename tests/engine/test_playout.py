"""`Game.playout`: random play to the end (or to a horizon state's round end), the same moves
as one at a time through `choices` and `apply_nth`, however fast a game plays them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.bench import usual_count
from tabletop.engine.game import Game, State
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.rng import Rng
from tabletop.games.pass_tricks import PassTrickGame

CASES = [
    pytest.param(game, n, id=f"{game.info.id}-{n}p")
    for game in all_games()
    for n in sorted({game.info.min_players, usual_count(game), game.info.max_players})
]

PASS_TRICK_GAMES = ["second-third", "seltsam-walzer"]
"""The games that play their playouts whole tricks at a time."""


def move_by_move(game: Game[Any], state: State, rng: Rng) -> None:
    """The moves `playout` promises: the lowest acting seat's `rng.below(choices)`-th, until no
    seat acts or, at a horizon, the round has ended."""
    start = state.match.round
    while acting := game.to_act(state):
        if state.horizon and state.match.round != start:
            return
        seat = min(acting)
        game.apply_nth(state, seat, rng.below(game.choices(state, seat)))


def after(game: Game[Any], state: State, rng: Rng) -> str:
    """Everything that can tell two ends of play apart, as text: the table, the seats to act,
    the scores and result, and where the state's and the chooser's generators stand."""
    return json.dumps(
        {
            "zones": [z.to_json() for z in game.zones(state)],
            "acting": sorted(game.to_act(state)),
            "scores": state.match.scores,
            "round": [state.match.round, state.match.dealer],
            "result": None if state.result is None else state.result.to_json(),
            "deals": state.rng.below(1 << 40),
            "chooser": rng.below(1 << 40),
        },
        sort_keys=True,
        default=str,
    )


def positions(game: Game[Any], players: int, seed: int, quiet: bool) -> list[State]:
    """Positions from one match played a move at a time: its start, then every few moves
    (passes pending, tricks begun and about to be led, later deals)."""
    state = game.setup(players, None, seed, quiet=quiet)
    chooser = Rng(seed + 100)
    found = [game.clone(state)]
    moves = 0
    while acting := game.to_act(state):
        seat = min(acting)
        game.apply_nth(state, seat, chooser.below(game.choices(state, seat)))
        moves += 1
        if moves % (3 + seed % 4) == 0 and len(found) < 24:
            found.append(game.clone(state))
    return found


def check_same_moves(game: Game[Any], start: State, seed: int, horizon: bool) -> None:
    """`playout` from `start` ends where move-by-move play with the same chooser ends."""
    fast = game.clone(start, horizon=horizon)
    slow = game.clone(start, horizon=horizon)
    fast_rng, slow_rng = Rng(seed), Rng(seed)
    game.playout(fast, fast_rng)
    move_by_move(game, slow, slow_rng)
    assert after(game, fast, fast_rng) == after(game, slow, slow_rng)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_playout_makes_the_moves_of_play_one_move_at_a_time(
    game: Game[Any], players: int
) -> None:
    """From positions all through a match, with and without a record and a horizon."""
    for seed, quiet in ((1, True), (2, False)):
        for i, start in enumerate(positions(game, players, seed, quiet)[::3]):
            for horizon in (False, True):
                check_same_moves(game, start, seed * 1000 + i, horizon)


@pytest.mark.parametrize("game_id", PASS_TRICK_GAMES)
@pytest.mark.parametrize("players", [3, 4])
def test_whole_tricks_at_a_time_make_the_same_moves_everywhere(game_id: str, players: int) -> None:
    """The pass-and-trick games' own playout, from every kind of position over many seeds."""
    game = get_game(game_id)
    assert type(game).playout is not Game.playout
    assert isinstance(game, PassTrickGame)
    seen = set()
    for seed in range(12):
        for i, start in enumerate(positions(game, players, seed, quiet=seed % 2 == 0)):
            seen.add((start.phase, bool(start.trick)))
            check_same_moves(game, start, seed * 100 + i, horizon=i % 2 == 0)
    # passes pending, a trick begun, a trick about to be led
    assert seen >= {("pass", False), ("play", True), ("play", False)}


def test_a_playout_at_its_horizon_stops_where_its_round_ends() -> None:
    """A horizon state plays only its round; without a horizon, the match to its end."""
    game = get_game("second-third")
    start = game.setup(4, None, 3, quiet=True)
    stopped = game.clone(start, horizon=True)
    game.playout(stopped, Rng(7))
    full = game.clone(start)
    game.playout(full, Rng(7))
    assert len(stopped.match.scores) == 1 and stopped.result is None
    assert not game.to_act(stopped)
    assert len(full.match.scores) == 4 and full.result is not None
    assert full.match.scores[0] == stopped.match.scores[0]
