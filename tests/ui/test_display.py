"""Zoom and high contrast: the View menu's keys change the table, the choice is remembered, and
every mark on a card or a place shows by a shape or pattern, not by its colour alone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPointF, QRect, QRectF, QSettings, Qt
from PySide6.QtGui import QAction, QColor, QImage, QKeySequence, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QStyleOptionGraphicsItem
from ui_helpers import Closing, synthetic_view

from tabletop.engine.cards import Deck
from tabletop.engine.registry import get_game
from tabletop.ui.app import MainWindow
from tabletop.ui.table.art import CardArt, face_spec
from tabletop.ui.table.cards import BLOCKED, CHOSEN, PLAIN, PLAYABLE, CardItem, card_image
from tabletop.ui.table.display import CONTRAST_KEY, ZOOM_KEY, ZOOM_STEPS, Display, display
from tabletop.ui.table.gamelog import Banner, mark_received
from tabletop.ui.table.items import ZoneItem
from tabletop.ui.table.keys import keys_help
from tabletop.ui.table.layout import Rect, card_extent, card_places, compute
from tabletop.ui.table.scene import TableScene
from tabletop.ui.table.session import parse_seats
from tabletop.ui.table.table import INSTANT, TableWidget

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture(autouse=True)
def plain_display() -> Iterator[Display]:
    """Every test starts and ends at zoom 1, normal contrast, remembering nothing."""
    shown = display()
    shown.settings = None
    shown.set_zoom(1.0)
    shown.set_high_contrast(False)
    yield shown
    shown.settings = None
    shown.set_zoom(1.0)
    shown.set_high_contrast(False)


def sit(qtbot: object, closing: Closing, settings: QSettings) -> tuple[MainWindow, TableWidget]:
    window = closing.widget(MainWindow(settings))
    window.resize(1600, 1000)
    window.show()
    window.activateWindow()  # shortcuts reach the active window only
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    game = get_game("second-third")
    seats = parse_seats(game.info.id, ["You", "cpu", "cpu"])
    table = window.start_match(game, seats, 3, {}, INSTANT, False)
    qtbot.waitUntil(lambda: table.idle and table.served_view is not None)
    return window, table


def hand_height(table: TableWidget) -> float:
    view = table.served_view
    hand = next(z.id for z in view.zones if z.owner == view.seat and z.kind == "hand")
    return max(c.card_h for c in table.scene.cards if c.zone_id == hand)


def test_ctrl_plus_minus_and_zero_resize_the_cards_and_are_remembered(
    qtbot: object, closing: Closing, settings: QSettings
) -> None:
    _window, table = sit(qtbot, closing, settings)
    normal = hand_height(table)
    font = table.scene.layout.font_px
    QTest.keyClick(table.view, K.Key_Plus, CTRL)
    qtbot.waitUntil(lambda: hand_height(table) > normal * 1.05)
    assert display().zoom == ZOOM_STEPS[ZOOM_STEPS.index(1.0) + 1]
    assert table.scene.layout.font_px > font
    assert float(settings.value(ZOOM_KEY)) == display().zoom
    QTest.keyClick(table.view, K.Key_0, CTRL)
    qtbot.waitUntil(lambda: abs(hand_height(table) - normal) < 0.5)
    QTest.keyClick(table.view, K.Key_Minus, CTRL)
    qtbot.waitUntil(lambda: hand_height(table) < normal * 0.95)
    assert float(settings.value(ZOOM_KEY)) == display().zoom < 1.0
    remembered = display().zoom
    display().settings = None
    display().set_zoom(1.0)
    again = Display()
    again.load(settings)
    assert again.zoom == remembered


def test_zoom_stays_within_its_steps(plain_display: Display) -> None:
    for _ in range(len(ZOOM_STEPS) + 2):
        plain_display.zoom_in()
    assert plain_display.zoom == ZOOM_STEPS[-1]
    for _ in range(len(ZOOM_STEPS) + 2):
        plain_display.zoom_out()
    assert plain_display.zoom == ZOOM_STEPS[0]


def test_a_damaged_zoom_setting_is_ignored(settings: QSettings) -> None:
    settings.setValue(ZOOM_KEY, "huge")
    shown = Display()
    shown.load(settings)
    assert shown.zoom == 1.0
    assert settings.value(ZOOM_KEY) == "huge"  # loading alone rewrites nothing


@pytest.mark.parametrize("players", [2, 4, 25])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("scale", [ZOOM_STEPS[0], ZOOM_STEPS[-1], ZOOM_STEPS[-1] * 2])
def test_a_zoomed_table_still_fits(players: int, size: tuple[int, int], scale: float) -> None:
    width, height = size
    view = synthetic_view(players, seat=0)
    plain = compute(width, height, view, 0)
    lay = compute(width, height, view, 0, scale)
    window = Rect(0, 0, width, height)
    boxes = list(lay.plates.values())
    for i, a in enumerate(boxes):
        assert window.contains(a)
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b)
    for zone_id, slot in lay.zones.items():
        assert window.contains(slot.rect), zone_id
        for place in card_places(slot, len(view.zone(zone_id).cards)):
            w, h = card_extent(place.h, place.rotation)
            covered = Rect(place.x - w / 2, place.y - h / 2, w, h)
            assert slot.rect.contains(covered, slack=0.01), zone_id
    hand = next(z.id for z in view.zones if z.owner == 0 and z.kind == "hand")
    if scale < 1:
        assert lay.zones[hand].card_h < plain.zones[hand].card_h
        assert lay.font_px >= 10  # zooming out never makes the text smaller than readable
    elif players < 25 or width > 1024:
        assert lay.zones[hand].card_h > plain.zones[hand].card_h
        assert lay.font_px > plain.font_px


def test_the_table_grows_with_a_big_system_font(qtbot: object, closing: Closing) -> None:
    app = QApplication.instance()
    before = app.font()
    view = synthetic_view(4, seat=0)
    plain = compute(1920, 1080, view, 0, display().scale())
    big = app.font()
    big.setPixelSize(26)
    app.setFont(big)
    try:
        assert display().scale() == pytest.approx(2.0)
        grown = compute(1920, 1080, view, 0, display().scale())
    finally:
        app.setFont(before)
    assert grown.font_px > plain.font_px * 1.2


def grey(image: QImage) -> list[int]:
    """The picture's grey levels (what someone who sees no colour sees)."""
    return [
        QColor(image.pixel(x, y)).lightness()
        for y in range(image.height())
        for x in range(image.width())
    ]


def differs(a: QImage, b: QImage) -> float:
    """The share of pixels whose grey level differs clearly between two pictures."""
    ga, gb = grey(a), grey(b)
    return sum(1 for x, y in zip(ga, gb, strict=True) if abs(x - y) > 40) / len(ga)


@pytest.mark.parametrize("contrast", [False, True])
def test_card_marks_differ_without_colour(contrast: bool, plain_display: Display) -> None:
    plain_display.set_high_contrast(contrast)
    art = CardArt()
    marks = {
        m: card_image(art, "standard", "7H", 70, 98, m, 0.0).toImage()
        for m in (PLAIN, PLAYABLE, CHOSEN, BLOCKED)
    }
    received = card_image(art, "standard", "7H", 70, 98, PLAIN, 0.0, True).toImage()
    assert differs(marks[PLAYABLE], marks[BLOCKED]) > 0.15  # hatched over, not only tinted
    left_middle = QRect(0, 45, 30, 25)  # where a fanned hand still shows the card
    left_low = QRect(0, 68, 30, 25)
    assert differs(marks[PLAYABLE].copy(left_middle), marks[CHOSEN].copy(left_middle)) > 0.1
    assert differs(marks[PLAIN].copy(left_low), received.copy(left_low)) > 0.1  # an arrow in


def scene_picture(scene: TableScene) -> QImage:
    area = scene.sceneRect()
    image = QImage(int(area.width()), int(area.height()), QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), area)
    painter.end()
    return image


def test_a_card_on_the_table_shows_every_change_of_its_image(plain_display: Display) -> None:
    """A card item draws through a child pixmap item (a frame runs no Python for it), so each
    change of what its image shows (mark, tilt, contrast, the glow's arrow) must reach that
    child: the card as drawn is always the felt with `card_image` blitted on it."""
    scene = TableScene()
    scene.setSceneRect(0, 0, 120, 140)
    card = CardItem(scene.art, Deck.STANDARD, "7H", 98)
    card.zone_id = "hand0"
    scene.addItem(card)
    scene.cards = [card]
    card.setPos(60, 70)

    def drawn_as_its_image(mark: int) -> None:
        card.hide()
        want = scene_picture(scene)
        card.show()
        pix = card_image(scene.art, card.deck, card.code, card.card_w, card.card_h, mark, card.tilt)
        painter = QPainter(want)
        painter.drawPixmap(QPointF(60 - pix.width() / 2, 70 - pix.height() / 2), pix)
        painter.end()
        assert scene_picture(scene) == want

    drawn_as_its_image(PLAIN)
    card.set_flags(True, True)
    drawn_as_its_image(PLAYABLE)
    card.set_chosen(True)
    drawn_as_its_image(CHOSEN)
    card.setProperty("tilt", 6.0)
    drawn_as_its_image(CHOSEN)
    plain_display.set_high_contrast(True)
    drawn_as_its_image(CHOSEN)
    card.set_code(Deck.STANDARD, "8S")
    drawn_as_its_image(CHOSEN)
    plain = scene_picture(scene)
    assert mark_received(scene.cards, {"hand0"}, {"8S"})
    assert card.received
    left_low = QRect(20, 75, 25, 20)  # the arrow in, under the glow
    assert differs(plain.copy(left_low), scene_picture(scene).copy(left_low)) > 0.1


def zone_picture(zone: ZoneItem) -> QImage:
    image = QImage(120, 100, QImage.Format.Format_ARGB32)
    image.fill(QColor("#2f7a4a"))
    painter = QPainter(image)
    zone.draw(painter)
    painter.end()
    return image


def test_a_target_place_shows_by_its_outline_not_its_colour(plain_display: Display) -> None:
    zone = ZoneItem("trick")
    zone.set_geometry(QRectF(10, 10, 100, 80), "", 0.0, 11.0)
    idle = zone_picture(zone)
    zone.set_target(True)
    target = zone_picture(zone)
    assert differs(idle, target) > 0.03


def test_high_contrast_changes_the_table_and_the_windows_and_is_remembered(
    qtbot: object, closing: Closing, settings: QSettings
) -> None:
    window, table = sit(qtbot, closing, settings)
    felt = table.view.grab().toImage().pixelColor(3, 3)
    action = next(
        a
        for a in window.menuBar().findChildren(QAction)
        if a.isCheckable() and a.shortcut() == QKeySequence("Ctrl+Shift+H")
    )
    assert not action.isChecked()
    QTest.keyClick(table.view, K.Key_H, CTRL | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: display().high_contrast)
    assert action.isChecked()
    dark = table.view.grab().toImage().pixelColor(3, 3)
    assert dark.lightness() < felt.lightness() - 20
    assert QApplication.palette().window().color() == QColor("#000000")
    assert str(settings.value(CONTRAST_KEY)).lower() == "true"
    blocked = [c for c in table.scene.cards if c.interactive and not c.playable]
    playable = [c for c in table.scene.cards if c.interactive and c.playable]
    if blocked and playable:
        assert all(c.mark == BLOCKED for c in blocked)
    again = Display()
    again.load(settings)
    assert again.high_contrast
    again.set_high_contrast(False)  # restores the palette it replaced
    action.trigger()
    qtbot.waitUntil(lambda: not display().high_contrast)
    assert QApplication.palette().window().color() != QColor("#000000")


def test_help_keyboard_lists_zoom_and_contrast() -> None:
    keys = [k for k, _ in keys_help()]
    assert "Ctrl+0" in keys and "Ctrl+Shift+H" in keys and "A … G" in keys


@pytest.mark.parametrize("deck,codes", [("walzer", "R7 B7 G7"), ("uno", "R3 Y3 B3 G3")])
def test_painted_colour_cards_carry_a_shape_per_colour(deck: str, codes: str) -> None:
    shapes = [face_spec(deck, code)[1] for code in codes.split()]
    assert all(shapes) and len(set(shapes)) == len(shapes)


def banner_picture(contrast: bool, plain_display: Display) -> tuple[QImage, QRectF]:
    """A held banner drawn on the felt, in the normal or the high-contrast palette."""
    plain_display.set_high_contrast(contrast)
    banner = Banner()
    banner.announce(["Ann won the trick"], QRectF(0, 0, 300, 160), True, 0)
    image = QImage(300, 160, QImage.Format.Format_ARGB32)
    image.fill(QColor("#2f7a4a"))
    painter = QPainter(image)
    banner.paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    banner.timer.stop()
    return image, banner.rect


def test_the_banner_is_opaque_black_in_high_contrast(plain_display: Display) -> None:
    normal, _ = banner_picture(False, plain_display)
    high, rect = banner_picture(True, plain_display)
    x, y = round(rect.left() + 7), round(rect.center().y())
    inside = high.pixelColor(x, y)
    assert (inside.red(), inside.green(), inside.blue()) == (0, 0, 0)
    assert normal.pixelColor(x, y) != inside
