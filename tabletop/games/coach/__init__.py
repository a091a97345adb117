"""Guided first deals ("Learn to play"): the generic coach (`engine`) and one lesson module
per game that has one, each exporting `LESSON` and `reference()` (its quick-reference tables).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from tabletop.games.coach.engine import Lesson, Table

MODULES = {
    "trump-duel": "trump_duel",
    "second-third": "second_third",
    "hagetaka": "hagetaka",
    "triq": "triq",
    "pokered-trick": "pokered_trick",
    "wild-rawz": "wild_rawz",
    "seltsam-walzer": "seltsam_walzer",
    "interaction": "interaction",
    "hagetaka-party": "hagetaka_party",
}
"""Games with a lesson, and the module under tabletop.games.coach that holds it."""


def _module(game_id: str) -> ModuleType | None:
    name = MODULES.get(game_id)
    return None if name is None else importlib.import_module(f"tabletop.games.coach.{name}")


def lesson(game_id: str) -> Lesson | None:
    """The game's guided first deal, or None if it has none yet."""
    module = _module(game_id)
    return None if module is None else module.LESSON


def reference(game_id: str) -> list[Table]:
    """The game's quick-reference tables ([] if it has none yet)."""
    module = _module(game_id)
    return [] if module is None else list(module.reference())
