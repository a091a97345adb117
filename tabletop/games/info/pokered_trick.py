"""The info of ポーカード・トリック, apart from its rules (`tabletop.games.pokered_trick`)."""

from __future__ import annotations

from tabletop.engine.info import GameInfo, Option
from tabletop.engine.text import Msg

END_MODES = ("deals", "bankruptcies", "time")
"""What may end a match (the `end` option's choices)."""
MAX_MINUTES = 600
"""The longest time limit, in minutes."""

INFO = GameInfo(
    id="pokered-trick",
    title="ポーカード・トリック",
    reading="ぽーかーどとりっく",
    title_en="Pokered Trick",
    designer="ドミッチ",
    min_players=2,
    max_players=7,
    summary=Msg(
        "Look at seven cards, then stay in or fold for a chip. Those who stay keep two cards "
        "aside and play five must-follow tricks with jokers as trumps; tricks won plus the "
        "best poker hand from the kept and won cards decide who pays whom."
    ),
    options=(
        Option(
            "end",
            "deals",
            Msg("What ends the match: a number of deals, of bankruptcies, or a time limit."),
            choices=END_MODES,
            label=Msg("End of the match"),
            choice_labels=(
                Msg("After a number of deals"),
                Msg("After bankruptcies"),
                Msg("At a time limit"),
            ),
        ),
        Option(
            "deals",
            0,
            Msg(
                "Deals to play when the match ends after a number of deals (0: twice the players)."
            ),
            (),
            0,
            99,
            label=Msg("Deals"),
        ),
        Option(
            "bankruptcies",
            1,
            Msg("How many bankruptcies end the match (when it ends after bankruptcies)."),
            (),
            1,
            6,
            label=Msg("Bankruptcies"),
        ),
        Option(
            "minutes",
            60,
            Msg("Checked after each deal (when the match ends at a time limit)."),
            (),
            1,
            MAX_MINUTES,
            label=Msg("Time limit (minutes)"),
        ),
    ),
    recommended="4–7 players",
)
