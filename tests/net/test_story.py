"""A seat that joins or comes back is told the whole match so far, as that seat may see it:
every step's events from the deal on, each once, in order (so its fairness check still holds)."""

from __future__ import annotations

import json
from collections.abc import Callable

from tabletop.engine.log import replay_steps
from tabletop.net.bench import LoopbackTable, pump_until
from tabletop.net.client import Client


def _told(client: Client) -> list[tuple[int, list[dict]]]:
    """The events frames a client recorded: (step, events)."""
    return [(f["seq"], f["events"]) for f in client.received.frames if f["type"] == "events"]


def _story(table: LoopbackTable, seat: int | None) -> list[tuple[int, list[dict]]]:
    """Every step's events so far as `seat` may see them, from the host's omniscient log."""
    lines = table.host.log_text().splitlines()
    return [
        (step, json.loads(json.dumps([e.to_json(seat, omniscient=False) for e in events])))
        for _game, _state, step, events in replay_steps(lines)
    ]


def test_a_seat_rejoining_from_a_new_client_is_told_the_whole_match(
    loopback: Callable[..., LoopbackTable],
) -> None:
    table = loopback("triq", 3, seed=5)
    assert pump_until(lambda: table.host.state is not None and table.host.seq >= 8, 20.0)
    table.pause()
    pump_until(lambda: False, 0.2)
    seat = table.clients[1].seat
    new = table.reconnect(1)
    assert pump_until(lambda: new.view is not None, 5.0)
    story = _story(table, seat)
    assert len(story) == table.host.seq + 1
    assert _told(new) == story, "the rejoined seat must hear every step from the deal on"
    secret = _story(table, (seat + 1) % 3)
    assert _told(new) != secret, "and only what its own seat may see"
    table.unpause()
    assert table.run(30.0)  # the fixture checks every client's fairness verdict at the end


def test_a_client_that_reconnects_keeps_one_copy_of_each_step(
    loopback: Callable[..., LoopbackTable],
) -> None:
    table = loopback("triq", 3, seed=5)
    assert pump_until(lambda: table.host.state is not None and table.host.seq >= 6, 20.0)
    client = table.clients[0]
    seat = client.seat
    client._sock.abort()  # the network fails; the client dials again with its token
    assert pump_until(lambda: client.connected and client.view is not None, 5.0)
    assert table.run(30.0)
    steps = [seq for seq, _events in _told(client)]
    assert steps == sorted(set(steps)), "a step told twice, or out of order"
    assert _told(client) == _story(table, seat), "a step missed while away is told on return"
