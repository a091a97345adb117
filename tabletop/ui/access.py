"""Words for screen readers: cards, zones and the focus, in the viewer's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import QGraphicsView, QPlainTextEdit, QWidget

from tabletop.engine.events import Event
from tabletop.engine.views import BACK, View
from tabletop.i18n import _, current, for_view, view_deck
from tabletop.i18n.cards import join, spoken_name
from tabletop.ui.cards import CardItem
from tabletop.ui.items import PlateItem
from tabletop.ui.scene import TableScene


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_words(code: str, view: View) -> str:
    """A card spelled out in the viewer's language ("seven of hearts" / "ハートの7")."""
    if code == BACK:
        return _("face-down card")
    return spoken_name(code, current(), view_deck(view))


def card_text(item: CardItem, view: View) -> str:
    """ "Seven of hearts, playable": a card spelled out, and what it may do now."""
    if item.code == BACK:
        return _capital(_("face-down card"))
    name = _capital(card_words(item.code, view))
    if item.received:
        name = _("{card}, just received").format(card=name)
    if item.chosen:
        return _("{card}, chosen").format(card=name)
    if item.playable and item.interactive:
        return _("{card}, playable").format(card=name)
    if item.blocked and item.interactive:
        return _("{card}, not playable now").format(card=name)
    return name


def played_by(events: Sequence[Event], viewer: int | None) -> dict[str, int]:
    """Who last put each card down in public, as the viewer's events tell: the card codes of
    events with a `seat` and an open `card` or `cards` field."""
    owners: dict[str, int] = {}
    for event in events:
        data = event.to_json(viewer, omniscient=False)
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            continue
        cards = data.get("cards")
        codes = cards if isinstance(cards, list) else [data.get("card")]
        for code in codes:
            if isinstance(code, str) and code != BACK:
                owners[code] = seat
    return owners


def zone_text(
    view: View, zone_id: str, names: Sequence[str], owners: dict[str, int] | None = None
) -> str:
    """ "Trick: Bob's seven of hearts, Chie's jack of spades": a zone's label (and owner) with
    the cards the viewer sees in it, each shared card with who put it there if known."""
    try:
        zone = view.zone(zone_id)
    except KeyError:
        return zone_id
    label = for_view(zone.label, view) or zone.id
    if zone.owner is not None and 0 <= zone.owner < len(names):
        label = f"{names[zone.owner]} — {label}"
    parts = []
    for code in zone.cards:
        if code == BACK:
            continue
        words = card_words(code, view)
        seat = (owners or {}).get(code) if zone.owner is None else None
        if seat is not None and 0 <= seat < len(names):
            words = _("{player}'s {card}").format(player=names[seat], card=words)
        parts.append(words)
    hidden = sum(1 for c in zone.cards if c == BACK)
    if hidden:
        parts.append(_("{n} face down").format(n=hidden))
    return f"{label}: {join(parts, current()) if parts else _('empty')}"


def plate_text(plate: PlateItem, view: View) -> str:
    """ "Bob, to play, Score 3": a seat plate's name, whether it acts and its counters."""
    name = plate.name
    if plate.seat == view.seat:
        name = _("{player} (you)").format(player=name)
    parts = [name]
    if plate.acting:
        parts.append(_("to play"))
    return join([*parts, *plate.chunks], current())


def status_text(view: View) -> str:
    """The status line, after "Your turn:" when the viewer's seat must act (unless it says
    so itself at its start)."""
    status = for_view(view.status, view)
    acting = view.seat is not None and view.seat in view.to_act and not view.over
    said = status.lower().startswith(_("Your turn", ctx="status start").lower())
    if status and acting and not said:
        return _("Your turn: {status}").format(status=status)
    return status


def post(event: QAccessibleEvent) -> None:
    """Hand an event to assistive technology (if any listens)."""
    if QAccessible.isActive():
        QAccessible.updateAccessibility(event)


def announce(widget: QWidget, text: str) -> None:
    """Tell assistive technology that the focus is on `widget`, named `text`."""
    if text and widget.accessibleName() != text:
        widget.setAccessibleName(text)
    post(QAccessibleEvent(widget, QAccessible.Event.Focus))


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
        self._owners: tuple[int, int | None, dict[str, int]] = (0, None, {})

    def _log(self) -> Any:
        """The game log of the table this view belongs to (None outside a table)."""
        widget: QObject | None = self.view
        while widget is not None and not hasattr(widget, "gamelog"):
            widget = widget.parent()
        return getattr(widget, "gamelog", None)

    def owners(self) -> dict[str, int]:
        """Who put each shared card down, from the table's game log (only its new events are
        read, unless its viewer changed)."""
        log = self._log()
        if log is None:
            return {}
        size, viewer, found = self._owners
        if viewer != log.viewer or size > len(log.events):
            size, found = 0, {}
        if size < len(log.events):
            found = {**found, **played_by(log.events[size:], log.viewer)}
            self._owners = (len(log.events), log.viewer, found)
        return found

    def name_log(self) -> None:
        """Name the table's game log for screen readers (its text is read as it is)."""
        log = self._log()
        text = getattr(log, "text", None)
        if isinstance(text, QPlainTextEdit) and not text.accessibleName():
            text.setAccessibleName(_("Game log"))
            text.setAccessibleDescription(_("Everything that happened, one line each"))

    def shadow(self, item: object) -> Shadow | None:
        """The stand-in of a table item (None if it has none now)."""
        return self.shadows.get(id(item))

    def sync(self) -> None:
        """Name and place a stand-in for everything drawn now (under the curtain: only the
        curtain's words), while an assistive technology listens (`QAccessible.isActive`)."""
        if not shiboken6.isValid(self.view):
            return  # the table was closed while its scene still settles
        if not QAccessible.isActive():
            return  # nothing reads them: like Qt's own accessibility, they wait for a reader
        scene, view = self.scene, self.scene.view
        self.name_log()
        entries: list[tuple[object, QRectF, str, str]] = []
        if scene.covered and scene.curtain.text:
            curtain = scene.curtain
            entries.append((curtain, curtain.rect, curtain.text, _("The screen is passed on")))
            if self.view.accessibleName() != curtain.text:
                announce(self.view, curtain.text)  # the view has the keyboard focus
        if view is not None and not scene.covered:
            status = status_text(view)
            if status:
                entries.append((scene.status, scene.status.rect, status, _("Status line")))
            for plate in scene.plates.values():
                words = plate_text(plate, view)
                entries.append((plate, plate.rect, words, _("Seat")))
            owners = self.owners()
            for zone_id, zone in scene.zone_items.items():
                words = zone_text(view, zone_id, self.names, owners)
                entries.append((zone, zone.rect, words, _("Place on the table")))
            labels = {z.id: for_view(z.label, view) for z in view.zones}
            for card in scene.cards:
                rect = card.mapRectToScene(card.boundingRect())
                where = labels.get(card.zone_id) or _("Card")
                entries.append((card, rect, card_text(card, view), where))
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


def announce_focus(mirror: Mirror, item: object, text: str) -> None:
    """Announce the keyboard focus of a table (`item`, as its keys hold it): on the focused
    button, or on the item's stand-in and on the table's view (named after the item)."""
    if isinstance(item, QWidget):
        announce(item, text)
        return
    mirror.sync()
    shade = mirror.shadow(item)
    if shade is not None:
        announce(shade, text)
    # The view holds the real keyboard focus: screen readers speak its name when it changes.
    announce(mirror.view, text)
