"""The fast paths of the protocol: seats and legal actions named by `perform`, quiet matches,
clones with a given generator, pair actions by position."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.bench import usual_count
from tabletop.engine.cards import standard_deck
from tabletop.engine.game import NOBODY, Game, State
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.rng import Rng
from tabletop.games.common import PairActions, pair_table

UNDEALT_AT_HORIZON = {"second-third", "seltsam-walzer", "wild-rawz"}
"""Games that leave the next round undealt for a playout at its horizon."""

CASES = [
    pytest.param(game, n, id=f"{game.info.id}-{n}p")
    for game in all_games()
    for n in sorted({game.info.min_players, usual_count(game)})
]


def play(game: Game[Any], players: int, seed: int, quiet: bool, check: bool = False) -> State:
    """Random play to the end; with `check`, the derived fields are checked after every action."""
    state = game.setup(players, None, seed, quiet=quiet)
    chooser = Rng(seed + 1)
    while state.acting:
        seat = min(state.acting)
        actions = game.legal_actions(state, seat)
        game.apply(state, seat, actions[chooser.below(len(actions))])
        if check:
            expected = NOBODY if state.result is not None else game.seats_to_act(state)
            assert state.acting == expected
            if state.offered_seat >= 0:
                assert list(state.offered) == list(game.legal(state, state.offered_seat))
    return state


def table(game: Game[Any], state: State) -> str:
    """Everything the table shows, as text."""
    return json.dumps([z.to_json() for z in game.zones(state)], sort_keys=True, default=str)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_seats_and_offers_named_by_perform_are_what_the_rules_say(
    game: Game[Any], players: int
) -> None:
    """After every action the seats to act and any offered actions match the rule hooks."""
    for seed in (2, 5):
        state = play(game, players, seed, quiet=False, check=True)
        assert state.result is not None and game.to_act(state) == frozenset()


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_quiet_match_plays_exactly_as_a_recorded_one(game: Game[Any], players: int) -> None:
    """Building no events changes nothing else: same scores, result and final table."""
    for seed in (3, 8):
        quiet = play(game, players, seed, quiet=True)
        recorded = play(game, players, seed, quiet=False)
        assert quiet.match.scores == recorded.match.scores
        assert quiet.result == recorded.result
        assert table(game, quiet) == table(game, recorded)


def test_a_quiet_state_builds_no_events_and_a_recorded_one_does() -> None:
    """Second Third skips its events when quiet."""
    game = get_game("second-third")
    for quiet, some in ((True, False), (False, True)):
        state = game.setup(4, None, 1, quiet=quiet)
        told = []
        while state.acting:
            seat = min(state.acting)
            told += game.apply(state, seat, game.legal_actions(state, seat)[0])
        assert bool(told) is some
        assert state.opening  # the opening deal is recorded either way


def test_clone_with_a_generator_and_quiet() -> None:
    """A clone can take a given generator and keep no record, leaving the original as it was."""
    game = get_game("second-third")
    state = game.setup(4, None, 11)
    rng = Rng(5)
    copy = game.clone(state, quiet=True, rng=rng)
    assert copy.rng is rng and copy.quiet and not state.quiet
    assert game.clone(state).rng is not state.rng
    seat = min(copy.acting)
    game.apply(copy, seat, game.legal_actions(copy, seat)[0])
    assert copy.hands != state.hands
    assert state.acting == game.seats_to_act(state)


def test_arranged_forgets_what_was_derived() -> None:
    """A position changed by hand is read afresh once declared."""
    game = get_game("second-third")
    state = game.setup(4, None, 4)
    while state.phase == "pass":
        seat = min(state.acting)
        game.apply(state, seat, game.legal_actions(state, seat)[0])
    assert state.playable_seat == state.turn  # what the next player may play, found at once
    game.legal_actions(state, state.turn)
    assert state.offered_seat == state.turn
    state.turn = (state.turn + 1) % 4
    state.arranged()
    assert state.offered_seat == state.playable_seat == -1
    assert game.to_act(state) == frozenset((state.turn,))
    hand = state.hands[state.turn]
    assert [a.args[0] for a in game.legal_actions(state, state.turn)] == hand
    assert game.choices(state, state.turn) == len(hand)


def test_pair_actions_by_position() -> None:
    """Every position, negative ones and slices give the pairs in iteration order."""
    deck = standard_deck()
    pairs = PairActions(pair_table("pass", deck), deck[5:18])
    listed = list(pairs)
    assert len(pairs) == len(listed) == 78
    assert [pairs[i] for i in range(78)] == listed
    assert pairs[-1] == listed[-1] and pairs[-78] == listed[0]
    assert pairs[3:9] == listed[3:9]
    with pytest.raises(IndexError):
        pairs[78]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_state_at_its_horizon_scores_the_round_like_any_other(
    game: Game[Any], players: int
) -> None:
    """A playout clone with `horizon` set ends its first round with the same scores as one
    without; a game that leaves the next round undealt then has no seat to act."""
    for seed in (4, 9):
        start = game.setup(players, None, seed, quiet=True)
        runs = []
        for horizon in (False, True):
            state = game.clone(start, quiet=True, rng=Rng(seed), horizon=horizon)
            chooser = Rng(seed + 1)
            while state.result is None and state.match.round == start.match.round:
                seat = min(game.to_act(state))
                game.apply_nth(state, seat, chooser.below(game.choices(state, seat)))
            runs.append(state)
        full, stopped = runs
        assert stopped.match.round == full.match.round
        assert stopped.match.scores == full.match.scores
        assert (stopped.result is None) == (full.result is None)
        if stopped.result is None and game.info.id in UNDEALT_AT_HORIZON:
            assert table(game, stopped) != table(game, full)
            assert game.to_act(stopped) == NOBODY and game.to_act(full)
        elif stopped.result is None:
            assert table(game, stopped) == table(game, full)
