"""LAN tables for the table widget: the host's side (`HostSession`) and a client's
(`ClientSession`), each a `session.TableSession`, and `NetBar`, the strip above such a table.

The host's table draws `Host.view(seat)` for its hot-seat people and plays their moves through
`Host.act_local`; the host itself plays its computer seats and applies the network seats'
actions, and each applied step reaches the table through `updated`. A client's table draws the
Views its `Client` receives and sends its moves as action texts; the host's answer comes back
as `updated` (the events and the new View) or `refused` (the reason, from an error frame).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMenu, QPushButton, QToolButton, QWidget

from tabletop.bots.levels import level_bot, offered_levels
from tabletop.engine.errors import BadOption, IllegalAction
from tabletop.engine.events import Event
from tabletop.engine.game import Game, Played, Result
from tabletop.engine.registry import get_game
from tabletop.engine.text import Msg
from tabletop.engine.views import View
from tabletop.i18n import _, render
from tabletop.net.addresses import ANY_ADDRESS
from tabletop.net.client import Client
from tabletop.net.discovery import Announcer
from tabletop.net.fairness import Verdict, persons, short
from tabletop.net.host import Host
from tabletop.seats import level_title
from tabletop.store import atomic_write, data_dir
from tabletop.ui.table import gestures
from tabletop.ui.table.session import serve_seat
from tabletop.ui.texts import and_list, shown_name, shown_names, shown_view


def lan_addresses(bind: str = ANY_ADDRESS) -> list[str]:
    """The IPv4 addresses other players can reach a host listening on `bind` at."""
    if bind != ANY_ADDRESS:
        return [bind]
    found = [
        a.toString()
        for a in QNetworkInterface.allAddresses()
        if a.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol and not a.isLoopback()
    ]
    return found or ["127.0.0.1"]


def event_from_json(data: dict[str, Any]) -> Event:
    """An event as sent over the network (or written in a log) back into an `Event`."""
    return Event(str(data.get("type", "")), {k: v for k, v in data.items() if k != "type"})


def helpers(table: dict[str, Any] | None) -> list[str]:
    """The names of the seats that added a part to the shuffle (played at other computers)."""
    if table is None:
        return []
    names, pledges = table.get("names") or [], table.get("pledges") or []
    return [shown_name(str(n)) for n, p in zip(names, pledges, strict=False) if p]


class HostSession(QObject):
    """The host's own table: its hot-seat people play through `Host.act_local`."""

    updated = Signal(object, object)
    """A step was applied: its events and the acting seat."""
    refused = Signal(str)
    """Never emitted here (a local move is answered at once); present for the common wiring."""

    def __init__(
        self,
        host: Host,
        announcer: Announcer | None = None,
        bind: str = ANY_ADDRESS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        if host.state is None:
            raise BadOption(Msg("The match has not started."))
        self.host = host
        self.addresses = lan_addresses(bind)
        self.announcer = announcer
        self.game: Game[Any] = host.game
        self.options = dict(host.options)
        self.save_error = ""
        rows = host.seat_rows()
        self.humans = tuple(r["seat"] for r in rows if r["kind"] == "local")
        self.started = time.monotonic()
        host.played.connect(self._on_played)

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.names)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        state = self.host.state
        assert state is not None
        return shown_names(state.names)

    @property
    def over(self) -> bool:
        """True once the match has a result."""
        return self.host.is_over()

    def result(self) -> Result | None:
        """The final result, or None while play goes on."""
        state = self.host.state
        return state.result if state is not None else None

    def to_act(self) -> frozenset[int]:
        """Seats that must act now."""
        state = self.host.state
        assert state is not None
        return self.game.to_act(state)

    def view(self, seat: int | None) -> View:
        """What `seat` sees now."""
        return shown_view(self.host.view(seat))

    def act(self, seat: int, action: str) -> None:
        """Play a hot-seat person's move; the step comes back through `updated`.

        IllegalAction or ParseError (from `Host.act_local`) when it is refused.
        """
        self.host.act_local(seat, action)

    def score_table(self) -> tuple[list[list[float]], list[float]]:
        """Per-round scores and running totals."""
        state = self.host.state
        assert state is not None
        return state.match.scores, state.match.totals

    def log(self) -> list[str]:
        """The host's replay log so far (omniscient; it never leaves this machine)."""
        return self.host.log_text().splitlines()

    def story(self) -> list[Event]:
        """Every event of the match so far, secrets marked (as the host applied them)."""
        return self.host.story()

    def bot_seats_to_act(self) -> list[int]:
        """None: the host plays its computer seats itself."""
        return []

    def bot_choice(self, seat: int) -> str:
        """Not used: the host plays its computer seats itself."""
        raise BadOption(Msg("The host plays seat {number} itself.", number=seat + 1))

    def minutes(self) -> int:
        """Whole minutes since the match started at this table."""
        return int((time.monotonic() - self.started) // 60)

    def serve(self, current: int | None) -> int | None:
        """The hot-seat person to show (`serve_seat`); None when nobody plays here."""
        return serve_seat(self.humans, self.to_act(), self.players, current)

    def computer_names(self) -> list[str]:
        """The computer players that can stand in for a network seat, one per level."""
        game_id = self.game.info.id
        return [level_bot(game_id, level.key) for level in offered_levels(game_id)]

    def close(self) -> None:
        """Stop announcing and close the table."""
        if self.announcer is not None:
            self.announcer.stop()
        self.host.close()

    def _on_played(self, step: Played) -> None:
        # The events keep their secrets marked, so this table's game log tells each hot-seat
        # person only their own.
        self.updated.emit(step.events, step.seat)


class ClientSession(QObject):
    """One seat at another machine's table, played through a `Client`."""

    updated = Signal(object, object)
    """A new View came: the events since the last one, and this seat if its move was applied."""
    refused = Signal(str)
    """The host refused this seat's move: its reason."""
    notice = Signal(str)
    """A fatal message from the host (the connection closes)."""
    verified = Signal(object)
    """The client's own check of the revealed log: a `fairness.Verdict`."""

    def __init__(
        self, client: Client, address: str, port: int, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        if client.game is None:
            raise BadOption(Msg("The client has not joined a table."))
        self.client = client
        self.address, self.port = address, port
        self.game: Game[Any] = get_game(client.game)
        self.save_error = ""
        self.humans: tuple[int, ...] = (client.seat,) if client.seat is not None else ()
        self.started = time.monotonic()
        self.rounds: list[list[float]] = []
        self._events: list[Event] = []
        self._mine = False
        self._view = shown_view(View.from_json(client.view)) if client.view is not None else None
        self._earlier: list[Event] = []
        for frame in client.received.frames:
            if frame.get("type") == "events":
                self._on_events(frame["seq"], frame["events"])
        self._earlier, self._events = self._events, []
        client.eventsReceived.connect(self._on_events)
        client.acked.connect(self._on_acked)
        client.viewChanged.connect(self._on_view)
        client.errorReceived.connect(self._on_error)
        client.finished.connect(lambda _result: self.updated.emit([], None))
        client.verified.connect(self._on_verified)
        self.record: Path | None = None
        """Where the revealed log and what this client received were stored, once checked."""

    @property
    def commitment(self) -> str:
        """The host's seed commitment, as received at the start."""
        return self.client.received.commitment or ""

    @property
    def verdict(self) -> Verdict | None:
        """The fairness check's outcome (None until the host reveals the seed and log)."""
        return self.client.fairness

    def _on_verified(self, verdict: Verdict) -> None:
        """Store the match with its verdict: the revealed log and the received file beside it.

        The files go to `lan/` in the data folder; `tabletop verify LOG --seat N --received
        FILE` repeats the check from them.
        """
        client = self.client
        stamp = time.strftime("%Y%m%d-%H%M%S")
        folder = data_dir() / "lan"
        stem = f"{stamp}-{self.game.info.id}-" + (
            f"seat{client.seat}" if client.seat is not None else "spectator"
        )
        try:
            folder.mkdir(parents=True, exist_ok=True)
            received = folder / f"{stem}.received.jsonl"
            atomic_write(received, "\n".join(client.received.lines()) + "\n")
            if client.revealed_log is not None:
                atomic_write(folder / f"{stem}.jsonl", client.revealed_log)
            # Unverified (no log was revealed): the received file alone, with its verdict.
            self.record = folder / f"{stem}.jsonl" if client.revealed_log is not None else received
        except OSError as err:
            self.save_error = f"The match could not be saved: {err.strerror or err}."
        self.verified.emit(verdict)

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.names)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        if self._view is not None:
            return self._view.names
        return shown_names([r["name"] for r in self.client.seats])

    @property
    def seat(self) -> int | None:
        """This client's seat (None: a spectator)."""
        return self.client.seat

    @property
    def over(self) -> bool:
        """True once the host has sent the result."""
        return self.client.result is not None

    def result(self) -> Result | None:
        """The result the host sent, with the rounds this table saw."""
        res = self.client.result
        if res is None:
            return None
        return Result(
            tuple(float(v) for v in res["totals"]),
            tuple(int(v) for v in res["ranking"]),
            tuple(int(v) for v in res["winners"]),
            tuple(tuple(r) for r in self.rounds),
        )

    def to_act(self) -> frozenset[int]:
        """Seats that must act now, as the latest View says."""
        return frozenset(self._view.to_act) if self._view is not None else frozenset()

    def view(self, seat: int | None) -> View:
        """The latest View this client received (its own seat's: it has no other)."""
        if self._view is None:
            raise BadOption(Msg("No View has arrived yet."))
        return self._view

    def act(self, seat: int, action: str) -> None:
        """Send a move to the host; its answer comes through `updated` or `refused`."""
        client = self.client
        if seat != client.seat:
            raise IllegalAction(Msg("You can only play your own seat."))
        if not client.connected:
            raise IllegalAction(Msg("Not connected to the host; wait until the table is back."))
        if client.pending is not None:
            raise IllegalAction(Msg("Waiting for the host to answer your last move."))
        client.act(action)

    def score_table(self) -> tuple[list[list[float]], list[float]]:
        """Per-round scores seen at this table and their sums."""
        totals = [0.0] * self.players
        for row in self.rounds:
            for i, v in enumerate(row[: len(totals)]):
                totals[i] += v
        return self.rounds, totals

    def log(self) -> None:
        """None: the replay log stays on the host."""
        return None

    def story(self) -> list[Event]:
        """The events this seat received before its table opened (from the deal on: the host
        sends a joining or returning seat every step's events as that seat may see them)."""
        return list(self._earlier)

    def bot_seats_to_act(self) -> list[int]:
        """None: a client plays only its own seat."""
        return []

    def bot_choice(self, seat: int) -> str:
        """Not used: a client plays only its own seat."""
        raise BadOption(Msg("Seat {number} is not played here.", number=seat + 1))

    def minutes(self) -> int:
        """Whole minutes since this table opened."""
        return int((time.monotonic() - self.started) // 60)

    def serve(self, current: int | None) -> int | None:
        """This client's seat."""
        return self.client.seat

    def retry(self) -> None:
        """Dial the host again after reconnecting gave up."""
        self.client.connect_to(self.address, self.port)

    def close(self) -> None:
        """Leave the table (the seat stays reserved at the host)."""
        self.client.close()

    def _on_events(self, _seq: int, events: list[dict[str, Any]]) -> None:
        converted = [event_from_json(e) for e in events]
        scores = gestures.round_scores(converted)
        if scores is not None:
            self.rounds.append(scores)
        self._events.extend(converted)

    def _on_acked(self, _ref: int, _seq: int) -> None:
        self._mine = True

    def _on_view(self, view: dict[str, Any]) -> None:
        self._view = shown_view(View.from_json(view))
        events, self._events = self._events, []
        mine, self._mine = self._mine, False
        self.updated.emit(events, self.client.seat if mine else None)

    def _on_error(self, code: str, message: str, fatal: bool) -> None:
        if fatal:
            self.notice.emit(message)
        else:
            self.refused.emit(message)


class NetBar(QWidget):
    """The strip above a LAN table: where it is served, who is missing, reconnecting.

    At the host: the address and port, the seats whose player has dropped, and a "Seats" menu
    to let a computer play a dropped seat or give it back. At a client: "Reconnecting…" while
    the host is lost, and "Try again" once reconnecting gave up.
    """

    def __init__(self, session: HostSession | ClientSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.retry = QPushButton(_("Try again"))
        self.retry.hide()
        self.seats_button = QToolButton()
        self.seats_button.setText(_("Seats", ctx="menu"))
        self.seats_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.seats_menu = QMenu(self)
        self.seats_button.setMenu(self.seats_menu)
        self.seats_button.hide()
        self.fair = QLabel()
        self.fair.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 3, 8, 3)
        row.addWidget(self.label, 1)
        row.addWidget(self.fair)
        row.addWidget(self.retry)
        row.addWidget(self.seats_button)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("NetBar { background: #fff3c4; }")
        if isinstance(session, HostSession):
            self.seats_button.show()
            session.host.seatsChanged.connect(self._host_seats)
            self._host_seats()
        else:
            client = session.client
            client.connectionChanged.connect(self._connection)
            client.gaveUp.connect(self._gave_up)
            session.notice.connect(self._notice)
            self.retry.clicked.connect(self._retry)
            client.shuffled.connect(lambda _code: self.show_fairness())
            self._connection(client.connected)
        self.show_fairness()

    def show_fairness(self) -> None:
        """The fairness line: who helped shuffle and the table code to compare aloud; the
        detail in its tooltip."""
        session = self.session
        if isinstance(session, HostSession):
            host = session.host
            code, table, sealed, problem = host.code(), host.table, host.commitment, None
        else:
            client = session.client
            code, table = client.code, client.received.table
            sealed, problem = session.commitment, client.shuffle_problem
        if problem is not None:
            self.fair.setText("✘ " + render(problem.summary))
            self.fair.setStyleSheet("color: #c62828; font-weight: bold;")
            self.fair.setToolTip(render(problem.reason))
            return
        if code is None:
            self.fair.setText(_("Shuffling…"))
        elif persons(table):
            self.fair.setText(render(Msg("Everyone helped shuffle · table code {code}", code=code)))
        else:
            self.fair.setText(render(Msg("The host alone shuffled · table code {code}", code=code)))
        self.fair.setToolTip(
            render(
                Msg(
                    "The host sealed its own seed before anyone joined ({sealed}); the players "
                    "at other computers ({players}) each added a secret part, shown only once "
                    "every part was promised, so the deal was fixed before anyone saw a card "
                    "and no one could choose it. After the match this computer checks every "
                    "card and every move it was shown. Read the table code aloud: every "
                    "screen at this table should show the same.",
                    sealed=short(sealed),
                    players=and_list(helpers(table)) or "—",
                )
            )
        )

    def _host_seats(self) -> None:
        session = self.session
        assert isinstance(session, HostSession)
        host = session.host
        where = ", ".join(f"{a}:{host.port}" for a in session.addresses)
        missing = []
        self.seats_menu.clear()
        for row in host.seat_rows():
            if row["kind"] != "network":
                continue
            seat = row["seat"]
            name = shown_name(row["name"]) or render(Msg("Seat {number}", number=seat + 1))
            if row["computer"]:
                missing.append(render(Msg("{name} (a computer plays)", name=name)))
                action = QAction(render(Msg("Give {name}'s seat back", name=name)), self.seats_menu)
                action.triggered.connect(lambda _=False, s=seat: host.set_computer(s, None))
                self.seats_menu.addAction(action)
                continue
            if not row["connected"]:
                missing.append(render(Msg("{name} (disconnected)", name=name)))
            sub = self.seats_menu.addMenu(
                render(Msg("Let a computer play {name}'s seat", name=name))
            )
            sub.menuAction().setEnabled(not row["connected"])
            for bot in session.computer_names():
                action = QAction(render(level_title(session.game.info.id, bot)), sub)
                action.triggered.connect(lambda _=False, s=seat, b=bot: host.set_computer(s, b))
                sub.addAction(action)
        text = render(Msg("Hosting on {where}", where=where))
        if missing:
            waiting = _(", ", ctx="list separator").join(missing)
            text = render(Msg("{hosting} · waiting for {players}", hosting=text, players=waiting))
        self.label.setText(text)
        self.seats_button.setEnabled(bool(self.seats_menu.actions()))

    def seat_action(self, text: str) -> QAction | None:
        """The "Seats" menu entry (or sub-entry) whose text starts with `text`."""
        for action in self.seats_menu.actions():
            if action.text().startswith(text):
                return action
            sub = action.menu()
            if isinstance(sub, QMenu):
                for inner in sub.actions():
                    if f"{action.text()} › {inner.text()}".startswith(text):
                        return inner
        return None

    def _connection(self, up: bool) -> None:
        self.retry.hide()
        self.label.setText("" if up else _("Reconnecting…"))

    def _gave_up(self) -> None:
        session = self.session
        assert isinstance(session, ClientSession)
        if session.over:
            return
        self.label.setText(
            render(
                Msg(
                    "The connection to the host at {address} was lost.",
                    address=f"{session.address}:{session.port}",
                )
            )
        )
        self.retry.show()
        self.show()

    def _notice(self, message: str) -> None:
        self.label.setText(message)
        self.show()

    def _retry(self) -> None:
        session = self.session
        assert isinstance(session, ClientSession)
        self.retry.hide()
        self.label.setText(_("Reconnecting…"))
        session.retry()
