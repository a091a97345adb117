"""Score sheets: the model's text, the PDF, and pages rendered to images, for every game."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tabletop.engine.errors import ParseError
from tabletop.engine.registry import all_games, get_game
from tabletop.sheets.cli import sheet
from tabletop.sheets.model import blank_sheet, filled_sheet
from tabletop.sheets.render import page_count, render_page, write_pdf

GAMES = [g.info for g in all_games()]


def dark_pixels(image: QImage, step: int = 3) -> int:
    """How many sampled pixels are clearly not white."""
    count = 0
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            if image.pixelColor(x, y).lightness() < 160:
                count += 1
    return count


def pdf_pages(path: Path) -> int:
    """Page objects in a PDF file."""
    data = path.read_bytes()
    return data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") + data.count(b"/Type /Page/")


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
def test_every_game_describes_its_sheet(info: object) -> None:
    sheet = get_game(info.id).score_sheet(info.min_players, {})
    assert sheet.rows >= 1 and sheet.tiebreak and sheet.unit


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
def test_blank_sheet_of_every_game_renders(qapp: object, info: object, tmp_path: Path) -> None:
    for players in sorted({info.min_players, min(info.max_players, 6), info.max_players}):
        model = blank_sheet(info.id, players)
        assert model.title == info.title and not model.filled
        assert model.tiebreak and len(model.table.groups) == players
        assert len(model.table.rows) >= 1
        pages = write_pdf(model, tmp_path / f"{players}.pdf")
        assert (tmp_path / f"{players}.pdf").read_bytes().startswith(b"%PDF")
        assert len(pages) == page_count(model) == pdf_pages(tmp_path / f"{players}.pdf")
        drawn = "\n".join(t for page in pages for t in page)
        assert info.title in drawn and "Tie-break: " + model.tiebreak in drawn
    image = render_page(model, 0, "letter", dpi=40)
    assert dark_pixels(image) > 200


def test_blank_sheet_names_and_columns() -> None:
    model = blank_sheet("seltsam-walzer", 3, ["Ann", "Bob"])
    assert model.table.groups == ("Ann", "Bob", "")
    assert model.table.columns == ("Red", "Blue", "Green", "Score", "Total")
    assert [r.label for r in model.table.rows] == ["1", "2", "3"]
    assert [r.label for r in model.table.foot] == ["Total", "Place"]
    assert len(blank_sheet("seltsam-walzer", 4).table.rows) == 4
    with pytest.raises(ParseError):
        blank_sheet("seltsam-walzer", 3, ["A", "B", "C", "D"])


def test_second_third_signs_come_from_the_game() -> None:
    # hearts 6, spades 3, clubs 2, diamonds 1 → −6 + 3 + 2 − 1 (suits in S H D C order)
    end = {"type": "round_end", "round": 1, "suit_points": [[3, 6, 1, 2]], "totals": [-2]}
    (line,) = get_game("second-third").score_lines([{**end, "scores": [-2]}], 1)
    assert line.cells == (("+3", "-6", "-1", "+2"),) and line.scores == (-2,)


def test_a_chip_ledger_starts_with_the_starting_chips(match_log: object) -> None:
    model = filled_sheet(match_log("pokered-trick", 3, seed=2))
    start = model.table.rows[0]
    assert start.label == "Start" and [c[-1] for c in start.seats] == ["30", "30", "30"]
    assert model.table.columns == ("Fold", "Paid", "Received", "±", "Chips")


def test_filled_sheet_from_known_log(qapp: object, match_log: object, tmp_path: Path) -> None:
    lines = match_log("seltsam-walzer", 3, seed=4)
    head = json.loads(lines[0])
    head["names"] = ["Ann", "Bob", "太郎"]
    lines[0] = json.dumps(head, ensure_ascii=False)
    end = json.loads(next(t for t in lines if '"game_end"' in t))
    model = filled_sheet(lines, "2025-01-02 10:00")
    assert model.filled and model.finished and model.seed == 4
    assert len(model.table.rows) == 3
    totals = model.table.foot[0]
    assert [cells[-1] for cells in totals.seats] == [str(t) for t in end["totals"]]
    ranked = [name for _, name, _ in model.ranking]
    order = sorted(range(3), key=lambda s: end["ranking"][s])
    assert ranked == [head["names"][s] for s in order]
    pages = write_pdf(model, tmp_path / "filled.pdf", "letter")
    drawn = "\n".join(pages[0])
    for name in head["names"]:
        assert name in drawn
    for total in end["totals"]:
        assert str(total) in drawn
    assert "2025-01-02 10:00" in drawn and "へんてこワルツ" in drawn
    winner = head["names"][end["winners"][0]]
    assert f"Winner: {winner}" in drawn
    image = render_page(model, 0, "a4", dpi=50)
    assert dark_pixels(image) > 300
    if shutil.which("pdftotext"):
        text = subprocess.run(
            ["pdftotext", str(tmp_path / "filled.pdf"), "-"], capture_output=True, text=True
        ).stdout
        assert all(name in text for name in head["names"])
        assert f"Winner: {winner}" in text


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
def test_filled_sheet_of_every_game(info: object, match_log: object) -> None:
    players = max(info.min_players, min(3, info.max_players))
    lines = match_log(info.id, players)
    end = json.loads(next(t for t in lines if '"game_end"' in t))
    model = filled_sheet(lines)
    assert model.table.rows, "no rows filled"
    assert all(len(r.seats) == players for r in model.table.rows)
    assert [c[-1] for c in model.table.foot[0].seats][:players] == [
        str(int(t) if float(t).is_integer() else t) for t in end["totals"]
    ]
    assert model.text().count("\n") > 10


def test_unfinished_log_gives_provisional_ranking(match_log: object) -> None:
    lines = match_log("second-third", 3)
    cut = next(i for i, t in enumerate(lines) if '"round_end"' in t) + 5
    model = filled_sheet(lines[:cut])
    assert not model.finished and len(model.table.rows) == 1
    assert "unfinished" in model.text()
    assert sorted(p for p, _, _ in model.ranking)[0] == 1


def test_bad_logs_are_refused() -> None:
    with pytest.raises(ParseError):
        filled_sheet(['{"type": "action"}'])
    with pytest.raises(ParseError):
        filled_sheet(["not json"])


def test_cli_writes_blank_and_filled(qapp: object, match_log: object, tmp_path: Path) -> None:
    out = tmp_path / "blank.pdf"
    assert sheet("triq", 5, ["A", "B"], str(out), None, "letter") == 0
    assert out.read_bytes().startswith(b"%PDF")
    log = tmp_path / "m.jsonl"
    log.write_text("\n".join(match_log("interaction", 3)) + "\n", encoding="utf-8")
    assert sheet(None, None, None, str(tmp_path / "f.pdf"), str(log), "a4") == 0
    assert (tmp_path / "f.pdf").stat().st_size > 1000
    log.write_text("garbage\n", encoding="utf-8")
    assert sheet(None, None, None, str(tmp_path / "g.pdf"), str(log), "a4") == 1
    assert sheet("no-such-game", 3, None, str(tmp_path / "h.pdf"), None, "a4") == 1
