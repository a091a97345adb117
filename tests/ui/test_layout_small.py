"""The table at 1024×700: what is drawn stays where it is said to be, and nothing is cut."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene, QStyleOptionGraphicsItem
from ui_helpers import Closing

from tabletop.ui.gamelog import Banner


def _painted(item: object, size: tuple[int, int]) -> QRectF:
    """The box of every pixel `item.paint` touches (scene coordinates)."""
    image = QImage(size[0], size[1], QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    xs, ys = [], []
    for y in range(image.height()):
        for x in range(image.width()):
            if image.pixelColor(x, y).alpha():
                xs.append(x)
                ys.append(y)
    return QRectF(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def test_a_banner_repaints_all_it_drew_when_it_goes(closing: Closing) -> None:
    """What a banner draws lies inside its bounding rectangle, which is what the view repaints
    when the banner fades: a yellow line of its outline must not stay on the felt."""
    scene = QGraphicsScene(0, 0, 400, 300)
    banner = Banner()
    scene.addItem(banner)
    banner.announce(["Round 1 is over", "Ann takes K♠"], QRectF(50, 50, 300, 200), False, 0)
    drawn = _painted(banner, (400, 300))
    assert banner.boundingRect().contains(drawn), (drawn, banner.boundingRect())
    banner.dismiss()
