"""Actions parse back exactly; events and views hide what a seat may not see."""

from __future__ import annotations

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.errors import ParseError
from tabletop.engine.events import Event, Secret
from tabletop.engine.text import EMPTY, Msg, Seat
from tabletop.engine.views import BACK, HIDDEN, Counter, View, Zone, private


@pytest.mark.parametrize("text", ["play R14", "pass B3 G8", "declare in", "bid N15", "play AS 11"])
def test_action_text_round_trips(text: str) -> None:
    action = Action.parse(text)
    assert str(action) == text
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize("text", ["", "   ", "Play R1", "play R1;", "play {x}", "9go"])
def test_unreadable_actions_raise_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        Action.parse(text)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(ParseError, match="must be text"):
        Action.parse(5)  # type: ignore[arg-type]


def test_event_secrets_per_seat() -> None:
    ev = Event(
        "pass",
        {"seat": 0, "to": 1, "cards": Secret(frozenset({0, 1}), ["AS", "KH"])},
    )
    assert ev.to_json() == {"type": "pass", "seat": 0, "to": 1, "cards": ["AS", "KH"]}
    assert ev.to_json(1, omniscient=False)["cards"] == ["AS", "KH"]
    assert ev.to_json(2, omniscient=False)["cards"] == {"hidden": 2}
    assert ev.to_json(None, omniscient=False)["cards"] == {"hidden": 2}


def test_nested_secrets_in_lists() -> None:
    ev = Event("deal", {"hands": [Secret(frozenset({i}), [f"{i}S"]) for i in range(3)]})
    seen = ev.to_json(1, omniscient=False)["hands"]
    assert seen == [{"hidden": 1}, ["1S"], {"hidden": 1}]


def test_view_masks_zones_by_visibility() -> None:
    zones = [
        Zone("hand0", "hand", ("AS", "KS"), owner=0, visible=private(0)),
        Zone("hand1", "hand", ("2C",), owner=1, visible=private(1)),
        Zone("stock", "stack", ("3D", "4D"), visible=HIDDEN),
        Zone("trick", "trick", ("5H",)),
    ]
    view = View.build("g", 0, ["A", "B"], zones, [], EMPTY, [0], [], False)
    assert view.zone("hand0").cards == ("AS", "KS")
    assert view.zone("hand1").cards == (BACK,)
    assert view.zone("stock").cards == (BACK, BACK)
    assert view.zone("trick").cards == ("5H",)
    spectator = View.build("g", None, ["A", "B"], zones, [], EMPTY, [0], [], False)
    assert spectator.zone("hand0").cards == (BACK, BACK)
    assert spectator.to_json()["zones"][0]["face_up"] is False
    assert view.to_json()["zones"][0]["face_up"] is True


def test_a_counter_gives_its_number_or_refuses_words() -> None:
    assert Counter("score0", Msg("Score"), 7, owner=0).number == 7
    assert Counter("rate", Msg("Rate"), 0.5).number == 0.5
    with pytest.raises(TypeError, match="dealer shows words"):
        _ = Counter("dealer", Msg("Dealer"), Msg("{seat}", seat=Seat(1))).number
