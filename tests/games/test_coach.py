"""Every lesson's prepared deal still plays through the real engine and shows its key rules;
the coach takes only the lesson's move and words refusals with the rule behind them."""

from __future__ import annotations

import re

import pytest

from tabletop.engine import coach
from tabletop.engine.coach import Coach, lesson, lesson_games, reference
from tabletop.engine.errors import IllegalAction
from tabletop.engine.registry import all_games, get_game, has_lesson
from tabletop.i18n import render


@pytest.mark.parametrize("game_id", lesson_games())
def test_lesson_plays_to_its_end_and_shows_its_key_rules(game_id: str) -> None:
    found = lesson(game_id)
    assert found is not None
    game = get_game(game_id)
    state = game.setup(found.players, dict(found.options), found.seed)
    coach = Coach(found, game)
    for seat, action in found.moves:
        assert seat in game.to_act(state), (seat, action)
        coach.vet(state, seat, action)
        coach.observe(seat, action, game.apply(state, seat, action))
    assert coach.finished
    shown = {r.key for r in coach.shown}
    assert set(found.key_rules) <= shown
    assert {r.key for r in found.rules} == shown  # every rule the lesson explains happened
    assert all(isinstance(k, int) and 0 <= k < coach.made for k in found.advice)
    assert reference(game_id)


@pytest.mark.parametrize("game_id", lesson_games())
def test_coach_refuses_other_moves_and_leaves_the_state_alone(game_id: str) -> None:
    found = lesson(game_id)
    assert found is not None
    game = get_game(game_id)
    state = game.setup(found.players, dict(found.options), found.seed)
    coach = Coach(found, game)
    refused = 0
    for seat, action in found.moves:
        if seat == found.learner:
            others = [str(a) for a in game.legal_actions(state, seat) if str(a) != action]
            version = len(found.moves)
            for other in others[:1]:
                with pytest.raises(IllegalAction) as err:
                    coach.vet(state, seat, other)
                assert "prepared deal" in render(err.value.reason)
                refused += 1
            assert coach.next_move(seat) == action and version == len(found.moves)
        coach.observe(seat, action, game.apply(state, seat, action))
    assert refused > 0
    with pytest.raises(IllegalAction):
        coach.vet(state, found.learner, found.moves[0][1])


def test_an_illegal_move_gets_the_engines_reason_and_the_rule_behind_it() -> None:
    found = lesson("second-third")
    assert found is not None
    game = get_game("second-third")
    state = game.setup(found.players, {}, found.seed)
    coach = Coach(found, game)
    moves = list(found.moves)
    # up to the learner's move where diamonds were led and 6♦ must follow
    while moves[0] != (0, "play 6D"):
        seat, action = moves.pop(0)
        coach.observe(seat, action, game.apply(state, seat, action))
    with pytest.raises(IllegalAction) as err:
        coach.vet(state, 0, "play KS")
    text = render(err.value.reason)
    assert text.startswith("You must follow diamonds.")
    assert "While you hold a card of the led suit" in text
    assert coach.refused == err.value.reason


def test_a_game_without_a_lesson_has_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(coach._LESSONS, "interaction")
    assert lesson("interaction") is None and reference("interaction") == []


def test_every_lesson_names_a_registered_game() -> None:
    games = {game.info.id for game in all_games()}
    assert set(lesson_games()) == games  # every game has a lesson
    for game_id in lesson_games():
        found = lesson(game_id)
        assert found is not None and found.game == game_id


def test_which_games_have_a_lesson_is_known_without_loading_the_lessons() -> None:
    for game in all_games():
        assert has_lesson(game.info.id) == (lesson(game.info.id) is not None)
    assert not has_lesson("chess")


SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
MENTION = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")


def _codes(value: object) -> set[str]:
    """Every card code inside an event's JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {c for v in value.values() for c in _codes(v)}
    if isinstance(value, list):
        return {c for v in value for c in _codes(v)}
    return set()


@pytest.mark.parametrize("game_id", ["second-third", "triq", "pokered-trick", "interaction"])
def test_advice_names_only_cards_the_learner_has_seen(game_id: str) -> None:
    found = lesson(game_id)
    assert found is not None
    game = get_game(game_id)
    state = game.setup(found.players, dict(found.options), found.seed)
    coach = Coach(found, game)
    seen = {c for e in state.opening for c in _codes(e.to_json(found.learner, omniscient=False))}
    checked = 0
    for seat, action in found.moves:
        if seat == found.learner and coach.made in found.advice:
            view = game.view(state, seat)
            visible = seen | {c for z in view.zones for c in z.cards}
            shown = {c[:-1] + SYMBOL[c[-1]] for c in visible if c[-1] in SYMBOL}
            text = render(coach.step())
            named = {rank + suit for rank, suit in MENTION.findall(text)}
            assert named <= shown, (coach.made, named - shown)
            checked += len(named)
        events = game.apply(state, seat, action)
        coach.observe(seat, action, events)
        seen |= {c for e in events for c in _codes(e.to_json(found.learner, omniscient=False))}
    assert checked > 0


def test_the_coach_reads_events_as_the_learner_sees_them() -> None:
    found = lesson("second-third")
    assert found is not None
    game = get_game("second-third")
    state = game.setup(found.players, {}, found.seed)
    coach = Coach(found, game)
    for seat, action in found.moves[:3]:  # the three passes
        coach.observe(seat, action, game.apply(state, seat, action))
    passes = {e["seat"]: e["cards"] for e in coach.history if e["type"] == "pass"}
    assert passes[0] == ["6H", "7H"] and passes[2] == ["6D", "7D"]  # given and received
    assert passes[1] == {"hidden": 2}  # between two computers: not the learner's to see


def test_the_vulture_reference_doubles_the_last_round() -> None:
    """The quick reference's round points come from the family's own rule: the last round
    counts double (and its 0 card 1), whatever a game's 0 card is worth before."""
    from tabletop.games.coach.vulture import vulture_reference
    from tabletop.games.vulture import ROUNDS, round_points

    taken = ("V5", "V-2", "V0")
    rows = vulture_reference(0.1)[2].rows
    assert [row[2] for row in rows] == [
        round_points(taken, 0.1, 1),
        round_points(taken, 0.1, ROUNDS),
    ]
    assert [row[2] for row in rows] == [3.1, 7]  # 5 - 2 + 0.1; doubled: 2 × 3 + 1
