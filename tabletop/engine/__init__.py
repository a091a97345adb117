"""The pure-Python engine: cards, RNG, the Game protocol, actions, events, views and logs."""

from tabletop.engine.actions import Action
from tabletop.engine.errors import (
    BadOption,
    IllegalAction,
    ParseError,
    ReplayDivergence,
    TabletopError,
    UnknownGame,
)
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import Game, GameInfo, Option, Result, State
from tabletop.engine.registry import all_games, get_game, register
from tabletop.engine.rng import Rng
from tabletop.engine.text import EMPTY, Card, Cards, Msg, Seat, Suit
from tabletop.engine.views import BACK, HIDDEN, PUBLIC, Counter, Move, View, Zone, private

__all__ = [
    "BACK",
    "EMPTY",
    "HIDDEN",
    "PUBLIC",
    "Action",
    "BadOption",
    "Card",
    "Cards",
    "Counter",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Move",
    "Msg",
    "Option",
    "ParseError",
    "ReplayDivergence",
    "Result",
    "Rng",
    "Seat",
    "Secret",
    "State",
    "Suit",
    "TabletopError",
    "UnknownGame",
    "View",
    "Zone",
    "all_games",
    "get_game",
    "private",
    "register",
]
