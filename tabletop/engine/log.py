"""The replay log: JSON Lines, omniscient and self-contained (see docs/replay-format.md)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any

from tabletop.engine.errors import ParseError, ReplayDivergence, TabletopError
from tabletop.engine.events import Event
from tabletop.engine.game import Game, State
from tabletop.engine.registry import get_game

FORMAT = 1


def header(game: Game[Any], state: State) -> dict[str, Any]:
    """The first line of a log for this match."""
    return {
        "type": "header",
        "format": FORMAT,
        "game": game.info.id,
        "players": state.players,
        "seed": state.seed,
        "options": state.options,
        "names": list(state.names),
    }


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


class LogWriter:
    """Writes a match as JSON Lines: header, opening events, then each action and its events."""

    def __init__(self, out: IO[str], game: Game[Any], state: State) -> None:
        self._out = out
        self._write(header(game, state))
        self.events(state.opening)

    def _write(self, obj: dict[str, Any]) -> None:
        self._out.write(_line(obj) + "\n")

    def action(self, seat: int, action: object, events: Iterable[Event]) -> None:
        """Record one applied action and the events it produced."""
        self._write({"type": "action", "seat": seat, "action": str(action)})
        self.events(events)

    def events(self, events: Iterable[Event]) -> None:
        """Record events (omniscient)."""
        for ev in events:
            self._write(ev.to_json())

    def flush(self) -> None:
        """Flush the underlying file."""
        self._out.flush()


@dataclass(slots=True)
class Replayed:
    """A replayed match: its game, final state and the number of actions applied."""

    game: Game[Any]
    state: State
    actions: int


def read_lines(lines: Iterable[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Numbered JSON objects of a log; ParseError names the first unreadable line."""
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as err:
            raise ParseError(f"line {number}: not JSON ({err.msg})") from None
        if not isinstance(obj, dict) or "type" not in obj:
            raise ParseError(f"line {number}: not a log record (no type)")
        yield number, obj


def _normal(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def replay(lines: Sequence[str] | Iterable[str]) -> Replayed:
    """Re-run a log through the engine; ReplayDivergence names the first line that differs."""
    records = list(read_lines(lines))
    if not records or records[0][1].get("type") != "header":
        raise ReplayDivergence(1, "the first line is not a header")
    number, head = records[0]
    if head.get("format") != FORMAT:
        raise ReplayDivergence(number, f"unsupported log format {head.get('format')!r}")
    try:
        game = get_game(str(head["game"]))
        state = game.setup(int(head["players"]), head.get("options") or {}, int(head["seed"]))
    except (KeyError, ValueError, TypeError, TabletopError) as err:
        raise ReplayDivergence(number, f"cannot set up the match: {err}") from None
    if "names" in head:
        state.names = tuple(head["names"])
    pos = 1
    pos = _expect(records, pos, state.opening)
    actions = 0
    while pos < len(records):
        number, rec = records[pos]
        if rec["type"] != "action":
            raise ReplayDivergence(number, f"expected an action, found {rec['type']!r}")
        try:
            events = game.apply(state, int(rec["seat"]), str(rec["action"]))
        except (KeyError, ValueError, TypeError, TabletopError) as err:
            raise ReplayDivergence(number, f"action {rec.get('action')!r} fails: {err}") from None
        actions += 1
        pos = _expect(records, pos + 1, events)
    return Replayed(game, state, actions)


def _expect(records: list[tuple[int, dict[str, Any]]], pos: int, events: Iterable[Event]) -> int:
    for ev in events:
        want = _normal(ev.to_json())
        if pos >= len(records):
            line = records[-1][0] + 1 if records else 1
            raise ReplayDivergence(line, f"log ends where the engine produces {want['type']!r}")
        number, got = records[pos]
        if got != want:
            raise ReplayDivergence(number, f"log has {got} but the engine produces {want}")
        pos += 1
    return pos
