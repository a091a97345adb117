"""The registry of games by id, filled by discovering the modules of `tabletop.games`.

A game module registers its game on import (`GAME = register(TheGame())`); adding a game is
adding its module and the module of its info (`INFO`, in `tabletop.games.info`, which the game
module imports). Helper modules of either package (shared rules, family bases) register and
hold no info. The games' infos are listed without loading any game's rules (`all_infos`).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import unicodedata
from types import ModuleType
from typing import TYPE_CHECKING, Any

from tabletop.engine.errors import UnknownGame
from tabletop.engine.info import GameInfo
from tabletop.engine.text import Msg

if TYPE_CHECKING:
    from tabletop.engine.game import Game

GAMES_PACKAGE = "tabletop.games"
"""The package whose every module is imported to find the games."""
INFOS_PACKAGE = "tabletop.games.info"
"""The package whose every module with an `INFO` holds one game's info."""
LESSONS_PACKAGE = "tabletop.games.coach"
"""The package whose modules hold the games' lessons (`engine.coach`), each named as its game's
module."""

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    """Add a game under its info.id; returns it so modules can write `GAME = register(...)`."""
    _GAMES[game.info.id] = game
    return game


def package_modules(name: str) -> list[ModuleType]:
    """Every module of the package `name`, imported (how games, infos and lessons are found)."""
    package = importlib.import_module(name)
    return [
        importlib.import_module(f"{name}.{module.name}")
        for module in pkgutil.iter_modules(package.__path__)
    ]


def _load_all() -> None:
    package_modules(GAMES_PACKAGE)


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


def all_infos(lang: str = "en") -> list[GameInfo]:
    """Every game's info in menu order (as `all_games`), without loading any game's rules."""
    found = (getattr(module, "INFO", None) for module in package_modules(INFOS_PACKAGE))
    infos = [info for info in found if isinstance(info, GameInfo)]
    return sorted(infos, key=lambda info: _menu_key(info, lang))


def all_games(lang: str = "en") -> list[Game[Any]]:
    """Every game, in menu order: by English title, or for Japanese (`lang` "ja") by the
    title's reading (kana order, voiced sounds beside their plain ones; symbols first)."""
    _load_all()
    return sorted(_GAMES.values(), key=lambda g: _menu_key(g.info, lang))


def _menu_key(info: GameInfo, lang: str) -> str:
    if lang == "ja":
        return unicodedata.normalize("NFD", info.reading or info.title.casefold())
    return info.title_en.casefold()


def has_lesson(game_id: str) -> bool:
    """Whether the game has a guided first deal, known without loading any lesson or game: its
    lesson is the module of `LESSONS_PACKAGE` named as the game's module (the id, "_" for "-")."""
    return importlib.util.find_spec(f"{LESSONS_PACKAGE}.{game_id.replace('-', '_')}") is not None
