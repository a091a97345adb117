"""CurtainItem: covers the whole table between two hot-seat players."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QLinearGradient, QPainter
from PySide6.QtWidgets import (
    QGraphicsObject,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tabletop.fonts import table_font
from tabletop.ui.table import zorder


class CurtainItem(QGraphicsObject):
    """An opaque curtain: "Pass to Ann — click or press Return when ready"; a click
    (or Return / Space, see `keys.KeyPlay`) lifts it."""

    clicked = Signal()
    """The next player is ready."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF()
        self.text = ""
        self.setZValue(zorder.CURTAIN)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.hide()

    def cover(self, rect: QRectF, text: str) -> None:
        """Cover `rect` and show `text`."""
        self.prepareGeometryChange()
        self.rect = rect
        self.text = text
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:
        """Everything it covers."""
        return self.rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """A dark opaque cloth with the message in the middle."""
        gradient = QLinearGradient(self.rect.topLeft(), self.rect.bottomLeft())
        gradient.setColorAt(0.0, QColor("#3b1020"))
        gradient.setColorAt(1.0, QColor("#1c0810"))
        painter.fillRect(self.rect, gradient)
        painter.setFont(table_font(max(16, self.rect.height() / 22), bold=True))
        painter.setPen(QColor("#f6e7c8"))
        margin = min(32.0, self.rect.width() * 0.05)  # the words never touch the table's edges
        painter.drawText(
            self.rect.adjusted(margin, 0, -margin, 0),
            Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
            self.text,
        )

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Swallow the press so nothing underneath is touched."""
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Lift the curtain."""
        self.clicked.emit()
