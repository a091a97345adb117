"""Sheet tests paint offscreen; `match_log` plays a seeded match with random players."""

from __future__ import annotations

import io
import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"

import pytest

from tabletop.bots.runner import play_match
from tabletop.engine.registry import get_game


def play_log(game_id: str, players: int, seed: int = 1) -> list[str]:
    """The replay log of a whole match played by random players."""
    out = io.StringIO()
    play_match(get_game(game_id), players, ["random"], seed, None, out)
    return out.getvalue().splitlines()


@pytest.fixture
def match_log() -> object:
    """The `play_log` function, for tests that need logs."""
    return play_log
