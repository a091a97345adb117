"""Tabletop: a table for small original Japanese card games."""

from pathlib import Path

__version__ = "0.1.0"
"""The version: the one place it is written (pyproject reads it, `tabletop --version` prints it)."""

APP_ID = "io.github.tabletop.Tabletop"
"""The desktop/AppStream id: names the menu entry (packaging/linux) the windows belong to."""


def asset_dirs(kind: str) -> tuple[Path, Path]:
    """Where assets of one kind ("cards", "fonts", "icons") are looked for: inside the package
    (installed), then the repository's `assets/`."""
    package = Path(__file__).resolve().parent
    return (package / "assets" / kind, package.parent / "assets" / kind)
