"""Sealed simultaneous choices: a chosen card lies on the table until Confirm (Return) and can
be taken back (Escape); in hot-seat everyone sees the reveal before the curtain comes back."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton
from ui_helpers import Closing, click_scene, grip, mouse_drag

from tabletop.engine.registry import get_game
from tabletop.ui.table.sealed import SealWatch
from tabletop.ui.table.session import Session, parse_seats
from tabletop.ui.table.table import INSTANT, TableWidget, Tempo

HELD = Tempo(0, 0, 1)
"""No flight, but held moments are held (as at every real speed)."""


def test_a_sealed_choice_opens_with_several_seats_and_closes_when_all_chose() -> None:
    watch = SealWatch()
    assert not watch.update([2])
    assert not watch.sealed(2), "one seat alone to act is an ordinary turn"
    assert not watch.update([0, 1, 2])
    assert watch.sealed(1)
    assert not watch.update([0, 2])
    assert not watch.sealed(1) and watch.sealed(0)
    assert not watch.update([0])
    assert watch.sealed(0), "the last to choose still chooses sealed"
    # the last chooser is also the first to play next: the choice is complete all the same
    assert watch.update([0])
    assert not watch.sealed(0)


def test_a_new_simultaneous_choice_right_after_one_completes() -> None:
    watch = SealWatch()
    watch.update([0, 1, 2])
    watch.update([2])
    assert watch.update([0, 1]), "the bids were complete; a new bout opens"
    assert watch.sealed(0) and watch.sealed(1) and not watch.sealed(2)


def _table(qtbot: object, closing: Closing, game_id: str, seats: str, tempo: Tempo) -> TableWidget:
    session = Session(get_game(game_id), parse_seats(game_id, seats.split(",")), 3)
    table = closing.widget(TableWidget(session, tempo))
    table.resize(1200, 800)
    table.show()
    qtbot.waitExposed(table)
    table.start()
    return table


def _my_turn(qtbot: object, table: TableWidget) -> None:
    session = table.session
    qtbot.waitUntil(
        lambda: (
            table.idle
            and not table.scene.covered
            and table.served_view is not None
            and table.served_view.seat in session.to_act()
        ),
        timeout=5000,
    )


def _drag_sealed(table: TableWidget) -> str:
    """Drag the first card of a sealed move onto its place with the mouse; its code."""
    view = table.served_view
    move = next(m for m in view.moves if m.gesture == "drag")
    card = table.scene.card(move.cards[0])
    target = table.scene.zone_items[move.target]
    mouse_drag(table, grip(card), target.rect.center())
    return move.cards[0]


def _buttons(table: TableWidget) -> list[str]:
    return [b.text() for b in table.buttons.findChildren(QPushButton)]


def test_a_face_down_card_waits_for_confirmation_and_can_be_taken_back(
    qtbot: object, closing: Closing
) -> None:
    table = _table(qtbot, closing, "interaction", "You,cpu,cpu", INSTANT)
    session = table.session
    _my_turn(qtbot, table)
    mine = table.served_view.seat
    code = _drag_sealed(table)
    qtbot.waitUntil(lambda: table.pending is not None, timeout=3000)
    assert session.state.sealed[mine] is None, "nothing is sent before the confirmation"
    assert table.scene.card(code, f"sealed{mine}") is not None, "the card lies on its place"
    assert _buttons(table) == ["Confirm", "Take back"]
    assert table.served_view.moves == (), "no other card can be played meanwhile"

    QTest.keyClick(table.view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: table.pending is None, timeout=3000)
    hand = next(z for z in table.served_view.zones if z.kind == "hand" and z.owner == mine)
    assert code in hand.cards, "taken back into the hand"
    assert table.scene.card(code, f"sealed{mine}") is None
    assert session.state.sealed[mine] is None

    code = _drag_sealed(table)
    qtbot.waitUntil(lambda: table.pending is not None, timeout=3000)
    QTest.keyClick(table.view, Qt.Key.Key_Return)
    qtbot.waitUntil(
        lambda: session.state.sealed[mine] == code or code in session.state.piles[mine],
        timeout=3000,
    )
    assert table.pending is None


def test_a_button_choice_waits_too(qtbot: object, closing: Closing) -> None:
    table = _table(qtbot, closing, "hagetaka-party", "You,cpu,cpu", INSTANT)
    session = table.session
    _my_turn(qtbot, table)
    mine = table.served_view.seat
    plot = next(m for m in table.served_view.moves if m.action.startswith("plot"))
    next(b for b in table.buttons.findChildren(QPushButton) if b.text() == "Plot battle 1").click()
    assert table.pending is not None and table.pending.action == plot.action
    assert session.state.plots[mine] is None
    assert "Plot battle 1" in table.hint.text()
    next(b for b in table.buttons.findChildren(QPushButton) if b.text() == "Take back").click()
    qtbot.waitUntil(lambda: "Plot battle 1" in _buttons(table), timeout=3000)
    assert table.pending is None and session.state.plots[mine] is None
    next(b for b in table.buttons.findChildren(QPushButton) if b.text() == "Plot battle 1").click()
    next(b for b in table.buttons.findChildren(QPushButton) if b.text() == "Confirm").click()
    qtbot.waitUntil(lambda: session.state.plots[mine] is not None, timeout=3000)


def test_an_ordinary_turn_needs_no_confirmation(qtbot: object, closing: Closing) -> None:
    table = _table(qtbot, closing, "second-third", "You,cpu,cpu", INSTANT)
    session = table.session
    for _ in range(200):
        _my_turn(qtbot, table)
        view = table.served_view
        if any(m.target == "trick" for m in view.moves):
            break
        table.attempt(view.seat, view.moves[0].action)
    view = table.served_view
    move = next(m for m in view.moves if m.target == "trick")
    before = session.actions
    mouse_drag(
        table, grip(table.scene.card(move.cards[0])), table.scene.zone_items["trick"].rect.center()
    )
    qtbot.waitUntil(lambda: session.actions > before, timeout=3000)
    assert table.pending is None


def test_hot_seat_shows_the_reveal_to_everyone_before_the_curtain(
    qtbot: object, closing: Closing
) -> None:
    table = _table(qtbot, closing, "interaction", "Ann,Bob,cpu", HELD)
    session = table.session
    for _ in range(2):
        qtbot.waitUntil(lambda: table.idle and table.scene.covered, timeout=5000)
        click_scene(table, table.scene.sceneRect().center())
        _my_turn(qtbot, table)
        before = session.actions
        _drag_sealed(table)
        qtbot.waitUntil(lambda: table.pending is not None, timeout=3000)
        QTest.keyClick(table.view, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda before=before: session.actions > before, timeout=3000)
    assert session.state.phase == "play"
    qtbot.waitUntil(lambda: table.banner.isVisible() and table.idle, timeout=5000)
    assert not table.scene.covered, "the reveal comes before the curtain"
    assert table.banner.held
    assert table.banner.lines[0] == "Everyone has chosen:"
    assert any("Ann played" in line for line in table.banner.lines)
    assert table.served_view.seat is None, "the table shows only what everyone may see"
    assert not table.bot_timer.isActive()
    click_scene(table, table.banner.rect.center())
    qtbot.waitUntil(lambda: table.scene.covered, timeout=3000)
    assert table.scene.curtain.text.startswith("Pass to ")
