"""A LAN client's game log holds the whole match told for its seat: from the deal when it joined
before the start, and all of it again when it comes back from a new client."""

from __future__ import annotations

from lan_helpers import LOOPBACK, client_table
from ui_helpers import Closing

from tabletop.net.client import Client
from tabletop.net.host import Host, SeatSpec
from tabletop.ui.table.gamelog import GameLog
from tabletop.ui.table.session import history

WAIT = 10_000


def _told_to(host: Host, seat: int, names: tuple[str, ...]) -> list[str]:
    """The whole match so far as the game log tells it to `seat`, from the host's own log."""
    log = GameLog(host.game, names)
    log.add(history(host.game, host.log_text().splitlines()), seat, quiet=True)
    return list(log.lines)


def _host(closing: Closing) -> Host:
    seats = [SeatSpec(network=True), SeatSpec(bot="thumb"), SeatSpec(bot="thumb")]
    host = closing.keep(Host("triq", seats, seed=6), lambda: host.close())
    host.listen(0, LOOPBACK)
    return host


def _waiting_for(qtbot: object, host: Host, seat: int) -> None:
    qtbot.waitUntil(
        lambda: host.state is not None and seat in host.game.to_act(host.state), timeout=WAIT
    )


def test_a_client_that_joined_before_the_start_is_told_the_deal(
    qtbot: object, closing: Closing
) -> None:
    host = _host(closing)
    client = closing.keep(Client("Bob"), lambda: client.close())
    client.connect_to(LOOPBACK, host.port)
    qtbot.waitUntil(lambda: client.view is not None, timeout=WAIT)
    session, table, _bar = client_table(qtbot, closing, client, host.port)
    _waiting_for(qtbot, host, 0)
    qtbot.waitUntil(lambda: table.idle and client.seq == host.seq, timeout=WAIT)
    want = _told_to(host, 0, session.names)
    assert want[0] == table.gamelog.lines[0]
    assert table.gamelog.lines == want


def test_a_seat_that_comes_back_on_a_new_client_is_told_the_whole_match(
    qtbot: object, closing: Closing
) -> None:
    host = _host(closing)
    first = closing.keep(Client("Bob"), lambda: first.close())
    first.connect_to(LOOPBACK, host.port)
    for _ in range(3):  # a few moves of Bob's, the computers' in between
        _waiting_for(qtbot, host, 0)
        qtbot.waitUntil(lambda: first.can_act and first.seq == host.seq, timeout=WAIT)
        before = host.seq
        first.act(first.view["moves"][0]["action"])
        qtbot.waitUntil(lambda b=before: host.seq > b, timeout=WAIT)
    _waiting_for(qtbot, host, 0)
    first.drop()
    again = closing.keep(Client("Bob", token=first.token), lambda: again.close())
    again.connect_to(LOOPBACK, host.port)
    qtbot.waitUntil(lambda: again.view is not None and again.seq == host.seq, timeout=WAIT)
    session, table, _bar = client_table(qtbot, closing, again, host.port)
    qtbot.waitUntil(lambda: table.idle, timeout=WAIT)
    want = _told_to(host, 0, session.names)
    assert len(want) > 10
    assert table.gamelog.lines == want
