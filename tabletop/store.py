"""Saved matches: autosave after every action, resume, damaged files set aside, match history.

Everything lives under `data_dir()`: `$TABLETOP_DATA_DIR` when set, else the platform's
application-data folder: `~/.local/share/Tabletop` (or `$XDG_DATA_HOME/Tabletop`) on Linux,
`~/Library/Application Support/Tabletop` on macOS, `%APPDATA%\\Tabletop` on Windows.
Versions up to 0.1.0 used Qt's AppDataLocation, which doubled the name (`.../Tabletop/Tabletop`);
the first `Store()` moves that folder's files up one level (`adopt_doubled_folder`).

    saves/<id>.jsonl      a match in progress: its replay log, rewritten atomically
    history/<id>.jsonl    finished matches' logs
    history.json          the index of finished matches (date, game, players, winners, totals,
                          places)
    damaged/              unreadable saves, moved aside, each with a .reason.txt

A save is the replay log itself (docs/replay-format.md), kept by an `Autosave`
(`tabletop.autosave`, which starts and resumes matches), so resuming is
`tabletop.engine.log.replay(lines)`. The app adds one
key to the header, `bots`: per seat the computer player's name, or null for a person, so a
resumed table seats the same people.
"""

from __future__ import annotations

import contextlib
import filecmp
import json
import os
import shutil
import tempfile
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.engine.errors import ParseError, ReplayDivergence, TabletopError
from tabletop.folders import FOLDER, platform_data_dir

if TYPE_CHECKING:
    from tabletop.engine.game import Game, State

DATA_ENV = "TABLETOP_DATA_DIR"


def data_dir() -> Path:
    """Where Tabletop keeps its data: $TABLETOP_DATA_DIR, else the platform's data folder."""
    override = os.environ.get(DATA_ENV)
    return Path(override) if override else platform_data_dir()


def _free_name(path: Path) -> Path:
    """`path`, or `name.from-old[-N].ext` beside it if that is taken."""
    n = 1
    target = path.with_name(f"{path.stem}.from-old{path.suffix}")
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.from-old-{n}{path.suffix}")
    return target


def _read_index(path: Path) -> list[dict[str, Any]] | None:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        return None
    return raw


def adopt_doubled_folder(root: Path) -> int:
    """Move the files of `root/Tabletop` (the doubled folder of 0.1.0) into `root`, once.

    Nothing is overwritten: a file already in `root` with other content keeps its place and
    the old one is moved beside it as `name.from-old.ext`; two history indexes are merged.
    A file that cannot be moved stays where it is (tried again next start). Returns how many
    files were moved.
    """
    old = root / FOLDER
    if not old.is_dir():
        return 0
    moved = 0
    renamed: dict[str, str] = {}
    files = sorted(p for p in old.rglob("*") if p.is_file() and p.name != "history.json")
    for path in files:
        target = root / path.relative_to(old)
        try:
            if target.exists():
                if filecmp.cmp(path, target, shallow=False):
                    path.unlink()
                    continue
                target = _free_name(target)
                if path.parent.name == "history":
                    renamed[path.name] = target.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(path, target)
            moved += 1
        except OSError:
            continue
    moved += _adopt_index(old / "history.json", root / "history.json", renamed)
    for folder in sorted((p for p in old.rglob("*") if p.is_dir()), reverse=True):
        with contextlib.suppress(OSError):
            folder.rmdir()
    with contextlib.suppress(OSError):
        old.rmdir()
    return moved


def _adopt_index(old: Path, new: Path, renamed: dict[str, str]) -> int:
    """Merge the old history index into the new one (entries by id); 1 if the old one went."""
    if not old.is_file():
        return 0
    entries = _read_index(old)
    current = _read_index(new) if new.exists() else []
    try:
        if entries is None or current is None:
            shutil.move(old, _free_name(new) if new.exists() else new)
            return 1
        known = {e.get("id") for e in current}
        for entry in entries:
            if entry.get("id") not in known:
                file = entry.get("file")
                if isinstance(file, str) and file in renamed:
                    entry = {**entry, "file": renamed[file]}
                current.append(entry)
        atomic_write(new, json.dumps(current, ensure_ascii=False, indent=1) + "\n")
        old.unlink()
    except OSError:
        return 0
    return 1


def atomic_write(path: Path, text: str) -> None:
    """Replace `path` with `text` so a reader sees the old file or the new one, never a mix."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class DamagedSave(TabletopError):
    """A save that cannot be resumed; `path` is where it was moved aside, `reason` why."""

    def __init__(self, name: str, reason: str, path: Path) -> None:
        super().__init__(f"The saved match {name} is damaged ({reason}); it was moved to {path}.")
        self.name = name
        self.reason = reason
        self.path = path


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """An unfinished match the launcher can offer to resume."""

    id: str
    path: Path
    game: str
    players: int
    names: tuple[str, ...]
    saved: str
    actions: int
    bots: tuple[str | None, ...] = ()


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One finished match in the history index."""

    id: str
    date: str
    game: str
    title: str
    names: tuple[str, ...]
    winners: tuple[str, ...]
    totals: tuple[float, ...]
    file: str
    places: tuple[int, ...] = ()
    """Each seat's place (1 = first, ties share); empty in entries saved by older versions."""


def seat_bots(lines: list[str], players: int) -> tuple[str | None, ...]:
    """The header's `bots` (a computer player's name or None per seat); () if absent or odd."""
    try:
        head = json.loads(next(t for t in lines if t.strip()))
    except (StopIteration, ValueError):
        return ()
    bots = head.get("bots") if isinstance(head, dict) else None
    if not isinstance(bots, list) or len(bots) != players:
        return ()
    if not all(b is None or isinstance(b, str) for b in bots):
        return ()
    return tuple(bots)


class Store:
    """The saves, damaged files and history under one data folder."""

    def __init__(self, root: Path | str | None = None) -> None:
        if root is None:
            root = data_dir()
            if not os.environ.get(DATA_ENV):
                adopt_doubled_folder(root)
        self.root = Path(root)
        self.saves = self.root / "saves"
        self.history_dir = self.root / "history"
        self.damaged = self.root / "damaged"
        self.index = self.root / "history.json"

    def unfinished(self) -> tuple[list[SaveInfo], list[DamagedSave]]:
        """Matches to resume, newest first; damaged saves are moved aside and reported."""
        found: list[SaveInfo] = []
        damaged: list[DamagedSave] = []
        paths = sorted(self.saves.glob("*.jsonl"), reverse=True)
        if not paths:
            return found, damaged
        from tabletop.engine.log import replay  # the rules' machinery, only for a save

        for path in paths:
            try:
                lines = self.read_save(path)
                done = replay(lines)
            except DamagedSave as err:
                damaged.append(err)
                continue
            except (ParseError, ReplayDivergence) as err:
                damaged.append(self.quarantine(path, str(err)))
                continue
            if done.game.result(done.state) is not None:
                continue
            stamp = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            found.append(
                SaveInfo(
                    path.stem,
                    path,
                    done.game.info.id,
                    done.state.players,
                    tuple(done.state.names),
                    stamp,
                    done.actions,
                    seat_bots(lines, done.state.players),
                )
            )
        return found, damaged

    def discard(self, match_id: str) -> None:
        """Delete an unfinished save the player chose not to resume."""
        (self.saves / f"{match_id}.jsonl").unlink(missing_ok=True)

    def read_save(self, path: Path) -> list[str]:
        """A save's lines; DamagedSave (the file moved aside when it is damaged) if unreadable."""
        try:
            data = path.read_bytes()
        except OSError as err:
            raise DamagedSave(path.stem, f"cannot read it: {err.strerror}", path) from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise self.quarantine(path, "it is not UTF-8 text") from None
        if not text.strip():
            raise self.quarantine(path, "it is empty")
        if not text.endswith("\n"):
            raise self.quarantine(path, "it is truncated (the last line is incomplete)")
        return text.splitlines()

    def quarantine(self, path: Path, reason: str) -> DamagedSave:
        """Move a damaged file into damaged/ with a .reason.txt beside it; return the error."""
        self.damaged.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = self.damaged / f"{path.stem}.{stamp}{path.suffix}"
        n = 1
        while target.exists():
            n += 1
            target = self.damaged / f"{path.stem}.{stamp}-{n}{path.suffix}"
        try:
            os.replace(path, target)
        except OSError:
            target = path
        atomic_write(target.with_name(target.name + ".reason.txt"), reason + "\n")
        return DamagedSave(path.stem, reason, target)

    # ---- history ------------------------------------------------------------------------
    def archive(
        self, match_id: str, save: Path, text: str, game: Game[Any], state: State
    ) -> HistoryEntry:
        """Move a finished match's log (`text`, saved at `save`) into history/ and add it to
        the index."""
        result = game.result(state)
        assert result is not None
        names = tuple(state.names)
        target = self.history_dir / save.name
        atomic_write(target, text)
        save.unlink(missing_ok=True)
        entry = HistoryEntry(
            id=match_id,
            date=datetime.now().strftime("%Y-%m-%d %H:%M"),
            game=game.info.id,
            title=game.info.title,
            names=names,
            winners=tuple(names[w] for w in result.winners),
            totals=tuple(result.totals),
            file=target.name,
            places=tuple(result.places),
        )
        entries = [asdict(e) for e in self.history()]
        entries.append(asdict(entry))
        atomic_write(self.index, json.dumps(entries, ensure_ascii=False, indent=1) + "\n")
        return entry

    def history(self) -> list[HistoryEntry]:
        """Finished matches, oldest first (an unreadable index is set aside and starts anew)."""
        if not self.index.is_file():
            return []
        try:
            raw = json.loads(self.index.read_text(encoding="utf-8"))
            return [
                HistoryEntry(
                    id=str(e["id"]),
                    date=str(e["date"]),
                    game=str(e["game"]),
                    title=str(e["title"]),
                    names=tuple(e["names"]),
                    winners=tuple(e["winners"]),
                    totals=tuple(e["totals"]),
                    file=str(e["file"]),
                    places=tuple(e.get("places") or ()),
                )
                for e in raw
            ]
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as err:
            self.quarantine(self.index, f"the history index is unreadable ({err})")
            return []

    def history_log(self, entry: HistoryEntry) -> list[str]:
        """The replay log of a finished match (for its sheet or the replay viewer)."""
        return (self.history_dir / entry.file).read_text(encoding="utf-8").splitlines()
