"""The last completed trick: a small button in the middle that shows its cards and winner.

Fed only by the standard `trick` event (`cards`, `winner`), so it knows no game.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsObject,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tabletop.engine.cards import Deck
from tabletop.engine.text import Msg
from tabletop.fonts import table_font
from tabletop.i18n import _, render
from tabletop.ui.table import zorder
from tabletop.ui.table.art import CardArt
from tabletop.ui.table.layout import CARD_RATIO

TEXT = QColor("#f1f5ec")
EDGE = QColor(255, 255, 255, 90)


class LastTrickItem(QGraphicsObject):
    """ "Last trick" button; hovering (or a click, which pins it) opens the trick's cards."""

    def __init__(self, art: CardArt) -> None:
        super().__init__()
        self.art = art
        self.deck = Deck.STANDARD
        self.cards: tuple[str, ...] = ()
        self.winner = ""
        self.button = QRectF()
        self.bounds = QRectF()
        self.font_px = 11.0
        self.hovered = False
        self.pinned = False
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setZValue(zorder.STATUS)
        self.hide()

    @property
    def expanded(self) -> bool:
        """True while the trick's cards are shown."""
        return bool(self.cards) and (self.hovered or self.pinned)

    def set_trick(self, deck: Deck, cards: Sequence[str], winner: str) -> None:
        """Remember a completed trick (its cards in play order and who took it)."""
        self.prepareGeometryChange()
        self.deck, self.cards, self.winner = deck, tuple(cards), winner
        self.setVisible(bool(self.cards) and not self.button.isEmpty())
        self.update()

    def place(self, button: QRectF, bounds: QRectF, font_px: float) -> None:
        """Put the button at `button`; the open trick stays inside `bounds`."""
        self.prepareGeometryChange()
        self.button, self.bounds, self.font_px = button, bounds, font_px
        self.setVisible(bool(self.cards) and not button.isEmpty())
        self.update()

    def button_font(self) -> QFont:
        """The button's font: smaller where its words would be wider than the button (the
        Japanese words spilled over the info corner beside it)."""
        size = self.font_px
        font = table_font(size)
        # text widths do not scale exactly with the font: step down until the words fit
        while size > 6.0 and QFontMetricsF(font).horizontalAdvance(_("Last trick ▾")) + 8 > max(
            self.button.width(), 1.0
        ):
            size -= 0.5
            font = table_font(size)
        return font

    def _card_h(self) -> float:
        return max(40.0, min(110.0, self.bounds.height() * 0.28))

    def panel_rect(self) -> QRectF:
        """Where the open trick is drawn: under the button, inside the bounds."""
        h = self._card_h()
        w = h / CARD_RATIO
        n = max(1, len(self.cards))
        step = min(w * 0.62, max(8.0, (self.bounds.width() - 24 - w) / max(1, n - 1)))
        text_w = QFontMetricsF(table_font(self.font_px, True)).horizontalAdvance(self._caption())
        pw = max(w + step * (n - 1), text_w) + 20
        ph = h + self.font_px * 1.6 + 20
        x = max(self.bounds.x(), self.button.right() - pw)
        return QRectF(x, self.button.bottom() + 4, min(pw, self.bounds.width()), ph)

    def _caption(self) -> str:
        if self.winner:
            return render(Msg("Taken by {name}", name=self.winner))
        return _("Last trick")

    def boundingRect(self) -> QRectF:
        """The button, and the open trick while it shows."""
        rect = self.button.adjusted(-2, -2, 2, 2)
        return rect.united(self.panel_rect().adjusted(-2, -2, 2, 2)) if self.expanded else rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """The button; when open, the cards fanned in play order and who took them."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(EDGE, 1))
        painter.setBrush(QColor(0, 0, 0, 150 if self.expanded else 110))
        painter.drawRoundedRect(self.button, 8, 8)
        painter.setFont(self.button_font())
        painter.setPen(TEXT)
        painter.drawText(self.button, Qt.AlignmentFlag.AlignCenter, _("Last trick ▾"))
        if not self.expanded:
            return
        box = self.panel_rect()
        painter.setBrush(QColor(10, 24, 16, 235))
        painter.setPen(QPen(EDGE, 1))
        painter.drawRoundedRect(box, 10, 10)
        h = self._card_h()
        w = h / CARD_RATIO
        n = len(self.cards)
        step = (box.width() - 20 - w) / (n - 1) if n > 1 else 0.0
        step = min(step, w * 0.62)
        x0 = box.center().x() - (w + step * (n - 1)) / 2
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        for i, code in enumerate(self.cards):
            pix = self.art.pixmap(self.deck, code, w, h)
            painter.drawPixmap(QRectF(x0 + i * step, box.y() + 10, w, h), pix, QRectF(pix.rect()))
        painter.setFont(table_font(self.font_px, bold=True))
        painter.setPen(TEXT)
        painter.drawText(
            QRectF(box.x(), box.y() + h + 12, box.width(), self.font_px * 1.6),
            Qt.AlignmentFlag.AlignCenter,
            self._caption(),
        )

    def _set_hover(self, on: bool) -> None:
        if on != self.hovered:
            self.prepareGeometryChange()
            self.hovered = on
            self.setZValue(zorder.PEEK if self.expanded else zorder.STATUS)
            self.update()

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        """Open the trick while the pointer rests on the button."""
        self._set_hover(self.button.contains(event.scenePos()))

    def hoverMoveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        """Keep it open over the button or the open trick."""
        inside = self.button.contains(event.scenePos()) or (
            self.expanded and self.panel_rect().contains(event.scenePos())
        )
        self._set_hover(inside)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        """Close it when the pointer leaves."""
        self._set_hover(False)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """A click on the button pins the trick open (or unpins it)."""
        if not self.button.contains(event.scenePos()):
            event.ignore()
            return
        self.prepareGeometryChange()
        self.pinned = not self.pinned
        self.setZValue(zorder.PEEK if self.expanded else zorder.STATUS)
        self.update()
        event.accept()
