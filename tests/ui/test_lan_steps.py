"""The host's own table is handed each step as the host applied it (the legal action and its
events, secrets marked), never re-made from the log's text; the log keeps the normal form."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from ui_helpers import Closing

from tabletop.engine.actions import Action
from tabletop.engine.events import Event
from tabletop.engine.game import Played
from tabletop.net.host import Host, SeatSpec
from tabletop.ui.lan.netsession import HostSession
from tabletop.ui.table.session import history


def _seen(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    return [json.loads(json.dumps(e.to_json(seat, omniscient=False))) for e in events]


def test_the_hosts_table_gets_each_step_as_applied(
    qtbot: object, closing: Closing, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole Second Third match of three hot-seat people: each step reaches the table once,
    with the host's own events; nothing applies an action a second time (no shadow copy, no
    reading back of the log); a pass sent in reverse order is logged in the normal form; and
    the events the table was told are those a replay of the log gives, for every seat."""
    seats = [SeatSpec("Ann"), SeatSpec("Bea"), SeatSpec("Cy")]
    host = closing.keep(Host("second-third", seats, seed=12), lambda: host.close())
    host.start()
    session = closing.keep(HostSession(host), lambda: session.close())
    game = host.game
    told: list[tuple[int, list[Event]]] = []
    played: list[Played] = []
    session.updated.connect(lambda events, seat: told.append((seat, events)))
    host.played.connect(played.append)

    def again(*_args: object, **_kwargs: object) -> Any:
        raise AssertionError("an action applied a second time")

    monkeypatch.setattr(game, "apply", again)
    monkeypatch.setattr(game, "clone", again)
    rnd = random.Random(3)
    reversed_pass = None
    state = host.state
    assert state is not None
    while state.result is None:
        seat = min(game.to_act(state))
        action = rnd.choice(list(game.legal_actions(state, seat)))
        text = str(action)
        if action.verb == "pass" and reversed_pass is None and action.args[0] != action.args[1]:
            text = reversed_pass = str(Action("pass", tuple(reversed(action.args))))
        session.act(seat, text)
    monkeypatch.undo()
    assert reversed_pass is not None
    assert len(told) == len(played) == host.seq
    assert [(p.seat, p.events) for p in played] == told
    records = [json.loads(line) for line in host.log_text().splitlines()]
    actions = [(r["seat"], r["action"]) for r in records if r["type"] == "action"]
    assert actions == [(p.seat, str(p.action)) for p in played]
    assert reversed_pass not in {a for _s, a in actions}
    replayed = history(game, host.log_text().splitlines())
    for seat in (None, 0, 1, 2):
        assert _seen(session.story(), seat) == _seen(replayed, seat)
    assert session.story()[len(state.opening) :] == [e for _s, evs in told for e in evs]
