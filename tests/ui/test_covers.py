"""What covers the table (the hot-seat curtain, the deal summary, a held banner, the results)
goes away only on a deliberate press: never on the rest of a gesture begun before it appeared
(a double-click's second click, a queued or repeated key), never in the moment after it came."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton
from ui_helpers import Closing, click_scene, double_click_scene, grip

from tabletop.engine.registry import get_game
from tabletop.engine.views import BACK, View
from tabletop.ui.app import apply_language
from tabletop.ui.table.session import Session, parse_seats
from tabletop.ui.table.table import TEMPOS, TableWidget

REAL = TEMPOS["Off"]
"""A speed a person may choose (no flight, so the test waits for nothing else)."""


def _table(qtbot: object, closing: Closing, game_id: str, seats: str, seed: int) -> TableWidget:
    game = get_game(game_id)
    session = Session(game, parse_seats(game_id, seats.split(",")), seed)
    table = closing.widget(TableWidget(session, REAL))
    table.resize(1200, 800)
    table.show()
    qtbot.waitExposed(table)
    table.start()
    return table


def _settle(qtbot: object, table: TableWidget) -> None:
    """Wait until the table is still and the quiet moment after its last change is over."""
    qtbot.waitUntil(lambda: table.idle, timeout=5000)
    qtbot.wait(table.scene.guard.remaining() + 30)


def _faces_in_hands(table: TableWidget) -> set[str]:
    view = table.served_view
    hands = {z.id for z in view.zones if z.kind == "hand"}
    return {c.code for c in table.scene.cards if c.zone_id in hands and c.code != BACK}


def _key(table: TableWidget, key: Qt.Key, repeat: bool = False) -> None:
    """A key press and release on the table's view (`repeat`: an auto-repeated press)."""
    press = QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier, "", repeat)
    QApplication.sendEvent(table.view, press)
    release = QKeyEvent(QEvent.Type.KeyRelease, key, Qt.KeyboardModifier.NoModifier, "", repeat)
    QApplication.sendEvent(table.view, release)
    QApplication.processEvents()


def _lift(qtbot: object, table: TableWidget) -> View:
    _settle(qtbot, table)
    assert table.scene.covered
    click_scene(table, table.scene.sceneRect().center())
    assert not table.scene.covered
    return table.served_view


def test_a_double_click_that_makes_a_move_does_not_lift_the_next_curtain(
    qtbot: object, closing: Closing
) -> None:
    # the steps: Ann shows 2♥, then double-clicks A♥ to discard it for a fresh card
    table = _table(qtbot, closing, "trump-duel", "Ann,Bob", 4)
    session = table.session
    ann = _lift(qtbot, table)
    assert ann.seat == 0
    show = next(m for m in ann.moves if m.cards == ("2H",))
    assert table.attempt(0, show.action) is None
    _settle(qtbot, table)
    ann = table.served_view
    discard = next(m for m in ann.moves if m.cards == ("AH",) and m.gesture == "click")
    before = session.actions
    double_click_scene(table, grip(table.scene.card("AH")))
    assert session.actions == before + 1, "the first click discards"
    qtbot.wait(50)
    assert table.scene.covered, "the second click must not lift the curtain"
    assert "Pass to Bob" in table.scene.curtain.text
    assert _faces_in_hands(table) == set(), f"Bob's hand shown to Ann after {discard.action}"
    # a deliberate click once the curtain has been seen lifts it for Bob
    bob = _lift(qtbot, table)
    assert bob.seat == 1 and _faces_in_hands(table)


def _ann_discards(qtbot: object, table: TableWidget) -> None:
    """Ann shows 2♥ and discards A♥ for a fresh card (by the table's own `attempt`)."""
    ann = _lift(qtbot, table)
    assert table.attempt(0, next(m.action for m in ann.moves if m.cards == ("2H",))) is None
    _settle(qtbot, table)
    ann = table.served_view
    assert table.attempt(0, next(m.action for m in ann.moves if m.cards == ("AH",))) is None
    assert table.scene.covered


def test_a_double_click_on_the_curtain_lifts_it_but_plays_nothing(
    qtbot: object, closing: Closing
) -> None:
    table = _table(qtbot, closing, "trump-duel", "Ann,Bob", 4)
    session = table.session
    _ann_discards(qtbot, table)
    _settle(qtbot, table)
    # under the curtain Bob's hand lies face down where his cards will show: his second card
    # (3♥) may be played by a double-click once it is his to see
    hand = sorted((c for c in table.scene.cards if c.zone_id == "hand1"), key=lambda c: c.x())
    assert session.view(1).zone("hand1").cards[1] == "3H"
    spot = grip(hand[1])
    before = session.actions
    double_click_scene(table, spot)
    qtbot.wait(50)
    assert not table.scene.covered, "the first click lifts the curtain"
    assert table.scene.card("3H") is not None
    assert session.actions == before, "the second click played a card Bob had not seen"


def test_queued_and_repeated_keys_do_not_lift_the_curtain(qtbot: object, closing: Closing) -> None:
    table = _table(qtbot, closing, "trump-duel", "Ann,Bob", 4)
    _ann_discards(qtbot, table)
    _key(table, Qt.Key.Key_Return)  # a Return pressed twice on the card that made the move
    assert table.scene.covered, "a key in the moment after the curtain fell is ignored"
    _settle(qtbot, table)
    _key(table, Qt.Key.Key_Return, repeat=True)  # a held key repeating
    assert table.scene.covered, "an auto-repeated key is not a deliberate press"
    _key(table, Qt.Key.Key_Return)
    assert not table.scene.covered
    assert table.served_view.seat == 1


def _to_summary(qtbot: object, table: TableWidget) -> None:
    """Play (by the table's own attempt, as gestures do) until a deal's summary shows."""
    session = table.session
    for _ in range(200):
        if table.summary.isVisible():
            return
        _settle(qtbot, table)
        if table.scene.covered:
            click_scene(table, table.scene.sceneRect().center())
            continue
        if table.banner.held:
            click_scene(table, table.banner.rect.center())
            continue
        view = table.served_view
        if view.seat in session.to_act():
            assert table.attempt(view.seat, view.moves[-1].action) is None
    raise AssertionError("no summary")


def test_the_deal_summary_ignores_the_rest_of_the_gesture_that_ended_the_deal(
    qtbot: object, closing: Closing
) -> None:
    table = _table(qtbot, closing, "trump-duel", "Ann,cpu", 4)
    _to_summary(qtbot, table)
    summary = table.summary
    centre = summary.rect().center()
    # the rest of a double-click on the last card: double-click, release; then a queued key
    QTest.mouseDClick(summary, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre)
    QTest.mouseRelease(summary, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre)
    QTest.keyClick(summary, Qt.Key.Key_Space)
    assert summary.isVisible(), "the summary was closed before anyone could read it"
    qtbot.wait(table.scene.guard.remaining() + 30)
    QTest.keyClick(summary, Qt.Key.Key_Space)
    assert not summary.isVisible()


def test_a_held_banner_ignores_a_click_in_the_moment_it_appears(
    qtbot: object, closing: Closing
) -> None:
    table = _table(qtbot, closing, "trump-duel", "Ann,cpu", 4)
    _settle(qtbot, table)
    table._announce(["Round 1 is over"], True)  # the end of a deal's big moment
    double_click_scene(table, table.banner.rect.center())
    assert table.banner.held and table.banner.isVisible()
    qtbot.wait(table.scene.guard.remaining() + 30)
    click_scene(table, table.banner.rect.center())
    assert not table.banner.isVisible()
    # and the table under it ignores the rest of that click
    assert not table.scene.guard.settled()


def test_the_results_buttons_wait_a_moment(qtbot: object, closing: Closing) -> None:
    from tabletop.ui.dialogs.results import ResultsDialog

    game = get_game("trump-duel")
    session = Session(game, parse_seats("trump-duel", ["Ann", "cpu"]), 4)
    state = session.state
    while not game.result(state):
        seat = min(game.to_act(state))
        game.apply(state, seat, game.legal_actions(state, seat)[0])
    dialog = closing.widget(ResultsDialog("Trump Duel", game.result(state), state.names))
    closed: list[int] = []
    dialog.finished.connect(closed.append)
    dialog.show()
    dialog.hold_buttons(400)
    close = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Close")
    QTest.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not closed, "a click meant for the table pressed a button of the results"
    qtbot.waitUntil(close.isEnabled, timeout=2000)
    QTest.mouseClick(close, Qt.MouseButton.LeftButton, pos=close.rect().center())
    assert closed


def test_the_curtain_names_keys_that_lift_it_in_both_languages(
    qtbot: object, closing: Closing
) -> None:
    """The curtain says "click or press Return" (English) and "クリックか Enter キー"
    (Japanese): each key it names lifts it."""
    for lang, word, key in (("en", "Return", Qt.Key.Key_Return), ("ja", "Enter", Qt.Key.Key_Enter)):
        apply_language(lang)
        try:
            table = _table(qtbot, closing, "trump-duel", "Ann,Bob", 4)
            _settle(qtbot, table)
            assert table.scene.covered and word in table.scene.curtain.text
            _key(table, key)
            assert not table.scene.covered
        finally:
            apply_language("en")
