"""The registry of games by id, filled by discovering the modules of `tabletop.games`.

A game module registers its game on import (`GAME = register(TheGame())`); adding a game is
adding one module. Helper modules of the package (shared rules, family bases) register nothing.
"""

from __future__ import annotations

import importlib
import pkgutil
import unicodedata
from typing import Any

from tabletop.engine.errors import UnknownGame
from tabletop.engine.game import Game
from tabletop.engine.text import Msg

GAMES_PACKAGE = "tabletop.games"
"""The package whose every module is imported to find the games."""

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    """Add a game under its info.id; returns it so modules can write `GAME = register(...)`."""
    _GAMES[game.info.id] = game
    return game


def _load_all() -> None:
    package = importlib.import_module(GAMES_PACKAGE)
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{GAMES_PACKAGE}.{module.name}")


def get_game(game_id: str) -> Game[Any]:
    """The registered game with this id; UnknownGame lists the known ids."""
    if game_id not in _GAMES:
        _load_all()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGame(
            Msg("No game {game}; known games: {known}.", game=repr(game_id), known=known)
        ) from None


def all_games(lang: str = "en") -> list[Game[Any]]:
    """Every game, in menu order: by English title, or for Japanese (`lang` "ja") by the
    title's reading (kana order, voiced sounds beside their plain ones; symbols first)."""
    _load_all()
    if lang == "ja":
        return sorted(
            _GAMES.values(),
            key=lambda g: unicodedata.normalize("NFD", g.info.reading or g.info.title.casefold()),
        )
    return sorted(_GAMES.values(), key=lambda g: g.info.title_en.casefold())
