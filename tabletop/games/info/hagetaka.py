"""The info of ハゲタカのえじき, apart from its rules (`tabletop.games.hagetaka`)."""

from __future__ import annotations

from tabletop.engine.cards import Deck
from tabletop.engine.info import GameInfo
from tabletop.engine.text import Msg
from tabletop.games.info.vulture import DESIGNER, table_option

INFO = GameInfo(
    id="hagetaka",
    title="ハゲタカのえじき",
    reading="はげたかのえじき",
    title_en="Vulture Rounds",
    designer=DESIGNER,
    min_players=3,
    max_players=6,
    summary=Msg(
        "Three sets of three number cards, six battles a round, and you must join exactly three: "
        "choose when to spend each set. The unique highest bid takes the score card, the unique "
        "lowest takes a penalty, and equal bids cancel."
    ),
    options=(table_option(),),
    deck=Deck.VULTURE,
)
