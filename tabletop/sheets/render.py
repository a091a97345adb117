"""Paints a `SheetModel` with Qt onto any paged device: QPdfWriter, QPrinter, or a page image.

`plan` lays the sheet out in millimetres as a list of pages of drawing operations (text boxes,
lines, shaded boxes, and on a filled sheet the score chart of `chart.py`); `paint_sheet` draws
them on a QPagedPaintDevice (a PDF writer, or the printer of a print preview), starting a new
device page per sheet page; `render_page` draws one page onto a QImage. `page_layout` gives the
A4/Letter page (landscape when the table is wide), to set on the device first. Japanese text
uses the bundled Noto Sans CJK JP subset (assets/fonts/), registered once with QFontDatabase;
a QGuiApplication must exist.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from tabletop.engine.text import Msg
from tabletop.fonts import FALLBACK_FAMILIES, bundled_family
from tabletop.i18n import _, render
from tabletop.sheets.chart import paint_chart
from tabletop.sheets.curve import ScoreCurve
from tabletop.sheets.model import SheetModel, Table
from tabletop.sheets.specs import Row

PAPERS = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
MARGIN_MM = 12.0

# sizes in points and millimetres
TITLE_PT, BODY_PT, SMALL_PT, FOOT_PT = 15.0, 9.5, 8.0, 7.0
LABEL_MM, SHARED_MM, MIN_CELL_MM, PAD_MM = 13.0, 13.0, 9.0, 2.4
BLANK_ROW_MM, FILLED_ROW_MM, GROUP_MM, COLUMN_MM = 8.0, 5.6, 7.0, 6.0
CHART_MM, CHART_MIN_MM, CHART_MAX_W_MM = 62.0, 38.0, 200.0
GREY = QColor(235, 235, 235)


@dataclass(frozen=True, slots=True)
class TextOp:
    """Text in a box (mm), with size, weight, alignment and optional word wrap."""

    rect: tuple[float, float, float, float]
    text: str
    size: float = BODY_PT
    bold: bool = False
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    wrap: bool = False
    grey: bool = False


@dataclass(frozen=True, slots=True)
class LineOp:
    """A straight line (mm) of a given width (mm)."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.2


@dataclass(frozen=True, slots=True)
class FillOp:
    """A shaded box (mm)."""

    rect: tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class ChartOp:
    """The score chart (see chart.py) in a box (mm)."""

    rect: tuple[float, float, float, float]
    curve: ScoreCurve


Op = TextOp | LineOp | FillOp | ChartOp


# ---- fonts --------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def sheet_font(size: float, bold: bool = False) -> QFont:
    """The sheet's font at `size` points: the bundled font, then system CJK fallbacks."""
    family = bundled_family()
    font = QFont()
    font.setFamilies([f for f in (family, *FALLBACK_FAMILIES) if f])
    font.setPointSizeF(size)
    font.setBold(bold)
    return font


@lru_cache(maxsize=16)
def _metrics(size: float, bold: bool) -> QFontMetricsF:
    probe = QImage(8, 8, QImage.Format.Format_ARGB32)
    probe.setDotsPerMeterX(10_000)
    probe.setDotsPerMeterY(10_000)
    return QFontMetricsF(sheet_font(size, bold), probe)


def text_mm(text: str, size: float, bold: bool = False) -> float:
    """Width of one line of text in millimetres."""
    return _metrics(size, bold).horizontalAdvance(text) / 10.0


def wrapped_mm(text: str, width: float, size: float) -> float:
    """Height in millimetres of text wrapped to `width` millimetres."""
    flags = int(Qt.TextFlag.TextWordWrap)
    box = _metrics(size, False).boundingRect(QRectF(0, 0, width * 10, 10_000), flags, text)
    return box.height() / 10.0 + 0.8


# ---- page layout --------------------------------------------------------------------------
def _cell_mm(table: Table) -> list[float]:
    widths = []
    for col, head in enumerate(table.columns):
        need = text_mm(head, SMALL_PT, True)
        for row in (*table.rows, *table.foot):
            for cells in row.seats:
                need = max(need, text_mm(cells[col], BODY_PT, True))
        widths.append(max(MIN_CELL_MM, need + PAD_MM))
    return widths


def _lead_mm(table: Table) -> list[float]:
    widths = []
    for col, head in enumerate(table.lead):
        base = LABEL_MM if col == 0 else SHARED_MM
        need = text_mm(head, SMALL_PT, True)
        for row in (*table.rows, *table.foot):
            cell = row.label if col == 0 else row.shared[col - 1]
            need = max(need, text_mm(cell, BODY_PT, True))
        widths.append(max(base, need + PAD_MM))
    return widths


def is_wide(model: SheetModel, paper: str = "a4") -> bool:
    """True when the table does not fit across a portrait page in one block."""
    width = QPageSize(PAPERS[paper]).size(QPageSize.Unit.Millimeter).width() - 2 * MARGIN_MM
    need = sum(_lead_mm(model.table)) + sum(_cell_mm(model.table)) * model.players
    return need > width


def page_layout(model: SheetModel, paper: str = "a4") -> QPageLayout:
    """The page for this sheet: A4 or Letter, landscape when the table is wide."""
    if paper not in PAPERS:
        raise ValueError(f"Paper must be one of {', '.join(PAPERS)}, not {paper!r}.")
    orientation = (
        QPageLayout.Orientation.Landscape
        if is_wide(model, paper)
        else QPageLayout.Orientation.Portrait
    )
    margins = QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)
    return QPageLayout(QPageSize(PAPERS[paper]), orientation, margins, QPageLayout.Unit.Millimeter)


# ---- planning -----------------------------------------------------------------------------
class _Planner:
    """Flows the sheet's blocks down pages of `width` × `height` millimetres."""

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height - 6.0  # the page footer
        self.pages: list[list[Op]] = [[]]
        self.y = 0.0

    def ops(self) -> list[Op]:
        return self.pages[-1]

    def room(self, need: float) -> None:
        if self.y + need > self.height and self.y > 0:
            self.pages.append([])
            self.y = 0.0

    def text(self, text: str, size: float, bold: bool = False, gap: float = 1.0) -> None:
        height = wrapped_mm(text, self.width, size)
        self.room(height)
        self.ops().append(
            TextOp((0, self.y, self.width, height), text, size, bold, _TOP_LEFT, wrap=True)
        )
        self.y += height + gap


_TOP_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
_CENTER = Qt.AlignmentFlag.AlignCenter


def _heading(p: _Planner, model: SheetModel) -> None:
    p.ops().append(TextOp((0, 0, p.width, 8.0), model.heading, TITLE_PT, True))
    kind = _("Score sheet") if model.filled else _("Score sheet (blank)")
    p.ops().append(
        TextOp((0, 0, p.width, 8.0), kind, SMALL_PT, False, Qt.AlignmentFlag.AlignRight, grey=True)
    )
    p.y = 8.5
    p.text(render(Msg("Designer: {name}", name=model.designer)), SMALL_PT, gap=1.5)
    for label, value in model.details():
        p.room(6.0)
        label = render(Msg("{label}:", ctx="sheet detail", label=label))
        p.ops().append(TextOp((0, p.y, 22.0, 5.5), label, BODY_PT, True))
        if value:
            p.ops().append(TextOp((22.0, p.y, p.width - 22.0, 5.5), value, BODY_PT))
        else:
            p.ops().append(LineOp(22.0, p.y + 5.0, p.width, p.y + 5.0, 0.15))
        p.y += 6.0
    p.y += 3.0


def _block(
    p: _Planner, model: SheetModel, seats: Sequence[int], lead: list[float], cell: list[float]
) -> None:
    table = model.table
    row_mm = FILLED_ROW_MM if model.filled else BLANK_ROW_MM
    x0 = 0.0
    widths = lead + cell * len(seats)
    total_w = sum(widths)
    head_mm = GROUP_MM + COLUMN_MM

    def header() -> None:
        top = p.y
        ops = p.ops()
        ops.append(FillOp((x0, top, total_w, head_mm)))
        x = x0
        for col, name in enumerate(table.lead):
            ops.append(TextOp((x, top, lead[col], head_mm), name, SMALL_PT, True, _CENTER))
            x += lead[col]
        group_w = sum(cell)
        for seat in seats:
            name = table.groups[seat]
            ops.append(TextOp((x, top, group_w, GROUP_MM), name, BODY_PT, True, _CENTER))
            ops.append(LineOp(x, top + GROUP_MM, x + group_w, top + GROUP_MM, 0.15))
            cx = x
            for col, label in enumerate(table.columns):
                ops.append(
                    TextOp(
                        (cx, top + GROUP_MM, cell[col], COLUMN_MM), label, SMALL_PT, True, _CENTER
                    )
                )
                cx += cell[col]
            x += group_w
        p.y += head_mm

    def row(r: Row, bold: bool) -> None:
        ops = p.ops()
        x = x0
        for col, value in enumerate((r.label, *r.shared)):
            ops.append(TextOp((x, p.y, lead[col], row_mm), value, BODY_PT, bold, _CENTER))
            x += lead[col]
        for seat in seats:
            for col, value in enumerate(r.seats[seat]):
                ops.append(TextOp((x, p.y, cell[col], row_mm), value, BODY_PT, bold, _CENTER))
                x += cell[col]
        p.y += row_mm

    def grid(top: float) -> None:
        ops = p.ops()
        bottom = p.y
        ops.append(LineOp(x0, top, x0 + total_w, top, 0.35))
        ops.append(LineOp(x0, bottom, x0 + total_w, bottom, 0.35))
        y = top + head_mm
        while y < bottom - 0.01:
            ops.append(LineOp(x0, y, x0 + total_w, y, 0.15))
            y += row_mm
        x = x0
        group = len(table.columns)
        for i, w in enumerate(widths):
            inner = i > len(lead) and (i - len(lead)) % group != 0
            start = top + GROUP_MM if inner else top
            ops.append(LineOp(x, start, x, bottom, 0.12 if inner else 0.35))
            x += w
        ops.append(LineOp(x, top, x, bottom, 0.35))

    p.room(head_mm + 2 * row_mm)
    top = p.y
    header()
    body = [(r, False) for r in table.rows] + [(r, True) for r in table.foot]
    for n, (r, bold) in enumerate(body):
        if p.y + row_mm > p.height:
            grid(top)
            p.pages.append([])
            p.y = 0.0
            top = 0.0
            header()
        if bold and n == len(table.rows):
            p.ops().append(LineOp(x0, p.y, x0 + total_w, p.y, 0.35))
        row(r, bold)
    grid(top)
    p.y += 4.0


def _chart(p: _Planner, curve: ScoreCurve, reserve: float) -> None:
    """The chart under the ranking, shrunk to keep the foot on the page; else on a new page."""
    head = wrapped_mm("M", p.width, BODY_PT) + 1.0
    room = p.height - p.y - reserve - head - 3.5
    height = CHART_MM if room < CHART_MIN_MM else min(CHART_MM, room)
    p.room(height + head)
    p.text(_("Score over the match", ctx="sheet"), BODY_PT, True)
    p.ops().append(ChartOp((0, p.y, min(p.width, CHART_MAX_W_MM), height), curve))
    p.y += height + 3.0


def _foot(model: SheetModel) -> list[tuple[str, bool]]:
    tiebreak = render(Msg("Tie-break: {note}", note=model.tiebreak))
    return [(note, False) for note in model.notes] + [(tiebreak, True)]


def _foot_mm(model: SheetModel, width: float) -> float:
    return sum(wrapped_mm(t, width, SMALL_PT) + 1.0 for t, _bold in _foot(model))


def plan(model: SheetModel, width: float, height: float) -> list[list[Op]]:
    """Lay the sheet out on pages of `width` × `height` mm (the printable area)."""
    p = _Planner(width, height)
    _heading(p, model)
    lead = _lead_mm(model.table)
    cell = _cell_mm(model.table)
    fit = max(1, int((width - sum(lead)) // sum(cell)))
    per_block = -(-model.players // -(-model.players // fit))  # balanced blocks
    for start in range(0, model.players, per_block):
        _block(p, model, range(start, min(model.players, start + per_block)), lead, cell)
    if model.filled:
        ranking = "   ".join(
            render(Msg("{place}. {name} ({total})", ctx="ranking", place=place, name=n, total=t))
            for place, n, t in model.ranking
        )
        p.text(render(Msg("Ranking: {ranking}", ranking=ranking)), BODY_PT, True)
        winners = _(", ", ctx="list separator").join(model.winners)
        p.text(render(Msg("Winner: {names}", names=winners)), BODY_PT, True, gap=3.0)
        if model.curve is not None and model.curve.deals > 1:
            _chart(p, model.curve, _foot_mm(model, width))
    else:
        p.room(8.0)
        p.ops().append(TextOp((0, p.y, 22.0, 6.0), _("Winner:"), BODY_PT, True))
        p.ops().append(LineOp(22.0, p.y + 5.5, width * 0.6, p.y + 5.5, 0.15))
        p.y += 10.0
    foot = _foot(model)
    need = _foot_mm(model, width)
    p.room(need)
    p.y = max(p.y, p.height - need)
    for note, bold in foot:
        p.text(note, SMALL_PT, bold)
    count = len(p.pages)
    for number, ops in enumerate(p.pages, start=1):
        label = render(
            Msg(
                "Tabletop · {game} · page {number} of {count}",
                game=model.title,
                number=number,
                count=count,
            )
        )
        ops.append(TextOp((0, height - 4.0, width, 4.0), label, FOOT_PT, False, _CENTER, grey=True))
    return p.pages


# ---- painting -----------------------------------------------------------------------------
def _draw(painter: QPainter, ops: Sequence[Op], dpmm: float) -> list[str]:
    texts = []
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    for op in ops:
        if isinstance(op, FillOp):
            x, y, w, h = op.rect
            painter.fillRect(QRectF(x * dpmm, y * dpmm, w * dpmm, h * dpmm), GREY)
    for op in ops:
        if isinstance(op, ChartOp):
            x, y, w, h = op.rect
            rect = QRectF(x * dpmm, y * dpmm, w * dpmm, h * dpmm)
            texts.extend(paint_chart(painter, rect, op.curve, sheet_font(SMALL_PT), dpmm * 0.25))
        elif isinstance(op, LineOp):
            pen = QPen(QColor(0, 0, 0))
            pen.setWidthF(op.width * dpmm)
            painter.setPen(pen)
            painter.drawLine(
                QPointF(op.x1 * dpmm, op.y1 * dpmm), QPointF(op.x2 * dpmm, op.y2 * dpmm)
            )
        elif isinstance(op, TextOp) and op.text:
            painter.setFont(sheet_font(op.size, op.bold))
            painter.setPen(QColor(110, 110, 110) if op.grey else QColor(0, 0, 0))
            x, y, w, h = op.rect
            flags = int(op.align) | (int(Qt.TextFlag.TextWordWrap) if op.wrap else 0)
            painter.drawText(QRectF(x * dpmm, y * dpmm, w * dpmm, h * dpmm), flags, op.text)
            texts.append(op.text)
    return texts


def paint_sheet(model: SheetModel, device: QPagedPaintDevice) -> list[list[str]]:
    """Paint every page of the sheet on `device` (its page layout already set).

    Starts a new device page for each sheet page after the first; returns the texts drawn on
    each page. Works for QPdfWriter and for QPrinter (print and print preview).
    """
    dpmm = device.logicalDpiX() / 25.4
    pages = plan(model, device.width() / dpmm, device.height() / dpmm)
    painter = QPainter(device)
    try:
        texts = []
        for number, ops in enumerate(pages):
            if number:
                device.newPage()
            texts.append(_draw(painter, ops, dpmm))
    finally:
        painter.end()
    return texts


def write_pdf(model: SheetModel, path: str | Path, paper: str = "a4") -> list[list[str]]:
    """Write the sheet as a PDF file; returns the texts drawn on each page."""
    writer = QPdfWriter(str(path))
    writer.setResolution(300)
    writer.setPageLayout(page_layout(model, paper))
    writer.setTitle(render(Msg("{game} — score sheet", game=model.title)))
    writer.setCreator("Tabletop")
    return paint_sheet(model, writer)


def page_count(model: SheetModel, paper: str = "a4") -> int:
    """How many pages the sheet takes on this paper."""
    layout = page_layout(model, paper)
    area = layout.paintRect(QPageLayout.Unit.Millimeter)
    return len(plan(model, area.width(), area.height()))


def render_page(model: SheetModel, page: int = 0, paper: str = "a4", dpi: int = 100) -> QImage:
    """One page of the sheet, margins included, as a white QImage at `dpi`."""
    layout = page_layout(model, paper)
    full = layout.fullRect(QPageLayout.Unit.Millimeter)
    area = layout.paintRect(QPageLayout.Unit.Millimeter)
    pages = plan(model, area.width(), area.height())
    dpmm = dpi / 25.4
    size = QSizeF(full.width() * dpmm, full.height() * dpmm).toSize()
    image = QImage(size, QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(dpmm * 1000))
    image.setDotsPerMeterY(round(dpmm * 1000))
    image.fill(QColor(255, 255, 255))
    painter = QPainter(image)
    try:
        painter.translate(area.left() * dpmm, area.top() * dpmm)
        _draw(painter, pages[page], dpmm)
    finally:
        painter.end()
    return image
