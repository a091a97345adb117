"""Specific errors raised by the engine; refusals and option errors carry a `Msg`."""

from __future__ import annotations

from tabletop.engine.text import Msg


class TabletopError(Exception):
    """Base class of every error the engine raises on purpose."""


class ParseError(TabletopError, ValueError):
    """A text (action, option, log line) that cannot be read at all."""


class IllegalAction(TabletopError):
    """A well-formed action the rules do not allow now; `reason` (a Msg) says why."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return str(self.reason)


class BadOption(TabletopError, ValueError):
    """An unknown game option or a value outside its allowed range; `message` (a Msg) says so."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class UnknownGame(TabletopError, KeyError):
    """A game id that is not registered; `message` (a Msg) names the known ones."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class ReplayDivergence(TabletopError):
    """A replay log that the engine does not reproduce; `line` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


class CodedError(TabletopError):
    """A fault named by a short `code` for programs, with a `reason` (a Msg) for people."""

    def __init__(self, code: str, reason: Msg) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason

    def __str__(self) -> str:
        return str(self.reason)
