"""へんてこワルツ (Seltsam-Walzer): must-follow tricks where a lone X wins; take the fewest
cards of a colour and your numbers count, otherwise only your card count does.

Rules in the project's words: docs/rules/seltsam-walzer.md. Designer: note post (author of the
note). Pure rule helpers live in `seltsam_walzer_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.breakdown import Cell, EventData, ScoreLine, ScoreSheet, deal_ends
from tabletop.engine.events import Event
from tabletop.engine.registry import register
from tabletop.engine.text import Msg, Seat
from tabletop.engine.views import Counter
from tabletop.games.common import (
    action_table,
    deal,
    deal_again_or_finish,
    pair_table,
)
from tabletop.games.info.seltsam_walzer import INFO
from tabletop.games.pass_tricks import PassTrickGame, PassTrickState
from tabletop.games.seltsam_walzer_rules import (
    DECK,
    ORDER,
    X,
    deal_details,
    deal_scores,
    playable,
    trick_winner,
)

# ---- constants ----------------------------------------------------------------------------
CARD_KEY = ORDER.__getitem__  # sort key for cards known to be real codes
PLAY = action_table("play", DECK)
PASS = pair_table("pass", DECK)

# ---- game info ----------------------------------------------------------------------------
LABEL = {
    "Leader": Msg("Leader"),
}
"""Zone and counter labels, built once."""


COLOUR = {"R": Msg("red", ctx="colour"), "B": Msg("blue", ctx="colour")}
COLOUR["G"] = Msg("green", ctx="colour")


# ---- state --------------------------------------------------------------------------------
class SeltsamWalzer(PassTrickGame[PassTrickState]):
    """The Seltsam-Walzer rules."""

    info = INFO
    ORDER = ORDER
    PLAY = PLAY
    PASS = PASS
    WON_LABEL = Msg("Taken")

    # ---- setup and dealing ----------------------------------------------------------------
    def blank(self) -> PassTrickState:
        """An empty Seltsam-Walzer state."""
        return PassTrickState()

    def deal_cards(self, state: PassTrickState) -> list[list[str]]:
        """Shuffle and deal the next deal's hands; returns them."""
        players = state.players
        deck = list(DECK)
        state.rng.shuffle(deck)
        hands, _ = deal(deck, players, len(DECK) // players)
        for h in hands:
            h.sort(key=CARD_KEY)
        state.start_deal(hands, state.match.dealer)
        return hands

    # ---- the rules --------------------------------------------------------------------------
    def playable(self, hand: list[str], lead: str | None) -> list[str]:
        """The led colour or an X if you hold the led colour; anything after an X lead."""
        return playable(hand, None if lead is None else lead[0])

    def follow_refusal(self, state: PassTrickState, card: str) -> Msg:
        """Must follow or play an X."""
        led = COLOUR[state.trick[0][1][0]]
        return Msg("You must follow {colour} (or play an X).", colour=led)

    def trick_winner(self, trick: list[tuple[int, str]]) -> int:
        """The RULINGS order: a lone X, else the led colour or the highest number after X."""
        return trick_winner(trick)

    def deal_over(self, state: PassTrickState) -> bool:
        """Every card has been played."""
        return not state.hands[state.leader]

    def end_round(self, state: PassTrickState) -> list[Event]:
        """Score every colour; deal again or finish (ties: the last deal's score)."""
        details = deal_details(state.won)
        scores = [sum(d["points"][i] for d in details.values()) for i in range(state.players)]
        state.match.record(scores)
        events = (
            []
            if state.quiet
            else [
                Event(
                    "round_end",
                    {
                        "round": state.match.round,
                        "dealer": state.match.dealer,
                        "won": [sorted(w, key=CARD_KEY) for w in state.won],
                        "colours": details,
                        "scores": scores,
                        "totals": state.match.totals,
                    },
                )
            ]
        )
        last = state.match.scores[-1]
        again = deal_again_or_finish(
            state,
            (lambda: self.deal_cards(state)) if state.quiet else (lambda: self.deal_event(state)),
            lambda seat: (last[seat],),
            Msg("last deal's score"),
        )
        if isinstance(again, Event) and not state.quiet:
            events.append(again)
        return events

    # ---- what the table shows -------------------------------------------------------------
    def counters(self, state: PassTrickState) -> list[Counter]:
        """Match scores, tricks, this deal's score so far, deal, dealer and leader."""
        out = self.trick_counters(state, deal_scores(state.won))
        out.append(Counter("leader", LABEL["Leader"], Msg("{seat}", seat=Seat(state.leader))))
        return out

    def play_status(self, state: PassTrickState, mine: bool) -> Msg:
        """Who leads or plays and what may follow."""
        who = Seat(state.turn)
        if not state.trick:
            return Msg("Your lead.") if mine else Msg("{player} to lead.", player=who)
        led = state.trick[0][1][0]
        if led == X:
            if mine:
                return Msg("Your turn; an X was led, so any card may follow.")
            return Msg("{player} to play; an X was led, so any card may follow.", player=who)
        if mine:
            return Msg("Your turn; {colour} led (follow it or play an X).", colour=COLOUR[led])
        return Msg(
            "{player} to play; {colour} led (follow it or play an X).",
            player=who,
            colour=COLOUR[led],
        )

    def facts(self, state: PassTrickState) -> dict[str, Any]:
        """The round, the dealer and the trick's leader."""
        return {**super().facts(state), "leader": state.leader}

    # ---- how each score came about ----------------------------------------------------
    def score_lines(self, events: Sequence[EventData], players: int) -> list[ScoreLine]:
        """Per deal and colour: the fewest holders score their numbers' sum × the colour's
        factor, other holders their card count × factor.
        """
        lines = []
        for e in deal_ends(events):
            cells, scores = [], []
            for seat in range(len(e["scores"])):
                row: list[Cell] = []
                score = 0
                for col in ("R", "B", "G"):
                    d = e["colours"][col]
                    count, factor = d["counts"][seat], d["factor"]
                    if not count:
                        row.append(0)
                        continue
                    if seat in d["fewest"]:
                        points = d["sums"][seat] * factor
                        row.append(
                            Msg(
                                "Σ{sum}×{factor}={points}",
                                sum=d["sums"][seat],
                                factor=factor,
                                points=points,
                            )
                        )
                    else:
                        points = count * factor
                        row.append(
                            Msg(
                                "{count}×{factor}={points}",
                                count=count,
                                factor=factor,
                                points=points,
                            )
                        )
                    score += points
                cells.append(tuple(row))
                scores.append(score)
            deal = int(e["round"])
            lines.append(ScoreLine(deal, deal, tuple(cells), tuple(scores), tuple(e["totals"])))
        return lines

    def score_sheet(self, players: int, options: Mapping[str, Any]) -> ScoreSheet:
        """A row per deal: red, blue and green points, the score and the total."""
        return ScoreSheet(
            Msg("Deal"),
            (Msg("Red", ctx="column"), Msg("Blue", ctx="column"), Msg("Green", ctx="column")),
            Msg(
                "Equal totals: the higher score in the last deal ranks higher; still equal, "
                "the place is shared."
            ),
            super().score_sheet(players, options).rows,
            (
                Msg(
                    "Per colour (red ×1, blue ×2, green ×3): the fewest cards of the colour "
                    "(among those who took any) score the sum of their numbers × factor (Σ); "
                    "other holders score their card count × factor."
                ),
            ),
        )


GAME = register(SeltsamWalzer())
