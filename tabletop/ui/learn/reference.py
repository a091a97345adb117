"""The quick reference beside the table: the few tables a player looks up mid-game (scoring,
card powers, effects), built by the game's lesson module from the game's own data."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QTextBrowser

from tabletop.engine.breakdown import number_text
from tabletop.engine.text import Msg
from tabletop.i18n import _, render_value

if TYPE_CHECKING:
    from tabletop.engine.coach import Table

SETTING = "reference/shown"
"""Whether the quick reference is shown (remembered between sessions)."""


def reference_shown(settings: QSettings) -> bool:
    """Whether the quick reference is to be shown (off until the person turns it on)."""
    return str(settings.value(SETTING, "false")).lower() == "true"


def cell_text(value: object) -> str:
    """A table cell as text: a message rendered, a number written as the app writes numbers."""
    if isinstance(value, Msg):
        return render_value(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return number_text(value)
    return str(value)


def tables_html(tables: list[Table]) -> str:
    """The tables as rich text: a heading and a ruled table each."""
    parts = [f"<h3>{escape(_('Quick reference'))}</h3>"]
    for table in tables:
        head = "".join(f"<th align='left'>{escape(cell_text(h))}</th>" for h in table.headings)
        rows = "".join(
            "<tr>" + "".join(f"<td>{escape(cell_text(c))}</td>" for c in row) + "</tr>"
            for row in table.rows
        )
        parts.append(
            f"<p><b>{escape(cell_text(table.title))}</b></p>"
            f"<table border='1' cellspacing='0' cellpadding='3'><tr>{head}</tr>{rows}</table>"
        )
    return "".join(parts)


class ReferencePanel(QTextBrowser):
    """The game's quick-reference tables, read-only, beside the table."""

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.setObjectName("reference")
        from tabletop.engine.coach import reference  # the lessons' module: not at start-up

        self.tables = reference(game_id)
        self.setHtml(tables_html(self.tables))
        self.setMinimumWidth(200)
