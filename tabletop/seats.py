"""Who sits at a table: one `SeatSpec` and one `parse_seats` for the app and the LAN host.

A seat is a person here (hot-seat), a computer player, or, at a LAN table, a seat left open
for a network player. The seat texts of `--seats` (the app, `tabletop serve`) are:

    Ann            a person called Ann          local / local:Ann   the same (LAN style)
    cpu            a computer at the default level (Steady)
    cpu:strong     a computer at a level: easy, steady, strong
    cpu:search     a computer by its registered name (random, thumb, search), as saved
    open           a seat for a network player (LAN tables only)

No Qt here: the table, the host and the command line share it. The computer players' levels
(`tabletop.bots`) are loaded where first used: the launcher is drawn without them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.engine.errors import BadOption
from tabletop.engine.text import Msg

CPU = "cpu"
"""The seat text (and seat kind) of a computer player."""

LOCAL = "local"
"""The seat kind of a person at this computer."""

NETWORK = "network"
"""The seat kind of a seat a network player takes."""

OPEN = "open"
"""The seat text of a network seat."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat: a person (`name`), a computer player (`bot`: its registered name), or an
    open network seat (`network`). An empty name gets a default when the match is set up."""

    name: str = ""
    bot: str | None = None
    network: bool = False

    @property
    def human(self) -> bool:
        """True for a person at this table (hot-seat)."""
        return self.bot is None and not self.network

    @property
    def kind(self) -> str:
        """The seat's kind as the LAN protocol and files name it: "network", "cpu" or "local"."""
        if self.network:
            return NETWORK
        return CPU if self.bot is not None else LOCAL

    @classmethod
    def of_kind(cls, kind: str, bot: str | None = None, name: str = "") -> SeatSpec:
        """A seat from its kind, as a LAN host's seats file keeps it."""
        if kind == NETWORK:
            return cls(network=True)
        if kind == CPU:
            return cls(name, bot or "random")
        if kind == LOCAL:
            return cls(name)
        raise BadOption(Msg("A seat is network, cpu or local, not {text}.", text=repr(kind)))


def computer_name(seat: int) -> str:
    """The default name of the computer player at `seat` ("CPU 2"): kept in logs as it is."""
    return f"CPU {seat + 1}"


def person_name(seat: int) -> str:
    """The default name of a person at `seat` (the engine's "Player N", shown translated)."""
    return f"Player {seat + 1}"


def default_bot(game_id: str) -> str:
    """The registered player of the default level (Steady: the rule-of-thumb player)."""
    from tabletop.bots.levels import DEFAULT_LEVEL, level_bot

    return level_bot(game_id, DEFAULT_LEVEL)


def level_title(game_id: str, bot: str) -> Msg:
    """How people read a computer player: its level's name ("Steady"), else "Computer"."""
    from tabletop.bots.levels import bot_level

    found = bot_level(game_id, bot)
    return found.title if found is not None else Msg("Computer", ctx="seat")


def computer_label(name: str, game_id: str, bot: str) -> Msg:
    """A computer player's name as people read it, with its level: "CPU 2 (Steady)"."""
    return Msg("{name} ({level})", name=name, level=level_title(game_id, bot))


def parse_seats(game_id: str, texts: Sequence[str], network: bool = False) -> list[SeatSpec]:
    """Seat texts to seats (see the module's doc); `open` only where `network` allows it.

    Computer seats are named "CPU n" and unnamed people "Player n"; BadOption for an unknown
    level or player, or for `open` at a table that is not on the network.
    """
    from tabletop.bots.levels import resolve_bot

    seats = []
    for i, raw in enumerate(texts):
        text = raw.strip()
        head, colon, rest = text.partition(":")
        low = head.strip().lower()
        if low == CPU:
            bot = resolve_bot(game_id, rest) if rest.strip() else default_bot(game_id)
            seats.append(SeatSpec(computer_name(i), bot))
        elif low == OPEN and not colon:
            if not network:
                raise BadOption(Msg("An open seat is for a LAN table; name a person or cpu."))
            seats.append(SeatSpec(network=True))
        elif low == LOCAL:
            seats.append(SeatSpec(rest.strip() or person_name(i)))
        else:
            seats.append(SeatSpec(text or person_name(i)))
    return seats


def seats_from(names: Sequence[str], bots: Sequence[str | None]) -> list[SeatSpec]:
    """Seats from a saved header's names and bots (no bots saved: everyone is a person)."""
    kinds = list(bots) if len(bots) == len(names) else [None] * len(names)
    return [SeatSpec(name, bot) for name, bot in zip(names, kinds, strict=True)]
