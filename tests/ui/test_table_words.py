"""What the table itself shows in words: the info corner of a real table."""

from __future__ import annotations

from ui_helpers import Closing

from tabletop.engine.registry import get_game
from tabletop.ui.session import Session, parse_seats
from tabletop.ui.table import INSTANT, TableWidget


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
