"""The platform's folders for Tabletop: its data (saves, history) and its cache (files derived
from the package that a start may reuse, each safe to delete). Stdlib only."""

from __future__ import annotations

import os
import sys
from pathlib import Path

FOLDER = "Tabletop"
"""The folder's name in the platform's application-data and cache locations."""
CACHE_ENV = "TABLETOP_CACHE_DIR"
"""Set to a folder to keep the cache there instead (tests, portable installs)."""


def platform_data_dir(platform: str | None = None) -> Path:
    """The platform's data folder for Tabletop (ignores $TABLETOP_DATA_DIR)."""
    platform = sys.platform if platform is None else platform
    if platform == "win32":
        appdata = os.environ.get("APPDATA")
        base = Path(appdata) if appdata else Path.home() / "AppData" / "Roaming"
    elif platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = _xdg("XDG_DATA_HOME", Path.home() / ".local" / "share")
    return base / FOLDER


def platform_cache_dir(platform: str | None = None) -> Path:
    """The platform's cache folder for Tabletop: `~/.cache/Tabletop` (or
    `$XDG_CACHE_HOME/Tabletop`) on Linux, `~/Library/Caches/Tabletop` on macOS,
    `%LOCALAPPDATA%\\Tabletop\\Cache` on Windows."""
    platform = sys.platform if platform is None else platform
    if platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        base = Path(local) if local else Path.home() / "AppData" / "Local"
        return base / FOLDER / "Cache"
    if platform == "darwin":
        return Path.home() / "Library" / "Caches" / FOLDER
    return _xdg("XDG_CACHE_HOME", Path.home() / ".cache") / FOLDER


def cache_dir() -> Path:
    """Where Tabletop keeps its cache: $TABLETOP_CACHE_DIR, else the platform's cache folder."""
    override = os.environ.get(CACHE_ENV)
    return Path(override) if override else platform_cache_dir()


def _xdg(key: str, default: Path) -> Path:
    # The XDG spec says a relative path in these variables is invalid and must be ignored.
    value = os.environ.get(key, "")
    return Path(value) if os.path.isabs(value) else default
