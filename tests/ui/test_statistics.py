"""The Statistics tab: built from History's saved matches, filtered, exported as CSV."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from ui_helpers import Closing, play_saved

from tabletop.stats import ALL, records, seats_of
from tabletop.store import Store
from tabletop.ui.app import MainWindow
from tabletop.ui.statistics import StatisticsPage
from tabletop.ui.statsbench import fake_history, measure


def test_the_tab_lists_every_record_and_filters(closing: Closing, tmp_path: Path) -> None:
    entries = fake_history(tmp_path, 200, seed=5)
    page = closing.widget(StatisticsPage())
    page.set_entries(entries)
    assert page.stale and page.table.topLevelItemCount() == 0  # built only when shown
    page.show()
    expected = records(seats_of(entries))
    assert page.table.topLevelItemCount() == len(expected)
    assert page.summary.text() == "Matches counted: 200"
    game = page.game.itemData(2)
    name = page.people.item(0).data(Qt.ItemDataRole.UserRole)
    page.choose(game, [name])
    kept = [e for e in entries if e.game == game and name in e.names]
    assert page.summary.text() == f"Matches counted: {len(kept)}"
    assert {page.table.topLevelItem(r).text(1) for r in range(page.table.topLevelItemCount())} >= {
        name
    }
    assert page.ticked() == [name]


def test_all_games_together_gives_one_record_per_name(closing: Closing, tmp_path: Path) -> None:
    entries = fake_history(tmp_path, 150, seed=6)
    page = closing.widget(StatisticsPage())
    page.set_entries(entries)
    page.show()
    page.choose(ALL)
    people = {n for e in entries for n in e.names}
    assert page.table.topLevelItemCount() == len(people)
    for row in range(page.table.topLevelItemCount()):
        item = page.table.topLevelItem(row)
        rec = item.data(0, Qt.ItemDataRole.UserRole)
        assert rec.matches == sum(rec.name in e.names for e in entries)
        assert item.text(0) == "All games" and item.text(5) == item.text(6) == ""
    assert page.timeline.by_place and page.timeline.seats == page.current().timeline
    page.timeline.grab()


def test_details_show_rivals_and_the_timeline(closing: Closing, tmp_path: Path) -> None:
    entries = fake_history(tmp_path, 80, seed=2)
    page = closing.widget(StatisticsPage())
    page.set_entries(entries)
    page.show()
    rec = page.current()
    assert rec is not None and len(page.timeline.seats) == rec.matches
    together = {
        page.rivals.topLevelItem(r).text(0): int(page.rivals.topLevelItem(r).text(1))
        for r in range(page.rivals.topLevelItemCount())
    }
    assert together == {n: r.matches for n, r in rec.rivals.items()}
    page.timeline.grab()


def test_csv_export_holds_the_records_shown(closing: Closing, tmp_path: Path) -> None:
    entries = fake_history(tmp_path, 120, seed=4)
    page = closing.widget(StatisticsPage())
    page.set_entries(entries)
    page.show()
    page.choose(page.game.itemData(2))
    out = tmp_path / "stats.csv"
    page.export_csv(out)
    rows = list(csv.reader(out.read_text(encoding="utf-8-sig").splitlines()))
    assert rows[0][:4] == ["Game", "Player", "Matches", "Wins"]
    assert len(rows) - 1 == page.table.topLevelItemCount() == len(page.shown)
    assert sum(int(r[2]) for r in rows[1:]) == sum(r.matches for r in page.shown)


def test_a_finished_match_shows_in_statistics(
    closing: Closing, settings: QSettings, data_dir: str
) -> None:
    play_saved(Store(data_dir), "second-third", ["Ann", "Bob", "Cy"], 3, None)
    window = closing.widget(MainWindow(settings, Store(data_dir)))
    window.launcher.tabs.setCurrentWidget(window.launcher.statistics_tab)
    window.show()
    stats = window.launcher.statistics
    assert not stats.stale
    players = {stats.table.topLevelItem(r).text(1) for r in range(stats.table.topLevelItemCount())}
    assert players == {"Ann", "Bob", "Cy"}
    assert stats.summary.text() == "Matches counted: 1"


@pytest.mark.slow
def test_the_bench_opens_the_tab_in_a_fresh_process() -> None:
    """`tabletop bench --stats` on a small history: every stage timed, every record listed."""
    figures = measure(count=60)
    assert figures["matches"] == 60 and figures["rows"] > 0
    assert figures["open_total_s"] == pytest.approx(
        figures["index_read_s"] + figures["tab_open_s"], abs=0.002
    )
