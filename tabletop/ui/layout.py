"""Where everything goes on the table: pure functions from a size and a View to rectangles.

The seat being served sits at the bottom with its hand fanned; the other seats sit clockwise
around a U (up the left side, across the top, down the right side), each in a box with its
name, counters and small cards; unowned zones share the middle. No Qt here, so every rule
can be tested without widgets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from tabletop.engine.views import View, Zone

CARD_RATIO = 1.4
"""Card height over width (100×140)."""

STACK_KINDS = frozenset({"pile", "stack"})
"""Zone kinds drawn as a squared-up stack rather than spread out."""


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in scene pixels."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """x + w."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """y + h."""
        return self.y + self.h

    @property
    def cx(self) -> float:
        """Horizontal centre."""
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        """Vertical centre."""
        return self.y + self.h / 2

    def contains(self, other: Rect, slack: float = 0.5) -> bool:
        """True if `other` lies inside this rectangle (with a little rounding slack)."""
        return (
            other.x >= self.x - slack
            and other.y >= self.y - slack
            and other.right <= self.right + slack
            and other.bottom <= self.bottom + slack
        )

    def overlaps(self, other: Rect) -> bool:
        """True if the two rectangles share interior area."""
        return (
            self.x < other.right - 0.5
            and other.x < self.right - 0.5
            and self.y < other.bottom - 0.5
            and other.y < self.bottom - 0.5
        )


@dataclass(frozen=True, slots=True)
class ZoneSlot:
    """A zone's place: its rectangle, the card size inside it and how cards spread."""

    rect: Rect
    card_h: float
    style: str  # "fan" (the served hand), "row" (overlapping), "stack"
    label_h: float

    @property
    def card_w(self) -> float:
        """Card width in this zone."""
        return self.card_h / CARD_RATIO


@dataclass(frozen=True, slots=True)
class CardPlace:
    """One card's centre, size and tilt."""

    x: float
    y: float
    h: float
    rotation: float
    z: float

    @property
    def w(self) -> float:
        """Card width."""
        return self.h / CARD_RATIO

    def rect(self) -> Rect:
        """The unrotated card rectangle."""
        return Rect(self.x - self.w / 2, self.y - self.h / 2, self.w, self.h)


@dataclass(slots=True)
class TableLayout:
    """Every rectangle of one frame: seat plates, zones, the middle, the status line."""

    width: float
    height: float
    bottom: int
    plates: dict[int, Rect] = field(default_factory=dict)
    zones: dict[str, ZoneSlot] = field(default_factory=dict)
    middle: Rect = Rect(0, 0, 0, 0)
    status: Rect = Rect(0, 0, 0, 0)
    info: Rect = Rect(0, 0, 0, 0)
    font_px: float = 12.0
    small_font_px: float = 10.0
    box_font_px: float = 10.0


def seat_order(players: int, bottom: int) -> list[int]:
    """The seats other than `bottom`, clockwise from its left neighbour."""
    return [(bottom + k) % players for k in range(1, players)]


def pick_slots(capacity: int, count: int) -> list[int]:
    """Spread `count` choices evenly over `capacity` slots (distinct, increasing)."""
    if count <= 0:
        return []
    if count > capacity:
        raise ValueError("more seats than slots")
    picks = [min(capacity - 1, math.floor((j + 0.5) * capacity / count)) for j in range(count)]
    for j in range(1, count):
        picks[j] = max(picks[j], picks[j - 1] + 1)
    for j in range(count - 1, -1, -1):
        picks[j] = min(picks[j], capacity - count + j)
        if j < count - 1:
            picks[j] = min(picks[j], picks[j + 1] - 1)
    return picks


@dataclass(frozen=True, slots=True)
class _Ring:
    """Opponent boxes of one size around a U, with slot counts per side."""

    box_w: float
    box_h: float
    mini_h: float
    side: int
    top: int

    @property
    def capacity(self) -> int:
        return 2 * self.side + self.top


def _ring(area: Rect, mini_h: float, font: float) -> _Ring:
    pad = max(2.0, mini_h * 0.06)
    box_h = 2 * (font + 3) + mini_h + 3 * pad
    box_w = max(mini_h * 3.4, font * 8)
    side = max(0, int((area.h - box_h) // (box_h * 1.02)))
    top = max(0, int(area.w // (box_w * 1.02)))
    return _Ring(box_w, box_h, mini_h, side, top)


def _slot_rect(area: Rect, ring: _Ring, index: int) -> Rect:
    """The box for slot `index` along left column (up), top row (right), right column (down)."""
    bw, bh = ring.box_w, ring.box_h
    if index < ring.side:
        span = area.h - bh
        step = span / ring.side
        y = area.y + bh + step * (ring.side - 1 - index) + (step - bh) / 2
        return Rect(area.x, y, bw, bh)
    index -= ring.side
    if index < ring.top:
        step = area.w / ring.top
        return Rect(area.x + step * index + (step - bw) / 2, area.y, bw, bh)
    index -= ring.top
    span = area.h - bh
    step = span / ring.side
    y = area.y + bh + step * index + (step - bh) / 2
    return Rect(area.right - bw, y, bw, bh)


def _want(zone: Zone, card_w: float, players: int, tight: bool) -> float:
    """How wide a zone would like to be with its cards comfortably spread."""
    if zone.kind in STACK_KINDS:
        return card_w * 1.25
    n = len(zone.cards)
    if zone.kind == "trick":
        n = max(n, min(players, 8))
    if n == 0:
        return card_w * (0.7 if tight else 1.1)
    step = (0.2 if zone.kind == "hand" else 0.3) if tight else 0.5
    return card_w * (1 + step * (n - 1))


def _share(
    zones: list[Zone],
    x: float,
    width: float,
    card_w: float,
    gap: float,
    players: int,
    tight: bool = False,
) -> list[Rect]:
    """Split a horizontal span among zones in proportion to what each wants, centred."""
    if not zones:
        return []
    wants = [_want(z, card_w, players, tight) for z in zones]
    room = width - gap * (len(zones) - 1)
    scale = min(1.0, room / sum(wants))
    sizes = [w * scale for w in wants]
    floors = [min(want, card_w * 1.05, room / len(zones)) for want in wants]
    sizes = [max(s, f) for s, f in zip(sizes, floors, strict=True)]
    over = sum(sizes) - room
    if over > 0:
        total = sum(sizes)
        sizes = [s - over * s / total for s in sizes]
    used = sum(sizes) + gap * (len(zones) - 1)
    out = []
    cur = x + (width - used) / 2
    for s in sizes:
        out.append(Rect(cur, 0, s, 0))
        cur += s + gap
    return out


def _order(zones: list[Zone], order: list[str]) -> list[Zone]:
    """Hands first, then the game's preferred order (by id prefix), then the rest as given."""

    def key(z: Zone) -> tuple[int, int]:
        if z.kind == "hand":
            return (0, 0)
        stem = z.id.rstrip("0123456789")
        for i, name in enumerate(order):
            if z.id == name or stem == name:
                return (1, i)
        return (2, 0)

    return sorted(zones, key=key)


def compute(width: float, height: float, view: View, bottom: int) -> TableLayout:
    """The whole table for a window of `width`×`height` with seat `bottom` at the bottom."""
    width, height = max(width, 320.0), max(height, 240.0)
    lay = TableLayout(width, height, bottom)
    n = view.players
    order = [str(x) for x in view.hints.get("zone_order", [])]
    margin = max(4.0, min(width, height) * 0.008)
    font = max(10.0, min(15.0, height / 58))
    lay.font_px, lay.small_font_px = font, max(9.0, font * 0.82)
    lay.box_font_px = lay.small_font_px
    label_h = lay.small_font_px + 4

    own = _order([z for z in view.zones if z.owner == bottom], order)
    own_hand = [z for z in own if z.kind == "hand"]
    own_side = [z for z in own if z.kind != "hand"]
    hand_h = max(48.0, min(height * 0.2, width * 0.16, 190.0))
    if view.players > 12:
        hand_h = max(48.0, min(hand_h, height * 0.16))
    side_h = hand_h * 0.6
    lift = hand_h * 0.16
    band_h = hand_h + lift + label_h + (side_h + label_h + margin if own_side else 0) + margin
    plate_h = 3 * (font + 4) + 6
    band = Rect(margin, height - margin - band_h, width - 2 * margin, band_h)

    # The served seat: its plate and side zones on the upper strip, its hand along the bottom.
    plate_w = min(width * 0.22, max(font * 13, 150.0))
    strip_y = band.y
    if own_side:
        lay.plates[bottom] = Rect(band.x, strip_y, plate_w, plate_h)
        spans = _share(
            own_side,
            band.x + plate_w + margin,
            band.w - 2 * plate_w - 2 * margin,
            side_h / CARD_RATIO,
            margin * 2,
            view.players,
        )
        for z, r in zip(own_side, spans, strict=True):
            lay.zones[z.id] = ZoneSlot(
                Rect(r.x, strip_y, r.w, side_h + label_h), side_h, _style(z), label_h
            )
        hand_top = strip_y + side_h + label_h + margin
    else:
        hand_top = strip_y
        lay.plates[bottom] = Rect(band.x, band.bottom - plate_h, plate_w, plate_h)
    if own_side:
        hand_rect = Rect(band.x, hand_top, band.w, band.bottom - hand_top)
    else:
        inset = plate_w + margin
        hand_rect = Rect(band.x + inset, hand_top, band.w - 2 * inset, band.bottom - hand_top)
    if own_hand:
        spans = _share(
            own_hand, hand_rect.x, hand_rect.w, hand_h / CARD_RATIO, margin * 2, view.players
        )
        for z, r in zip(own_hand, spans, strict=True):
            lay.zones[z.id] = ZoneSlot(
                Rect(r.x, hand_rect.y, r.w, hand_rect.h), hand_h, "fan", label_h
            )

    # The other seats around a U above the band.
    area = Rect(margin, margin, width - 2 * margin, band.y - 2 * margin)
    others = seat_order(view.players, bottom)
    mini = min(hand_h * 0.62, area.h * 0.2)
    ring = _ring(area, mini, lay.small_font_px)
    while others and (ring.capacity < len(others) or not _middle_ok(area, ring, len(others))):
        if mini <= 12:
            break
        mini *= 0.93
        lay.box_font_px = min(lay.small_font_px, max(8.0, mini * 0.5))
        ring = _ring(area, mini, lay.box_font_px)
    used_left = used_top = used_right = False
    if others:
        picks = pick_slots(max(ring.capacity, len(others)), len(others))
        for seat, slot in zip(others, picks, strict=True):
            box = _slot_rect(area, ring, min(slot, ring.capacity - 1))
            lay.plates[seat] = box
            used_left |= slot < ring.side
            used_top |= ring.side <= slot < ring.side + ring.top
            used_right |= slot >= ring.side + ring.top
            _fill_box(lay, box, [z for z in view.zones if z.owner == seat], ring, order, n)

    # The middle: unowned zones, the status line under them and an info corner.
    left = area.x + (ring.box_w + margin if used_left else 0)
    right = area.right - (ring.box_w + margin if used_right else 0)
    top = area.y + (ring.box_h + margin if used_top else 0)
    status_h = font * 1.9
    middle = Rect(left, top, right - left, max(20.0, area.bottom - top - status_h))
    lay.middle = middle
    lay.status = Rect(left, middle.bottom, right - left, status_h)
    info_w = min(middle.w * 0.45, font * 28)
    lay.info = Rect(middle.x, middle.y, info_w, font * 4.5)
    shared = [z for z in view.zones if z.owner is None or z.owner >= view.players]
    _fill_middle(lay, _order(shared, order), middle, hand_h, margin, label_h, n)
    return lay


def _middle_ok(area: Rect, ring: _Ring, count: int) -> bool:
    """Leave the middle at least a third of the area in each direction."""
    if count <= 1:
        return area.h - ring.box_h >= area.h * 0.45
    return area.w - 2 * ring.box_w >= area.w * 0.34 and area.h - ring.box_h >= area.h * 0.4


def _style(zone: Zone) -> str:
    return "stack" if zone.kind in STACK_KINDS else "row"


def _fill_box(
    lay: TableLayout, box: Rect, zones: list[Zone], ring: _Ring, order: list[str], players: int
) -> None:
    """Place one opponent's zones along the bottom of its box, under the name and counters."""
    zones = _order(zones, order)
    if not zones:
        return
    pad = max(2.0, ring.mini_h * 0.06)
    y = box.bottom - pad - ring.mini_h
    spans = _share(
        zones, box.x + pad, box.w - 2 * pad, ring.mini_h / CARD_RATIO, pad * 2, players, True
    )
    for z, r in zip(zones, spans, strict=True):
        lay.zones[z.id] = ZoneSlot(Rect(r.x, y, r.w, ring.mini_h), ring.mini_h, _style(z), 0.0)


def _fill_middle(
    lay: TableLayout,
    zones: list[Zone],
    middle: Rect,
    hand_h: float,
    margin: float,
    label_h: float,
    players: int,
) -> None:
    """Lay the shared zones out in one or two centred rows in the middle."""
    if not zones:
        return
    rows = 1 if len(zones) <= 4 else 2
    per_row = math.ceil(len(zones) / rows)
    room_h = middle.h - lay.info.h * 0.6
    card_h = max(24.0, min(hand_h * 0.9, room_h / rows - label_h - margin * 2))
    total_h = rows * (card_h + label_h) + (rows - 1) * margin
    y0 = middle.y + max(lay.info.h * 0.6, (middle.h - total_h) / 2)
    for r in range(rows):
        chunk = zones[r * per_row : (r + 1) * per_row]
        spans = _share(chunk, middle.x, middle.w, card_h / CARD_RATIO, margin * 3, players)
        y = y0 + r * (card_h + label_h + margin)
        for z, s in zip(chunk, spans, strict=True):
            lay.zones[z.id] = ZoneSlot(
                Rect(s.x, y, s.w, card_h + label_h), card_h, _style(z), label_h
            )


def card_places(slot: ZoneSlot, count: int, z0: float = 0.0) -> list[CardPlace]:
    """Where each of `count` cards in a zone goes (index order is bottom-to-top)."""
    if count <= 0:
        return []
    r = slot.rect
    h, w = slot.card_h, slot.card_w
    cy = r.y + slot.label_h + h / 2
    if slot.style == "stack":
        step = min(2.0, h * 0.02)
        shown = min(count, 4)
        out = []
        for i in range(count):
            depth = min(count - 1 - i, shown - 1)
            out.append(CardPlace(r.cx - step * depth, cy + step * depth, h, 0.0, z0 + i))
        return out
    if count == 1:
        return [CardPlace(r.cx, cy, h, 0.0, z0)]
    natural = w * (0.55 if slot.style == "fan" else 0.5)
    step = min(natural, max(0.0, (r.w - w) / (count - 1)))
    span = step * (count - 1)
    x0 = r.cx - span / 2
    out = []
    for i in range(count):
        x = x0 + i * step
        rot = 0.0
        y = cy
        if slot.style == "fan":
            t = (i - (count - 1) / 2) / max(1.0, (count - 1) / 2)
            spread = min(14.0, 1.6 * count)
            rot = t * spread / 2
            y = cy + (t * t) * h * 0.06
        out.append(CardPlace(x, y, h, rot, z0 + i))
    return out
