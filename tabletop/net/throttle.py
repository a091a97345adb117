"""What the LAN host tolerates from connections: its limits and the room-password throttle.

`Guesses` decides whether a room password may be looked at now. An address gets a few wrong
passwords free, then must wait a delay that doubles with each further one; every wrong
password is answered at once and the delay is only remembered, so no socket is held open for
it. When many wrong passwords arrive from anywhere (a guesser with many addresses), the whole
table is under attack: an address that guessed wrong is refused unchecked, and a password
from any address not yet let in is looked at only when a gate shared by all is open; each
wrong password shuts it for `Limits.password_gate` seconds, twice as long each time while the
attack lasts (at most `password_delay_max`). Seat tokens (a rejoin, an invitation) never
meet this throttle, and addresses that gave the right password earlier keep being checked at
once.

`raise_file_limit` lets the host hold more sockets where the system allows it.
"""

from __future__ import annotations

import sys
from collections import OrderedDict, deque
from dataclasses import dataclass
from math import ceil

from tabletop.engine.text import Msg

GUESS_ADDRESSES = 4096
"""The most addresses whose wrong passwords are remembered (the stalest is dropped first)."""

TRUSTED_ADDRESSES = 256
"""The most addresses remembered as having given the right password (the stalest goes)."""

FILE_LIMIT_GOAL = 65536
"""The open-file soft limit the host asks for when the hard limit is unlimited."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What the host tolerates from a connection before it closes it."""

    hello_timeout: float = 10.0
    idle_timeout: float = 90.0
    rate: float = 100.0
    burst: float = 200.0
    max_strikes: int = 30
    max_connections: int = 80
    max_backlog: int = 32 * 1024 * 1024
    password_free: int = 3
    password_delay: float = 1.0
    password_delay_max: float = 30.0
    password_window: float = 600.0
    password_global: int = 30
    password_gate: float = 5.0


class Guesses:
    """Wrong room passwords, per address and overall, and when each address may try again."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._fails: dict[str, int] = {}
        self._until: dict[str, float] = {}
        self._last: dict[str, float] = {}
        self._recent: deque[float] = deque()
        self._trusted: OrderedDict[str, None] = OrderedDict()
        self._gate = 0.0
        self._gated = 0

    def under_attack(self, now: float) -> bool:
        """True when more than `password_global` wrong passwords came from anywhere lately."""
        while self._recent and now - self._recent[0] > self.limits.password_window:
            self._recent.popleft()
        return len(self._recent) > self.limits.password_global

    def refusal(self, address: str, now: float) -> Msg | None:
        """Why a password from `address` is not looked at now (None: it may be checked)."""
        attack = self.under_attack(now)
        if address in self._fails:
            wait = self._until[address] - now
            if attack:
                wait = max(wait, self.limits.password_delay)
            if wait > 0:
                return Msg(
                    "Too many wrong room passwords from your address; wait {seconds} s.",
                    seconds=ceil(wait),
                )
            return None
        if attack and address not in self._trusted and now < self._gate:
            return Msg(
                "Many wrong room passwords are arriving; try again in {seconds} s, "
                "or ask the host for a seat token.",
                seconds=ceil(self._gate - now),
            )
        return None

    def wrong(self, address: str, now: float) -> None:
        """Note a wrong password from `address` and when it may try again."""
        limits = self.limits
        if address not in self._fails and len(self._fails) >= GUESS_ADDRESSES:
            self._forget(min(self._last, key=self._last.__getitem__))
        self._trusted.pop(address, None)
        fails = self._fails[address] = self._fails.get(address, 0) + 1
        self._last[address] = now
        self._recent.append(now)
        extra = fails - limits.password_free
        delay = 0.0
        if extra > 0:
            delay = min(limits.password_delay_max, limits.password_delay * 2 ** min(extra - 1, 30))
        if self.under_attack(now):
            delay = limits.password_delay_max
            shut = limits.password_gate * 2 ** min(self._gated, 30)
            self._gate = now + min(limits.password_delay_max, shut)
            self._gated += 1
        else:
            self._gated = 0
        self._until[address] = now + delay

    def right(self, address: str) -> None:
        """Forget an address's wrong passwords once it gave the right one, and trust it."""
        self._forget(address)
        self._trusted[address] = None
        self._trusted.move_to_end(address)
        while len(self._trusted) > TRUSTED_ADDRESSES:
            self._trusted.popitem(last=False)

    def _forget(self, address: str) -> None:
        for table in (self._fails, self._until, self._last):
            table.pop(address, None)

    def forget_old(self, now: float) -> None:
        """Drop addresses that have not guessed wrong for a whole window."""
        window = self.limits.password_window
        for address in [a for a, last in self._last.items() if now - last > window]:
            self._forget(address)


def raise_file_limit() -> int | None:
    """Raise this process's open-file soft limit toward its hard limit, so a flood of
    connections meets the host's own cap first; the soft limit now (None: not on this system)."""
    if sys.platform == "win32":
        return None
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    goal = FILE_LIMIT_GOAL if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < goal:
        # macOS refuses more than its own per-process ceiling whatever the hard limit says.
        for wanted in (goal, min(goal, 10240)):
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            except (OSError, ValueError):
                continue
            break
    return int(resource.getrlimit(resource.RLIMIT_NOFILE)[0])
