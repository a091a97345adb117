"""The score chart as a widget: `sheets.chart.paint_chart` on a light panel, the whole match or
(in the replay) the deals played so far."""

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
        self.done = curve.deals
        self.marker: int | None = None
        self.texts: list[str] = []
        self.setMinimumSize(360, 160)

    def set_marker(self, deal: int | None, done: int | None = None) -> None:
        """Shade the column of `deal` (None: no shading) and draw only the first `done` deals
        (None: all)."""
        done = self.curve.deals if done is None else done
        if (deal, done) != (self.marker, self.done):
            self.marker, self.done = deal, done
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint the chart over the whole widget."""
        p = QPainter(self)
        p.fillRect(self.rect(), QColor("#fafafa"))
        area = self.rect().toRectF().adjusted(6, 4, -6, -4)
        curve = self.curve.upto(self.done)
        self.texts = paint_chart(p, area, curve, self.font(), 1.0, self.marker)
        p.end()
