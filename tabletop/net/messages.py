"""Every message of the LAN protocol (see docs/protocol.md), with its validation.

Client → host: `hello`, `nonce`, `act`, `ping`, `bye`; `parse_client` turns a decoded frame
into one of the dataclasses below or raises `ProtocolError`. Host → client: `welcome`, `seats`,
`table`, `deal`, `events`, `view`, `error`, `result`, `reveal`, `pong`, built by the functions
below and checked on arrival by `parse_host`. `ViewTexts` writes every seat's `view` (or
`patch`) frame from one pass over the game's zones.
"""

from __future__ import annotations

import json
import unicodedata
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeGuard

from tabletop.engine.errors import CodedError, UnknownGame
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import Game, Result, State
from tabletop.engine.registry import get_game
from tabletop.engine.text import Msg
from tabletop.engine.views import Counter, Zone
from tabletop.net.framing import HEADER

PROTOCOL_VERSION = 6
"""The protocol version both sides put in their first message (6: every player adds a part to
the shuffle, `pledge` in the hello, `table`, `nonce` and `deal` at the start; 5: a patch may
give a zone's cards alone or a counter's number alone; 4: every error carries a `reason`, a
message the client renders, and no sentence)."""

HEX64 = frozenset("0123456789abcdef")
"""The digits of a pledge or a nonce (lower-case hex)."""

NAME_MAX = 24
"""Longest player name, in characters, after cleaning."""

TEXT_MAX = 256
"""Longest action text, password or token a client may send."""


class ProtocolError(CodedError):
    """A message a peer may not send; `code` names the fault, `reason` says it in words."""


@dataclass(frozen=True, slots=True)
class Hello:
    """The first message of a client: who it is and which seat it wants."""

    version: int
    name: str
    password: str | None = None
    token: str | None = None
    seat: int | None = None
    spectator: bool = False
    pledge: str | None = None


@dataclass(frozen=True, slots=True)
class Nonce:
    """A player's part of the shuffle, shown once the host has sent the table."""

    nonce: str


@dataclass(frozen=True, slots=True)
class Act:
    """An action for the sender's own seat, as text; `ref` is echoed in an error about it."""

    action: str
    ref: int | None = None


@dataclass(frozen=True, slots=True)
class Ping:
    """A keep-alive; the host answers `pong`."""


@dataclass(frozen=True, slots=True)
class Bye:
    """The client leaves; its seat stays reserved for its token."""


ClientMessage = Hello | Nonce | Act | Ping | Bye

_CLIENT_KEYS: dict[str, frozenset[str]] = {
    "hello": frozenset({"type", "version", "name", "password", "token", "seat", "role", "pledge"}),
    "nonce": frozenset({"type", "nonce"}),
    "act": frozenset({"type", "action", "ref"}),
    "ping": frozenset({"type"}),
    "bye": frozenset({"type"}),
}


def clean_name(text: str) -> str:
    """A player name fit to show: no control characters, single spaces, at most NAME_MAX."""
    kept = "".join(ch if not unicodedata.category(ch).startswith("C") else " " for ch in text)
    return " ".join(kept.split())[:NAME_MAX]


def _is_int(value: Any) -> TypeGuard[int]:
    return type(value) is int


def _encodable(text: str) -> bool:
    """True when `text` has no lone surrogate (JSON may carry one; UTF-8 cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def is_hex(value: Any, digits: int) -> bool:
    """True when `value` is a text of exactly `digits` lower-case hex digits."""
    return isinstance(value, str) and len(value) == digits and set(value) <= HEX64


def _opt_text(obj: dict[str, Any], key: str) -> str | None:
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > TEXT_MAX or not _encodable(value):
        raise ProtocolError(
            "bad-message",
            Msg("{field} must be a text of at most {count} characters.", field=key, count=TEXT_MAX),
        )
    return value


def parse_client(obj: dict[str, Any]) -> ClientMessage:
    """The client message in a decoded frame; ProtocolError if it is not a valid one."""
    kind = obj.get("type")
    if not isinstance(kind, str) or not _encodable(kind):
        raise ProtocolError("bad-message", Msg("A message needs a text 'type'."))
    allowed = _CLIENT_KEYS.get(kind)
    if allowed is None:
        raise ProtocolError("unknown-type", Msg("Unknown message type {kind}.", kind=kind[:40]))
    extra = set(obj) - allowed
    if extra:
        field = sorted(extra)[0][:40]
        raise ProtocolError(
            "bad-message", Msg("A {kind} message has no field {field}.", kind=kind, field=field)
        )
    if kind == "act":
        action = obj.get("action")
        if (
            not isinstance(action, str)
            or not action.strip()
            or len(action) > TEXT_MAX
            or not _encodable(action)
        ):
            raise ProtocolError("bad-message", Msg("'action' must be a non-empty action text."))
        ref = obj.get("ref")
        if ref is not None and not (_is_int(ref) and 0 <= ref < 2**53):
            raise ProtocolError("bad-message", Msg("'ref' must be a non-negative integer."))
        return Act(action, ref)
    if kind == "nonce":
        if not is_hex(obj.get("nonce"), 32):
            raise ProtocolError("bad-message", Msg("'nonce' must be 32 hex digits."))
        return Nonce(obj["nonce"])
    if kind == "ping":
        return Ping()
    if kind == "bye":
        return Bye()
    version = obj.get("version")
    if not _is_int(version):
        raise ProtocolError("bad-message", Msg("A hello needs an integer 'version'."))
    name = obj.get("name", "")
    if not isinstance(name, str) or len(name) > TEXT_MAX or not _encodable(name):
        raise ProtocolError("bad-message", Msg("'name' must be a short text."))
    seat = obj.get("seat")
    if seat is not None and not (_is_int(seat) and 0 <= seat < 1000):
        raise ProtocolError("bad-message", Msg("'seat' must be a seat number."))
    role = obj.get("role", "player")
    if role not in ("player", "spectator"):
        raise ProtocolError("bad-message", Msg("'role' must be 'player' or 'spectator'."))
    promise = obj.get("pledge")
    if promise is not None and not is_hex(promise, 64):
        raise ProtocolError("bad-message", Msg("'pledge' must be 64 hex digits."))
    return Hello(
        version=version,
        name=clean_name(name),
        password=_opt_text(obj, "password"),
        token=_opt_text(obj, "token"),
        seat=seat,
        spectator=role == "spectator",
        pledge=promise if role == "player" else None,
    )


# ---- client → host, built by the client -----------------------------------------------------
def hello(
    name: str,
    password: str | None = None,
    token: str | None = None,
    seat: int | None = None,
    spectator: bool = False,
    promise: str | None = None,
) -> dict[str, Any]:
    """A client's hello (`promise`: a player's pledge, the hash of its part of the shuffle)."""
    out: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION, "name": name}
    if promise is not None and not spectator:
        out["pledge"] = promise
    if password is not None:
        out["password"] = password
    if token is not None:
        out["token"] = token
    if seat is not None:
        out["seat"] = seat
    if spectator:
        out["role"] = "spectator"
    return out


def nonce(value: str) -> dict[str, Any]:
    """A player's part of the shuffle, sent once the table is fixed."""
    return {"type": "nonce", "nonce": value}


def act(action: str, ref: int | None = None) -> dict[str, Any]:
    """A client's action."""
    out: dict[str, Any] = {"type": "act", "action": action}
    if ref is not None:
        out["ref"] = ref
    return out


# ---- host → client -------------------------------------------------------------------------
def welcome(
    game: Game[Any],
    players: int,
    seat: int | None,
    token: str | None,
    options: dict[str, Any],
    commitment: str,
) -> dict[str, Any]:
    """The host's answer to a good hello: the game, the seat taken, its token, the commitment."""
    return {
        "type": "welcome",
        "version": PROTOCOL_VERSION,
        "game": game.info.id,
        "title": game.info.title,
        "players": players,
        "seat": seat,
        "token": token,
        "options": options,
        "commitment": commitment,
    }


def error(code: str, reason: Msg, fatal: bool = False, ref: int | None = None) -> dict[str, Any]:
    """An error frame; `fatal` means the host closes the connection after it.

    `code` names the fault for programs; `reason` travels as its JSON form, for the client to
    render in its own language.
    """
    out: dict[str, Any] = {
        "type": "error",
        "code": code,
        "fatal": fatal,
        "reason": reason.to_json(),
    }
    if ref is not None:
        out["ref"] = ref
    return out


def table(record: dict[str, Any]) -> dict[str, Any]:
    """The table fixed at the start: commitment, game, players, options, names, kinds and
    every player's pledge (see fairness.py)."""
    return {"type": "table", "table": record}


def deal(nonces: list[str | None]) -> dict[str, Any]:
    """Every player's part of the shuffle, in seat order (null for a seat with no person)."""
    return {"type": "deal", "nonces": nonces}


def seats(rows: list[dict[str, Any]], started: bool) -> dict[str, Any]:
    """The public table of seats: name, kind, taken, connected, computer stand-in."""
    return {"type": "seats", "started": started, "seats": rows}


def events(seq: int, evs: list[Event], seat: int | None, ack: int | None = None) -> dict[str, Any]:
    """The events of step `seq` as `seat` may see them; `ack`: the sender's applied `ref`."""
    out: dict[str, Any] = {
        "type": "events",
        "seq": seq,
        "events": [e.to_json(seat, omniscient=False) for e in evs],
    }
    if ack is not None:
        out["ack"] = ack
    return out


class EventTexts:
    """The events of one step as frame texts per seat, sharing the work between seats.

    An event with no secret in it reads the same for everyone and is serialized once; one with
    a secret is written once as a template split at its secrets (`_template`), and each
    seat's text joins the shared parts with each secret's contents or its hidden form.
    A seat named by none of the step's secrets reads what a spectator reads, so all such seats
    share one text. `frame(seat, ack)` equals the text of `events(seq, evs, seat, ack)`.
    """

    def __init__(self, seq: int, evs: list[Event]) -> None:
        self.seq = seq
        self._events = evs
        self._shared: list[str | None] = []
        self._templates: list[_Template | None] = []
        self._insiders: set[int] = set()
        for ev in evs:
            secrets: set[int] = set()
            found = _secret_seats(ev.data, secrets)
            self._insiders |= secrets
            if not found:
                # Redaction would change nothing but tuples into lists, which JSON writes alike.
                self._shared.append(_dumps({"type": ev.type, **ev.data}))
                self._templates.append(None)
                continue
            self._shared.append(None)
            self._templates.append(_template({"type": ev.type, **ev.data}))
        self._frames: dict[int | None, str] = {}

    def frame(self, seat: int | None, ack: int | None = None) -> str:
        """The `events` frame text for `seat`, with `ack` for the sender of the action."""
        if seat not in self._insiders:
            seat = None
        body = self._frames.get(seat)
        if body is None:
            texts = [
                shared
                if shared is not None
                else _dumps(ev.to_json(seat, omniscient=False))
                if template is None
                else "".join(_render(template, seat))
                for ev, shared, template in zip(
                    self._events, self._shared, self._templates, strict=True
                )
            ]
            body = self._frames[seat] = (
                f'{{"type":"events","seq":{self.seq},"events":[' + ",".join(texts) + "]"
            )
        return body + ("}" if ack is None else f',"ack":{ack}}}')


def _secret_seats(value: Any, out: set[int]) -> bool:
    """Add to `out` every seat that some Secret inside `value` shows its contents to; whether
    `value` holds any Secret."""
    if isinstance(value, Secret):
        out.update(value.seats)
        _secret_seats(value.value, out)
        return True
    found = False
    if isinstance(value, (list, tuple)):
        for item in value:
            found = _secret_seats(item, out) or found
    elif isinstance(value, dict):
        for item in value.values():
            found = _secret_seats(item, out) or found
    return found


def _has_secret(value: Any) -> bool:
    """Whether some Secret is inside `value` (looking no further than the first)."""
    if isinstance(value, Secret):
        return True
    if isinstance(value, (list, tuple)):
        return any(_has_secret(item) for item in value)
    if isinstance(value, dict):
        return any(_has_secret(item) for item in value.values())
    return False


@dataclass(frozen=True, slots=True)
class _Slot:
    """A Secret in a `_Template`: its contents' template for `seats`, `hidden` for others."""

    seats: frozenset[int]
    inside: _Template
    hidden: str


_Template = list["str | _Slot"]
"""A JSON text with a slot for each Secret in it."""


def _template(value: Any) -> _Template | None:
    """The JSON text of `value` as `_dumps` writes it once redacted, split at its Secrets.

    A part holding no Secret is serialized once, so each seat's text is a join of shared
    texts; None when a dict holding a Secret has a key that is not text (which JSON turns
    into text, a case left to `_dumps`).
    """
    out: _Template = []
    if not _fill(value, out):
        return None
    return out


def _fill(value: Any, out: _Template) -> bool:
    """Append the template of `value` to `out`; False when it cannot be written as one."""
    if isinstance(value, Secret):
        inner = value.value
        inside = _template(inner)
        if inside is None:
            return False
        count = len(inner) if isinstance(inner, (list, tuple)) else 1
        hidden = f'{{"hidden":{count}}}'
        out.append(_Slot(value.seats, inside, hidden))
        return True
    if not _has_secret(value):
        # Redaction changes nothing here but tuples into lists, which JSON writes alike.
        out.append(_dumps(value))
        return True
    if isinstance(value, (list, tuple)):
        out.append("[")
        for n, item in enumerate(value):
            if n:
                out.append(",")
            if not _fill(item, out):
                return False
        out.append("]")
        return True
    assert isinstance(value, dict)
    out.append("{")
    for n, (key, item) in enumerate(value.items()):
        if not isinstance(key, str):
            return False
        out.append(("," if n else "") + _dumps(key) + ":")
        if not _fill(item, out):
            return False
    out.append("}")
    return True


def _render(template: _Template, seat: int | None) -> list[str]:
    """The pieces of a template's text as `seat` sees it."""
    out: list[str] = []
    for piece in template:
        if isinstance(piece, str):
            out.append(piece)
        elif seat is not None and seat in piece.seats:
            out.extend(_render(piece.inside, seat))
        else:
            out.append(piece.hidden)
    return out


def result(res: Result, names: tuple[str, ...]) -> dict[str, Any]:
    """The end of the match (public)."""
    return {"type": "result", "names": list(names), **res.to_json()}


def reveal(seed: int, salt: bytes, log: str) -> dict[str, Any]:
    """After the result: the seed and salt committed to at the start, and the whole log."""
    return {"type": "reveal", "seed": seed, "salt": salt.hex(), "log": log}


def pong() -> dict[str, Any]:
    """The answer to a ping."""
    return {"type": "pong"}


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""What `json.dumps(obj, ensure_ascii=False, separators=(",", ":"))` would make on each call."""


def _dumps(obj: Any) -> str:
    return _ENCODER.encode(obj)


def _framed(parts: list[str]) -> bytes:
    """One frame around the text `parts` make together, each part encoded on its own: a
    character beyond ASCII in one small part then does not slow the encoding of the others."""
    body = b"".join([part.encode("utf-8") for part in parts])
    return len(body).to_bytes(HEADER, "big") + body


class TextCache:
    """JSON texts of zones (face up, and masked by `Zone.masked_for`) and of move lists,
    remembered between Views (at most `limit`).

    Equal items give the very same text object, so comparing a seat's new View with the last
    one sent is mostly a matter of identity checks.
    """

    def __init__(self, limit: int = 50_000) -> None:
        self.limit = limit
        self._texts: dict[object, str] = {}

    def text(self, key: object, make: Any) -> str:
        """The text remembered for `key`, made by `make()` the first time."""
        text = self._texts.get(key)
        if text is None:
            if len(self._texts) >= self.limit:
                self._texts.clear()
            text = self._texts[key] = _dumps(make())
        return text


VIEW_KEYS = (
    "game",
    "seat",
    "players",
    "names",
    "zones",
    "counters",
    "status",
    "to_act",
    "moves",
    "over",
    "hints",
)
"""The fields of `View.to_json()`, in order."""


class SeatView:
    """One seat's View as JSON texts: each field, and each zone and counter on its own."""

    __slots__ = ("_zones", "fields", "seat", "texts")

    def __init__(self, texts: ViewTexts, seat: int | None, fields: dict[str, str]) -> None:
        self.texts = texts
        self.seat = seat
        self.fields = fields
        self._zones: list[str] | None = None

    @property
    def zones(self) -> list[str]:
        """Every zone's text as this seat sees it."""
        if self._zones is None:
            self._zones = self.texts.seat_zones(self.seat)
        return self._zones

    @property
    def counters(self) -> list[str]:
        """Every counter's text."""
        return self.texts.counters

    def frame(self, seq: int) -> str:
        """The full `view` frame text."""
        return "".join(self._frame_parts(seq))

    def frame_bytes(self, seq: int) -> bytes:
        """The full `view` frame, encoded and framed (`framing.frame_text` of `frame`)."""
        return _framed(self._frame_parts(seq))

    def _frame_parts(self, seq: int) -> list[str]:
        parts = [f'{{"type":"view","seq":{seq}']
        for key in VIEW_KEYS:
            if key == "zones":
                parts.append(',"zones":[' + ",".join(self.zones) + "]")
            elif key == "counters":
                parts.append(self.texts.counters_part())
            else:
                parts.append(f',"{key}":{self.fields[key]}')
        parts.append("}")
        return parts

    def _changed_zones(self, last: SeatView) -> list[tuple[int, str]]:
        texts = self.texts
        if last.seat == self.seat and last.texts is texts.prev():
            plan = texts.plan()
            if plan is not None:
                seat = self.seat
                out = []
                for i, common, special in plan:
                    text = special.get(seat, common) if special and seat is not None else common
                    if text is not None:
                        out.append((i, text))
                return out
        return [(i, _zone_entry(t, o)) for i, t, o in _changed(self.zones, last.zones)]

    def patch(self, seq: int, last: SeatView) -> str | None:
        """A `patch` frame text from `last` to this View; None when a full view is better."""
        parts = self._patch_parts(seq, last)
        return None if parts is None else "".join(parts)

    def patch_bytes(self, seq: int, last: SeatView) -> bytes | None:
        """`patch`, encoded and framed (`framing.frame_text` of it); None as there."""
        parts = self._patch_parts(seq, last)
        return None if parts is None else _framed(parts)

    def _patch_parts(self, seq: int, last: SeatView) -> list[str] | None:
        texts = self.texts
        if last.seat == self.seat and last.texts is texts.prev():
            shared = texts.shared_patch()
            if shared is not None:
                return self._patch_from_prev(seq, last, shared)
        if texts.zone_count != last.texts.zone_count or len(self.counters) != len(last.counters):
            return None
        zones = self._changed_zones(last)
        counters = self.texts.changed_counters
        if last.texts is not self.texts.prev() or counters is None:
            counters = [
                (i, _counter_entry(t, o)) for i, t, o in _changed(self.counters, last.counters)
            ]
        if 2 * (_wholes(zones) + _wholes(counters)) > self.texts.zone_count + len(self.counters):
            return None
        parts = [f'{{"type":"patch","seq":{seq}']
        for key, text in self.fields.items():
            old = last.fields[key]
            if text is not old and text != old:
                parts.append(f',"{key}":{text}')
        parts.append(',"zones":{' + ",".join(f'"{i}":{t}' for i, t in zones) + "}")
        parts.append(',"counters":{' + ",".join(f'"{i}":{t}' for i, t in counters) + "}")
        parts.append("}")
        return parts

    def _patch_from_prev(self, seq: int, last: SeatView, shared: SharedPatch) -> list[str] | None:
        """`patch` for a seat whose last View was at the previous moment, from the parts all
        such seats share: the same text as the general case, built with less work."""
        parts = [f'{{"type":"patch","seq":{seq}', shared.fields]
        fields, old = self.fields, last.fields
        for key in SEAT_KEYS:
            text, was = fields[key], old[key]
            if text is not was and text != was:
                parts.append(f',"{key}":{text}')
        if self.seat in shared.insiders:
            if 2 * (self.texts.insider_count(self.seat) + shared.counters) > shared.size:
                return None
            zone_text = self.texts.insider_zones(self.seat)
        elif shared.zones is None:
            return None
        else:
            zone_text = shared.zones
        parts += (zone_text, shared.counter_text, "}")
        return parts


SEAT_KEYS = ("seat", "status", "moves")
"""The fields of a View that differ between seats (the others are the same for every seat)."""


@dataclass(frozen=True, slots=True)
class SharedPatch:
    """What every seat's patch from the previous moment has in common.

    `fields`: the changed fields that are the same for every seat; `zones`: the zones part for
    a seat outside `insiders` (the seats that see some changed zone's faces now or did), None
    when a full view is better for them; `counter_text`: the counters part; `counters`: how
    many counters it gives whole; `size`: zones plus counters (a patch giving more than half
    of them whole is sent as a full view).
    """

    fields: str
    zones: str | None
    counter_text: str
    counters: int
    size: int
    insiders: frozenset[int]


def _changed(new: list[str], old: list[str]) -> list[tuple[int, str, str]]:
    """Each index where `new` differs from `old`, with both texts."""
    return [
        (i, t, o) for i, (t, o) in enumerate(zip(new, old, strict=True)) if t is not o and t != o
    ]


_CARDS = ',"cards":'
"""Where a zone's text (`Zone.to_json`, cards last) comes to its cards."""


def _zone_entry(new: str, old: str) -> str:
    """A patch's entry for a zone whose text was `old` and is `new`: its cards alone (a JSON
    list) when nothing else about it changed, else the whole zone."""
    # Card codes hold no quote, so the last `,"cards":` is the zone's own key.
    cut = new.rfind(_CARDS) + len(_CARDS)
    if cut >= len(_CARDS) and old.startswith(new[:cut]):
        return new[cut:-1]
    return new


_VALUE = ',"value":'
_OWNER = ',"owner":'


def _counter_entry(new: str, old: str) -> str:
    """A patch's entry for a counter whose text was `old` and is `new`: its number alone when
    only its value changed and is a whole number, else the whole counter."""
    # A counter's text ends `"value":V,"owner":O}` (`Counter.to_json`); O is a number or null.
    end = new.rfind(_OWNER)
    cut = new.rfind(_VALUE, 0, end) + len(_VALUE)
    value = new[cut:end]
    if (
        cut >= len(_VALUE)
        and value.removeprefix("-").isdigit()
        and old.startswith(new[:cut])
        and old.endswith(new[end:])
    ):
        return value
    return new


def _whole(entry: str | None) -> int:
    """1 when a patch entry gives a whole zone or counter (a JSON object), else 0."""
    return 1 if entry is not None and entry[0] == "{" else 0


def _wholes(entries: list[tuple[int, str]]) -> int:
    """How many of a patch's entries give a whole zone or counter (a JSON object)."""
    return sum(_whole(text) for _i, text in entries)


def _reuse_zones(
    zones: list[Zone], old: list[Zone], texts: list[str], cache: TextCache
) -> tuple[list[str], list[int]]:
    """Face-up texts of `zones`, reusing those of equal `old` zones; and the changed indices."""
    faces = []
    changed = []
    for i, (zone, was, text) in enumerate(zip(zones, old, texts, strict=True)):
        if zone is was or zone == was:
            faces.append(text)
        else:
            faces.append(cache.text(zone, zone.to_json))
            changed.append(i)
    return faces, changed


def _reuse_counters(
    counters: list[Counter], old: list[Counter], texts: list[str]
) -> tuple[list[str], list[tuple[int, str]]]:
    """Texts of `counters`, reusing those of identical `old` ones; and the changed ones, each
    as its patch entry."""
    out = []
    changed = []
    for i, (counter, was, text) in enumerate(zip(counters, old, texts, strict=True)):
        if counter is was or (counter == was and type(counter.value) is type(was.value)):
            out.append(text)
        else:
            new = _dumps(counter.to_json())
            out.append(new)
            if new != text:
                changed.append((i, _counter_entry(new, text)))
    return out, changed


class ViewTexts:
    """Every seat's View at one moment as `SeatView` texts, sharing the work between seats.

    `SeatView.frame` equals `{"type": "view", "seq": seq, **game.view(state, seat).to_json()}`:
    the zones, counters and hints are computed once, each zone is serialized through the
    `TextCache` face up and, for the seats that may not see its faces, as `Zone.masked_for`
    (the rule `View.build` applies) makes it, once for all of them; each seat's View is
    assembled from these texts (tests/net/test_view_wire.py holds them to `View.build`).
    Given the previous moment's `ViewTexts` as `prev`, zones and counters equal to those of
    `prev` keep their texts, and the changed zones are noted once for all seats (`plan`), so a
    seat's patch from its View at `prev` looks only at those (`prev` is held weakly, so old
    moments are not kept alive). `touched`, the union of `State.touched` over every action
    applied to the same state since `prev`, spares building and comparing the other zones
    and the counters.
    """

    def __init__(
        self,
        game: Game[Any],
        state: State,
        cache: TextCache | None = None,
        prev: ViewTexts | None = None,
        touched: frozenset[str] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.prev: Callable[[], ViewTexts | None] = (
            weakref.ref(prev) if prev is not None else lambda: None
        )
        cache = cache or TextCache()
        self._cache = cache
        self.changed: list[int] | None = None
        self.changed_counters: list[tuple[int, str]] | None = None
        self._faces: list[str]
        self._backs: dict[int, str]
        self.counters: list[str]
        """Every counter's text."""
        self._index: dict[str, int] | None = None
        if prev is not None and touched is not None and prev.state is state:
            self._touch(prev, touched)
        else:
            self._build(prev)
        self._common = {
            "game": _dumps(game.info.id),
            "players": str(state.players),
            "names": _dumps(list(state.names)),
            "to_act": _dumps(sorted(game.to_act(state))),
            "over": "true" if state.result is not None else "false",
            "hints": _dumps(game.view_hints(state)),
        }
        self._statuses: dict[Msg, str] = {}
        self._plan: list[tuple[int, str | None, dict[int, str | None]]] | None = None
        self._shared: SharedPatch | None = None
        self._shared_made = False
        self._outside: list[str] | None = None
        self._insight: dict[int, list[int]] | None = None
        self._counters_part: str | None = None
        self._pieces: tuple[list[str], int, dict[int, list[tuple[int, str, int]]]] | None = None

    def _build(self, prev: ViewTexts | None) -> None:
        """Every zone and counter built; those equal to `prev`'s keep their texts."""
        cache = self._cache
        zones = self._zones = self.game.zones(self.state)
        counters = self._counters = self.game.counters(self.state)
        self.zone_count = len(zones)
        if prev is not None and prev.zone_count == self.zone_count:
            self._faces, self.changed = _reuse_zones(zones, prev._zones, prev._faces, cache)
            kept = set(range(self.zone_count)).difference(self.changed)
            self._backs = {i: t for i, t in prev._backs.items() if i in kept}
        else:
            self._faces = [cache.text(z, z.to_json) for z in zones]
            self._backs = {}
        if prev is not None and len(prev._counters) == len(counters):
            self.counters, self.changed_counters = _reuse_counters(
                counters, prev._counters, prev.counters
            )
        else:
            self.counters = [_dumps(c.to_json()) for c in counters]

    def _touch(self, prev: ViewTexts, touched: frozenset[str]) -> None:
        """Only the `touched` zones built again; the rest, and the counters, as at `prev`."""
        index = self._index = prev.zone_index()
        zones = self._zones = list(prev._zones)
        faces = self._faces = list(prev._faces)
        self.zone_count = len(zones)
        changed = []
        for i in sorted(index[zone_id] for zone_id in touched):
            zone = zones[i] = self.game.zone(self.state, zones[i].id)
            if zone != prev._zones[i]:
                faces[i] = self._cache.text(zone, zone.to_json)
                changed.append(i)
        self.changed = changed
        self._backs = {i: t for i, t in prev._backs.items() if i not in changed}
        self._counters, self.counters, self.changed_counters = prev._counters, prev.counters, []

    def zone_index(self) -> dict[str, int]:
        """Each zone's position by its id."""
        if self._index is None:
            self._index = {zone.id: i for i, zone in enumerate(self._zones)}
        return self._index

    def shared_patch(self) -> SharedPatch | None:
        """The parts shared by every seat's patch from its View at `prev` (computed once);
        None when there is no `prev` with the same zones and counters to patch from."""
        if not self._shared_made:
            self._shared = self._make_shared()
            self._shared_made = True
        return self._shared

    def _make_shared(self) -> SharedPatch | None:
        prev = self.prev()
        plan = self.plan()
        counters = self.changed_counters
        if prev is None or plan is None or counters is None:
            return None
        if len(prev.counters) != len(self.counters):
            return None
        fields = "".join(
            f',"{key}":{text}'
            for key, text in self._common.items()
            if text is not prev._common[key] and text != prev._common[key]
        )
        size = self.zone_count + len(self.counters)
        common = [(i, text) for i, text, _special in plan if text is not None]
        insiders = frozenset(seat for _i, _text, special in plan for seat in special)
        zones = None
        whole = _wholes(counters)
        if 2 * (_wholes(common) + whole) <= size:
            zones = ',"zones":{' + ",".join(f'"{i}":{t}' for i, t in common) + "}"
        counter_text = ',"counters":{' + ",".join(f'"{i}":{t}' for i, t in counters) + "}"
        return SharedPatch(fields, zones, counter_text, whole, size, insiders)

    def plan(self) -> list[tuple[int, str | None, dict[int, str | None]]] | None:
        """How each changed zone reads now, for a seat whose last View was from `prev`.

        One entry per changed zone: its index, its patch entry for the seats that do not see
        its faces (None: theirs did not change), and the same for each seat that sees its
        faces now or did at `prev`. None when there is no `prev` to compare with.
        """
        if self._plan is None:
            prev = self.prev()
            if prev is None or self.changed is None:
                return None
            plan = []
            for i in self.changed:
                new, old = self.zone_text(i, None), prev.zone_text(i, None)
                common = None if new is old or new == old else _zone_entry(new, old)
                special: dict[int, str | None] = {}
                for seats in (self._zones[i].insiders, prev._zones[i].insiders):
                    for seat in seats:
                        new, old = self.zone_text(i, seat), prev.zone_text(i, seat)
                        special[seat] = None if new is old or new == old else _zone_entry(new, old)
                plan.append((i, common, special))
            self._plan = plan
        return self._plan

    def insider_count(self, seat: int | None) -> int:
        """How many zones the patch for `seat` (one of the plan's insiders) from its View at
        `prev` gives whole: as many as among `SeatView._changed_zones`."""
        if self._pieces is None:
            self._pieces = self._make_pieces()
        _base, count, own = self._pieces
        mine = own.get(seat) if seat is not None else None
        return count + sum(delta for _pos, _piece, delta in mine or ())

    def insider_zones(self, seat: int | None) -> str:
        """The zones part of the patch for `seat` (one of the plan's insiders) from its View
        at `prev`: the same as from `SeatView._changed_zones`.

        The parts every seat shares are written once; a seat changes only the entries of the
        zones whose faces it sees.
        """
        if self._pieces is None:
            self._pieces = self._make_pieces()
        base, _count, own = self._pieces
        mine = own.get(seat) if seat is not None else None
        if not mine:
            return ',"zones":{' + "".join(base)[1:] + "}"
        pieces = list(base)
        for pos, piece, _delta in mine:
            pieces[pos] = piece
        return ',"zones":{' + "".join(pieces)[1:] + "}"

    def _make_pieces(self) -> tuple[list[str], int, dict[int, list[tuple[int, str, int]]]]:
        """The plan as `,"index":entry` pieces for the seats that see no changed zone's faces
        (empty where theirs did not change), how many give a whole zone, and each insider's
        own pieces (with what each changes in that number)."""
        plan = self.plan()
        assert plan is not None
        base: list[str] = []
        count = 0
        own: dict[int, list[tuple[int, str, int]]] = {}
        for pos, (i, common, special) in enumerate(plan):
            base.append("" if common is None else f',"{i}":{common}')
            count += _whole(common)
            for seat, text in special.items():
                piece = "" if text is None else f',"{i}":{text}'
                delta = _whole(text) - _whole(common)
                own.setdefault(seat, []).append((pos, piece, delta))
        return base, count, own

    def zone_text(self, index: int, seat: int | None) -> str:
        """Zone `index` as `seat` sees it: `Zone.masked_for`, the rule `View.build` applies.

        A masked zone reads the same for every seat that does not see its faces, so its text
        is made once per moment.
        """
        zone = self._zones[index]
        if zone.seen_by(seat):
            return self._faces[index]
        text = self._backs.get(index)
        if text is None:
            masked = zone.masked_for(seat)
            text = self._backs[index] = self._cache.text(masked, masked.to_json)
        return text

    def seat_zones(self, seat: int | None) -> list[str]:
        """Every zone's text as `seat` sees it (a list that may be shared: do not change it).

        A zone's masked form is the same for every seat that does not see its faces, so the
        zones as a spectator sees them are assembled once and each seat gets its own copy only
        where it sees faces a spectator does not.
        """
        if self._outside is None or self._insight is None:
            self._outside = [self.zone_text(i, None) for i in range(self.zone_count)]
            insight: dict[int, list[int]] = {}
            for i, zone in enumerate(self._zones):
                for viewer in zone.insiders:
                    insight.setdefault(viewer, []).append(i)
            self._insight = insight
        own = self._insight.get(seat) if seat is not None else None
        if not own:
            return self._outside
        zones = list(self._outside)
        for i in own:
            zones[i] = self._faces[i]
        return zones

    def counters_part(self) -> str:
        """The `,"counters":[...]` part of every seat's full View (written once)."""
        if self._counters_part is None:
            self._counters_part = ',"counters":[' + ",".join(self.counters) + "]"
        return self._counters_part

    def seat_view(self, seat: int | None) -> SeatView:
        """The pieces of `seat`'s View (None: a spectator)."""
        game, state = self.game, self.state
        moves = game.moves(state, seat)
        fields = dict(self._common)
        fields["seat"] = "null" if seat is None else str(seat)
        status = game.status(state, seat)
        text = self._statuses.get(status)
        if text is None:
            text = self._statuses[status] = _dumps(status.to_json())
        fields["status"] = text
        fields["moves"] = (
            self._cache.text(moves, lambda: [m.to_json() for m in moves]) if moves else "[]"
        )
        return SeatView(self, seat, fields)


def apply_patch(view: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The View (JSON) after a `patch` frame; a new dict, `view` is left as it was.

    A zone's entry is the whole zone or its cards alone (a list); a counter's, the whole
    counter or its number alone. ProtocolError for an entry that fits neither, or an index
    the View does not have.
    """
    out = dict(view)
    for key, value in patch.items():
        if key == "zones" or key == "counters":
            items = list(view[key])
            part = "cards" if key == "zones" else "value"
            for index, item in value.items():
                i = int(index) if index.isascii() and index.isdigit() else -1
                was = items[i] if 0 <= i < len(items) else None
                if not isinstance(was, dict):
                    raise _bad_entry(key)
                if isinstance(item, dict):
                    items[i] = item
                elif (isinstance(item, list) and part == "cards") or (
                    _is_int(item) and part == "value"
                ):
                    items[i] = {**was, part: item}
                else:
                    raise _bad_entry(key)
            out[key] = items
        elif key != "type":
            out[key] = value
    return out


def _bad_entry(key: str) -> ProtocolError:
    return ProtocolError(
        "bad-message", Msg("A {kind} message lacks a valid {field}.", kind="patch", field=key)
    )


_HOST_FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "welcome": {
        "version": int,
        "game": str,
        "players": int,
        "options": dict,
        "commitment": str,
    },
    "seats": {"started": bool, "seats": list},
    "table": {"table": dict},
    "deal": {"nonces": list},
    "events": {"seq": int, "events": list},
    "view": {
        "seq": int,
        "game": str,
        "players": int,
        "names": list,
        "zones": list,
        "counters": list,
        "status": dict,
        "to_act": list,
        "moves": list,
        "over": bool,
    },
    "error": {"code": str, "fatal": bool},
    "result": {"totals": list, "ranking": list, "winners": list},
    "reveal": {"seed": int, "salt": str, "log": str},
    "pong": {},
    "patch": {"seq": int, "zones": dict, "counters": dict},
}


def parse_host(obj: dict[str, Any]) -> dict[str, Any]:
    """A host message checked for its type and fields; ProtocolError if it is not valid."""
    kind = obj.get("type")
    fields = _HOST_FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError(
            "unknown-type", Msg("Unknown host message type {kind}.", kind=str(kind)[:40])
        )
    for key, want in fields.items():
        if not isinstance(obj.get(key), want):
            raise ProtocolError(
                "bad-message", Msg("A {kind} message lacks a valid {field}.", kind=kind, field=key)
            )
    # A host older than version 4 refuses a newer client with a sentence (`message`) only.
    if kind == "error" and not isinstance(obj.get("message"), str):
        try:
            Msg.from_json(obj.get("reason"))
        except ValueError:
            raise ProtocolError("bad-message", Msg("An error lacks a valid reason.")) from None
    if kind == "view":
        for key in ("zones", "counters", "moves"):
            if not all(isinstance(item, dict) for item in obj[key]):
                raise ProtocolError(
                    "bad-message", Msg("A view's {field} must hold objects.", field=key)
                )
    return obj


# ---- LAN discovery -------------------------------------------------------------------------
ANNOUNCE_MAX = 2048
"""Largest announcement datagram, in bytes."""


def announcement(
    game: Game[Any],
    host_name: str,
    port: int,
    players: int,
    open_seats: int,
    password: bool,
    started: bool,
) -> dict[str, Any]:
    """What a host broadcasts about its table (no seed, no tokens, no names of cards)."""
    return {
        "tabletop": PROTOCOL_VERSION,
        "game": game.info.id,
        "title": game.info.title,
        "host": clean_name(host_name),
        "port": port,
        "players": players,
        "open": open_seats,
        "password": password,
        "started": started,
    }


def parse_announcement(data: bytes) -> dict[str, Any]:
    """An announcement datagram checked field by field; ProtocolError if it is not one.

    The game must be one of ours and the seat counts possible for it; the title is our own
    for that game and the host name is cleaned like a player's name (no control or bidi
    characters, at most NAME_MAX), so nothing in the list is shown as it was sent.
    """
    if len(data) > ANNOUNCE_MAX:
        raise ProtocolError("too-big", Msg("An announcement is too long."))
    try:
        obj = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("bad-message", Msg("An announcement is not JSON.")) from None
    if not isinstance(obj, dict) or obj.get("tabletop") != PROTOCOL_VERSION:
        raise ProtocolError("bad-message", Msg("Not a Tabletop announcement of this version."))
    checks: dict[str, type] = {
        "game": str,
        "title": str,
        "host": str,
        "port": int,
        "players": int,
        "open": int,
        "password": bool,
        "started": bool,
    }
    for key, want in checks.items():
        value = obj.get(key)
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            raise ProtocolError(
                "bad-message", Msg("An announcement lacks a valid {field}.", field=key)
            )
    if not 0 < obj["port"] < 65536:
        raise ProtocolError("bad-message", Msg("An announcement names no valid port."))
    try:
        game = get_game(obj["game"])
    except UnknownGame:
        raise ProtocolError("bad-message", Msg("An announcement names no game of ours.")) from None
    info = game.info
    if not info.min_players <= obj["players"] <= info.max_players:
        raise ProtocolError("bad-message", Msg("An announcement names an impossible table size."))
    if not 0 <= obj["open"] <= obj["players"]:
        raise ProtocolError("bad-message", Msg("An announcement names impossible open seats."))
    table = {key: obj[key] for key in checks}
    table["title"] = info.title
    table["host"] = clean_name(obj["host"][:TEXT_MAX])
    return table
