"""Messages: client message validation, per-seat view texts equal the engine's Views."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.errors import TabletopError
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import Game
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.views import View
from tabletop.net import messages as msg
from tabletop.net.framing import frame_text

GAMES = [pytest.param(g, id=g.info.id) for g in all_games()]


def test_hello_round_trip() -> None:
    """The hello the client builds is the hello the host reads."""
    got = msg.parse_client(msg.hello("Ann", "pw", None, 2, False))
    assert got == msg.Hello(msg.PROTOCOL_VERSION, "Ann", "pw", None, 2, False)
    watcher = msg.parse_client(msg.hello("Bob", spectator=True))
    assert isinstance(watcher, msg.Hello) and watcher.spectator


def test_act_ping_bye() -> None:
    """The small messages parse to their dataclasses."""
    assert msg.parse_client(msg.act("play AS", 7)) == msg.Act("play AS", 7)
    assert msg.parse_client({"type": "ping"}) == msg.Ping()
    assert msg.parse_client({"type": "bye"}) == msg.Bye()


def test_names_are_cleaned() -> None:
    """Control characters go, spaces collapse, length is capped."""
    got = msg.parse_client({"type": "hello", "version": 1, "name": " A\x00nn\n\t  Lee " + "x" * 50})
    assert isinstance(got, msg.Hello)
    assert got.name.startswith("A nn Lee x") and len(got.name) == msg.NAME_MAX


@pytest.mark.parametrize(
    ("obj", "code"),
    [
        ({}, "bad-message"),
        ({"type": 3}, "bad-message"),
        ({"type": "shout"}, "unknown-type"),
        ({"type": "act"}, "bad-message"),
        ({"type": "act", "action": ""}, "bad-message"),
        ({"type": "act", "action": "play AS", "seat": 1}, "bad-message"),
        ({"type": "act", "action": "x" * 300}, "bad-message"),
        ({"type": "act", "action": "play AS", "ref": -1}, "bad-message"),
        ({"type": "act", "action": "play AS", "ref": True}, "bad-message"),
        ({"type": "hello", "name": "A"}, "bad-message"),
        ({"type": "hello", "version": "1", "name": "A"}, "bad-message"),
        ({"type": "hello", "version": 1, "name": 5}, "bad-message"),
        ({"type": "hello", "version": 1, "seat": -1}, "bad-message"),
        ({"type": "hello", "version": 1, "token": ["x"]}, "bad-message"),
        ({"type": "hello", "version": 1, "role": "admin"}, "bad-message"),
        ({"type": "ping", "x": 1}, "bad-message"),
    ],
)
def test_bad_client_messages(obj: dict, code: str) -> None:
    """Each malformed message raises ProtocolError with its code."""
    with pytest.raises(msg.ProtocolError) as err:
        msg.parse_client(obj)
    assert err.value.code == code
    assert isinstance(err.value, TabletopError) and err.value.reason.text


@settings(max_examples=300, deadline=None)
@given(
    obj=st.dictionaries(
        st.sampled_from(["type", "version", "name", "action", "ref", "token", "seat", "role", "z"]),
        st.none()
        | st.booleans()
        | st.integers()
        | st.text(max_size=12)
        | st.sampled_from(["hello", "act", "ping", "bye", "player", "spectator"])
        | st.lists(st.integers(), max_size=2),
    )
)
def test_any_object_parses_or_raises_protocol_error(obj: dict) -> None:
    """Arbitrary objects give a message or ProtocolError, nothing else."""
    try:
        msg.parse_client(obj)
    except msg.ProtocolError as err:
        assert err.code in ("bad-message", "unknown-type")


def _normal(obj: object) -> object:
    return json.loads(json.dumps(obj))


@pytest.mark.parametrize("game", GAMES)
def test_view_texts_equal_engine_views(game: Game) -> None:
    """The host's assembled view text is exactly `View.to_json()` for every seat."""
    info = game.info
    players = min(info.max_players, max(info.min_players, 4))
    state = game.setup(players, None, 11)
    rnd = random.Random(3)
    cache = msg.TextCache(limit=40)
    last: dict[int | None, tuple[msg.SeatView, dict]] = {}
    patched = 0
    prev = None
    touched: frozenset[str] | None = frozenset()  # what the actions since `prev` changed
    for step in range(60):
        acting = sorted(game.to_act(state))
        if step % 3 == 0 or not acting:
            base = prev if step % 2 else None
            texts = prev = msg.ViewTexts(game, state, cache, base, touched)
            touched = frozenset()
            for seat in (None, *range(players)):
                want = _normal({"type": "view", "seq": step, **game.view(state, seat).to_json()})
                view = texts.seat_view(seat)
                assert json.loads(view.frame(step)) == want
                assert view.frame_bytes(step) == frame_text(view.frame(step))
                if seat in last:
                    before, old = last[seat]
                    patch = view.patch(step, before)
                    # Built from the previous moment's shared parts, or from nothing shared:
                    # the same bytes.
                    alone = msg.ViewTexts(game, state, cache).seat_view(seat)
                    assert alone.patch(step, before) == patch
                    framed = view.patch_bytes(step, before)
                    assert framed == (None if patch is None else frame_text(patch))
                    if patch is not None:
                        frame = msg.parse_host(json.loads(patch))
                        assert msg.apply_patch(old, frame) == want
                        patched += 1
                last[seat] = (view, want)
        if not acting:
            break
        seat = rnd.choice(acting)
        game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
        touched = None if touched is None or state.touched is None else touched | state.touched
    assert patched > 0


def test_a_plot_rebuilds_only_the_zones_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a Vulture Party plot that reveals nothing, the next moment's texts build only
    the plotting seat's sheet and plot zones (no other zone, no counter) and still give every
    seat exactly its View, as a patch from the moment before."""
    game = get_game("hagetaka-party")
    state = game.setup(25, None, 4)
    cache = msg.TextCache()
    prev = msg.ViewTexts(game, state, cache)
    before = {s: prev.seat_view(s) for s in range(25)}
    old = {s: _normal({"type": "view", "seq": 1, **game.view(state, s).to_json()}) for s in before}
    seat = 7
    game.apply(state, seat, str(game.legal_actions(state, seat)[0]))
    assert state.touched == {"sheet7", "plot7"}
    built: list[str] = []
    real_zone = game.zone

    def zone(state: Any, zone_id: str) -> Any:
        built.append(zone_id)
        return real_zone(state, zone_id)

    def everything(state: Any) -> Any:
        raise AssertionError("every zone or counter built again")

    with monkeypatch.context() as patch:
        patch.setattr(game, "zone", zone)
        patch.setattr(game, "zones", everything)
        patch.setattr(game, "counters", everything)
        texts = msg.ViewTexts(game, state, cache, prev, state.touched)
        views = {s: texts.seat_view(s) for s in range(25)}
    assert sorted(built) == ["plot7", "sheet7"]
    assert texts.changed == [texts.zone_index()["sheet7"], texts.zone_index()["plot7"]]
    for s in range(25):
        want = _normal({"type": "view", "seq": 2, **game.view(state, s).to_json()})
        assert json.loads(views[s].frame(2)) == want
        patch_text = views[s].patch(2, before[s])
        assert patch_text is not None
        assert msg.apply_patch(old[s], msg.parse_host(json.loads(patch_text))) == want


@pytest.mark.parametrize("game", GAMES)
def test_event_texts_equal_redacted_events(game: Game) -> None:
    """Each seat's events frame is exactly its redaction of the step's events."""
    info = game.info
    players = min(info.max_players, max(info.min_players, 4))
    state = game.setup(players, None, 12)
    rnd = random.Random(4)
    steps = [state.opening]
    for _ in range(40):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = rnd.choice(acting)
        steps.append(game.apply(state, seat, rnd.choice(game.legal_actions(state, seat))))
    for seq, evs in enumerate(steps):
        texts = msg.EventTexts(seq, evs)
        for seat in (None, *range(players)):
            for ack in (None, 5):
                want = _normal(msg.events(seq, evs, seat, ack))
                assert json.loads(texts.frame(seat, ack)) == want


@pytest.mark.parametrize("game", GAMES)
def test_view_json_round_trip(game: Game) -> None:
    """A client rebuilds the View its seat was sent, field for field."""
    state = game.setup(game.info.min_players, None, 5)
    view = game.view(state, 0)
    rebuilt = View.from_json(json.loads(json.dumps(view.to_json())))
    assert _normal(rebuilt.to_json()) == _normal(view.to_json())
    assert msg.parse_host({"type": "view", "seq": 0, **_normal(view.to_json())})["seq"] == 0


def test_parse_host_rejects_junk() -> None:
    """Host messages of unknown type or missing fields are refused."""
    for bad in ({"type": "nope"}, {"type": "error"}, {"type": "view", "seq": 1}, {}):
        with pytest.raises(msg.ProtocolError):
            msg.parse_host(bad)


def test_announcement_round_trip() -> None:
    """An announcement parses back to its fields; junk does not."""
    ann = msg.announcement(get_game("triq"), "den\x07", 4000, 27, 3, True, False)
    data = json.dumps(ann).encode()
    got = msg.parse_announcement(data)
    assert got["port"] == 4000 and got["host"] == "den" and got["password"] is True
    assert "seed" not in data.decode()
    for junk in (b"x", b"{}", b"[1]", json.dumps({**ann, "port": 0}).encode(), b"{" * 3000):
        with pytest.raises(msg.ProtocolError):
            msg.parse_announcement(junk)


def _exact(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize(
    "data",
    [
        {"hands": [Secret(frozenset({0}), ["N1", "N2"]), Secret(frozenset({1}), ("N3",))]},
        {"card": Secret(frozenset({1, 2}), "V5"), "note": "ハゲタカ", "n": 1.5, "ok": True},
        {"deep": {"x": [1, {"y": Secret(frozenset({2}), {"z": Secret(frozenset({0}), [7])})}]}},
        {"by_seat": {1: Secret(frozenset({1}), [3])}, "empty": [], "none": None},
        {"type": "overridden", "s": Secret(frozenset(), [1, 2, 3])},
        {"tuple": (1, (2, 3)), "keys": {4: "four"}},
    ],
)
def test_event_texts_are_byte_exact(data: dict) -> None:
    """Each seat's events frame is byte for byte the serialized redaction, whatever the nesting
    of secrets, tuples and keys that are not text."""
    evs = [Event("open", {"round": 1}), Event("odd", data)]
    texts = msg.EventTexts(3, evs)
    for seat in (None, 0, 1, 2, 3):
        for ack in (None, 9):
            assert texts.frame(seat, ack) == _exact(msg.events(3, evs, seat, ack))


def test_round_start_patches_equal_unshared_ones() -> None:
    """At a new round of a 25-seat Vulture Party every seat's hand changes: each seat gets a
    patch of mostly card lists, built from the shared pieces byte for byte as from nothing
    shared, and it patches the seat's View into its new one."""
    game = get_game("hagetaka-party")
    state = game.setup(25, None, 21)
    rnd = random.Random(5)
    cache = msg.TextCache()
    prev = msg.ViewTexts(game, state, cache)
    sent = {seat: (prev.seat_view(seat), game.view(state, seat)) for seat in range(25)}
    checked = 0
    while state.result is None and checked < 2:
        seat = rnd.choice(sorted(game.to_act(state)))
        events = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
        texts = prev = msg.ViewTexts(game, state, cache, prev)
        new_round = any(e.type == "round_end" for e in events)
        for s in range(25):
            view = texts.seat_view(s)
            if new_round:
                before, old = sent[s]
                patch = view.patch(7, before)
                assert patch == msg.ViewTexts(game, state, cache).seat_view(s).patch(7, before)
                # Nearly every zone changed, but mostly in its cards: a patch of card lists is
                # far smaller than the full View.
                assert patch is not None and 4 * len(patch) < len(view.frame(7))
                entries = json.loads(patch)["zones"].values()
                assert sum(isinstance(e, list) for e in entries) > len(entries) // 2
                was = _normal({"type": "view", "seq": 6, **old.to_json()})
                want = _normal({"type": "view", "seq": 7, **game.view(state, s).to_json()})
                assert msg.apply_patch(was, json.loads(patch)) == want
            sent[s] = (view, game.view(state, s))
        checked += new_round
    assert checked == 2


_OLD_VIEW = {
    "type": "view",
    "seq": 3,
    "zones": [
        {
            "id": "hand0",
            "kind": "hand",
            "owner": 0,
            "label": {"msg": "Hand"},
            "face_up": True,
            "cards": ["A"],
        },
    ],
    "counters": [{"id": "score0", "label": {"msg": "Score"}, "value": 2, "owner": 0}],
}


def test_a_patch_may_give_cards_or_a_number_alone() -> None:
    """A zone's entry may be its cards alone and a counter's its number alone; anything else
    stays as it was."""
    patch = {"type": "patch", "seq": 4, "zones": {"0": ["B", "C"]}, "counters": {"0": 5}}
    got = msg.apply_patch(_OLD_VIEW, patch)
    assert got["zones"] == [{**_OLD_VIEW["zones"][0], "cards": ["B", "C"]}]
    assert got["counters"] == [{**_OLD_VIEW["counters"][0], "value": 5}]
    assert got["seq"] == 4 and _OLD_VIEW["zones"][0]["cards"] == ["A"]


@pytest.mark.parametrize(
    ("zones", "counters"),
    [
        ({"0": 5}, {}),
        ({"0": "B"}, {}),
        ({}, {"0": ["B"]}),
        ({}, {"0": True}),
        ({}, {"0": 1.5}),
        ({"1": ["B"]}, {}),
        ({"-1": ["B"]}, {}),
        ({"x": ["B"]}, {}),
        ({"０": ["B"]}, {}),
    ],
)
def test_a_patch_entry_that_fits_nothing_is_refused(zones: dict, counters: dict) -> None:
    """A wrong kind of entry, or an index the View does not have, is a protocol error."""
    patch = {"type": "patch", "seq": 4, "zones": zones, "counters": counters}
    with pytest.raises(msg.ProtocolError) as err:
        msg.apply_patch(_OLD_VIEW, patch)
    assert err.value.code == "bad-message"
