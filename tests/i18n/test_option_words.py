"""Every game option has a name and a one-line explanation in both languages, and its values
read as words (in the dialogs, `tabletop games` and the score sheet), never as raw keys."""

from __future__ import annotations

import pytest

from tabletop.engine.registry import all_games, get_game
from tabletop.i18n import render
from tabletop.sheets.model import SheetModel, Table

OPTIONS = [(g.info.id, o) for g in all_games() for o in g.info.options]


def test_there_are_options_to_check() -> None:
    assert len(OPTIONS) >= 8


@pytest.mark.parametrize(("game", "option"), OPTIONS, ids=lambda v: getattr(v, "key", v))
def test_each_option_has_a_name_and_help_in_both_languages(game: str, option: object) -> None:
    from tabletop.engine.info import Option

    assert isinstance(option, Option)
    for lang in ("en", "ja"):
        name, help_text = render(option.label, lang), render(option.help, lang)
        assert name and help_text and name != option.key and "=" not in help_text
    assert render(option.label, "ja") != render(option.label, "en")
    if option.choice_labels:
        assert len(option.choice_labels) == len(option.choices)
    for choice in option.choices:
        shown = render(option.value_label(choice), "ja")
        assert (shown and shown != str(choice)) or isinstance(choice, int)


def _sheet(game: str, options: dict[str, object]) -> SheetModel:
    info = get_game(game).info
    return SheetModel(
        game=game,
        title=info.title,
        title_en=info.title_en,
        designer="",
        players=3,
        names=("a", "b", "c"),
        table=Table((), (), (), ()),
        filled=True,
        options=options,
    )


def test_the_sheet_names_options_and_values_in_words() -> None:
    from tabletop.i18n import set_language

    set_language("ja")
    try:
        info = get_game("hagetaka").info
        shown = dict(_sheet("hagetaka", {"table": info.options[0].default}).details())
        assert shown["オプション"] == "得点カードの表＝標準"
        shown = dict(_sheet("second-third", {"ver2": True}).details())
        assert shown["オプション"] == "作者の改訂版＝あり"
        shown = dict(_sheet("pokered-trick", {"end": "time", "minutes": 45}).details())
        assert shown["オプション"] == "ゲームの終わり方＝制限時間で、制限時間（分）＝45"
    finally:
        set_language("en")


def test_every_japanese_title_declares_its_reading_and_the_list_follows_it() -> None:
    import re

    for game in all_games():
        info = game.info
        if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", info.title):
            assert re.fullmatch(r"[\u3040-\u309fー]+", info.reading), info.id
    japanese = [g.info.id for g in all_games("ja")]
    assert japanese[0] == "triq" and japanese.index("hagetaka") < japanese.index("seltsam-walzer")
    assert [g.info.title_en for g in all_games()] == sorted(
        (g.info.title_en for g in all_games()), key=str.casefold
    )
