"""テンス (Tenth): must-follow tricks with the 2s to 10s; a trick scores 1, each 10 in it 1 more.

A throwaway game written by following docs/adding-a-game.md step by step, to show that the
guide is enough; it is never registered outside its tests. Rules in the project's words:
tests/games/tenth/rules.md. Designer: none (made for the tests).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.breakdown import SHARE, EventData, ScoreLine, ScoreSheet, deal_ends
from tabletop.engine.cards import RANKS, Deck, standard_deck
from tabletop.engine.events import Event
from tabletop.engine.game import Game, Line, State
from tabletop.engine.info import GameInfo
from tabletop.engine.registry import register
from tabletop.engine.text import Card, Msg, Seat, Suit
from tabletop.engine.views import Counter, Move, Zone
from tabletop.games import story
from tabletop.games.common import (
    action_table,
    deal,
    deal_again_or_finish,
    hand_zones,
    left_of,
    secret_hands,
)

# ---- constants ----------------------------------------------------------------------------
TEN_RANKS = RANKS[:9]  # 2..10
DECK = standard_deck(ranks=TEN_RANKS)
RANK = {r: i for i, r in enumerate(TEN_RANKS)}
PLAY = action_table("play", DECK)
LABEL = {
    "Trick": Msg("Trick"),
    "Tricks": Msg("Tricks"),
    "Won": Msg("Won"),
    "Deal": Msg("Deal"),
    "Dealer": Msg("Dealer"),
    "Tens": Msg("Tens taken", ctx="tenth"),
}
"""Zone and counter labels, built once."""

INFO = GameInfo(
    id="tenth",
    title="テンス",
    title_en="Tenth",
    designer="(test fixture)",
    min_players=2,
    max_players=4,
    summary=Msg(
        "Must-follow tricks with the 2s to the 10s, no trumps. Every trick scores 1 and "
        "every 10 in it 1 more; the highest total after one deal per player wins.",
        ctx="tenth",
    ),
    deck=Deck.STANDARD,
)


# ---- state --------------------------------------------------------------------------------
class TenthState(State):
    """Hands, the trick on the table, who leads and whose turn it is, cards won."""

    COPY_FLAT = ("trick",)
    COPY_NESTED = ("hands", "won")

    hands: list[list[str]]
    trick: list[tuple[int, str]]
    won: list[list[str]]
    leader: int
    turn: int


# ---- the rules ----------------------------------------------------------------------------
def trick_winner(trick: Sequence[tuple[int, str]]) -> int:
    """The seat that played the highest card of the led suit."""
    led = trick[0][1][-1]
    return max((RANK[c[:-1]], seat) for seat, c in trick if c[-1] == led)[1]


def deal_score(won: Sequence[str], players: int) -> int:
    """A seat's score of one deal: 1 per trick it took, 1 more per 10 among its cards."""
    return len(won) // players + sum(1 for c in won if c.startswith("10"))


def sort_key(card: str) -> tuple[str, int]:
    """Hand order: by suit, then by rank."""
    return card[-1], RANK[card[:-1]]


# ---- the game -----------------------------------------------------------------------------
class Tenth(Game[TenthState]):
    """The Tenth rules."""

    info = INFO

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> TenthState:
        """A new match of as many deals as players, the first one dealt."""
        state = TenthState()
        state.init_common(players, options, seed, rounds=players)
        state.opening = [self._deal(state)]
        return state

    def _deal(self, state: TenthState) -> Event:
        """Shuffle and deal every card; the seat left of the dealer leads."""
        cards = list(DECK)
        state.rng.shuffle(cards)
        hands, _ = deal(cards, state.players, len(DECK) // state.players)
        state.hands = [sorted(h, key=sort_key) for h in hands]
        state.trick, state.won = [], [[] for _ in hands]
        state.leader = state.turn = left_of(state.match.dealer, state.players)
        data = {"round": state.match.round, "dealer": state.match.dealer}
        return Event("deal", {**data, "hands": secret_hands(state.hands)})

    def seats_to_act(self, state: TenthState) -> frozenset[int]:
        """The seat whose turn it is."""
        return frozenset((state.turn,))

    def legal(self, state: TenthState, seat: int) -> list[Action]:
        """A card of the led suit if the seat holds one, else any card."""
        hand = state.hands[seat]
        if state.trick:
            led = state.trick[0][1][-1]
            follow = [PLAY[c] for c in hand if c[-1] == led]
            if follow:
                return follow
        return [PLAY[c] for c in hand]

    def refusal(self, state: TenthState, seat: int, action: Action) -> Msg:
        """Why a play is refused: a card not held, or the led suit not followed."""
        if action.verb != "play" or len(action.args) != 1:
            return Msg("Play {card}", card=Card(state.hands[seat][0]))
        card = action.args[0]
        if card not in state.hands[seat]:
            return Msg("You do not hold {card}.", card=Card(card))
        return Msg("You must follow {suit}.", suit=Suit(state.trick[0][1][-1]))

    def perform(self, state: TenthState, seat: int, action: Action) -> list[Event]:
        """Play the card; a full trick goes to its winner, who leads; the last ends the deal."""
        card = action.args[0]
        state.hands[seat].remove(card)
        state.trick.append((seat, card))
        events = [Event("play", {"seat": seat, "card": card})]
        if len(state.trick) < state.players:
            state.turn = left_of(seat, state.players)
            return events
        winner = trick_winner(state.trick)
        cards = [c for _, c in state.trick]
        state.won[winner].extend(cards)
        state.trick = []
        state.leader = state.turn = winner
        events.append(Event("trick", {"winner": winner, "cards": cards}))
        if state.hands[winner]:
            return events
        return events + self._end_round(state)

    def _end_round(self, state: TenthState) -> list[Event]:
        """Score the deal; deal again or finish the match."""
        scores = [deal_score(w, state.players) for w in state.won]
        tens = [sum(1 for c in w if c.startswith("10")) for w in state.won]
        state.match.record(scores)
        data = {"round": state.match.round, "tens": tens, "scores": scores}
        events = [Event("round_end", {**data, "totals": state.match.totals})]
        again = deal_again_or_finish(state, lambda: self._deal(state))
        return events if again is None else [*events, again]

    # ---- what the table shows -------------------------------------------------------------
    def zones(self, state: TenthState) -> list[Zone]:
        """Each hand (private), the trick and the cards each seat won (face up)."""
        zones = hand_zones(state.hands)
        zones.append(Zone("trick", "trick", tuple(c for _, c in state.trick), None, LABEL["Trick"]))
        for i, won in enumerate(state.won):
            zones.append(Zone(f"won{i}", "pile", tuple(won), i, LABEL["Won"]))
        return zones

    def counters(self, state: TenthState) -> list[Counter]:
        """Scores, tricks and tens taken this deal, the deal and its dealer."""
        out = super().counters(state)
        for i, won in enumerate(state.won):
            out.append(Counter(f"tricks{i}", LABEL["Tricks"], len(won) // state.players, i))
            tens = sum(1 for c in won if c.startswith("10"))
            out.append(Counter(f"tens{i}", LABEL["Tens"], tens, i))
        out.append(Counter("round", LABEL["Deal"], state.match.round))
        out.append(Counter("dealer", LABEL["Dealer"], Msg("{seat}", seat=Seat(state.match.dealer))))
        return out

    def status(self, state: TenthState, seat: int | None) -> Msg:
        """Whose turn, and the suit to follow."""
        if state.result is not None:
            return Msg("The match is over.")
        mine, who = seat == state.turn, Seat(state.turn)
        if not state.trick:
            if mine:
                return Msg("Your lead.", ctx="tenth")
            return Msg("{player} to lead.", ctx="tenth", player=who)
        suit = Suit(state.trick[0][1][-1])
        if mine:
            return Msg("Your turn; follow {suit} if you can.", ctx="tenth", suit=suit)
        return Msg("{player} to play; {suit} led.", ctx="tenth", player=who, suit=suit)

    def facts(self, state: TenthState) -> dict[str, Any]:
        """The deal, its dealer and who led the trick on the table."""
        return {**super().facts(state), "leader": state.leader}

    def tag(self, state: TenthState, seat: int, action: Action) -> Move:
        """Drag a card onto the trick."""
        label = Msg("Play {card}", card=Card(action.args[0]))
        return Move(str(action), "drag", label, action.args, "trick")

    def narrate(
        self, event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]
    ) -> list[Line]:
        """Deals, plays, tricks and scores as every trick game tells them."""
        return story.common(event, viewer, memo)

    # ---- how each score came about ----------------------------------------------------
    def score_lines(self, events: Sequence[EventData], players: int) -> list[ScoreLine]:
        """Per deal: the tens each seat took and the deal's score."""
        lines = []
        for e in deal_ends(events):
            deal_no = int(e["round"])
            cells = tuple((int(t),) for t in e["tens"])
            scores = tuple(int(s) for s in e["scores"])
            lines.append(ScoreLine(deal_no, deal_no, cells, scores, tuple(e["totals"])))
        return lines

    def score_sheet(self, players: int, options: Mapping[str, Any]) -> ScoreSheet:
        """A row per deal: tens taken and the deal's score."""
        return ScoreSheet(LABEL["Deal"], (LABEL["Tens"],), SHARE, players)


GAME = register(Tenth())
