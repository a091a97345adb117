"""The info of %triq, apart from its rules (`tabletop.games.triq`)."""

from __future__ import annotations

from tabletop.engine.info import GameInfo, Option
from tabletop.engine.text import Msg

INFO = GameInfo(
    id="triq",
    title="%triq",
    title_en="Triq",
    designer="30-50-80",
    min_players=2,
    max_players=27,
    recommended="4–9",
    often_played=(6,),
    summary=Msg(
        "Add cards to a shared total; bring it to a multiple of ten and the player before you "
        "must hand you cards. Run out of cards and you drop out: the last one holding cards wins."
    ),
    options=(
        Option(
            "games",
            1,
            Msg(
                "Games in a series; each is started by the previous winner, standings add up "
                "placement points (players − place)."
            ),
            minimum=1,
            maximum=30,
            label=Msg("Games in the series"),
        ),
    ),
)
