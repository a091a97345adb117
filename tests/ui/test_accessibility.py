"""Screen-reader names: every card the seat sees, every zone, plate and button is named."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QPushButton
from test_keyboard import focus_on, make_table, play_by_keys
from ui_helpers import Closing

from tabletop.engine.views import BACK
from tabletop.i18n import current, for_view, set_language
from tabletop.i18n.cards import card_name
from tabletop.ui.keys import keys_dialog, keys_help


def walk(node: QAccessibleInterface, depth: int = 0) -> Iterator[QAccessibleInterface]:
    """Every interface under `node`, itself included."""
    yield node
    if depth > 40:
        return
    for i in range(node.childCount()):
        child = node.child(i)
        if child is not None and child.isValid():
            yield from walk(child, depth + 1)


@pytest.fixture
def language() -> Iterator[None]:
    before = current()
    yield
    set_language(before)


def names_in_tree(table: object) -> list[str]:
    root = QAccessible.queryAccessibleInterface(table.window())
    assert root is not None
    return [n.text(QAccessible.Text.Name) for n in walk(root)]


@pytest.mark.parametrize("game_id", ["second-third", "interaction", "hagetaka"])
def test_every_card_zone_plate_and_button_has_a_name(
    qtbot: object, closing: Closing, game_id: str
) -> None:
    table = make_table(qtbot, closing, game_id, 1, 2)
    play_by_keys(qtbot, table, 2, lambda view: True)
    qtbot.waitUntil(lambda: table.idle)
    names = names_in_tree(table)
    view = table.served_view
    deck = str(view.hints.get("deck", "standard"))
    seen = [c for z in view.zones for c in z.cards if c != BACK]
    assert seen
    for card in table.scene.cards:
        shade = table.mirror.shadow(card)
        assert shade is not None and shade.accessibleName() in names
        if card.code in seen:
            assert shade.accessibleName().startswith(card_name(card.code, "en", deck))
    for zone in table.scene.zone_items.values():
        assert table.mirror.shadow(zone).accessibleName() in names
    for seat, plate in table.scene.plates.items():
        assert table.mirror.shadow(plate).accessibleName() == table.session.names[seat]
    buttons = table.buttons.findChildren(QPushButton)
    for button in buttons:
        assert button.text() and button.text() in names
    for card in table.scene.cards:
        if card.playable and card.interactive:
            assert table.mirror.shadow(card).accessibleName().endswith(", playable")
    status = for_view(view.status, view)
    assert status and table.mirror.shadow(table.scene.status).accessibleName() == status
    assert status in names


def test_card_names_follow_the_language(qtbot: object, closing: Closing, language: None) -> None:
    set_language("ja")
    table = make_table(qtbot, closing, "second-third", 1, 2)
    play_by_keys(qtbot, table, 2, lambda view: True)
    card = next(c for c in table.scene.cards if c.playable and c.interactive)
    assert not table.keys.ring.isVisible()  # no ring for mouse players until a key is used
    QTest.keyClick(table.view, Qt.Key.Key_Escape)
    focus_on(table, "cards", lambda c: c is card)
    name = table.mirror.shadow(card).accessibleName()
    assert name == card_name(card.code, "ja", "standard") + "、出せます"
    assert table.keys.ring.isVisible()


def test_help_keyboard_lists_the_keys_translated(
    qtbot: object, closing: Closing, language: None
) -> None:
    set_language("ja")
    dialog = closing.widget(keys_dialog(None))
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    assert "選択を取り消す" in texts
    assert len(texts) == 2 * len(keys_help())
