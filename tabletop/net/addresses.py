"""Where LAN tables listen and announce: the fixed addresses and port, and `LanConfig`, the
choice a window makes of them (kept apart from the sockets so the launcher starts without
them)."""

from __future__ import annotations

from dataclasses import dataclass

DISCOVERY_PORT = 47311
"""The fixed UDP port announcements go to."""

BROADCAST = "255.255.255.255"
"""The default announcement target: every machine on the local network."""

ANY_ADDRESS = "0.0.0.0"
"""Listen on every IPv4 interface (the LAN); tests pass "127.0.0.1"."""


@dataclass(frozen=True, slots=True)
class LanConfig:
    """Where hosted tables listen and announce, and where the Join list listens.

    The defaults reach the local network; tests use loopback and a private discovery port.
    """

    bind: str = ANY_ADDRESS
    announce_to: str | None = BROADCAST
    discovery_address: str = "0.0.0.0"
    discovery_port: int = DISCOVERY_PORT
