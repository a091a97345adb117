"""Each game's designer credit reads in the viewer's language."""

from __future__ import annotations

from tabletop.engine.registry import get_game
from tabletop.i18n import render_value


def test_a_game_after_another_credits_both_in_each_language() -> None:
    credit = get_game("hagetaka").info.designer
    assert render_value(credit, "en") == "ドミッチ, after Alex Randolph's Hol's der Geier"
    assert render_value(credit, "ja") == "ドミッチ（Alex Randolph『Hol's der Geier』にもとづく）"


def test_a_credit_that_is_a_description_is_translated() -> None:
    credit = get_game("seltsam-walzer").info.designer
    assert render_value(credit, "ja") == "note の投稿者"
