"""Disconnects: a dropped seat keeps its place, rejoins with its token, or a computer stands in;
a killed host resumes from its autosave and the clients find their seats again."""

from __future__ import annotations

import json
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop.engine.log import replay
from tabletop.net.bench import LoopbackTable, pump_until
from tabletop.net.fairness import VERIFIED
from tabletop.net.host import SeatSpec


def seat_row(table: LoopbackTable, seat: int) -> dict:
    """The host's public row for a seat."""
    return table.host.seat_rows()[seat]


def in_mid_trick(table: LoopbackTable) -> bool:
    """True when a trick has been started but not finished (some trick zone holds cards)."""
    state = table.host.state
    zones = table.host.game.zones(state)
    return any(z.kind == "trick" and z.cards for z in zones) and table.host.seq > 4


def test_killed_client_rejoins_with_its_token(loopback: Callable[..., LoopbackTable]) -> None:
    """Kill a client mid-trick: its seat waits; a new client with the token gets the View."""
    table = loopback("triq", 3, seed=5)
    assert pump_until(lambda: table.host.state is not None and in_mid_trick(table), 20.0)
    seat = table.clients[1].seat
    table.clients[1].drop()
    assert pump_until(lambda: not seat_row(table, seat)["connected"], 5.0)
    assert pump_until(lambda: seat in table.host.game.to_act(table.host.state), 20.0)
    table.pause()
    pump_until(lambda: False, 0.2)
    waiting = table.host.seq
    assert seat_row(table, seat)["taken"]
    new = table.reconnect(1)
    assert pump_until(lambda: new.view is not None, 5.0)
    want = json.loads(json.dumps(table.host.view(seat).to_json()))
    assert {k: v for k, v in new.view.items() if k not in ("type", "seq")} == want
    assert new.seat == seat and new.seq == waiting and seat_row(table, seat)["connected"]
    table.unpause()
    assert table.run(30.0)
    assert table.desyncs() == 0


def test_computer_stands_in_and_hands_back(loopback: Callable[..., LoopbackTable]) -> None:
    """The host hands a dropped seat to a computer player, and the player takes it back."""
    table = loopback("seltsam-walzer", 3, seed=9)
    assert pump_until(lambda: table.host.seq >= 6, 20.0)
    table.clients[0].drop()
    seat = table.clients[0].seat
    assert pump_until(lambda: not seat_row(table, seat)["connected"], 5.0)
    table.host.set_computer(seat, "thumb")
    assert seat_row(table, seat)["computer"] == "thumb"
    start = table.host.seq
    assert pump_until(lambda: table.host.seq >= start + 12 or table.host.is_over(), 20.0)
    new = table.reconnect(0)
    assert pump_until(lambda: new.view is not None, 5.0)
    assert seat_row(table, seat)["computer"] is None
    assert table.run(30.0)
    assert table.desyncs() == 0


def test_computer_takes_a_connected_seat_and_gives_it_back(
    loopback: Callable[..., LoopbackTable],
) -> None:
    """While a computer holds a connected seat its client does not act; then it plays again.

    At most the one action already on its way when the computer took over is refused.
    """
    table = loopback("trump-duel", 2, seed=3)
    assert pump_until(lambda: table.host.seq >= 2, 10.0)
    seat = table.clients[0].seat
    table.host.set_computer(seat, "random")
    assert pump_until(lambda: table.host.seq >= 12 or table.host.is_over(), 20.0)
    table.host.set_computer(seat, None)
    assert table.run(30.0)
    refused = [e for e in table.errors if e[0] == 0]
    assert len(refused) <= 1, "the client kept acting for the computer"
    assert all(code in ("illegal", "computer") for _, code, _ in refused)
    assert table.desyncs() == 0


def test_lobby_leaver_frees_the_seat(tables: Any) -> None:
    """Before the start, a client that leaves frees its seat and its old token is void."""
    host = tables.host(game="second-third", specs=[SeatSpec(network=True)] * 3)
    first, second = tables.client(host.port, "First"), tables.client(host.port, "Second")
    assert pump_until(lambda: first.token is not None and second.token is not None, 5.0)
    assert pump_until(lambda: bool(second.seats) and second.seats[first.seat]["taken"], 5.0)
    assert host.open_seats() == 1 and second.seats[first.seat]["name"] == "First"
    first.drop()
    assert pump_until(lambda: host.open_seats() == 2, 5.0)
    assert host.state is None
    ghost = tables.client(host.port, "Ghost", token=first.token)
    assert pump_until(lambda: ghost.last_error is not None, 5.0)
    assert ghost.last_error[0] == "bad-token"
    late = tables.client(host.port, "Late", seat=first.seat)
    assert pump_until(lambda: late.seat == first.seat, 5.0)
    assert host.open_seats() == 1 and host.state is None


def test_killed_host_resumes_from_autosave(
    loopback: Callable[..., LoopbackTable], served: Callable[..., Any], tmp_path: Path
) -> None:
    """Kill -9 the host mid-match, start it again on the autosave: clients rejoin and finish."""
    save = tmp_path / "match.jsonl"
    args = ["--game", "triq", "--seats", "open,open,cpu", "--seed", "3", "--autosave", str(save)]
    proc, port, tokens = served([*args, "--port", "0"])
    table = loopback("triq", 2, seed=3, port=port, tokens=tokens)
    assert pump_until(lambda: all(c.seq >= 8 for c in table.clients), 20.0)
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    table.pause()
    assert pump_until(lambda: not any(c.connected for c in table.clients), 5.0)
    saved = replay(save.read_text(encoding="utf-8").splitlines()).actions
    assert saved >= 8
    second, port2, _tokens = served([*args, "--port", str(port)])
    assert port2 == port
    table.unpause()
    assert pump_until(lambda: all(c.connected for c in table.clients), 15.0)
    assert table.run(30.0)
    final = replay(save.read_text(encoding="utf-8").splitlines())
    result = final.game.result(final.state)
    assert result is not None and final.actions > saved
    for client in table.clients:
        assert client.result is not None
        assert client.result["totals"] == list(result.totals)
        # The resumed host kept the salt: its reveal matches the commitment made before the kill.
        assert client.fairness is not None and client.fairness.reason == VERIFIED
    assert second.wait(15) == 0
