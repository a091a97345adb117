"""Messages, not sentences: what the engine says, as a value each viewer renders in its language.

A `Msg` holds the English source text with named `{placeholders}` (the gettext msgid) and its
parameters. Parameters that a viewer names in its own words are typed: `Card`, `Cards`, `Seat`,
`Suit`; numbers stay numbers and a nested `Msg` is rendered in turn. Plain strings are shown
verbatim (option keys, action texts). `str(msg)` is the English sentence with default names.
"""

from __future__ import annotations

from collections.abc import Callable
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


class Msg(tuple[str, str, tuple[tuple[str, Any], ...]]):
    """An immutable message: English source text (the msgid), its context and parameters.

    A tuple underneath (text, context, sorted parameters), so building, hashing and comparing
    one is cheap: games build many per View.
    """

    __slots__ = ()

    def __new__(cls, text: str, /, *, ctx: str = "", **params: Param) -> Msg:
        """A message; TypeError for a parameter that is not a Card, Cards, Seat, Suit, number,
        str or Msg.
        """
        if params:
            for key, value in params.items():
                if type(value) not in _PARAM_TYPES:
                    kind = type(value).__name__
                    raise TypeError(f"Msg parameter {key} has unsupported type {kind}")
            items = tuple(sorted(params.items())) if len(params) > 1 else tuple(params.items())
            return tuple.__new__(cls, (text, ctx, items))
        return tuple.__new__(cls, (text, ctx, ()))

    @property
    def text(self) -> str:
        """The English source text with {placeholders}: the msgid."""
        return self[0]

    @property
    def msgid(self) -> str:
        """Which message this is, whatever its parameters, to look up what a layer keeps about
        that message (a lesson's rule behind a refusal); never to read a fact from."""
        return self[0]

    @property
    def context(self) -> str:
        """The msgctxt that tells apart equal short texts ("" if none)."""
        return self[1]

    @property
    def params(self) -> tuple[tuple[str, Param], ...]:
        """The parameters, sorted by name."""
        return self[2]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        args = [repr(self.text)]
        if self.context:
            args.append(f"ctx={self.context!r}")
        args += [f"{k}={v!r}" for k, v in self.params]
        return f"Msg({', '.join(args)})"

    def __str__(self) -> str:
        """The English text, by the renderer the translation layer installs when it is
        imported (`set_renderer`): the engine renders nothing itself. Before that, `repr`."""
        return _RENDERER[0](self) if _RENDERER else repr(self)

    def __bool__(self) -> bool:
        return bool(self.text)

    def param(self, key: str) -> Param:
        """The value of one parameter (KeyError if absent)."""
        return dict(self.params)[key]

    def to_json(self) -> dict[str, Any]:
        """JSON form: {"msg": text, "ctx": context (if any), "params": {name: value}}."""
        text, context, params = self
        out: dict[str, Any] = {"msg": text}
        if context:
            out["ctx"] = context
        if params:
            out["params"] = {k: _param_json(v) for k, v in params}
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


_PARAM_TYPES = frozenset({Card, Cards, Seat, Suit, int, float, str, Msg})

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


_RENDERER: list[Callable[[Msg], str]] = []
"""The one function that turns a Msg into English text for `str` (set by tabletop.i18n)."""


def set_renderer(render: Callable[[Msg], str]) -> None:
    """Make `str(msg)` give `render(msg)`: the translation layer's English, for errors and logs."""
    _RENDERER[:] = [render]
