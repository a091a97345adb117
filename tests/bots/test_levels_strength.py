"""Levels tell the truth: Steady beats Easy in every game, Strong beats Steady where it can be told.

Each row is a bench strength row (`tabletop.bench.pit`, as `tabletop bench --strength` plays it):
the stronger level's player in a rotating seat among the weaker level's players at the game's
usual table, simultaneous choices made in seat order, match m dealt from seed `FIRST_SEED + m`,
the search given a fixed number of playouts a move (never a time), so a row plays the same
matches on any machine. The row passes when its wins beat a fair share by a one-sided test at
1%: z = (share - 1/n) / sqrt(p(1 - p) / matches) with p = 1/n is at least `Z_ONE_PERCENT`. A
match's win (ties shared) lies in [0, 1], so if the two players were equally strong its mean
would be 1/n and its variance at most p(1 - p): the test asks for more than chance gives 1% of
the time. The budgets and match counts are the smallest that separated the levels on several
seed sets (docs/computer-players.md). Where no budget this test can afford tells Strong from
Steady, the game is named in `NOT_SEPARATED` and in that document, with the figures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pytest

from tabletop.bench import Strength, pit, usual_count
from tabletop.bots.levels import level_bot, offered_levels
from tabletop.engine.registry import all_games, get_game

Z_ONE_PERCENT = 2.326
"""The one-sided 1% point of the normal distribution."""

FIRST_SEED = 80_000
"""Match m of every row is dealt from seed FIRST_SEED + m."""


@dataclass(frozen=True, slots=True)
class Row:
    """A stronger level against the level below it in a game: the playouts a move of the
    search (None where neither plays it) and how many matches tell them apart."""

    game: str
    stronger: str
    weaker: str
    matches: int
    iterations: int | None = None


STEADY_OVER_EASY = [
    Row("interaction", "steady", "easy", 12),
    Row("pokered-trick", "steady", "easy", 16),
    Row("second-third", "steady", "easy", 144),
    Row("seltsam-walzer", "steady", "easy", 36),
    Row("triq", "steady", "easy", 12),
    Row("trump-duel", "steady", "easy", 16),
    Row("hagetaka-party", "steady", "easy", 36),
    Row("hagetaka", "steady", "easy", 24),
    Row("wild-rawz", "steady", "easy", 12),
]
"""Steady (`thumb`) among Easy (`random`) players, every game."""

STRONG_OVER_STEADY = [
    Row("second-third", "strong", "steady", 48, 40),
    Row("hagetaka", "strong", "steady", 72, 20),
]
"""Strong (`search`) among Steady (`thumb`) players, where a budget this test can afford tells
them apart."""

NOT_SEPARATED = {
    "pokered-trick",
    "seltsam-walzer",
    "triq",
    "trump-duel",
    "hagetaka-party",
    "wild-rawz",
}
"""Games that offer Strong but where no playout budget this test can afford (80 a move at most)
separated it from Steady on every seed set tried; docs/computer-players.md gives the figures."""


ROWS = STEADY_OVER_EASY + STRONG_OVER_STEADY
"""Every pair of levels the test holds apart."""


def measured(row: Row, candidate: str | None = None) -> Strength:
    """The bench's strength row for a pair of levels: the stronger level's player (or
    `candidate`) in the measured seat among the weaker level's players."""
    game = get_game(row.game)
    weaker = level_bot(row.game, row.weaker)
    return pit(
        game,
        usual_count(game),
        candidate or level_bot(row.game, row.stronger),
        weaker,
        row.matches,
        iterations=row.iterations,
        first_seed=FIRST_SEED,
    )


def z_over_fair(result: Strength) -> float:
    """How many standard errors the wins stand above a fair share, the standard error being
    the largest a win in [0, 1] with mean 1/n can have."""
    fair = 1 / result.players
    return (result.share - fair) / math.sqrt(fair * (1 - fair) / result.matches)


def test_every_offered_level_is_held_to_the_level_below() -> None:
    """Each game has a Steady row; each game offering Strong has a Strong row or is named,
    with its figures, among those where the test cannot tell Strong from Steady."""
    games = {game.info.id for game in all_games()}
    assert {row.game for row in STEADY_OVER_EASY} == games
    strong = {g for g in games if "strong" in [lv.key for lv in offered_levels(g)]}
    tested = {row.game for row in STRONG_OVER_STEADY}
    assert tested | NOT_SEPARATED == strong and not tested & NOT_SEPARATED
    for row in STRONG_OVER_STEADY:
        assert (level_bot(row.game, "strong"), level_bot(row.game, "steady")) == ("search", "thumb")
    doc = (Path(__file__).parents[2] / "docs" / "computer-players.md").read_text(encoding="utf-8")
    told = doc.partition("## Levels held to the level below")[2]
    for game in NOT_SEPARATED:
        assert f"| {get_game(game).info.title_en} |" in told


@pytest.mark.slow
@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r.game}-{r.stronger}")
def test_a_level_beats_the_level_below(row: Row) -> None:
    """The stronger level wins more than a fair share among the weaker, at 1%."""
    result = measured(row)
    assert z_over_fair(result) >= Z_ONE_PERCENT, result.line()


@pytest.mark.slow
@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r.game}-{r.stronger}")
def test_the_weaker_level_in_the_measured_seat_does_not_pass(row: Row) -> None:
    """The test above can fail: the weaker level's player in the measured seat, among its
    own kind on the same seeds, is told no better than them."""
    result = measured(row, candidate=level_bot(row.game, row.weaker))
    assert z_over_fair(result) < Z_ONE_PERCENT, result.line()
