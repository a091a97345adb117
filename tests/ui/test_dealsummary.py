"""The end-of-deal summary: it appears when a deal ends, holds the table, closes with a key."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tabletop.bots.base import make_bot
from tabletop.engine.breakdown import last_summary
from tabletop.engine.registry import get_game
from tabletop.i18n.catalog import current, set_language
from tabletop.ui.table.dealsummary import summary_rows
from tabletop.ui.table.session import Session, parse_seats
from tabletop.ui.table.table import INSTANT, TableWidget


def before_first_deal_end(game_id: str, seats: list[str], seed: int) -> tuple[Session, int, str]:
    """A session one action before the first deal ends, and that action (seat, text)."""
    game = get_game(game_id)
    bot = make_bot(game_id, "random", seed)
    probe = Session(game, parse_seats(game_id, seats), seed)
    done: list[tuple[int, str]] = []
    while True:
        seat = min(probe.to_act())
        action = bot.choose(probe.view(seat))
        done.append((seat, action))
        if any(e.type == "round_end" for e in probe.act(seat, action)):
            break
    session = Session(game, parse_seats(game_id, seats), seed)
    for seat, action in done[:-1]:
        session.act(seat, action)
    return session, *done[-1]


@pytest.fixture
def table_at_deal_end(qtbot: object) -> Iterator[tuple[TableWidget, int, str]]:
    """Second Third for a person and two computers, the last card of deal 1 about to go."""
    session, seat, action = before_first_deal_end("second-third", ["You", "cpu", "cpu"], 4)
    table = TableWidget(session, INSTANT)
    qtbot.addWidget(table)
    table.resize(1000, 700)
    table.show()
    table.start()
    qtbot.waitExposed(table)
    qtbot.waitUntil(lambda: table.idle)
    yield table, seat, action
    table.halt()


def test_summary_appears_at_the_end_of_a_deal_and_closes_with_a_key(
    qtbot: object, table_at_deal_end: tuple[TableWidget, int, str]
) -> None:
    table, seat, action = table_at_deal_end
    assert not table.summary.isVisible()
    rounds_before = len(table.session.state.match.scores)
    assert table.attempt(seat, action) is None
    qtbot.waitUntil(lambda: table.summary.isVisible())
    assert len(table.session.state.match.scores) == rounds_before + 1
    scores = table.session.state.match.scores[-1]
    grid = table.summary.table
    assert grid.rowCount() == 3
    heads = [grid.horizontalHeaderItem(c).text() for c in range(grid.columnCount())]
    assert heads == ["♠", "♥", "♦", "♣", "Score", "Total"]
    assert [grid.item(r, 4).text() for r in range(3)] == [str(s) for s in scores]
    assert "Deal 1" in table.summary.title.text()
    # the table is held: computer players wait until the person closes the summary
    made = table.session.actions
    assert table.summary.held and not table.step_bot() and table.session.actions == made
    QTest.keyClick(table.summary, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: not table.summary.isVisible())
    assert not table.summary.held
    if table.session.bot_seats_to_act():
        qtbot.waitUntil(lambda: table.session.actions > made)
    # the score panel shows the deal just scored and the total, no empty rounds
    panel = table.scores
    assert panel.columnCount() == 2
    assert [panel.item(r, 0).text() for r in range(3)] == [str(s) for s in scores]


def test_summary_speaks_japanese() -> None:
    game = get_game("seltsam-walzer")
    session, seat, action = before_first_deal_end("seltsam-walzer", ["A", "B", "C"], 2)
    session.act(seat, action)
    records = [json.loads(line) for line in session.log()[1:]]
    events = [r for r in records if r["type"] != "action"]
    summary = last_summary(game.score_lines(events, 3), game.score_sheet(3, {}))
    assert summary is not None
    before = current()
    try:
        set_language("ja")
        heads, rows, _ = summary_rows(summary, game.info.deck)
    finally:
        set_language(before)
    assert heads[:3] == ["赤", "青", "緑"] and heads[-1] == "合計"
    assert [row[-2] for row in rows] == [str(s) for s in session.state.match.scores[0]]
    assert any("枚×" in cell for row in rows for cell in row)


@pytest.fixture
def fresh_table(qtbot: object) -> Iterator[TableWidget]:
    """A Pokered Trick table for a person and two computers, just dealt, computers halted."""
    game = get_game("pokered-trick")
    session = Session(game, parse_seats(game.info.id, ["You", "cpu", "cpu"]), 3)
    table = TableWidget(session, INSTANT)
    table.bots_enabled = False
    qtbot.addWidget(table)
    table.show()
    table.start()
    qtbot.waitUntil(lambda: table.idle)
    yield table
    table.halt()


def test_the_score_panel_shows_chips_before_any_deal_is_scored(fresh_table: TableWidget) -> None:
    panel = fresh_table.scores
    assert panel.columnCount() == 1
    assert panel.horizontalHeaderItem(0).text() == "Chips"
    chips = fresh_table.session.state.chips
    assert [panel.item(r, 0).text() for r in range(3)] == [str(c) for c in chips] != ["0"] * 3


def test_the_summary_keeps_the_deals_last_moments_above_the_scores(qtbot: object) -> None:
    """Pokered Trick's showdown ends the deal: the summary that replaces its banner tells it."""
    session, seat, action = before_first_deal_end("pokered-trick", ["You", "cpu", "cpu", "cpu"], 3)
    table = TableWidget(session, INSTANT)
    qtbot.addWidget(table)
    table.resize(1200, 800)
    table.show()
    table.start()
    qtbot.waitExposed(table)
    qtbot.waitUntil(lambda: table.idle)
    assert table.attempt(seat, action) is None
    qtbot.waitUntil(lambda: table.summary.isVisible())
    story = table.summary.story
    assert story.isVisible()
    told = story.text().splitlines()
    assert "Showdown" in told and told == [t for t in told if t in table.gamelog.lines]
    table.halt()
