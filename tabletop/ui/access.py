"""Words for screen readers: cards, zones and the focus, in the viewer's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from tabletop.engine.views import BACK, View
from tabletop.i18n import _, current, for_view
from tabletop.i18n.cards import card_name
from tabletop.ui.cards import CardItem
from tabletop.ui.scene import TableScene

if TYPE_CHECKING:
    from tabletop.ui.table import TableWidget


def card_text(item: CardItem, view: View) -> str:
    """ "7♥, playable": a card as the viewer's language names it, and what it may do."""
    if item.code == BACK:
        return _("face-down card")
    deck = str(view.hints.get("deck", "standard"))
    name = card_name(item.code, current(), deck)
    if item.chosen:
        return _("{card}, chosen").format(card=name)
    if item.playable and item.interactive:
        return _("{card}, playable").format(card=name)
    return name


def zone_text(view: View, zone_id: str, names: Sequence[str]) -> str:
    """ "Trick: 7♥, J♠": a zone's label (and owner) with the cards the viewer sees in it."""
    try:
        zone = view.zone(zone_id)
    except KeyError:
        return zone_id
    label = for_view(zone.label, view) or zone.id
    if zone.owner is not None and 0 <= zone.owner < len(names):
        label = f"{names[zone.owner]} — {label}"
    deck = str(view.hints.get("deck", "standard"))
    shown = [card_name(c, current(), deck) for c in zone.cards if c != BACK]
    hidden = sum(1 for c in zone.cards if c == BACK)
    parts = list(shown)
    if hidden:
        parts.append(_("{n} face down").format(n=hidden))
    return f"{label}: {', '.join(parts) if parts else _('empty')}"


def announce(widget: QWidget, text: str) -> None:
    """Tell assistive technology that the focus is on `widget`, named `text`."""
    if text and widget.accessibleName() != text:
        widget.setAccessibleName(text)
    if QAccessible.isActive():
        QAccessible.updateAccessibility(QAccessibleEvent(widget, QAccessible.Event.Focus))


class Shadow(QWidget):
    """An invisible stand-in over one table item: gives the item a place, a name and a
    description in the accessibility tree (graphics items have none of their own)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("a11y")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def set_item(self, rect: QRectF, name: str, description: str) -> None:
        """Cover `rect` (viewport pixels) and carry these words."""
        self.setGeometry(rect.toAlignedRect())
        if name != self.accessibleName():
            self.setAccessibleName(name)
        if description != self.accessibleDescription():
            self.setAccessibleDescription(description)
        self.show()


class Mirror:
    """Keeps one `Shadow` per card, zone, seat plate and the status line of a table view."""

    def __init__(self, view: QGraphicsView, scene: TableScene, names: Sequence[str]) -> None:
        self.view = view
        self.scene = scene
        self.names = list(names)
        self.shadows: dict[int, Shadow] = {}
        self.spare: list[Shadow] = []

    def shadow(self, item: object) -> Shadow | None:
        """The stand-in of a table item (None if it has none now)."""
        return self.shadows.get(id(item))

    def sync(self) -> None:
        """Name and place a stand-in for everything drawn now (nothing under the curtain)."""
        if not shiboken6.isValid(self.view):
            return  # the table was closed while its scene still settles
        scene, view = self.scene, self.scene.view
        entries: list[tuple[object, QRectF, str, str]] = []
        if view is not None and not scene.covered:
            status = for_view(view.status, view)
            if status:
                entries.append((scene.status, scene.status.rect, status, _("Status line")))
            for seat, plate in scene.plates.items():
                name = self.names[seat] if seat < len(self.names) else str(seat)
                about = ", ".join(plate.chunks)
                entries.append((plate, plate.rect, name, about))
            for zone_id, zone in scene.zone_items.items():
                words = zone_text(view, zone_id, self.names)
                entries.append((zone, zone.rect, words, words))
            for card in scene.cards:
                rect = card.mapRectToScene(card.boundingRect())
                entries.append((card, rect, card_text(card, view), _("Card")))
        old = self.shadows
        self.shadows = {}
        for item, rect, name, about in entries:
            shade = old.pop(id(item), None) or (self.spare.pop() if self.spare else None)
            if shade is None:
                shade = Shadow(self.view.viewport())
            shown = self.view.mapFromScene(rect).boundingRect()
            shade.set_item(QRectF(shown), name, about)
            self.shadows[id(item)] = shade
        for shade in old.values():
            shade.hide()
            self.spare.append(shade)


def announce_focus(table: TableWidget, text: str) -> None:
    """Announce the keyboard focus of a table: on the focused button or the item's stand-in."""
    item = table.keys.focused()
    if isinstance(item, QWidget):
        announce(item, text)
        return
    table.mirror.sync()
    announce(table.mirror.shadow(item) or table.view, text)
