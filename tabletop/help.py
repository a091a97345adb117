"""The rules help shipped with the app: docs/rules/<id>.md read as Markdown text."""

from __future__ import annotations

from pathlib import Path

_PACKAGED = Path(__file__).with_name("rules")
_SOURCE = Path(__file__).resolve().parent.parent / "docs" / "rules"


def rules_markdown(game_id: str) -> str:
    """The full rules of a game in Markdown, or a short notice if the file is missing."""
    for folder in (_PACKAGED, _SOURCE):
        path = folder / f"{game_id}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return f"# {game_id}\n\nThe rules help for this game is not installed."
