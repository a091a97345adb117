"""LAN discovery: hosts announce their table by UDP broadcast, the Join list listens.

An `Announcer` sends a small JSON datagram (see `messages.announcement`) once a second to the
broadcast address on `DISCOVERY_PORT`; a `Browser` listens on that port and keeps the tables
heard in the last few seconds, keyed by (address, port). Tests pass "127.0.0.1" for both so
nothing leaves the machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QUdpSocket

from tabletop.net import messages as msg
from tabletop.net.addresses import BROADCAST, DISCOVERY_PORT
from tabletop.net.framing import dumps

INTERVAL_MS = 1000
"""Time between announcements."""

EXPIRY = 3.5
"""Seconds after the last announcement before a table leaves the list."""

MAX_TABLES = 32
"""The most tables listed at once; a new one takes the place of the one heard from longest
ago, so senders filling the list cannot keep a real table out of it."""

MAX_PER_ADDRESS = 4
"""The most tables listed from one sender address."""

PINNED = ("game", "host", "players", "password")
"""Fields of a listed table that later datagrams may not change until the row expires
(only its open seats and whether it started may change), so a sender spoofing the table's
address cannot rewrite what it is."""


class Announcer(QObject):
    """Sends `info()` as a datagram to `target`:`port` every `interval_ms`."""

    def __init__(
        self,
        info: Callable[[], dict[str, Any]],
        target: str = BROADCAST,
        port: int = DISCOVERY_PORT,
        interval_ms: int = INTERVAL_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._info = info
        self._target = QHostAddress(target)
        self._port = port
        self._sock = QUdpSocket(self)
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.announce)

    def start(self) -> None:
        """Announce now and then every interval."""
        self.announce()
        self._timer.start()

    def stop(self) -> None:
        """Stop announcing."""
        self._timer.stop()
        self._sock.close()

    def announce(self) -> None:
        """Send one announcement."""
        data = dumps(self._info()).encode("utf-8")
        if len(data) <= msg.ANNOUNCE_MAX:
            self._sock.writeDatagram(data, self._target, self._port)


class Browser(QObject):
    """Listens for announcements; `tables` maps (address, port) to the latest one heard.

    Every field is checked and cleaned (`messages.parse_announcement`); the list holds at
    most MAX_TABLES (a new table replaces the one heard from longest ago) and MAX_PER_ADDRESS
    from one address, and a listed table's identity (PINNED) stays as first heard. A table in
    the list is only a claim: the password typed for it goes to whoever answers at its address.
    """

    changed = Signal()

    def __init__(
        self,
        address: str = "0.0.0.0",
        port: int = DISCOVERY_PORT,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.tables: dict[tuple[str, int], dict[str, Any]] = {}
        self._seen: dict[tuple[str, int], float] = {}
        self._address = address
        self._port = port
        self._sock = QUdpSocket(self)
        self._sock.readyRead.connect(self._on_ready_read)
        self._timer = QTimer(self)
        self._timer.setInterval(500)
        self._timer.timeout.connect(self._expire)

    def start(self) -> bool:
        """Bind the discovery port (shared with other listeners); False if that fails."""
        mode = QAbstractSocket.BindFlag.ShareAddress | QAbstractSocket.BindFlag.ReuseAddressHint
        ok = self._sock.bind(QHostAddress(self._address), self._port, mode)
        if ok:
            self._timer.start()
        return ok

    def stop(self) -> None:
        """Stop listening."""
        self._timer.stop()
        self._sock.close()

    def _on_ready_read(self) -> None:
        dirty = False
        for _ in range(256):
            if not self._sock.hasPendingDatagrams():
                break
            size = self._sock.pendingDatagramSize()
            data, sender, _port = self._sock.readDatagram(max(1, min(size, msg.ANNOUNCE_MAX + 1)))
            try:
                table = msg.parse_announcement(bytes(data.data()))
            except msg.ProtocolError:
                continue
            address = sender.toString().removeprefix("::ffff:")
            table["address"] = address
            key = (address, table["port"])
            old = self.tables.get(key)
            if old is None:
                if not self._room_for(address):
                    continue
                if len(self.tables) >= MAX_TABLES:
                    self._drop(min(self._seen, key=self._seen.__getitem__))
            if old is not None and any(old[k] != table[k] for k in PINNED):
                continue
            self._seen[key] = time.monotonic()
            if old != table:
                self.tables[key] = table
                dirty = True
        if dirty:
            self.changed.emit()

    def full(self) -> bool:
        """True when the list holds as many tables as it can (a newcomer pushes one out)."""
        return len(self.tables) >= MAX_TABLES

    def _room_for(self, address: str) -> bool:
        """True when `address` may add one more table to the list."""
        return sum(1 for a, _port in self.tables if a == address) < MAX_PER_ADDRESS

    def _drop(self, key: tuple[str, int]) -> None:
        del self._seen[key]
        del self.tables[key]

    def _expire(self) -> None:
        now = time.monotonic()
        old = [key for key, seen in self._seen.items() if now - seen > EXPIRY]
        for key in old:
            self._drop(key)
        if old:
            self.changed.emit()
