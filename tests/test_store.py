"""Saves: autosave after every action, resume after a kill, damaged files, match history."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from tabletop import autosave
from tabletop.bots.base import RandomBot
from tabletop.engine.log import LogWriter, replay
from tabletop.engine.registry import get_game
from tabletop.sheets.model import filled_sheet
from tabletop.store import DATA_ENV, DamagedSave, Store, atomic_write, data_dir
from tabletop.ui.table.session import Session, parse_seats


def _play_mid_trick(store: Store) -> tuple[object, object, object]:
    game = get_game("second-third")
    state = game.setup(3, None, 11)
    save = autosave.start(store, game, state)
    bot = RandomBot(5)
    plays = 0
    while True:
        seat = min(game.to_act(state))
        action = bot.choose(game.view(state, seat))
        events = game.apply(state, seat, action)
        save.action(seat, action, events)
        if [e.type for e in events] == ["play"]:
            plays += 1
            if plays >= 8:  # the middle of a trick in the third trick
                return game, state, save


def test_data_dir_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    assert data_dir() == tmp_path
    assert Store().root == tmp_path
    monkeypatch.delenv(DATA_ENV)
    assert data_dir().name.lower() == "tabletop"


def test_resume_after_kill_mid_trick_gives_the_same_views(tmp_path: Path) -> None:
    game, state, save = _play_mid_trick(Store(tmp_path))
    before = {seat: game.view(state, seat) for seat in (None, 0, 1, 2)}
    del save  # the app is killed: nothing but the file survives
    saves, damaged = Store(tmp_path).unfinished()
    assert not damaged and len(saves) == 1 and saves[0].game == "second-third"
    resumed = autosave.resume(Store(tmp_path), saves[0].id)
    for seat, view in before.items():
        assert resumed.game.view(resumed.state, seat) == view
    # play on from there: the save keeps growing and still replays
    g, s = resumed.game, resumed.state
    bot = RandomBot(9)
    for _ in range(5):
        seat = min(g.to_act(s))
        action = bot.choose(g.view(s, seat))
        resumed.autosave.action(seat, action, g.apply(s, seat, action))
    lines = resumed.autosave.path.read_text(encoding="utf-8").splitlines()
    assert replay(lines).state.match.totals == s.match.totals
    assert not list(tmp_path.joinpath("saves").glob("*.tmp"))


def test_finished_match_goes_to_history(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = get_game("interaction")
    state = game.setup(3, None, 2)
    state.names = ("Ann", "Bob", "Cy")
    save = autosave.start(store, game, state)
    bot = RandomBot(1)
    while game.to_act(state):
        seat = min(game.to_act(state))
        action = bot.choose(game.view(state, seat))
        save.action(seat, action, game.apply(state, seat, action))
    result = game.result(state)
    assert save.finished is not None
    assert store.unfinished() == ([], [])
    (entry,) = store.history()
    assert entry.game == "interaction" and entry.names == ("Ann", "Bob", "Cy")
    assert entry.winners == tuple(state.names[w] for w in result.winners)
    assert list(entry.totals) == list(result.totals)
    assert entry.places == result.places
    model = filled_sheet(store.history_log(entry))
    assert model.finished and model.winners == entry.winners


def _saved(tmp_path: Path) -> tuple[Store, Path]:
    store = Store(tmp_path)
    _play_mid_trick(store)
    (path,) = (tmp_path / "saves").glob("*.jsonl")
    return store, path


def test_truncated_save_is_reported_and_set_aside(tmp_path: Path) -> None:
    store, path = _saved(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 7])
    saves, damaged = store.unfinished()
    assert saves == [] and len(damaged) == 1
    err = damaged[0]
    assert "truncated" in err.reason and "damaged" in str(err)
    assert not path.exists() and err.path.exists() and err.path.parent.name == "damaged"
    reason = err.path.with_name(err.path.name + ".reason.txt").read_text(encoding="utf-8")
    assert "truncated" in reason


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda lines: [*lines[:4], "{not json", *lines[4:]], "not JSON"),
        (lambda lines: [*lines[:-3], lines[-3].replace('"seat":', '"seat":9,"was":')], "line"),
        (lambda lines: lines[1:], "header"),
        (lambda lines: [], "empty"),
    ],
    ids=["garbled-line", "bad-action", "no-header", "empty"],
)
def test_corrupted_save_gives_a_clear_error(tmp_path: Path, damage: object, words: str) -> None:
    store, path = _saved(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(damage(lines)) + "\n", encoding="utf-8")
    with pytest.raises(DamagedSave) as caught:
        autosave.resume(store, path.stem)
    assert words in caught.value.reason
    assert not path.exists() and caught.value.path.exists()
    assert store.unfinished() == ([], [])


def test_non_utf8_save_and_broken_index(tmp_path: Path) -> None:
    store, path = _saved(tmp_path)
    path.write_bytes(b"\xff\xfe\x00garbage\n")
    _, damaged = store.unfinished()
    assert "UTF-8" in damaged[0].reason
    store.index.write_text("[{", encoding="utf-8")
    assert store.history() == []
    assert any(p.name.startswith("history") for p in store.damaged.iterdir())


def test_atomic_write_leaves_old_file_on_failure(tmp_path: Path) -> None:
    target = tmp_path / "a.jsonl"
    atomic_write(target, "old\n")

    with pytest.raises(TypeError):
        atomic_write(target, None)  # type: ignore[arg-type]
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["a.jsonl"]


def test_the_table_a_save_and_a_log_file_write_the_same_bytes(tmp_path: Path) -> None:
    """The table's in-memory log and its autosave are the very lines `LogWriter` writes."""
    game = get_game("second-third")
    seats = parse_seats("second-third", ["Ann", "Bob", "cpu"])
    table = Session(game, seats, 21)
    saved = Session(game, seats, 21)
    save = autosave.start(Store(tmp_path), game, saved.state, [s.bot for s in seats])
    saved.recorder = save
    state = game.setup(3, None, 21)
    state.names = table.state.names
    out = io.StringIO()
    writer = LogWriter(out, game, state)
    bot = RandomBot(3)
    while game.to_act(state):
        seat = min(game.to_act(state))
        action = bot.choose(game.view(state, seat))
        writer.action(seat, action, game.apply(state, seat, action))
        table.act(seat, action)
        saved.act(seat, action)
    written = out.getvalue()
    assert "\n".join(table.log()) + "\n" == written
    assert save.finished is not None
    archived = (tmp_path / "history" / save.finished.file).read_text(encoding="utf-8")
    head, _, rest = archived.partition("\n")
    assert rest == written.partition("\n")[2]
    assert json.loads(head) == {
        **json.loads(written.partition("\n")[0]),
        "bots": [None, None, "thumb"],
    }
    assert head.startswith(written.partition("\n")[0][:-1] + ',"bots":')


def test_an_index_saved_without_places_still_reads(tmp_path: Path) -> None:
    """History indexes written before places were kept read with no places (statistics then
    rank the winners first, the rest by total)."""
    old = {
        "id": "1",
        "date": "2025-01-01 10:00",
        "game": "interaction",
        "title": "t",
        "names": ["Ann", "Bob"],
        "winners": ["Bob"],
        "totals": [5, 3],
        "file": "1.jsonl",
    }
    (tmp_path / "history.json").write_text(json.dumps([old]), encoding="utf-8")
    (entry,) = Store(tmp_path).history()
    assert entry.places == () and entry.winners == ("Bob",)
