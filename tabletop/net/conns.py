"""The host's side of one client connection, and which gives way when the host is full."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtNetwork import QTcpSocket

from tabletop.engine.text import Msg
from tabletop.net import messages as msg
from tabletop.net.framing import FrameReader

FULL_TEXT = Msg("The table has too many connections right now; try again in a moment.")
"""The reason of a `full` error (a client tries again by itself)."""

CLOSE_GRACE = 2.0
"""Seconds a connection being closed has to take its last frames before it is cut."""

ACCEPT_RETRY_MS = 200
"""How soon the host listens again after the system refused it a connection."""


@dataclass(eq=False)
class Conn:
    """One client's socket as the host sees it: its reader, pace, seat and the View it was sent."""

    sock: QTcpSocket
    reader: FrameReader
    opened: float
    heard: float
    allowance: float
    seat: int | None = None
    sent: msg.SeatView | None = None
    joined: bool = False
    closing: bool = False
    closed_at: float = 0.0
    address: str = ""
    hooked: bool = True
    gone: bool = False
    strikes: int = 0


def make_room(conns: Sequence[Conn], new: Conn) -> tuple[Conn, bool]:
    """Which connection gives up its place of the cap, and whether it is cut at once (True) or
    closed with a `full` error (False). The cap counts every socket held, never a seated
    player's.

    A connection already closing (its answer written) is cut first, the one closed longest
    ago. Else the connection closed is one that has not said hello yet, else a spectator's,
    taken from the address holding the most of them (oldest first), so a flood from one
    machine cannot push out anyone else. Only when every other connection holds a seat is the
    newcomer itself refused.
    """
    closing = [c for c in conns if c.closing and c is not new]
    if closing:
        return min(closing, key=lambda c: c.closed_at), True
    for spectators in (False, True):
        pool = [
            c
            for c in conns
            if c is not new and not c.closing and c.seat is None and c.joined is spectators
        ]
        if pool:
            counts = Counter(c.address for c in pool)
            return min(pool, key=lambda c: (-counts[c.address], c.opened)), False
    return new, False
