"""The games' own playout policies: legal moves only, nothing the moving seat may not see,
the rule-of-thumb player's joins and sets in Vulture Rounds and its every move in %triq."""

from __future__ import annotations

import pytest

from tabletop.bots import hagetaka as hagetaka_bots
from tabletop.bots import interaction as interaction_bots
from tabletop.bots import search
from tabletop.bots import triq as triq_bots
from tabletop.bots.base import make_bot
from tabletop.bots.worlds import Memory, resample
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.rng import Rng

POLICY_ROWS = [
    (game.info.id, n)
    for game in all_games()
    if search.playout_policy(game.info.id) is not None
    for n in sorted({game.info.min_players, 4, *game.info.often_played, game.info.max_players})
    if game.info.min_players <= n <= game.info.max_players
]


def test_the_games_where_random_playouts_misjudge_the_others_have_policies() -> None:
    """The two vulture games and %triq, where random playouts misjudge the others most."""
    assert {g for g, _ in POLICY_ROWS} >= {"hagetaka", "hagetaka-party", "triq"}


@pytest.mark.parametrize(("game_id", "players"), POLICY_ROWS)
def test_a_policy_plays_a_whole_match_with_legal_moves(game_id: str, players: int) -> None:
    """A playout moved by the policy alone (a wrong index would be refused) ends the match."""
    game = get_game(game_id)
    state = game.setup(players, None, 11, quiet=True)
    seat = min(game.to_act(state))
    move = str(game.legal_actions(state, seat)[0])
    policy = search.playout_policy(game_id)
    search.playout(game, state, seat, move, Rng(2), whole_match=True, policy=policy)
    assert state.result is not None


@pytest.mark.parametrize(("game_id", "players"), POLICY_ROWS)
def test_a_policy_reads_only_what_its_seat_may_see(game_id: str, players: int) -> None:
    """At every choice of random matches (short ones played until 20 choices were checked)
    the policy moves the same in the true state and in one whose hidden cards (other hands,
    sealed bids, the face-down score cards) were redealt for the moving seat."""
    game = get_game(game_id)
    policy = search.playout_policy(game_id)
    assert policy is not None
    rng = Rng(5)
    checked = 0
    for seed in range(21, 26):
        state = game.setup(players, None, seed)
        told = list(state.opening)
        while state.result is None and checked < 300:
            acting = sorted(game.to_act(state))
            for seat in acting:
                legal = list(game.legal_actions(state, seat))
                if len(legal) > 1:
                    mine = legal[policy(state, seat, legal, Rng(checked))]
                    memory = Memory.told(told, seat)
                    other = resample(game, state, seat, memory, Rng(checked + 1000))
                    again = list(game.legal_actions(other, seat))
                    assert again[policy(other, seat, again, Rng(checked))] == mine
                    checked += 1
            told += game.apply_nth(state, acting[0], rng.below(game.choices(state, acting[0])))
        if checked >= 20:
            break
    assert checked >= 20


def test_vulture_rounds_playouts_join_and_choose_sets_as_the_thumb_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without its random whims the policy joins battles and picks sets exactly as the
    rule-of-thumb player does from the seat's View."""
    monkeypatch.setattr(hagetaka_bots, "WHIM", 0)
    game = get_game("hagetaka")
    policy = search.playout_policy("hagetaka")
    assert policy is not None
    state = game.setup(4, None, 31, quiet=True)
    rng = Rng(7)
    compared = {"join": 0, "set": 0}
    while state.result is None:
        acting = sorted(game.to_act(state))
        for seat in acting:
            legal = list(game.legal_actions(state, seat))
            if state.phase in compared and len(legal) > 1:
                thumb = make_bot("hagetaka", "thumb", 0)
                chosen = legal[policy(state, seat, legal, Rng(0))]
                assert str(chosen) == thumb.choose(game.view(state, seat))
                compared[state.phase] += 1
        game.apply_nth(state, acting[0], rng.below(game.choices(state, acting[0])))
    assert compared["join"] >= 20 and compared["set"] >= 5


@pytest.mark.parametrize("players", [2, 4, 9])
def test_triq_playouts_move_as_the_thumb_player(
    monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    """Without its random whims the %triq policy makes, at every choice of three random
    matches, exactly the move the rule-of-thumb player makes from the seat's View: plays,
    gifts, and the counter choice where a match offers one."""
    monkeypatch.setattr(triq_bots, "WHIM", 0)
    game = get_game("triq")
    policy = search.playout_policy("triq")
    assert policy is not None
    thumb = make_bot("triq", "thumb", 0)
    compared: dict[str, int] = {}
    for seed in range(3):
        state = game.setup(players, None, seed, quiet=True)
        rng = Rng(seed)
        while state.result is None:
            acting = sorted(game.to_act(state))
            for seat in acting:
                legal = list(game.legal_actions(state, seat))
                if len(legal) > 1:
                    chosen = legal[policy(state, seat, legal, Rng(0))]
                    assert str(chosen) == thumb.choose(game.view(state, seat))
                    compared[state.phase] = compared.get(state.phase, 0) + 1
            game.apply_nth(state, acting[0], rng.below(game.choices(state, acting[0])))
    assert compared.get("play", 0) >= 30 and compared.get("give", 0) >= 3


def test_interaction_playouts_rate_moves_as_the_thumb_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without its whims the Interaction policy picks, at every choice of random matches,
    among exactly the moves the rule-of-thumb player rates best (its points table gives the
    same ratings as the rule of thumb's own arithmetic)."""
    monkeypatch.setattr(interaction_bots, "WHIM", 0)
    game = get_game("interaction")
    policy = search.playout_policy("interaction")
    assert policy is not None
    compared = 0
    for seed in range(12):
        state = game.setup(4, None, seed, quiet=True)
        rng = Rng(seed)
        while state.result is None:
            seat = min(game.to_act(state))
            legal = list(game.legal_actions(state, seat))
            if state.phase == "play" and len(legal) > 1:
                tops = [p[-1] if p else None for p in state.piles]
                points = [float(p) for p in state.points]
                best = interaction_bots.thumb_best(seat, tops, state.target[-1], points, legal)
                picks = {policy(state, seat, legal, Rng(k)) for k in range(30)}
                assert picks == set(best)
                compared += 1
            game.apply_nth(state, seat, rng.below(game.choices(state, seat)))
    assert compared >= 100
