"""TableScene: draws any game's View and turns card gestures into requests.

It knows zones, cards, counters and moves, never a game. Each new View is matched against
the cards already on the table, so a card that moved flies from where it was, a card turned
up flips in place, and a new deal flies out from the middle.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QRadialGradient
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneMouseEvent

from tabletop.engine.cards import SUIT_SYMBOL, Deck
from tabletop.engine.text import Msg
from tabletop.engine.views import BACK, Counter, View
from tabletop.fonts import table_font
from tabletop.i18n import for_view, render, view_deck
from tabletop.ui.table import gestures, zorder
from tabletop.ui.table.art import CardArt
from tabletop.ui.table.cards import CardItem
from tabletop.ui.table.curtain import CurtainItem
from tabletop.ui.table.display import display
from tabletop.ui.table.guard import InputGuard
from tabletop.ui.table.items import FELT_TEXT, BadgeItem, FadingText, PlateItem, TextItem, ZoneItem
from tabletop.ui.table.lasttrick import LastTrickItem
from tabletop.ui.table.layout import LIFT, Rect, TableLayout, card_places, compute
from tabletop.ui.table.motion import Motion

NOTICE = QColor("#ffb199")

SEAT_COUNTERS = frozenset({"dealer", "leader", "lead", "starter", "start", "first", "declarer"})
"""Shared counters whose whole-number value is a seat: shown as that seat's name."""


def _fmt(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def counter_value(counter: Counter, names: Sequence[str] = ()) -> str:
    """A counter's value as text; a seat-valued shared counter ("dealer" …) names the seat."""
    value = counter.value
    if isinstance(value, Msg):
        return render(value, names=names)
    if (
        counter.owner is None
        and counter.id in SEAT_COUNTERS
        and isinstance(value, int)
        and not isinstance(value, bool)
        and 0 <= value < len(names)
    ):
        return names[value]
    return _fmt(value)


def counter_chunks(counters: Sequence[Counter], names: Sequence[str] = ()) -> list[str]:
    """Each counter as "Label value" ("Score 3"); counters with no value yet are left out."""
    out = []
    for c in counters:
        value = counter_value(c, names)
        if value:
            out.append(f"{render(c.label, names=names)} {value}".strip())
    return out


def idle_chunks(counters: Sequence[Counter], names: Sequence[str] = ()) -> frozenset[str]:
    """The chunks (as `counter_chunks` writes them) of the counters standing at zero."""
    return frozenset(
        f"{render(c.label, names=names)} {counter_value(c, names)}".strip()
        for c in counters
        if isinstance(c.value, int | float) and not isinstance(c.value, bool) and c.value == 0
    )


def label_rooms(
    lay: TableLayout, view: View, labels: dict[str, str], font: QFont
) -> dict[str, float]:
    """How wide each zone's label may be, centred over its zone: the zone's width, or more
    where the space beside it is free (no other zone, seat box, status or info corner, nor
    the part of a neighbour's label line its own label needs), within the zone's seat box
    (the table, for shared zones)."""
    metrics = QFontMetricsF(font)
    owners = {z.id: z.owner for z in view.zones}
    shown = {k: s for k, s in lay.zones.items() if not s.quiet and k in labels}
    need = {k: metrics.horizontalAdvance(labels[k]) + 6 for k in shown}
    fixed = [lay.status, lay.info, lay.corner]
    rooms: dict[str, float] = {}
    for key, slot in shown.items():
        r = slot.rect
        owner = owners.get(key)
        box = lay.plates.get(owner) if owner is not None and owner != lay.bottom else None
        boxed = box is not None
        bound = box if box is not None else Rect(0, 0, lay.width, lay.height)
        left, right = bound.x, bound.x + bound.w
        top, bottom = r.y, r.y + slot.label_h
        # (rectangle, the half-width it takes about its centre on this label line); a gap
        # between two labels that both want more is shared in proportion to what they lack
        mine = max(0.0, need[key] - r.w) / 2
        others = []
        for k, z in shown.items():
            o = z.rect
            if k == key:
                continue
            half = o.w / 2
            if abs(o.y - r.y) < 1 and abs(z.label_h - slot.label_h) < 1:
                theirs = max(0.0, need[k] - o.w) / 2
                gap = max(0.0, r.x - o.right if o.x < r.x else o.x - r.right)
                if theirs + mine > gap:
                    theirs = gap * theirs / (theirs + mine)
                half += theirs
            others.append((o, half))
        if not boxed:
            others += [(p, p.w / 2) for s, p in lay.plates.items() if s != owner]
            others += [(f, f.w / 2) for f in fixed if f.w > 0]
        for o, half in others:
            if o.y >= bottom or o.y + o.h <= top:
                continue
            if o.x + o.w / 2 < r.x + r.w / 2:
                left = max(left, o.x + o.w / 2 + half)
            else:
                right = min(right, o.x + o.w / 2 - half)
        centre = r.x + r.w / 2
        rooms[key] = max(r.w, 2 * min(centre - left, right - centre))
    return rooms


class TableScene(QGraphicsScene):
    """The table: zones, seat plates, cards, status line, notices and the hot-seat curtain."""

    dropRequested = Signal(object, str)
    """Cards (a tuple of codes) were dropped on a zone id."""
    playRequested = Signal(object)
    """Cards (a tuple of codes) were double-clicked: play them by their obvious move."""
    clickRequested = Signal(str)
    """A card with a click move was clicked."""
    selectionChanged = Signal()
    """The set of chosen cards changed."""
    settled = Signal()
    """All cards reached their places."""
    curtainClicked = Signal()
    """The player behind the curtain is ready."""

    def __init__(self, art: CardArt | None = None) -> None:
        super().__init__()
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.art = art or CardArt()
        self.view: View | None = None
        self.bottom = 0
        self.interactive = False
        self.layout: TableLayout | None = None
        self.cards: list[CardItem] = []
        self.zone_items: dict[str, ZoneItem] = {}
        self.plates: dict[int, PlateItem] = {}
        self.badges: dict[str, BadgeItem] = {}
        self.last_trick = LastTrickItem(self.art)
        self.status = TextItem(zorder.STATUS, FELT_TEXT, bold=True)
        self.info = TextItem(zorder.STATUS, FELT_TEXT)
        self.info.align = Qt.AlignmentFlag.AlignLeft
        self.curtain = CurtainItem()
        self.guard = InputGuard()
        """Clicks are ignored for a moment after the table changed under the person's hand."""
        self._swallowed = False
        self.motion = Motion(self)
        self.motion.finished.connect(self._landed)
        self._settling = False
        self.notice = ""
        self._toast: FadingText | None = None
        self._drag: tuple[CardItem, list[CardItem], tuple[str, ...]] | None = None
        for item in (self.status, self.info, self.curtain, self.last_trick):
            self.addItem(item)
        self.curtain.clicked.connect(self.curtainClicked)
        display().changed.connect(self.restyle)

    # ---- drawing a view -------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """Green felt, lighter in the middle (near black in high contrast), and on it the
        zones and the seats' plates (`FeltItem`)."""
        area = self.sceneRect()
        pal = display().palette
        gradient = QRadialGradient(area.center(), max(area.width(), area.height()) * 0.7)
        gradient.setColorAt(0.0, pal.felt_inner)
        gradient.setColorAt(1.0, pal.felt_outer)
        painter.fillRect(rect, gradient)
        # the zones and plates lie on the felt: drawn here, they are cached with it
        exposed = QRectF(rect)
        painter.save()
        painter.setClipRect(exposed, Qt.ClipOperation.IntersectClip)
        for item in (*self.zone_items.values(), *self.plates.values()):
            if item.isVisible() and item.sceneBoundingRect().intersects(exposed):
                painter.save()
                painter.setTransform(item.sceneTransform(), True)
                # within its bounds, as Qt clips an item's cache (and as `redraw` redraws)
                painter.setClipRect(item.boundingRect(), Qt.ClipOperation.IntersectClip)
                item.draw(painter)
                painter.restore()
        painter.restore()

    def restyle(self) -> None:
        """Draw everything again for a new zoom or contrast."""
        for item in self.items():
            item.update()
        for card in self.cards:
            card.refresh()
        for view in self.views():
            view.resetCachedContent()
        self.relayout()

    def show_view(
        self, view: View, bottom: int, duration: int, interactive: bool, deal: bool = False
    ) -> None:
        """Draw `view` with seat `bottom` at the bottom, animating changes over `duration` ms."""
        self.motion.stop()
        self._settling = True
        self._cancel_drag()
        self.view, self.bottom, self.interactive = view, bottom, interactive
        rect = self.sceneRect()
        lay = compute(rect.width(), rect.height(), view, bottom, display().scale())
        self.layout = lay
        self._sync_zones(lay, view)
        self._sync_plates(lay, view)
        self._sync_text(lay, view)
        self._sync_cards(lay, view, duration, deal)
        self._sync_badges(lay, view)
        if self.curtain.isVisible():
            self.curtain.cover(rect, self.curtain.text)
        self.motion.start()

    def _landed(self) -> None:
        """The cards of the last view drawn are in place: say so once (not after snap-backs)."""
        if self._settling:
            self._settling = False
            self.settled.emit()

    def relayout(self) -> None:
        """Place everything again for a new size, without animation."""
        if self.view is not None:
            self.show_view(self.view, self.bottom, 0, self.interactive)
        elif self.curtain.isVisible():
            self.curtain.cover(self.sceneRect(), self.curtain.text)

    def _sync_zones(self, lay: TableLayout, view: View) -> None:
        live = set()
        labels: dict[str, str] = {}
        for zone in view.zones:
            if zone.id not in lay.zones:
                continue
            label = for_view(zone.label, view)
            if label and zone.kind in ("pile", "stack", "tableau") and zone.cards:
                label = f"{label} ({len(zone.cards)})"
            labels[zone.id] = label
        rooms = label_rooms(lay, view, labels, table_font(lay.small_font_px))
        for zone in view.zones:
            slot = lay.zones.get(zone.id)
            if slot is None:
                continue
            live.add(zone.id)
            item = self.zone_items.get(zone.id)
            if item is None:
                item = ZoneItem(zone.id)
                self.zone_items[zone.id] = item
                self.addItem(item)
            r = slot.rect
            item.set_geometry(
                QRectF(r.x, r.y, r.w, r.h),
                labels[zone.id],
                slot.label_h,
                lay.small_font_px,
                rooms.get(zone.id, 0.0),
            )
            item.setVisible(not slot.quiet)
        for zone_id in set(self.zone_items) - live:
            self.removeItem(self.zone_items.pop(zone_id))

    def _sync_plates(self, lay: TableLayout, view: View) -> None:
        per_seat: dict[int | None, list[Counter]] = defaultdict(list)
        for c in view.counters:
            per_seat[c.owner].append(c)
        for seat in range(view.players):
            r = lay.plates.get(seat)
            if r is None:
                continue
            item = self.plates.get(seat)
            if item is None:
                item = PlateItem(seat)
                self.plates[seat] = item
                self.addItem(item)
            item.set_content(
                QRectF(r.x, r.y, r.w, r.h),
                view.names[seat]
                if seat < len(view.names)
                else render(Msg("Seat {number}", number=seat + 1)),
                counter_chunks(per_seat.get(seat, []), view.names),
                seat in view.to_act and not view.over,
                seat == view.seat,
                lay.box_font_px if seat != self.bottom else lay.font_px,
                lay.text_h.get(seat, r.h),
                idle_chunks(per_seat.get(seat, []), view.names),
                lay.text_w.get(seat, 0.0),
            )
        for seat in [s for s in self.plates if s >= view.players or s not in lay.plates]:
            self.removeItem(self.plates.pop(seat))

    def _sync_text(self, lay: TableLayout, view: View) -> None:
        s = lay.status
        self.status.set_text(QRectF(s.x, s.y, s.w, s.h), for_view(view.status, view), lay.font_px)
        chunks = counter_chunks([c for c in view.counters if c.owner is None], view.names)
        trump = view.hints.get("trump")
        if trump and not any(c.id == "trump" for c in view.counters):
            symbol = SUIT_SYMBOL.get(str(trump), str(trump))
            chunks.append(render(Msg("Trump {suit}", suit=symbol)))
        told, lines = list(chunks), []
        for count in lay.info_rows:
            lines.append(" · ".join(chunks[:count]))
            chunks = chunks[count:]
        if chunks:  # the view changed since the layout: whatever is left, on the last line
            lines[-1:] = [" · ".join(lines[-1:] + chunks)]
        i = lay.info
        self.info.set_text(QRectF(i.x, i.y, i.w, i.h), "\n".join(lines), lay.small_font_px)
        self.info.setToolTip("\n".join(told))
        c = lay.corner
        self.last_trick.place(QRectF(c.x, c.y, c.w, c.h), self.sceneRect(), lay.small_font_px)

    def _sync_badges(self, lay: TableLayout, view: View) -> None:
        """A card count on every other seat's hand."""
        live = set()
        for zone in view.zones:
            slot = lay.zones.get(zone.id)
            if slot is None or zone.kind != "hand" or zone.owner == self.bottom or not zone.cards:
                continue
            live.add(zone.id)
            badge = self.badges.get(zone.id)
            if badge is None:
                badge = BadgeItem()
                self.badges[zone.id] = badge
                self.addItem(badge)
            size = max(12.0, min(20.0, slot.card_h * 0.3))
            text = str(len(zone.cards))
            w = max(size, size * 0.45 * len(text) + size * 0.5)
            r = slot.rect
            badge.set_badge(QRectF(r.right - w, r.y + slot.label_h, w, size), text)
        for zone_id in set(self.badges) - live:
            self.removeItem(self.badges.pop(zone_id))

    def remember_trick(self, cards: Sequence[str], winner: int | None) -> None:
        """Keep a completed trick for the "Last trick" button (from a `trick` event)."""
        view = self.view
        names = view.names if view is not None else ()
        deck = view_deck(view) if view is not None else Deck.STANDARD
        name = names[winner] if winner is not None and 0 <= winner < len(names) else ""
        self.last_trick.set_trick(deck, cards, name)

    def _sync_cards(self, lay: TableLayout, view: View, duration: int, deal: bool) -> None:
        deck = view_deck(view)
        old_counts: dict[str, int] = defaultdict(int)
        by_zone_code: dict[tuple[str, str], list[CardItem]] = defaultdict(list)
        by_code: dict[str, list[CardItem]] = defaultdict(list)
        for item in self.cards:
            old_counts[item.zone_id] += 1
            by_zone_code[(item.zone_id, item.code)].append(item)
            by_code[item.code].append(item)
        new_counts = {z.id: len(z.cards) for z in view.zones}
        targets = []
        for zone in view.zones:
            slot = lay.zones.get(zone.id)
            if slot is None:
                continue
            for place, code in zip(card_places(slot, len(zone.cards)), zone.cards, strict=True):
                targets.append((zone, code, place))
        used: set[int] = set()
        chosen: list[CardItem | None] = [None] * len(targets)

        def take(pool: list[CardItem], want: str | None = None) -> CardItem | None:
            for item in pool:
                if id(item) not in used and (want is None or item.code == want):
                    used.add(id(item))
                    return item
            return None

        for k, (zone, code, _) in enumerate(targets):
            chosen[k] = take(by_zone_code.get((zone.id, code), []))
        if not deal:
            shrunk = [
                it for it in self.cards if new_counts.get(it.zone_id, 0) < old_counts[it.zone_id]
            ]
            for k, (_, code, _) in enumerate(targets):
                if chosen[k] is None and code != BACK:
                    chosen[k] = take(by_code.get(code, []))
            for k, (_, code, _) in enumerate(targets):
                if chosen[k] is None:
                    chosen[k] = take(shrunk, code) or take(shrunk)
        playable = gestures.playable(view) if self.interactive else set()
        reach = gestures.reachable(view) if self.interactive else {}
        centre = QPointF(lay.middle.cx, lay.middle.cy)
        fresh = sum(1 for c in chosen if c is None)
        stagger = min(40, 700 // max(1, fresh)) if duration > 0 else 0
        born = 0
        cards = []
        for k, (zone, code, place) in enumerate(targets):
            found = chosen[k]
            start_scale = 1.0
            delay = 0
            if found is None:
                item = self._new_card(deck, code, place.h)
                item.setPos(centre)
                start_scale, delay = 0.5, born * stagger
                born += 1
            else:
                item = found
                old_h = item.card_h * item.scale()
                item.set_code(deck, code)
                if abs(old_h - place.h) > 0.5:
                    start_scale = old_h / place.h
                item.set_height(place.h)
            item.zone_id = zone.id
            item.home = QPointF(place.x, place.y)
            item.home_rotation = place.rotation
            item.home_z = zorder.CARD + place.z
            item.lift = place.h * LIFT
            hand = zone.owner == self.bottom == view.seat and zone.kind == "hand"
            # a won or withdrawn pile is not handled, nor a copy of a playable card elsewhere
            taken = code in reach.get(zone.id, ())
            handled = self.interactive and code != BACK and (hand or taken)
            blocked = bool(playable) and code not in playable and zone.kind == "hand"
            item.set_flags(handled, code in playable, blocked)
            if not item.interactive:
                item.set_chosen(False)
            self.motion.move(
                item, item.rest_pos(), place.rotation, item.home_z, duration, delay, start_scale
            )
            cards.append(item)
        keep = {id(c) for c in cards}
        for item in self.cards:
            if id(item) not in keep:
                self.motion.fade(item, duration)
        self.cards = cards

    def _new_card(self, deck: Deck, code: str, height: float) -> CardItem:
        item = CardItem(self.art, deck, code, height)
        item.clicked.connect(self._on_clicked)
        item.activated.connect(self._on_activated)
        item.dragStarted.connect(self._on_drag_started)
        item.dragMoved.connect(self._on_drag_moved)
        item.dropped.connect(self._on_dropped)
        self.addItem(item)
        return item

    # ---- choosing cards -------------------------------------------------------------------
    def chosen(self) -> list[CardItem]:
        """Cards chosen for a multi-card action, in table order."""
        return [c for c in self.cards if c.chosen]

    def chosen_codes(self) -> tuple[str, ...]:
        """Codes of the chosen cards."""
        return tuple(c.code for c in self.chosen())

    def clear_choice(self) -> None:
        """Unchoose every card."""
        for card in self.chosen():
            card.set_chosen(False)
            self._place(card)
        self.selectionChanged.emit()

    def toggle(self, card: CardItem) -> None:
        """Choose or unchoose one card."""
        card.set_chosen(not card.chosen)
        self._place(card)
        self.selectionChanged.emit()

    def _place(self, card: CardItem) -> None:
        """Put a card at rest at once (raised if chosen), ending any flight it was on."""
        self.motion.move(card, card.rest_pos(), card.home_rotation, card.home_z, 0)

    def card(self, code: str, zone_id: str | None = None) -> CardItem | None:
        """A card item showing `code` (in `zone_id` if given)."""
        for item in self.cards:
            if item.code == code and (zone_id is None or item.zone_id == zone_id):
                return item
        return None

    # ---- gestures ---------------------------------------------------------------------------
    def _on_clicked(self, card: CardItem) -> None:
        view = self.view
        if view is None or not card.interactive:
            return
        if any(m.gesture == "click" and m.cards == (card.code,) for m in view.moves):
            self.clickRequested.emit(card.code)
        elif gestures.multi_counts(view):
            self.toggle(card)

    def _on_activated(self, card: CardItem) -> None:
        codes = self.chosen_codes() if card.chosen and len(self.chosen()) > 1 else (card.code,)
        self.playRequested.emit(codes)

    def _on_drag_started(self, card: CardItem) -> None:
        peers = [c for c in self.chosen() if c is not card] if card.chosen else []
        codes = (card.code, *(p.code for p in peers))
        self._drag = (card, peers, codes)
        self.motion.release(card)
        for p in peers:
            self.motion.release(p)
            p.setZValue(zorder.DRAGGED - 1)
        live = gestures.targets_for(self.view, codes) if self.view else set()
        for zone_id, item in self.zone_items.items():
            item.set_target(zone_id in live)

    def _on_drag_moved(self, card: CardItem, delta: QPointF) -> None:
        if self._drag is None:
            return
        for p in self._drag[1]:
            p.setPos(p.pos() + delta)
        under = self.zone_at(card.pos())
        for item in self.zone_items.values():
            item.set_target(item.target, hover=item is under and item.target)

    def _on_dropped(self, card: CardItem, pos: QPointF) -> None:
        drag = self._drag
        self._drag = None
        for item in self.zone_items.values():
            item.set_target(False)
        codes = drag[2] if drag else (card.code,)
        zone = self.zone_at(pos)
        if zone is None or zone.zone_id == card.zone_id:
            self.snap_back(None)
            return
        self.dropRequested.emit(codes, zone.zone_id)

    def drop(self, codes: Sequence[str], zone_id: str) -> None:
        """Drop these cards on a zone, exactly as a finished drag does."""
        self.dropRequested.emit(tuple(codes), zone_id)

    def _cancel_drag(self) -> None:
        self._drag = None
        for item in self.zone_items.values():
            item.set_target(False)
        for card in self.cards:
            card.dragging = False

    def zone_at(self, pos: QPointF) -> ZoneItem | None:
        """The zone under a scene point (the smallest if several)."""
        hits = [z for z in self.zone_items.values() if z.rect.contains(pos)]
        if not hits:
            return None
        return min(hits, key=lambda z: (not z.target, z.rect.width() * z.rect.height()))

    def snap_back(self, reason: str | None, duration: int = 220) -> None:
        """Send every displaced card home, and say why if there is a reason."""
        for card in self.cards:
            if (card.pos() - card.rest_pos()).manhattanLength() > 0.5:
                self.motion.move(card, card.rest_pos(), card.home_rotation, card.home_z, duration)
        if duration > 0:
            self.motion.start()
        if reason:
            self.toast(reason)

    # ---- notices, floating scores, curtain ---------------------------------------------------
    def toast(self, text: str, duration: int = 3500) -> None:
        """Show a notice above the status line for a few seconds."""
        self.notice = text
        if self._toast is not None and self._toast.scene() is self:
            self.removeItem(self._toast)
        lay = self.layout
        rect = (
            QRectF(
                lay.status.x, lay.status.y - lay.status.h * 1.4, lay.status.w, lay.status.h * 1.2
            )
            if lay
            else self.sceneRect()
        )
        toast = FadingText(zorder.TOAST, NOTICE, 0.0, duration)
        toast.set_text(rect, text, lay.font_px if lay else 13.0)
        self.addItem(toast)
        toast.start()
        self._toast = toast

    def float_text(self, seat: int, text: str, duration: int = 1400) -> None:
        """A short text rising from a seat's plate (a score change)."""
        plate = self.plates.get(seat)
        if plate is None or duration <= 0:
            return
        r = plate.rect
        item = FadingText(zorder.FLOAT, QColor("#fff59d"), r.height() * 0.8, duration)
        item.set_text(
            QRectF(r.x(), r.y(), r.width(), min(r.height(), 30.0)),
            text,
            self.layout.font_px if self.layout else 13.0,
        )
        self.addItem(item)
        item.start()

    def cover(self, text: str) -> None:
        """Lower the curtain over the whole table."""
        if not self.curtain.isVisible():
            self.guard.arm()
        self.curtain.cover(self.sceneRect(), text)

    def uncover(self) -> None:
        """Lift the curtain."""
        self.curtain.hide()
        self.guard.arm()

    # ---- the rest of a gesture begun before the table changed is ignored ----------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """A press acts only once the quiet moment after a change is over (`InputGuard`)."""
        self._swallowed = not self.guard.settled()
        if self._swallowed:
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """The second press of a double-click, ignored like a press in the quiet moment."""
        self._swallowed = self._swallowed or not self.guard.settled()
        if self._swallowed:
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """The release of an ignored press is ignored too."""
        if self._swallowed:
            self._swallowed = False
            event.accept()
            return
        super().mouseReleaseEvent(event)

    @property
    def covered(self) -> bool:
        """True while the curtain is down."""
        return self.curtain.isVisible()
