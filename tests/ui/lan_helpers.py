"""Helpers for the LAN table tests: loopback settings, a cuttable TCP relay, a client table."""

from __future__ import annotations

import json
import socket

from PySide6.QtCore import QObject
from PySide6.QtNetwork import QHostAddress, QTcpServer, QTcpSocket
from ui_helpers import Closing

from tabletop.net.addresses import LanConfig
from tabletop.net.client import Client
from tabletop.net.host import Host
from tabletop.ui.lan.netsession import ClientSession, NetBar
from tabletop.ui.table.table import INSTANT, TableWidget

LOOPBACK = "127.0.0.1"


def free_udp_port() -> int:
    """A UDP port on loopback nobody uses now (a private discovery port for one test)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind((LOOPBACK, 0))
        return int(sock.getsockname()[1])


def loopback_lan() -> LanConfig:
    """Listen, announce and browse on 127.0.0.1 only, on a private discovery port."""
    return LanConfig(LOOPBACK, LOOPBACK, LOOPBACK, free_udp_port())


def _pipe(source: QTcpSocket, sink: QTcpSocket) -> None:
    """Pass what `source` has read to `sink` once `sink` is connected (else it waits)."""
    if sink.state() == QTcpSocket.SocketState.ConnectedState:
        sink.write(source.readAll())


class Relay(QObject):
    """A TCP relay on loopback in front of a host: `cut` breaks every connection through it
    as a failing network would; `stop` / `listen` take it away and bring it back."""

    def __init__(self, target_port: int) -> None:
        super().__init__()
        self.target_port = target_port
        self.port = 0
        self.pairs: list[tuple[QTcpSocket, QTcpSocket]] = []
        self.server = QTcpServer(self)
        self.server.newConnection.connect(self._accept)

    def listen(self) -> int:
        """Accept on loopback (the same port again after `stop`); the port."""
        assert self.server.listen(QHostAddress(LOOPBACK), self.port)
        self.port = self.server.serverPort()
        return self.port

    def _accept(self) -> None:
        while self.server.hasPendingConnections():
            near = self.server.nextPendingConnection()
            far = QTcpSocket(self)
            far.connectToHost(LOOPBACK, self.target_port)
            near.readyRead.connect(lambda a=near, b=far: _pipe(a, b))
            far.connected.connect(lambda a=near, b=far: _pipe(a, b))
            far.readyRead.connect(lambda a=far, b=near: _pipe(a, b))
            near.disconnected.connect(lambda b=far: b.abort())
            far.disconnected.connect(lambda b=near: b.abort())
            self.pairs.append((near, far))

    def cut(self) -> None:
        """Break every connection through the relay at once."""
        pairs, self.pairs = self.pairs, []
        for near, far in pairs:
            near.abort()
            far.abort()

    def stop(self) -> None:
        """Stop accepting and break every connection."""
        self.server.close()
        self.cut()


def client_table(
    qtbot: object,
    closing: Closing,
    client: Client,
    port: int,
    size: tuple[int, int] = (1100, 760),
) -> tuple[ClientSession, TableWidget, NetBar]:
    """A client's table as the app builds it: session, table and the bar above it."""
    session = ClientSession(client, LOOPBACK, port)
    closing.keep(session, session.close)
    table = closing.widget(TableWidget(session, INSTANT))
    session.updated.connect(table.feed)
    session.refused.connect(table.refuse)
    bar = NetBar(session)
    table.layout().insertWidget(0, bar)
    table.resize(*size)
    table.show()
    table.start()
    qtbot.waitExposed(table)
    return session, table, bar


def view_json(host: Host, seat: int) -> dict:
    """The host's View for a seat, as the client holds it (JSON round trip)."""
    return json.loads(json.dumps(host.view(seat).to_json()))


def same_view(client: Client, host: Host, seat: int) -> bool:
    """True when the client holds exactly the host's current View of its seat."""
    view = client.view
    if view is None:
        return False
    return {k: v for k, v in view.items() if k not in ("type", "seq")} == view_json(host, seat)
