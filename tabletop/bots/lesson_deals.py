"""Find a lesson's deal: play seeds with rule-of-thumb players and keep one where the rules a
lesson means to show happen early (a developer's tool; lessons keep the moves it prints).

    uv run python -m tabletop.bots.lesson_deals trump-duel 2 --tries 400
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop.bots.base import Bot, feed, make_bot
from tabletop.bots.runner import bot_seed
from tabletop.engine.registry import get_game

Deal = tuple[list[tuple[int, str]], list[dict[str, Any]]]
"""A recorded deal: (seat, action) in order, and every event omniscient (JSON form)."""


def record(
    game_id: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    until: str = "round_end",
    bot: str = "thumb",
    prefer: Callable[[Sequence[str], int], str | None] | None = None,
) -> Deal:
    """Play one deal (to the first `until` event) with `bot` in every seat; `prefer` may pick
    a seat's move among its legal ones first (to steer a deal towards a rule)."""
    game = get_game(game_id)
    state = game.setup(players, dict(options or {}), seed)
    bots: dict[int, Bot] = {s: make_bot(game_id, bot, bot_seed(seed, s)) for s in range(players)}
    moves: list[tuple[int, str]] = []
    feed(bots, state.opening)
    events = [e.to_json(None, omniscient=True) for e in state.opening]
    while True:
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = acting[0]
        legal = [str(a) for a in game.legal_actions(state, seat)]
        chosen = prefer(legal, seat) if prefer is not None else None
        action = chosen or bots[seat].choose(game.view(state, seat))
        happened = game.apply(state, seat, action)
        moves.append((seat, str(action)))
        feed(bots, happened)
        events += [e.to_json(None, omniscient=True) for e in happened]
        if any(e.type == until for e in happened):
            break
    return moves, events


def main() -> None:
    """Print the shortest deals among the seeds tried that show every given event type."""
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--tries", type=int, default=200)
    parser.add_argument("--want", nargs="*", default=[])
    args = parser.parse_args()
    found = []
    for seed in range(1, args.tries + 1):
        moves, events = record(args.game, args.players, seed)
        kinds = {e["type"] for e in events}
        if all(w in kinds for w in args.want):
            found.append((len(moves), seed))
    for length, seed in sorted(found)[:10]:
        print(seed, length)


if __name__ == "__main__":
    main()
