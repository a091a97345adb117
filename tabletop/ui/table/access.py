"""Words for screen readers: cards, zones and the focus, in the viewer's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QRectF
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QGraphicsView, QPlainTextEdit, QWidget

from tabletop.engine.events import Event
from tabletop.engine.views import BACK, View
from tabletop.i18n import _, current, for_view, view_deck
from tabletop.i18n.cards import join, spoken_name
from tabletop.ui.reader import Shadow, announce
from tabletop.ui.table.cards import CardItem
from tabletop.ui.table.items import PlateItem
from tabletop.ui.table.scene import TableScene
from tabletop.ui.texts import says_you


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
    if plate.seat == view.seat and not says_you(name):
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


class Mirror:
    """Keeps one `Shadow` per card, zone, seat plate and the status line of a table view: the
    zones are lists, each card an item of its zone's list; face-down cards are told only as a
    count in their zone's name (whose hand, how many), not one node each."""

    def __init__(self, view: QGraphicsView, scene: TableScene, names: Sequence[str]) -> None:
        self.view = view
        self.scene = scene
        self.names = list(names)
        self.shadows: dict[int, Shadow] = {}
        self.spare: dict[QAccessible.Role, list[Shadow]] = {}
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
        # (item, scene rect, name, description, role, the item it belongs under)
        entries: list[tuple[object, QRectF, str, str, QAccessible.Role, object]] = []
        role = QAccessible.Role
        if scene.covered and scene.curtain.text:
            curtain = scene.curtain
            about = _("The screen is passed on")
            entries.append((curtain, curtain.rect, curtain.text, about, role.Button, None))
            if self.view.accessibleName() != curtain.text:
                announce(self.view, curtain.text)  # the view has the keyboard focus
        if view is not None and not scene.covered:
            status = status_text(view)
            if status:
                rect = scene.status.rect
                entries.append((scene.status, rect, status, _("Status line"), role.StatusBar, None))
            for plate in scene.plates.values():
                words = plate_text(plate, view)
                entries.append((plate, plate.rect, words, _("Seat"), role.StaticText, None))
            owners = self.owners()
            for zone_id, zone in scene.zone_items.items():
                if not zone.isVisible():
                    continue  # an own empty place kept free but not drawn
                words = zone_text(view, zone_id, self.names, owners)
                about = _("Place on the table")
                entries.append((zone, zone.rect, words, about, role.List, None))
            labels = {z.id: for_view(z.label, view) for z in view.zones}
            for card in scene.cards:
                if card.code == BACK or not card.isVisible():
                    continue  # a face-down card is counted in its zone's name
                rect = card.mapRectToScene(card.boundingRect())
                where = labels.get(card.zone_id) or _("Card")
                zone_item = scene.zone_items.get(card.zone_id)
                words = card_text(card, view)
                entries.append((card, rect, words, where, role.ListItem, zone_item))
        old = self.shadows
        self.shadows = {}
        for item, rect, name, about, kind, under in entries:
            parent = self.shadows.get(id(under)) if under is not None else None
            holder = parent if parent is not None else self.view.viewport()
            spare = self.spare.setdefault(kind, [])
            shade = old.pop(id(item), None) or (spare.pop() if spare else None)
            if shade is None:
                shade = Shadow(holder, kind)
            elif shade.parentWidget() is not holder:
                shade.setParent(holder)
            shown = QRectF(self.view.mapFromScene(rect).boundingRect())
            if parent is not None:
                shown.translate(-parent.x(), -parent.y())
            shade.set_item(shown, name, about)
            self.shadows[id(item)] = shade
        for shade in old.values():
            shade.hide()
            self.spare.setdefault(shade.role, []).append(shade)


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
