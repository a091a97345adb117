"""The score chart as a widget: `sheets.chart.paint_chart` on a light panel."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from tabletop.sheets.chart import paint_chart
from tabletop.sheets.curve import ScoreCurve


class ScoreChart(QWidget):
    """Every seat's running total after each deal; `marker` shades one deal (the replay's)."""

    def __init__(self, curve: ScoreCurve, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.curve = curve
        self.marker: int | None = None
        self.texts: list[str] = []
        self.setMinimumSize(360, 160)

    def set_marker(self, deal: int | None) -> None:
        """Shade the column of `deal` (None: no shading)."""
        if deal != self.marker:
            self.marker = deal
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint the chart over the whole widget."""
        p = QPainter(self)
        p.fillRect(self.rect(), QColor("#fafafa"))
        area = self.rect().toRectF().adjusted(6, 4, -6, -4)
        self.texts = paint_chart(p, area, self.curve, self.font(), 1.0, self.marker)
        p.end()
