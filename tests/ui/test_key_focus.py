"""Where the keyboard focus goes and what it shows: only cards a move may take, the legal move
first, a ring around what shows of a card, the status bar in key words while keys are used."""

from __future__ import annotations

import json

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath
from PySide6.QtTest import QTest
from test_keyboard import focus_on, make_table, play_by_keys, press
from ui_helpers import Closing, click_scene

from tabletop.engine.views import View
from tabletop.ui.table import gestures
from tabletop.ui.table.cards import CardItem
from tabletop.ui.table.keys import card_face, hint_text
from tabletop.ui.table.table import TableWidget

K = Qt.Key


def own_piles_hold_cards(table: TableWidget) -> bool:
    """The served seat has cards in a zone of its own that is not its hand."""
    view = table.served_view
    return any(z.owner == view.seat and z.kind != "hand" and z.cards for z in view.zones)


def test_arrows_never_walk_into_won_or_withdrawn_piles(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "wild-rawz", 1, 5)
    play_by_keys(qtbot, table, 5, lambda view: own_piles_hold_cards(table))
    view = table.served_view
    piles = {z.id for z in view.zones if z.owner == view.seat and z.kind != "hand" and z.cards}
    held = [c for c in table.scene.cards if c.zone_id in piles]
    assert held and not any(c.interactive for c in held)  # shown, not handled (mouse neither)
    stops = table.keys.stops("cards")
    assert stops and not [c for c in stops if c.zone_id in piles]
    for _ in range(len(stops) + 1):
        press(table, K.Key_Right)
        card = table.keys.focused()
        assert isinstance(card, CardItem) and card.zone_id not in piles
    before = table.session.actions
    focus_on(table, "cards", lambda c: table.keys.legal(c))
    press(table, K.Key_Return)
    if table.keys.choices:
        press(table, K.Key_1)
    qtbot.waitUntil(lambda: table.session.actions > before)
    assert "do not hold" not in table.scene.notice


def drafting(view: View) -> bool:
    return any(m.action.startswith("draft ") for m in view.moves)


def test_the_focus_starts_on_the_draft_row_and_stays_there(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "wild-rawz", 1, 5)
    play_by_keys(qtbot, table, 5, drafting)
    keys = table.keys
    card = keys.focused()
    assert isinstance(card, CardItem) and card.zone_id == "row" and keys.legal(card)
    press(table, K.Key_Right)
    assert keys.ring.isVisible()  # the first arrow shows where the focus is
    before = table.session.actions
    press(table, K.Key_Return)
    qtbot.waitUntil(lambda: table.session.actions > before)
    play_by_keys(qtbot, table, 5, lambda view: table.session.actions > before + 1)
    assert drafting(table.served_view)  # the next pick: the focus did not go back to the hand
    card = keys.focused()
    assert isinstance(card, CardItem) and card.zone_id == "row"


def test_buttons_take_the_focus_when_only_buttons_move(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "hagetaka", 1, 5)
    qtbot.waitUntil(lambda: table.idle)
    view = table.served_view
    assert view.moves and all(m.gesture == "button" for m in view.moves)
    assert table.keys.region == "buttons"
    assert table.hint.text() == ""  # nothing to say to a mouse player
    press(table, K.Key_Right)
    assert table.hint.text() == hint_text("press", "", keys=True)
    press(table, K.Key_Left)
    before = table.session.actions
    press(table, K.Key_Return)  # one key: the sealed choice is sent at once
    qtbot.waitUntil(lambda: table.session.actions == before + 1)
    assert table.pending is None


def test_every_tab_stop_shows_something(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "hagetaka", 1, 5)
    shown = table.view.viewport().rect()
    for turn in range(6):
        play_by_keys(qtbot, table, 5, lambda view, turn=turn: table.session.actions >= turn * 3)
        if table.session.over:
            break
        for region in ("cards", "zones", "buttons"):
            for stop in table.keys.stops(region):
                if isinstance(stop, CardItem):
                    rect = table.view.mapFromScene(stop.sceneBoundingRect()).boundingRect()
                    assert stop.isVisible() and shown.intersects(rect)
                elif hasattr(stop, "zone_id"):
                    rect = table.view.mapFromScene(stop.rect).boundingRect()
                    assert stop.isVisible() and shown.intersects(rect)


def test_n_jumps_over_cards_that_cannot_be_played(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", 1, 3)

    def blocked(view: View) -> bool:
        return any(c.interactive and not c.playable for c in table.scene.cards)

    play_by_keys(qtbot, table, 3, blocked)
    keys = table.keys
    stops = keys.stops("cards")
    legal = [c for c in stops if keys.legal(c)]
    assert 0 < len(legal) < len(stops)
    seen = []
    for _ in range(len(legal)):
        press(table, K.Key_N)
        seen.append(keys.focused())
    assert all(keys.legal(c) for c in seen) and set(map(id, seen)) == set(map(id, legal))
    QTest.keyClick(table.view, K.Key_N, Qt.KeyboardModifier.ShiftModifier)
    assert keys.focused() is seen[-2 % len(seen)]


def test_a_pass_is_sent_by_one_return(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", 1, 2)
    qtbot.waitUntil(lambda: table.idle)
    view = table.served_view
    move = next(m for m in view.moves if len(m.cards) == 2)
    for code in move.cards:
        focus_on(table, "cards", lambda c, code=code: c.code == code and not c.chosen)
        press(table, K.Key_Space)
    before = table.session.actions
    press(table, K.Key_Return)
    qtbot.waitUntil(lambda: table.session.actions == before + 1)
    assert table.pending is None


def test_the_ring_outlines_only_what_shows_of_a_fanned_card(
    qtbot: object, closing: Closing
) -> None:
    table = make_table(qtbot, closing, "second-third", 1, 2)
    qtbot.waitUntil(lambda: table.idle)
    stops = table.keys.stops("cards")
    card, neighbour = stops[0], stops[1]
    assert card_face(card).boundingRect().intersects(card_face(neighbour).boundingRect())
    press(table, K.Key_Right)
    press(table, K.Key_Left)
    assert table.keys.focused() is card and table.keys.ring.isVisible()
    ring = table.keys.ring.path
    over = QPainterPath()
    over.addPolygon(card_face(neighbour, -2))
    assert not ring.intersects(over)  # the neighbour lying over it is left out
    left = card_face(card).boundingRect()
    assert ring.contains(QPointF(left.left() + 6, left.center().y()))


def test_the_status_bar_speaks_in_keys_while_keys_are_used(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "trump-duel", 1, 4)
    play_by_keys(qtbot, table, 4, lambda view: bool(gestures.playable(view)))
    kind = "multi" if gestures.multi_counts(table.served_view) else "playable"
    assert table.hint.text() == hint_text(kind, "", keys=False)
    press(table, K.Key_Right)
    assert table.hint.text() == hint_text(kind, "", keys=True)
    assert "Return" in table.hint.text()
    click_scene(table, QPointF(4, 4))
    assert table.hint.text() == hint_text(kind, "", keys=False)
    assert not table.keys.ring.isVisible()


def test_a_number_plays_one_of_the_focused_cards_moves_at_once(
    qtbot: object, closing: Closing
) -> None:
    table = make_table(qtbot, closing, "interaction", 1, 7)

    def two_places(view: View) -> bool:
        return any(len(gestures.card_moves(view, (m.cards[0],))) > 1 for m in view.moves if m.cards)

    play_by_keys(qtbot, table, 7, two_places)
    view = table.served_view
    keys = table.keys
    click_scene(table, QPointF(4, 4))
    assert not keys.ahead  # nothing listed for a mouse player
    card = next(c for c in keys.stops("cards") if len(gestures.card_moves(view, (c.code,))) > 1)
    focus_on(table, "cards", lambda c: c is card)
    moves = gestures.card_moves(view, (card.code,))
    assert [m.action for m in keys.ahead] == [m.action for m in moves]
    assert table.hint.text().startswith("Return, or a number: 1: ")
    before = table.session.actions
    press(table, K.Key_2)
    qtbot.waitUntil(lambda: table.session.actions == before + 1)
    records = [json.loads(line) for line in table.session.log()]
    mine = [r for r in records if r.get("type") == "action" and r.get("seat") == view.seat]
    assert mine[-1]["action"] == moves[1].action
