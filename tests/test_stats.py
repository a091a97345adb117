"""Statistics from the match history: per game and name, filters, rivals, old indexes."""

from __future__ import annotations

from pathlib import Path

from tabletop.stats import ALL, csv_text, entry_places, games, names, records, seats_of
from tabletop.store import HistoryEntry, Store
from tabletop.ui.statsbench import fake_history


def _entry(
    n: int, game: str, table: dict[str, float], places: tuple[int, ...] = ()
) -> HistoryEntry:
    names_ = tuple(table)
    best = max(table.values())
    return HistoryEntry(
        id=str(n),
        date=f"2025-01-{n + 1:02d} 10:00",
        game=game,
        title=game,
        names=names_,
        winners=tuple(k for k, v in table.items() if v == best),
        totals=tuple(table.values()),
        file=f"{n}.jsonl",
        places=places,
    )


HISTORY = [
    _entry(0, "triq", {"Ann": 10, "Bob": 4, "Cy": 7}, (1, 3, 2)),
    _entry(1, "triq", {"Ann": 2, "Bob": 9}, (2, 1)),
    _entry(2, "vulture", {"Ann": 5, "Cy": 5}, (1, 1)),
    _entry(3, "triq", {"Bob": 6, "Cy": 1, "Dee": 3}, (1, 3, 2)),
]


def _by(recs: list, game: str, name: str) -> object:
    return next(r for r in recs if r.game == game and r.name == name)


def test_records_count_matches_wins_places_and_scores() -> None:
    recs = records(seats_of(HISTORY))
    ann = _by(recs, "triq", "Ann")
    assert (ann.matches, ann.wins, ann.average_place, ann.best, ann.average_score) == (
        2, 1, 1.5, 10, 6
    )  # fmt: skip
    bob = _by(recs, "triq", "Bob")
    assert (bob.matches, bob.wins, bob.average_place, bob.best) == (3, 2, 5 / 3, 9)
    shared = _by(recs, "vulture", "Cy")
    assert shared.wins == 1 and shared.average_place == 1
    assert [s.total for s in bob.timeline] == [4, 9, 6]
    assert recs[0].name == "Bob"  # most wins first


def test_rivals_say_who_finished_ahead() -> None:
    bob = _by(records(seats_of(HISTORY)), "triq", "Bob")
    ann, cy = bob.rivals["Ann"], bob.rivals["Cy"]
    assert (ann.matches, ann.ahead, ann.behind) == (2, 1, 1)
    assert (cy.matches, cy.ahead, cy.behind) == (2, 1, 1)
    assert "Bob" not in bob.rivals


def test_filters_by_game_and_by_who_was_at_the_table() -> None:
    seats = seats_of(HISTORY)
    assert {r.game for r in records(seats, "vulture")} == {"vulture"}
    with_cy = records(seats, None, ["Cy"])
    assert {s.match for r in with_cy for s in r.timeline} == {0, 2, 3}
    both = records(seats, "triq", ["Ann", "Cy"])
    assert {s.match for r in both for s in r.timeline} == {0}
    assert records(seats, "triq", ["Nobody"]) == []
    assert names(seats) == ["Ann", "Bob", "Cy", "Dee"]
    assert games(seats) == ["triq", "vulture"]


def test_entries_saved_without_places_rank_winners_first() -> None:
    entry = HistoryEntry(
        id="0", date="d", game="triq", title="t", names=("Ann", "Bob", "Cy"),
        winners=("Cy",), totals=(3, 8, 8), file="f",
    )  # fmt: skip
    assert entry_places(entry) == (3, 2, 1)


def test_csv_quotes_what_needs_quoting() -> None:
    text = csv_text([["Game", "Player"], ["トリック", 'Ann, "the" first']])
    assert text == 'Game,Player\nトリック,"Ann, ""the"" first"\n'


def test_generated_saves_read_back_through_the_store(tmp_path: Path) -> None:
    made = fake_history(tmp_path, 300, seed=3)
    read = Store(tmp_path).history()
    assert read == made
    seats = seats_of(read)
    recs = records(seats)
    assert sum(r.matches for r in recs) == len(seats) == sum(len(e.names) for e in made)
    assert sum(r.wins for r in recs) == sum(len(e.winners) for e in made)


def test_all_games_together_count_everything_but_compare_no_scores() -> None:
    recs = records(seats_of(HISTORY), together=True)
    ann = next(r for r in recs if r.name == "Ann")
    assert (ann.game, ann.matches, ann.wins, ann.average_place) == (ALL, 3, 2, 4 / 3)
    assert not ann.scores_comparable
    dee = next(r for r in recs if r.name == "Dee")
    assert dee.scores_comparable and dee.best == 3
