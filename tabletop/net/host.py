"""The LAN host: a QObject owning the connections, the one engine state and every seat.

Clients send `hello` and then `act` texts; the host validates each action with the engine and
sends every connection the events and the View its seat may see. Computer seats and computer
stand-ins for dropped players are played here; hot-seat ("local") seats are played by the UI
through `act_local`. The omniscient replay log stays on the host, written atomically when an
autosave path is given: after each action, once per batch of actions sent together and before
any client hears of them; `Host.resume` continues a match from it.

The host joins its parts: connections (conns.py), seats and tokens (seating.py), its side of
the shuffle (shuffle.py), computer players (computers.py), the seats file (tablefile.py).
"""

from __future__ import annotations

import gc
import io
import os
import secrets
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from tabletop.bots.levels import table_player
from tabletop.bots.runner import bot_seed
from tabletop.engine.errors import BadOption, IllegalAction, ParseError
from tabletop.engine.events import Event
from tabletop.engine.game import Game, State
from tabletop.engine.log import LogWriter
from tabletop.engine.registry import get_game
from tabletop.engine.rng import fresh_seed
from tabletop.engine.text import Msg
from tabletop.engine.views import View
from tabletop.net import messages as msg
from tabletop.net.addresses import ANY_ADDRESS
from tabletop.net.computers import Computers, refusal
from tabletop.net.conns import Conn, Connections
from tabletop.net.fairness import deal_seed, new_salt
from tabletop.net.framing import (
    encode,
    frame_text,
)
from tabletop.net.seating import Seating, seat_token
from tabletop.net.shuffle import Shuffle
from tabletop.net.tablefile import read_saved, rebuild, write_seats
from tabletop.net.throttle import Limits as Limits
from tabletop.seats import SeatSpec as SeatSpec
from tabletop.seats import computer_name, person_name
from tabletop.store import atomic_write


class _GcHold:
    """Keeps Python's cyclic garbage collector off from an action until its frames are
    written, so that a collection runs while the host waits rather than before a seat's View
    goes out. It only ever turns back on a collector it turned off itself."""

    def __init__(self) -> None:
        self.held = False

    def hold(self) -> None:
        """Turn the collector off (if it is on) until `release`."""
        if not self.held and gc.isenabled():
            gc.disable()
            self.held = True

    def release(self, *_args: object) -> None:
        """Turn the collector back on if `hold` turned it off."""
        if self.held:
            self.held = False
            gc.enable()


class Host(QObject):
    """A LAN table: accepts clients, runs the only engine, sends each seat what it may see."""

    seatsChanged = Signal()
    started = Signal()
    updated = Signal(int)
    played = Signal(object)
    """An action was applied: its `Played` (seat, the legal action, the events with their
    secrets marked), just before `updated` gives its step."""
    finished = Signal()
    message = Signal(object)
    """Something the host's person may want to know, as a Msg for the viewer to render."""

    def __init__(
        self,
        game_id: str,
        seats: Sequence[SeatSpec],
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        password: str | None = None,
        autosave: str | os.PathLike[str] | None = None,
        limits: Limits | None = None,
        auto_start: bool = True,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.game: Game[Any] = get_game(game_id)
        self.game.info.check_players(len(seats))
        self.options = self.game.resolve_options(options or {})
        self.password = password or None
        self.limits = limits or Limits()
        self.auto_start = auto_start
        self.autosave = Path(autosave) if autosave is not None else None
        self.state: State | None = None
        self.seq = 0
        # The host's own part of the shuffle, committed to before anyone joins; a seed given
        # here (a typed one) is only mixed in when players add theirs (fairness.deal_seed).
        secret = seed if seed is not None else fresh_seed()
        self._shuffle = Shuffle(secret, new_salt(), len(seats))
        self._seed = secret
        """The seed the match is dealt with (the shared one once the players' parts are in)."""
        self._seats = Seating(seats)
        for i in range(len(seats)):
            self._init_seat(i)
        self._computers = Computers(self, self, self._seats, self._apply, self.message.emit)
        self._log = io.StringIO()
        self._writer: LogWriter | None = None
        self.allow_hints = False
        """Whether people at this table may ask for a suggested move (off unless the host
        allows it)."""
        self._outbox: list[tuple[int, list[Event], Conn | None, int | None]] = []
        self._flush_pending = False
        self._result_sent = False
        self.step_times: list[float] = []
        """Processor seconds the host itself spent on each update it sent: applying the update's
        actions (engine and log), the autosave, and writing every connection's frames (`tabletop
        bench --net`). Processor time, so other programs on a busy machine do not count."""
        self.step_sent: list[tuple[int, float]] = []
        """For each update sent, its step and when (`time.monotonic`, one clock for every process
        of the machine) the host had handed every connection's frames to the system."""
        self.step_waits: list[float] = []
        """For each update sent, the seconds the host was kept from running between its first
        action and its last frame written: the time that passed minus the processor time the
        host used, that is, waiting while other programs held its core."""
        self._window: tuple[float, float] | None = None
        self._busy = 0.0
        self._gc = _GcHold()
        # Not a method of the host: it must still run while the host is being destroyed.
        self.destroyed.connect(self._gc.release)
        self._text_cache = msg.TextCache()
        self._last_texts: msg.ViewTexts | None = None
        self._texts_seq = -1
        self._touched: frozenset[str] | None = frozenset()
        """The zones the actions applied since `_last_texts` changed (None: any), and how many
        actions that is: the union is used only if it covers every step since."""
        self._touched_steps = 0
        self._opening: msg.EventTexts | None = None
        self._story: list[list[Event]] = []
        """Every step's events (index: `seq`, the deal's at 0), told again to a seat that joins
        or comes back, so its game log holds the whole match."""
        self._links = Connections(
            self, self.limits, self._on_message, self._on_lost, self.message.emit
        )
        self._conns = self._links.conns
        self._guesses = self._links.guesses
        self._server = self._links.server

    @property
    def commitment(self) -> str:
        """SHA-256 over the host's seed and a secret salt, sent in every welcome."""
        return self._shuffle.commitment

    @property
    def table(self) -> dict[str, Any] | None:
        """The table fixed at the start (fairness.py), with every player's pledge."""
        return self._shuffle.table

    @table.setter
    def table(self, table: dict[str, Any] | None) -> None:
        self._shuffle.table = table

    @property
    def nonces(self) -> list[str | None] | None:
        """Every player's part of the shuffle, in seat order, once all are in."""
        return self._shuffle.nonces

    @nonces.setter
    def nonces(self, nonces: list[str | None] | None) -> None:
        self._shuffle.nonces = nonces

    def _init_seat(self, index: int) -> None:
        seat = self._seats[index]
        spec = seat.spec
        if spec.bot is not None:
            seat.stand_in = table_player(
                self.game.info.id, spec.bot, bot_seed(self._shuffle.secret, index)
            )
            seat.stand_in_name = spec.bot
            seat.name = seat.name or msg.clean_name(spec.name) or computer_name(index)
        elif spec.human:
            seat.name = seat.name or msg.clean_name(spec.name) or person_name(index)

    # ---- resuming ------------------------------------------------------------------------
    @classmethod
    def resume(
        cls,
        autosave: str | os.PathLike[str],
        password: str | None = None,
        limits: Limits | None = None,
        parent: QObject | None = None,
    ) -> Host:
        """A host continuing the match saved at `autosave` (and its `.seats.json` beside it)."""
        path = Path(autosave)
        saved = read_saved(path)
        head = saved.head
        host = cls(
            str(head["game"]),
            saved.specs,
            head.get("options") or {},
            saved.secret,
            password,
            path,
            limits,
            auto_start=False,
            parent=parent,
        )
        host._seed = int(head["seed"])
        if saved.salt is not None:
            host._shuffle.reseal(saved.salt)
            host.table = saved.table
            host.nonces = saved.nonces
        for seat, row in zip(host._seats, saved.seats, strict=True):
            seat.token = str(row["token"])
            seat.name = str(row.get("name", seat.name))
            seat.taken = True
        host._rebuild(saved.lines)
        return host

    def _rebuild(self, lines: list[str]) -> None:
        match = rebuild(self.game, self.options, self._seed, lines, self._log)
        self._writer, self._story, self.seq = match.writer, match.story, match.seq
        self.state = match.state
        self.message.emit(Msg("Resumed after {count} actions.", count=self.seq))
        self._computers.schedule()

    # ---- the network ---------------------------------------------------------------------
    def listen(self, port: int = 0, address: str = ANY_ADDRESS) -> int:
        """Start accepting clients; return the port (OSError if it cannot listen)."""
        port = self._links.listen(port, address)
        self._computers.closed = False
        return port

    @property
    def port(self) -> int:
        """The port listened on (0 before `listen`)."""
        return self._server.serverPort()

    def close(self) -> None:
        """Stop listening and close every connection (they may reconnect to a resumed host)."""
        self._computers.close()
        self._flush()
        self._links.close()

    def _on_message(self, conn: Conn, message: msg.ClientMessage) -> None:
        if isinstance(message, msg.Hello):
            self._on_hello(conn, message)
        elif not conn.joined:
            self._fail(conn, "not-joined", Msg("Send a hello first."))
        elif isinstance(message, msg.Act):
            self._on_act(conn, message)
        elif isinstance(message, msg.Nonce):
            self._on_nonce(conn, message.nonce)
        elif isinstance(message, msg.Ping):
            self._send(conn, encode(msg.pong()))
        else:
            self._fail(conn, "bye", Msg("Goodbye."))

    def _strike(self, conn: Conn, code: str, reason: Msg, ref: int | None = None) -> None:
        self._links.strike(conn, code, reason, ref)

    def _fail(self, conn: Conn, code: str, reason: Msg) -> None:
        """Send a fatal error and close."""
        self._links.fail(conn, code, reason)

    def _send(self, conn: Conn, data: bytes) -> None:
        self._links.send(conn, data)

    def _on_lost(self, conn: Conn) -> None:
        """A connection is gone: its seat, if it held one, is free again until the start."""
        if conn.seat is None:
            return
        seat = self._seats[conn.seat]
        if seat.conn is not conn:
            return
        seat.conn = None
        if not self._fixed():
            seat.taken = False
            seat.name = ""
            if not seat.invited:
                seat.token = seat_token()
        self.message.emit(Msg("Seat {number} disconnected.", number=conn.seat + 1))
        self._broadcast_seats()

    def live_sockets(self) -> int:
        """Client sockets this host still holds (open, closing, or about to be freed)."""
        return self._links.live_sockets()

    # ---- joining -------------------------------------------------------------------------
    def _on_hello(self, conn: Conn, hello: msg.Hello) -> None:
        if conn.joined:
            self._strike(conn, "already-joined", Msg("This connection has already said hello."))
            return
        if hello.version != msg.PROTOCOL_VERSION:
            self._fail(
                conn,
                "version",
                Msg(
                    "This host speaks protocol version {host}, not {client}; "
                    "both computers need the same version of Tabletop.",
                    host=msg.PROTOCOL_VERSION,
                    client=hello.version,
                ),
            )
            return
        if hello.token is not None:
            self._rejoin(conn, hello.token, hello.name, hello.pledge)
            return
        if self.password is not None:
            now = time.monotonic()
            refused = self._guesses.refusal(conn.address, now)
            if refused is not None:
                self._fail(conn, "throttled", refused)
                return
            if not secrets.compare_digest((hello.password or "").encode(), self.password.encode()):
                self._guesses.wrong(conn.address, now)
                self._fail(conn, "password", Msg("Wrong room password."))
                return
            self._guesses.right(conn.address)
        if hello.spectator:
            conn.joined = True
            self._send(conn, encode(self._welcome(None, None)))
            self._send(conn, encode(self._seats_message()))
            self._send_current(conn)
            return
        index = self._free_seat(hello.seat)
        if index is None:
            if self.state is not None:
                reason = Msg("The match has started; rejoin with your seat's token or watch.")
            elif self._seats.any_invited_open():
                reason = Msg(
                    "The open seats are kept for invited players; watch, or ask for a token."
                )
            else:
                reason = Msg("No such open seat.")
            self._fail(conn, "no-seat", reason)
            return
        seat = self._seats[index]
        seat.taken = True
        seat.name = hello.name or f"Player {index + 1}"
        self._shuffle.pledges[index] = hello.pledge
        self._attach(conn, index)
        self.message.emit(Msg("Seat {number} taken by {name}.", number=index + 1, name=seat.name))
        if self.auto_start and self.ready():
            self.start()

    def _fixed(self) -> bool:
        """True once the seats are fixed: the table was sent (or a saved match resumed)."""
        return self.table is not None or self.state is not None

    def _free_seat(self, wanted: int | None) -> int | None:
        return None if self._fixed() else self._seats.free(wanted)

    def _rejoin(self, conn: Conn, token: str, name: str, pledge_of: str | None) -> None:
        found = self._seats.holding(token)
        if found is None:
            self._fail(conn, "bad-token", Msg("That seat token is not valid at this table."))
            return
        seat = self._seats[found]
        old = seat.conn
        seat.conn = None
        if old is not None:
            # Whoever used the token has the seat now; the token the old connection (or
            # anyone else) knew stops working.
            seat.token = seat_token()
            self._save_seats()
            self._fail(
                old,
                "replaced",
                Msg("Another connection took your seat with its token; this one is closed."),
            )
        if seat.stand_in is not None:
            seat.stand_in = None
            seat.stand_in_name = None
        if self.table is None:
            # Before the table is fixed the newest connection's pledge counts: it will show
            # the nonce behind it.
            self._shuffle.pledges[found] = pledge_of
        if not seat.taken:
            seat.taken = True
            seat.name = name or f"Player {found + 1}"
            self._attach(conn, found)
            self.message.emit(
                Msg("Seat {number} taken by {name} (invited).", number=found + 1, name=seat.name)
            )
            if self.auto_start and self.ready():
                self.start()
            return
        self._attach(conn, found)
        self.message.emit(Msg("Seat {number} reconnected.", number=found + 1))

    def _attach(self, conn: Conn, index: int) -> None:
        seat = self._seats[index]
        conn.joined = True
        conn.seat = index
        seat.conn = conn
        self._send(conn, encode(self._welcome(index, seat.token)))
        self._broadcast_seats()
        self._send_current(conn)

    def _welcome(self, seat: int | None, token: str | None) -> dict[str, Any]:
        return msg.welcome(self.game, len(self._seats), seat, token, self.options, self.commitment)

    def _ending(self) -> bytes:
        """The result, then the reveal: seed, salt and the whole omniscient log."""
        assert self.state is not None and self.state.result is not None
        result = encode(msg.result(self.state.result, self.state.names))
        return result + self._shuffle.reveal(self.log_text())

    def _texts(self, state: State) -> msg.ViewTexts:
        """Every seat's View of the current step, built once and shared by all frames of it."""
        texts = self._last_texts
        if texts is None or self._texts_seq != self.seq:
            covered = self._texts_seq + self._touched_steps == self.seq
            touched = self._touched if covered else None
            texts = self._last_texts = msg.ViewTexts(
                self.game, state, self._text_cache, texts, touched
            )
            self._texts_seq = self.seq
            self._touched, self._touched_steps = frozenset(), 0
        return texts

    def _shuffle_frames(self, conn: Conn) -> bytes:
        """The table and, once every part is in, the shuffle: sent before `conn`'s View."""
        return self._shuffle.frames()

    def _send_current(self, conn: Conn) -> None:
        state = self.state
        if state is None:
            if self.table is not None:
                self._send(conn, self._shuffle_frames(conn))
            return
        self._flush()
        view = self._texts(state).seat_view(conn.seat)
        conn.sent = view
        data = self._shuffle_frames(conn) + self._told(conn.seat) + view.frame_bytes(self.seq)
        if state.result is not None:
            data += self._ending()
            self._delivered(conn)
        self._send(conn, data)

    def _told(self, seat: int | None) -> bytes:
        """Every step's `events` frame so far as `seat` may see it, the deal's first (built once,
        for the many seats that join at the start); a client skips the steps it already has."""
        if self._opening is None:
            self._opening = msg.EventTexts(0, self._story[0])
        parts = [frame_text(self._opening.frame(seat))]
        for seq, events in enumerate(self._story[1:], 1):
            parts.append(frame_text(msg.EventTexts(seq, events).frame(seat)))
        return b"".join(parts)

    # ---- seats ---------------------------------------------------------------------------
    def ready(self) -> bool:
        """True when every network seat has a connected player (the match may start)."""
        return self._seats.ready()

    def seat_rows(self) -> list[dict[str, Any]]:
        """The public table of seats (as in the `seats` message)."""
        return self._seats.rows()

    def invitation(self, seat: int) -> str:
        """The token that invites someone to network seat `seat`, reserving the seat for it.

        A reserved seat is never handed to a hello without a token, and keeps its token when
        its invited player leaves before the start.
        """
        target = self._seats[seat]
        if target.spec.kind != "network":
            raise BadOption(Msg("Seat {number} is not a network seat.", number=seat + 1))
        target.invited = True
        self._broadcast_seats()
        return target.token

    def tokens(self) -> list[str | None]:
        """Each network seat's secret token (None for the others); host side only."""
        return self._seats.tokens()

    def open_seats(self) -> int:
        """Network seats anyone may take (not taken, not reserved by an invitation)."""
        return self._seats.open_count()

    def _seats_message(self) -> dict[str, Any]:
        return msg.seats(self.seat_rows(), self.state is not None)

    def _broadcast_seats(self) -> None:
        # Steps applied before this change of seats go out first: a client tells its own
        # moves from a computer's by the seats it was shown at each step.
        self._flush()
        data = encode(self._seats_message())
        for conn in self._conns:
            if conn.joined and not conn.closing:
                self._send(conn, data)
        self.seatsChanged.emit()

    def set_computer(self, seat: int, bot: str | None) -> None:
        """Let a computer player (`bot`) play a network seat, or give it back (None)."""
        target = self._seats[seat]
        if target.spec.kind != "network":
            raise BadOption(Msg("Seat {number} is not a network seat.", number=seat + 1))
        if bot is None:
            target.stand_in = None
            target.stand_in_name = None
        else:
            target.stand_in = table_player(self.game.info.id, bot, bot_seed(self._seed, seat))
            target.stand_in_name = bot
        self._broadcast_seats()
        self._computers.schedule()

    # ---- the match -----------------------------------------------------------------------
    def start(self) -> None:
        """Fix the table and let every player show its part of the shuffle; deal once all are
        in (at once when no seat is played from another computer). Every network seat must be
        connected."""
        if self._fixed():
            return
        if not self.ready():
            raise BadOption(Msg("Every network seat needs a player before the match starts."))
        names = [s.name for s in self._seats]
        kinds = [s.spec.kind for s in self._seats]
        if not self._shuffle.fix(self.game.info.id, self.options, names, kinds):
            self._deal()
            return
        self.message.emit(Msg("Everyone is shuffling."))
        self._broadcast_seats()
        for conn in self._conns:
            if conn.joined and not conn.closing:
                self._send(conn, self._shuffle_frames(conn))

    def _on_nonce(self, conn: Conn, nonce: str) -> None:
        """A player's part of the shuffle: kept when it is the one its hello pledged."""
        dealt = self.nonces is not None
        reason = self._shuffle.take(conn.seat, nonce)
        if reason is not None:
            self._strike(conn, "bad-message", reason)
        elif not dealt and self.nonces is not None:
            self._deal()

    def code(self) -> str | None:
        """The table code everyone can compare aloud (None until the shuffle is done)."""
        return self._shuffle.code()

    def record_code(self) -> str | None:
        """The code of the record revealed at the end (None until the match is over)."""
        if not self.is_over():
            return None
        return self._shuffle.record_code(self.log_text())

    def _deal(self) -> None:
        """Deal with the seed made from the host's part and every player's, and begin."""
        assert self.table is not None and self.nonces is not None
        self._seed = deal_seed(self._shuffle.secret, self.table, self.nonces)
        state = self.game.setup(len(self._seats), self.options, self._seed)
        state.names = tuple(s.name for s in self._seats)
        self.state = state
        self._story = [state.opening]
        self._computers.feed(state.opening)
        self._writer = LogWriter(self._log, self.game, state)
        self._save(initial=True)
        self.message.emit(Msg("The match starts."))
        self.started.emit()
        self._broadcast_seats()
        for conn in self._conns:
            if conn.joined and not conn.closing:
                self._send_current(conn)
        self.updated.emit(0)
        self._computers.schedule()

    def view(self, seat: int | None) -> View:
        """What `seat` (None: a spectator) sees now, for a hot-seat UI."""
        if self.state is None:
            raise BadOption(Msg("The match has not started."))
        return self.game.view(self.state, seat)

    def act_local(self, seat: int, text: str) -> None:
        """Play a hot-seat seat's action; IllegalAction or ParseError (nothing changes) if the
        rules or the host refuse it."""
        if self._seats[seat].spec.kind != "local":
            raise IllegalAction(
                Msg("Seat {number} is not played at this computer.", number=seat + 1)
            )
        self._apply(seat, text)

    def _on_act(self, conn: Conn, act: msg.Act) -> None:
        if conn.seat is None:
            self._strike(conn, "spectator", Msg("Spectators cannot act."), act.ref)
            return
        if self._seats[conn.seat].stand_in is not None:
            self._strike(conn, "computer", Msg("A computer player holds your seat now."), act.ref)
            return
        try:
            self._apply(conn.seat, act.action, conn, act.ref)
        except (IllegalAction, ParseError) as err:
            code = "illegal" if isinstance(err, IllegalAction) else "bad-action"
            self._strike(conn, code, refusal(err, act.action), act.ref)
            return
        conn.strikes = 0

    def _apply(
        self, seat: int, text: str, sender: Conn | None = None, ref: int | None = None
    ) -> None:
        """Apply one action (IllegalAction or ParseError if refused) and queue its frames."""
        start, began = time.thread_time(), time.monotonic()
        self._gc.hold()
        try:
            self._apply_now(seat, text, sender, ref)
            if self._window is None:
                self._window = (began, start)
        finally:
            self._busy += time.thread_time() - start
            if not self._flush_pending:
                self._gc.release()

    def _apply_now(self, seat: int, text: str, sender: Conn | None, ref: int | None) -> None:
        state = self.state
        if state is None:
            raise IllegalAction(Msg("The match has not started."))
        step = self.game.play(state, seat, text)
        events = step.events
        touched, more = self._touched, state.touched
        self._touched = None if touched is None or more is None else touched | more
        self._touched_steps += 1
        assert self._writer is not None
        self._writer.action(seat, str(step.action), events)
        self._computers.feed(events)
        self.seq += 1
        self._story.append(events)
        self._outbox.append((self.seq, events, sender, ref))
        if not self._flush_pending:
            self._flush_pending = True
            QTimer.singleShot(0, self, self._flush)
        self.played.emit(step)
        self.updated.emit(self.seq)
        if state.result is None:
            self._computers.schedule()

    def _flush(self) -> None:
        """Send the steps applied since the last flush: their events, then one View per seat.

        Actions that arrive together (simultaneous choices) are applied one by one and then
        sent in one go, so a client gets every step's events but only the latest View. The
        autosave is written first, so no client hears of a step a resumed host would not know.
        """
        self._flush_pending = False
        try:
            self._flush_now()
        finally:
            self._gc.release()

    def _flush_now(self) -> None:
        state = self.state
        if state is None or not self._outbox:
            return
        start = time.thread_time()
        batch, self._outbox = self._outbox, []
        self._save()
        texts = self._texts(state)
        views: dict[int | None, msg.SeatView] = {}
        steps = [(msg.EventTexts(seq, evs), sender, ref) for seq, evs, sender, ref in batch]
        # Every frame is built before the first is written: a write wakes its reader, which
        # would otherwise compete with the building of the rest.
        out: list[tuple[Conn, bytes]] = []
        for conn in self._conns:
            if not conn.joined or conn.closing:
                continue
            parts = [
                frame_text(step.frame(conn.seat, ref if conn is sender else None))
                for step, sender, ref in steps
            ]
            view = views.get(conn.seat)
            if view is None:
                view = views[conn.seat] = texts.seat_view(conn.seat)
            last, conn.sent = conn.sent, view
            patch = view.patch_bytes(self.seq, last) if last is not None else None
            parts.append(patch if patch is not None else view.frame_bytes(self.seq))
            out.append((conn, b"".join(parts)))
        send = self._links.send
        for conn, data in out:
            send(conn, data)
        done, used = time.monotonic(), time.thread_time()
        self.step_sent.append((self.seq, done))
        self.step_times.append(self._busy + used - start)
        self._busy = 0.0
        began, first = self._window or (done, used)
        self.step_waits.append(max(0.0, (done - began) - (used - first)))
        self._window = None
        if state.result is not None and not self._result_sent:
            self._result_sent = True
            data = self._ending()
            for conn in self._conns:
                if conn.joined and not conn.closing:
                    self._send(conn, data)
                    self._delivered(conn)
            self.message.emit(Msg("The match is over."))
            self.finished.emit()

    def _delivered(self, conn: Conn) -> None:
        if conn.seat is not None and not conn.gone:
            self._seats[conn.seat].got_result = True

    def missing_result(self) -> list[int]:
        """Network seats that have not been sent the result of the finished match."""
        return [
            i for i, s in enumerate(self._seats) if s.spec.kind == "network" and not s.got_result
        ]

    def is_over(self) -> bool:
        """True when the match has ended."""
        return self.state is not None and self.state.result is not None

    def story(self) -> list[Event]:
        """Every event of the match so far, in order, secrets marked (host side only)."""
        return [event for events in self._story for event in events]

    def log_text(self) -> str:
        """The omniscient replay log so far (host side only)."""
        return self._log.getvalue()

    def _save(self, initial: bool = False) -> None:
        if self.autosave is None:
            return
        if initial:
            self._save_seats()
        try:
            atomic_write(self.autosave, self._log.getvalue())
        except OSError as err:
            self.message.emit(Msg("Autosave failed: {reason}", reason=err.strerror or str(err)))

    def _save_seats(self) -> None:
        """Write the seats file (kinds, names, tokens, the commitment's salt) beside the autosave
        of a started match."""
        if self.autosave is None or self.state is None:
            return
        shuffle = self._shuffle
        try:
            write_seats(
                self.autosave, self._seats, shuffle.salt, shuffle.secret, self.table, self.nonces
            )
        except OSError as err:
            self.message.emit(Msg("Autosave failed: {reason}", reason=err.strerror or str(err)))

    # ---- discovery -----------------------------------------------------------------------
    def announcement(self, host_name: str) -> dict[str, Any]:
        """What discovery broadcasts about this table."""
        return msg.announcement(
            self.game,
            host_name,
            self.port,
            len(self._seats),
            self.open_seats(),
            self.password is not None,
            self.state is not None,
        )
