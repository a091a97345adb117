"""Saving and restoring a host's table: the autosaved log, the seats file beside it, and
rebuilding the match from them."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine.events import Event
from tabletop.engine.game import Game, State
from tabletop.engine.log import LogWriter, read_lines, replay
from tabletop.net.seating import Seating
from tabletop.seats import SeatSpec
from tabletop.store import atomic_write


def sidecar(autosave: Path) -> Path:
    """The seats file kept beside the autosave at `autosave`."""
    return autosave.with_name(autosave.name + ".seats.json")


def write_seats(
    autosave: Path,
    seats: Seating,
    salt: bytes,
    secret: int,
    table: dict[str, Any] | None,
    nonces: list[str | None] | None,
) -> None:
    """Write the seats file (kinds, names, tokens, the commitment's salt and the host's part of
    the shuffle) beside `autosave` (OSError if it cannot)."""
    rows = [
        {"kind": s.spec.kind, "bot": s.spec.bot, "name": s.name, "token": s.token} for s in seats
    ]
    meta = {"salt": salt.hex(), "secret": secret, "table": table, "nonces": nonces, "seats": rows}
    atomic_write(sidecar(autosave), json.dumps(meta))


@dataclass
class Saved:
    """A saved match as read back: its log lines, header, seats and the host's fairness part."""

    lines: list[str]
    head: dict[str, Any]
    seats: list[dict[str, Any]]
    """Each seat's saved row: kind, bot, name, token."""
    secret: int
    """The host's own part of the shuffle (the log's seed for a seats file without one)."""
    salt: bytes | None
    """The commitment's salt (None in the seats file of an older version)."""
    table: dict[str, Any] | None
    nonces: list[str | None] | None

    @property
    def specs(self) -> list[SeatSpec]:
        """Who sits at each seat, as the host was made with."""
        return [SeatSpec.of_kind(s["kind"], s.get("bot"), s.get("name", "")) for s in self.seats]


def read_saved(autosave: Path) -> Saved:
    """Read the match saved at `autosave` and its seats file (the log is replayed to check it)."""
    lines = autosave.read_text(encoding="utf-8").splitlines()
    replay(lines)
    saved_meta = json.loads(sidecar(autosave).read_text(encoding="utf-8"))
    head = next(read_lines(lines))[1]
    # The seats file of an older version is the bare list of seats, with no salt.
    if not isinstance(saved_meta, dict):
        return Saved(lines, head, saved_meta, int(head["seed"]), None, None, None)
    secret = saved_meta.get("secret")
    return Saved(
        lines,
        head,
        saved_meta["seats"],
        int(head["seed"]) if secret is None else int(secret),
        bytes.fromhex(str(saved_meta["salt"])),
        saved_meta.get("table"),
        saved_meta.get("nonces"),
    )


@dataclass
class Rebuilt:
    """A match replayed from its log: the state, a writer continuing the log, every step's
    events and how many actions were played."""

    state: State
    writer: LogWriter
    story: list[list[Event]]
    seq: int


def rebuild(
    game: Game[Any], options: dict[str, Any], seed: int, lines: list[str], log: io.StringIO
) -> Rebuilt:
    """Replay `lines` into a fresh state, writing the log again into `log`."""
    records = [rec for _, rec in read_lines(lines)]
    head = records[0]
    state = game.setup(int(head["players"]), options, seed)
    state.names = tuple(head.get("names") or state.names)
    writer = LogWriter(log, game, state)
    story = [state.opening]
    seq = 0
    for rec in records[1:]:
        if rec["type"] == "action":
            seat, text = int(rec["seat"]), str(rec["action"])
            events = game.apply(state, seat, text)
            writer.action(seat, text, events)
            story.append(events)
            seq += 1
    return Rebuilt(state, writer, story, seq)
