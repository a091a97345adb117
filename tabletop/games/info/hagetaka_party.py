"""The info of ハゲタカのえじき達, apart from its rules (`tabletop.games.hagetaka_party`)."""

from __future__ import annotations

from tabletop.engine.cards import Deck
from tabletop.engine.info import GameInfo, Option
from tabletop.engine.text import Msg
from tabletop.games.info.vulture import DESIGNER, table_option

INFO = GameInfo(
    id="hagetaka-party",
    title="ハゲタカのえじき達",
    reading="はげたかのえじきたち",
    title_en="Vulture Party",
    designer=DESIGNER,
    min_players=3,
    max_players=25,
    recommended="10–25",
    often_played=(12,),
    summary=Msg(
        "With only three number cards, secretly plot which of six battles you will fight. Later "
        "battles pay more but hurt more, and a crowded battle may cancel itself out."
    ),
    options=(
        table_option(),
        Option(
            "start",
            1,
            Msg("Smaller groups may start from battle 2 or 3."),
            choices=(1, 2, 3),
            label=Msg("First battle"),
            choice_labels=tuple(Msg("Battle {battle}", battle=b) for b in (1, 2, 3)),
        ),
    ),
    deck=Deck.VULTURE,
)
