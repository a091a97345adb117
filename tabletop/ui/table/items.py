"""The table's non-card items: zones, seat plates, the status line, notices and floating scores."""

from __future__ import annotations

from PySide6.QtCore import Property, QEasingCurve, QPropertyAnimation, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tabletop.fonts import table_font
from tabletop.ui.table import zorder
from tabletop.ui.table.display import NORMAL, display

FELT_TEXT = NORMAL.text
"""The table's text colour (the palette's, drawn as the palette says at paint time)."""
WRAP = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
"""A long status line is centred and wrapped at word (or, in Japanese, character) breaks."""


class FeltItem(QGraphicsObject):
    """An item lying on the felt under every card (a zone, a seat's plate).

    The scene draws it into the view's cached background (`draw`, from `drawBackground`), not
    as an item: a frame with cards moving over it then blits the background once instead of
    blending each of these again (they cover most of the table). It stays an item for its
    tooltip, hit tests and the screen reader. Whatever changes its look calls `redraw`.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)

    def draw(self, painter: QPainter) -> None:
        """Paint the item in its own coordinates (onto the background)."""
        raise NotImplementedError

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """Nothing: the item is drawn with the background (`draw`)."""

    def redraw(self) -> None:
        """Have the background drawn again where the item is."""
        scene = self.scene()
        if scene is not None:
            scene.invalidate(self.sceneBoundingRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        """Shown, hidden, or taken off the table: the background changes under it."""
        if change in (
            QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged,
            QGraphicsItem.GraphicsItemChange.ItemSceneChange,
        ):
            self.redraw()
        return super().itemChange(change, value)


class ZoneItem(FeltItem):
    """A zone's outline and label; lights up as a drop target while a card is dragged."""

    def __init__(self, zone_id: str) -> None:
        super().__init__()
        self.zone_id = zone_id
        self.rect = QRectF()
        self.label = ""
        self.label_h = 0.0
        self.room = 0.0
        self.font_px = 11.0
        self.target = False
        self.hover = False
        self.setZValue(zorder.ZONE)

    def set_geometry(
        self, rect: QRectF, label: str, label_h: float, font_px: float, room: float = 0.0
    ) -> None:
        """Place the zone and set its label text; `room`: how wide the label may be, centred
        over the zone (the free space beside it; never less than the zone's width)."""
        room = max(room, rect.width())
        if rect != self.rect or room != self.room:
            self.redraw()
            self.prepareGeometryChange()
            self.rect, self.room = rect, room
        elif (label, label_h, font_px) == (self.label, self.label_h, self.font_px):
            return
        self.label, self.label_h, self.font_px = label, label_h, font_px
        self.setToolTip(label)
        self.redraw()

    def shown_label(self) -> tuple[str, float]:
        """The label as drawn and its font size: smaller before it is cut with "…"."""
        room = self.room - 4
        size = self.font_px
        wide = QFontMetricsF(table_font(size)).horizontalAdvance(self.label)
        if wide > room:
            size = max(8.0, self.font_px * 0.8, self.font_px * room / wide)
        # a pile's count, " (12)", is what changes: the name is cut before it is
        name, count = self.label, ""
        if self.label.endswith(")") and " (" in self.label:
            head, _sep, tail = self.label.rpartition(" (")
            if tail[:-1].isdigit():
                name, count = head, f" ({tail}"
        while True:  # text widths do not scale exactly with the font: step down to fit
            metrics = QFontMetricsF(table_font(size))
            left = room - metrics.horizontalAdvance(count)
            text = metrics.elidedText(name, Qt.TextElideMode.ElideRight, left) + count
            if text == self.label or size <= max(8.0, self.font_px * 0.8):
                return text, size
            size = max(8.0, self.font_px * 0.8, size - 0.5)

    def set_target(self, target: bool, hover: bool = False) -> None:
        """Show whether a dragged card may be dropped here (and is over it)."""
        if (target, hover) != (self.target, self.hover):
            self.target, self.hover = target, hover
            self.redraw()

    def boundingRect(self) -> QRectF:
        """The zone rectangle with room for a thick outline, and its label's room."""
        side = max(0.0, (self.room - self.rect.width()) / 2)
        return self.rect.adjusted(-3 - side, -3, 3 + side, 3)

    def draw(self, painter: QPainter) -> None:
        """A faint rounded area; a live target is outlined brightly with thick dashes (solid
        and thicker under the dragged card), so it shows by its shape, not only its colour;
        its label on top."""
        pal = display().palette
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        body = self.rect.adjusted(0, self.label_h, 0, 0)
        radius = min(10.0, body.width() * 0.08)
        if self.target:
            target = pal.target
            alpha = 120 if self.hover else 60
            painter.setBrush(QColor(target.red(), target.green(), target.blue(), alpha))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawRoundedRect(body, radius, radius)
            width = pal.zone_edge_width + (3 if self.hover else 2)
            style = Qt.PenStyle.SolidLine if self.hover else Qt.PenStyle.DashLine
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor("black"), width + 2))
            painter.drawRoundedRect(body, radius, radius)
            painter.setPen(QPen(target, width, style))
        else:
            painter.setBrush(pal.zone_fill)
            painter.setPen(QPen(pal.zone_edge, pal.zone_edge_width))
        painter.drawRoundedRect(body, radius, radius)
        if self.label and self.label_h > 0:
            # a narrow zone: the label spreads over the free space beside it, then gets
            # smaller, and only then is cut (the full label on hover)
            text, size = self.shown_label()
            painter.setFont(table_font(size))
            painter.setPen(pal.text)
            x = self.rect.center().x() - self.room / 2 + 2
            painter.drawText(
                QRectF(x, self.rect.y(), self.room - 4, self.label_h),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter,
                text,
            )


def _split_wide(chunks: list[str], metrics: QFontMetricsF, width: float) -> list[list[str]]:
    """Each chunk as the lines it needs: one if it fits `width`, else broken at spaces into
    pieces that fit ("Hand in won cards" / "no hand")."""
    out: list[list[str]] = []
    for chunk in chunks:
        if metrics.horizontalAdvance(chunk) <= width or " " not in chunk:
            out.append([chunk])
            continue
        pieces = [""]
        for word in chunk.split(" "):
            line = f"{pieces[-1]} {word}" if pieces[-1] else word
            if pieces[-1] and metrics.horizontalAdvance(line) > width:
                pieces.append(word)
            else:
                pieces[-1] = line
        out.append(pieces)
    return out


def wrap(chunks: list[str], metrics: QFontMetricsF, width: float, lines: int) -> list[str]:
    """Join chunks with " · " into at most `lines` lines of `width` (a chunk too wide for a
    line takes lines of its own, broken at spaces); what does not fit ends the last line as
    " …" (whole chunks left out, never one cut in the middle)."""
    out: list[str] = []
    more = False
    for pieces in _split_wide(chunks, metrics, width):
        if (
            len(pieces) == 1
            and out
            and metrics.horizontalAdvance(out[-1] + " · " + pieces[0]) <= width
        ):
            out[-1] += " · " + pieces[0]
        elif len(out) + len(pieces) <= lines:
            out.extend(pieces)
        else:
            more = True
            break
    if more and out:
        while " · " in out[-1] and metrics.horizontalAdvance(out[-1] + " …") > width:
            out[-1] = out[-1].rsplit(" · ", 1)[0]
        out[-1] += " …"
    return [metrics.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in out]


class PlateItem(FeltItem):
    """A seat's plate: name and counters (wrapped; all of them in its tooltip); outlined while
    the seat must act."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        self.rect = QRectF()
        self.name = ""
        self.chunks: list[str] = []
        self.idle: frozenset[str] = frozenset()
        self.acting = False
        self.served = False
        self.font_px = 11.0
        self.text_h = 0.0
        self.text_w = 0.0
        self.setZValue(zorder.PLATE)

    def set_content(
        self,
        rect: QRectF,
        name: str,
        chunks: list[str],
        acting: bool,
        served: bool,
        font_px: float,
        text_h: float,
        idle: frozenset[str] = frozenset(),
        text_w: float = 0.0,
    ) -> None:
        """Place the plate and fill in its name and counters ("Score 3", "Tricks 2" …); `idle`:
        the counters standing at zero, which a crowded plate leaves out first; `text_w`: how
        wide the counter lines may be (0: the plate's width)."""
        content = (name, chunks, acting, served, font_px, text_h, idle, text_w)
        if rect != self.rect:
            self.redraw()
            self.prepareGeometryChange()
            self.rect = rect
        elif content == (
            self.name,
            self.chunks,
            self.acting,
            self.served,
            self.font_px,
            self.text_h,
            self.idle,
            self.text_w,
        ):
            return
        self.name, self.chunks, self.idle = name, chunks, idle
        self.acting, self.served, self.font_px, self.text_h = acting, served, font_px, text_h
        self.text_w = text_w
        self.setToolTip("\n".join([name, *chunks]))
        self.redraw()

    def shown_name(self) -> str:
        """The name as drawn: whole if it fits, else without a trailing remark in brackets
        (a computer's level: "CPU 11 (Steady)" → "CPU 11"), else cut with "…" (the whole
        name is in the tooltip)."""
        metrics = QFontMetricsF(table_font(self.font_px, bold=True))
        width = self.rect.width() - 12
        mark = "▶ " if self.acting else ""
        name = mark + self.name
        if metrics.horizontalAdvance(name) <= width:
            return name
        for opening, closing in (("(", ")"), ("（", "）")):
            cut = self.name.rfind(opening)
            if cut > 0 and self.name.endswith(closing):
                short = mark + self.name[:cut].rstrip()
                if metrics.horizontalAdvance(short) <= width:
                    return short
                name = short
        return metrics.elidedText(name, Qt.TextElideMode.ElideRight, width)

    def lines(self) -> list[str]:
        """The counter lines as drawn: wrapped to the plate's width and its text room."""
        return self._counters()[0]

    def _counters(self) -> tuple[list[str], float]:
        """The counter lines and their font size. A plate takes a smaller size before it
        leaves counters out (never below 8 px): the served seat's own down to 68 % (its own
        figures matter most), another seat's down to 80 %; if still cut, it leaves out the
        counters standing at zero but the first, down to 68 % (at 25 seats a box had shown
        "Score 0 …")."""
        room = self.text_h - (self.font_px + 6)
        steps = (0.92, 0.86, 0.8, 0.74, 0.68) if self.served else (0.92, 0.86, 0.8)
        # then, the first counter (the score) kept, without those standing at zero
        compact = self.chunks[:1] + [c for c in self.chunks[1:] if c not in self.idle]
        tries = [(self.chunks, f) for f in steps]
        if compact != self.chunks:
            tries += [(compact, f) for f in (0.92, 0.86, 0.8, 0.74, 0.68)]
        for chunks, factor in tries:
            px = max(8.0, self.font_px * factor) if factor < 0.92 else self.font_px * factor
            count = max(1, int(room // (px + 3)))
            lines = wrap(chunks, QFontMetricsF(table_font(px)), self.counters_w() - 12, count)
            if not any(line.endswith("…") for line in lines):
                break
        return lines, px

    def counters_w(self) -> float:
        """How wide the counter lines may be, the padding included."""
        return self.text_w or self.rect.width()

    def boundingRect(self) -> QRectF:
        """The plate rectangle plus its outline."""
        return self.rect.adjusted(-3, -3, 3, 3)

    def draw(self, painter: QPainter) -> None:
        """Rounded dark plate, bold name, counters under it; the seat to act has a thick
        outline and a ▶ before its name."""
        pal = display().palette
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(pal.plate_fill)
        if self.served and fill.alpha() < 255:
            fill.setAlpha(fill.alpha() + 25)
        painter.setBrush(fill)
        if self.acting:
            painter.setPen(QPen(pal.acting, 2.5 + pal.zone_edge_width))
        elif display().high_contrast:
            painter.setPen(QPen(pal.zone_edge, 1.5))
        else:
            painter.setPen(QPen(QColor(255, 255, 255, 40), 1))
        painter.drawRoundedRect(self.rect, 8, 8)
        pad = 6.0
        width = self.rect.width() - 2 * pad
        painter.setFont(table_font(self.font_px, bold=True))
        painter.setPen(pal.acting if self.acting else pal.text)
        name_h = self.font_px + 6
        painter.drawText(
            QRectF(self.rect.x() + pad, self.rect.y() + 1, width, name_h),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.shown_name(),
        )
        lines, px = self._counters()
        painter.setFont(table_font(px))
        painter.setPen(pal.text)
        line_h = px + 3
        width = self.counters_w() - 2 * pad
        for i, line in enumerate(lines):
            painter.drawText(
                QRectF(self.rect.x() + pad, self.rect.y() + name_h + line_h * i, width, line_h),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                line,
            )


class BadgeItem(QGraphicsObject):
    """A small round badge with a number: how many cards a hidden hand holds."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF()
        self.text = ""
        self.setZValue(zorder.BADGE)
        self.setCacheMode(QGraphicsObject.CacheMode.DeviceCoordinateCache)

    def set_badge(self, rect: QRectF, text: str) -> None:
        """Place the badge and set its number."""
        if rect != self.rect:
            self.prepareGeometryChange()
            self.rect = rect
        elif text == self.text:
            return
        self.text = text
        self.update()

    def boundingRect(self) -> QRectF:
        """The badge."""
        return self.rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """A dark pill with a light outline and the number in bold."""
        pal = display().palette
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor(20, 30, 24, 225))
        painter.setPen(QPen(pal.acting, 1.2 + pal.zone_edge_width / 2))
        r = self.rect.height() / 2
        painter.drawRoundedRect(self.rect.adjusted(0.5, 0.5, -0.5, -0.5), r, r)
        painter.setFont(table_font(self.rect.height() * 0.62, bold=True))
        painter.setPen(pal.text)
        painter.drawText(self.rect, Qt.AlignmentFlag.AlignCenter, self.text)


class TextItem(QGraphicsObject):
    """A line of text in a rounded box: the status line, the info corner, a notice."""

    def __init__(self, z: float, colour: QColor, bold: bool = False) -> None:
        super().__init__()
        self.rect = QRectF()
        self.text = ""
        self.colour = colour
        self.bold = bold
        self.font_px = 13.0
        self.align = Qt.AlignmentFlag.AlignCenter
        self.setZValue(z)
        self.setCacheMode(QGraphicsObject.CacheMode.DeviceCoordinateCache)

    def set_text(self, rect: QRectF, text: str, font_px: float) -> None:
        """Place the box and set its text (several lines allowed)."""
        if rect != self.rect:
            self.prepareGeometryChange()
            self.rect = rect
        elif (text, font_px) == (self.text, self.font_px):
            return
        self.text, self.font_px = text, font_px
        self.update()

    def boundingRect(self) -> QRectF:
        """The text box."""
        return self.rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """A translucent rounded box sized to the text, the text centred in it."""
        if not self.text:
            return
        lines = self.text.splitlines()
        font = table_font(self.font_px, self.bold)
        metrics = QFontMetricsF(font)
        widest = max(metrics.horizontalAdvance(t) for t in lines) + 24
        wrapped = self._wrapped(lines) if widest > self.rect.width() else None
        if wrapped is not None:
            self._paint_box(painter, QRectF(self.rect), wrapped, True)
            return
        if widest > self.rect.width():
            font = table_font(max(9.0, self.font_px * self.rect.width() / widest), self.bold)
            metrics = QFontMetricsF(font)
            widest = max(metrics.horizontalAdvance(t) for t in lines) + 24
        width = min(self.rect.width(), widest)
        # the lines as laid out: a fallback font for Japanese makes them taller than `height()`
        laid = metrics.boundingRect(QRectF(0, 0, 1e6, 1e6), Qt.AlignmentFlag.AlignLeft, self.text)
        height = min(self.rect.height(), max(metrics.height() * len(lines), laid.height()) + 8)
        if self.align & Qt.AlignmentFlag.AlignLeft:
            box = QRectF(self.rect.x(), self.rect.y(), width, height)
        else:
            box = QRectF(
                self.rect.center().x() - width / 2,
                self.rect.center().y() - height / 2,
                width,
                height,
            )
        elided = "\n".join(
            metrics.elidedText(t, Qt.TextElideMode.ElideRight, box.width() - 16) for t in lines
        )
        self.setToolTip(self.text if elided != "\n".join(lines) else "")
        self._paint_box(painter, box, font, False, elided)

    def _wrapped(self, lines: list[str]) -> QFont | None:
        """The largest font (down to 9 px) that wraps one long line onto the lines the box
        has room for (two, or more in a box made taller for them), or None if it does not fit
        even so."""
        if len(lines) != 1:
            return None
        width = self.rect.width() - 16
        px = self.font_px
        while px >= 9.0:
            font = table_font(px, self.bold)
            metrics = QFontMetricsF(font)
            need = metrics.boundingRect(QRectF(0, 0, width, 1e6), WRAP, lines[0]).height()
            # one line's height as laid out (a fallback font for Japanese makes lines taller)
            one = metrics.boundingRect(QRectF(0, 0, 1e6, 1e6), WRAP, lines[0]).height()
            rows = max(2.0, (self.rect.height() - 8) // one)
            if need + 8 <= self.rect.height() and need <= rows * one + 1:
                return font
            px -= 0.5
        return None

    def _paint_box(
        self, painter: QPainter, box: QRectF, font: QFont, wrap: bool, text: str = ""
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(font)
        if wrap:
            text = self.text
            metrics = QFontMetricsF(font)
            used = metrics.boundingRect(QRectF(0, 0, box.width() - 16, 1e6), WRAP, text)
            w, h = min(box.width(), used.width() + 24), used.height() + 8
            left = box.x() if self.align & Qt.AlignmentFlag.AlignLeft else box.center().x() - w / 2
            box = QRectF(left, box.center().y() - h / 2, w, h)
            self.setToolTip("")
        pal = display().palette
        if display().high_contrast:
            painter.setPen(QPen(pal.zone_edge, 1.5))
        else:
            painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pal.box_fill)
        painter.drawRoundedRect(box, 8, 8)
        painter.setPen(pal.text if self.colour == FELT_TEXT else self.colour)
        painter.drawText(box, WRAP if wrap else Qt.AlignmentFlag.AlignCenter, text)


class FadingText(TextItem):
    """A short text that floats up (a score change) or waits (a refusal), then fades out."""

    def __init__(self, z: float, colour: QColor, rise: float, duration_ms: int) -> None:
        super().__init__(z, colour, bold=True)
        self._fade = 1.0
        self.animation = QPropertyAnimation(self, b"fade", self)
        self.animation.setStartValue(1.0)
        self.animation.setEndValue(0.0)
        self.animation.setDuration(duration_ms)
        self.animation.setEasingCurve(QEasingCurve.Type.InQuad)
        self.rise = rise
        self.start_y = 0.0
        self.animation.finished.connect(self._done)

    def get_fade(self) -> float:
        """Opacity still left (1 → 0)."""
        return self._fade

    def set_fade(self, value: float) -> None:
        """Fade and rise together."""
        self._fade = value
        self.setOpacity(min(1.0, value * 2))
        self.setY(self.start_y - self.rise * (1 - value))

    fade = Property(float, get_fade, set_fade)

    def start(self) -> None:
        """Begin fading (and rising)."""
        self.start_y = self.y()
        self.animation.start()

    def _done(self) -> None:
        scene = self.scene()
        if scene is not None:
            scene.removeItem(self)
