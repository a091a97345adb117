"""Whole matches of every game over loopback: clients, computer seats and spectators agree."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.bots.base import bot_names
from tabletop.engine.game import Game
from tabletop.engine.log import replay, replay_steps
from tabletop.engine.registry import all_games
from tabletop.engine.text import Msg
from tabletop.engine.views import View
from tabletop.net import host as host_module
from tabletop.net.bench import LoopbackTable
from tabletop.net.fairness import VERIFIED
from tabletop.net.host import SeatSpec

GAMES = [pytest.param(g, id=g.info.id) for g in all_games()]
TIMEOUT = 60.0


def check_finished(table: LoopbackTable) -> None:
    """The match ended, every client has the host's result, no View differs, the log replays."""
    assert table.run(TIMEOUT), "the match did not finish in time"
    host = table.host
    assert host.state is not None and host.state.result is not None
    want = host.state.result.to_json()
    for client in table.clients:
        assert client.result is not None
        assert {k: client.result[k] for k in want} == want
        assert client.view is not None and client.view["over"]
    assert table.desyncs() == 0
    assert [c.fairness.reason if c.fairness else None for c in table.clients] == [VERIFIED] * len(
        table.clients
    )
    done = replay(host.log_text().splitlines())
    assert done.actions == host.seq
    assert done.game.result(done.state) == host.state.result


@pytest.mark.parametrize("game", GAMES)
def test_network_clients_play_a_whole_match(
    loopback: Callable[..., LoopbackTable], game: Game
) -> None:
    """All seats over the network, random legal play, the smallest table."""
    table = loopback(game.info.id, game.info.min_players, seed=21)
    check_finished(table)
    assert table.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_mixed_table_with_computer_seats_and_a_spectator(
    loopback: Callable[..., LoopbackTable], game: Game
) -> None:
    """Network, rule-of-thumb and computer seats mixed at one table, with someone watching."""
    info = game.info
    players = min(info.max_players, info.min_players + 1)
    assert "thumb" in bot_names(info.id)
    bots = ["thumb"]
    specs = [SeatSpec(network=True), SeatSpec(bot="thumb")] + [SeatSpec(network=True)] * (
        players - 2
    )
    table = loopback(info.id, players, seed=8, specs=specs, bots=bots, spectators=1)
    check_finished(table)
    watcher = table.clients[-1]
    assert watcher.seat is None and watcher.view is not None
    assert watcher.view["moves"] == []


@pytest.mark.parametrize(("game_id", "players"), [("triq", 27), ("hagetaka-party", 25)])
def test_party_tables(loopback: Callable[..., LoopbackTable], game_id: str, players: int) -> None:
    """The party games at their largest tables, every seat a network client."""
    table = loopback(game_id, players, seed=13)
    check_finished(table)
    assert table.errors == []
    # Every player helped shuffle, and all screens show one table code and one record code.
    assert all(c.fairness is not None and c.fairness.fair for c in table.clients)
    assert table.host is not None
    assert {c.code for c in table.clients} == {table.host.code()}
    assert {c.record_code() for c in table.clients} == {table.host.record_code()}
    assert table.host.table is not None and all(table.host.table["pledges"])


class _Broken:
    """A computer player that fails whenever it is asked to choose."""

    name = "broken"

    def observe(self, events: list[dict[str, Any]]) -> None:
        """Hear nothing."""

    def choose(self, view: View) -> str:
        """Fail."""
        raise RuntimeError("out of ideas")


def test_a_computer_that_fails_plays_its_first_legal_move(
    loopback: Callable[..., LoopbackTable], monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """A host's computer seat whose player fails plays its first legal move every time, the host
    says so in a catalogue message (no English error text), and the error goes to standard
    error."""
    made = host_module.table_player
    monkeypatch.setattr(
        host_module,
        "table_player",
        lambda game, bot, seed: _Broken() if bot == "broken" else made(game, bot, seed),
    )
    specs = [SeatSpec(network=True), SeatSpec(name="Deep", bot="broken")]
    table = loopback("trump-duel", 2, seed=3, specs=specs)
    told: list[Msg] = []
    table.host.message.connect(told.append)
    check_finished(table)
    lines = table.host.log_text().splitlines()
    acted = [json.loads(line) for line in lines if '"type":"action"' in line]
    checked = 0
    for (game, state, _done, _events), act in zip(replay_steps(lines), acted, strict=False):
        if act["seat"] == 1:
            assert act["action"] == str(game.legal_actions(state, 1)[0])
            checked += 1
    failed = Msg("{player} could not choose and plays its first legal move.", player="Deep")
    assert checked > 0 and told.count(failed) == checked
    assert "RuntimeError: out of ideas" in capsys.readouterr().err
