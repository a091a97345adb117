"""Actions: a verb and arguments, with a text form that parses back exactly."""

from __future__ import annotations

import re
from typing import NamedTuple

from tabletop.engine.errors import ParseError

_VERB = re.compile(r"[a-z][a-z0-9_-]*\Z")
_ARG = re.compile(r"[A-Za-z0-9_+\-.=:]+\Z")


class Action(NamedTuple):
    """One decision of one seat, e.g. `play R14`, `pass B3 G8`, `declare in`."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args)) if self.args else self.verb

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text form; raise ParseError if it is not one."""
        if not isinstance(text, str):
            raise ParseError(f"An action must be text, not {type(text).__name__}.")
        parts = text.split()
        if not parts:
            raise ParseError("An empty text is not an action.")
        verb, *args = parts
        if not _VERB.match(verb):
            raise ParseError(f"{verb!r} is not an action verb.")
        for arg in args:
            if not _ARG.match(arg):
                raise ParseError(f"{arg!r} is not a valid action argument.")
        return cls(verb, tuple(args))

    def to_json(self) -> str:
        """The JSON form is the text form."""
        return str(self)
