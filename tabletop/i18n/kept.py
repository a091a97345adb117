"""A catalogue as read, kept in the cache folder between starts: a Japanese start reads a small
JSON file (about 2 ms) instead of parsing the .po text again (about 20 ms).

A kept copy names the catalogue it was read from (path, modification time in ns, size) and
the format; any difference, or a file that cannot be read, and the catalogue is parsed again
and the copy rewritten. Nothing here can fail a start: a cache that cannot be written is
simply not kept.
"""

from __future__ import annotations

import contextlib
import json
import os
import zlib
from pathlib import Path

from tabletop.folders import cache_dir

FORMAT = 1
"""Bumped when what is kept changes (then every old copy is read as stale)."""

Table = dict[tuple[str, str], str]


def kept_path(catalogue: Path, folder: Path | None = None) -> Path:
    """Where the copy of this catalogue file is kept (one per file, so two installs of the app
    sharing a cache folder do not overwrite each other's)."""
    tag = zlib.crc32(str(catalogue.resolve()).encode("utf-8"))
    return (folder or cache_dir()) / "catalogues" / f"{catalogue.stem}-{tag:08x}.json"


def stamp(catalogue: Path) -> list[object]:
    """What names this version of the catalogue file (OSError if it cannot be read)."""
    info = catalogue.stat()
    return [FORMAT, str(catalogue.resolve()), info.st_mtime_ns, info.st_size]


def load(catalogue: Path, folder: Path | None = None) -> Table | None:
    """The kept table of this catalogue file, or None if there is none or it is stale."""
    try:
        raw = json.loads(kept_path(catalogue, folder).read_text(encoding="utf-8"))
        if not isinstance(raw, dict) or raw.get("stamp") != stamp(catalogue):
            return None
        return {(ctx, msgid): text for ctx, msgid, text in raw["entries"]}
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None


def save(catalogue: Path, table: Table, folder: Path | None = None) -> None:
    """Keep `table`, read from this catalogue file, for the next start (quietly not kept if
    the cache folder cannot be written)."""
    target = kept_path(catalogue, folder)
    spare = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    entries = [[ctx, msgid, text] for (ctx, msgid), text in table.items()]
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        body = json.dumps({"stamp": stamp(catalogue), "entries": entries}, ensure_ascii=False)
        spare.write_text(body, encoding="utf-8")
        os.replace(spare, target)
    except OSError:
        with contextlib.suppress(OSError):
            spare.unlink(missing_ok=True)
