"""The game log beside the table: lines after a few moves, copyable, told to the person seated."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtTest import QTest

from tabletop.bots.base import make_bot
from tabletop.engine.events import Event
from tabletop.engine.registry import get_game
from tabletop.i18n import card_name
from tabletop.ui.table.gamelog import GameLog
from tabletop.ui.table.session import Session, parse_seats
from tabletop.ui.table.table import INSTANT, TableWidget, Tempo


@pytest.fixture
def table(qtbot: object, request: pytest.FixtureRequest) -> Iterator[TableWidget]:
    """A table for (game id, seats) given as the test's parameter; halted afterwards."""
    game_id, seats = request.param
    session = Session(get_game(game_id), parse_seats(game_id, seats.split(",")), 3)
    widget = TableWidget(session, INSTANT)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.show()
    widget.start()
    qtbot.waitExposed(widget)
    yield widget
    widget.halt()


def hand(table: TableWidget, seat: int) -> list[str]:
    """The cards a seat holds now (from the engine)."""
    state = table.session.state
    return list(state.hands[seat])


def got_cards(table: TableWidget, giver: int) -> list[str]:
    """The cards `giver` passed, from the match's omniscient log."""
    records = [json.loads(line) for line in table.session.log()]
    return next(r["cards"] for r in records if r.get("type") == "pass" and r["seat"] == giver)


def glowing(table: TableWidget) -> set[str]:
    """The codes of the cards marked on the table."""
    return {c.code for c in table.scene.cards if c.graphicsEffect() is not None}


def pass_first(table: TableWidget, seat: int) -> str:
    """Play the seat's first legal pass; return its action text."""
    action = str(table.session.game.legal_actions(table.session.state, seat)[0])
    assert table.attempt(seat, action) is None
    return action


@pytest.mark.parametrize("table", [("seltsam-walzer", "Ann,cpu,cpu")], indirect=True)
def test_the_log_tells_the_moves_and_can_be_copied(qtbot: object, table: TableWidget) -> None:
    log = table.gamelog
    qtbot.waitUntil(lambda: table.idle, timeout=5000)
    own = [card_name(c, "en", "walzer") for c in hand(table, 0)]
    assert any(line.startswith("Your hand:") for line in log.lines)
    passed = pass_first(table, 0).split()[1:]
    qtbot.waitUntil(lambda: any("You received" in line for line in log.lines), timeout=20000)
    names = [card_name(c, "en", "walzer") for c in passed]
    gave = next(line for line in log.lines if line.startswith("You passed"))
    assert all(name in gave for name in names)
    got = next(line for line in log.lines if line.startswith("You received"))
    assert "from CPU 3" in got
    # the pass between the two computers is told by its count only
    other = next(line for line in log.lines if line.startswith("CPU 2 passed"))
    assert "2 cards to CPU 3" in other
    assert all(name in log.text.toPlainText() for name in own[:3])
    # the received cards glow in Ann's hand until her first play
    received = set(got_cards(table, 2))
    assert log.marked == received
    qtbot.waitUntil(lambda: table.idle and 0 in table.session.to_act(), timeout=20000)
    assert glowing(table) == received
    play = str(table.session.game.legal_actions(table.session.state, 0)[0])
    assert table.attempt(0, play) is None
    qtbot.waitUntil(lambda: table.idle, timeout=5000)
    assert not log.marked and not glowing(table)
    table.halt()
    qtbot.waitUntil(lambda: table.idle, timeout=5000)
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(log.copy_button, Qt.MouseButton.LeftButton)
    copied = QGuiApplication.clipboard().text()
    assert copied == log.text.toPlainText() == "\n".join(log.lines)
    assert gave in copied.splitlines()
    assert log.text.isReadOnly()
    assert log.text.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse


@pytest.mark.parametrize("table", [("seltsam-walzer", "Ann,Bob,cpu")], indirect=True)
def test_hot_seat_log_is_told_to_the_person_at_the_table(qtbot: object, table: TableWidget) -> None:
    log = table.gamelog
    qtbot.waitUntil(lambda: table.idle, timeout=5000)
    if table.scene.covered:
        assert not any("Your hand" in line for line in log.lines)
        table.reveal()
    first = table.shown
    assert first is not None and log.viewer == first
    assert any(line.startswith("Your hand:") for line in log.lines)
    first_cards = hand(table, first)
    pass_first(table, first)
    qtbot.waitUntil(lambda: table.idle and table.scene.covered, timeout=5000)
    # under the curtain: the spectator's story, no hand named
    assert log.viewer is None
    assert not any("Your hand" in line or " holds " in line for line in log.lines)
    table.reveal()
    second = table.shown
    assert second is not None and second != first and log.viewer == second
    text = log.text.toPlainText()
    assert "Your hand:" in text
    mine = {card_name(c, "en", "walzer") for c in hand(table, second)}
    secret = [c for c in first_cards if card_name(c, "en", "walzer") not in mine]
    leaked = [c for c in secret if card_name(c, "en", "walzer") + "," in text]
    assert secret and not leaked, (leaked, text)


@pytest.fixture
def slow_table(qtbot: object) -> Iterator[TableWidget]:
    """Two computers at Trump Duel with a tempo that holds banners (no motion, no pauses)."""
    session = Session(get_game("trump-duel"), parse_seats("trump-duel", ["cpu", "cpu"]), 3)
    widget = TableWidget(session, Tempo(0, 0, 1))
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.show()
    widget.start()
    qtbot.waitExposed(widget)
    yield widget
    widget.halt()


def test_the_end_of_a_deal_is_told_by_its_summary_not_a_second_held_banner(
    qtbot: object, slow_table: TableWidget
) -> None:
    """At the end of a deal the summary is the one held moment (held when a person sits at
    the table: tests/ui/test_dealsummary.py); the deal's lines stay in the log, and no banner
    waits behind the summary."""
    table, banner = slow_table, slow_table.banner
    banner_held_at_summary: list[bool] = []
    present = table.summary.present

    def spy(*args: object, **kwargs: object) -> None:
        present(*args, **kwargs)
        banner_held_at_summary.append(banner.held)

    table.summary.present = spy  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: bool(banner_held_at_summary) and not banner.held, timeout=30000)
    assert any(line.startswith("Round 1 is over") for line in table.gamelog.lines)
    best = ("Best this round: ", "Everyone scored ")
    assert any(line.startswith(best) for line in table.gamelog.lines)
    told = len(table.gamelog.lines)
    qtbot.waitUntil(lambda: len(table.gamelog.lines) > told, timeout=10000)


def test_a_table_sat_down_at_mid_match_tells_the_story_so_far(qtbot: object) -> None:
    game = get_game("second-third")
    session = Session(game, parse_seats("second-third", ["Ann", "cpu", "cpu"]), 4)
    bots = {s: make_bot("second-third", "random", s) for s in range(3)}
    played = []
    while len(played) < 6:
        seat = min(session.to_act())
        action = bots[seat].choose(session.view(seat))
        session.act(seat, action)
        if action.startswith("play"):
            played.append((seat, action.split()[1]))
    table = TableWidget(session, INSTANT)
    qtbot.addWidget(table)
    table.show()
    table.start()
    try:
        qtbot.waitUntil(lambda: table.idle, timeout=5000)
        lines = table.gamelog.lines
        assert lines[0] == "Deal 1 begins" and lines[1].startswith("Your hand: ")
        for seat, code in played:
            who = "You" if seat == 0 else session.names[seat]
            assert f"{who} played {card_name(code, 'en', 'standard')}" in lines
        assert not table.banner.isVisible()  # the story so far is told quietly
    finally:
        table.halt()


@pytest.mark.parametrize("table", [("second-third", "Ann,Bob,cpu,Cy")], indirect=True)
def test_hot_seat_handovers_tell_what_a_fresh_log_would(qtbot: object, table: TableWidget) -> None:
    """At every handover the log goes on from where it left that person (or the spectator), and
    shows exactly the lines, and marks exactly the cards, of a log told the whole match anew."""
    log, session = table.gamelog, table.session
    chooser = make_bot("second-third", "random", 4)
    handovers = 0
    while session.actions < 60 and not session.over:
        qtbot.waitUntil(lambda: table.idle and not table.bot_timer.isActive(), timeout=5000)
        if table.summary.isVisible():  # the end of a deal, held for the people to read
            QTest.keyClick(table.summary, Qt.Key.Key_Space)
            continue
        if table.scene.covered:
            table.reveal()
            handovers += 1
            fresh = GameLog(session.game, session.names)
            fresh.show_for(log.viewer)
            fresh.add(log.events, log.viewer, quiet=True)
            assert log.lines == fresh.lines and log.marked == fresh.marked
            assert log.text.toPlainText() == "\n".join(fresh.lines)
            continue
        seat = table.shown
        if seat is None or seat not in session.to_act():  # a computer's turn
            qtbot.waitUntil(lambda: table.scene.covered or table.shown in session.to_act())
            continue
        assert table.attempt(seat, chooser.choose(session.view(seat))) is None
    assert handovers >= 10


def _played_events(game_id: str, seats: int, moves: int) -> tuple[Session, list[list[Event]]]:
    """A session after `moves` computer moves, and the events of each move (the first: the
    story before any move)."""
    session = Session(get_game(game_id), parse_seats(game_id, ["Ann"] + ["cpu"] * (seats - 1)), 3)
    bots = {s: make_bot(game_id, "random", s) for s in range(seats)}
    steps: list[list[Event]] = [list(session.story())]
    for _move in range(moves):
        seat = min(session.to_act())
        steps.append(list(session.act(seat, bots[seat].choose(session.view(seat)))))
    return session, steps


def _newest_line_in_sight(log: GameLog) -> bool:
    """Whether the log's last line is drawn inside its viewport (read from the real widget)."""
    text = log.text
    bottom = text.viewport().rect().bottomLeft()
    return text.cursorForPosition(bottom).blockNumber() == text.blockCount() - 1


def test_the_log_shows_its_newest_line_after_every_step(qtbot: object) -> None:
    """Lines told before the log is shown or laid out (a table sat down at, played on by
    `--moves`) and long lines that wrap anew when the log is narrowed still leave the newest
    line in sight; scrolled up to read, the log stays put until scrolled down again."""
    session, steps = _played_events("triq", 27, 40)
    log = GameLog(session.game, session.names)
    qtbot.addWidget(log)
    log.add(steps[0], 0, quiet=True)  # told while never shown
    log.resize(240, 300)
    log.show()
    qtbot.waitExposed(log)
    for events in steps[1:20]:
        log.add(events, 0)
    log.resize(200, 300)  # narrower: the lines wrap anew, the range grows
    QTest.qWait(10)
    assert _newest_line_in_sight(log)
    for events in steps[20:30]:
        log.add(events, 0)
        QTest.qWait(1)
        assert _newest_line_in_sight(log)
    bar = log.text.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(0)  # the person scrolls up to read
    for events in steps[30:35]:
        log.add(events, 0)
    QTest.qWait(10)
    assert bar.value() == 0 and not _newest_line_in_sight(log)
    bar.setValue(bar.maximum())  # and back down: the log follows again
    for events in steps[35:]:
        log.add(events, 0)
    log.resize(180, 300)
    QTest.qWait(10)
    assert _newest_line_in_sight(log)


def test_a_screenshot_after_moves_shows_the_newest_line(
    qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`tabletop --game triq --seats "You,cpu,…" (27) --moves 40 --window 1024x700
    --screenshot` showed the log four lines short of its newest: the wrapped lines were laid
    out after the log had scrolled, and it did not follow. Read at the moment of the picture."""
    from tabletop.ui import app

    seen: list[bool] = []
    tables: list[TableWidget] = []
    autoplay = app._autoplay

    def played(table: TableWidget, moves: int) -> None:
        tables.append(table)
        autoplay(table, moves)

    grab = app.MainWindow.grab

    def picture(window: app.MainWindow) -> QPixmap:
        seen.append(_newest_line_in_sight(tables[0].gamelog))
        return grab(window)

    class Settings(QSettings):
        """The app's settings in this test's folder, not the person's."""

        def __init__(self) -> None:
            super().__init__(str(tmp_path / "tabletop.ini"), QSettings.Format.IniFormat)

    monkeypatch.setattr(app, "QSettings", Settings)
    monkeypatch.setattr(app, "_autoplay", played)
    monkeypatch.setattr(app.MainWindow, "grab", picture)
    names = ["You"] + ["cpu"] * 26
    shot = str(tmp_path / "triq.png")
    assert app.launch("triq", names, 3, {}, shot, 40, (1024, 700)) == 0
    assert seen == [True]
