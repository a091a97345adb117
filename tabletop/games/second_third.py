"""セカンドサード (Second Third): must-follow tricks, spades trump; the 2nd and 3rd suits score.

Rules in the project's words: docs/rules/second-third.md. Designer: ドミッチ (domi).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine.breakdown import SHARE, EventData, ScoreLine, ScoreSheet, deal_ends, signed
from tabletop.engine.cards import ORDER, sort_key
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import BareLoop, State
from tabletop.engine.registry import register
from tabletop.engine.text import Msg, Seat, Suit
from tabletop.engine.views import HIDDEN, Counter, Zone
from tabletop.games.common import (
    action_table,
    deal,
    deal_again_or_finish,
    pair_table,
)
from tabletop.games.info.second_third import INFO
from tabletop.games.pass_tricks import PassTrickGame, PassTrickState
from tabletop.games.second_third_bare import bare_match
from tabletop.games.second_third_rules import (
    FULL_DECK,
    HAND_SIZES,
    SHORT_DECK,
    TRUMP,
    points_score,
    score,
    suit_points,
    trick_winner,
)

# ---- constants ----------------------------------------------------------------------------
PLAY = action_table("play", FULL_DECK)
PASS = pair_table("pass", FULL_DECK)

# ---- game info ----------------------------------------------------------------------------
LABEL = {
    "Out of play": Msg("Out of play"),
}
"""Zone and counter labels, built once."""


# ---- state --------------------------------------------------------------------------------
class SecondThirdState(PassTrickState):
    """The shared pass-and-trick state plus the cards set face down for the deal."""

    COPY_FLAT = (*PassTrickState.COPY_FLAT, "face_down")

    face_down: list[str]


class SecondThird(PassTrickGame[SecondThirdState]):
    """The Second Third rules."""

    info = INFO
    bare_loop: ClassVar[BareLoop | None] = staticmethod(bare_match)
    ORDER = ORDER
    PLAY = PLAY
    PASS = PASS

    # ---- setup and dealing ----------------------------------------------------------------
    def blank(self) -> SecondThirdState:
        """An empty Second Third state."""
        return SecondThirdState()

    def deal_secrets(self, state: SecondThirdState) -> dict[str, Any]:
        """The cards set face down, which nobody sees."""
        return {"face_down": Secret(HIDDEN, list(state.face_down))}

    def deal_cards(self, state: SecondThirdState) -> list[list[str]]:
        """Shuffle and deal the next deal's hands and face-down cards; returns the hands."""
        players = state.players
        each, down = HAND_SIZES[bool(state.options["ver2"])][players]
        deck = list(SHORT_DECK if players == 3 else FULL_DECK)
        state.rng.shuffle(deck)
        hands, rest = deal(deck, players, each)
        for h in hands:
            h.sort(key=sort_key)
        state.start_deal(hands, state.match.dealer)
        state.face_down = rest[:down]
        return hands

    # ---- the rules --------------------------------------------------------------------------
    def playable(self, hand: list[str], lead: str | None) -> Sequence[str]:
        """A card of the led suit if held, else any card (then the hand itself, not a copy)."""
        if lead is not None:
            led = lead[-1]
            follow = [c for c in hand if c[-1] == led]
            if follow:
                return follow
        return hand

    def follow_refusal(self, state: PassTrickState, card: str) -> Msg:
        """Must follow."""
        return Msg("You must follow {suit}.", suit=Suit(state.trick[0][1][-1]))

    trick_winner = staticmethod(trick_winner)

    def deal_over(self, state: PassTrickState) -> bool:
        """Play stops when everyone holds one card."""
        return len(state.hands[0]) == 1

    def end_round(self, state: SecondThirdState) -> list[Event]:
        """Everyone takes their last card unplayed; score the suits; deal again or finish."""
        last = [h[0] for h in state.hands]
        for seat, card in enumerate(last):
            state.won[seat].append(card)
            state.hands[seat] = []
        points = [suit_points(w) for w in state.won]
        scores = [points_score(p) for p in points]
        state.match.record(scores)
        if state.quiet:
            deal_again_or_finish(state, lambda: self.deal_cards(state))
            return []
        events = [
            Event(
                "round_end",
                {
                    "round": state.match.round,
                    "last_cards": last,
                    "suit_points": [list(p.values()) for p in points],
                    "scores": scores,
                    "totals": state.match.totals,
                },
            )
        ]
        again = deal_again_or_finish(state, lambda: self.deal_event(state))
        return events if again is None else [*events, again]

    # ---- what the table shows -------------------------------------------------------------
    def zones(self, state: SecondThirdState) -> list[Zone]:
        """The shared zones plus the cards out of play."""
        return [
            *super().zones(state),
            Zone("out", "pile", tuple(state.face_down), label=LABEL["Out of play"], visible=HIDDEN),
        ]

    def counters(self, state: SecondThirdState) -> list[Counter]:
        """Scores, tricks, this deal's score so far, deal number and dealer."""
        return self.trick_counters(state, [score(w) for w in state.won])

    def play_status(self, state: PassTrickState, mine: bool) -> Msg:
        """Who leads or plays, the led suit, and the trump reminder."""
        who = Seat(state.turn)
        if state.trick:
            led = Suit(state.trick[0][1][-1])
            if mine:
                return Msg("Your turn; {suit} led, spades are trump.", suit=led)
            return Msg("{player} to play; {suit} led, spades are trump.", player=who, suit=led)
        if mine:
            return Msg("Your lead; spades are trump.")
        return Msg("{player} to lead; spades are trump.", player=who)

    def hints(self, state: State) -> dict[str, Any]:
        """Spades trump."""
        return {"trump": TRUMP}

    # ---- how each score came about ----------------------------------------------------
    def score_lines(self, events: Sequence[EventData], players: int) -> list[ScoreLine]:
        """Per deal: each suit's points with the sign its place gives (− + + −), summed."""
        lines = []
        for e in deal_ends(events):
            cells, scores = [], []
            for points in e["suit_points"]:
                ranked = sorted(range(len(points)), key=lambda s: -points[s])
                parts = [0] * len(points)
                for place, suit in enumerate(ranked):
                    parts[suit] = (-1, 1, 1, -1)[place] * points[suit]
                cells.append(tuple(signed(p) for p in parts))
                scores.append(sum(parts))
            deal = int(e["round"])
            lines.append(ScoreLine(deal, deal, tuple(cells), tuple(scores), tuple(e["totals"])))
        return lines

    def score_sheet(self, players: int, options: Mapping[str, Any]) -> ScoreSheet:
        """A row per deal: the four suits' signed points, the score and the total."""
        return ScoreSheet(
            Msg("Deal"),
            (
                Msg("♠", ctx="suit symbol"),
                Msg("♥", ctx="suit symbol"),
                Msg("♦", ctx="suit symbol"),
                Msg("♣", ctx="suit symbol"),
            ),
            SHARE,
            super().score_sheet(players, options).rows,
            (
                Msg(
                    "Suit points: 1 a card, 2 an ace. Order your suits from most points to "
                    "fewest: score = − first + second + third − fourth (the signs are shown by "
                    "each suit)."
                ),
            ),
        )


GAME = register(SecondThird())
