"""The replay log: JSON Lines, omniscient and self-contained (see docs/replay-format.md)."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any

from tabletop.engine.errors import ParseError, ReplayDivergence, TabletopError
from tabletop.engine.events import Event
from tabletop.engine.game import Game, State
from tabletop.engine.registry import get_game

FORMAT = 2
"""The newest format. Format 2 adds the order of every face-down deck a game deals from (secret
to every seat) where format 1 lacked it; format-1 logs still read and replay."""

FORMATS = (1, 2)
"""The formats `replay` reads."""

ADDED_IN_2 = "log_fields_added_in_2"
"""A Game's attribute naming, per event type, the fields format 1 did not record."""


def log_format(game: Game[Any]) -> int:
    """The format a game's logs are written in: 2 for a game whose events gained fields in 2.

    The other games' events already held every deck in format 1, so their logs stay format 1,
    byte for byte.
    """
    return FORMAT if getattr(game, ADDED_IN_2, None) else 1


def header(game: Game[Any], state: State) -> dict[str, Any]:
    """The first line of a log for this match."""
    return {
        "type": "header",
        "format": log_format(game),
        "game": game.info.id,
        "players": state.players,
        "seed": state.seed,
        "options": state.options,
        "names": list(state.names),
    }


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


class LogWriter:
    """Writes a match's replay log as it is played: header, opening events, then each action
    and its events, one JSON object a line.

    Every line is kept in `lines`; `out` (a text file), when given, also receives each one as
    it is written. `extra` adds keys to the header (the app's `bots`). `lines` given: go on
    with a log written so far (ending at `state`) instead of starting a new one.
    """

    def __init__(
        self,
        out: IO[str] | None,
        game: Game[Any],
        state: State,
        extra: Mapping[str, Any] | None = None,
        lines: Iterable[str] = (),
    ) -> None:
        self._out = out
        self.lines: list[str] = [text for text in lines if text.strip()]
        if not self.lines:
            self._write({**header(game, state), **(extra or {})})
            self.events(state.opening)

    def _write(self, obj: dict[str, Any]) -> None:
        line = _line(obj)
        self.lines.append(line)
        if self._out is not None:
            self._out.write(line + "\n")

    def action(self, seat: int, action: object, events: Iterable[Event]) -> None:
        """Record one applied action and the events it produced."""
        self._write({"type": "action", "seat": seat, "action": str(action)})
        self.events(events)

    def events(self, events: Iterable[Event]) -> None:
        """Record events (omniscient)."""
        for ev in events:
            self._write(ev.to_json())

    def rewind(self, lines: list[str], state: State) -> None:
        """Go back to an earlier log (a move taken back) whose match stands at `state`.

        Only the kept `lines` change: a writer that also streams to a file cannot take lines back.
        """
        if self._out is not None:
            raise ValueError("a log streamed to a file cannot be rewound")
        self.lines = list(lines)

    def text(self) -> str:
        """The whole log as one text, each line ending in a newline."""
        return "\n".join(self.lines) + "\n"

    def flush(self) -> None:
        """Flush the underlying file, if any."""
        if self._out is not None:
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
    game, state, actions, _events = deque(replay_steps(lines), maxlen=1)[0]
    return Replayed(game, state, actions)


def replay_steps(
    lines: Sequence[str] | Iterable[str],
) -> Iterator[tuple[Game[Any], State, int, list[Event]]]:
    """Re-run a log step by step: (game, state, actions applied, that step's events).

    The first step is the deal (0 actions, the opening events); the state is the live one, so a
    caller reads what it needs before asking for the next step. ReplayDivergence names the
    first line that differs from what the engine does with the header's seed.
    """
    records = list(read_lines(lines))
    if not records or records[0][1].get("type") != "header":
        raise ReplayDivergence(1, "the first line is not a header")
    number, head = records[0]
    version = head.get("format")
    if version not in FORMATS or type(version) is not int:
        raise ReplayDivergence(number, f"unsupported log format {version!r}")
    try:
        game = get_game(str(head["game"]))
        state = game.setup(int(head["players"]), head.get("options") or {}, int(head["seed"]))
    except (KeyError, ValueError, TypeError, TabletopError) as err:
        raise ReplayDivergence(number, f"cannot set up the match: {err}") from None
    if "names" in head:
        state.names = tuple(head["names"])
    added: dict[str, frozenset[str]] = getattr(game, ADDED_IN_2, {}) if version == 1 else {}
    pos = _expect(records, 1, state.opening, added)
    actions = 0
    yield game, state, actions, list(state.opening)
    while pos < len(records):
        number, rec = records[pos]
        if rec["type"] != "action":
            raise ReplayDivergence(number, f"expected an action, found {rec['type']!r}")
        try:
            events = game.apply(state, int(rec["seat"]), str(rec["action"]))
        except (KeyError, ValueError, TypeError, TabletopError) as err:
            raise ReplayDivergence(number, f"action {rec.get('action')!r} fails: {err}") from None
        actions += 1
        pos = _expect(records, pos + 1, events, added)
        yield game, state, actions, events


def _expect(
    records: list[tuple[int, dict[str, Any]]],
    pos: int,
    events: Iterable[Event],
    added: dict[str, frozenset[str]],
) -> int:
    for ev in events:
        want = _normal(ev.to_json())
        for key in added.get(ev.type, ()):
            want.pop(key, None)
        if pos >= len(records):
            line = records[-1][0] + 1 if records else 1
            raise ReplayDivergence(line, f"log ends where the engine produces {want['type']!r}")
        number, got = records[pos]
        if got != want:
            raise ReplayDivergence(number, _difference(got, want))
        pos += 1
    return pos


def _difference(got: dict[str, Any], want: dict[str, Any]) -> str:
    """Which field of a logged event disagrees with the engine's, and how."""
    if got.get("type") != want.get("type"):
        return f"log has {got} but the engine produces {want}"
    kind = want["type"]
    for key in [*want, *(k for k in got if k not in want)]:
        if key not in got:
            return f"{kind!r} lacks the field {key!r} (the engine has {want[key]})"
        if key not in want:
            return f"{kind!r} has a field {key!r} the engine does not produce"
        if got[key] != want[key]:
            return (
                f"{kind!r} field {key!r} differs from what the engine does with this seed: "
                f"log has {got[key]}, the engine has {want[key]}"
            )
    return f"log has {got} but the engine produces {want}"
