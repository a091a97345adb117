"""The Bot interface, the random player and the registry of players per game."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from tabletop.engine.errors import BadOption
from tabletop.engine.events import Event
from tabletop.engine.rng import Rng
from tabletop.engine.text import Msg
from tabletop.engine.views import View


class Bot(Protocol):
    """A computer player: picks one of `view.moves` by its action text.

    A player may also define `observe(events)`: it is then handed, after every action and for
    the opening deal, the events as its own seat sees them (see `feed`), so it can remember
    what was played and revealed. Players without it see only their Views.
    """

    name: str

    def choose(self, view: View) -> str:
        """The action text to play, chosen from the view's legal moves."""
        ...


def observe(bot: object, events: Sequence[dict[str, Any]]) -> None:
    """Hand `events` (already redacted for the bot's seat) to a bot that wants them."""
    hook = getattr(bot, "observe", None)
    if hook is not None:
        hook(events)


def feed(bots: Mapping[int, object] | Sequence[object], events: Iterable[Event]) -> None:
    """Give every bot (by seat) the events of one action as its own seat sees them."""
    events = list(events)
    seated = bots.items() if isinstance(bots, Mapping) else enumerate(bots)
    for seat, bot in seated:
        if getattr(bot, "observe", None) is not None:
            observe(bot, [e.to_json(seat, omniscient=False) for e in events])


class SeededBot:
    """Base of the computer players: a name and a private seeded RNG for tie-breaks."""

    name = "thumb"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)


class RandomBot(SeededBot):
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: View) -> str:
        """Any legal move, at random."""
        return self.rng.choice(view.moves).action


BotFactory = Callable[[int], Bot]
_BOTS: dict[str, dict[str, BotFactory]] = {}


def register_bot(game_id: str, name: str, factory: BotFactory) -> None:
    """Make a named computer player available for a game."""
    _BOTS.setdefault(game_id, {})[name] = factory


def _load(game_id: str) -> None:
    module = f"tabletop.bots.{game_id.replace('-', '_')}"
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name != module:
            raise


def bot_names(game_id: str) -> list[str]:
    """Names of the computer players available for a game, random first."""
    _load(game_id)
    return ["random", *sorted(_BOTS.get(game_id, {}))]


def make_bot(game_id: str, name: str, seed: int = 0) -> Bot:
    """A new computer player by name; BadOption lists the names that exist."""
    if name == "random":
        return RandomBot(seed)
    _load(game_id)
    factory = _BOTS.get(game_id, {}).get(name)
    if factory is None:
        raise unknown_bot(game_id, name, bot_names(game_id))
    return factory(seed)


def unknown_bot(game_id: str, name: str, names: Sequence[str]) -> BadOption:
    """The refusal of a computer player `name` a game does not have, listing `names`."""
    return BadOption(
        Msg(
            "No computer player {name} for {game}; choose from {names}.",
            name=repr(name),
            game=game_id,
            names=", ".join(names),
        )
    )
