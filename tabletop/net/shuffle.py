"""The host's side of the shared shuffle: its sealed part, the players' pledged parts, the table
fixed at the start, and what is revealed at the end (the rules are in fairness.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.text import Msg
from tabletop.net import messages as msg
from tabletop.net.fairness import commitment, pledge, record_code, table_code
from tabletop.net.framing import encode


class Shuffle:
    """What a host holds of the shuffle: its seed and salt (sealed by `commitment`), each seat's
    pledge and part, the fixed table and, once every part is in, the nonces."""

    def __init__(self, secret: int, salt: bytes, players: int) -> None:
        self.secret = secret
        """The host's own part of the shuffle."""
        self.salt = salt
        self.commitment = commitment(secret, salt)
        """SHA-256 over the host's seed and a secret salt, sent in every welcome."""
        self.pledges: list[str | None] = [None] * players
        self.parts: dict[int, str] = {}
        self.table: dict[str, Any] | None = None
        """The table fixed at the start (fairness.py), with every player's pledge."""
        self.nonces: list[str | None] | None = None
        """Every player's part of the shuffle, in seat order, once all are in."""

    def reseal(self, salt: bytes) -> None:
        """Take the salt of a saved match (and so its commitment)."""
        self.salt = salt
        self.commitment = commitment(self.secret, salt)

    def fix(
        self,
        game_id: str,
        options: Mapping[str, Any],
        names: Sequence[str],
        kinds: Sequence[str],
    ) -> bool:
        """Fix the table with every pledge; True when parts are awaited, False when no seat
        adds one (the nonces are then all None and the deal may follow at once)."""
        self.table = {
            "commitment": self.commitment,
            "game": game_id,
            "players": len(self.pledges),
            "options": options,
            "names": list(names),
            "kinds": list(kinds),
            "pledges": list(self.pledges),
        }
        if not any(self.pledges):
            self.nonces = [None] * len(self.pledges)
            return False
        return True

    def take(self, seat: int | None, nonce: str) -> Msg | None:
        """Keep `seat`'s part when it is the one its hello pledged (the nonces are set once every
        part is in); a reason to refuse it otherwise. A part shown again is no fault."""
        if seat is not None and self.nonces is not None and self.nonces[seat] == nonce:
            return None
        if seat is None or self.table is None or self.nonces is not None:
            return Msg("No part of the shuffle is wanted now.")
        if pledge(nonce) != self.pledges[seat]:
            return Msg("That is not the part of the shuffle you pledged.")
        self.parts[seat] = nonce
        if all(self.parts.get(i) for i, p in enumerate(self.pledges) if p):
            self.nonces = [self.parts.get(i) for i in range(len(self.pledges))]
        return None

    def frames(self) -> bytes:
        """The table and, once every part is in, the shuffle: sent before a connection's View."""
        if self.table is None:
            return b""
        data = encode(msg.table(self.table))
        if self.nonces is not None:
            data += encode(msg.deal(self.nonces))
        return data

    def code(self) -> str | None:
        """The table code everyone can compare aloud (None until the shuffle is done)."""
        if self.table is None or self.nonces is None:
            return None
        return table_code(self.table, self.nonces)

    def record_code(self, log: str) -> str:
        """The code of the record `log` revealed at the end."""
        return record_code(log, self.secret, self.salt.hex())

    def reveal(self, log: str) -> bytes:
        """The `reveal` frame: the host's seed, its salt and the whole omniscient `log`."""
        return encode(msg.reveal(self.secret, self.salt, log))
