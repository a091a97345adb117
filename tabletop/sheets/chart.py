"""The score chart: one painting routine for the results dialog, the replay and the sheet.

`paint_chart` draws a `ScoreCurve` (every seat's running total after each deal) onto any
QPainter inside a rectangle: a widget, a page image or a PDF page. Seats keep their colour
everywhere (`seat_colour`); the leading seats are drawn last, thicker, with their name and
total at the line's end, so the leader reads at a glance. All text passes through the
catalogue. Nothing here knows any one game or the ui.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from tabletop.engine.breakdown import number_text
from tabletop.i18n import _
from tabletop.sheets.curve import ScoreCurve

SEAT_COLOURS = (
    "#e53935",
    "#1e88e5",
    "#43a047",
    "#fb8c00",
    "#8e24aa",
    "#00897b",
    "#6d4c41",
    "#3949ab",
    "#c0ca33",
    "#d81b60",
    "#546e7a",
    "#f4511e",
    "#00acc1",
    "#7cb342",
    "#5e35b1",
)
"""One colour per seat, in seat order (repeating past 15 seats)."""

END_LABELS = 8
"""Up to this many seats, every line is named at its end; above it only the leaders are."""
LEGEND = 16
"""Up to this many seats a legend lists them all beside the chart."""


def seat_colour(seat: int) -> QColor:
    """The colour of a seat's line."""
    return QColor(SEAT_COLOURS[seat % len(SEAT_COLOURS)])


def _ticks(lo: float, hi: float, most: int) -> list[float]:
    """Round values for the grid, from at or below lo to at or above hi (about `most`)."""
    span = hi - lo
    step = 1.0
    for base in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000):
        step = float(base)
        if span / step <= most:
            break
    out = [(lo // step) * step]
    while out[-1] < hi - 1e-9:
        out.append(out[-1] + step)
    return out


def _spread(wanted: list[tuple[float, int]], gap: float, top: float, bottom: float) -> list[float]:
    """Label centres near the wanted heights, at least `gap` apart, inside top..bottom."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i][0])
    placed = [w for w, _seat in wanted]
    edge = top - gap
    for i in order:
        placed[i] = edge = max(placed[i], edge + gap)
    edge = bottom + gap
    for i in reversed(order):
        placed[i] = edge = min(placed[i], edge - gap)
    return placed


def paint_chart(
    painter: QPainter,
    rect: QRectF,
    curve: ScoreCurve,
    font: QFont,
    px: float = 1.0,
    marker: int | None = None,
) -> list[str]:
    """Draw the chart of `curve` inside `rect`; returns the texts drawn.

    `font` sets the text size; `px` is one screen pixel in the painter's units (line widths
    and gaps scale with it); `marker` (a deal number) shades that deal's column, as the replay
    does for the deal on the table.
    """
    texts: list[str] = []
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setFont(font)
    metrics = QFontMetricsF(font, painter.device())
    line_h = metrics.height()
    seats = len(curve.names)
    values = [v for row in curve.points for v in row] or [0.0]
    lo, hi = min(0.0, *values), max(0.0, *values)
    if hi == lo:
        hi = lo + 1
    ticks = _ticks(lo, hi, max(2, int(rect.height() / (line_h * 2.2))))
    lo, hi = ticks[0], ticks[-1]
    left = max(metrics.horizontalAdvance(number_text(t)) for t in ticks) + 6 * px
    leaders = set(curve.leaders)
    drawn = range(seats) if curve.deals else range(0)
    labelled = [s for s in drawn if seats <= END_LABELS or s in leaders]
    last = curve.points[-1]

    def end_label(seat: int) -> str:
        return f"{curve.names[seat]} {number_text(last[seat])}"

    right = max((metrics.horizontalAdvance(end_label(s)) for s in labelled), default=0.0)
    right += 8 * px
    legend_w = 0.0
    if END_LABELS < seats <= LEGEND:
        legend_w = max(metrics.horizontalAdvance(n) for n in curve.names) + 22 * px
    area = QRectF(
        rect.left() + left,
        rect.top() + line_h * 0.6,
        max(10 * px, rect.width() - left - right - legend_w),
        max(10 * px, rect.height() - line_h * 2.8),
    )
    steps = max(1, curve.deals, curve.span)

    def at(k: int, v: float) -> QPointF:
        x = area.left() + area.width() * k / steps
        return QPointF(x, area.bottom() - area.height() * (v - lo) / (hi - lo))

    grey = QColor("#757575")
    if marker is not None and 1 <= marker <= steps:
        band = QRectF(at(marker - 1, lo).x(), area.top(), area.width() / steps, area.height())
        painter.fillRect(band, QColor(255, 235, 160, 110))
    for t in ticks:
        y = at(0, t).y()
        pen = QPen(
            QColor("#9e9e9e") if t == 0 else QColor("#e0e0e0"), (1.2 if t == 0 else 0.8) * px
        )
        painter.setPen(pen)
        painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
        painter.setPen(grey)
        label = number_text(t)
        painter.drawText(
            QRectF(rect.left(), y - line_h / 2, left - 4 * px, line_h),
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            label,
        )
        texts.append(label)
    every = max(1, int(-(-steps * (metrics.horizontalAdvance("00") + 6 * px) // area.width())))
    painter.setPen(grey)
    for k in range(1, steps + 1):
        if k % every and k != steps:
            continue
        label = str(k)
        x = at(k, lo).x()
        painter.drawText(
            QRectF(x - 20 * px, area.bottom() + 2 * px, 40 * px, line_h),
            int(Qt.AlignmentFlag.AlignCenter),
            label,
        )
        texts.append(label)
    caption = _("Total after each deal", ctx="chart")
    painter.drawText(
        QRectF(area.left(), area.bottom() + line_h + 2 * px, area.width(), line_h),
        int(Qt.AlignmentFlag.AlignCenter),
        caption,
    )
    texts.append(caption)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    order = [s for s in drawn if s not in leaders] + sorted(leaders)
    for seat in order:
        lead = seat in leaders
        path = QPainterPath(at(0, curve.points[0][seat]))
        for k in range(1, len(curve.points)):
            path.lineTo(at(k, curve.points[k][seat]))
        pen = QPen(seat_colour(seat), (3.4 if lead else 1.6) * px)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.drawPath(path)
        if lead:
            painter.setBrush(seat_colour(seat))
            painter.drawEllipse(at(curve.deals, last[seat]), 2.6 * px, 2.6 * px)
            painter.setBrush(Qt.BrushStyle.NoBrush)
    wanted = [(at(curve.deals, last[s]).y(), s) for s in labelled]
    placed = _spread(wanted, line_h * 0.95, area.top(), area.bottom())
    for (_y, seat), y in zip(wanted, placed, strict=True):
        bold = QFont(font)
        bold.setBold(seat in leaders)
        painter.setFont(bold)
        painter.setPen(seat_colour(seat).darker(125))
        text = end_label(seat)
        painter.drawText(
            QRectF(area.right() + 6 * px, y - line_h / 2, right, line_h),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            text,
        )
        texts.append(text)
    painter.setFont(font)
    if legend_w:
        x = area.right() + right + 4 * px
        for seat, name in enumerate(curve.names):
            y = area.top() + seat * line_h
            painter.fillRect(QRectF(x, y + line_h * 0.3, 10 * px, line_h * 0.4), seat_colour(seat))
            painter.setPen(QColor("#212121"))
            painter.drawText(
                QRectF(x + 14 * px, y, legend_w - 14 * px, line_h),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                name,
            )
            texts.append(name)
    painter.restore()
    return texts
