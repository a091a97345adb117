"""Bad clients never hurt the game: each gets an error frame or a disconnect, state unchanged.

A raw socket speaks to a host whose two good clients wait (paused) mid-match; after each attack
the match state is compared with before and the good clients then finish the match.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QCoreApplication

from tabletop.engine.text import Msg
from tabletop.net import messages as msg
from tabletop.net.bench import LoopbackTable, pump_until
from tabletop.net.fairness import new_nonce, pledge
from tabletop.net.framing import encode, frame_text
from tabletop.net.host import Limits

GAME = "triq"
"""A short match (about 30 actions at 3 seats): every test plays it to the end after the attack."""
LIMITS = Limits(hello_timeout=0.4, idle_timeout=30.0, rate=200.0, burst=100.0, max_strikes=8)


@pytest.fixture
def table(net_app: QCoreApplication) -> Iterator[LoopbackTable]:
    """A started 3-seat match: two paused network clients and one computer seat."""
    from tabletop.net.host import SeatSpec

    specs = [SeatSpec(network=True), SeatSpec(network=True), SeatSpec(bot="random")]
    t = LoopbackTable(GAME, 3, seed=4, specs=specs, limits=LIMITS)
    t.pause()
    assert pump_until(lambda: all(c.view is not None for c in t.clients), 5.0)
    pump_until(lambda: False, 0.1)
    yield t
    t.close()


def snapshot(t: LoopbackTable) -> str:
    """Everything about the match on the host, omniscient."""
    state = t.host.state
    assert state is not None
    views = [t.host.game.view(state, s).to_json() for s in (None, 0, 1, 2)]
    return json.dumps([t.host.seq, t.host.log_text(), views])


def finishes(t: LoopbackTable) -> None:
    """The good clients can still play the match to its end."""
    t.unpause()
    assert t.run(30.0)
    assert t.desyncs() == 0


def hello(**extra: object) -> bytes:
    """A spectator hello frame."""
    return encode({**msg.hello("Mallory", spectator=True), **extra})


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (frame_text("not json"), "bad-frame"),
        (frame_text("[1, 2, 3]"), "bad-frame"),
        (b"\x00\x00\x00\x03\xff\xfe\xfd", "bad-frame"),
        ((10**9).to_bytes(4, "big"), "too-big"),
        (b"\x00\x00\x00\x00", "bad-frame"),
        (encode({"type": "act", "action": "play 7H"}), "not-joined"),
        (encode({"type": "shout"}), "unknown-type"),
        (encode({"type": "hello", "version": 99, "name": "x"}), "version"),
        (encode(msg.hello("x", token="forged-token-forged-token")), "bad-token"),
        (encode(msg.hello("x")), "no-seat"),
    ],
)
def test_fatal_garbage(
    raws: Callable[..., Any], table: LoopbackTable, data: bytes, code: str
) -> None:
    """Malformed or oversize frames, acting before hello, forged tokens: error, disconnect."""
    before = snapshot(table)
    raw = raws(table.port)
    raw.send(data)
    err = raw.wait_error()
    assert err["code"] == code and err["fatal"] and Msg.from_json(err["reason"]).text
    assert "message" not in err
    raw.wait_closed()
    raw.close()
    assert snapshot(table) == before
    finishes(table)


def test_joined_client_errors_are_not_fatal(raws: Callable[..., Any], table: LoopbackTable) -> None:
    """Unknown types and bad fields after hello get an error frame; the connection stays."""
    raw = raws(table.port)
    raw.send(hello())
    assert pump_until(lambda: any(f["type"] == "view" for f in raw.frames()), 5.0)
    before = snapshot(table)
    raw.send(encode({"type": "shout"}))
    raw.send(encode({"type": "act", "action": "play 7H", "seat": 0}))
    raw.send(encode({"type": "act", "action": "play 7H"}))
    raw.send(hello())
    assert pump_until(lambda: len(raw.errors()) == 4, 5.0)
    codes = [e["code"] for e in raw.errors()]
    assert codes == ["unknown-type", "bad-message", "spectator", "already-joined"]
    assert not any(e["fatal"] for e in raw.errors()) and raw.connected()
    assert snapshot(table) == before
    raw.close()
    finishes(table)


def test_strikes_end_a_pest(raws: Callable[..., Any], table: LoopbackTable) -> None:
    """Too many refused messages close the connection."""
    raw = raws(table.port)
    raw.send(hello() + encode({"type": "nope"}) * LIMITS.max_strikes)
    raw.wait_closed()
    assert raw.errors()[-1]["code"] == "strikes"
    raw.close()
    finishes(table)


def test_out_of_turn_and_illegal_actions(table: LoopbackTable) -> None:
    """A seat acting out of turn or illegally gets a reason, sent to it alone."""
    host = table.host
    state = host.state
    assert state is not None
    idle = next(i for i, c in enumerate(table.clients) if c.seat not in host.game.to_act(state))
    heard = [bytearray() for _ in table.clients]
    for i, client in enumerate(table.clients):
        client.tap = heard[i].extend
    before = snapshot(table)
    sender = table.clients[idle]
    sender.act("play 7H")
    assert pump_until(lambda: sender.last_error is not None, 5.0)
    assert sender.last_error == ("illegal", "It is not your turn.")
    sender.act("dance wildly")
    sender.act("!!")
    assert pump_until(lambda: sender.last_error and sender.last_error[0] == "bad-action", 5.0)
    mover = next(c for c in table.clients if c.seat in host.game.to_act(state))
    mover.act("play ZZ9")
    assert pump_until(lambda: mover.last_error is not None, 5.0)
    assert mover.last_error[0] == "illegal" and mover.last_error[1]
    pump_until(lambda: False, 0.1)
    assert snapshot(table) == before
    others = [h for i, h in enumerate(heard) if table.clients[i] not in (sender, mover) and h]
    assert not others, "others heard the refusals"
    finishes(table)


def test_replayed_token_moves_the_seat(raws: Callable[..., Any], table: LoopbackTable) -> None:
    """A seat token on a new connection takes the seat; the old one is told and closed."""
    victim = table.clients[0]
    token = victim.token
    assert token
    before = snapshot(table)
    raw = raws(table.port)
    raw.send(encode(msg.hello("Again", token=token)))
    assert pump_until(lambda: any(f["type"] == "view" for f in raw.frames()), 5.0)
    welcome = raw.frames()[0]
    assert welcome["type"] == "welcome" and welcome["seat"] == victim.seat
    assert pump_until(lambda: victim.last_error is not None, 5.0)
    assert victim.last_error[0] == "replaced"
    assert snapshot(table) == before
    raw.close()


def test_flood_is_cut_off(raws: Callable[..., Any], table: LoopbackTable) -> None:
    """Thousands of messages at once: a flood error and a disconnect, nothing else."""
    before = snapshot(table)
    raw = raws(table.port)
    raw.send(hello() + encode({"type": "ping"}) * 5000)
    raw.wait_closed()
    assert raw.errors()[-1]["code"] == "flood"
    assert snapshot(table) == before
    raw.close()
    finishes(table)


def test_silent_client_is_dropped(raws: Callable[..., Any], table: LoopbackTable) -> None:
    """A client that connects and never speaks is closed after the hello timeout."""
    raw = raws(table.port)
    raw.wait_closed(5.0)
    assert raw.errors()[0]["code"] == "timeout"
    raw.close()
    finishes(table)


def test_half_frame_then_silence(raws: Callable[..., Any], table: LoopbackTable) -> None:
    """A header promising more bytes than ever come: the hello timeout ends it."""
    raw = raws(table.port)
    raw.send(b"\x00\x00\x01\x00{")
    raw.wait_closed(5.0)
    raw.close()
    finishes(table)


def test_wrong_password(raws: Callable[..., Any], loopback: Callable[..., LoopbackTable]) -> None:
    """A room password keeps strangers out; the right one lets them in."""
    t = loopback(GAME, 3, seed=2, password="sesame")
    assert t.run(30.0)
    raw = raws(t.port)
    raw.send(hello(password="open up"))
    assert raw.wait_error()["code"] == "password"
    raw.wait_closed()
    raw.close()
    good = raws(t.port)
    good.send(hello(password="sesame"))
    assert pump_until(lambda: any(f["type"] == "result" for f in good.frames()), 5.0)
    good.close()


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    joined=st.booleans(),
    chunks=st.lists(
        st.one_of(
            st.binary(max_size=64),
            st.dictionaries(
                st.sampled_from(["type", "action", "ref", "version", "token", "seat", "name"]),
                st.one_of(
                    st.sampled_from(["act", "hello", "ping", "bye", "play 7H", "pass", ""]),
                    st.integers(-5, 5),
                    st.none(),
                    st.text(max_size=8),
                ),
            ).map(encode),
        ),
        max_size=6,
    ),
)
def test_fuzzed_frames_change_nothing(
    raws: Callable[..., Any], table: LoopbackTable, joined: bool, chunks: list
) -> None:
    """Random bytes and random messages from a stranger leave the match as it was."""
    before = snapshot(table)
    raw = raws(table.port)
    raw.send((hello() if joined else b"") + b"".join(chunks))
    pump_until(lambda: not raw.connected(), 0.15)
    for frame in raw.errors():
        assert frame["code"] and Msg.from_json(frame["reason"]).text
    raw.close()
    assert snapshot(table) == before
    assert table.clients[0].connected and table.clients[1].connected


def test_a_player_shows_only_the_part_of_the_shuffle_it_pledged(
    tables: Any, raws: Callable[..., Any]
) -> None:
    """A part that is not the pledged one is refused and deals nothing; the match is dealt
    only once every pledged part is in, and a part sent after that is refused."""
    host = tables.host(2, game="trump-duel")
    parts = [new_nonce(), new_nonce()]
    players = [raws(host.port), raws(host.port)]
    for raw, part in zip(players, parts, strict=True):
        raw.send(encode(msg.hello("P", promise=pledge(part))))
    assert pump_until(lambda: all("table" in r.kinds() for r in players), 5.0)
    players[0].send(encode(msg.nonce(parts[1])))
    err = players[0].wait_error()
    assert err["code"] == "bad-message" and not err["fatal"]
    assert Msg.from_json(err["reason"]) == Msg("That is not the part of the shuffle you pledged.")
    players[0].send(encode(msg.nonce(parts[0])))
    pump_until(lambda: False, 0.2)
    assert host.state is None
    players[1].send(encode(msg.nonce(parts[1])))
    assert pump_until(lambda: host.state is not None, 5.0)
    assert host.nonces == parts
    assert pump_until(lambda: "deal" in players[0].kinds(), 5.0)
    deal = next(f for f in players[0].frames() if f["type"] == "deal")
    assert deal["nonces"] == parts
    players[1].send(encode(msg.nonce(new_nonce())))
    assert pump_until(lambda: len(players[1].errors()) == 1, 5.0)
    late = Msg.from_json(players[1].errors()[0]["reason"])
    assert late == Msg("No part of the shuffle is wanted now.")
