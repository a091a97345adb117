"""The info of インタラクション, apart from its rules (`tabletop.games.interaction`)."""

from __future__ import annotations

from tabletop.engine.info import GameInfo
from tabletop.engine.text import Msg

INFO = GameInfo(
    id="interaction",
    title="インタラクション",
    reading="いんたらくしょん",
    title_en="Interaction",
    designer="ドミッチ",
    min_players=3,
    max_players=4,
    summary=Msg(
        "Everyone scores after every play by how well the top of their own pile matches the "
        "shared target card. Cover your pile, change the target, or pay a point to do both; "
        "the game stops the moment someone draws the joker."
    ),
)
