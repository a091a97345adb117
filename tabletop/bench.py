"""`tabletop bench`: random matches per second per game, and computer-player strength."""

from __future__ import annotations

import time
from collections.abc import Sequence

from tabletop.bots.base import bot_names
from tabletop.bots.runner import play_match
from tabletop.engine.game import Game, State
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.rng import Rng


def random_match(game: Game, players: int, seed: int, rng: Rng) -> State:
    """Play one match choosing uniformly among `legal_actions` (the public protocol)."""
    state = game.setup(players, None, seed)
    to_act, legal, apply = game.to_act, game.legal_actions, game.apply
    acting = to_act(state)
    while acting:
        for seat in acting:
            actions = legal(state, seat)
            if actions:
                apply(state, seat, actions[rng.below(len(actions))])
                break
        acting = to_act(state)
    return state


def matches_per_second(game: Game, players: int, seconds: float) -> tuple[float, float]:
    """Random matches/s and rounds/s over about `seconds`."""
    rng = Rng(12345)
    done = rounds = 0
    start = time.perf_counter()
    while True:
        state = random_match(game, players, done, rng)
        done += 1
        rounds += len(state.match.scores)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed, rounds / elapsed


def strength(game: Game, players: int, bot: str, matches: int) -> tuple[float, float]:
    """Win share of `bot` and of `random` in the same rotating seat against random players."""
    shares = []
    for candidate in (bot, "random"):
        won = 0.0
        for m in range(matches):
            seat = m % players
            bots = ["random"] * players
            bots[seat] = candidate
            _, result = play_match(game, players, bots, seed=10_000 + m)
            if seat in result.winners:
                won += 1 / len(result.winners)
        shares.append(won / matches)
    return shares[0], shares[1]


def run(seconds: float = 1.0, matches: int = 200, only: Sequence[str] | None = None) -> None:
    """Print every figure of the bench."""
    games = [get_game(g) for g in only] if only else all_games()
    print("random play through the public protocol (setup, to_act, legal_actions, apply);")
    print("a round is one deal (second-third target: 6,000 four-player deals/s)")
    for game in games:
        info = game.info
        typical = min(max(4, info.min_players), info.max_players)
        counts = sorted({info.min_players, typical, info.max_players})
        for n in counts:
            mps, rps = matches_per_second(game, n, seconds)
            print(f"  {info.id:<16} {n:>2}p  {mps:9.1f} matches/s  {rps:9.1f} rounds/s")
    print(f"rule-of-thumb vs random ({matches} matches each, seat rotating, ties shared)")
    for game in games:
        info = game.info
        names = [b for b in bot_names(info.id) if b != "random"]
        for bot in names:
            n = max(info.min_players, min(4, info.max_players))
            mine, base = strength(game, n, bot, matches)
            print(
                f"  {info.id:<16} {n}p  {bot}: wins {mine:6.1%}   random in its seat: "
                f"{base:6.1%}   fair share {1 / n:6.1%}"
            )
