"""The score chart: its curve comes from the log's own score lines, and it paints on any device."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from tabletop.engine.breakdown import ScoreLine
from tabletop.i18n import set_language
from tabletop.sheets.chart import paint_chart, seat_colour
from tabletop.sheets.curve import curve_from_lines, curve_from_rounds
from tabletop.sheets.model import filled_sheet
from tabletop.sheets.render import ChartOp, plan, write_pdf


def _line(deal: int, totals: tuple[float, ...]) -> ScoreLine:
    return ScoreLine(deal, deal, ((),) * len(totals), (0.0,) * len(totals), totals)


def test_the_curve_keeps_each_deals_last_line() -> None:
    """A game scoring turn by turn has several lines per deal: the chart shows the deal's end."""
    lines = [_line(1, (1, 0)), _line(1, (3, 0)), _line(2, (3, 5)), _line(2, (4, 9))]
    curve = curve_from_lines(["Ann", "Bob"], lines)
    assert curve.points == ((0, 0), (3, 0), (4, 9))
    assert curve.deals == 2 and curve.leaders == (1,)


def test_the_leaders_are_the_winners_when_known() -> None:
    """A game where the lower total wins names its winner; the chart follows it, not the max."""
    curve = curve_from_rounds(["Ann", "Bob", "Cy"], [(5, 1, 1), (2, 0, 1)], winners=[1])
    assert curve.points[-1] == (7, 1, 2) and curve.leaders == (1,)
    tied = curve_from_rounds(["Ann", "Bob"], [(2, 2)])
    assert tied.leaders == (0, 1)


def _paint(curve: object, width: int = 500, height: int = 260) -> tuple[QImage, list[str]]:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    texts = paint_chart(painter, QRectF(0, 0, width, height), curve, QFont(), 1.0)
    painter.end()
    return image, texts


def _pixels(image: QImage, colour: QColor) -> int:
    step = 1
    return sum(
        1
        for x in range(0, image.width(), step)
        for y in range(0, image.height(), step)
        if _near(image.pixelColor(x, y), colour)
    )


def _near(a: QColor, b: QColor) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 40


def test_the_leader_is_drawn_thicker_and_named_at_the_end(qapp: object) -> None:
    curve = curve_from_rounds(["Ann", "Bob"], [(1, 4), (1, 4), (1, 4)], winners=[1])
    image, texts = _paint(curve)
    assert "Bob 12" in texts and "Ann 3" in texts
    ann, bob = _pixels(image, seat_colour(0)), _pixels(image, seat_colour(1))
    assert bob > 1.5 * ann > 0


def test_the_chart_speaks_the_readers_language(qapp: object) -> None:
    curve = curve_from_rounds(["Ann", "Bob"], [(1, 4), (2, -1)])
    try:
        set_language("ja")
        _image, texts = _paint(curve)
    finally:
        set_language("en")
    assert "各ディール終了時の合計" in texts
    _image, texts = _paint(curve)
    assert "Total after each deal" in texts


def test_many_seats_name_only_the_leader_and_list_a_legend(qapp: object) -> None:
    names = [f"P{i}" for i in range(12)]
    curve = curve_from_rounds(names, [tuple(float(i) for i in range(12))] * 3)
    _image, texts = _paint(curve, 700, 300)
    assert "P11 33" in texts and "P0 0" not in texts
    assert all(name in texts for name in names)


def test_the_filled_sheet_prints_the_chart_of_its_totals(
    qapp: object, match_log: object, tmp_path: Path
) -> None:
    lines = match_log("seltsam-walzer", 3, seed=4)
    end = json.loads(next(t for t in lines if '"game_end"' in t))
    model = filled_sheet(lines, "2025-01-02 10:00")
    assert model.curve is not None
    assert list(model.curve.points[-1]) == end["totals"]
    assert model.curve.leaders == tuple(end["winners"])
    charts = [op for page in plan(model, 186, 273) for op in page if isinstance(op, ChartOp)]
    assert [op.curve for op in charts] == [model.curve]
    drawn = [text for page in write_pdf(model, tmp_path / "s.pdf") for text in page]
    assert "Score over the match" in drawn and "Total after each deal" in drawn
    winner = end["winners"][0]
    assert f"{model.names[winner]} {end['totals'][winner]}" in drawn


def test_the_chart_shrinks_rather_than_push_the_foot_to_a_new_page(
    qapp: object, match_log: object
) -> None:
    model = filled_sheet(match_log("seltsam-walzer", 3, seed=3))
    bare = replace(model, curve=None)
    for width, height in ((273.0, 186.0), (272.97, 185.84), (186.0, 273.0)):
        pages = plan(model, width, height)
        assert len(pages) == len(plan(bare, width, height))
        (chart,) = [op for page in pages for op in page if isinstance(op, ChartOp)]
        assert chart.rect[3] >= 38.0


def test_the_story_so_far_keeps_the_whole_axis_and_its_own_leader(qapp: object) -> None:
    curve = curve_from_rounds(["Ann", "Bob"], [(5, 0), (0, 9), (0, 1)], winners=[1])
    half = curve.upto(1)
    assert half.points == ((0, 0), (5, 0)) and half.leaders == (0,) and half.span == 3
    assert curve.upto(0).leaders == () and curve.upto(3) is curve
    _image, texts = _paint(half)
    assert "3" in texts and "Ann 5" in texts and "Bob 10" not in texts
    _image, texts = _paint(curve.upto(0))
    assert not any(t.startswith(("Ann", "Bob")) for t in texts)
