"""Provable fairness of a LAN match: the host's seed commitment and each client's own check.

At the start the host commits to the seed with `commitment(seed, salt)` and sends it in
`welcome`; at the end it reveals the seed, the salt and the omniscient log. A client records
everything it received (`Received`) and `verify` checks, by itself, that the seed and salt
match the commitment, that the log's header holds that seed and replays through the engine,
and that every View and event received is exactly what the log shows its seat.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from tabletop.engine.errors import ParseError, ReplayDivergence
from tabletop.engine.log import read_lines, replay_steps
from tabletop.engine.text import Msg
from tabletop.i18n import render
from tabletop.store import atomic_write

DOMAIN = b"tabletop seed commitment 1\0"
"""The tag hashed before the seed, so a commitment cannot be mistaken for any other hash."""

SALT_BYTES = 16
"""Random bytes hashed after the seed, so a small seed cannot be found by trying them all."""

RECEIVED_FORMAT = 1
"""The format of a received file (docs/protocol.md, Provable fairness)."""

VERIFIED = Msg("Fair deal verified")
"""The reason of a verdict that found nothing wrong."""

SHOWN = 16
"""Hex digits of a commitment shown on screen (the whole of it is in tooltips and files)."""


def short(commitment_hex: str) -> str:
    """The first digits of a commitment in groups of four, as the lobby and the clients show it."""
    head = commitment_hex[:SHOWN]
    return " ".join(head[i : i + 4] for i in range(0, len(head), 4)) + " …"


def new_salt() -> bytes:
    """A fresh random salt from the operating system."""
    return secrets.token_bytes(SALT_BYTES)


def commitment(seed: int, salt: bytes) -> str:
    """SHA-256 (hex) over the domain tag, the seed in decimal, a NUL, and the salt."""
    if seed < 0:
        raise ValueError("a seed is never negative")
    return hashlib.sha256(DOMAIN + str(seed).encode("ascii") + b"\0" + salt).hexdigest()


@dataclass(slots=True)
class Verdict:
    """The outcome of a check: `ok`, and `reason`, what was verified or what failed (a Msg)."""

    ok: bool
    reason: Msg

    @property
    def message(self) -> str:
        """The reason in the current language."""
        return render(self.reason)

    def to_json(self) -> dict[str, Any]:
        """The verdict as stored with a match: the reason as a message and in English."""
        return {"ok": self.ok, "reason": self.reason.to_json(), "message": str(self.reason)}


@dataclass
class Received:
    """What one client received from the host, in order: the record a check runs on.

    `frames` holds each `events` frame and each View as the client held it (a `patch` already
    applied: type `view`), with its `seq`.
    """

    seat: int | None = None
    game: str | None = None
    commitment: str | None = None
    frames: list[dict[str, Any]] = field(default_factory=list)
    seed: int | None = None
    salt: str | None = None
    verdict: dict[str, Any] | None = None

    def lines(self) -> list[str]:
        """The record as JSON Lines (the received file)."""
        head = {
            "type": "received",
            "format": RECEIVED_FORMAT,
            "game": self.game,
            "seat": self.seat,
            "commitment": self.commitment,
        }
        out = [head, *self.frames]
        if self.seed is not None:
            out.append({"type": "reveal", "seed": self.seed, "salt": self.salt})
        if self.verdict is not None:
            out.append({"type": "verdict", **self.verdict})
        return [json.dumps(obj, ensure_ascii=False, separators=(",", ":")) for obj in out]

    def save(self, path: str | Path) -> None:
        """Write the received file (atomically)."""
        atomic_write(Path(path), "\n".join(self.lines()) + "\n")

    @classmethod
    def load(cls, lines: Iterable[str]) -> Received:
        """A received file read back; ParseError if it is not one."""
        records = [obj for _, obj in read_lines(lines)]
        if not records or records[0].get("type") != "received":
            raise ParseError("line 1: not a received file (no 'received' header)")
        head = records[0]
        if head.get("format") != RECEIVED_FORMAT:
            raise ParseError(f"line 1: unsupported received format {head.get('format')!r}")
        seat = head.get("seat")
        if seat is not None and type(seat) is not int:
            raise ParseError("line 1: 'seat' must be a seat number or null")
        out = cls(seat=seat, game=head.get("game"), commitment=head.get("commitment"))
        for number, obj in enumerate(records[1:], start=2):
            kind = obj["type"]
            if kind == "reveal":
                seed, salt = obj.get("seed"), obj.get("salt")
                if type(seed) is not int or not isinstance(salt, str):
                    raise ParseError(f"line {number}: a reveal needs an integer seed and a salt")
                out.seed, out.salt = seed, salt
            elif kind == "verdict":
                # The client's own verdict, stored with the match; a check recomputes it.
                out.verdict = {k: v for k, v in obj.items() if k != "type"}
            elif kind in ("events", "view") and type(obj.get("seq")) is int:
                out.frames.append(obj)
            else:
                raise ParseError(f"line {number}: not a received events or view frame")
        return out


def _first_difference(got: Any, want: Any, path: str = "") -> Msg:
    """Where two JSON values first differ, at a path such as `zones[3].cards`, and how."""
    if isinstance(got, dict) and isinstance(want, dict):
        for key in [*want, *(k for k in got if k not in want)]:
            where = f"{path}.{key}".lstrip(".")
            if key not in got:
                return Msg(
                    "{path} is missing (the log has {value})", path=where, value=_shown(want[key])
                )
            if key not in want:
                return Msg("{path} is not in the log", path=where)
            if got[key] != want[key]:
                return _first_difference(got[key], want[key], f"{path}.{key}")
    where = path.lstrip(".")
    if isinstance(got, list) and isinstance(want, list):
        if len(got) != len(want):
            if not where:
                return Msg(
                    "it holds {count} items, the log {logged}", count=len(got), logged=len(want)
                )
            return Msg(
                "{path} holds {count} items, the log {logged}",
                path=where,
                count=len(got),
                logged=len(want),
            )
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            if g != w:
                return _first_difference(g, w, f"{path}[{i}]")
    if not where:
        return Msg("it is {value}, the log has {logged}", value=_shown(got), logged=_shown(want))
    return Msg(
        "{path} is {value}, the log has {logged}",
        path=where,
        value=_shown(got),
        logged=_shown(want),
    )


def _shown(value: Any) -> str:
    """A JSON value as it is quoted in a verdict (at most 120 characters)."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:119] + "…"


def _normal(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def verify(log_lines: Iterable[str], received: Received) -> Verdict:
    """Check a revealed log against what one client received (see the module docstring)."""
    if received.commitment is None:
        return Verdict(False, Msg("No commitment was received at the start of the match."))
    if received.seed is None or received.salt is None:
        return Verdict(False, Msg("The host did not reveal the seed and salt."))
    try:
        salt = bytes.fromhex(received.salt)
    except ValueError:
        return Verdict(
            False, Msg("The revealed salt {salt} is not hexadecimal.", salt=received.salt[:80])
        )
    if commitment(received.seed, salt) != received.commitment:
        return Verdict(
            False,
            Msg(
                "The revealed seed {seed} and salt {salt} do not match the commitment "
                "{commitment} sent at the start.",
                seed=str(received.seed),
                salt=received.salt,
                commitment=received.commitment,
            ),
        )
    lines = list(log_lines)
    try:
        head = next(read_lines(lines))[1]
    except (ParseError, StopIteration):
        return Verdict(False, Msg("The revealed log has no readable header."))
    if head.get("seed") != received.seed:
        return Verdict(
            False,
            Msg(
                "The log's header seed {logged} is not the revealed seed {seed}.",
                logged=str(head.get("seed")),
                seed=str(received.seed),
            ),
        )
    if received.game is not None and head.get("game") != received.game:
        return Verdict(
            False,
            Msg(
                "The log is of {logged}, not {game}.",
                logged=str(head.get("game")),
                game=received.game,
            ),
        )
    seat = received.seat
    frames = received.frames
    for a, b in pairwise(frames):
        if b["seq"] < a["seq"]:
            return Verdict(
                False, Msg("The received frames go back from step {step}.", step=a["seq"])
            )
    pos = 0
    steps = -1
    try:
        for game, state, steps, events in replay_steps(lines):
            view_json: dict[str, Any] | None = None
            while pos < len(frames) and frames[pos]["seq"] == steps:
                frame = frames[pos]
                if frame["type"] == "events":
                    got = frame["events"]
                    want = _normal([e.to_json(seat, omniscient=False) for e in events])
                else:
                    if view_json is None:
                        view_json = _normal(game.view(state, seat).to_json())
                    got = {k: v for k, v in frame.items() if k not in ("type", "seq")}
                    want = view_json
                if got != want:
                    where = _first_difference(got, want)
                    if frame["type"] == "events":
                        return Verdict(
                            False,
                            Msg(
                                "The events frame received at step {step} differs from the log: "
                                "{where}.",
                                step=steps,
                                where=where,
                            ),
                        )
                    return Verdict(
                        False,
                        Msg(
                            "The View received at step {step} differs from the log: {where}.",
                            step=steps,
                            where=where,
                        ),
                    )
                pos += 1
    except (ReplayDivergence, ParseError) as err:
        return Verdict(False, Msg("The revealed log does not replay: {error}", error=str(err)))
    if pos < len(frames):
        return Verdict(
            False,
            Msg(
                "A frame was received at step {step}, but the log ends after {count} actions.",
                step=frames[pos]["seq"],
                count=steps,
            ),
        )
    views = [f["seq"] for f in frames if f["type"] == "view"]
    if not views:
        return Verdict(
            False, Msg("The log holds {count} actions but no View was received.", count=steps)
        )
    if views[-1] != steps:
        return Verdict(
            False,
            Msg(
                "The log holds {count} actions but the last View received was at step {step}.",
                count=steps,
                step=views[-1],
            ),
        )
    return Verdict(True, VERIFIED)
