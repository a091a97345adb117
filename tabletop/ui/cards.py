"""CardItem: one card on the table that can be clicked, double-clicked, selected and dragged."""

from __future__ import annotations

from PySide6.QtCore import Property, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QTransform
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsObject,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tabletop.ui import zorder
from tabletop.ui.art import CardArt
from tabletop.ui.layout import CARD_PAD, CARD_RATIO

MARGIN = 2
"""Room around a card for its outline in its pixmap, in pixels (within `CARD_PAD`)."""

_IMAGES: dict[tuple[str, str, int, int, int, int], QPixmap] = {}


def card_image(
    art: CardArt, deck: str, code: str, width: float, height: float, mark: int, tilt: float
) -> QPixmap:
    """The card with its outline (0 none, 1 playable, 2 chosen), pre-tilted, cached.

    Tilting the pixmap once (to the nearest half degree) instead of rotating the item keeps
    every frame a plain blit: rotated items made frames with a fanned hand 8× slower.
    """
    step = round(tilt * 2)
    key = (deck, code, round(width), round(height), mark, step)
    found = _IMAGES.get(key)
    if found is not None:
        return found
    w, h = key[2], key[3]
    flat = QPixmap(w + 2 * MARGIN, h + 2 * MARGIN)
    flat.fill(Qt.GlobalColor.transparent)
    p = QPainter(flat)
    p.drawPixmap(MARGIN, MARGIN, art.pixmap(deck, code, w, h))
    if mark:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor("#ffd54f") if mark == 2 else QColor(120, 230, 140, 210)
        p.setPen(QPen(colour, 3 if mark == 2 else 2))
        p.drawRoundedRect(QRectF(MARGIN, MARGIN, w, h), w * 0.07, w * 0.07)
    p.end()
    if step:
        flat = flat.transformed(
            QTransform().rotate(step / 2), Qt.TransformationMode.SmoothTransformation
        )
    if len(_IMAGES) > 4000:
        _IMAGES.clear()
    _IMAGES[key] = flat
    return flat


class CardItem(QGraphicsObject):
    """A card face or back; emits gestures, leaves the rules to whoever listens."""

    clicked = Signal(object)
    """A press and release without a drag (argument: this item)."""
    activated = Signal(object)
    """A double-click."""
    dragStarted = Signal(object)
    """The pointer moved past the start-drag distance with the button held."""
    dragMoved = Signal(object, QPointF)
    """The card was moved by this offset while dragged."""
    dropped = Signal(object, QPointF)
    """The drag ended at this scene point."""

    def __init__(self, art: CardArt, deck: str, code: str, height: float) -> None:
        super().__init__()
        self.art = art
        self.deck = deck
        self.code = code
        self.card_h = height
        self.zone_id = ""
        self.home = QPointF()
        self.home_rotation = 0.0
        self.home_z = zorder.CARD
        self.interactive = False
        self.playable = False
        self.chosen = False
        self.lift = 0.0
        self._press: QPointF | None = None
        self._grab = QPointF()
        self.dragging = False
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self._tilt = 0.0

    @property
    def card_w(self) -> float:
        """Width from the height and the card ratio."""
        return self.card_h / CARD_RATIO

    def set_code(self, deck: str, code: str) -> None:
        """Show another face (e.g. a back turned up)."""
        if (deck, code) != (self.deck, self.code):
            self.deck, self.code = deck, code
            self.update()

    def set_height(self, height: float) -> None:
        """Resize the card (its centre stays put)."""
        if abs(height - self.card_h) > 0.01:
            self.prepareGeometryChange()
            self.card_h = height

    def set_flags(self, interactive: bool, playable: bool) -> None:
        """Whether the player may handle this card, and whether some legal move uses it."""
        if (interactive, playable) != (self.interactive, self.playable):
            self.interactive, self.playable = interactive, playable
            self.setCursor(
                Qt.CursorShape.OpenHandCursor if interactive else Qt.CursorShape.ArrowCursor
            )
            self.update()

    def set_chosen(self, chosen: bool) -> None:
        """Mark the card as selected for a multi-card action (drawn raised and outlined)."""
        if chosen != self.chosen:
            self.chosen = chosen
            self.update()

    def rest_pos(self) -> QPointF:
        """Where the card rests: its home, raised if chosen."""
        return self.home + QPointF(0, -self.lift if self.chosen else 0.0)

    def get_tilt(self) -> float:
        """The card's tilt in degrees (drawn from a pre-tilted pixmap)."""
        return self._tilt

    def set_tilt(self, tilt: float) -> None:
        """Tilt the card (clockwise degrees)."""
        if tilt != self._tilt:
            self.prepareGeometryChange()
            self._tilt = tilt

    tilt = Property(float, get_tilt, set_tilt)

    def _image(self) -> QPixmap:
        mark = 2 if self.chosen else (1 if self.playable and self.interactive else 0)
        return card_image(
            self.art, self.deck, self.code, self.card_w, self.card_h, mark, self._tilt
        )

    def boundingRect(self) -> QRectF:
        """The (tilted) card and its outline, centred on the item's origin."""
        w, h = self.card_w + 2 * CARD_PAD, self.card_h + 2 * CARD_PAD
        if self._tilt:
            rect = QTransform().rotate(self._tilt).mapRect(QRectF(-w / 2, -h / 2, w, h))
            return rect.adjusted(-1, -1, 1, 1)
        return QRectF(-w / 2, -h / 2, w, h)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """Blit the cached, pre-tilted pixmap (filtered only while the card is scaled)."""
        pix = self._image()
        smooth = self.scale() != 1
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, smooth)
        painter.drawPixmap(QPointF(-pix.width() / 2, -pix.height() / 2), pix)

    # ---- gestures -------------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Remember where the press started; nothing moves yet."""
        if not self.interactive:
            event.ignore()
            return
        self._press = event.screenPos().toPointF()
        self._grab = event.scenePos() - self.pos()
        self.dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Start dragging once past the start-drag distance, then follow the pointer."""
        if self._press is None:
            return
        if not self.dragging:
            moved = event.screenPos().toPointF() - self._press
            if moved.manhattanLength() < QApplication.startDragDistance():
                return
            self.dragging = True
            self.setZValue(zorder.DRAGGED)
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
            self.dragStarted.emit(self)
        new = event.scenePos() - self._grab
        delta = new - self.pos()
        self.setPos(new)
        self.dragMoved.emit(self, delta)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Drop where the pointer is, or count a click if there was no drag."""
        if self._press is None:
            return
        self._press = None
        if self.dragging:
            self.dragging = False
            self.setCursor(Qt.CursorShape.OpenHandCursor)
            self.dropped.emit(self, event.scenePos())
        else:
            self.clicked.emit(self)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Play the card by its one obvious move."""
        if self.interactive:
            self._press = None
            self.activated.emit(self)
