"""Zones and seat plates lie on the felt: the scene draws them into the view's cached background,
so the cache must never keep an old look. After every kind of change the view as drawn (from
its cache) equals a fresh drawing, to a rounding step at the seams of the redrawn area."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QGraphicsItem
from ui_helpers import Closing

from tabletop.engine.registry import get_game
from tabletop.ui.table.session import Session, parse_seats
from tabletop.ui.table.table import INSTANT, TableWidget


def table_of(qtbot: object, closing: Closing) -> TableWidget:
    game = get_game("triq")
    session = Session(game, parse_seats("triq", ["You", "cpu", "cpu", "cpu"]), 3)
    table = closing.widget(TableWidget(session, INSTANT))
    table.bots_enabled = False
    table.resize(1100, 760)
    table.show()
    table.start()
    qtbot.waitExposed(table)  # type: ignore[attr-defined]
    return table


def drawn(table: TableWidget) -> QImage:
    QApplication.processEvents()
    return table.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def fresh(table: TableWidget) -> QImage:
    table.view.resetCachedContent()
    table.view.viewport().update()
    return drawn(table)


def off_pixels(a: QImage, b: QImage) -> int:
    """Pixels differing by more than a rounding step in some channel."""
    left, right = bytes(a.constBits()), bytes(b.constBits())  # type: ignore[call-overload]
    return sum(
        1
        for i in range(0, len(left), 4)
        if max(abs(x - y) for x, y in zip(left[i : i + 4], right[i : i + 4], strict=True)) > 2
    )


def light_every_zone(table: TableWidget) -> None:
    for zone in table.scene.zone_items.values():
        zone.set_target(True)
    next(iter(table.scene.zone_items.values())).set_target(True, hover=True)


def put_zones_out(table: TableWidget) -> None:
    for zone in table.scene.zone_items.values():
        zone.set_target(False)


def change_plates(table: TableWidget) -> None:
    for p in table.scene.plates.values():
        p.set_content(
            p.rect.adjusted(6, 4, 6, 4),
            p.name + " (away)",
            p.chunks,
            not p.acting,
            p.served,
            p.font_px,
            p.text_h,
            p.idle,
            p.text_w,
        )


def hide_a_zone(table: TableWidget) -> None:
    list(table.scene.zone_items.values())[1].setVisible(False)


def remove_a_zone(table: TableWidget) -> None:
    scene = table.scene
    scene.removeItem(scene.zone_items.pop(list(scene.zone_items)[2]))


CHANGES: list[Callable[[TableWidget], None]] = [
    light_every_zone,
    put_zones_out,
    change_plates,
    hide_a_zone,
    remove_a_zone,
]


@pytest.mark.parametrize("upto", range(1, len(CHANGES) + 1), ids=[c.__name__ for c in CHANGES])
def test_the_cached_felt_never_keeps_an_old_look(
    qtbot: object, closing: Closing, upto: int
) -> None:
    table = table_of(qtbot, closing)
    drawn(table)  # the cache is filled
    for change in CHANGES[:upto]:
        change(table)
    assert off_pixels(drawn(table), fresh(table)) == 0


def test_zones_and_plates_are_drawn_with_the_felt_not_as_items(
    qtbot: object, closing: Closing
) -> None:
    table = table_of(qtbot, closing)
    felt = [*table.scene.zone_items.values(), *table.scene.plates.values()]
    assert felt
    no_contents = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
    assert all(item.flags() & no_contents for item in felt)
    before = drawn(table)
    light_every_zone(table)
    assert off_pixels(before, drawn(table)) > 1000  # the lit zones show, through the cache
