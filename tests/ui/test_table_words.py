"""What the table itself shows in words: the info corner of a real table."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from ui_helpers import Closing

from tabletop import worker
from tabletop.engine.registry import get_game
from tabletop.ui.app import apply_language
from tabletop.ui.table import hint
from tabletop.ui.table.session import SeatSpec, Session, parse_seats
from tabletop.ui.table.table import INSTANT, TableWidget


def test_trump_duels_corner_shows_the_total_to_beat_while_a_heart_is_exchanged(
    qtbot: object, closing: Closing
) -> None:
    game = get_game("trump-duel")
    session = Session(game, parse_seats("trump-duel", ["Ann", "cpu"]), 4)
    table = closing.widget(TableWidget(session, INSTANT))
    table.bots_enabled = False
    table.resize(1024, 700)
    table.show()
    table.start()
    qtbot.waitExposed(table)
    assert "To beat" not in table.scene.info.text, "nothing to beat before the opening play"
    assert table.attempt(0, "play 2H") is None
    qtbot.waitUntil(lambda: table.idle, timeout=3000)
    assert session.state.phase == "exchange"
    assert "To beat 2" in table.scene.info.text
    assert "To beat 0" not in table.scene.info.text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_long_hint_wraps_without_widening_the_window_or_clipping_its_button(
    qtbot: object, closing: Closing, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.setattr(hint, "THINK", None)
    monkeypatch.setattr(hint, "ITERATIONS", 60)
    apply_language(lang)
    try:
        game = get_game("second-third")
        seats = [SeatSpec("Ann")] + [SeatSpec(n, "thumb") for n in ("Bob", "Cy", "Di")]
        session = Session(game, seats, 3)
        table = closing.widget(TableWidget(session, INSTANT))
        table.resize(1024, 700)
        table.show()
        table.start()
        qtbot.waitExposed(table)
        qtbot.waitUntil(lambda: table.idle and bool(table.served_view.moves), timeout=20_000)
        assert table.suggest.request()
        qtbot.waitUntil(lambda: table.suggest.shown is not None, timeout=20_000)
        text = table.suggest.label.text()
        assert table.suggest.shown.reason is not None and len(text) > 60, text
        QApplication.processEvents()
        assert table.width() == 1024, "the hint widened the window"
        button = table.suggest.button
        assert button.width() >= button.minimumSizeHint().width(), "the hint button is clipped"
        right = button.mapTo(table, button.rect().bottomRight())
        assert right.x() < table.width()
        label = table.suggest.label
        assert label.heightForWidth(label.width()) <= label.height() + 1, "the hint is cut off"
        worker.worker().wait()
        QApplication.processEvents()
    finally:
        apply_language("en")


def test_a_choice_made_by_one_click_is_not_announced_as_a_double_click(
    qtbot: object, closing: Closing
) -> None:
    """Ann's heart asks which card to exchange: one click does it, and the bar says so (it
    said "double-click", whose second click then lifted the next curtain)."""
    game = get_game("trump-duel")
    session = Session(game, parse_seats("trump-duel", ["Ann", "cpu"]), 4)
    table = closing.widget(TableWidget(session, INSTANT))
    table.bots_enabled = False
    table.resize(1024, 700)
    table.show()
    table.start()
    qtbot.waitExposed(table)
    assert "double-click" in table.hint.text()  # a play is a drag (or a double-click)
    assert table.attempt(0, "play 2H") is None
    qtbot.waitUntil(lambda: table.idle, timeout=3000)
    assert session.state.phase == "exchange"
    assert table.hint.text() == "Click a card to choose it."
