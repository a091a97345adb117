"""Shared fixtures of the LAN tests: a Qt application with no window, loopback only.

`raws` opens hand-driven sockets to a host on 127.0.0.1 and closes every one of them at
teardown, even when the test fails.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QTcpSocket
from PySide6.QtWidgets import QApplication

from tabletop.net.bench import LOOPBACK, LoopbackTable, pump_until
from tabletop.net.client import Client
from tabletop.net.framing import MAX_HOST_FRAME, FrameReader
from tabletop.net.host import Host, SeatSpec

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SERVE = [sys.executable, "-m", "tabletop.cli", "serve", "--bind", LOOPBACK, "--announce-to", "none"]
"""`tabletop serve` on loopback without discovery (add "--port", ... and the game's arguments)."""


@pytest.fixture(scope="session")
def net_app() -> QCoreApplication:
    """The Qt application the host and clients run in.

    The network needs only a QCoreApplication, but the test session is shared with the table
    and score-sheet tests, which need a QApplication: so a QApplication it is, if none exists.
    """
    return QCoreApplication.instance() or QApplication([])


class Raw:
    """A hand-driven client socket to 127.0.0.1: send any bytes, read back the frames.

    `source` picks the local address (another loopback address such as 127.0.0.2 looks like
    another machine to the host).
    """

    def __init__(self, port: int, source: str | None = None, wait: bool = True) -> None:
        self.sock = QTcpSocket()
        self.closed = False
        self.data = bytearray()
        self.sock.readyRead.connect(lambda: self.data.extend(self.sock.readAll().data()))
        if source is not None:
            assert self.sock.bind(QHostAddress(source), 0), f"cannot bind {source}"
        self.sock.connectToHost(LOOPBACK, port)
        if wait:
            assert pump_until(self.connected, 5.0), "could not connect"

    def connected(self) -> bool:
        """True while the host keeps the connection."""
        return self.sock.state() == QAbstractSocket.SocketState.ConnectedState

    def send(self, data: bytes) -> None:
        """Write raw bytes."""
        self.sock.write(data)
        self.sock.flush()

    def frames(self) -> list[dict]:
        """Every frame received so far."""
        return FrameReader(MAX_HOST_FRAME).feed(bytes(self.data))

    def kinds(self) -> list[str]:
        """The type of every frame received so far."""
        return [f["type"] for f in self.frames()]

    def errors(self) -> list[dict]:
        """The error frames received so far."""
        return [f for f in self.frames() if f["type"] == "error"]

    def wait_error(self, timeout: float = 5.0) -> dict:
        """The first error frame (waiting for it)."""
        assert pump_until(lambda: bool(self.errors()), timeout), "no error frame came"
        return self.errors()[0]

    def wait_closed(self, timeout: float = 5.0) -> None:
        """Wait until the host closes the connection."""
        assert pump_until(lambda: not self.connected(), timeout), "the host kept the connection"

    def close(self) -> None:
        """Drop the connection (again: nothing)."""
        if not self.closed:
            self.closed = True
            self.sock.abort()


@pytest.fixture
def raws(net_app: QCoreApplication) -> Iterator[Callable[..., Raw]]:
    """Open `Raw(port, source=None)` sockets; all are closed at teardown."""
    opened: list[Raw] = []

    def make(port: int, source: str | None = None, wait: bool = True) -> Raw:
        raw = Raw(port, source, wait)
        opened.append(raw)
        return raw

    yield make
    for raw in opened:
        raw.close()
    pump_until(lambda: False, 0.05)


@pytest.fixture
def loopback(net_app: QCoreApplication) -> Iterator[Callable[..., LoopbackTable]]:
    """Make `LoopbackTable`s (same arguments); every one is closed at teardown."""
    made: list[LoopbackTable] = []

    def make(*args: Any, **kwargs: Any) -> LoopbackTable:
        table = LoopbackTable(*args, **kwargs)
        made.append(table)
        return table

    yield make
    unfair = [
        f"{table.host and table.host.game.info.id}: {u}" for table in made for u in table.unfair()
    ]
    for table in made:
        table.close()
    assert not unfair, f"the fairness check failed: {unfair}"


class Tables:
    """Hosts and clients made by one test, all closed at teardown."""

    def __init__(self) -> None:
        self.hosts: list[Host] = []
        self.clients: list[Client] = []

    def host(self, seats: int = 3, **kwargs: Any) -> Host:
        """A listening host on 127.0.0.1 with `seats` network seats."""
        specs = kwargs.pop("specs", None) or [SeatSpec(network=True)] * seats
        host = Host(kwargs.pop("game", "wild-rawz"), specs, seed=kwargs.pop("seed", 1), **kwargs)
        self.hosts.append(host)
        host.listen(0, LOOPBACK)
        return host

    def client(self, port: int, *args: Any, **kwargs: Any) -> Client:
        """A client connecting to 127.0.0.1:`port`."""
        client = Client(*args, **kwargs)
        self.clients.append(client)
        client.connect_to(LOOPBACK, port)
        return client

    def unfair(self) -> list[str]:
        """Clients that got a result but whose fairness check did not pass (or did not run)."""
        return [
            f"{c.name}: {c.fairness.message if c.fairness else 'no reveal'}"
            for c in self.clients
            if c.result is not None and (c.fairness is None or not c.fairness.ok)
        ]

    def close(self) -> None:
        """Close every client, then every host."""
        for client in self.clients:
            client.close()
        for host in self.hosts:
            host.close()


@pytest.fixture
def tables(net_app: QCoreApplication) -> Iterator[Tables]:
    """Make hosts and clients; they are closed after the test."""
    made = Tables()
    yield made
    pump_until(lambda: all(c.fairness is not None for c in made.clients if c.result), 5.0)
    unfair = made.unfair()
    made.close()
    pump_until(lambda: False, 0.05)
    assert not unfair, f"the fairness check failed: {unfair}"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Callable[..., tuple[subprocess.Popen[str], int, list[str]]]]:
    """Start `tabletop serve` processes (port 0 unless "--port" is given); each returns the
    process, its port and the invitation tokens it printed, and each is killed at teardown."""
    procs: list[subprocess.Popen[str]] = []

    def start(
        args: list[str], env: dict[str, str] | None = None
    ) -> tuple[subprocess.Popen[str], int, list[str]]:
        port = [] if "--port" in args else ["--port", "0"]
        proc = subprocess.Popen(
            [*SERVE, *port, *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})},
        )
        procs.append(proc)
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"for (\d+) seats on port (\d+)", line)
        assert found, f"serve said {line!r}"
        seats = [proc.stdout.readline() for _ in range(int(found.group(1)))]
        tokens = [s.split("--token ")[1].strip() for s in seats if "--token " in s]
        return proc, int(found.group(2)), tokens

    yield start
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()
