"""The LAN client: a QObject around a QTcpSocket that keeps the latest View of its seat.

It says hello (with a name, the room password, or a seat token to reconnect), then reports what
the host sends through signals, and sends actions as text with `act`. After losing the host in
a started match it reconnects by itself with its seat token until the host is back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import QAbstractSocket, QTcpSocket

from tabletop.engine.cards import Deck
from tabletop.engine.text import EMPTY, Msg
from tabletop.i18n import render
from tabletop.net import messages as msg
from tabletop.net.fairness import (
    BAD_SHUFFLE,
    Received,
    Verdict,
    failed,
    late,
    new_nonce,
    pledge,
    record_code,
    table_code,
    unverified,
    verify,
)
from tabletop.net.framing import MAX_HOST_FRAME, FrameError, FrameReader, encode

FINAL_CODES = frozenset(
    {"bad-token", "password", "throttled", "version", "replaced", "no-seat", "bye"}
)
"""Fatal error codes after which reconnecting cannot help."""

BUSY_CODES = frozenset({"full"})
"""Fatal error codes after which the client tries again later by itself (with backoff)."""

STOP_REASONS = {
    "replaced": Msg(
        "Another connection took this seat with its token (another window or device?); "
        "this one has stopped. The seat's token has changed."
    ),
}
"""What `status` says after a final error, when the host's own reason is not enough."""

BACKOFF_MAX_MS = 8000
"""The longest wait between two tries at a busy host."""

REVEAL_WAIT_MS = 15_000
"""How long after the result a client waits for the host to show its seed."""


class Client(QObject):
    """One seat (or a spectator) at a LAN table; `view` is the latest View as JSON.

    `tap`, if set, is called with every chunk of bytes received, before decoding (tests);
    `writing`, if set, just before each frame goes to the socket (the net bench's send time).
    """

    welcomed = Signal(object)
    seatsChanged = Signal(object)
    eventsReceived = Signal(int, object)
    acked = Signal(int, int)
    viewChanged = Signal(object)
    errorReceived = Signal(str, str, bool)
    finished = Signal(object)
    connectionChanged = Signal(bool)
    gaveUp = Signal()
    statusChanged = Signal(object)
    verified = Signal(object)
    shuffled = Signal(str)
    """Every player's part of the shuffle is in: the table code everyone can compare."""

    def __init__(
        self,
        name: str = "",
        password: str | None = None,
        token: str | None = None,
        seat: int | None = None,
        spectator: bool = False,
        auto_reconnect: bool = True,
        retry_ms: int = 500,
        retries: int = 120,
        ping_ms: int = 15_000,
        reveal_wait_ms: int = REVEAL_WAIT_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.name = name
        self.password = password
        self.token = token
        self.wanted_seat = seat
        self.spectator = spectator
        self.auto_reconnect = auto_reconnect
        self.retries = retries
        self.tap: Callable[[bytes], None] | None = None
        self.writing: Callable[[], None] | None = None
        self.game: str | None = None
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        self.seq = -1
        self._shown_from: int | None = None
        """The step of the first View since this connection's welcome: steps up to it were made
        before this client was (back) at the table, so its person did not hold the seat."""
        self.told = -1
        """The step of the latest `events` frame received."""
        self.seats: list[dict[str, Any]] = []
        self.started = False
        self.result: dict[str, Any] | None = None
        self.last_error: tuple[str, str] | None = None
        """The latest error: its code and its reason rendered in this machine's language."""
        self.status: Msg = EMPTY
        """What the client is doing about the connection (EMPTY: nothing to say)."""
        self.pending: int | None = None
        self.received = Received()
        """Everything received that the fairness check compares with the revealed log."""
        self.fairness: Verdict | None = None
        """The client's own check of the revealed log (None until the host reveals it)."""
        self.revealed_log: str | None = None
        self.check_delay_ms = 0
        """Wait before the fairness check (a bench with many clients in one process delays it,
        so one client's check does not hold up the others' last View)."""
        self.nonce = new_nonce()
        """This client's secret part of the shuffle, shown only once the table is fixed."""
        self.received.nonce = None if spectator else self.nonce
        self.received.rejoined = token is not None
        self.code: str | None = None
        """The table code (None until every part of the shuffle is in)."""
        self.shuffle_problem: Verdict | None = None
        """What was wrong with the table or the shuffle as soon as it was seen."""
        self._reveal_wait = QTimer(self)
        self._reveal_wait.setSingleShot(True)
        self._reveal_wait.setInterval(reveal_wait_ms)
        self._reveal_wait.timeout.connect(
            lambda: self._give_up(
                Msg("No seed came within {seconds} s of the result.", seconds=reveal_wait_ms / 1000)
            )
        )
        self._ref = 0
        self._nonce_sent = False
        self._host = ""
        self._port = 0
        self._attempts = 0
        self._closed = False
        self._final = False
        self._busy = False
        self._retry_ms = retry_ms
        self._reader = FrameReader(MAX_HOST_FRAME)
        self._sock = QTcpSocket(self)
        self._sock.connected.connect(self._on_connected)
        self._sock.readyRead.connect(self._on_ready_read)
        self._sock.disconnected.connect(self._on_lost)
        self._sock.errorOccurred.connect(self._on_socket_error)
        self._retry = QTimer(self)
        self._retry.setSingleShot(True)
        self._retry.setInterval(retry_ms)
        self._retry.timeout.connect(self._dial)
        self._ping = QTimer(self)
        self._ping.setInterval(ping_ms)
        self._ping.timeout.connect(lambda: self._send({"type": "ping"}))

    # ---- connection ----------------------------------------------------------------------
    def connect_to(self, host: str, port: int) -> None:
        """Connect to a host and say hello."""
        self._host, self._port = host, port
        self._closed = self._final = self._busy = False
        self._attempts = 0
        self._dial()

    def _dial(self) -> None:
        if self._closed:
            return
        self._reader = FrameReader(MAX_HOST_FRAME)
        self._sock.abort()
        self._sock.connectToHost(self._host, self._port)

    @property
    def connected(self) -> bool:
        """True while the socket is connected."""
        return self._sock.state() == QAbstractSocket.SocketState.ConnectedState

    def close(self) -> None:
        """Leave the table: say bye and close; no reconnecting."""
        self._closed = True
        self._retry.stop()
        self._ping.stop()
        if self.connected:
            self._send({"type": "bye"})
            self._sock.flush()
        self._sock.abort()

    def drop(self) -> None:
        """Cut the connection at once without a bye, as a crash would (tests, reconnect UI)."""
        self._closed = True
        self._retry.stop()
        self._ping.stop()
        self._sock.abort()

    def _on_connected(self) -> None:
        self._sock.setSocketOption(QAbstractSocket.SocketOption.LowDelayOption, 1)
        self.pending = None
        self._nonce_sent = False
        self._send(
            msg.hello(
                self.name,
                None if self.token else self.password,
                self.token,
                None if self.token else self.wanted_seat,
                self.spectator,
                pledge(self.nonce),
            )
        )
        self._ping.start()
        self.connectionChanged.emit(True)

    def _on_lost(self) -> None:
        self._ping.stop()
        self.connectionChanged.emit(False)
        if self.result is not None and self.revealed_log is None:
            self._give_up(Msg("The host closed the connection after the result without its seed."))
        self._maybe_retry()

    def _on_socket_error(self, _error: QAbstractSocket.SocketError) -> None:
        if self._sock.state() != QAbstractSocket.SocketState.ConnectedState:
            self._maybe_retry()

    def _maybe_retry(self) -> None:
        if self._closed or self._retry.isActive():
            return
        rejoin = self.token is not None and self.started and self.result is None
        can = self.auto_reconnect and not self._final and (rejoin or self._busy)
        if can and self._attempts < self.retries:
            self._attempts += 1
            wait = self._retry_ms
            if self._busy:
                wait = min(BACKOFF_MAX_MS, self._retry_ms * 2 ** min(self._attempts - 1, 8))
                self._set_status(
                    Msg(
                        "The table is full right now; trying again in {seconds} s "
                        "(try {attempt} of {attempts}).",
                        seconds=float(f"{wait / 1000:.3g}"),
                        attempt=self._attempts,
                        attempts=self.retries,
                    )
                )
            self._retry.start(wait)
        else:
            self._closed = True
            if self._busy:
                self._set_status(Msg("The table stayed full; gave up trying."))
            if self.started:
                self._give_up(Msg("The connection to the host was lost for good."))
            self.gaveUp.emit()

    def _set_status(self, status: Msg) -> None:
        self.status = status
        self.statusChanged.emit(status)

    def _send(self, obj: dict[str, Any]) -> None:
        if self.connected:
            self._sock.write(encode(obj))
            if self.writing is not None:
                self.writing()
            self._sock.flush()

    # ---- playing -------------------------------------------------------------------------
    def act(self, text: str) -> int:
        """Send an action for this seat; returns its `ref` (echoed by an ack or an error)."""
        self._ref += 1
        self.pending = self._ref
        self.received.sent.append({"ref": self._ref, "action": text})
        self._send(msg.act(text, self._ref))
        return self._ref

    @property
    def can_act(self) -> bool:
        """True when this seat must act, no answer is pending and no computer holds the seat."""
        view = self.view
        return (
            view is not None
            and self.pending is None
            and not view["over"]
            and self.seat is not None
            and self.seat in view["to_act"]
            and bool(view["moves"])
            and not any(r["seat"] == self.seat and r["computer"] for r in self.seats)
        )

    # ---- receiving -----------------------------------------------------------------------
    def _on_ready_read(self) -> None:
        data = bytes(self._sock.readAll().data())
        if self.tap is not None:
            self.tap(data)
        try:
            frames = self._reader.feed(data)
            for frame in frames:
                self._on_message(msg.parse_host(frame))
        except (FrameError, msg.ProtocolError) as err:
            text = render(Msg("The host sent a bad message: {reason}", reason=err.reason))
            self.last_error = (err.code, text)
            self.errorReceived.emit(err.code, text, True)
            self._sock.abort()

    def _on_message(self, obj: dict[str, Any]) -> None:
        kind = obj["type"]
        if kind == "view" or kind == "patch":
            if kind == "view":
                view = obj
                if self._shown_from is None:
                    self._shown_from = obj["seq"]
            elif self.view is not None:
                view = msg.apply_patch(self.view, obj)
            else:
                return  # a patch with no View to patch: nothing to show
            self.view = view
            self.seq = obj["seq"]
            self.received.frames.append(view)
            self.viewChanged.emit(view)
        elif kind == "events":
            if obj["seq"] <= self.told:
                return  # a returning seat is told the whole match again: this step it has
            self.told = obj["seq"]
            ack = obj.get("ack")
            if ack is not None:
                if ack == self.pending:
                    self.pending = None
                self.acked.emit(ack, obj["seq"])
            frame = {"type": "events", "seq": obj["seq"], "events": obj["events"]}
            if ack is not None:
                frame["ack"] = ack
            if self.seat is not None:
                frame["person"] = (
                    self._shown_from is not None
                    and obj["seq"] > self._shown_from
                    and not any(
                        isinstance(r, dict) and r.get("seat") == self.seat and r.get("computer")
                        for r in self.seats
                    )
                )
            self.received.frames.append(frame)
            self.eventsReceived.emit(obj["seq"], obj["events"])
        elif kind == "seats":
            self.seats = obj["seats"]
            self.started = self.started or obj["started"]
            self.seatsChanged.emit(obj["seats"])
        elif kind == "welcome":
            self._attempts = 0
            if self._busy:
                self._busy = False
                self._set_status(EMPTY)
            self.game = obj["game"]
            self.seat = obj.get("seat")
            self.token = obj.get("token") or self.token
            if self.received.commitment is None:
                # Only the first commitment counts: a host cannot swap it on a reconnect.
                self.received.commitment = obj["commitment"]
                self.received.seat = self.seat
                self.received.game = self.game
                self.received.welcome = {
                    "game": obj["game"],
                    "players": obj["players"],
                    "options": obj["options"],
                }
            self._shown_from = None
            self.received.frames.append({"type": "connect", "seq": max(self.seq, 0)})
            self.welcomed.emit(obj)
        elif kind == "table":
            self._on_table(obj["table"])
        elif kind == "deal":
            self._on_deal(obj["nonces"])
        elif kind == "error":
            self._on_error(obj)
        elif kind == "result":
            first = self.result is None
            self.result = obj
            self.finished.emit(obj)
            if first and self.revealed_log is not None:
                self._schedule_check()
            elif first:
                self._reveal_wait.start()
        elif kind == "reveal" and self.revealed_log is None:
            self.received.seed = obj["seed"]
            self.received.salt = obj["salt"]
            self.revealed_log = obj["log"]
            # A seed shown before the result would let the host show anything afterwards.
            self.received.early = self.result is None
            self._reveal_wait.stop()
            if self.result is not None:
                self._schedule_check()

    def _on_table(self, table: dict[str, Any]) -> None:
        """The table is fixed: check it lists our pledge, then show our part of the shuffle."""
        self.started = True
        if self.received.table is None:
            self.received.table = table
        if self.seat is None or self.received.nonces is not None:
            return
        if late(self.received):
            return  # the seat's pledge was made elsewhere; nothing of ours to show
        pledges = self.received.table.get("pledges")
        mine = pledge(self.nonce)
        if not isinstance(pledges, list) or self.seat >= len(pledges) or pledges[self.seat] != mine:
            self._shuffle_failed(Msg("The table does not list your pledge."))
            return
        if not self._nonce_sent:  # the table comes again with the deal: show the part once
            self._nonce_sent = True
            self._send(msg.nonce(self.nonce))

    def _on_deal(self, nonces: list[Any]) -> None:
        """Every part of the shuffle: check each against its pledge, ours included."""
        if self.received.nonces is not None:
            return
        self.received.nonces = [n if isinstance(n, str) else None for n in nonces]
        table = self.received.table
        if table is None:
            self._shuffle_failed(Msg("The host never showed the table with every pledge."))
            return
        pledges = table.get("pledges") or []
        try:
            kept = len(pledges) == len(nonces) and all(
                (p is None and n is None) or (isinstance(n, str) and pledge(n) == p)
                for p, n in zip(pledges, nonces, strict=False)
            )
        except ValueError:
            kept = False
        if self.seat is not None and kept and not late(self.received):
            kept = 0 <= self.seat < len(nonces) and nonces[self.seat] == self.nonce
        if not kept:
            self._shuffle_failed(Msg("The shuffle does not hold every pledged part as pledged."))
            return
        self.code = table_code(table, self.received.nonces)
        self.shuffled.emit(self.code)

    def _shuffle_failed(self, reason: Msg) -> None:
        self.shuffle_problem = failed(BAD_SHUFFLE, reason)

    def record_code(self) -> str | None:
        """The code of the record the host revealed (None before it did)."""
        if self.revealed_log is None or self.received.seed is None or self.received.salt is None:
            return None
        return record_code(self.revealed_log, self.received.seed, self.received.salt)

    def _schedule_check(self) -> None:
        # Replaying a whole match takes a while: not inside the socket's handler.
        QTimer.singleShot(self.check_delay_ms, self, self._check)

    def _check(self) -> None:
        """Check the revealed seed and log against everything received and sent, by ourselves."""
        assert self.revealed_log is not None
        if self.fairness is not None and self.fairness.shown:
            return
        self._decide(verify(self.revealed_log.splitlines(), self.received))

    def _give_up(self, reason: Msg) -> None:
        """The host did not show its seed in time (or went away): the match is not verified."""
        if self.fairness is None and self.started:
            log = self.revealed_log
            self._decide(
                unverified(reason) if log is None else verify(log.splitlines(), self.received)
            )

    def _decide(self, verdict: Verdict) -> None:
        verdict.table_code = self.code
        verdict.record_code = self.record_code()
        self.fairness = verdict
        self.received.verdict = verdict.to_json()
        self.verified.emit(verdict)

    def _render(self, reason: Msg) -> str:
        """An engine refusal in this machine's language, seats named as in the latest View."""
        view = self.view or {}
        names = view.get("names")
        deck = (view.get("hints") or {}).get("deck")
        return render(reason, names=names, deck=Deck(deck) if isinstance(deck, str) else None)

    def _on_error(self, obj: dict[str, Any]) -> None:
        code, fatal = obj["code"], obj["fatal"]
        if "reason" in obj:
            reason = Msg.from_json(obj["reason"])
        else:  # a host older than protocol version 4 refusing this client
            reason = Msg("The host says: {message}", message=str(obj["message"]))
        text = self._render(reason)
        self.last_error = (code, text)
        if self.pending is not None and obj.get("ref") == self.pending:
            self.pending = None
        if fatal and code in FINAL_CODES:
            self._final = True
            self._set_status(STOP_REASONS.get(code, reason))
            if self.started and self.result is None:
                self._give_up(Msg("The host refused this seat: {reason}", reason=reason))
        self._busy = fatal and code in BUSY_CODES
        self.errorReceived.emit(code, text, fatal)
