"""The rules help shipped with the app: docs/rules/<id>.md (English) or <id>.ja.md (Japanese)."""

from __future__ import annotations

from pathlib import Path

from tabletop.engine.text import Msg
from tabletop.i18n import current, render

_PACKAGED = Path(__file__).with_name("rules")
_SOURCE = Path(__file__).resolve().parent.parent / "docs" / "rules"


def rules_markdown(game_id: str, lang: str | None = None) -> str:
    """The full rules of a game in Markdown in `lang` (default: the current language).

    English rules are <id>.md; another language's are <id>.<lang>.md, and English stands in
    where they are missing. A short notice if neither is installed.
    """
    lang = lang or current()
    names = [f"{game_id}.md"] if lang == "en" else [f"{game_id}.{lang}.md", f"{game_id}.md"]
    for name in names:
        for folder in (_PACKAGED, _SOURCE):
            path = folder / name
            if path.is_file():
                return path.read_text(encoding="utf-8")
    notice = render(Msg("The rules help for this game is not installed."), lang)
    return f"# {game_id}\n\n{notice}"
