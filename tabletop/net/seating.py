"""The host's seats: who holds each, its secret token, invitations and stand-ins."""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.bots.base import Bot
from tabletop.net.conns import Conn
from tabletop.seats import SeatSpec


def seat_token() -> str:
    """A fresh seat token: 128 random bits as hex, so it never starts with '-' on a command line."""
    return secrets.token_hex(16)


@dataclass(eq=False)
class Seat:
    """One seat of a host's table: who it is for, its token, and who plays it now."""

    spec: SeatSpec
    token: str
    name: str
    taken: bool
    conn: Conn | None = None
    stand_in: Bot | None = None
    stand_in_name: str | None = None
    invited: bool = False
    got_result: bool = False


class Seating:
    """Every seat of a table in order, and the questions the host asks about them."""

    def __init__(self, specs: Sequence[SeatSpec]) -> None:
        self.seats = [Seat(spec, seat_token(), "", spec.kind != "network") for spec in specs]

    def __getitem__(self, index: int) -> Seat:
        return self.seats[index]

    def __iter__(self) -> Iterator[Seat]:
        return iter(self.seats)

    def __len__(self) -> int:
        return len(self.seats)

    def ready(self) -> bool:
        """True when every network seat has a connected player."""
        return all(s.conn is not None for s in self.seats if s.spec.kind == "network")

    def rows(self) -> list[dict[str, Any]]:
        """The public table of seats (as in the `seats` message)."""
        return [
            {
                "seat": i,
                "name": s.name,
                "kind": s.spec.kind,
                "taken": s.taken,
                "connected": s.spec.kind != "network" or s.conn is not None,
                "computer": s.stand_in_name,
            }
            for i, s in enumerate(self.seats)
        ]

    def tokens(self) -> list[str | None]:
        """Each network seat's secret token (None for the others)."""
        return [s.token if s.spec.kind == "network" else None for s in self.seats]

    def open_count(self) -> int:
        """Network seats anyone may take (not taken, not reserved by an invitation)."""
        return sum(
            1 for s in self.seats if s.spec.kind == "network" and not s.taken and not s.invited
        )

    def free(self, wanted: int | None) -> int | None:
        """The open network seat a hello without a token gets (`wanted`, or the first)."""
        free = [
            i
            for i, s in enumerate(self.seats)
            if s.spec.kind == "network" and not s.taken and not s.invited
        ]
        if wanted is None:
            return free[0] if free else None
        return wanted if wanted in free else None

    def holding(self, token: str) -> int | None:
        """The network seat whose token is `token` (compared in constant time), if any."""
        found = None
        for i, seat in enumerate(self.seats):
            same = secrets.compare_digest(seat.token.encode(), token.encode())
            if same and seat.spec.kind == "network":
                found = i
        return found

    def any_invited_open(self) -> bool:
        """True when a seat kept for an invited player is still free."""
        return any(s.invited and not s.taken for s in self.seats)
