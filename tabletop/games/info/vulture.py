"""What ドミッチ's two ハゲタカのえじき games share in their infos: the credit and the score-card
table option (its table is read by the rules, `tabletop.games.vulture`, when a value is checked)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.errors import BadOption
from tabletop.engine.info import Option
from tabletop.engine.text import Msg

DESIGNER = Msg(
    "{designer}, after {author}'s {original}",
    designer="ドミッチ",
    author="Alex Randolph",
    original="Hol's der Geier",
)
"""Both games' credit: ドミッチ's games, built on Alex Randolph's Hol's der Geier."""
DEFAULT_TABLE = "0,1,1,2,3/-1,1,2,3,4/-2,2,3,4,5/-3,3,4,5,6/-4,4,6,7,8/-5,-4,8,9,10"
"""The rules' own score-card table: five values for each of battles 1–6."""


class TableOption(Option):
    """The score-card table option: text checked and written canonically."""

    __slots__ = ()

    def check(self, value: Any) -> Any:
        """Validate the table (text or rows of numbers) and return its canonical text."""
        # The rules read the table: loaded only now, so that listing the games loads no rules.
        from tabletop.games.vulture import TABLE_FORM, parse_table, table_text

        if not isinstance(value, str):
            try:
                value = "/".join(",".join(str(v) for v in row) for row in value)
            except TypeError:
                raise BadOption(TABLE_FORM) from None
        return table_text(parse_table(value))

    def value_label(self, value: Any) -> Msg:
        """ "Standard" for the rules' own table, else the table as written."""
        if str(value) == self.default:
            return Msg("standard", ctx="score-card table")
        return Msg("{value}", value=str(value))


def table_option() -> TableOption:
    """The option both games offer for the editable score-card table."""
    return TableOption(
        "table",
        DEFAULT_TABLE,
        Msg("Score cards of battles 1–6: five values per battle, battles separated by '/'."),
        label=Msg("Score-card table"),
    )
