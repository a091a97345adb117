"""Leak test: every byte each client receives during whole matches of every game.

For every frame the client got, the card codes in it are checked against what the engine on the
host hid from that client's seat at that step (as the conformance suite does for Views and
events): a View or a patch may show no card hidden from its seat after the step; an event may
show no card hidden from the seat both before and after its step (at a new round only the deal
is checked, against the new hands); any other frame may show no card the seat never saw.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.engine.game import Game
from tabletop.engine.registry import all_games
from tabletop.net.bench import LoopbackTable
from tabletop.net.framing import MAX_HOST_FRAME, FrameReader

TOKEN = re.compile(r"[A-Za-z0-9+\-]+")


def cases() -> list[Any]:
    """Every game at its smallest table and at a larger one (at most 6 seats)."""
    out = []
    for game in all_games():
        info = game.info
        for n in sorted({info.min_players, min(info.max_players, 6)}):
            out.append(pytest.param(game, n, id=f"{info.id}-{n}p"))
    return out


def hidden_only(game: Game, state: Any, seat: int | None) -> set[str]:
    """Codes that lie only in zones `seat` may not see."""
    seen: set[str] = set()
    unseen: set[str] = set()
    for zone in game.zones(state):
        (seen if zone.seen_by(seat) else unseen).update(zone.cards)
    return unseen - seen


def tokens(text: str) -> set[str]:
    """Every word-like token of a text."""
    return set(TOKEN.findall(text))


@pytest.mark.parametrize(("game", "players"), cases())
def test_no_hidden_card_reaches_a_client(
    loopback: Callable[..., LoopbackTable], game: Game, players: int
) -> None:
    """Record all bytes per client and look for hidden card codes in them."""
    table = loopback(game.info.id, players, seed=77, spectators=1)
    received: list[bytearray] = [bytearray() for _ in table.clients]
    for i, client in enumerate(table.clients):
        client.tap = received[i].extend
    audience: list[int | None] = [*range(players), None]
    hidden: dict[int, dict[int | None, set[str]]] = {}
    rounds: dict[int, int] = {}

    def record(seq: int) -> None:
        """Note what each seat may not see after step `seq`."""
        state = table.host.state
        hidden[seq] = {s: hidden_only(game, state, s) for s in audience}
        rounds[seq] = state.match.round

    table.host.updated.connect(record)
    assert table.run(60.0)
    assert len(hidden) == table.host.seq + 1
    shown_to_all = shown_to_everyone(received)
    for i, client in enumerate(table.clients):
        seat = client.seat
        never_seen = set.intersection(*(h[seat] for h in hidden.values()))
        frames = FrameReader(MAX_HOST_FRAME).bodies(bytes(received[i]))
        assert frames and frames[0].startswith(b'{"type":"welcome"')
        kinds = set()
        for body in frames:
            text = body.decode("utf-8")
            frame = json.loads(text)
            kinds.add(frame["type"])
            if frame["type"] in ("view", "patch"):
                leaked = hidden[frame["seq"]][seat] & tokens(text)
                assert not leaked, f"view {frame['seq']} shows seat {seat} {sorted(leaked)}"
            elif frame["type"] == "events":
                check_events(frame, seat, hidden, rounds, shown_to_all.get(frame["seq"], set()))
            elif frame["type"] == "reveal":
                # The whole log is revealed on purpose, but only once the result is out.
                assert "result" in kinds and frame["log"] == table.host.log_text()
            else:
                if client.token:
                    text = text.replace(client.token, "")
                leaked = never_seen & tokens(text)
                assert not leaked, f"{frame['type']} shows seat {seat} {sorted(leaked)}"
        assert {"welcome", "seats", "events", "view", "patch", "result"} <= kinds
        assert "reveal" in kinds
        before_reveal = bytes(received[i]).split(b'{"type":"reveal"')[0]
        assert b'"seed":' not in before_reveal


def shown_to_everyone(received: list[bytearray]) -> dict[int, set[str]]:
    """Per step that reshuffles a pile, the tokens that every client's events frame names.

    A reshuffle can hide, within one step, a card that the same step first showed to everyone
    (Trump Duel's exchange discards a card face up, then the empty draw pile is made again from
    the discards): hidden from a seat before and after the step, yet shown on purpose."""
    per_client: list[dict[int, set[str]]] = []
    for data in received:
        steps: dict[int, set[str]] = {}
        for body in FrameReader(MAX_HOST_FRAME).bodies(bytes(data)):
            frame = json.loads(body)
            if frame["type"] == "events" and any(e["type"] == "reshuffle" for e in frame["events"]):
                steps[frame["seq"]] = tokens(json.dumps(frame["events"], ensure_ascii=False))
        per_client.append(steps)
    common = set.intersection(*(set(steps) for steps in per_client))
    return {seq: set.intersection(*(steps[seq] for steps in per_client)) for seq in common}


def check_events(
    frame: dict[str, Any],
    seat: int | None,
    hidden: dict[int, dict[int | None, set[str]]],
    rounds: dict[int, int],
    public: set[str],
) -> None:
    """An events frame names no card hidden from `seat` across its step, but for a card that
    the step showed to everyone and a reshuffle then hid (`public`, `shown_to_everyone`)."""
    seq = frame["seq"]
    after = hidden[seq][seat] - (public & set.intersection(*hidden[seq].values()))
    same_round = seq > 0 and rounds[seq - 1] == rounds[seq]
    for event in frame["events"]:
        if same_round:
            secret = hidden[seq - 1][seat] & after
        elif event["type"] == "deal" or seq == 0:
            secret = after
        else:
            continue
        leaked = secret & tokens(json.dumps(event, ensure_ascii=False))
        assert not leaked, f"event {event['type']} at {seq} shows seat {seat} {sorted(leaked)}"
