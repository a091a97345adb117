"""tabletop/sheets knows no game: no game id, module name or English title in its source."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletop.sheets
from tabletop.engine.registry import all_games

SHEETS = Path(tabletop.sheets.__file__).parent


def game_words() -> set[str]:
    """Every registered game's id, module name (with its *_rules helper) and English title."""
    words: set[str] = set()
    for game in all_games():
        module = type(game).__module__.rsplit(".", 1)[-1]
        words |= {game.info.id, module, f"{module}_rules", game.info.title_en}
    return {w.lower() for w in words}


@pytest.mark.parametrize("path", sorted(SHEETS.glob("*.py")), ids=lambda p: p.name)
def test_sheet_source_names_no_game(path: Path) -> None:
    source = path.read_text(encoding="utf-8").lower()
    named = sorted(w for w in game_words() if w in source)
    assert not named, f"{path.name} names {named}"


def test_the_scan_sees_the_games() -> None:
    words = game_words()
    assert len(words) >= 3 * len(list(all_games()))
    assert "seltsam-walzer" in words and "second_third" in words
