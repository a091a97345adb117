"""The info of へんてこワルツ, apart from its rules (`tabletop.games.seltsam_walzer`)."""

from __future__ import annotations

from tabletop.engine.cards import Deck
from tabletop.engine.info import GameInfo
from tabletop.engine.text import Msg

INFO = GameInfo(
    id="seltsam-walzer",
    title="へんてこワルツ",
    reading="へんてこわるつ",
    title_en="Seltsam-Walzer",
    designer=Msg("the author of a post on note"),
    min_players=3,
    max_players=4,
    summary=Msg(
        "Must-follow tricks in three colours plus three wild X cards that win a trick only when "
        "they are alone in it. In each colour, holding the fewest cards scores their numbers; "
        "holding more scores just the card count."
    ),
    deck=Deck.WALZER,
)
