"""Headless LAN play: `serve` runs a host with no window, `join` a computer player over the net.

Both run a Qt event loop (a QCoreApplication if none exists) until the match ends. On the
command line they are `tabletop serve ...` and `tabletop join HOST[:PORT] ...`.
"""

from __future__ import annotations

import json
import secrets
import socket
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer

from tabletop.bots.base import Bot, make_bot, observe
from tabletop.engine.errors import BadOption, TabletopError
from tabletop.engine.text import Msg
from tabletop.engine.views import View
from tabletop.i18n import error_text, render
from tabletop.net.addresses import ANY_ADDRESS
from tabletop.net.client import Client
from tabletop.net.discovery import Announcer
from tabletop.net.host import Host
from tabletop.seats import computer_label, parse_seats
from tabletop.store import atomic_write

DEFAULT_PORT = 47310
"""The TCP port a host listens on unless told otherwise."""

LINGER_MS = 1500
"""How long a finished host keeps running so the last frames reach every client."""

RESULT_WAIT = 60.0
"""How long a finished host waits at most for seats that have not been sent the result."""


def _app() -> QCoreApplication:
    return QCoreApplication.instance() or QCoreApplication([])


def _say(text: str) -> None:
    print(text, flush=True)


def _tell(who: str, said: Msg) -> None:
    """Print a message for the person at the terminal, in the process's language."""
    _say(f"{who}: {render(said)}")


def serve(
    game_id: str,
    seats: list[str],
    port: int,
    password: str | None,
    seed: int | None,
    options: dict[str, str],
    autosave: str | None,
    *,
    bind: str = ANY_ADDRESS,
    announce_to: str | None = "255.255.255.255",
    result_wait: float = RESULT_WAIT,
    timings: str | None = None,
) -> int:
    """Host a match with no window until it ends; prints the port and how to join each seat.

    `seats`: "open" (a network player) or "cpu" / "cpu:<level or bot>" (`tabletop.seats`). With
    `autosave` naming a file that already holds a match, that match resumes and its players
    rejoin with their tokens.
    `bind` is the address listened on; `announce_to` where discovery datagrams go (None: off).
    Once the match is over (also when it already was in the autosave) the host stays up until
    every network seat has been sent the result, or `result_wait` seconds at most.
    With `timings`, the host's own processing time per update (`busy`: `Host.step_times`,
    seconds), when each update's frames were sent (`sent`: `Host.step_sent`) and how long the
    host was kept from running meanwhile (`waits`: `Host.step_waits`) are written there as
    JSON at the end.
    """
    _app()
    try:
        if not result_wait >= 0:
            raise BadOption(
                Msg("The wait for the result is in seconds, not {value}.", value=str(result_wait))
            )
        if autosave and Path(autosave).exists() and Path(autosave).stat().st_size:
            host = Host.resume(autosave, password)
            if host.game.info.id != game_id:
                raise BadOption(
                    Msg(
                        "{file} holds a {held} match, not {game}.",
                        file=autosave,
                        held=host.game.info.id,
                        game=game_id,
                    )
                )
        else:
            specs = parse_seats(game_id, seats, network=True)
            if any(s.kind == "local" for s in specs):
                raise BadOption(Msg("A headless host has no local seats; use open or cpu."))
            host = Host(game_id, specs, options, seed, password, autosave)
        actual = host.listen(port, bind)
    except (TabletopError, OSError, ValueError) as err:
        print(f"tabletop serve: {error_text(err)}", file=sys.stderr, flush=True)
        return 2
    host.message.connect(lambda said: _tell("host", said))
    info = host.game.info
    _say(
        render(
            Msg(
                "Serving {game} ({title}) for {count} seats on port {port}",
                game=info.id,
                title=info.title,
                count=len(host.seat_rows()),
                port=str(actual),
            )
        )
    )
    where = "127.0.0.1" if bind.startswith("127.") else socket.gethostname()
    for i, row in enumerate(host.seat_rows()):
        if row["kind"] == "network":
            command = f"tabletop join {where}:{actual} --token {host.invitation(i)}"
            _say(render(Msg("Seat {number}: {command}", number=i + 1, command=command)))
        elif row["computer"]:
            label = render(computer_label(row["name"], game_id, row["computer"]))
            _say(render(Msg("Seat {number}: {command}", number=i + 1, command=label)))
        else:
            _say(render(Msg("Seat {number}: {command}", number=i + 1, command=row["name"])))
    announcer = None
    if announce_to is not None:
        announcer = Announcer(lambda: host.announcement(socket.gethostname()), announce_to)
        announcer.start()
    loop = QEventLoop()
    _quit_when_delivered(host, loop, result_wait)
    loop.exec()
    if announcer is not None:
        announcer.stop()
    state = host.state
    result = state.result if state is not None else None
    if state is not None and result is not None:
        for seat in sorted(range(state.players), key=lambda s: result.places[s]):
            _say(f"  {result.places[seat]}. {state.names[seat]}: {result.totals[seat]}")
    host.close()
    if timings is not None:
        try:
            atomic_write(
                Path(timings),
                json.dumps(
                    {"busy": host.step_times, "sent": host.step_sent, "waits": host.step_waits}
                ),
            )
        except OSError as err:
            print(f"tabletop serve: cannot write {timings}: {err.strerror}", file=sys.stderr)
            return 2
    return 0


def _quit_when_delivered(host: Host, loop: QEventLoop, wait: float) -> None:
    """End `loop` once the match is over and every network seat was sent the result (then
    after LINGER_MS so the last frames go out), or `wait` seconds after the end at most."""
    check = QTimer(loop)
    check.setInterval(200)

    def poll() -> None:
        if not host.missing_result():
            check.stop()
            QTimer.singleShot(LINGER_MS, loop.quit)

    def over() -> None:
        missing = host.missing_result()
        if missing:
            seats = ", ".join(str(i + 1) for i in missing)
            _tell(
                "host",
                Msg(
                    "Waiting up to {seconds} s to hand the result to seat {seats}.",
                    seconds=float(wait),
                    seats=seats,
                )
                if len(missing) == 1
                else Msg(
                    "Waiting up to {seconds} s to hand the result to seats {seats}.",
                    seconds=float(wait),
                    seats=seats,
                ),
            )
        QTimer.singleShot(int(wait * 1000), loop, loop.quit)
        check.timeout.connect(poll)
        check.start()
        poll()

    host.finished.connect(over)
    if host.is_over():
        QTimer.singleShot(0, loop, over)


class _Player:
    """A computer player answering its client's views."""

    def __init__(self, client: Client, bot: str, stop: Callable[[], None]) -> None:
        self.client = client
        self.bot_name = bot
        self.stop = stop
        self.problem: str | None = None
        self.bot: Bot | None = None
        self.refused = False
        self.rng = secrets.SystemRandom()
        client.welcomed.connect(self._on_welcome)
        client.viewChanged.connect(self._move)
        client.seatsChanged.connect(self._move)
        client.errorReceived.connect(self._on_error)
        client.eventsReceived.connect(self._on_events)

    def _on_welcome(self, welcome: dict[str, object]) -> None:
        if self.bot is None:
            try:
                self.bot = make_bot(str(welcome["game"]), self.bot_name, secrets.randbits(31))
            except BadOption as err:
                self.problem = error_text(err)
                self.client.close()
                self.stop()

    def _on_events(self, _seq: int, events: list[dict[str, object]]) -> None:
        if self.bot is not None:
            observe(self.bot, events)

    def _on_error(self, code: str, text: str, fatal: bool) -> None:
        _tell("join", Msg("The host says ({code}): {message}", code=code, message=text))
        if code in ("illegal", "bad-action"):
            self.refused = True
            self._move()

    def _move(self, *_args: object) -> None:
        client = self.client
        if self.bot is None or not client.can_act or client.view is None:
            return
        if self.refused:
            self.refused = False
            choice = self.rng.choice(client.view["moves"])["action"]
        else:
            choice = self.bot.choose(View.from_json(client.view))
        client.act(choice)


REVEAL_WAIT_MS = 10_000
"""How long `join` waits after the result for the host's reveal."""


def join(host: str, port: int, bot: str, name: str, password: str | None, token: str | None) -> int:
    """Play one seat with a computer player over the network until the match ends.

    Returns 0 when the match ended, 1 when the host refused or could not be reached for good,
    2 when the game has no computer player of that name.
    """
    _app()
    client = Client(name or f"CPU ({bot})", password, token, reveal_wait_ms=REVEAL_WAIT_MS)
    loop = QEventLoop()
    player = _Player(client, bot, loop.quit)
    # The reveal follows the result; wait for the fairness check (a host that never reveals
    # is judged by the client itself after REVEAL_WAIT_MS; the timer here is a last resort).
    # gets REVEAL_WAIT_MS).
    client.verified.connect(lambda _verdict: QTimer.singleShot(0, loop.quit))
    client.finished.connect(lambda _result: QTimer.singleShot(2 * REVEAL_WAIT_MS, loop.quit))
    client.shuffled.connect(lambda code: _tell("join", Msg("Table code: {code}", code=code)))
    client.gaveUp.connect(loop.quit)
    client.statusChanged.connect(lambda status: _tell("join", status) if status else None)
    client.welcomed.connect(
        lambda w: _tell(
            "join",
            Msg(
                "Seat {number} of {game}, token {token}, the host's sealed seed {commitment}",
                number=w["seat"] + 1,
                game=w["game"],
                token=w["token"],
                commitment=w["commitment"],
            )
            if w.get("seat") is not None
            else Msg("Watching {game}", game=w["game"]),
        )
    )
    client.connect_to(host, port)
    loop.exec()
    client.close()
    if player.problem is not None:
        print(f"tabletop join: {player.problem}", file=sys.stderr, flush=True)
        return 2
    result = client.result
    if result is None:
        if client.last_error is not None:
            reason = client.last_error[1]
        else:
            reason = render(Msg("The host could not be reached."))
        print(f"tabletop join: {reason}", file=sys.stderr, flush=True)
        return 1
    seat = client.seat
    if seat is not None:
        place, total = result["ranking"][seat], result["totals"][seat]
        _tell("join", Msg("Finished, place {place} with {total}", place=place, total=total))
    verdict = client.fairness
    if verdict is None:
        _tell("join", Msg("The host did not reveal the seed and log; the deal cannot be checked."))
    else:
        _tell("join", verdict.summary)
        _tell("join", verdict.reason)
        if verdict.record_code is not None:
            _tell("join", Msg("Record code: {code}", code=verdict.record_code))
    return 0


def split_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """HOST[:PORT] to (host, port); BadOption if the port is not one from 1 to 65535."""
    host, sep, port = text.rpartition(":")
    if sep and port.isdigit() and host:
        if not 1 <= int(port) <= 65535:
            raise BadOption(
                Msg("{text} is not an address: type HOST or HOST:PORT (port 1–65535).", text=text)
            )
        return host, int(port)
    return text, default_port
