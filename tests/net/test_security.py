"""Findings of the security review of the LAN host, each reproduced and shown fixed.

Every socket goes to 127.0.0.1 (another loopback source address stands for another machine);
every host and client is closed by a fixture, even when a test fails.
"""

from __future__ import annotations

import contextlib
import gc
import getpass
import json
import os
import socket
import stat
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtNetwork import QAbstractSocket, QTcpSocket

from tabletop import cli
from tabletop.engine.game import Game
from tabletop.engine.registry import all_games
from tabletop.engine.text import EMPTY, Msg
from tabletop.i18n import render
from tabletop.net import messages as msg
from tabletop.net.bench import LOOPBACK, pump_until
from tabletop.net.client import Client
from tabletop.net.discovery import MAX_PER_ADDRESS, MAX_TABLES, Browser
from tabletop.net.framing import encode, frame_text
from tabletop.net.host import Host, Limits, SeatSpec

CONNECTED = QAbstractSocket.SocketState.ConnectedState


def ascii_frame(obj: dict[str, Any]) -> bytes:
    """A frame whose JSON escapes everything (so it can carry a lone surrogate)."""
    return frame_text(json.dumps(obj))


def seats_state(host: Host) -> str:
    """What the host knows of its seats and tokens."""
    return json.dumps([host.seat_rows(), host.tokens(), host.seq])


# ---- A: malformed strings ----------------------------------------------------------------------
@pytest.mark.parametrize("field", ["token", "name", "password"])
def test_lone_surrogate_gets_bad_message(tables: Any, raws: Callable[..., Any], field: str) -> None:
    """A lone surrogate in a token, name or password: a clean bad-message, nothing changed."""
    host = tables.host(password="sesame")
    before = seats_state(host)
    raw = raws(host.port)
    fields = {"password": "sesame", field: "ab\ud800cd"}
    raw.send(ascii_frame({**msg.hello("Eve"), **fields}))
    err = raw.wait_error()
    assert err["code"] == "bad-message" and err["fatal"]
    raw.wait_closed()
    assert seats_state(host) == before


def test_lone_surrogate_in_an_action_is_refused(tables: Any, raws: Callable[..., Any]) -> None:
    """After hello, a lone surrogate in an action is a non-fatal bad-message."""
    host = tables.host(game="trump-duel", specs=[SeatSpec(network=True), SeatSpec(bot="random")])
    raw = raws(host.port)
    raw.send(ascii_frame(msg.hello("Eve")))
    assert pump_until(lambda: "view" in raw.kinds(), 5.0)
    before = seats_state(host) + host.log_text()
    raw.send(ascii_frame(msg.act("play \udfff", 1)))
    err = raw.wait_error()
    assert err["code"] == "bad-message" and not err["fatal"] and raw.connected()
    assert seats_state(host) + host.log_text() == before


# ---- B: private files, passwords off the command line ---------------------------------------
def test_autosave_and_seats_file_are_private(tables: Any, tmp_path: Path) -> None:
    """The autosave (it holds the seed) and the seats file (every token) are mode 0600."""
    save = tmp_path / "match.jsonl"
    save.write_text("old\n", encoding="utf-8")
    save.chmod(0o644)
    host = tables.host(
        game="trump-duel", specs=[SeatSpec(network=True), SeatSpec(bot="random")], autosave=save
    )
    player = tables.client(host.port, "Ann")
    assert pump_until(lambda: player.view is not None, 10.0)
    seats_file = tmp_path / "match.jsonl.seats.json"
    for path in (save, seats_file):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert json.loads(seats_file.read_text(encoding="utf-8"))["seats"][0]["token"] == player.token
    assert sorted(p.name for p in tmp_path.iterdir()) == [save.name, seats_file.name]


def test_password_from_the_environment_or_a_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--password -` asks for it, no --password reads TABLETOP_PASSWORD, else there is none."""
    monkeypatch.delenv(cli.PASSWORD_ENV, raising=False)
    assert cli.room_password(None) is None
    monkeypatch.setenv(cli.PASSWORD_ENV, "from-env")
    assert cli.room_password(None) == "from-env"
    assert cli.room_password("typed") == "typed"
    monkeypatch.setattr(getpass, "getpass", lambda prompt="": "asked")
    assert cli.room_password("-") == "asked"


def test_serve_takes_the_password_from_the_environment(
    tables: Any, raws: Callable[..., Any], served: Callable[..., Any]
) -> None:
    """`serve` with TABLETOP_PASSWORD set (nothing on its command line) guards the room."""
    proc, port, _tokens = served(
        ["--game", "trump-duel", "--seats", "open,cpu"], {cli.PASSWORD_ENV: "sesame"}
    )
    assert "sesame" not in " ".join(proc.args)
    raw = raws(port)
    raw.send(ascii_frame(msg.hello("Eve", password="guess")))
    assert raw.wait_error()["code"] == "password"
    good = tables.client(port, "Ann", "sesame", spectator=True)
    assert pump_until(lambda: good.game == "trump-duel", 10.0)
    assert good.last_error is None


# ---- D: no memory kept per connection --------------------------------------------------------
def churn(port: int, kind: str, count: int) -> None:
    """Open `count` connections at once, do one kind of short visit on each, close them all."""
    socks = [QTcpSocket() for _ in range(count)]
    for sock in socks:
        sock.connectToHost(LOOPBACK, port)
    assert pump_until(lambda: all(s.state() == CONNECTED for s in socks), 10.0)
    visit = {
        "close": b"",
        "password": encode(msg.hello("Eve", password="wrong")),
        "spectator": encode(msg.hello("Eve", "pw", spectator=True)) + encode({"type": "bye"}),
    }[kind]
    for sock in socks:
        if visit:
            sock.write(visit)
            sock.flush()
        else:
            sock.abort()
    assert pump_until(lambda: all(s.state() != CONNECTED for s in socks), 10.0)
    for sock in socks:
        sock.abort()


def live_wrappers() -> int:
    """QTcpSocket wrappers alive in this process."""
    return sum(1 for obj in gc.get_objects() if isinstance(obj, QTcpSocket))


def test_connections_leave_nothing_behind(tables: Any) -> None:
    """Thousands of short visits (connect-and-close, wrong password, watch and leave): the
    host's socket count returns to zero and Python memory stays flat."""
    quick = Limits(password_delay=0.01, password_delay_max=0.02)
    host = tables.host(password="pw", limits=quick)
    kinds = ("close", "password", "spectator")
    for kind in kinds:
        churn(host.port, kind, 30)
    assert pump_until(lambda: host.live_sockets() == 0, 5.0)
    gc.collect()
    wrappers = live_wrappers()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for _ in range(16):
            for kind in kinds:
                churn(host.port, kind, 50)
        assert pump_until(lambda: host.live_sockets() == 0, 5.0)
        pump_until(lambda: False, 0.05)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert live_wrappers() <= wrappers
    assert len(host._server.children()) <= 1
    assert grown < 400_000, f"{grown} bytes kept after 2,400 connections"


# ---- C: a seat token always gets in ------------------------------------------------------------
def duel(tables: Any, **kwargs: Any) -> tuple[Host, Client]:
    """A started two-seat match: one network player (connected) and a computer."""
    host = tables.host(
        game="trump-duel", specs=[SeatSpec(network=True), SeatSpec(bot="random")], **kwargs
    )
    player = tables.client(host.port, "Ann", kwargs.get("password"))
    assert pump_until(lambda: player.view is not None, 10.0)
    return host, player


def test_idle_connections_do_not_lock_out_a_seat(tables: Any, raws: Callable[..., Any]) -> None:
    """The cap is full of idle connections and spectators from one machine: a dropped player
    (from another address) still takes their seat back at once, idle ones go first."""
    host, player = duel(tables, limits=Limits(max_connections=12, hello_timeout=60.0))
    token = player.token
    player.drop()
    assert pump_until(lambda: not host.seat_rows()[0]["connected"], 5.0)
    watchers = [raws(host.port) for _ in range(4)]
    for watcher in watchers:
        watcher.send(encode(msg.hello("Watcher", spectator=True)))
    assert pump_until(lambda: all("view" in w.kinds() for w in watchers), 5.0)
    idle = [raws(host.port) for _ in range(8)]
    back = raws(host.port, source="127.0.0.2")
    more = [raws(host.port, wait=False) for _ in range(4)]
    pump_until(lambda: all(m.connected() for m in more), 5.0)
    back.send(encode(msg.hello("Ann", token=token)))
    assert pump_until(lambda: "view" in back.kinds(), 5.0), back.frames()
    assert host.seat_rows()[0]["connected"] and not back.errors()
    assert pump_until(lambda: sum(1 for r in idle + more if r.errors()) >= 5, 5.0)
    assert all(r.errors()[0]["code"] == "full" for r in idle + more if r.errors())
    assert all(w.connected() and not w.errors() for w in watchers)


def test_client_tries_again_after_full(tables: Any) -> None:
    """A client refused with `full` says so and tries again (backing off) until it gets in."""
    host, player = duel(tables, limits=Limits(max_connections=1))
    watcher = tables.client(host.port, "Bob", spectator=True, retry_ms=50)
    said: list[Msg] = []
    watcher.statusChanged.connect(said.append)
    assert pump_until(lambda: len(said) >= 2, 5.0)
    assert watcher.last_error is not None and watcher.last_error[0] == "full"
    assert "full" in render(said[0], "en") and watcher.view is None
    player.close()
    assert pump_until(lambda: watcher.view is not None, 10.0)
    assert watcher.status == EMPTY


# ---- E: guessing the room password -------------------------------------------------------------
def guess(raws: Callable[..., Any], port: int, password: str, source: str | None = None) -> Any:
    """One hello with `password` on a new connection (not waiting for the answer)."""
    raw = raws(port, source)
    raw.send(encode(msg.hello("Eve", password)))
    return raw


def answer(raw: Any) -> str:
    """The code the host answered a guess with ("welcome" when it let the guesser in)."""
    assert pump_until(lambda: bool(raw.frames()), 10.0), "no answer"
    first = raw.frames()[0]
    return first["code"] if first["type"] == "error" else first["type"]


def test_wrong_passwords_are_throttled_per_address(tables: Any, raws: Callable[..., Any]) -> None:
    """After a few wrong passwords an address is refused unchecked (even the right password);
    another address with the right password after two typos still gets in at once."""
    host = tables.host(password="sesame", limits=Limits(password_free=3, password_delay=1.0))
    for n in range(3):
        assert answer(guess(raws, host.port, f"wrong{n}")) == "password"
    burst = [guess(raws, host.port, f"burst{n}") for n in range(30)]
    right = guess(raws, host.port, "sesame")
    codes = [answer(raw) for raw in burst]
    assert codes.count("password") <= 1 and codes.count("throttled") >= 29
    assert answer(right) == "throttled"
    assert "wait" in render(Msg.from_json(right.errors()[0]["reason"]), "en")
    assert host.open_seats() == 3
    for n in range(2):
        assert answer(guess(raws, host.port, f"typo{n}", "127.0.0.2")) == "password"
    assert answer(guess(raws, host.port, "sesame", "127.0.0.2")) == "welcome"
    assert host.open_seats() == 2


def test_wrong_passwords_are_throttled_overall(tables: Any, raws: Callable[..., Any]) -> None:
    """Forty addresses guessing once each: past the overall budget no further password is
    looked at, from a new address either; an address let in before and a seat token still get
    in at once, and a newcomer is told to wait or ask for an invitation."""
    limits = Limits(password_global=6, password_gate=20.0)
    host = tables.host(password="sesame", limits=limits)
    assert answer(guess(raws, host.port, "sesame", "127.0.0.3")) == "welcome"
    invited = host.invitation(2)
    codes = [answer(guess(raws, host.port, "guess", f"127.0.2.{1 + n}")) for n in range(40)]
    assert codes.count("password") == 7 and codes.count("throttled") == 33
    assert answer(guess(raws, host.port, "sesame", "127.0.0.3")) == "welcome"
    newcomer = guess(raws, host.port, "sesame", "127.0.0.4")
    assert answer(newcomer) == "throttled"
    told = render(Msg.from_json(newcomer.errors()[0]["reason"]), "en")
    assert "token" in told and "20 s" in told
    guest = raws(host.port, "127.0.0.4")
    guest.send(encode(msg.hello("Ann", token=invited)))
    assert answer(guest) == "welcome"


def test_a_wrong_password_is_answered_at_once(tables: Any, raws: Callable[..., Any]) -> None:
    """The delay a wrong password earns is remembered, not served holding the socket: the
    answer comes at once, the host lets go of the socket, and the address is refused unchecked
    until the delay is over."""
    host = tables.host(password="sesame", limits=Limits(password_free=0, password_delay=30.0))
    first = guess(raws, host.port, "guess")
    assert pump_until(lambda: bool(first.frames()), 2.0), "the answer was held back"
    assert first.errors()[0]["code"] == "password"
    first.wait_closed(2.0)
    assert pump_until(lambda: host.live_sockets() == 0, 2.0)
    again = guess(raws, host.port, "sesame")
    assert answer(again) == "throttled"
    assert "30 s" in render(Msg.from_json(again.errors()[0]["reason"]), "en")


class Attacker:
    """Plain sockets from many loopback addresses that send one thing each and then neither
    read nor close (a guesser holding what it can); all closed by `close`."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.socks: list[socket.socket] = []

    def wave(self, sources: list[str], payload: bytes) -> None:
        """Connect from each of `sources` (without blocking), then send `payload` on each."""
        fresh = []
        for source in sources:
            try:
                sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            except OSError:  # this process is out of files: the host hoards them
                break
            sock.bind((source, 0))
            sock.setblocking(False)
            sock.connect_ex((LOOPBACK, self.port))
            fresh.append(sock)
        self.socks.extend(fresh)
        pump_until(lambda: False, 0.05)
        for sock in fresh:
            with contextlib.suppress(OSError):
                sock.send(payload)

    def close(self) -> None:
        """Close every socket."""
        for sock in self.socks:
            sock.close()
        self.socks.clear()


@pytest.fixture
def attacker() -> Iterator[Callable[[int], Attacker]]:
    """Make `Attacker`s; every socket is closed at teardown."""
    made: list[Attacker] = []

    def make(port: int) -> Attacker:
        made.append(Attacker(port))
        return made[-1]

    yield make
    for one in made:
        one.close()


def sources(first: int, count: int) -> list[str]:
    """`count` loopback addresses 127.0.x.y, none of them 127.0.0.*."""
    return [f"127.0.{1 + (first + n) // 250}.{1 + (first + n) % 250}" for n in range(count)]


def test_a_guessing_flood_stays_inside_the_cap(
    tables: Any, attacker: Callable[[int], Attacker]
) -> None:
    """Wrong passwords from 200 addresses that never close their end: the host holds no more
    sockets than its cap at any moment."""
    host = tables.host(password="sesame", limits=Limits(max_connections=20, password_global=5))
    flood = attacker(host.port)
    held = []
    for wave in range(10):
        flood.wave(sources(20 * wave, 20), encode(msg.hello("Eve", "guess")))
        pump_until(lambda: False, 0.05)
        held.append(host.live_sockets())
    assert max(held) <= 21, held


@pytest.fixture
def few_files() -> Iterator[Callable[[int], None]]:
    """Lower this process's open-file soft limit to so many more than are open now (restored
    at teardown)."""
    import resource

    old = resource.getrlimit(resource.RLIMIT_NOFILE)

    def lower(extra: int) -> None:
        open_now = len(os.listdir("/proc/self/fd"))
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_now + extra, old[1]))

    yield lower
    resource.setrlimit(resource.RLIMIT_NOFILE, old)


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="counts open files in /proc")
def test_the_host_listens_again_after_running_out_of_files(
    tables: Any, attacker: Callable[[int], Attacker], few_files: Callable[[int], None]
) -> None:
    """Idle connections from 60 addresses use up every file the process may open, so the
    system refuses the host a connection; once they are gone a player gets in."""
    host = tables.host()
    few_files(30)
    flood = attacker(host.port)
    flood.wave(sources(0, 60), b"")
    pump_until(lambda: False, 0.3)
    flood.close()
    player = tables.client(host.port, "Ann")
    assert pump_until(lambda: player.seat is not None, 5.0)


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="counts open files in /proc")
def test_a_seat_rejoins_during_a_guessing_attack(
    tables: Any, attacker: Callable[[int], Attacker], few_files: Callable[[int], None]
) -> None:
    """Guessers from 300 addresses, some idle, most sending wrong passwords, in a process
    allowed few open files: a dropped player coming back in the middle of it gets their seat
    back with its token at once."""
    host, player = duel(
        tables, password="sesame", limits=Limits(max_connections=20, password_global=5)
    )
    token = player.token
    player.drop()
    assert pump_until(lambda: not host.seat_rows()[0]["connected"], 5.0)
    few_files(300 + 20 + 60)
    flood = attacker(host.port)
    wrong, idle = encode(msg.hello("Eve", "guess")), b""
    back = None
    for wave in range(10):
        flood.wave(sources(30 * wave, 30), idle if wave % 3 == 0 else wrong)
        pump_until(lambda: False, 0.05)
        if wave == 5:
            back = tables.client(host.port, "Ann", token=token)
    assert back is not None and pump_until(lambda: back.view is not None, 5.0)
    assert back.seat == 0 and host.seat_rows()[0]["connected"]


# ---- F: invitations and takeovers -------------------------------------------------------------
def test_invitation_reserves_its_seat(tables: Any, raws: Callable[..., Any]) -> None:
    """A printed invitation keeps its seat: strangers get other seats or none, and the token
    still works after its player left the lobby."""
    host = tables.host(specs=[SeatSpec(network=True)] * 3)
    invited = host.invitation(0)
    stranger = tables.client(host.port, "Eve")
    assert pump_until(lambda: stranger.seat is not None, 5.0)
    assert stranger.seat != 0 and stranger.token != invited
    other = tables.client(host.port, "Mallory")
    assert pump_until(lambda: other.seat is not None, 5.0)
    assert other.seat not in (0, stranger.seat)
    third = raws(host.port)
    third.send(encode(msg.hello("Trudy")))
    assert third.wait_error()["code"] == "no-seat"
    stranger.close()
    assert pump_until(lambda: host.open_seats() == 1, 5.0)
    guest = tables.client(host.port, "Ann", token=invited, auto_reconnect=False)
    assert pump_until(lambda: guest.seat == 0, 5.0)
    guest.close()
    assert pump_until(lambda: not host.seat_rows()[0]["taken"], 5.0)
    assert host.tokens()[0] == invited and host.state is None
    again = tables.client(host.port, "Ann", token=invited)
    assert pump_until(lambda: again.seat == 0, 5.0)


def test_takeover_rotates_the_token(tables: Any, tmp_path: Path) -> None:
    """A token used while its seat is connected moves the seat and changes the token; the old
    connection is told why in words, and the old token is void (also in the seats file)."""
    save = tmp_path / "match.jsonl"
    host, player = duel(tables, autosave=save)
    old = player.token
    gave_up: list[bool] = []
    player.gaveUp.connect(lambda: gave_up.append(True))
    thief = tables.client(host.port, "Eve", token=old)
    assert pump_until(lambda: thief.view is not None and bool(gave_up), 5.0)
    assert player.last_error is not None and player.last_error[0] == "replaced"
    status = render(player.status, "en")
    assert "token" in status and "took" in status
    assert thief.token and thief.token != old and host.tokens()[0] == thief.token
    saved = json.loads((tmp_path / "match.jsonl.seats.json").read_text(encoding="utf-8"))
    assert saved["seats"][0]["token"] == thief.token
    late = tables.client(host.port, "Ann", token=old)
    assert pump_until(lambda: late.last_error is not None, 5.0)
    assert late.last_error[0] == "bad-token"


# ---- H: the result of a finished match is not lost --------------------------------------------
def finished_save(tables: Any, tmp_path: Path) -> tuple[Path, str, dict[str, Any]]:
    """The autosave of a finished duel, its player's token and the result it was sent."""
    save = tmp_path / "match.jsonl"
    _host, player = duel(tables, autosave=save)
    player.viewChanged.connect(
        lambda _v: player.can_act and player.act(player.view["moves"][0]["action"])
    )
    if player.can_act:
        player.act(player.view["moves"][0]["action"])
    assert pump_until(lambda: player.result is not None, 30.0)
    assert player.token is not None
    return save, player.token, player.result


def test_restarted_host_of_a_finished_match_hands_out_the_result(
    tables: Any, served: Callable[..., Any], tmp_path: Path
) -> None:
    """`serve` on the autosave of a finished match stays up for the seat that missed the
    end, gives it the final View and result, then exits by itself."""
    save, token, result = finished_save(tables, tmp_path)
    proc, port, _tokens = served(
        ["--game", "trump-duel", "--seats", "open,cpu", "--autosave", str(save)]
    )
    back = tables.client(port, "Ann", token=token)
    assert pump_until(lambda: back.result is not None, 15.0), proc.poll()
    assert back.view is not None and back.view["over"]
    assert back.result["totals"] == result["totals"]
    assert proc.wait(15) == 0


def test_a_seat_that_missed_the_end_gets_the_result_on_return(tables: Any) -> None:
    """A player dropped before the end (a computer finished for them) is still owed the
    result; coming back after the end with the token brings the final View and result."""
    host = tables.host(game="trump-duel", specs=[SeatSpec(network=True), SeatSpec(bot="random")])
    player = tables.client(host.port, "Ann")
    assert pump_until(lambda: player.view is not None, 10.0)
    token = player.token
    player.drop()
    assert pump_until(lambda: not host.seat_rows()[0]["connected"], 5.0)
    host.set_computer(0, "random")
    assert pump_until(host.is_over, 30.0)
    assert host.missing_result() == [0]
    back = tables.client(host.port, "Ann", token=token)
    assert pump_until(lambda: back.result is not None, 5.0)
    assert back.view is not None and back.view["over"] and host.missing_result() == []


# ---- G: discovery --------------------------------------------------------------------------------
def datagram(of: Game, **fields: Any) -> bytes:
    """An announcement of a table of game `of`, with some fields replaced."""
    obj = msg.announcement(of, "den", 4567, of.info.min_players, 1, False, False)
    return json.dumps({**obj, **fields}).encode("utf-8")


def test_announcements_are_checked_and_cleaned() -> None:
    """Control and bidi characters go, names are short, impossible tables and unknown games
    are refused, and the title shown is our own."""
    game = all_games()[0]
    info = game.info
    raw = "\u202eevil\u0007\u200f" + "x" * 1500
    table = msg.parse_announcement(datagram(game, host=raw, title="\u202eFAKE"))
    assert table["host"] == ("evil " + "x" * 40)[: msg.NAME_MAX]
    assert table["title"] == info.title
    bad = [
        {"game": "no-such-game-" + "q" * 30},
        {"players": -3},
        {"players": info.max_players + 1},
        {"players": 10**9},
        {"open": -1},
        {"open": info.min_players + 1},
    ]
    for fields in bad:
        with pytest.raises(msg.ProtocolError):
            msg.parse_announcement(datagram(game, **fields))


@pytest.fixture
def browser(net_app: QCoreApplication) -> Iterator[Browser]:
    """A Join list listening on a free loopback UDP port (stopped at teardown)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    found = Browser(LOOPBACK, port)
    assert found.start()
    yield found
    found.stop()


def send_from(source: str, port: int, datagrams: list[bytes]) -> None:
    """Send datagrams to 127.0.0.1:`port` from the loopback address `source`."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind((source, 0))
        for data in datagrams:
            sock.sendto(data, (LOOPBACK, port))


def test_forged_tables_cannot_flood_the_list(browser: Browser) -> None:
    """5,000 forged tables from one address, and more from many: the list stays short."""
    game = all_games()[0]
    port = browser._port
    send_from(LOOPBACK, port, [datagram(game, port=1000 + n) for n in range(5000)])
    assert pump_until(lambda: len(browser.tables) >= MAX_PER_ADDRESS, 5.0)
    pump_until(lambda: False, 0.3)
    assert len(browser.tables) == MAX_PER_ADDRESS
    for n in range(60):
        send_from(f"127.0.1.{n + 1}", port, [datagram(game, port=2000 + k) for k in range(3)])
    assert pump_until(lambda: len(browser.tables) >= MAX_TABLES, 5.0)
    pump_until(lambda: False, 0.3)
    assert len(browser.tables) == MAX_TABLES


def test_a_real_table_is_listed_among_many_forged_senders(browser: Browser) -> None:
    """Forged senders fill the list (10 addresses, 4 tables each); a real table announced
    afterwards takes the place of the forged row heard from longest ago."""
    game = all_games()[0]
    port = browser._port
    for n in range(10):
        send_from(f"127.0.1.{n + 1}", port, [datagram(game, port=2000 + k) for k in range(4)])
        pump_until(lambda: False, 0.02)
    assert pump_until(lambda: len(browser.tables) >= MAX_TABLES, 5.0)
    send_from("127.0.1.1", port, [datagram(game, port=2000 + k) for k in range(4)])
    pump_until(lambda: False, 0.1)
    stalest = min(browser._seen, key=browser._seen.__getitem__)
    assert stalest[0] != "127.0.1.1"
    send_from("127.0.0.99", port, [datagram(game, port=4567, host="real")])
    assert pump_until(lambda: ("127.0.0.99", 4567) in browser.tables, 5.0)
    assert browser.tables[("127.0.0.99", 4567)]["host"] == "real"
    assert len(browser.tables) == MAX_TABLES and stalest not in browser.tables
    assert all(("127.0.1.1", 2000 + k) in browser.tables for k in range(4))


def test_a_listed_table_cannot_be_rewritten(browser: Browser) -> None:
    """Once listed, a table keeps its game, host name, size and password flag; only its
    open seats and started flag follow later datagrams."""
    games = all_games()
    port = browser._port
    send_from(LOOPBACK, port, [datagram(games[0], port=4567)])
    key = (LOOPBACK, 4567)
    assert pump_until(lambda: key in browser.tables, 5.0)
    first = dict(browser.tables[key])
    forged = [
        datagram(games[1], port=4567),
        datagram(games[0], port=4567, host="Free Wifi"),
        datagram(games[0], port=4567, password=True),
    ]
    send_from(LOOPBACK, port, [*forged, datagram(games[0], port=4567, open=0)])
    assert pump_until(lambda: browser.tables[key]["open"] == 0, 5.0)
    assert {k: v for k, v in browser.tables[key].items() if k != "open"} == {
        k: v for k, v in first.items() if k != "open"
    }


def test_seat_tokens_read_back_from_the_printed_join_command() -> None:
    """A token is pasted after --token; one starting with '-' would be taken for an option."""
    from tabletop.net.host import seat_token

    parser = cli._tools_parser()
    for _ in range(300):
        token = seat_token()
        args = parser.parse_args(["join", "127.0.0.1:4000", "--token", token])
        assert args.token == token
        assert len(bytes.fromhex(token)) == 16
