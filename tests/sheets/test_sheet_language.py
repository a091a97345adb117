"""The score sheet in Japanese: every label, heading and note of the PDF is translated."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.engine.registry import all_games
from tabletop.i18n import current, render_value, set_language
from tabletop.sheets.model import blank_sheet, filled_sheet
from tabletop.sheets.render import write_pdf

GAMES = [g.info for g in all_games()]
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def japanese() -> Iterator[None]:
    """The app in Japanese for one test, then back to the language it had."""
    before = current()
    set_language("ja")
    yield
    set_language(before)


def english_left(drawn: list[str], data: list[str]) -> list[str]:
    """The drawn texts that still hold a Latin word once the given data (names, the designer
    as the game writes it, option keys, the app's name) are taken out."""
    out = []
    for text in drawn:
        for item in [*data, "Tabletop"]:
            text = text.replace(item, "")
        if LATIN_WORD.search(text):
            out.append(text)
    return out


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
def test_a_filled_japanese_sheet_has_no_english_label(
    qapp: object, japanese: None, match_log: object, info: object, tmp_path: Path
) -> None:
    players = max(info.min_players, min(3, info.max_players))
    model = filled_sheet(match_log(info.id, players))
    pages = write_pdf(model, tmp_path / "sheet.pdf")
    drawn = [t for page in pages for t in page]
    assert model.names[0] == "プレイヤー1"  # the log's default "Player 1", as printed
    assert "日付：" in drawn and "合計" in drawn and "順位" in drawn
    assert english_left(drawn, [info.title, render_value(info.designer), *model.options]) == []


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
def test_a_blank_japanese_sheet_has_no_english_label(
    qapp: object, japanese: None, info: object, tmp_path: Path
) -> None:
    model = blank_sheet(info.id, info.max_players, ["あき", "はる"])
    pages = write_pdf(model, tmp_path / "blank.pdf")
    drawn = [t for page in pages for t in page]
    assert model.heading == info.title and "プレイヤー：" in drawn
    assert english_left(drawn, [info.title, render_value(info.designer)]) == []


def test_the_english_sheet_keeps_its_english_labels(qapp: object, match_log: object) -> None:
    set_language("en")
    model = filled_sheet(match_log("second-third", 3))
    assert model.names[0] == "Player 1"
    assert [label for label, _ in model.details()] == [
        "Date",
        "Players",
        "Match",
        "Options",
        "Seed",
    ]
    assert model.table.foot[0].label == "Total" and "(Second Third)" in model.heading
