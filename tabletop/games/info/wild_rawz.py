"""The info of ワイルドローツ, apart from its rules (`tabletop.games.wild_rawz`)."""

from __future__ import annotations

from tabletop.engine.cards import Deck
from tabletop.engine.info import GameInfo
from tabletop.engine.text import Msg

INFO = GameInfo(
    id="wild-rawz",
    title="ワイルドローツ",
    reading="わいるどろーつ",
    title_en="Wild Rawz",
    designer="はぎぞう（hagizou）",
    min_players=3,
    max_players=4,
    summary=Msg(
        "Must-follow tricks with UNO cards, where the card nobody drafts sets both the trump "
        "colour and the trump number. Withdraw from a trick to score a card and steer your "
        "bonus: hit exactly the number of tricks your sideways card asks for."
    ),
    deck=Deck.UNO,
)
