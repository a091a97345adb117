"""The registry of games by id."""

from __future__ import annotations

import importlib

from tabletop.engine.errors import UnknownGame
from tabletop.engine.game import Game

_GAMES: dict[str, Game] = {}

GAME_MODULES = (
    "seltsam_walzer",
    "second_third",
    "pokered_trick",
    "wild_rawz",
    "hagetaka",
    "hagetaka_party",
    "interaction",
    "trump_duel",
    "triq",
)


def register(game: Game) -> Game:
    """Add a game under its info.id; returns it so modules can write `GAME = register(...)`."""
    _GAMES[game.info.id] = game
    return game


def _load_all() -> None:
    for name in GAME_MODULES:
        importlib.import_module(f"tabletop.games.{name}")


def get_game(game_id: str) -> Game:
    """The registered game with this id; UnknownGame lists the known ids."""
    if game_id not in _GAMES:
        _load_all()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGame(f"No game {game_id!r}; known games: {known}.") from None


def all_games() -> list[Game]:
    """Every registered game, in menu order."""
    _load_all()
    return list(_GAMES.values())
