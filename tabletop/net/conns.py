"""The host's client connections: accepting, reading frames at a fair pace, sending, closing."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QObject, QTimer
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QTcpServer, QTcpSocket

from tabletop.engine.text import Msg
from tabletop.net import messages as msg
from tabletop.net.framing import MAX_CLIENT_FRAME, FrameError, FrameReader, decode_body, encode
from tabletop.net.throttle import Guesses, Limits, raise_file_limit

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


class Connections:
    """Every client connection of a host: the server accepting them, each one's frames read and
    paced, errors and closing, and sockets let go of safely. A parsed message goes to `receive`,
    a connection that is gone to `lost`, and what the host's person may want to know to `say`."""

    def __init__(
        self,
        owner: QObject,
        limits: Limits,
        receive: Callable[[Conn, msg.ClientMessage], None],
        lost: Callable[[Conn], None],
        say: Callable[[Msg], None],
    ) -> None:
        self.owner = owner
        """The host: parent of the server and timers; nothing is done once it is deleted."""
        self.limits = limits
        self.receive = receive
        self.lost = lost
        self.say = say
        self.conns: list[Conn] = []
        self.guesses = Guesses(limits)
        """Wrong passwords per address (throttle.py)."""
        self.closed = False
        self._graveyard: list[QTcpSocket] = []
        self._closed_socks: list[QTcpSocket] = []
        self.server = QTcpServer(owner)
        self.server.newConnection.connect(self._on_new_connection)
        self.server.acceptError.connect(self._on_accept_error)
        self._sweeper = QTimer(owner)
        self._sweeper.setInterval(int(max(50, min(1000, limits.hello_timeout * 330))))
        self._sweeper.timeout.connect(self._sweep)

    def listen(self, port: int, address: str) -> int:
        """Start accepting clients; return the port (OSError if it cannot listen)."""
        raise_file_limit()
        if not self.server.listen(QHostAddress(address), port):
            raise OSError(f"cannot listen on {address}:{port}: {self.server.errorString()}")
        self.closed = False
        self._sweeper.start()
        return self.server.serverPort()

    def close(self) -> None:
        """Stop listening and close every connection, each told that the host is closing."""
        self.closed = True
        self.server.close()
        self._sweeper.stop()
        for conn in list(self.conns):
            self.fail(conn, "host-closing", Msg("The host is closing the table."))
            conn.gone = True
            if conn.hooked:
                conn.sock.flush()
                self._unhook(conn)
                # Kept, not buried, so the goodbye frame still goes out while the host lives.
                self._closed_socks.append(conn.sock)
        self.conns.clear()

    def _on_new_connection(self) -> None:
        while self.server.hasPendingConnections():
            sock = self.server.nextPendingConnection()
            # A socket made by the server is its child; shiboken never learns when such a
            # child is deleted, so its wrapper (and the slots connected to it) would live as
            # long as the server. Owned by Python instead, it dies with the last reference.
            sock.setParent(None)
            now = time.monotonic()
            conn = Conn(sock, FrameReader(MAX_CLIENT_FRAME), now, now, self.limits.burst)
            conn.address = sock.peerAddress().toString().removeprefix("::ffff:")
            sock.setSocketOption(QAbstractSocket.SocketOption.LowDelayOption, 1)
            sock.readyRead.connect(lambda c=conn: self._on_ready_read(c))
            sock.disconnected.connect(lambda c=conn: self._on_disconnected(c))
            self.conns.append(conn)
            if len(self.conns) > self.limits.max_connections:
                self._make_room(conn)

    def _on_accept_error(self, _error: QAbstractSocket.SocketError) -> None:
        """The system refused a connection (most often: out of open files) and Qt stopped
        accepting: let go of every closing socket and listen again shortly."""
        for conn in [c for c in self.conns if c.closing]:
            self.cut(conn)
        QTimer.singleShot(ACCEPT_RETRY_MS, self.owner, self._resume_accepting)

    def _resume_accepting(self) -> None:
        if not self.closed and self.server.isListening():
            self.server.resumeAccepting()

    def _make_room(self, new: Conn) -> None:
        """Free one place of the cap (`make_room` says whose)."""
        victim, cut = make_room(self.conns, new)
        if cut:
            self.cut(victim)
        else:
            self.fail(victim, "full", FULL_TEXT)

    def _on_ready_read(self, conn: Conn) -> None:
        if conn.gone:
            return
        data = bytes(conn.sock.readAll().data())
        if conn.closing:
            return
        try:
            bodies = conn.reader.bodies(data)
        except FrameError as err:
            self.fail(conn, err.code, err.reason)
            return
        for body in bodies:
            if conn.closing:
                return
            self._on_body(conn, body)

    def _on_body(self, conn: Conn, body: bytes) -> None:
        now = time.monotonic()
        limits = self.limits
        conn.allowance = min(limits.burst, conn.allowance + (now - conn.heard) * limits.rate)
        conn.heard = now
        if conn.allowance < 1:
            self.fail(conn, "flood", Msg("Too many messages; slow down."))
            return
        conn.allowance -= 1
        try:
            message = msg.parse_client(decode_body(body))
        except FrameError as err:
            self.fail(conn, err.code, err.reason)
            return
        except msg.ProtocolError as err:
            if not conn.joined:
                self.fail(conn, err.code, err.reason)
            else:
                self.strike(conn, err.code, err.reason)
            return
        self.receive(conn, message)

    def strike(self, conn: Conn, code: str, reason: Msg, ref: int | None = None) -> None:
        """Refuse a message with a non-fatal error; close after too many in a row."""
        conn.strikes += 1
        if conn.strikes >= self.limits.max_strikes:
            self.fail(
                conn, "strikes", Msg("Too many refused messages; last: {reason}", reason=reason)
            )
        else:
            self.send(conn, encode(msg.error(code, reason, False, ref)))

    def fail(self, conn: Conn, code: str, reason: Msg) -> None:
        """Send a fatal error and close."""
        if conn.closing:
            return
        conn.closing = True
        self.send(conn, encode(msg.error(code, reason, True)))
        self.say(Msg("Closing a connection ({code}).", code=code))
        conn.closed_at = time.monotonic()
        if not conn.gone:
            conn.sock.disconnectFromHost()

    def send(self, conn: Conn, data: bytes) -> None:
        """Write `data` to a connected socket; cut one whose reader has fallen too far behind."""
        sock = conn.sock
        if conn.gone or sock.state() != QAbstractSocket.SocketState.ConnectedState:
            return
        sock.write(data)
        sock.flush()
        if sock.bytesToWrite() > self.limits.max_backlog:
            conn.closing = True
            sock.abort()

    def cut(self, conn: Conn) -> None:
        """Drop a connection's socket now (a closing one: its answer has been written)."""
        conn.sock.abort()
        self._on_disconnected(conn)

    def _on_disconnected(self, conn: Conn) -> None:
        if conn.gone or not shiboken6.isValid(self.owner):
            return
        conn.gone = True
        conn.closing = True
        if conn in self.conns:
            self.conns.remove(conn)
        self._bury(conn)
        self.lost(conn)

    def _unhook(self, conn: Conn) -> None:
        """Disconnect the host's slots from a connection's socket (they hold the connection)."""
        sock = conn.sock
        if conn.hooked and shiboken6.isValid(sock):
            conn.hooked = False
            sock.readyRead.disconnect()
            sock.disconnected.disconnect()

    def _bury(self, conn: Conn) -> None:
        """Let go of a closed connection's socket once control is back in the event loop.

        It may be in the middle of emitting a signal now, so it is not deleted here.
        """
        self._unhook(conn)
        self._graveyard.append(conn.sock)
        if len(self._graveyard) == 1:
            QTimer.singleShot(0, self.owner, self._graveyard.clear)

    def live_sockets(self) -> int:
        """Client sockets still held (open, closing, or about to be freed)."""
        return len(self.conns) + len(self._graveyard) + len(self._closed_socks)

    def _sweep(self) -> None:
        now = time.monotonic()
        self.guesses.forget_old(now)
        for conn in list(self.conns):
            if conn.closing:
                if now - conn.closed_at > CLOSE_GRACE:
                    conn.sock.abort()
                continue
            if not conn.joined and now - conn.opened > self.limits.hello_timeout:
                self.fail(conn, "timeout", Msg("No hello in time."))
            elif conn.joined and now - conn.heard > self.limits.idle_timeout:
                self.fail(conn, "timeout", Msg("Nothing heard for too long."))
