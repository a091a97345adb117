"""Each game's score lines: a worked deal per game (seed 1), and over whole random matches
the lines of every deal add up to the score the game recorded in its `round_end`.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from tabletop.bots.runner import play_match
from tabletop.engine.breakdown import ScoreLine, deal_ends, last_summary
from tabletop.engine.registry import all_games, get_game
from tabletop.i18n import render_value

GAMES = [g.info for g in all_games()]


def match_events(game_id: str, players: int, seed: int) -> list[dict[str, Any]]:
    """The events (no actions) of a whole match played by random players."""
    out = io.StringIO()
    play_match(get_game(game_id), players, ["random"], seed, None, out)
    records = [json.loads(line) for line in out.getvalue().splitlines()[1:]]
    return [r for r in records if r["type"] != "action"]


def first_deal(game_id: str, players: int) -> tuple[dict[str, Any], list[ScoreLine]]:
    """The first `round_end` of a seed-1 match and the score lines of its deal."""
    game = get_game(game_id)
    events = match_events(game_id, players, 1)
    end = deal_ends(events)[0]
    lines = [line for line in game.score_lines(events, players) if line.deal == end["round"]]
    return end, lines


def shown(game_id: str, line: ScoreLine) -> list[list[str]]:
    """A line's cells as English text."""
    deck = get_game(game_id).info.deck
    return [[render_value(c, "en", deck=deck) for c in cells] for cells in line.cells]


# (game, players) → the first deal's cells (English) and scores, worked from its round_end
WORKED: dict[str, tuple[int, list[list[str]], list[float]]] = {
    # suit points S H D C: [3,0,3,1] → −3 (1st) +3 (2nd) +1 (3rd) −0 (4th) = 1
    "second-third": (
        3,
        [["-3", "0", "+3", "+1"], ["0", "+5", "+3", "-6"], ["-7", "+5", "+4", "-3"]],
        [1, 2, -1],
    ),
    # red: seats 0 and 1 tie for fewest (3 cards) and score their sums; seat 2 its 8 cards
    "seltsam-walzer": (
        3,
        [
            ["Σ29×1=29", "0", "5×3=15"],
            ["Σ27×1=27", "Σ27×2=54", "Σ14×3=42"],
            ["8×1=8", "6×2=12", "0"],
        ],
        [44, 123, 20],
    ),
    # tricks + withdrawn cards + bonus
    "wild-rawz": (3, [["7", "3", "0"], ["4", "4", "0"], ["2", "5", "0"]], [10, 8, 7]),
    # fold fee, paid, received
    "pokered-trick": (3, [["0", "0", "+2"], ["-1", "0", "0"], ["-1", "0", "0"]], [2, -1, -1]),
    "triq": (3, [["3"], ["2"], ["1"]], [0, 1, 2]),
    # score cards won, held
    "trump-duel": (2, [["", "0"], ["K♦", "1"]], [0, 0]),
    # battles, score cards taken (their sum is the score in rounds 1-2), 0 cards
    "hagetaka": (
        3,
        [
            ["1 2 3", "1 1 2 3 1 -2", "0"],
            ["3 5 6", "8 7 -4 8 9 10", "0"],
            ["2 3 4", "4 4 3 6 5 3", "0"],
        ],
        [6, 38, 25],
    ),
    "hagetaka-party": (
        3,
        [["6", "10 -4 9", "0"], ["3", "4", "0"], ["3", "2 3", "0"]],
        [15, 4, 5],
    ),
}


@pytest.mark.parametrize("game_id", sorted(WORKED))
def test_a_worked_deal(game_id: str) -> None:
    players, cells, scores = WORKED[game_id]
    end, lines = first_deal(game_id, players)
    (line,) = lines
    assert shown(game_id, line) == cells
    assert list(line.scores) == scores == end["scores"]
    assert list(line.totals) == end["totals"]
    sheet = get_game(game_id).score_sheet(players, {})
    assert all(len(c) == len(sheet.columns) for c in line.cells)


def test_interaction_scores_every_turn() -> None:
    end, lines = first_deal("interaction", 3)
    assert [line.label for line in lines] == list(range(1, len(lines) + 1))
    assert lines[0].scores == (2, 2, 0) and lines[0].totals == (2, 2, 0)
    assert lines[1].totals == (4, 4, 0)
    assert [sum(line.scores[s] for line in lines) for s in range(3)] == end["scores"]
    summary = last_summary(lines, get_game("interaction").score_sheet(3, {}))
    assert summary is not None and list(summary.scores) == end["scores"] == [12, 21, 10]


def test_vulture_last_round_doubles() -> None:
    events = match_events("hagetaka", 4, 3)
    lines = get_game("hagetaka").score_lines(events, 4)
    assert [line.shared for line in lines] == [("×1",), ("×1",), ("×2",)]
    last, taken = lines[-1], deal_ends(events)[-1]["taken"]
    for seat, cards in enumerate(taken):
        values = [int(v) for v in str(last.cells[seat][1]).split()]
        assert last.cells[seat][2] == cards.count("V0")
        assert last.scores[seat] == 2 * sum(values) + cards.count("V0")


def test_the_chip_ledger_explains_each_deals_change() -> None:
    """Pokered Trick: a deal's fold fee, chips paid and chips received add up to the change
    of chips the deal recorded (the line reads that change, and its cells must explain it)."""
    for players, seed in ((2, 1), (4, 2), (7, 3)):
        events = match_events("pokered-trick", players, seed)
        lines = get_game("pokered-trick").score_lines(events, players)
        assert lines
        for line in lines:
            for seat, cells in enumerate(line.cells):
                assert sum(int(str(c)) for c in cells) == line.scores[seat], (players, seed)


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
def test_lines_add_up_to_the_recorded_scores(info: Any) -> None:
    game = get_game(info.id)
    for players in sorted({info.min_players, min(info.max_players, 5), info.max_players}):
        for seed in (2, 5):
            events = match_events(info.id, players, seed)
            lines = game.score_lines(events, players)
            ends = deal_ends(events)
            assert ends and {line.deal for line in lines} == {e["round"] for e in ends}
            sheet = game.score_sheet(players, {})
            for end in ends:
                summary = last_summary(lines, sheet, end["round"])
                assert summary is not None
                made = [round(v, 6) for v in summary.scores]
                assert made == [round(v, 6) for v in end["scores"]], (players, seed, end)
                assert list(summary.totals) == end["totals"]
