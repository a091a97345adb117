"""Every card code a registered game can put in a zone has a committed image.

Plays a few random matches of every game (smallest player count, random legal actions) and
collects the codes its zones hold; each face-up code must have
``assets/cards/<hints deck>/<code>.png``. Hidden cards ("??") use the deck's back, which
test_art.py checks.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.engine.game import Game
from tabletop.engine.registry import all_games
from tabletop.engine.views import BACK

CARDS = Path(__file__).resolve().parents[2] / "assets" / "cards"

SEEDS = (0, 1, 2)
"""Random matches per game."""

STEPS = 600
"""Actions per match at most (enough for every game's first round or more)."""

GAMES = all_games()


def seen_codes(game: Game, seed: int) -> set[tuple[str, str]]:
    """(deck, code) for every card in any zone over one random-play match."""
    players = game.info.min_players
    state = game.setup(players, None, seed)
    rnd = random.Random(seed)
    found: set[tuple[str, str]] = set()
    for _ in range(STEPS + 1):
        deck = game.view_hints(state)["deck"]
        for zone in game.zones(state):
            found.update((deck, code) for code in zone.cards if code != BACK)
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = rnd.choice(acting)
        game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
    return found


def test_registry_has_games() -> None:
    ids = {game.info.id for game in GAMES}
    assert {"hagetaka", "hagetaka-party"} <= ids


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_every_zone_code_has_art(game: Game) -> None:
    found: set[tuple[str, str]] = set()
    for seed in SEEDS:
        found |= seen_codes(game, seed)
    assert found, f"{game.info.id}: no cards seen"
    missing = sorted(f"{deck}/{code}" for deck, code in found if not code_has_art(deck, code))
    assert not missing, f"{game.info.id}: no art for {', '.join(missing)}"


def code_has_art(deck: str, code: str) -> bool:
    """True when the deck's folder holds an image for `code`."""
    return (CARDS / deck / f"{code}.png").is_file()
