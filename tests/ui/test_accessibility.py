"""Screen-reader names: every card the seat sees, every zone, plate and button is named."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QPushButton, QWidget
from test_keyboard import focus_on, make_table, numbered, play_by_keys, press
from ui_helpers import Closing

from tabletop.engine.views import BACK
from tabletop.i18n import current, for_view, set_language
from tabletop.i18n.cards import spoken_name
from tabletop.ui import reader
from tabletop.ui.table import access
from tabletop.ui.table.cards import CardItem
from tabletop.ui.table.keys import choice_keys, keys_dialog, keys_help

pytestmark = pytest.mark.usefixtures("reader")


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


def spelled(code: str, lang: str = "en", deck: str = "standard") -> str:
    """A card's spoken name as it starts an accessible name (capitalised)."""
    words = spoken_name(code, lang, deck)
    return words[:1].upper() + words[1:]


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
        if card.code == BACK:
            assert shade is None  # counted in its zone's name instead
            continue
        assert shade is not None and shade.accessibleName() in names
        if card.code in seen:
            assert shade.accessibleName().startswith(spelled(card.code, "en", deck))
    for zone in table.scene.zone_items.values():
        if not zone.isVisible():
            assert table.mirror.shadow(zone) is None  # not drawn, not read
            continue
        assert table.mirror.shadow(zone).accessibleName() in names
    for seat, plate in table.scene.plates.items():
        words = table.mirror.shadow(plate).accessibleName()
        assert words.startswith(table.session.names[seat]) and words in names
        assert ("to play" in words) == (seat in view.to_act)
        assert all(chunk in words for chunk in plate.chunks)
    buttons = table.buttons.findChildren(QPushButton)
    for button in buttons:
        assert button.text() and button.text() in names
    for card in table.scene.cards:
        if card.playable and card.interactive:
            assert table.mirror.shadow(card).accessibleName().endswith(", playable")
    status = for_view(view.status, view)
    assert status and table.mirror.shadow(table.scene.status).accessibleName().endswith(status)
    assert f"Your turn: {status}" in names  # the person's seat acts now


def test_standard_cards_are_spelled_out_in_both_languages() -> None:
    assert spoken_name("7H", "en") == "seven of hearts"
    assert spoken_name("AS", "en") == "ace of spades"
    assert spoken_name("10D", "en") == "ten of diamonds"
    assert spoken_name("7H", "ja") == "ハートの7"
    assert spoken_name("QC", "ja") == "クラブのクイーン"
    assert spoken_name("JK1", "ja") == "ジョーカー"
    assert spoken_name("R7", "en", "uno") == "red 7"


def test_a_trick_names_who_played_each_card(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", 1, 2)

    def trick_started(view: object) -> bool:
        shared = [z for z in view.zones if z.owner is None and z.kind != "pile"]
        return any(z.cards for z in shared)

    play_by_keys(qtbot, table, 2, trick_started)
    view = table.served_view
    zone = next(z for z in view.zones if z.owner is None and z.cards and z.kind != "pile")
    played: dict[str, int] = {}
    for line in table.session.log()[1:]:
        record = json.loads(line)
        if record.get("type") == "action" and str(record["action"]).startswith("play "):
            played[str(record["action"]).split()[1]] = int(record["seat"])
    words = table.mirror.shadow(table.scene.zone_items[zone.id]).accessibleName()
    label = for_view(zone.label, view)
    assert words.startswith(f"{label}: ")
    for code in zone.cards:
        who = table.session.names[played[code]]
        assert f"{who}'s {spoken_name(code, 'en')}" in words


def test_focus_changes_are_announced(
    qtbot: object, closing: Closing, monkeypatch: pytest.MonkeyPatch
) -> None:
    heard: list[tuple[object, str]] = []

    def listen(event: object) -> None:
        target = event.object()
        heard.append((event.type(), target.accessibleName()))

    monkeypatch.setattr(reader, "post", listen)
    table = make_table(qtbot, closing, "second-third", 1, 2)
    play_by_keys(qtbot, table, 2, lambda view: True)
    qtbot.waitUntil(lambda: table.idle)
    focus_on(table, "cards", lambda c: isinstance(c, CardItem))
    press(table, Qt.Key.Key_Right)
    card = table.keys.focused()
    name = table.mirror.shadow(card).accessibleName()
    assert name.startswith(spelled(card.code))
    assert (QAccessible.Event.Focus, name) in heard[-2:]
    assert table.view.accessibleName() == name  # the focused widget speaks the item's name


def test_the_game_log_is_readable(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", 1, 2)
    play_by_keys(qtbot, table, 2, lambda view: table.session.actions > 6)
    qtbot.waitUntil(lambda: table.idle and bool(table.gamelog.lines))
    root = QAccessible.queryAccessibleInterface(table.window())
    log = next(
        n
        for n in walk(root)
        if n.text(QAccessible.Text.Name) == "Game log" and n.textInterface() is not None
    )
    reader = log.textInterface()
    text = reader.text(0, reader.characterCount())
    assert table.gamelog.lines[-1] in text and table.gamelog.lines[0] in text


def test_letters_stand_for_choices_that_are_numbers() -> None:
    assert choice_keys(["1", "11"]) == "AB"
    assert choice_keys(["Pass", "Bid", "Fold"]) == "123"
    assert choice_keys([str(n) for n in range(1, 9)]) == "12345678"  # more than A … G


def test_card_names_follow_the_language(qtbot: object, closing: Closing, language: None) -> None:
    set_language("ja")
    table = make_table(qtbot, closing, "second-third", 1, 2)
    play_by_keys(qtbot, table, 2, lambda view: True)
    card = next(c for c in table.scene.cards if c.playable and c.interactive)
    assert not table.keys.ring.isVisible()  # no ring for mouse players until a key is used
    QTest.keyClick(table.view, Qt.Key.Key_Escape)
    focus_on(table, "cards", lambda c: c is card)
    name = table.mirror.shadow(card).accessibleName()
    assert name == spoken_name(card.code, "ja", "standard") + "、出せます"
    assert "の" in name  # "ハートの7、出せます"
    assert table.keys.ring.isVisible()


def test_help_keyboard_lists_the_keys_translated(
    qtbot: object, closing: Closing, language: None
) -> None:
    set_language("ja")
    dialog = closing.widget(keys_dialog(None))
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    assert "選択を取り消す" in texts
    assert len(texts) == 2 * len(keys_help())


def test_a_letter_key_picks_between_numbered_moves(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "triq", 1, 1)
    play_by_keys(qtbot, table, 1, lambda view: bool(numbered(view)))
    group = numbered(table.served_view)
    move = group[-1]
    focus_on(table, "cards", lambda c: isinstance(c, CardItem) and c.code == move.cards[0])
    press(table, Qt.Key.Key_Return)
    if table.keys.region == "zones" and move.target:
        focus_on(table, "zones", lambda z: getattr(z, "zone_id", None) == move.target)
        press(table, Qt.Key.Key_Return)
    assert table.scene.notice.startswith("Press a letter: A: ")  # the choices are numbers
    before = table.session.actions
    letter = Qt.Key.Key_A + [m.action for m in table.keys.choices].index(move.action)
    press(table, letter)
    qtbot.waitUntil(lambda: table.session.actions == before + 1)
    records = [json.loads(line) for line in table.session.log()]
    assert [r for r in records if r["type"] == "action"][-1]["action"] == move.action


def test_the_curtain_is_read_out(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "trump-duel", 2, 4)
    assert table.scene.covered
    words = table.scene.curtain.text
    assert words.startswith("Pass to ")
    qtbot.waitUntil(lambda: words in names_in_tree(table))
    assert table.view.accessibleName() == words
    shown = [s.accessibleName() for s in table.mirror.shadows.values()]
    assert shown == [words]  # nothing else of the table is named under the curtain


def test_the_table_names_things_only_while_a_reader_listens(
    qtbot: object, closing: Closing
) -> None:
    """With no screen reader the table builds no stand-ins (as Qt builds no accessibility of
    its own); once one listens, the next change of the table names every card."""
    QAccessible.setActive(False)
    table = make_table(qtbot, closing, "second-third", 1, 3)
    play_by_keys(qtbot, table, 2, lambda view: True)
    qtbot.waitUntil(lambda: table.idle)
    assert not table.mirror.shadows
    QAccessible.setActive(True)
    before = table.session.actions
    play_by_keys(qtbot, table, 2, lambda view: table.session.actions > before)
    qtbot.waitUntil(lambda: table.idle)
    assert table.scene.cards
    for card in table.scene.cards:
        if card.code == BACK:
            continue
        shade = table.mirror.shadow(card)
        assert shade is not None and shade.accessibleName() == access.card_text(
            card, table.served_view
        )


def roles_under(node: QAccessibleInterface) -> dict[str, QAccessible.Role]:
    """Each named node's role."""
    return {n.text(QAccessible.Text.Name): n.role() for n in walk(node)}


def test_cards_zones_and_plates_have_fitting_roles(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", 1, 2)
    play_by_keys(qtbot, table, 2, lambda view: True)
    qtbot.waitUntil(lambda: table.idle)
    root = QAccessible.queryAccessibleInterface(table.window())
    assert root is not None
    nodes = list(walk(root))
    mirror = table.mirror
    shades = {id(s) for s in mirror.shadows.values()}
    assert not [
        n.text(QAccessible.Text.Name)
        for n in nodes
        if id(n.object()) in shades and n.role() == QAccessible.Role.Client
    ]  # no stand-in is a bare "filler"
    role = QAccessible.Role
    for zone in table.scene.zone_items.values():
        if not zone.isVisible():
            continue
        face = QAccessible.queryAccessibleInterface(mirror.shadow(zone))
        assert face.role() == role.List
        kids = [face.child(i) for i in range(face.childCount())]
        mine = [c for c in table.scene.cards if c.zone_id == zone.zone_id and c.code != BACK]
        assert sorted(k.text(QAccessible.Text.Name) for k in kids) == sorted(
            access.card_text(c, table.served_view) for c in mine
        )
        assert all(k.role() == role.ListItem for k in kids)
    for plate in table.scene.plates.values():
        face = QAccessible.queryAccessibleInterface(mirror.shadow(plate))
        assert face.role() == role.StaticText
    status = QAccessible.queryAccessibleInterface(mirror.shadow(table.scene.status))
    assert status.role() == role.StatusBar


def test_hidden_hands_say_whose_and_how_many(qtbot: object, closing: Closing) -> None:
    table = make_table(qtbot, closing, "second-third", 1, 2)
    play_by_keys(qtbot, table, 2, lambda view: True)
    qtbot.waitUntil(lambda: table.idle)
    view = table.served_view
    names = names_in_tree(table)
    assert "Face-down card" not in names
    hands = [z for z in view.zones if z.kind == "hand" and z.owner != view.seat]
    assert hands
    for zone in hands:
        words = table.mirror.shadow(table.scene.zone_items[zone.id]).accessibleName()
        owner = table.session.names[zone.owner]
        assert words == f"{owner} — {for_view(zone.label, view)}: {len(zone.cards)} face down"
        assert words in names


def test_your_plate_says_you_once(qtbot: object, closing: Closing, language: None) -> None:
    table = make_table(qtbot, closing, "second-third", 1, 2)
    play_by_keys(qtbot, table, 2, lambda view: True)
    qtbot.waitUntil(lambda: table.idle)
    plate = table.scene.plates[0]
    plate.name = "You"
    words = access.plate_text(plate, table.served_view)
    assert words.startswith("You, to play")
    set_language("ja")
    plate.name = "あなた"
    assert access.plate_text(plate, table.served_view).startswith("あなた、手番")
    set_language("en")
    plate.name = "Ann"
    assert access.plate_text(plate, table.served_view).startswith("Ann (you), to play")


def test_the_hidden_launcher_is_not_read_at_the_table(
    qtbot: object, closing: Closing, settings: object
) -> None:
    from tabletop.engine.registry import get_game
    from tabletop.ui.app import MainWindow
    from tabletop.ui.table.session import parse_seats
    from tabletop.ui.table.table import INSTANT

    window = closing.widget(MainWindow(settings))
    window.show()
    qtbot.waitExposed(window)
    seats = parse_seats("second-third", ["Ann", "cpu", "cpu"])
    table = window.start_match(get_game("second-third"), seats, 2, {}, INSTANT, False)
    qtbot.waitUntil(lambda: table.idle)
    root = QAccessible.queryAccessibleInterface(window)
    shown = list(walk(root))
    launcher = window.launcher
    inside = [
        n.text(QAccessible.Text.Name)
        for n in shown
        if isinstance(n.object(), QWidget) and launcher.isAncestorOf(n.object())
    ]
    assert not inside  # the launcher behind the table is not read
    assert not table.summary.isVisible()
    assert not [n for n in shown if n.object() is table.summary]  # nor a closed summary
    assert any(n.object() is table for n in shown)
    focused = [n for n in shown if n.state().focused]
    assert all(n.object() is table.view for n in focused)  # the table holds the keyboard
    assert window.focusWidget() is table.view
    press(table, Qt.Key.Key_Right)
    assert table.keys.ring.isVisible()  # the first arrow already shows the focus ring


def test_a_reader_that_comes_late_hears_the_curtain_at_once(
    qtbot: object, closing: Closing
) -> None:
    QAccessible.setActive(False)
    table = make_table(qtbot, closing, "trump-duel", 2, 4)
    qtbot.waitUntil(lambda: table.idle)
    assert table.scene.covered and not table.mirror.shadows
    QAccessible.setActive(True)  # a screen reader starts now, and looks at the window
    assert table.scene.curtain.text in names_in_tree(table)
    face = QAccessible.queryAccessibleInterface(table.mirror.shadow(table.scene.curtain))
    assert face.role() == QAccessible.Role.Button
