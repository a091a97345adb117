"""Specific errors raised by the engine; every message is a sentence a player can read."""


class TabletopError(Exception):
    """Base class of every error the engine raises on purpose."""


class ParseError(TabletopError, ValueError):
    """A text (action, option, log line) that cannot be read at all."""


class IllegalAction(TabletopError):
    """A well-formed action the rules do not allow now; `reason` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BadOption(TabletopError, ValueError):
    """An unknown game option or a value outside its allowed range."""


class UnknownGame(TabletopError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class ReplayDivergence(TabletopError):
    """A replay log that the engine does not reproduce; `line` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message
