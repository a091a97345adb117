"""One seat model for the app and the LAN host: seat texts, levels, and one bot-seed recipe."""

from __future__ import annotations

import io
import json

import pytest

from tabletop.bots import levels
from tabletop.bots.base import bot_names
from tabletop.bots.levels import (
    TABLE_THINK,
    bot_level,
    level_bot,
    offered_levels,
    resolve_bot,
    withheld_levels,
)
from tabletop.bots.runner import play_match
from tabletop.bots.search import SearchBot
from tabletop.engine.errors import BadOption
from tabletop.engine.registry import all_games, get_game
from tabletop.i18n import render, set_language
from tabletop.seats import SeatSpec, computer_label, parse_seats, seats_from
from tabletop.ui.table.session import Session


def test_levels_and_the_old_player_names_both_name_computer_seats() -> None:
    seats = parse_seats(
        "second-third",
        ["Ann", "cpu", "cpu:easy", "CPU:Strong", "cpu:steady", "cpu:search", "cpu:random"],
    )
    assert [s.bot for s in seats] == [
        None,
        "thumb",
        "random",
        "search",
        "thumb",
        "search",
        "random",
    ]
    assert [s.name for s in seats] == ["Ann"] + [f"CPU {i}" for i in range(2, 8)]
    assert seats[0].human and seats[0].kind == "local"
    assert not seats[1].human and seats[1].kind == "cpu"


def test_unnamed_people_and_lan_style_seats() -> None:
    seats = parse_seats("triq", ["", "local", "local:Bo", "open", "cpu:"], network=True)
    assert seats[:3] == [SeatSpec("Player 1"), SeatSpec("Player 2"), SeatSpec("Bo")]
    assert seats[3] == SeatSpec(network=True) and seats[3].kind == "network"
    assert not seats[3].human
    assert seats[4] == SeatSpec("CPU 5", "thumb")


@pytest.mark.parametrize(
    ("texts", "words"),
    [
        (["You", "cpu:hard"], ["'hard'", "easy, steady, strong", "random, search, thumb"]),
        (["You", "open"], ["LAN"]),
    ],
)
def test_a_bad_seat_text_is_refused_with_the_choices(texts: list[str], words: list[str]) -> None:
    with pytest.raises(BadOption) as err:
        parse_seats("second-third", texts)
    assert all(w in str(err.value) for w in words)


def test_the_host_seats_file_kinds_read_back() -> None:
    for spec in (SeatSpec(network=True), SeatSpec("CPU 2", "search"), SeatSpec("Ann")):
        assert SeatSpec.of_kind(spec.kind, spec.bot, spec.name if not spec.network else "") == spec
    assert SeatSpec.of_kind("cpu") == SeatSpec("", "random")
    with pytest.raises(BadOption):
        SeatSpec.of_kind("robot")


def test_saved_seats_keep_their_registered_players() -> None:
    seats = seats_from(["Ann", "CPU 2"], [None, "search"])
    assert seats == [SeatSpec("Ann"), SeatSpec("CPU 2", "search")]
    assert seats_from(["Ann", "Bob"], []) == [SeatSpec("Ann"), SeatSpec("Bob")]


def test_every_game_offers_strong_as_search_where_it_measured_stronger() -> None:
    for game in all_games():
        gid = game.info.id
        if gid == "interaction":
            continue
        assert [lv.key for lv in offered_levels(gid)] == ["easy", "steady", "strong"]
        assert [level_bot(gid, k) for k in ("easy", "steady", "strong")] == [
            "random",
            "thumb",
            "search",
        ]
        assert withheld_levels(gid) == []


def test_interaction_withholds_strong_which_plays_no_better_than_steady() -> None:
    assert "search" in bot_names("interaction")
    assert [lv.key for lv in offered_levels("interaction")] == ["easy", "steady"]
    assert level_bot("interaction", "strong") == "thumb"
    assert [(lv.key, like.key) for lv, like in withheld_levels("interaction")] == [
        ("strong", "steady")
    ]


def test_a_game_without_thumb_or_search_plays_the_best_it_has(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(levels, "bot_names", lambda _game: ["random", "thumb"])
    assert resolve_bot("any", "strong") == "thumb"
    assert [lv.key for lv in offered_levels("any")] == ["easy", "steady"]
    assert bot_level("any", "thumb") is not None and bot_level("any", "search") is None
    monkeypatch.setattr(levels, "bot_names", lambda _game: ["random"])
    assert resolve_bot("any", "steady") == resolve_bot("any", "strong") == "random"
    assert [lv.key for lv in offered_levels("any")] == ["easy"]


def test_levels_read_as_words_in_either_language() -> None:
    label = computer_label("CPU 2", "triq", "search")
    try:
        assert render(label) == "CPU 2 (Strong)"
        set_language("ja")
        assert render(label) == "CPU 2（つよい）"
        assert [render(lv.title) for lv in offered_levels("triq")] == [
            "かんたん",
            "ふつう",
            "つよい",
        ]
    finally:
        set_language("en")


def test_the_table_strong_player_thinks_within_a_lively_budget() -> None:
    session = Session(get_game("trump-duel"), parse_seats("trump-duel", ["You", "cpu:strong"]), 4)
    bot = session.bots[1]
    assert isinstance(bot, SearchBot)
    assert bot.think == TABLE_THINK <= 1.5 and bot.iterations is None


def _actions(lines: list[str]) -> list[tuple[int, str]]:
    records = [json.loads(t) for t in lines]
    return [(r["seat"], r["action"]) for r in records if r["type"] == "action"]


@pytest.mark.parametrize(("game_id", "seed"), [("second-third", 5), ("hagetaka", 9)])
def test_the_app_seats_computers_as_simulate_does(game_id: str, seed: int) -> None:
    """One seed recipe: an app match of computers alone plays exactly the `simulate` match."""
    game = get_game(game_id)
    session = Session(game, parse_seats(game_id, ["cpu:easy", "cpu", "cpu:steady"]), seed)
    while not session.over:
        seat = session.bot_seats_to_act()[0]
        session.act(seat, session.bot_choice(seat))
    log = io.StringIO()
    play_match(game, 3, ["random", "thumb", "thumb"], seed, log=log)
    assert _actions(session.log()) == _actions(log.getvalue().splitlines())


def test_a_table_shows_computers_with_their_level_but_logs_plain_names() -> None:
    session = Session(get_game("triq"), parse_seats("triq", ["", "cpu:easy"]), 3)
    assert session.labels() == ("Player 1", "CPU 2 (Easy)") == session.view(0).names
    assert session.names == ("Player 1", "CPU 2")
    assert json.loads(session.log()[0])["names"] == ["Player 1", "CPU 2"]
