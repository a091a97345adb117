"""The info of トランプ◆デュエル, apart from its rules (`tabletop.games.trump_duel`)."""

from __future__ import annotations

from tabletop.engine.info import GameInfo
from tabletop.engine.text import Msg

INFO = GameInfo(
    id="trump-duel",
    title="トランプ◆デュエル",
    reading="とらんぷでゅえる",
    title_en="Trump Duel",
    designer="オシノ（recipeofbodoge）",
    min_players=2,
    max_players=2,
    summary=Msg(
        "Take turns topping each other's display with one or two number cards, using every "
        "suit's trick along the way; whoever gives up hands the face-up J, Q and K cards to the "
        "other. Sets of three score points, and three points win the duel."
    ),
)
