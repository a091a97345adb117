"""The replay stepper: states by step, rounds, and Views that never show a hidden card."""

from __future__ import annotations

import json
import re

import pytest

from tabletop.engine.errors import ReplayDivergence
from tabletop.engine.game import Game, State
from tabletop.engine.log import replay
from tabletop.engine.views import BACK
from tabletop.sheets.stepper import Stepper


def hidden_cards(game: Game, state: State) -> set[str]:
    """Cards that lie only in zones a spectator may not see."""
    seen = {c for z in game.zones(state) if z.seen_by(None) for c in z.cards}
    return {c for z in game.zones(state) if not z.seen_by(None) for c in z.cards} - seen


GAMES = [("second-third", 3), ("seltsam-walzer", 3), ("pokered-trick", 3), ("interaction", 3)]


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_public_mode_never_shows_a_hidden_card(
    match_log: object, game_id: str, players: int
) -> None:
    stepper = Stepper(match_log(game_id, players))
    game = stepper.game
    for k in range(0, len(stepper) + 1, 3):
        state = stepper.state(k)
        hidden = {z.id for z in game.zones(state) if not z.seen_by(None)}
        view = stepper.view(k)
        assert view.seat is None and not view.moves
        for zone in view.zones:
            if zone.id in hidden:
                assert set(zone.cards) <= {BACK}, (k, zone.id)
        previous = stepper.state(k - 1) if k else None
        same_round = previous is not None and previous.match.round == state.match.round
        before = hidden_cards(game, previous) if same_round else set()
        now = hidden_cards(game, state)
        for record in stepper.step_events(k):
            # As in the conformance check: a deal is checked against what it leaves hidden, any
            # other event against what stays hidden across it (a new round re-hides cards).
            named = set(re.findall(r"[A-Za-z0-9+\-]+", json.dumps(record)))
            secret = now if record["type"] == "deal" else now & before
            assert not named & secret, (k, record)
        revealed = stepper.view(k, reveal=True)
        assert all(BACK not in z.cards for z in revealed.zones)
        assert [z.cards for z in revealed.zones] == [z.cards for z in game.zones(state)]


def test_steps_back_and_forth_match_a_fresh_replay(match_log: object) -> None:
    lines = match_log("seltsam-walzer", 3)
    stepper = Stepper(lines)
    end = replay(lines).state
    total = len(stepper)
    assert stepper.view(total, reveal=True) == Stepper(lines).view(total, reveal=True)
    assert stepper.state(total).match.totals == end.match.totals
    for k in (total, 5, 70, 3, total - 1, 0):
        prefix = lines[: _line_after_action(lines, k)]
        assert stepper.view(k, 0).zones == replay(prefix).game.view(replay(prefix).state, 0).zones


def _line_after_action(lines: list[str], k: int) -> int:
    seen = 0
    for i, text in enumerate(lines):
        if '"type":"action"' in text:
            if seen == k:
                return i
            seen += 1
    return len(lines)


def test_rounds(match_log: object) -> None:
    stepper = Stepper(match_log("second-third", 3))
    assert sorted(stepper.rounds) == [1, 2, 3]
    second = stepper.round_start(2)
    assert stepper.round_of(second) == 2 and stepper.round_of(second - 1) == 1
    assert any(r["type"] == "deal" for r in stepper.step_events(second, reveal=True))
    public = next(r for r in stepper.step_events(second) if r["type"] == "deal")
    assert all(isinstance(h, dict) and "hidden" in h for h in public["hands"])
    with pytest.raises(KeyError):
        stepper.round_start(9)
    with pytest.raises(IndexError):
        stepper.state(len(stepper) + 1)


def test_a_bad_log_is_refused(match_log: object) -> None:
    lines = match_log("second-third", 3)
    i = next(i for i, t in enumerate(lines) if '"type":"action"' in t)
    lines[i] = lines[i].replace('"seat":', '"seat":1,"x":').replace("play", "plya")
    with pytest.raises(ReplayDivergence):
        Stepper(lines)
