"""The data folder: one level per platform, and the doubled folder of 0.1.0 moved up once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop import autosave
from tabletop.bots.base import RandomBot
from tabletop.engine.registry import get_game
from tabletop.folders import CACHE_ENV, cache_dir, platform_cache_dir, platform_data_dir
from tabletop.store import DATA_ENV, Store, adopt_doubled_folder, data_dir


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary HOME with no XDG_DATA_HOME and no $TABLETOP_DATA_DIR."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv(DATA_ENV, raising=False)
    return tmp_path


def _finished_match(store: Store, seed: int) -> str:
    """Play a whole 3-player Second Third match into `store`; return its id."""
    game = get_game("second-third")
    state = game.setup(3, None, seed)
    save = autosave.start(store, game, state)
    bot = RandomBot(seed)
    while game.result(state) is None:
        seat = min(game.to_act(state))
        action = bot.choose(game.view(state, seat))
        save.action(seat, action, game.apply(state, seat, action))
    return save.id


def test_linux_folder_is_not_doubled(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert platform_data_dir("linux") == home / ".local" / "share" / "Tabletop"
    assert data_dir() == home / ".local" / "share" / "Tabletop"
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg"))
    assert platform_data_dir("linux") == home / "xdg" / "Tabletop"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/is/ignored")
    assert platform_data_dir("linux") == home / ".local" / "share" / "Tabletop"


def test_macos_and_windows_folders(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert platform_data_dir("darwin") == home / "Library" / "Application Support" / "Tabletop"
    monkeypatch.setenv("APPDATA", str(home / "Roaming"))
    assert platform_data_dir("win32") == home / "Roaming" / "Tabletop"


def test_environment_variable_moves_the_folder(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(home / "elsewhere"))
    assert Store().root == home / "elsewhere"
    assert not (home / ".local").exists()


def test_doubled_folder_is_moved_up_once(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg"))
    new = home / "xdg" / "Tabletop"
    old = Store(new / "Tabletop")
    first = _finished_match(old, 1)
    unfinished = autosave.start(old, get_game("triq"), get_game("triq").setup(4, None, 2))
    (old.damaged / "x.jsonl").parent.mkdir(parents=True)
    (old.damaged / "x.jsonl").write_text("broken\n", encoding="utf-8")
    files_before = {
        p.relative_to(old.root): p.read_bytes() for p in old.root.rglob("*") if p.is_file()
    }

    store = Store()

    assert store.root == new
    assert not (new / "Tabletop").exists()
    files_after = {p.relative_to(new): p.read_bytes() for p in new.rglob("*") if p.is_file()}
    assert files_after == files_before
    assert [e.id for e in store.history()] == [first]
    assert [s.id for s in store.unfinished()[0]] == [unfinished.id]
    assert Store().root == new  # a second start finds nothing left to move
    assert {p.relative_to(new) for p in new.rglob("*") if p.is_file()} == set(files_before)


def test_nothing_is_overwritten_and_histories_merge(tmp_path: Path) -> None:
    root = tmp_path / "Tabletop"
    old, new = Store(root / "Tabletop"), Store(root)
    old_id, new_id = _finished_match(old, 1), _finished_match(new, 2)
    (old.saves / "same.jsonl").parent.mkdir(parents=True, exist_ok=True)
    (new.saves / "same.jsonl").parent.mkdir(parents=True, exist_ok=True)
    (old.saves / "same.jsonl").write_text("old\n", encoding="utf-8")
    (new.saves / "same.jsonl").write_text("new\n", encoding="utf-8")
    (old.saves / "twin.jsonl").write_text("twin\n", encoding="utf-8")
    (new.saves / "twin.jsonl").write_text("twin\n", encoding="utf-8")
    # The old history file has the same name as a different file already in the new folder.
    clash = new.history_dir / f"{old_id}.jsonl"
    clash.write_text("a different match\n", encoding="utf-8")
    old_log = (old.history_dir / f"{old_id}.jsonl").read_text(encoding="utf-8")

    moved = adopt_doubled_folder(root)

    assert moved == 3  # same.jsonl, the clashing history log, and the index
    assert not (root / "Tabletop").exists()
    assert (new.saves / "same.jsonl").read_text(encoding="utf-8") == "new\n"
    assert (new.saves / "same.from-old.jsonl").read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in new.saves.iterdir()) == [
        "same.from-old.jsonl",
        "same.jsonl",
        "twin.jsonl",
    ]
    assert clash.read_text(encoding="utf-8") == "a different match\n"
    entries = {e.id: e for e in new.history()}
    assert set(entries) == {old_id, new_id}
    assert entries[old_id].file == f"{old_id}.from-old.jsonl"
    assert new.history_log(entries[old_id]) == old_log.splitlines()


def test_unreadable_old_index_is_kept_beside_the_new_one(tmp_path: Path) -> None:
    root = tmp_path / "Tabletop"
    (root / "Tabletop").mkdir(parents=True)
    (root / "Tabletop" / "history.json").write_text("{not json", encoding="utf-8")
    (root / "history.json").write_text("[]\n", encoding="utf-8")
    assert adopt_doubled_folder(root) == 1
    assert (root / "history.from-old.json").read_text(encoding="utf-8") == "{not json"
    assert json.loads((root / "history.json").read_text(encoding="utf-8")) == []


def test_cache_folders(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CACHE_ENV, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    assert platform_cache_dir("linux") == home / ".cache" / "Tabletop"
    assert cache_dir() == home / ".cache" / "Tabletop"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "xdg-cache"))
    assert platform_cache_dir("linux") == home / "xdg-cache" / "Tabletop"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/is/ignored")
    assert platform_cache_dir("linux") == home / ".cache" / "Tabletop"
    assert platform_cache_dir("darwin") == home / "Library" / "Caches" / "Tabletop"
    monkeypatch.setenv("LOCALAPPDATA", str(home / "Local"))
    assert platform_cache_dir("win32") == home / "Local" / "Tabletop" / "Cache"
    monkeypatch.setenv(CACHE_ENV, str(home / "portable"))
    assert cache_dir() == home / "portable"
