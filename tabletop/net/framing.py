"""Frames on the wire: a 4-byte big-endian length, then that many bytes of UTF-8 JSON (an object).

`encode` writes one frame; `FrameReader` takes bytes as they arrive (in any chunks) and returns
whole decoded objects, raising `FrameError` for anything that is not a well-formed frame: a
length of zero or above the reader's cap, bytes that are not UTF-8, text that is not JSON, JSON
that is not an object, NaN/Infinity, or nesting too deep for the parser. After a `FrameError` the
stream cannot be trusted any more, so the reader refuses further input.
"""

from __future__ import annotations

import json
from typing import Any

from tabletop.engine.errors import CodedError
from tabletop.engine.text import Msg

HEADER = 4
"""Bytes in the length prefix."""

MAX_CLIENT_FRAME = 64 * 1024
"""The cap on a frame a client sends to the host (actions are a few bytes)."""

MAX_HOST_FRAME = 4 * 1024 * 1024
"""The cap on a frame the host sends to a client (a 27-seat View is tens of kilobytes)."""


class FrameError(CodedError):
    """A byte stream that is not a sequence of well-formed frames; `code` names the fault."""


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def dumps(obj: dict[str, Any]) -> str:
    """Compact JSON text of a message (the form every frame carries)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def frame_text(text: str) -> bytes:
    """One frame around JSON text that is already encoded."""
    body = text.encode("utf-8")
    return len(body).to_bytes(HEADER, "big") + body


def encode(obj: dict[str, Any]) -> bytes:
    """One frame holding a message object."""
    return frame_text(dumps(obj))


def decode_body(body: bytes) -> dict[str, Any]:
    """The message object of one frame's body; FrameError if it is not one."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise FrameError("bad-frame", Msg("A frame is not valid UTF-8.")) from None
    try:
        obj = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise FrameError("bad-frame", Msg("A frame is not valid JSON.")) from None
    if not isinstance(obj, dict):
        raise FrameError("bad-frame", Msg("A frame must hold a JSON object."))
    return obj


class FrameReader:
    """Reassembles frames from arbitrary chunks of bytes, enforcing a size cap."""

    def __init__(self, max_size: int) -> None:
        self.max_size = max_size
        self._buffer = bytearray()
        self._broken = False

    @property
    def pending(self) -> int:
        """Bytes received but not yet part of a whole frame."""
        return len(self._buffer)

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        """Add bytes; return every whole frame now available, decoded, in order."""
        out = []
        for body in self.bodies(data):
            try:
                out.append(decode_body(body))
            except FrameError:
                self._broken = True
                del self._buffer[:]
                raise
        return out

    def bodies(self, data: bytes) -> list[bytes]:
        """Add bytes; return the raw bodies of every whole frame now available."""
        if self._broken:
            raise FrameError("bad-frame", Msg("The stream already failed."))
        buf = self._buffer
        buf += data
        out: list[bytes] = []
        pos = 0
        while len(buf) - pos >= HEADER:
            size = int.from_bytes(buf[pos : pos + HEADER], "big")
            if size == 0 or size > self.max_size:
                self._broken = True
                del buf[:]
                if size == 0:
                    raise FrameError("bad-frame", Msg("A frame may not be empty."))
                raise FrameError(
                    "too-big",
                    Msg(
                        "A frame of {size} bytes exceeds the cap of {cap}.",
                        size=size,
                        cap=self.max_size,
                    ),
                )
            if len(buf) - pos - HEADER < size:
                break
            out.append(bytes(buf[pos + HEADER : pos + HEADER + size]))
            pos += HEADER + size
        del buf[:pos]
        return out
