"""%triq told as its players say it: a player with no cards left is eliminated (脱落, never
上がり, which means finishing well), and each payment is told once, when it is made, to the
viewer in the second person."""

from __future__ import annotations

from typing import Any

from tabletop.bots.base import RandomBot
from tabletop.engine.events import Event
from tabletop.engine.registry import get_game
from tabletop.i18n import render

NAMES = ("Ann", "Bob", "Chie", "Dan", "Eri")


def _match(seed: int) -> tuple[Any, list[Event]]:
    game = get_game("triq")
    state = game.setup(len(NAMES), None, seed)
    state.names = NAMES
    bot = RandomBot(seed)
    events = list(state.opening)
    while game.to_act(state):
        seat = min(game.to_act(state))
        events += game.apply(state, seat, bot.choose(game.view(state, seat)))
    return game, events


def _told(game: Any, events: list[Event], viewer: int, lang: str) -> list[tuple[str, str]]:
    """(event type, line) for every line told to `viewer`."""
    memo: dict[str, Any] = {}
    out = []
    for event in events:
        for line in game.narrate(event.to_json(viewer, omniscient=False), viewer, memo):
            out.append((event.type, render(line.msg, lang, names=NAMES)))
    return out


def test_a_player_who_runs_out_is_eliminated_not_finished() -> None:
    seen = 0
    for seed in range(4):
        game, events = _match(seed)
        for viewer in range(len(NAMES)):
            lines = _told(game, events, viewer, "ja")
            assert not any("上がり" in text for _kind, text in lines)
            outs = [text for kind, text in lines if kind == "out"]
            assert outs and all("脱落" in text for text in outs)
            assert all("位）" in text for text in outs)  # and in which place
            english = [text for kind, text in _told(game, events, viewer, "en") if kind == "out"]
            assert all("dropped out in" in text for text in english)
            seen += len(outs)
    assert seen


def test_each_payment_is_told_once_and_the_viewers_own_in_the_second_person() -> None:
    mine = 0
    for seed in range(4):
        game, events = _match(seed)
        gives = [e for e in events if e.type == "give"]
        assert gives
        for viewer in range(len(NAMES)):
            lines = _told(game, events, viewer, "ja")
            paid = [text for kind, text in lines if kind == "give"]
            assert len(paid) == len(gives)
            owed = [text for kind, text in lines if kind == "flush" and "渡" in text]
            assert not owed, "a payment is told once, when it is made, not owed first"
            for event in gives:
                if event.data["seat"] == viewer:
                    mine += 1
            own = [t for t in paid if t.startswith(NAMES[viewer])]
            assert not own, f"the viewer's own payment in the third person: {own}"
    assert mine


def test_vulture_tells_the_viewer_its_own_thrown_away_cards_in_the_second_person() -> None:
    game = get_game("hagetaka")
    told = 0
    for seed in range(12):
        state = game.setup(4, None, seed)
        state.names = NAMES[:4]
        for event in state.opening:
            for seat, _cards in event.data.get("redrawn") or []:
                lines = [
                    render(line.msg, "ja", names=NAMES[:4])
                    for line in game.narrate(event.to_json(seat, omniscient=False), seat, {})
                ]
                assert any(line.startswith("あなたは") and "捨て" in line for line in lines)
                assert not any(line.startswith(NAMES[seat] + "は") for line in lines), lines
                told += 1
    assert told
