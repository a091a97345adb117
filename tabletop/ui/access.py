"""Words for screen readers: cards, zones and the focus, in the viewer's language."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import QWidget

from tabletop.engine.views import BACK, View
from tabletop.i18n import _, current, for_view
from tabletop.i18n.cards import card_name
from tabletop.ui.cards import CardItem


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
    """Name the widget after what has the focus and tell assistive technology about it."""
    widget.setAccessibleName(text)
    widget.setAccessibleDescription(text)
    if QAccessible.isActive():
        QAccessible.updateAccessibility(QAccessibleEvent(widget, QAccessible.Event.Focus))
