"""Where everything goes on the table: pure functions from a size and a View to rectangles.

The seat being served sits at the bottom with its hand fanned; the other seats sit clockwise
around a U (up the left side, across the top, down the right side), each in a box with its
name, counters and small cards; unowned zones share the middle. No Qt here, so every rule
can be tested without widgets.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

from tabletop.engine.text import Msg
from tabletop.engine.views import BACK, View, Zone
from tabletop.i18n import display_width, for_view, render

CARD_RATIO = 1.4
"""Card height over width (100×140)."""

CARD_PAD = 3.0
"""Room around a card for its outline: a card item covers its card plus this on every side."""

LIFT = 0.15
"""How far a chosen card rises above its place, as a share of its height."""

FAN_TILT = 14.0
"""Largest angle (degrees) between the outermost cards of the served hand."""

FAN_CURVE = 0.06
"""How far the outermost cards of the served hand drop, as a share of their height."""

LEAST_CARD_H = 4.0
"""The smallest a card is drawn, however little room its zone has."""

STACK_KINDS = frozenset({"pile", "stack"})
"""Zone kinds drawn as a squared-up stack rather than spread out."""
COUNTED = frozenset({"pile", "stack", "tableau"})
"""Zone kinds whose label the table follows with the card count, "Discards (3)"."""


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
    quiet: bool = False
    """An empty zone of the served seat that no move targets now (a finished phase's, or one
    still to come): its place is kept, so nothing jumps, but it is not drawn."""

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
    corner: Rect = Rect(0, 0, 0, 0)
    info_rows: tuple[int, ...] = ()
    """How many of the info corner's counters go on each of its lines, in order."""
    text_h: dict[int, float] = field(default_factory=dict)
    """How tall a seat's plate's text may be (above its small cards)."""
    text_w: dict[int, float] = field(default_factory=dict)
    """How wide a seat's counter lines may be where its small cards sit beside them (else the
    plate's width)."""
    font_px: float = 12.0
    small_font_px: float = 10.0
    box_font_px: float = 10.0


LEAST_WIDTH = 400
"""The table's least width in pixels (the game log beside it gives way first)."""


def least_height(players: int) -> int:
    """The table's least height in pixels for `players` seats: every seat has a box of its own
    at every width from `LEAST_WIDTH` up (240, the least `compute` lays out, up to 13 seats;
    measured, with some room to spare, beyond)."""
    return 240 if players <= 13 else 250 + 18 * (players - 13)


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


def _sides_wanted(count: int) -> int:
    """Boxes wanted up each side for `count` other seats (none for one or two)."""
    return 0 if count <= 2 else round(count / 3)


def ring_slots(side: int, top: int, count: int) -> list[int]:
    """Slots for `count` seats, clockwise: up the left side, across the top, down the right.

    The sides hold equally many (a third each, or more when the top row is full), each side
    and the top spread evenly; slots number the left column from the bottom, then the top row,
    then the right column from the top.
    """
    if count > 2 * side + top:
        return [min(p, 2 * side + top - 1) for p in pick_slots(count, count)]
    sides = min(side, max(_sides_wanted(count), math.ceil((count - top) / 2)))
    across = min(top, count - 2 * sides)
    left = (count - across) - (count - across) // 2
    right = count - across - left
    return (
        pick_slots(side, left)
        + [side + p for p in pick_slots(top, across)]
        + [side + top + p for p in pick_slots(side, right)]
    )


TOP_ROWS = 3
"""At most this many rows of seats' boxes across the top of a crowded table."""


@dataclass(frozen=True, slots=True)
class _Ring:
    """Opponent boxes of one size around a U, with slot counts per side."""

    box_w: float
    box_h: float
    mini_h: float
    side: int
    top: int
    lines: int
    rows: int = 1
    """Rows of boxes across the top, filled column by column from the left."""
    beside: bool = False
    """The small cards sit beside the counters (at the right) rather than under them."""

    @property
    def capacity(self) -> int:
        return 2 * self.side + self.top

    @property
    def pad(self) -> float:
        """Room between a box's edge and its small cards."""
        return max(2.0, self.mini_h * 0.06)

    @property
    def cards_w(self) -> float:
        """How wide the small cards beside the counters are (the whole box under them)."""
        return self.mini_h * 2.5 if self.beside else self.box_w - 2 * self.pad

    @property
    def top_h(self) -> float:
        """The height the rows across the top take; the side columns start below it."""
        return self.box_h + (self.rows - 1) * self.box_h * 1.02


def _ring(
    area: Rect, mini_h: float, font: float, lines: int, rows: int = 1, beside: bool = False
) -> _Ring:
    """Boxes with a name line, `lines` counter lines and small cards under them, or (`beside`)
    beside them: a lower box, that much wider."""
    pad = max(2.0, mini_h * 0.06)
    counters = lines * (font * 0.92 + 3)
    if beside:
        box_h = (font + 4) + max(counters, mini_h) + 2 * pad
        box_w = max(mini_h * 3.4, font * 9) + mini_h * 1.5
    else:
        box_h = (font + 4) + counters + mini_h + 3 * pad
        box_w = max(mini_h * 3.4, font * 9)
    top_h = box_h + (rows - 1) * box_h * 1.02
    side = max(0, int((area.h - top_h) // (box_h * 1.02)))
    top = rows * max(0, int(area.w // (box_w * 1.02)))
    return _Ring(box_w, box_h, mini_h, side, top, lines, rows, beside)


def _top_rows(area: Rect, ring: _Ring, count: int) -> int:
    """The fewest rows across the top that hold `count` boxes."""
    per_row = max(1, int(area.w // (ring.box_w * 1.02)))
    return min(ring.rows, max(1, math.ceil(count / per_row)))


def _slot_rect(area: Rect, ring: _Ring, index: int) -> Rect:
    """The box for slot `index` along left column (up), top rows (right, each column of the
    rows from the top down), right column (down)."""
    bw, bh = ring.box_w, ring.box_h
    if index < ring.side:
        span = area.h - ring.top_h
        step = span / ring.side
        y = area.y + ring.top_h + step * (ring.side - 1 - index) + (step - bh) / 2
        return Rect(area.x, y, bw, bh)
    index -= ring.side
    if index < ring.top:
        column, row = divmod(index, ring.rows)
        step = area.w / math.ceil(ring.top / ring.rows)
        return Rect(area.x + step * column + (step - bw) / 2, area.y + row * bh * 1.02, bw, bh)
    index -= ring.top
    span = area.h - ring.top_h
    step = span / ring.side
    y = area.y + ring.top_h + step * index + (step - bh) / 2
    return Rect(area.right - bw, y, bw, bh)


def _want(zone: Zone, card_w: float, players: int, tight: bool, label_px: float) -> float:
    """How wide a zone would like to be with its cards comfortably spread and its label read."""
    n = len(zone.cards)
    if zone.kind in STACK_KINDS:
        want = card_w * 1.1
    else:
        if zone.kind == "trick":
            n = max(n, min(players, 8))
        if tight and zone.kind == "hand" and all(c == BACK for c in zone.cards):
            n = min(n, 4)  # a hidden hand is a tight stack with a count badge
        if n == 0:
            want = card_w * (0.7 if tight else 1.1)
        else:
            step = (0.2 if zone.kind == "hand" else 0.3) if tight else 0.5
            want = card_w * (1 + step * (n - 1))
    if label_px and zone.label:
        # the label as the scene shows it: a pile's count follows it
        text = render(zone.label) + (f" ({n})" if zone.kind in COUNTED and zone.cards else "")
        want = max(want, min(display_width(text), 24) * label_px * 0.6 + 8)
    return want + 2 * CARD_PAD


def _share(
    zones: list[Zone],
    x: float,
    width: float,
    card_w: float,
    gap: float,
    players: int,
    tight: bool = False,
    label_px: float = 0.0,
) -> list[Rect]:
    """Split a horizontal span among zones in proportion to what each wants, centred."""
    if not zones:
        return []
    wants = [_want(z, card_w, players, tight, label_px) for z in zones]
    room = width - gap * (len(zones) - 1)
    scale = min(1.0, room / sum(wants))
    sizes = [w * scale for w in wants]
    # (never narrower than the smallest card drawn, where the room allows)
    least = max(card_w * 1.05, LEAST_CARD_H / CARD_RATIO + 2 * CARD_PAD)
    floors = [min(want, least, room / len(zones)) for want in wants]
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


def compute(
    width: float, height: float, view: View, bottom: int, scale: float = 1.0
) -> TableLayout:
    """The whole table for a window of `width`×`height` with seat `bottom` at the bottom;
    `scale` makes cards and text bigger or smaller than fitted (zoom, system font size)."""
    width, height = max(width, 320.0), max(height, 240.0)
    lay = TableLayout(width, height, bottom)
    n = view.players
    order = [str(x) for x in view.hints.get("zone_order", [])]
    targets = {m.target for m in view.moves if m.target}
    margin = max(4.0, min(width, height) * 0.008)
    font = min(max(10.0, min(15.0, height / 58) * scale), height / 24)
    lay.font_px, lay.small_font_px = font, max(9.0, font * 0.82)
    lay.box_font_px = lay.small_font_px
    small = lay.small_font_px
    label_h = small + 4

    own = _order([z for z in view.zones if z.owner == bottom], order)
    own_hand = [z for z in own if z.kind == "hand"]
    own_side = [z for z in own if z.kind != "hand"]
    hand_h = max(48.0, min(height * 0.2, width * 0.16, 190.0))
    if view.players > 12:
        hand_h = max(48.0, min(hand_h, height * 0.16))
    # Zoomed in, the own band may grow to about half the height: the middle keeps its room.
    band_max = (height * 0.5 - 3 * label_h) / (1.75 if own_side else 1.15)
    hand_h = max(36.0, min(hand_h * scale, height * 0.3, max(hand_h, band_max)))
    side_h = hand_h * 0.6
    lift = hand_h * LIFT
    band_h = hand_h + lift + label_h + (side_h + label_h + margin if own_side else 0) + margin
    band_h += 2 * CARD_PAD * (2 if own_side else 1)
    band = Rect(margin, height - margin - band_h, width - 2 * margin, band_h)

    # The served seat: its plate at the left, side zones on the upper strip, hand at the bottom.
    plate_w = min(width * 0.22, max(font * 13, 150.0))
    plate_h = min(band_h, (font + 6) + 4 * (font * 0.92 + 3) + 8)
    lay.plates[bottom] = Rect(band.x, band.bottom - plate_h, plate_w, plate_h)
    lay.text_h[bottom] = plate_h
    inset = plate_w + margin
    strip_y = band.y
    if own_side:
        side_full = side_h + label_h + 2 * CARD_PAD
        card_w = side_h / CARD_RATIO
        wants = sum(_want(z, card_w, n, False, small) for z in own_side)
        x, span = band.x + inset, band.w - 2 * inset
        if wants + margin * 2 * (len(own_side) - 1) > span:
            span = band.w - inset
        spans = _share(own_side, x, span, card_w, margin * 2, n, label_px=small)
        for z, r in zip(own_side, spans, strict=True):
            quiet = not z.cards and z.id not in targets
            lay.zones[z.id] = ZoneSlot(
                Rect(r.x, strip_y, r.w, side_full), side_h, _style(z), label_h, quiet
            )
        hand_top = strip_y + side_full + margin
    else:
        hand_top = strip_y
    hand_rect = Rect(band.x + inset, hand_top, band.w - 2 * inset, band.bottom - hand_top)
    if own_hand:
        spans = _share(
            own_hand, hand_rect.x, hand_rect.w, hand_h / CARD_RATIO, margin * 2, n, label_px=small
        )
        for z, r in zip(own_hand, spans, strict=True):
            lay.zones[z.id] = ZoneSlot(
                Rect(r.x, hand_rect.y, r.w, hand_rect.h), hand_h, "fan", label_h
            )

    # The other seats around a U above the band.
    area = Rect(margin, margin, width - 2 * margin, band.y - 2 * margin)
    others = seat_order(view.players, bottom)
    lines = 2 if len(others) <= 8 else 1
    # Smaller boxes until every seat has one and the middle keeps its room; where even the
    # smallest leave some seat without a box, lower boxes with the small cards beside the
    # counters, in one row across the top, then two, then three.
    shapes = [(1, False)] + [(rows, True) for rows in range(1, TOP_ROWS + 1)]
    for rows, beside in shapes:
        mini = min(hand_h * 0.62, area.h * 0.2)
        lay.box_font_px = lay.small_font_px
        ring = _ring(area, mini, lay.box_font_px, lines, rows, beside)
        while others and not _fits(area, ring, len(others)) and mini > 12:
            mini *= 0.93
            lay.box_font_px = min(lay.small_font_px, max(8.0, mini * 0.5))
            ring = _ring(area, mini, lay.box_font_px, lines, rows, beside)
        if not others or _fits(area, ring, len(others)):
            break
        if scale > 1.0:  # zoomed in too far for this many seats: zoom in less
            return compute(width, height, view, bottom, max(1.0, scale / 1.15))
        if ring.capacity >= len(others):  # a box for every seat, if a short middle
            break
    used_left = used_top = used_right = False
    top_h = 0.0
    if others:
        picks = ring_slots(ring.side, ring.top, len(others))
        across = [p for p in picks if ring.side <= p < ring.side + ring.top]
        # the top rows spread evenly, in as few rows as hold them
        top_ring = dataclasses.replace(
            ring, top=len(across), rows=_top_rows(area, ring, len(across))
        )
        top_h = top_ring.top_h
        for seat, slot in zip(others, picks, strict=True):
            if slot in across:
                box = _slot_rect(area, top_ring, ring.side + across.index(slot))
            else:
                box = _slot_rect(area, ring, slot)
            lay.plates[seat] = box
            mine = [z for z in view.zones if z.owner == seat and (z.cards or z.id in targets)]
            cards_w = ring.cards_w
            if ring.beside:
                # room for the smallest card in each of its zones, as long as the counters
                # keep room for a score ("Score 123") beside them
                least = LEAST_CARD_H / CARD_RATIO + 2 * CARD_PAD + ring.pad
                score_w = lay.box_font_px * 5 + 12
                cards_w = min(box.w - ring.pad - score_w, max(cards_w, len(mine) * least))
                lay.text_h[seat] = box.h
                lay.text_w[seat] = box.w - cards_w - ring.pad
            else:
                lay.text_h[seat] = box.h - ring.mini_h - 2 * ring.pad
            used_left |= slot < ring.side
            used_top |= ring.side <= slot < ring.side + ring.top
            used_right |= slot >= ring.side + ring.top
            _fill_box(lay, box, mine, ring, order, n, cards_w)

    # The middle: an info corner and a corner button on top, shared zones, the status line.
    left = area.x + (ring.box_w + margin if used_left else 0)
    right = area.right - (ring.box_w + margin if used_right else 0)
    top = area.y + (top_h + margin if used_top else 0)
    # Room for two lines (of the taller Japanese fallback font too): a long status wraps
    # instead of being cut (the zones never jump); where the seats' boxes leave it narrow, room
    # for as many lines as its words need there (up to four).
    status_text = display_width(for_view(view.status, view)) * font * 0.62
    status_h = font * 3.4
    for _tries in range(3):
        middle = Rect(left, top, right - left, max(20.0, area.bottom - top - status_h))
        # the status line also takes the width beside the middle that no seat's box uses at
        # its height (a long Japanese status was cut between two side seats' boxes)
        level = [
            p
            for p in lay.plates.values()
            if p.y < middle.bottom + status_h and p.bottom > middle.bottom
        ]
        wide_left = max([p.right + margin for p in level if p.cx < middle.cx] + [area.x])
        wide_right = min([p.x - margin for p in level if p.cx >= middle.cx] + [area.right])
        lines = min(4, max(2, math.ceil(status_text / max(1.0, wide_right - wide_left - 40))))
        wanted = font * (1.7 * lines) if lines > 2 else font * 3.4
        if wanted <= status_h:
            break
        status_h = wanted
    lay.middle = middle
    lay.status = Rect(wide_left, middle.bottom, wide_right - wide_left, status_h)
    # The info corner: its counters in order, as many a line as fit beside the corner button;
    # where one does not fit there even alone (long Japanese words, a seat's name as a value)
    # it takes the middle's whole width and the button goes under it.
    chunks = _info_widths(view)
    corner_w = min(middle.w * 0.3, font * 9)
    corner_h = small * 2 + 4
    letter, pad = small * 0.6, 24.0  # an average letter; the text's box around it
    info_w = min(middle.w - corner_w - margin, font * 30)
    below = any(w > (info_w - pad) / letter for w in chunks)
    if below:
        info_w = min(middle.w, font * 30)
    lay.info_rows = _rows(chunks, (info_w - pad) / letter, 5)
    # (the Japanese fallback font's lines are taller: more than two need the room)
    line_h = small * (1.4 if len(lay.info_rows) <= 2 else 1.6)
    info_h = len(lay.info_rows) * line_h + 8 if lay.info_rows else 0.0
    lay.info = Rect(middle.x, middle.y, info_w, info_h)
    corner_y = middle.y + (info_h + margin if below else 0.0)
    lay.corner = Rect(middle.right - corner_w, corner_y, corner_w, corner_h)
    head = lay.corner.bottom - middle.y + margin if below else max(info_h, corner_h) + margin
    shared = [z for z in view.zones if z.owner is None or z.owner >= view.players]
    room = Rect(middle.x, middle.y + head, middle.w, max(20.0, middle.h - head))
    _fill_middle(lay, _order(shared, order), room, hand_h, margin, label_h, n)
    if scale > 1.0 and shared:
        # Zooming in may shrink the shared cards (the trick) a little, never much.
        fitted = compute(width, height, view, bottom)
        if _middle_h(lay, shared) < _middle_h(fitted, shared) * 0.8:
            return compute(width, height, view, bottom, max(1.0, scale / 1.15))
    return lay


def _info_widths(view: View) -> list[float]:
    """The info corner's counters (and the trump), each as wide as it may be shown in average
    Latin letters (a whole number that may be a seat counts as the longest seat name)."""
    longest = max((display_width(name) for name in view.names), default=0.0)
    widths = []
    for c in view.counters:
        if c.owner is not None or c.value is None or c.value == "":
            continue
        if isinstance(c.value, Msg):
            value = display_width(for_view(c.value, view))
            if not value:  # nothing to show yet
                continue
        elif isinstance(c.value, int) and 0 <= c.value < len(view.names):
            value = max(len(str(c.value)), longest)
        else:
            value = len(str(c.value))
        widths.append(display_width(for_view(c.label, view)) + 1 + value)
    if view.hints.get("trump") and not any(c.id == "trump" for c in view.counters):
        widths.append(display_width(render(Msg("Trump {suit}", suit="♠"))))
    return widths


def _rows(widths: list[float], room: float, most: int) -> tuple[int, ...]:
    """How many of the counters go on each line, filling lines `room` letters wide in order
    (" · " between two); at most `most` lines, the rest on the last."""
    rows: list[int] = []
    used = 0.0
    for w in widths:
        if rows and used + 3 + w <= room:
            rows[-1] += 1
            used += 3 + w
        else:
            rows.append(1)
            used = w
    if len(rows) > most:
        rows[most - 1 :] = [sum(rows[most - 1 :])]
    return tuple(rows)


def _middle_h(lay: TableLayout, shared: list[Zone]) -> float:
    return min((lay.zones[z.id].card_h for z in shared if z.id in lay.zones), default=0.0)


def _fits(area: Rect, ring: _Ring, count: int) -> bool:
    """Every one of `count` seats has a box, the middle keeps its room, and from three seats
    on each side holds some."""
    return (
        ring.capacity >= count
        and _middle_ok(area, ring, count)
        and ring.side >= min(2, _sides_wanted(count))
    )


def _middle_ok(area: Rect, ring: _Ring, count: int) -> bool:
    """Leave the middle at least a third of the area in each direction."""
    if count <= 1:
        return area.h - ring.top_h >= area.h * 0.45
    return area.w - 2 * ring.box_w >= area.w * 0.34 and area.h - ring.top_h >= area.h * 0.4


def _style(zone: Zone) -> str:
    return "stack" if zone.kind in STACK_KINDS else "row"


def _fill_box(
    lay: TableLayout,
    box: Rect,
    zones: list[Zone],
    ring: _Ring,
    order: list[str],
    players: int,
    cards_w: float,
) -> None:
    """Place one opponent's zones along the bottom of its box, `cards_w` wide at the right:
    under the name and counters (or beside the counters)."""
    zones = _order(zones, order)
    if not zones:
        return
    pad = ring.pad
    y = box.bottom - pad - ring.mini_h
    card_w = (ring.mini_h - 2 * CARD_PAD) / CARD_RATIO
    spans = _share(zones, box.right - pad - cards_w, cards_w, card_w, pad, players, True)
    for z, r in zip(zones, spans, strict=True):
        lay.zones[z.id] = ZoneSlot(Rect(r.x, y, r.w, ring.mini_h), ring.mini_h, _style(z), 0.0)


def _fill_middle(
    lay: TableLayout,
    zones: list[Zone],
    room: Rect,
    hand_h: float,
    margin: float,
    label_h: float,
    players: int,
) -> None:
    """Lay the shared zones out in one or two centred rows in the middle."""
    if not zones:
        return
    gap = margin * 3
    label_px = lay.small_font_px

    def card_h_for(rows: int) -> float:
        """The card height `rows` rows allow, by the room's height and its width."""
        per_row = math.ceil(len(zones) / rows)
        by_h = room.h / rows - label_h - margin - 2 * CARD_PAD
        by_w = by_h
        for r in range(rows):
            chunk = zones[r * per_row : (r + 1) * per_row]
            rate = sum(_want(z, 1.0, players, False, 0.0) - 2 * CARD_PAD for z in chunk)
            fixed = gap * (len(chunk) - 1) + 2 * CARD_PAD * len(chunk)
            by_w = min(by_w, (room.w - fixed) / rate * CARD_RATIO)
        return min(hand_h * 0.9, by_h, by_w)

    choices = [k for k in (1, 2, 3) if (k - 1) * math.ceil(len(zones) / k) < len(zones)]
    rows = max(choices, key=lambda k: card_h_for(k) * 1.02**-k)
    per_row = math.ceil(len(zones) / rows)
    card_h = max(24.0, card_h_for(rows))
    zone_h = card_h + label_h + 2 * CARD_PAD
    total_h = rows * zone_h + (rows - 1) * margin
    y0 = room.y + max(0.0, (room.h - total_h) / 2)
    for r in range(rows):
        chunk = zones[r * per_row : (r + 1) * per_row]
        spans = _share(chunk, room.x, room.w, card_h / CARD_RATIO, gap, players, label_px=label_px)
        y = y0 + r * (zone_h + margin)
        for z, s in zip(chunk, spans, strict=True):
            lay.zones[z.id] = ZoneSlot(Rect(s.x, y, s.w, zone_h), card_h, _style(z), label_h)


def card_extent(h: float, rotation: float) -> tuple[float, float]:
    """Width and height a card item of height `h` covers at this tilt, outline included."""
    w, h = h / CARD_RATIO + 2 * CARD_PAD, h + 2 * CARD_PAD
    if not rotation:
        return w, h
    a = math.radians(abs(rotation))
    c, s = math.cos(a), math.sin(a)
    return w * c + h * s + 2, w * s + h * c + 2


def _fit(limit: float, rate: float, fixed: float) -> float:
    """The largest h with rate·h + fixed ≤ limit (never below a few pixels)."""
    return max(LEAST_CARD_H, (limit - fixed) / rate)


def card_places(slot: ZoneSlot, count: int, z0: float = 0.0) -> list[CardPlace]:
    """Where each of `count` cards in a zone goes (index order is bottom-to-top).

    Cards shrink and overlap so that every card, outline and tilt included, stays inside the
    zone below its label; in the served hand they rest low enough for a chosen card to rise.
    """
    if count <= 0:
        return []
    r = slot.rect
    body = Rect(r.x, r.y + slot.label_h, r.w, max(1.0, r.h - slot.label_h))
    pad2 = 2 * CARD_PAD
    if slot.style == "stack":
        depth = min(count, 4) - 1
        h = slot.card_h
        step = min(2.0, h * 0.02)
        h = min(h, _fit(body.h, 1.0, pad2 + step * depth))
        h = min(h, _fit(body.w, 1 / CARD_RATIO, pad2 + step * depth))
        step = min(2.0, h * 0.02)
        out = []
        for i in range(count):
            d = min(count - 1 - i, depth) - depth / 2
            out.append(CardPlace(body.cx - step * d, body.cy + step * d, h, 0.0, z0 + i))
        return out
    tilt = min(FAN_TILT, 1.6 * count) / 2 if slot.style == "fan" and count > 1 else 0.0
    a = math.radians(tilt)
    c, s = math.cos(a), math.sin(a)
    extra = 2.0 if tilt else 0.0
    fixed = CARD_PAD * 2 * (c + s) + extra
    if slot.style == "fan":
        curve = FAN_CURVE if count > 1 else 0.0
        h = min(slot.card_h, _fit(body.h, LIFT + curve + s / CARD_RATIO + c, fixed))
    else:
        curve = 0.0
        h = min(slot.card_h, _fit(body.h, s / CARD_RATIO + c, fixed))
    h = min(h, _fit(body.w, c / CARD_RATIO + s, fixed))
    w = h / CARD_RATIO
    end_w, end_h = card_extent(h, tilt)
    y0 = body.bottom - curve * h - end_h / 2 if slot.style == "fan" else body.cy
    if count == 1:
        return [CardPlace(body.cx, y0, h, 0.0, z0)]
    natural = w * (0.55 if slot.style == "fan" else 0.5)
    step = min(natural, max(0.0, (body.w - end_w) / (count - 1)))
    x0 = body.cx - step * (count - 1) / 2
    out = []
    for i in range(count):
        t = (i - (count - 1) / 2) / ((count - 1) / 2)
        rot = t * tilt
        out.append(CardPlace(x0 + i * step, y0 + t * t * curve * h, h, rot, z0 + i))
    return out
