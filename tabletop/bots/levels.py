"""Levels of computer players as a person chooses them: Easy, Steady, Strong.

A level is a preference over the registered players: Easy is `random`, Steady the rule-of-thumb
player `thumb`, Strong the `search` player with the table's think budget. A game without the
preferred player gets the best one it has (Strong without `search` plays `thumb`). A level whose
player measured no stronger than the level below in a game is withheld there: the pickers show
it disabled and say why, so a level's name never promises what it does not play. Saved matches,
logs and `--bots` keep naming players by their registered name; a level only chooses one and
names it for people.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.bots.base import Bot, bot_names, make_bot
from tabletop.bots.search import make_search, search_is_stronger
from tabletop.engine.errors import BadOption
from tabletop.engine.text import Msg

TABLE_THINK = 1.0
"""Seconds the Strong player thinks per decision at a table (the app and a LAN host).

A lively game wants at most 1.5 s a move. The search checks its clock between playouts, so a
decision ends a playout after its budget (a few milliseconds, tens at party-size tables); 1.0 s
leaves that and the table's own work well inside 1.5 s, and it is the budget at which
`tabletop bench --strength` measures the search player, so Strong plays as strongly as reported.
"""


@dataclass(frozen=True, slots=True)
class Level:
    """A level: its key (as typed in `--seats`), its name and blurb for people, and the
    registered players it prefers, best first."""

    key: str
    title: Msg
    blurb: Msg
    prefers: tuple[str, ...]


LEVELS = (
    Level(
        "easy",
        Msg("Easy", ctx="level"),
        Msg("Plays any card it may, at random."),
        ("random",),
    ),
    Level(
        "steady",
        Msg("Steady", ctx="level"),
        Msg("Plays sound rules of thumb, at once."),
        ("thumb", "random"),
    ),
    Level(
        "strong",
        Msg("Strong", ctx="level"),
        Msg("Thinks ahead from what its seat has seen (about a second a move)."),
        ("search", "thumb", "random"),
    ),
)
"""Every level, weakest first."""

DEFAULT_LEVEL = "steady"
"""The level a new computer seat gets."""

_BY_KEY = {level.key: level for level in LEVELS}


def level(key: str) -> Level:
    """The level with this key (case-insensitive); BadOption names the levels."""
    found = _BY_KEY.get(key.strip().lower())
    if found is None:
        raise BadOption(
            Msg(
                "No level {name}; choose from {names}.",
                name=repr(key),
                names=", ".join(_BY_KEY),
            )
        )
    return found


def _plays(game_id: str, name: str, known: list[str]) -> bool:
    """Whether a level may choose this registered player in a game (a search player only
    where it measured stronger than the rule-of-thumb one)."""
    return name in known and (name != "search" or search_is_stronger(game_id))


def level_bot(game_id: str, key: str) -> str:
    """The registered player a level means in a game: its first preferred player there."""
    known = bot_names(game_id)
    return next(name for name in level(key).prefers if _plays(game_id, name, known))


def offered_levels(game_id: str) -> list[Level]:
    """The levels worth offering for a game: each one that plays differently from the one
    below it (all three where the game has `thumb` and `search`)."""
    out: list[Level] = []
    for lv in LEVELS:
        if not out or level_bot(game_id, lv.key) != level_bot(game_id, out[-1].key):
            out.append(lv)
    return out


def withheld_levels(game_id: str) -> list[tuple[Level, Level]]:
    """The levels a game has a player for but does not offer, each with the offered level it
    would play no better than (Strong where the search measured no stronger than Steady)."""
    known = bot_names(game_id)
    offered = offered_levels(game_id)
    return [
        (lv, next(o for o in offered if level_bot(game_id, o.key) == level_bot(game_id, lv.key)))
        for lv in LEVELS
        if lv not in offered and lv.prefers[0] in known
    ]


def bot_level(game_id: str, bot: str) -> Level | None:
    """The level a registered player is offered as in a game (None for one no level means)."""
    return next((lv for lv in offered_levels(game_id) if level_bot(game_id, lv.key) == bot), None)


def resolve_bot(game_id: str, text: str) -> str:
    """A computer player named by level (`strong`) or by its registered name (`search`).

    BadOption lists both the levels and the game's players when the text is neither.
    """
    key = text.strip()
    if key.lower() in _BY_KEY:
        return level_bot(game_id, key)
    known = bot_names(game_id)
    if key in known:
        return key
    raise BadOption(
        Msg(
            "No computer player {name} for {game}; choose a level ({levels}) or one of {names}.",
            name=repr(key),
            game=game_id,
            levels=", ".join(_BY_KEY),
            names=", ".join(known),
        )
    )


def table_player(game_id: str, bot: str, seed: int) -> Bot:
    """A computer player for a table seat: the registered one, the search player with the
    table's think budget (`TABLE_THINK`)."""
    if bot == "search":
        factory = make_search(game_id, think=TABLE_THINK)
        if factory is not None:
            return factory(seed)
    return make_bot(game_id, bot, seed)
