"""Card names per deck family and language, seat names, and the exact JSON form of messages."""

from __future__ import annotations

import json

import pytest

from tabletop.engine.errors import BadOption, IllegalAction
from tabletop.engine.registry import get_game
from tabletop.engine.text import EMPTY, Card, Cards, Msg, Seat, Suit
from tabletop.i18n import card_name, error_text, render, set_language, suit_name
from tabletop.i18n.cards import guess_deck

NAMES = [
    ("standard", "AS", "A♠", "♠A"),
    ("standard", "10H", "10♥", "♥10"),
    ("standard", "QD", "Q♦", "♦Q"),
    ("standard", "2C", "2♣", "♣2"),
    ("standard", "JK1", "joker", "ジョーカー"),
    ("walzer", "R7", "red 7", "赤の7"),
    ("walzer", "G5", "green 5", "緑の5"),
    ("walzer", "B11", "blue 11", "青の11"),
    ("walzer", "X2", "X", "X"),
    ("uno", "Y0", "yellow 0", "黄の0"),
    ("uno", "BS", "blue skip", "青のスキップ"),
    ("uno", "G3", "green 3", "緑の3"),
    ("vulture", "N12", "12", "12"),
    ("vulture", "V-3", "score card −3", "得点カード−3"),
    ("vulture", "V10", "score card 10", "得点カード10"),
    ("vulture", "P4", "battle 4 marker", "4回戦マーカー"),
    ("vulture", "BLACK", "black card", "黒のカード"),
    ("vulture", "RED", "red card", "赤のカード"),
]


@pytest.mark.parametrize(("deck", "code", "en", "ja"), NAMES)
def test_card_names_per_deck_family(deck: str, code: str, en: str, ja: str) -> None:
    assert card_name(code, "en", deck) == en
    assert card_name(code, "ja", deck) == ja
    assert guess_deck(code) == deck or code in ("R7", "G5")  # small walzer numbers look like UNO


def test_suits_lists_seats_and_numbers_render_per_language() -> None:
    assert [suit_name(s, "ja") for s in "SHDC"] == ["スペード", "ハート", "ダイヤ", "クラブ"]
    msg = Msg("Play {cards}", cards=Cards(["AS", "10H"]))
    assert render(msg, "en") == "Play A♠, 10♥"
    assert render(msg, "ja") == "♠A、♥10を出す"
    seat = Msg("Choose two cards to pass to {player}.", player=Seat(1))
    assert render(seat, "en", ["Ann", "Bob"]) == "Choose two cards to pass to Bob."
    assert render(seat, "ja", ["アン", "ボブ"]) == "ボブに渡すカードを2枚選んでください。"
    assert render(seat, "ja") == "プレイヤー2に渡すカードを2枚選んでください。"
    nested = Msg("Leader"), Msg("{seat}", seat=Seat(0))
    assert [render(m, "ja", ["アン"]) for m in nested] == ["リード", "アン"]
    assert (
        render(Msg("You must follow {suit}.", suit=Suit("H")), "ja")
        == "ハートをマストフォローです。"
    )
    assert render(Msg("{number}/{total}", number=2.0, total=4), "en") == "2/4"
    assert render(EMPTY, "ja") == ""


def test_unknown_language_and_untranslated_text_fall_back_to_english() -> None:
    msg = Msg("Play {card}", card=Card("KS"))
    assert render(msg, "xx") == "Play K♠"
    assert render(Msg("Not in any catalogue {n}", n=3), "ja") == "Not in any catalogue 3"


def test_exact_json_form_and_round_trip() -> None:
    msg = Msg(
        "Turn {turn}: {player} to play (target {card}).",
        turn=3,
        player=Seat(2),
        card=Card("7H"),
    )
    data = msg.to_json()
    assert data == {
        "msg": "Turn {turn}: {player} to play (target {card}).",
        "params": {"card": {"card": "7H"}, "player": {"seat": 2}, "turn": 3},
    }
    assert Msg.from_json(json.loads(json.dumps(data))) == msg
    every = Msg(
        "x",
        ctx="c",
        cards=Cards(("AS", "JK2")),
        suit=Suit("D"),
        inner=Msg("red", ctx="colour"),
        text="'quoted'",
        half=1.5,
    )
    assert every.to_json()["ctx"] == "c"
    assert Msg.from_json(json.loads(json.dumps(every.to_json()))) == every
    assert hash(Msg.from_json(every.to_json())) == hash(every)
    assert Msg("Trick").to_json() == {"msg": "Trick"}


@pytest.mark.parametrize(
    "data",
    [
        "Trick",
        {"text": "Trick"},
        {"msg": 3},
        {"msg": "x", "params": {"a": {"seat": "1"}}},
        {"msg": "x", "params": {"a": True}},
        {"msg": "x", "params": {"a": {"card": "AS", "extra": 1}}},
        {"msg": "x", "params": []},
        {"msg": "x", "ctx": 1},
    ],
)
def test_bad_json_is_refused(data: object) -> None:
    with pytest.raises(ValueError, match="message"):
        Msg.from_json(data)


def test_messages_are_immutable_and_checked() -> None:
    msg = Msg("Trick")
    with pytest.raises(AttributeError):
        msg.text = "Other"  # type: ignore[misc]
    with pytest.raises(TypeError, match="unsupported"):
        Msg("{x}", x=["AS"])


def test_errors_carry_messages_and_read_as_english() -> None:
    game = get_game("second-third")
    state = game.setup(3, {}, 1)
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, 0, "play ZZ")
    assert isinstance(refused.value.reason, Msg)
    assert str(refused.value) == render(refused.value.reason, "en")
    assert str(refused.value) == "First choose two cards to pass to your left."
    assert render(refused.value.reason, "ja") == "まず左隣に渡すカードを2枚選んでください。"
    with pytest.raises(BadOption) as bad:
        game.setup(9, {}, 1)
    assert str(bad.value) == "Second Third is for 3–5 players, not 9."
    assert render(bad.value.message, "ja") == "Second Thirdは3〜5人用です（9人では遊べません）。"


def test_error_text_renders_refusals_and_option_errors_in_the_current_language() -> None:
    game = get_game("second-third")
    try:
        set_language("ja")
        with pytest.raises(BadOption) as bad:
            game.setup(2, {}, 1)
        assert error_text(bad.value) == "Second Thirdは3〜5人用です（2人では遊べません）。"
        assert error_text(ValueError("plain")) == "plain"
    finally:
        set_language("en")
    assert error_text(bad.value) == "Second Third is for 3–5 players, not 2."
