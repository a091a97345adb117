"""`tabletop bench`: the bare Second Third loop plays the engine's rules; the baseline report."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

import tabletop.bench as bench
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.rng import Rng
from tabletop.games.second_third_bare import bare_match


def protocol_match(players: int, seed: int, chooser: Rng, options: dict[str, Any]) -> list[Any]:
    """Random play through the public protocol with options, as `bench.random_match` plays."""
    game = get_game("second-third")
    state = game.setup(players, options, seed)
    acting = game.to_act(state)
    while acting:
        seat = next(iter(acting))
        actions = game.legal_actions(state, seat)
        game.apply(state, seat, actions[chooser.below(len(actions))])
        acting = game.to_act(state)
    return state.match.scores


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_bare_loop_scores_every_deal_as_the_engine(players: int) -> None:
    """Same seeds and chooser: the bare loop and the engine deal, pass, play and score alike."""
    game = get_game("second-third")
    for seed in range(12):
        engine = bench.random_match(game, players, seed, Rng(seed + 500)).match.scores
        stepwise = bench.random_match(game, players, seed, Rng(seed + 500), stepwise=True)
        recorded = bench.random_match(game, players, seed, Rng(seed + 500), quiet=False)
        bare = bare_match(players, seed, Rng(seed + 500))
        assert len(bare) == players
        assert bare == engine == stepwise.match.scores == recorded.match.scores


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_bare_loop_plays_the_revised_rules_as_the_engine(players: int) -> None:
    """With the designer's revision (other hand sizes, cards set face down) too."""
    for seed in (1, 7, 99):
        engine = protocol_match(players, seed, Rng(seed), {"ver2": True})
        assert bare_match(players, seed, Rng(seed), ver2=True) == engine


def test_a_different_choice_changes_the_bare_result() -> None:
    """The comparison above can fail: other choices give other scores."""
    assert bare_match(4, 3, Rng(1)) != bare_match(4, 3, Rng(2))


def test_baseline_reports_both_speeds_and_their_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    """`bench --baseline` prints the protocol's and the bare loop's deals/s and their ratio."""
    rows = bench.run_baseline(seconds=0.06, only=["second-third", "trump-duel"])
    out = capsys.readouterr().out
    assert [r.game for r in rows] == ["second-third"]  # only it has a bare loop
    row = rows[0]
    assert row.players == 4
    assert row.quiet > 0 and row.stepwise > 0 and row.bare > 0 and row.recorded > 0
    assert row.ratio == pytest.approx(row.quiet / row.bare)
    assert f"a move at a time {row.stepwise:8.0f}" in out
    assert f"ratio {row.ratio:4.2f}" in out
    assert "playouts/s" in out
    assert "second-third" in out and "trump-duel" in out


def test_a_game_without_a_bare_loop_has_no_baseline() -> None:
    """No bare loop: nothing to compare."""
    assert bench.baseline(get_game("triq"), 4, 0.01) is None


def test_search_speed_counts_playouts() -> None:
    """A game's search player reports playouts per second; none without a search player."""
    speed = bench.search_speed(get_game("second-third"), 4, 0.05)
    assert speed is not None and speed > 0


def test_counts_come_from_each_games_info() -> None:
    """The often-played counts are the game's own, not a list in the bench."""
    for game in all_games():
        info = game.info
        counts = bench.counts_of(game)
        assert set(info.often_played) <= set(counts)
        assert all(info.min_players <= n <= info.max_players for n in counts)
    assert 6 in bench.counts_of(get_game("triq"))
    assert 12 in bench.counts_of(get_game("hagetaka-party"))


def test_the_bench_names_no_game() -> None:
    """bench.py is generic: no game id or title in its strings or names."""
    words: set[str] = set()
    for game in all_games():
        info = game.info
        words |= {info.id, info.id.replace("-", "_"), info.title, info.title_en}
    words = {w.casefold() for w in words}
    tree = ast.parse(Path(bench.__file__).read_text(encoding="utf-8"))
    found = {
        w
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        for w in words
        if w in node.value.casefold()
    }
    assert not found


def test_run_without_strength_matches(capsys: pytest.CaptureFixture[str]) -> None:
    """`--matches 0` measures speed only instead of dividing by zero."""
    bench.run(seconds=0.01, matches=0, only=["trump-duel"])
    out = capsys.readouterr().out
    assert "trump-duel" in out and "rule-of-thumb" not in out


def test_a_strength_row_takes_simultaneous_choices_in_seat_order_as_the_table_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Vulture bids are sealed at once: the table asks its computers in seat order, so the
    measured player in seat 2 bids after seats 0 and 1 (acting first is worth points there)."""
    game = get_game("hagetaka")
    acted: list[tuple[int, frozenset[int]]] = []
    real_apply = game.apply

    def apply(state: Any, seat: int, action: Any) -> Any:
        acted.append((seat, frozenset(game.to_act(state))))
        return real_apply(state, seat, action)

    monkeypatch.setattr(game, "apply", apply)
    sums = bench.pit_part("hagetaka", 3, "thumb", "random", range(2, 3))
    assert sums.matches == 1
    together = [(seat, acting) for seat, acting in acted if len(acting) > 1]
    assert any(2 in acting for _, acting in together)
    assert all(seat == min(acting) for seat, acting in together)


def test_a_strength_row_reports_playouts_a_move_and_takes_fresh_seeds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rows = bench.strength_table(
        "search:random", 2, iterations=8, only=["trump-duel"], with_baseline=False, first_seed=7
    )
    assert len(rows) == 1 and rows[0].matches == 2
    assert 0 < rows[0].playouts <= 8
    assert "playouts a move" in capsys.readouterr().out
    again = bench.pit(get_game("trump-duel"), 2, "search", "random", 2, iterations=8, first_seed=7)
    assert (again.wins, again.margin) == (rows[0].wins, rows[0].margin)
    other = bench.pit(get_game("trump-duel"), 2, "search", "random", 2, iterations=8, first_seed=9)
    assert other.margin != rows[0].margin
