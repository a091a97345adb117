"""Provable fairness of a LAN match: a deal no one chooses alone, and each client's own check.

Before anyone joins, the host commits to its own secret number (`commitment(seed, salt)`, sent
in every `welcome`). Each player's client makes a random `nonce` and sends only its `pledge`
(a hash) in its hello. When the match starts the host sends the `table`: the game, options,
seats and every pledge, fixed from then on. Only then does each client show its nonce; once
all are in, the host sends them to everyone (`deal`) and deals with `deal_seed`, a hash of its
secret, the table and every nonce in seat order: nobody, the host included, could know or
choose it before the last nonce was shown. Everyone can compare the `table_code` aloud.

At the end the host reveals its secret, the salt and the omniscient log. A client records
everything it received and every move it sent (`Received`), and `verify` checks, by itself,
that the secret matches the commitment, that the log was dealt from the shared seed with the
game, options and seats of the table, that every View and event received is exactly what the
log shows its seat, and that the log's moves of its seat are the ones it sent.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.errors import ParseError, ReplayDivergence, TabletopError
from tabletop.engine.log import read_lines, replay_steps
from tabletop.engine.registry import get_game
from tabletop.engine.text import Msg
from tabletop.i18n import render
from tabletop.store import atomic_write

DOMAIN = b"tabletop seed commitment 1\0"
"""The tag hashed before the seed, so a commitment cannot be mistaken for any other hash."""

PLEDGE_DOMAIN = b"tabletop shuffle pledge 1\0"
"""The tag hashed before a client's nonce to make its pledge."""

DEAL_DOMAIN = b"tabletop shared deal 1\0"
"""The tag hashed before the host's secret, the table and the nonces to make the deal's seed."""

CODE_DOMAIN = b"tabletop table code 1\0"
"""The tag of the table code everyone compares aloud."""

RECORD_DOMAIN = b"tabletop record code 1\0"
"""The tag of the code of the revealed record, compared aloud after the match."""

SALT_BYTES = 16
"""Random bytes hashed after the seed, so a small seed cannot be found by trying them all."""

NONCE_BYTES = 16
"""Random bytes a client adds to the shuffle."""

RANDOM_FROM = 1 << 64
"""A seed below this was not drawn at random for a real match (typed in, or a test's)."""

RECEIVED_FORMAT = 2
"""The format of a received file written now (docs/protocol.md, Provable fairness); 1 is read."""

VERIFIED = Msg("Fair deal verified")
"""The reason of a verdict that found nothing wrong."""

SHOWN = 16
"""Hex digits of a commitment shown in technical details (the whole of it is in files)."""

# What a player reads: one plain sentence per kind of outcome (the detail is one click away).
EVERYONE_SHUFFLED = Msg(
    "Everyone helped shuffle: the deal was fixed before anyone saw a card, and this computer "
    "checked every card you were shown."
)
HOST_ALONE = Msg(
    "No one at another computer helped shuffle, so the host alone chose the deal; this "
    "computer checked every card it was shown."
)
JOINED_LATE = Msg(
    "The other players helped shuffle before you came back to this seat from here, and this "
    "computer checked every card you were shown since."
)
NOT_SHOWN = Msg("Not verified: the host did not show its seed.")
BAD_SHUFFLE = Msg("The deal was not the shuffle everyone made together.")
BAD_CARDS = Msg("The cards you were shown are not the ones in the host's record of the match.")
BAD_MOVE = Msg("The host's record changes a move you made.")
FORGED_MOVE = Msg("The host's record holds a move for your seat that you never made.")
BAD_TABLE = Msg("The host's record is of another game, other settings or other players.")
EARLY = Msg("The host showed its seed before the match was over, which a fair host never does.")
NOT_RANDOM = Msg("The deal was not drawn at random: its number was chosen by a person.")


def short(commitment_hex: str) -> str:
    """The first digits of a commitment in groups of four (technical details only)."""
    head = commitment_hex[:SHOWN]
    return " ".join(head[i : i + 4] for i in range(0, len(head), 4)) + " …"


def new_salt() -> bytes:
    """A fresh random salt from the operating system."""
    return secrets.token_bytes(SALT_BYTES)


def new_nonce() -> str:
    """A client's fresh random part of the shuffle, as hex."""
    return secrets.token_hex(NONCE_BYTES)


def commitment(seed: int, salt: bytes) -> str:
    """SHA-256 (hex) over the domain tag, the seed in decimal, a NUL, and the salt."""
    if seed < 0:
        raise ValueError("a seed is never negative")
    return hashlib.sha256(DOMAIN + str(seed).encode("ascii") + b"\0" + salt).hexdigest()


def pledge(nonce: str) -> str:
    """SHA-256 (hex) over the pledge tag and a nonce's bytes (ValueError if not hex)."""
    return hashlib.sha256(PLEDGE_DOMAIN + bytes.fromhex(nonce)).hexdigest()


def canonical(value: Any) -> bytes:
    """A JSON value as the one byte string every side hashes (sorted keys, no spaces)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def deal_seed(secret: int, table: dict[str, Any], nonces: Sequence[str | None]) -> int:
    """The seed a match is dealt with: a 128-bit hash of the host's secret, the table and
    every nonce in seat order; the host's secret alone when no person added a nonce."""
    if not any(nonces):
        return secret
    digest = hashlib.sha256(
        DEAL_DOMAIN
        + str(secret).encode("ascii")
        + b"\0"
        + canonical(table)
        + b"\0"
        + canonical(list(nonces))
    ).digest()
    return (1 << 128) + int.from_bytes(digest[:16], "big")


def _digits(digest: bytes) -> str:
    number = int.from_bytes(digest[:8], "big") % 10**8
    text = f"{number:08d}"
    return f"{text[:4]} {text[4:]}"


def table_code(table: dict[str, Any], nonces: Sequence[str | None]) -> str:
    """Eight digits from the table and every nonce: the same on every screen of a fair table."""
    return _digits(
        hashlib.sha256(CODE_DOMAIN + canonical(table) + canonical(list(nonces))).digest()
    )


def record_code(log: str, seed: int, salt: str) -> str:
    """Eight digits from the revealed log and secret: the same for every seat of a fair table."""
    data = RECORD_DOMAIN + str(seed).encode("ascii") + b"\0" + salt.encode() + b"\0" + log.encode()
    return _digits(hashlib.sha256(data).digest())


def persons(table: dict[str, Any] | None) -> int:
    """How many seats of a table are played from another computer (they pledge a nonce)."""
    if table is None:
        return 0
    return sum(1 for p in table.get("pledges") or [] if p)


@dataclass(slots=True)
class Verdict:
    """The outcome of a check.

    `ok`; `summary`, one plain sentence for a player; `reason`, the technical detail (a Msg);
    `shown`, False when the host never showed its seed (so nothing could be checked).
    """

    ok: bool
    reason: Msg
    summary: Msg = EVERYONE_SHUFFLED
    shown: bool = True
    table_code: str | None = None
    """The code of the table and the shuffle, to compare aloud (None if there was none)."""
    record_code: str | None = None
    """The code of the record the host revealed, to compare aloud (None if it revealed none)."""

    @property
    def fair(self) -> bool:
        """True when the check passed and every player helped shuffle (the green tick)."""
        return self.ok and self.summary == EVERYONE_SHUFFLED

    @property
    def message(self) -> str:
        """The technical reason in the current language."""
        return render(self.reason)

    def to_json(self) -> dict[str, Any]:
        """The verdict as stored with a match: the reasons as messages, and in English."""
        return {
            "ok": self.ok,
            "shown": self.shown,
            "summary": self.summary.to_json(),
            "reason": self.reason.to_json(),
            "message": str(self.reason),
            "table_code": self.table_code,
            "record_code": self.record_code,
        }


def failed(summary: Msg, reason: Msg) -> Verdict:
    """A check that found something wrong."""
    return Verdict(False, reason, summary)


def unverified(reason: Msg) -> Verdict:
    """No check was possible: the host did not show its seed (`reason` says when)."""
    return Verdict(False, reason, NOT_SHOWN, shown=False)


@dataclass
class Received:
    """What one client was told by the host and what it did, in order: the record a check
    runs on.

    `frames` holds each `events` frame (with its `ack`, and `person`: whether this seat was
    played by its person then, not a computer stand-in), each View as the client held it (a
    `patch` already applied: type `view`) with its `seq`, and a `connect` marker at each
    welcome. `sent` holds every move this client sent (`ref`, `action`). `welcome` is what the
    host announced (game, players, options); `table` and `nonces` the table and shuffle.
    """

    seat: int | None = None
    game: str | None = None
    commitment: str | None = None
    frames: list[dict[str, Any]] = field(default_factory=list)
    seed: int | None = None
    salt: str | None = None
    verdict: dict[str, Any] | None = None
    nonce: str | None = None
    welcome: dict[str, Any] | None = None
    table: dict[str, Any] | None = None
    nonces: list[str | None] | None = None
    sent: list[dict[str, Any]] = field(default_factory=list)
    early: bool = False
    """True when the host revealed its seed before the result."""
    rejoined: bool = False
    """True when this client came to its seat with a token it was given before (another
    window or program may have pledged for the seat)."""

    def lines(self) -> list[str]:
        """The record as JSON Lines (the received file)."""
        head = {
            "type": "received",
            "format": RECEIVED_FORMAT,
            "game": self.game,
            "seat": self.seat,
            "commitment": self.commitment,
            "nonce": self.nonce,
            "welcome": self.welcome,
            "rejoined": self.rejoined,
        }
        out: list[dict[str, Any]] = [head]
        if self.table is not None:
            out.append({"type": "table", "table": self.table})
        if self.nonces is not None:
            out.append({"type": "deal", "nonces": self.nonces})
        out.extend(self.frames)
        out.extend({"type": "sent", **s} for s in self.sent)
        if self.seed is not None:
            out.append(
                {"type": "reveal", "seed": self.seed, "salt": self.salt, "early": self.early}
            )
        if self.verdict is not None:
            out.append({"type": "verdict", **self.verdict})
        return [json.dumps(obj, ensure_ascii=False, separators=(",", ":")) for obj in out]

    def save(self, path: str | Path) -> None:
        """Write the received file (atomically)."""
        atomic_write(Path(path), "\n".join(self.lines()) + "\n")

    @classmethod
    def load(cls, lines: Iterable[str]) -> Received:
        """A received file read back (format 1 or 2); ParseError if it is not one."""
        records = [obj for _, obj in read_lines(lines)]
        if not records or records[0].get("type") != "received":
            raise ParseError("line 1: not a received file (no 'received' header)")
        head = records[0]
        if head.get("format") not in (1, RECEIVED_FORMAT):
            raise ParseError(f"line 1: unsupported received format {head.get('format')!r}")
        seat = head.get("seat")
        if seat is not None and type(seat) is not int:
            raise ParseError("line 1: 'seat' must be a seat number or null")
        welcome = head.get("welcome")
        nonce = head.get("nonce")
        if welcome is not None and not isinstance(welcome, dict):
            raise ParseError("line 1: 'welcome' must be an object")
        if nonce is not None and not isinstance(nonce, str):
            raise ParseError("line 1: 'nonce' must be a text")
        out = cls(
            seat=seat,
            game=head.get("game"),
            commitment=head.get("commitment"),
            nonce=nonce,
            welcome=welcome,
            rejoined=head.get("rejoined") is True,
        )
        for number, obj in enumerate(records[1:], start=2):
            kind = obj["type"]
            if kind == "reveal":
                seed, salt = obj.get("seed"), obj.get("salt")
                if type(seed) is not int or not isinstance(salt, str):
                    raise ParseError(f"line {number}: a reveal needs an integer seed and a salt")
                out.seed, out.salt, out.early = seed, salt, obj.get("early") is True
            elif kind == "verdict":
                # The client's own verdict, stored with the match; a check recomputes it.
                out.verdict = {k: v for k, v in obj.items() if k != "type"}
            elif kind == "table" and isinstance(obj.get("table"), dict):
                out.table = obj["table"]
            elif kind == "deal" and isinstance(obj.get("nonces"), list):
                out.nonces = obj["nonces"]
            elif (
                kind == "sent"
                and type(obj.get("ref")) is int
                and isinstance(obj.get("action"), str)
            ):
                out.sent.append({"ref": obj["ref"], "action": obj["action"]})
            elif kind in ("events", "view", "connect") and type(obj.get("seq")) is int:
                out.frames.append(obj)
            else:
                raise ParseError(f"line {number}: not a line of a received file")
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
    """Check a revealed log against what one client received and sent (module docstring)."""
    if received.commitment is None:
        return failed(BAD_SHUFFLE, Msg("No commitment was received at the start of the match."))
    if received.early:
        return failed(EARLY, Msg("The host revealed its seed before it sent the result."))
    if received.seed is None or received.salt is None:
        return unverified(Msg("The host did not reveal the seed and salt."))
    try:
        salt = bytes.fromhex(received.salt)
    except ValueError:
        return failed(
            BAD_SHUFFLE,
            Msg("The revealed salt {salt} is not hexadecimal.", salt=received.salt[:80]),
        )
    if commitment(received.seed, salt) != received.commitment:
        return failed(
            BAD_SHUFFLE,
            Msg(
                "The revealed seed {seed} and salt {salt} do not match the commitment "
                "{commitment} sent at the start.",
                seed=str(received.seed),
                salt=received.salt,
                commitment=received.commitment,
            ),
        )
    shuffle = _check_shuffle(received)
    if isinstance(shuffle, Verdict):
        return shuffle
    lines = list(log_lines)
    try:
        head = next(read_lines(lines))[1]
    except (ParseError, StopIteration):
        return failed(BAD_CARDS, Msg("The revealed log has no readable header."))
    if head.get("seed") != shuffle:
        return failed(
            BAD_SHUFFLE,
            Msg(
                "The log's header seed {logged} is not the seed {seed} made from the host's "
                "seed and every player's part.",
                logged=str(head.get("seed")),
                seed=str(shuffle),
            ),
        )
    if shuffle < RANDOM_FROM:
        return failed(
            NOT_RANDOM,
            Msg(
                "The seed {seed} is below 2^64: it was typed in, not drawn at random, and no "
                "player added a part of their own.",
                seed=str(shuffle),
            ),
        )
    table = _check_table(head, received)
    if table is not None:
        return table
    return _check_play(lines, received)


def _check_shuffle(received: Received) -> int | Verdict:
    """The seed the log must be dealt with, or what is wrong with the table and the nonces."""
    assert received.seed is not None
    table, nonces, seat = received.table, received.nonces, received.seat
    if table is None:
        if received.nonce is not None:
            return failed(BAD_SHUFFLE, Msg("The host never showed the table with every pledge."))
        return received.seed  # a received file of format 1: the host's seed dealt alone
    if table.get("commitment") != received.commitment:
        return failed(
            BAD_SHUFFLE,
            Msg("The table lists another commitment than the one sent at the start."),
        )
    pledges = table.get("pledges")
    if not isinstance(pledges, list) or nonces is None or len(nonces) != len(pledges):
        return failed(BAD_SHUFFLE, Msg("The host did not show every player's part of the shuffle."))
    for index, (promised, nonce) in enumerate(zip(pledges, nonces, strict=True)):
        try:
            kept = (promised is None and nonce is None) or (
                isinstance(promised, str) and isinstance(nonce, str) and pledge(nonce) == promised
            )
        except ValueError:
            kept = False
        if not kept:
            return failed(
                BAD_SHUFFLE,
                Msg(
                    "The part of seat {number} in the shuffle is not the one it pledged.",
                    number=index + 1,
                ),
            )
    if seat is not None and received.nonce is not None and not late(received):
        mine = pledge(received.nonce)
        if not 0 <= seat < len(pledges) or pledges[seat] != mine or nonces[seat] != received.nonce:
            return failed(
                BAD_SHUFFLE,
                Msg("Your own part of the shuffle was left out or replaced."),
            )
    return deal_seed(received.seed, table, nonces)


def late(received: Received) -> bool:
    """True when this client came back with a token to a table whose pledge for its seat is
    not its own (it was made by the window or program that held the seat at the start)."""
    table, seat = received.table, received.seat
    if not received.rejoined or table is None or seat is None or received.nonce is None:
        return False
    pledges = table.get("pledges")
    return not (
        isinstance(pledges, list)
        and seat < len(pledges)
        and pledges[seat] == pledge(received.nonce)
    )


def _same(a: Any, b: Any) -> bool:
    return bool(_normal(a) == _normal(b))


def _check_table(head: dict[str, Any], received: Received) -> Verdict | None:
    """What is wrong with the log's game, options, players and names, against what the host
    announced in its welcome and its table (None: nothing)."""
    told: list[dict[str, Any]] = []
    if received.welcome is not None:
        told.append(received.welcome)
    if received.table is not None:
        told.append(received.table)
    if not told and received.game is not None:
        told.append({"game": received.game})
    for said in told:
        for key in ("game", "players", "options", "names"):
            if key in said and not _same(head.get(key), said[key]):
                return failed(
                    BAD_TABLE,
                    Msg(
                        "The log's {field} is {logged}; the host announced {announced}.",
                        field=key,
                        logged=_shown(head.get(key)),
                        announced=_shown(said[key]),
                    ),
                )
    return None


def _check_play(lines: list[str], received: Received) -> Verdict:
    """Replay the log and compare every frame received and every move sent with it."""
    seat = received.seat
    frames = [f for f in received.frames if f["type"] in ("events", "view")]
    gap = _gap(received.frames)
    if gap is not None:
        return gap
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
                        reason = Msg(
                            "The events frame received at step {step} differs from the log: "
                            "{where}.",
                            step=steps,
                            where=where,
                        )
                    else:
                        reason = Msg(
                            "The View received at step {step} differs from the log: {where}.",
                            step=steps,
                            where=where,
                        )
                    return failed(BAD_CARDS, reason)
                pos += 1
    except (ReplayDivergence, ParseError) as err:
        return failed(BAD_CARDS, Msg("The revealed log does not replay: {error}", error=str(err)))
    if pos < len(frames):
        return failed(
            BAD_CARDS,
            Msg(
                "A frame was received at step {step}, but the log ends after {count} actions.",
                step=frames[pos]["seq"],
                count=steps,
            ),
        )
    views = [f["seq"] for f in frames if f["type"] == "view"]
    if not views:
        return failed(
            BAD_CARDS, Msg("The log holds {count} actions but no View was received.", count=steps)
        )
    if views[-1] != steps:
        return failed(
            BAD_CARDS,
            Msg(
                "The log holds {count} actions but the last View received was at step {step}.",
                count=steps,
                step=views[-1],
            ),
        )
    if seat is not None:
        moves = _check_moves(lines, received, seat)
        if moves is not None:
            return moves
    if received.table is not None and not persons(received.table):
        return Verdict(True, VERIFIED, HOST_ALONE)
    if late(received):
        return Verdict(True, VERIFIED, JOINED_LATE)
    return Verdict(True, VERIFIED)


def _gap(frames: list[dict[str, Any]]) -> Verdict | None:
    """A step the host skipped while connected: within one connection each events frame must
    follow the last step shown, and each View the events of its own step."""
    last: int | None = None
    previous = -1
    for frame in frames:
        kind, seq = frame["type"], frame["seq"]
        if kind == "connect":
            last = None
            continue
        if seq < previous:
            return failed(
                BAD_CARDS, Msg("The received frames go back from step {step}.", step=previous)
            )
        previous = seq
        if last is not None and seq != (last + 1 if kind == "events" else last):
            return failed(
                BAD_CARDS,
                Msg(
                    "Step {step} was never shown to this computer while it was connected.",
                    step=last + 1,
                ),
            )
        last = seq
    return None


def _check_moves(lines: list[str], received: Received, seat: int) -> Verdict | None:
    """The log's moves of `seat` against the moves this client sent: each move the host
    confirmed is in the log as sent, and no other move of the seat is in the log at a step
    this client saw while its person held the seat."""
    records = [obj for _, obj in read_lines(lines)]
    game = get_game(str(records[0]["game"]))
    actions = [(int(r["seat"]), str(r["action"])) for r in records if r.get("type") == "action"]
    sent = {s["ref"]: s["action"] for s in received.sent}
    confirmed: dict[int, int] = {}
    for frame in received.frames:
        ack = frame.get("ack")
        if frame["type"] == "events" and type(ack) is int:
            confirmed[frame["seq"]] = ack
    for step, ref in sorted(confirmed.items()):
        if ref not in sent:
            return failed(
                FORGED_MOVE,
                Msg(
                    "The host confirmed at step {step} a move this computer never sent.", step=step
                ),
            )
        logged = actions[step - 1] if 1 <= step <= len(actions) else None
        try:
            wanted = str(game.parse_action(sent[ref]))
        except TabletopError:
            wanted = sent[ref]
        if logged is None or logged != (seat, wanted):
            return failed(
                BAD_MOVE,
                Msg(
                    "At step {step} you played {sent}, but the log holds {logged}.",
                    step=step,
                    sent=wanted,
                    logged=_shown_action(logged),
                ),
            )
    for frame in received.frames:
        step = frame["seq"]
        if frame["type"] != "events" or frame.get("person") is not True:
            continue
        if 1 <= step <= len(actions) and actions[step - 1][0] == seat and step not in confirmed:
            return failed(
                FORGED_MOVE,
                Msg(
                    "At step {step} the log holds {logged} for your seat, a move this computer "
                    "never sent.",
                    step=step,
                    logged=actions[step - 1][1],
                ),
            )
    return None


def _shown_action(action: tuple[int, str] | None) -> str:
    if action is None:
        return "—"
    return f"#{action[0] + 1} {action[1]}"
