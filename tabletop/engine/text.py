"""Messages, not sentences: what the engine says, as a value each viewer renders in its language.

A `Msg` holds the English source text with named `{placeholders}` (the gettext msgid) and its
parameters. Parameters that a viewer names in its own words are typed: `Card`, `Cards`, `Seat`,
`Suit`; numbers stay numbers and a nested `Msg` is rendered in turn. Plain strings are shown
verbatim (option keys, action texts). `str(msg)` is the English sentence with default names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Card:
    """A card parameter: its code, named by the viewer (e.g. AS → "A♠" or "♠A")."""

    code: str


@dataclass(frozen=True, slots=True)
class Cards:
    """Several cards, named by the viewer and joined in its language."""

    codes: tuple[str, ...]

    def __init__(self, codes: Any) -> None:
        object.__setattr__(self, "codes", tuple(codes))


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat parameter, rendered as the seat's name."""

    index: int


@dataclass(frozen=True, slots=True)
class Suit:
    """A suit parameter of the standard deck (S, H, D, C), named by the viewer."""

    letter: str


Param = Any
"""A parameter value: Card, Cards, Seat, Suit, int, float, str or Msg."""


class Msg:
    """An immutable message: English source text (the msgid), its context and parameters."""

    __slots__ = ("_hash", "context", "params", "text")

    text: str
    context: str
    params: tuple[tuple[str, Param], ...]

    def __init__(self, text: str, /, *, ctx: str = "", **params: Param) -> None:
        for key, value in params.items():
            if not isinstance(value, (Card, Cards, Seat, Suit, int, float, str, Msg)):
                raise TypeError(f"Msg parameter {key} has unsupported type {type(value).__name__}")
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "context", ctx)
        object.__setattr__(self, "params", tuple(sorted(params.items())))
        object.__setattr__(self, "_hash", hash((text, ctx, self.params)))

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("Msg is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Msg):
            return NotImplemented
        return (self.text, self.context, self.params) == (other.text, other.context, other.params)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        args = [repr(self.text)]
        if self.context:
            args.append(f"ctx={self.context!r}")
        args += [f"{k}={v!r}" for k, v in self.params]
        return f"Msg({', '.join(args)})"

    def __str__(self) -> str:
        from tabletop.i18n import render  # late: tabletop.i18n imports this module

        return render(self, "en")

    def __bool__(self) -> bool:
        return bool(self.text)

    def param(self, key: str) -> Param:
        """The value of one parameter (KeyError if absent)."""
        return dict(self.params)[key]

    def to_json(self) -> dict[str, Any]:
        """JSON form: {"msg": text, "ctx": context (if any), "params": {name: value}}."""
        out: dict[str, Any] = {"msg": self.text}
        if self.context:
            out["ctx"] = self.context
        if self.params:
            out["params"] = {k: _param_json(v) for k, v in self.params}
        return out

    @classmethod
    def from_json(cls, data: Any) -> Msg:
        """Read the JSON form back; ValueError if it is not one."""
        if not isinstance(data, dict) or not isinstance(data.get("msg"), str):
            raise ValueError(f"not a message: {str(data)[:80]}")
        ctx = data.get("ctx", "")
        params = data.get("params", {})
        if not isinstance(ctx, str) or not isinstance(params, dict):
            raise ValueError(f"not a message: {str(data)[:80]}")
        return cls(data["msg"], ctx=ctx, **{str(k): _param_from(v) for k, v in params.items()})


EMPTY = Msg("")
"""The empty message (no label)."""


def _param_json(value: Param) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, Card):
        return {"card": value.code}
    if isinstance(value, Cards):
        return {"cards": list(value.codes)}
    if isinstance(value, Seat):
        return {"seat": value.index}
    if isinstance(value, Suit):
        return {"suit": value.letter}
    return value


def _param_from(data: Any) -> Param:
    if isinstance(data, bool):
        raise ValueError("a message parameter cannot be true/false")
    if isinstance(data, (int, float, str)):
        return data
    if isinstance(data, dict):
        if "msg" in data:
            return Msg.from_json(data)
        if len(data) == 1:
            ((key, value),) = data.items()
            if key == "card" and isinstance(value, str):
                return Card(value)
            if key == "cards" and isinstance(value, list):
                return Cards(str(c) for c in value)
            if key == "seat" and isinstance(value, int) and not isinstance(value, bool):
                return Seat(value)
            if key == "suit" and isinstance(value, str):
                return Suit(value)
    raise ValueError(f"not a message parameter: {str(data)[:80]}")


def label(value: Any) -> Msg | Any:
    """A JSON label or value read back: a Msg when it is one's JSON form, else unchanged."""
    return Msg.from_json(value) if isinstance(value, dict) else value
