"""The info of セカンドサード, apart from its rules (`tabletop.games.second_third`)."""

from __future__ import annotations

from tabletop.engine.info import GameInfo, Option
from tabletop.engine.text import Msg

INFO = GameInfo(
    id="second-third",
    title="セカンドサード",
    reading="せかんどさーど",
    title_en="Second Third",
    designer="ドミッチ（domi）",
    min_players=3,
    max_players=5,
    summary=Msg(
        "Must-follow tricks with spades as trump. Your most-taken suit and your least-taken "
        "suit count against you; the second and third count for you."
    ),
    options=(
        Option(
            "ver2",
            False,
            Msg(
                "Designer's revision: 3 players hold 11 (3 face down), 4 players 12 (4 face down)."
            ),
            choices=(False, True),
            label=Msg("Designer's revision"),
        ),
    ),
)
