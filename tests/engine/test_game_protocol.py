"""The shared protocol: options, player ranges, places, registry, refusals."""

from __future__ import annotations

import pytest

from tabletop.engine.errors import BadOption, IllegalAction, UnknownGame
from tabletop.engine.game import parse_options, places
from tabletop.engine.info import Option
from tabletop.engine.registry import all_games, all_infos, get_game
from tabletop.engine.text import EMPTY


def test_places_share_ties() -> None:
    assert places([(5,), (7,), (5,), (1,)]) == (2, 1, 2, 4)
    assert places([(5, 1), (5, 2), (5, 2)]) == (3, 1, 1)


def test_option_parsing_and_checks() -> None:
    flag = Option("ver2", False, EMPTY)
    assert flag.parse("true") is True and flag.parse("off") is False
    with pytest.raises(BadOption):
        flag.parse("maybe")
    count = Option("deals", 8, EMPTY, minimum=1, maximum=20)
    assert count.parse("12") == 12
    with pytest.raises(BadOption, match="at most 20"):
        count.parse("30")
    with pytest.raises(BadOption, match="accept"):
        count.parse("ten")


def test_unknown_option_and_player_count() -> None:
    game = get_game("second-third")
    with pytest.raises(BadOption, match="no option"):
        parse_options(game, ["colour=red"])
    with pytest.raises(BadOption, match="3–5 players"):
        game.setup(6)


def test_unknown_game_lists_known_ids() -> None:
    with pytest.raises(UnknownGame, match="second-third"):
        get_game("chess")


def test_every_game_module_is_discovered_in_menu_order() -> None:
    """Each module of tabletop.games that registers a game is found; helpers register none."""
    assert [g.info.id for g in all_games()] == [
        "interaction",
        "pokered-trick",
        "second-third",
        "seltsam-walzer",
        "triq",
        "trump-duel",
        "hagetaka-party",
        "hagetaka",
        "wild-rawz",
    ]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_listed_infos_are_the_games_infos_in_menu_order(lang: str) -> None:
    """The launcher's listing (no rules loaded) gives each registered game's own info."""
    assert [g.info for g in all_games(lang)] == all_infos(lang)
    assert all(g.info is info for g, info in zip(all_games(lang), all_infos(lang), strict=True))


def test_refusals_after_the_end() -> None:
    game = get_game("second-third")
    state = game.setup(3, None, 2)
    while game.to_act(state):
        seat = min(game.to_act(state))
        game.apply(state, seat, game.legal_actions(state, seat)[0])
    with pytest.raises(IllegalAction, match="over"):
        game.apply(state, 0, "play AS")
    assert all(game.legal_actions(state, s) == [] for s in range(3))


def test_clone_is_independent() -> None:
    game = get_game("second-third")
    state = game.setup(4, None, 3)
    copy = game.clone(state)
    for seat in range(4):
        game.apply(copy, seat, game.legal_actions(copy, seat)[0])
    assert game.to_act(state) == {0, 1, 2, 3}
    assert game.to_act(copy) == {0}
    assert game.view(state, 0).to_json() != game.view(copy, 0).to_json()
