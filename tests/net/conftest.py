"""Shared fixtures of the LAN tests: a Qt application with no window, loopback only.

`raws` opens hand-driven sockets to a host on 127.0.0.1 and closes every one of them at
teardown, even when the test fails.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QTcpSocket
from PySide6.QtWidgets import QApplication

from tabletop.net.bench import LOOPBACK, pump_until
from tabletop.net.framing import MAX_HOST_FRAME, FrameReader

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


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
        """Drop the socket."""
        self.sock.abort()
        self.sock.deleteLater()


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
