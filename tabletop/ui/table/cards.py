"""CardItem: one card on the table that can be clicked, double-clicked, selected and dragged."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Property, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPixmap, QTransform
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsDropShadowEffect,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsPixmapItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tabletop.engine.cards import Deck
from tabletop.ui.table import zorder
from tabletop.ui.table.art import CardArt
from tabletop.ui.table.display import display
from tabletop.ui.table.layout import CARD_PAD, CARD_RATIO

MARGIN = 2
"""Room around a card for its outline in its pixmap, in pixels (within `CARD_PAD`)."""

PLAIN, PLAYABLE, CHOSEN, BLOCKED = range(4)
"""A card's mark: none, some legal move uses it, chosen for a move, not playable now."""

_IMAGES: dict[tuple[Deck, str, int, int, int, int, bool, bool], QPixmap] = {}


def card_image(
    art: CardArt,
    deck: Deck,
    code: str,
    width: float,
    height: float,
    mark: int,
    tilt: float,
    received: bool = False,
) -> QPixmap:
    """The card with its mark (`PLAIN` … `BLOCKED`) and an arrow if it was just `received`,
    pre-tilted, cached.

    Every mark shows by a shape as well as a colour: a chosen card has a thick outline and a
    tick, a card that cannot be played now is hatched over, a received card has an arrow in.
    Tilting the pixmap once (to the nearest half degree) instead of rotating the item keeps
    every frame a plain blit: rotated items made frames with a fanned hand 8× slower.
    """
    step = round(tilt * 2)
    contrast = display().high_contrast
    key = (deck, code, round(width), round(height), mark, step, received, contrast)
    found = _IMAGES.get(key)
    if found is not None:
        return found
    w, h = key[2], key[3]
    pal = display().palette
    flat = QPixmap(w + 2 * MARGIN, h + 2 * MARGIN)
    flat.fill(Qt.GlobalColor.transparent)
    p = QPainter(flat)
    p.drawPixmap(MARGIN, MARGIN, art.pixmap(deck, code, w, h))
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    card = QRectF(MARGIN, MARGIN, w, h)
    radius = w * 0.07
    if mark == BLOCKED:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(pal.veil)
        p.drawRoundedRect(card, radius, radius)
        p.setBrush(QBrush(QColor(0, 0, 0, 130), Qt.BrushStyle.BDiagPattern))
        p.drawRoundedRect(card, radius, radius)
    if pal.card_edge_width:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(pal.card_edge, pal.card_edge_width))
        p.drawRoundedRect(card.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
    if mark in (PLAYABLE, CHOSEN):
        thick = (3.0 if mark == CHOSEN else 2.0) + (2.0 if contrast else 0.0)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(pal.chosen if mark == CHOSEN else pal.playable, thick))
        p.drawRoundedRect(card, radius, radius)
    if mark == CHOSEN:
        _badge(p, card, 0.55, _tick)
    if received:
        _badge(p, card, 0.78, _arrow)
    p.end()
    if step:
        flat = flat.transformed(
            QTransform().rotate(step / 2), Qt.TransformationMode.SmoothTransformation
        )
    if len(_IMAGES) > 4000:
        _IMAGES.clear()
    _IMAGES[key] = flat
    return flat


def _badge(
    p: QPainter, card: QRectF, at: float, glyph: Callable[[QPointF, float], QPainterPath]
) -> None:
    """A black disc with a white rim at the card's left edge (the part a fanned hand shows),
    `at` of the way down, holding a white glyph."""
    r = max(5.0, card.width() * 0.1)
    centre = QPointF(card.x() + max(r + 2, card.width() * 0.17), card.y() + card.height() * at)
    p.setPen(QPen(QColor("white"), max(1.2, r * 0.18)))
    p.setBrush(QColor("black"))
    p.drawEllipse(centre, r, r)
    path = glyph(centre, r * 0.7)
    if glyph is _arrow:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("white"))
    else:
        p.setPen(QPen(QColor("white"), max(1.5, r * 0.28)))
        p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)


def _tick(c: QPointF, r: float) -> QPainterPath:
    path = QPainterPath(c + QPointF(-r * 0.8, 0))
    path.lineTo(c + QPointF(-r * 0.2, r * 0.6))
    path.lineTo(c + QPointF(r * 0.8, -r * 0.6))
    return path


def _arrow(c: QPointF, r: float) -> QPainterPath:
    """An arrow pointing down into the card: it came to this hand."""
    path = QPainterPath(c + QPointF(-r * 0.3, -r))
    for x, y in ((0.3, -1), (0.3, 0), (0.8, 0), (0, 0.9), (-0.8, 0), (-0.3, 0)):
        path.lineTo(c + QPointF(r * x, r * y))
    path.closeSubpath()
    return path


class CardItem(QGraphicsObject):
    """A card face or back; emits gestures, leaves the rules to whoever listens.

    The card is drawn by a child `QGraphicsPixmapItem` holding its cached image, the item
    itself drawing nothing: Qt then paints a card with no Python call, where a Python `paint`
    (and the `boundingRect` that goes with it) cost most of a frame on a table of some 190 cards.
    Whatever changes the image calls `refresh`.
    """

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

    def __init__(self, art: CardArt, deck: Deck, code: str, height: float) -> None:
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
        self.blocked = False
        self.lift = 0.0
        self._press: QPointF | None = None
        self._grab = QPointF()
        self.dragging = False
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self._tilt = 0.0
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self._face = QGraphicsPixmapItem(self)
        # presses, the cursor and tooltips fall through to the card under it
        self._face.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._shown = 0
        """The `cacheKey` of the image the face holds."""
        self.scaleChanged.connect(self._on_scale)
        self.refresh()

    @property
    def card_w(self) -> float:
        """Width from the height and the card ratio."""
        return self.card_h / CARD_RATIO

    def set_code(self, deck: Deck, code: str) -> None:
        """Show another face (e.g. a back turned up)."""
        if (deck, code) != (self.deck, self.code):
            self.deck, self.code = deck, code
            self.refresh()

    def set_height(self, height: float) -> None:
        """Resize the card (its centre stays put)."""
        if abs(height - self.card_h) > 0.01:
            self.prepareGeometryChange()
            self.card_h = height
            self.refresh()

    def set_flags(self, interactive: bool, playable: bool, blocked: bool = False) -> None:
        """Whether the player may handle this card, whether some legal move uses it, and
        whether it is to be shown as not playable now (other cards are)."""
        if (interactive, playable, blocked) != (self.interactive, self.playable, self.blocked):
            self.interactive, self.playable, self.blocked = interactive, playable, blocked
            self.setCursor(
                Qt.CursorShape.OpenHandCursor if interactive else Qt.CursorShape.ArrowCursor
            )
            self.refresh()

    def set_chosen(self, chosen: bool) -> None:
        """Mark the card as selected for a multi-card action (drawn raised and outlined)."""
        if chosen != self.chosen:
            self.chosen = chosen
            self.refresh()

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
            self.refresh()

    tilt = Property(float, get_tilt, set_tilt)

    @property
    def mark(self) -> int:
        """What the card's mark says: `PLAIN`, `PLAYABLE`, `CHOSEN` or `BLOCKED`."""
        if self.chosen:
            return CHOSEN
        if self.interactive and self.playable:
            return PLAYABLE
        return BLOCKED if self.interactive and self.blocked else PLAIN

    @property
    def received(self) -> bool:
        """True while the card glows as just received (the game log marks it)."""
        return isinstance(self.graphicsEffect(), QGraphicsDropShadowEffect)

    def refresh(self) -> None:
        """Show the image the card's state now asks for (after a change of face, size, tilt,
        mark, glow or the display's contrast)."""
        pix = card_image(
            self.art,
            self.deck,
            self.code,
            self.card_w,
            self.card_h,
            self.mark,
            self._tilt,
            self.received,
        )
        if pix.cacheKey() != self._shown:
            self._shown = pix.cacheKey()
            self._face.setPixmap(pix)
            self._face.setOffset(-pix.width() / 2, -pix.height() / 2)

    def _on_scale(self) -> None:
        """Filter the image only while the card is scaled (a flight growing it)."""
        smooth = self.scale() != 1
        self._face.setTransformationMode(
            Qt.TransformationMode.SmoothTransformation
            if smooth
            else Qt.TransformationMode.FastTransformation
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
        """Nothing: the face, a child item, draws the card."""

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
