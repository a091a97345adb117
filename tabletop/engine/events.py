"""Events: what happened, omniscient, with secrets marked for the seats that may see them."""

from __future__ import annotations

from typing import Any, NamedTuple


class Secret(NamedTuple):
    """A value only `seats` may see; others see how many items it holds."""

    seats: frozenset[int]
    value: Any


class Event(NamedTuple):
    """One thing that happened: a type name and JSON-ready fields (may hold Secrets)."""

    type: str
    data: dict[str, Any]

    def to_json(self, seat: int | None = None, omniscient: bool = True) -> dict[str, Any]:
        """The event as JSON: omniscient, or as seen by `seat` (None: a spectator)."""
        out: dict[str, Any] = {"type": self.type}
        for key, value in self.data.items():
            out[key] = _reveal(value) if omniscient else _redact(value, seat)
        return out


def _reveal(value: Any) -> Any:
    if isinstance(value, Secret):
        return _reveal(value.value)
    if isinstance(value, (list, tuple)):
        return [_reveal(v) for v in value]
    if isinstance(value, dict):
        return {k: _reveal(v) for k, v in value.items()}
    return value


def _redact(value: Any, seat: int | None) -> Any:
    if isinstance(value, Secret):
        if seat is not None and seat in value.seats:
            return _redact(value.value, seat)
        inner = value.value
        return {"hidden": len(inner) if isinstance(inner, (list, tuple)) else 1}
    if isinstance(value, (list, tuple)):
        return [_redact(v, seat) for v in value]
    if isinstance(value, dict):
        return {k: _redact(v, seat) for k, v in value.items()}
    return value
