"""What the launcher lists about a game before any rules are loaded: its `GameInfo` and the
`Option`s it offers (kept apart from `game`, whose imports the launcher does not need)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.cards import Deck
from tabletop.engine.errors import BadOption
from tabletop.engine.text import EMPTY, Msg


@dataclass(frozen=True, slots=True)
class Option:
    """A game option: key, default, allowed values (choices) or an int range, and the words
    a person reads: `label` (its name), `help` (one line on what it does) and `choice_labels`
    (one per choice, in order)."""

    key: str
    default: Any
    help: Msg
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label: Msg = EMPTY
    choice_labels: tuple[Msg, ...] = ()

    def value_label(self, value: Any) -> Msg:
        """The value as a person reads it: its choice's label, yes / no, else as written."""
        if self.choice_labels and value in self.choices:
            return self.choice_labels[self.choices.index(value)]
        if isinstance(value, bool):
            return Msg("yes", ctx="option") if value else Msg("no", ctx="option")
        return Msg("{value}", value=str(value))

    def parse(self, text: str) -> Any:
        """Read a value for this option from text, with the type of its default."""
        default = self.default
        try:
            if isinstance(default, bool):
                lowered = text.strip().lower()
                if lowered not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                    raise ValueError(text)
                value: Any = lowered in ("true", "1", "yes", "on")
            elif isinstance(default, int):
                value = int(text)
            elif isinstance(default, float):
                value = float(text)
            else:
                value = text
        except ValueError:
            raise BadOption(
                Msg("Option {key} does not accept {text}.", key=self.key, text=repr(text))
            ) from None
        return self.check(value)

    def check(self, value: Any) -> Any:
        """Return the value if allowed, else raise BadOption."""
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise BadOption(
                Msg(
                    "Option {key} must be one of {allowed}, not {value}.",
                    key=self.key,
                    allowed=allowed,
                    value=repr(value),
                )
            )
        if self.minimum is not None and value < self.minimum:
            raise BadOption(
                Msg("Option {key} must be at least {minimum}.", key=self.key, minimum=self.minimum)
            )
        if self.maximum is not None and value > self.maximum:
            raise BadOption(
                Msg("Option {key} must be at most {maximum}.", key=self.key, maximum=self.maximum)
            )
        return value


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the launcher and `tabletop games` show about a game.

    `deck` names the card family (`Deck`) so the table and the renderer can draw and name its
    cards without knowing the game; every View carries it in its `deck` hint. `often_played`
    names the player counts, beside the usual one, where the game is often played (measured
    too by `tabletop bench`). `reading` is the Japanese title in hiragana, which orders the
    Japanese game list (empty: the title itself, as for a title that is not Japanese words).
    """

    id: str
    title: str
    title_en: str
    designer: str | Msg
    min_players: int
    max_players: int
    summary: Msg
    options: tuple[Option, ...] = ()
    recommended: str = ""
    deck: Deck = Deck.STANDARD
    often_played: tuple[int, ...] = ()
    reading: str = ""

    def wrong_count(self, players: int, title: str = "") -> Msg:
        """Why `players` seats cannot play this game ("2 players" when only one count plays);
        the English title unless another is given."""
        game = title or self.title_en
        if self.min_players == self.max_players:
            return Msg(
                "{game} is for {count} players, not {players}.",
                game=game,
                count=self.min_players,
                players=players,
            )
        return Msg(
            "{game} is for {low}–{high} players, not {players}.",
            game=game,
            low=self.min_players,
            high=self.max_players,
            players=players,
        )

    def option(self, key: str) -> Option:
        """The option with this key (BadOption if unknown)."""
        for opt in self.options:
            if opt.key == key:
                return opt
        raise BadOption(Msg("{game} has no option {key}.", game=self.title_en, key=repr(key)))

    def check_players(self, players: int) -> None:
        """Refuse a player count outside the game's range (BadOption saying the range)."""
        if not self.min_players <= players <= self.max_players:
            raise BadOption(self.wrong_count(players))
