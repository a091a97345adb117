"""インタラクション (Interaction): every card played scores for everyone against the target card.

Rules in the project's words: docs/rules/interaction.md. Designer: ドミッチ.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.breakdown import EventData, ScoreLine, ScoreSheet
from tabletop.engine.cards import sort_key, standard_deck
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import Game, Line, State
from tabletop.engine.registry import register
from tabletop.engine.text import Card, Msg, Seat
from tabletop.engine.views import HIDDEN, Counter, Move, Zone, private
from tabletop.games import interaction_story
from tabletop.games.common import action_table, deal, finish, hand_zones, secret_hands
from tabletop.games.info.interaction import INFO

# ---- constants ----------------------------------------------------------------------------
JOKER = "JK1"
DECK = standard_deck()
BOTTOM = 10  # random cards shuffled with the joker to form the bottom of the stock
JOKER_ZONE = BOTTOM + 1
DEAL = 6
HAND = 5
BOTH_COST = 1
RANK_NUMBER = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
POINTS_BY_DISTANCE = {0: 3, 1: 2, 2: 1}
PLAY = action_table("play", DECK)
TARGET = action_table("target", DECK)
BOTH = {a: {b: Action("both", (a, b)) for b in DECK if b != a} for a in DECK}


LABEL = {
    "Face down": Msg("Face down"),
    "Pile": Msg("Pile", ctx="own pile"),
    "Target": Msg("Target"),
    "Stock": Msg("Stock"),
    "Points": Msg("Points"),
    "Last gain": Msg("Last gain"),
    "Turn": Msg("Turn"),
    "Safe draws": Msg("Safe draws"),
}
"""Zone and counter labels, built once."""


def rank_distance(a: str, b: str) -> int:
    """Distance between two ranks on the closed ring A-2-…-K-A (K and A are adjacent)."""
    d = abs(RANK_NUMBER[a[:-1]] - RANK_NUMBER[b[:-1]])
    return min(d, 13 - d)


def match_points(card: str, target: str) -> int:
    """Points a pile topped by `card` earns against `target`: suit 1 + rank 3/2/1 by distance."""
    same_suit = 1 if card[-1] == target[-1] else 0
    return same_suit + POINTS_BY_DISTANCE.get(rank_distance(card, target), 0)


MATCH = {a: {b: match_points(a, b) for b in DECK if b != a} for a in DECK}
"""MATCH[pile top][target top]: precomputed points for every pair of distinct cards."""


# ---- state --------------------------------------------------------------------------------
class InteractionState(State):
    """Hands, the stock (top last), the target pile, each seat's pile and points."""

    COPY_FLAT = ("stock", "target", "sealed", "points", "gains")
    COPY_NESTED = ("hands", "piles")

    hands: list[list[str]]
    stock: list[str]
    target: list[str]
    piles: list[list[str]]
    sealed: list[str | None]
    points: list[int]
    gains: list[int]
    phase: str  # "seal" (simultaneous first turn) | "play" | "over"
    turn: int
    active: int
    ended_by: int | None


def gains_for(tops: list[str], target: str) -> list[int]:
    """Each seat's points for its pile top against the target top."""
    return [MATCH[t][target] for t in tops]


def play_refusal(phase: str, hand: list[str], points: int, action: Action) -> Msg | None:
    """Why `action` is no play for a seat holding `hand` and `points` (None: it is one).

    The one check of a play: `legal` lists exactly the actions it lets through (a test holds
    them equal), and a refused action is told its reason here.
    """
    args = action.args
    missing = [c for c in args if c not in hand]
    if phase == "seal":
        if action.verb != "play" or len(args) != 1:
            return Msg("On the first turn everyone places one card face down.")
        return Msg("You do not hold {card}.", card=Card(missing[0])) if missing else None
    if action.verb in ("play", "target") and len(args) != 1:
        return Msg("Play exactly one card.")
    if action.verb == "both":
        if len(args) != 2:
            return Msg("Playing both takes two cards: the first for your pile, then the target.")
        if args[0] == args[1]:
            return Msg("Choose two different cards.")
    if action.verb not in ("play", "target", "both"):
        return Msg("Play a card on your pile, on the target, or pay 1 point to do both.")
    if missing:
        return Msg("You do not hold {card}.", card=Card(missing[0]))
    if action.verb == "both" and points < BOTH_COST:
        return Msg("Playing two cards costs 1 point, and you have none.")
    return None


class Interaction(Game[InteractionState]):
    """The Interaction rules."""

    info = INFO

    # ---- setup and dealing ----------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> InteractionState:
        """Build the stock with the joker in its bottom 11, deal 6 each and turn the target."""
        state = InteractionState()
        state.init_common(players, options, seed, rounds=1)
        deck = list(DECK)
        state.rng.shuffle(deck)
        bottom = [*deck[:BOTTOM], JOKER]
        state.rng.shuffle(bottom)
        hands, rest = deal(deck[BOTTOM:], players, DEAL)
        for h in hands:
            h.sort(key=sort_key)
        # the stock's top is its last element: the rest of the deal lies on the bottom eleven
        state.stock = bottom[::-1] + rest[::-1]
        state.target = [state.stock.pop()]
        state.hands = hands
        state.piles = [[] for _ in range(players)]
        state.sealed = [None] * players
        state.points = [0] * players
        state.gains = [0] * players
        state.phase = "seal"
        state.turn = 1
        state.active = 0
        state.ended_by = None
        state.opening = [
            Event(
                "deal",
                {
                    "hands": secret_hands(hands),
                    "stock": Secret(HIDDEN, state.stock[::-1]),
                    "target": state.target[-1],
                },
            )
        ]
        return state

    # ---- whose turn, what is legal -------------------------------------------------------
    def seats_to_act(self, state: InteractionState) -> frozenset[int]:
        """Everyone who has not chosen on the first turn, then the one seat whose turn it is."""
        if state.phase == "seal":
            return frozenset(i for i, c in enumerate(state.sealed) if c is None)
        if state.phase == "play":
            return frozenset((state.active,))
        return frozenset()

    def legal(self, state: InteractionState, seat: int) -> list[Action]:
        """Any card to one's pile; from turn 2 also to the target, or both for 1 point."""
        hand = state.hands[seat]
        if state.phase == "seal":
            return [PLAY[c] for c in hand]
        out = [PLAY[c] for c in hand]
        out += [TARGET[c] for c in hand]
        if state.points[seat] >= BOTH_COST:
            out += [BOTH[a][b] for a in hand for b in hand if a != b]
        return out

    def refusal(self, state: InteractionState, seat: int, action: Action) -> Msg:
        """Why an action is refused: the one check of a play says it."""
        reason = play_refusal(state.phase, state.hands[seat], state.points[seat], action)
        return reason or Msg("{action} is not allowed now.", action=str(action))

    # ---- doing it -------------------------------------------------------------------------
    def perform(self, state: InteractionState, seat: int, action: Action) -> list[Event]:
        """Seal a first-turn card, or play one or two cards, score everyone and refill."""
        if state.phase == "seal":
            return self._seal(state, seat, action.args[0])
        return self._turn(state, seat, action)

    def _seal(self, state: InteractionState, seat: int, card: str) -> list[Event]:
        state.hands[seat].remove(card)
        state.sealed[seat] = card
        events = [Event("seal", {"seat": seat, "card": Secret(private(seat), card)})]
        if any(c is None for c in state.sealed):
            return events
        for i, c in enumerate(state.sealed):
            assert c is not None
            state.piles[i].append(c)
            events.append(
                Event("play", {"turn": 1, "seat": i, "cards": [c], "where": ["pile"], "paid": 0})
            )
        state.sealed = [None] * state.players
        events.append(self._score(state, [0] * state.players))
        low = min(state.points)
        tied = [i for i, p in enumerate(state.points) if p == low]
        state.active = tied[0] if len(tied) == 1 else state.rng.choice(tied)
        state.phase = "play"
        state.turn = 2
        events.append(Event("start", {"seat": state.active, "lowest": tied}))
        return events

    def _turn(self, state: InteractionState, seat: int, action: Action) -> list[Event]:
        hand = state.hands[seat]
        paid = [0] * state.players
        if action.verb == "play":
            where = ["pile"]
            state.piles[seat].append(action.args[0])
        elif action.verb == "target":
            where = ["target"]
            state.target.append(action.args[0])
        else:
            where = ["pile", "target"]
            state.piles[seat].append(action.args[0])
            state.target.append(action.args[1])
            state.points[seat] -= BOTH_COST
            paid[seat] = BOTH_COST
        for c in action.args:
            hand.remove(c)
        events = [
            Event(
                "play",
                {
                    "turn": state.turn,
                    "seat": seat,
                    "cards": list(action.args),
                    "where": where,
                    "paid": paid[seat],
                },
            ),
            self._score(state, paid),
        ]
        drawn = [state.stock.pop() for _ in range(min(HAND - len(hand), len(state.stock)))]
        hand.extend(drawn)
        hand.sort(key=sort_key)
        joker = JOKER in drawn
        events.append(
            Event("draw", {"seat": seat, "cards": Secret(private(seat), drawn), "joker": joker})
        )
        if joker:
            events.extend(self._end(state, seat))
            return events
        state.turn += 1
        state.active = (seat + 1) % state.players
        return events

    def _score(self, state: InteractionState, paid: list[int]) -> Event:
        target = state.target[-1]
        tops = [p[-1] for p in state.piles]
        gains = gains_for(tops, target)
        for i, g in enumerate(gains):
            state.points[i] += g
        state.gains = gains
        return Event(
            "score",
            {
                "turn": state.turn,
                "target": target,
                "piles": tops,
                "gains": gains,
                "changes": [g - p for g, p in zip(gains, paid, strict=True)],
                "points": list(state.points),
            },
        )

    def _end(self, state: InteractionState, seat: int) -> list[Event]:
        state.phase = "over"
        state.ended_by = seat
        state.match.record(state.points)
        end = Event(
            "round_end",
            {
                "round": 1,
                "joker_drawn_by": seat,
                "scores": list(state.points),
                "totals": state.match.totals,
            },
        )
        return [end, finish(state)]

    # ---- what the table shows -------------------------------------------------------------
    def zones(self, state: InteractionState) -> list[Zone]:
        """Hands, first-turn choices, each seat's pile, the target pile and the stock."""
        zones = hand_zones(state.hands)
        for i, c in enumerate(state.sealed):
            cards = () if c is None else (c,)
            zones.append(
                Zone(
                    f"sealed{i}",
                    "row",
                    cards,
                    owner=i,
                    label=LABEL["Face down"],
                    visible=private(i),
                )
            )
        for i, p in enumerate(state.piles):
            zones.append(Zone(f"pile{i}", "stack", tuple(p), owner=i, label=LABEL["Pile"]))
        zones.append(Zone("target", "stack", tuple(state.target), label=LABEL["Target"]))
        zones.append(
            Zone("stock", "stack", tuple(state.stock), label=LABEL["Stock"], visible=HIDDEN)
        )
        return zones

    def counters(self, state: InteractionState) -> list[Counter]:
        """Points, last gains, the turn, the stock size and how far the joker may be."""
        out = []
        for i in range(state.players):
            out.append(Counter(f"score{i}", LABEL["Points"], state.points[i], owner=i))
            out.append(Counter(f"gain{i}", LABEL["Last gain"], state.gains[i], owner=i))
        out.append(Counter("turn", LABEL["Turn"], state.turn))
        out.append(Counter("stock", LABEL["Stock"], len(state.stock)))
        safe = max(0, len(state.stock) - JOKER_ZONE)
        out.append(Counter("safe", LABEL["Safe draws"], safe))
        return out

    def status(self, state: InteractionState, seat: int | None) -> Msg:
        """Whose turn and what they may do."""
        if state.phase == "over":
            assert state.ended_by is not None
            if seat == state.ended_by:
                return Msg("You drew the joker: the game is over.")
            return Msg("{player} drew the joker: the game is over.", player=Seat(state.ended_by))
        target = Card(state.target[-1])
        if state.phase == "seal":
            if seat is not None and state.sealed[seat] is None:
                return Msg("Turn 1: choose a card to place face down (target {card}).", card=target)
            return Msg(
                "Turn 1: waiting for everyone to choose a card (target {card}).", card=target
            )
        if seat == state.active:
            return Msg("Turn {turn}: your turn (target {card}).", turn=state.turn, card=target)
        return Msg(
            "Turn {turn}: {player} to play (target {card}).",
            turn=state.turn,
            player=Seat(state.active),
            card=target,
        )

    def hints(self, state: State) -> dict[str, Any]:
        """A seat's face-down choice sits before its pile."""
        return {"zone_order": ["sealed", "pile"]}

    def tag(self, state: InteractionState, seat: int, action: Action) -> Move:
        """Drag one card to the pile, face-down row or target; a button for the paid double."""
        if action.verb == "both":
            a, b = action.args
            label = Msg(
                "Pay 1: {pile_card} on your pile, {target_card} on the target",
                pile_card=Card(a),
                target_card=Card(b),
            )
            return Move(str(action), "button", label, action.args)
        card = Card(action.args[0])
        if action.verb == "target":
            label = Msg("Play {card} on the target", card=card)
            return Move(str(action), "drag", label, action.args, "target")
        if state.phase == "seal":
            label = Msg("Place {card} face down", card=card)
            return Move(str(action), "drag", label, action.args, f"sealed{seat}")
        label = Msg("Play {card} on your pile", card=card)
        return Move(str(action), "drag", label, action.args, f"pile{seat}")

    # ---- copies for search ---------------------------------------------------------------

    def narrate(
        self, event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]
    ) -> list[Line]:
        """What an event tells a viewer, as lines (tabletop/games/interaction_story.py)."""
        return interaction_story.narrate(event, viewer, memo)

    # ---- how each score came about ----------------------------------------------------
    def score_lines(self, events: Sequence[EventData], players: int) -> list[ScoreLine]:
        """Per turn: the target, each seat's points gained minus the point paid."""
        return [
            ScoreLine(
                1,
                int(e["turn"]),
                tuple(() for _ in e["changes"]),
                tuple(e["changes"]),
                tuple(e["points"]),
                (Msg("{card}", card=Card(e["target"])),),
            )
            for e in events
            if e.get("type") == "score"
        ]

    def score_sheet(self, players: int, options: Mapping[str, Any]) -> ScoreSheet:
        """A row per turn: the target card, each seat's change and points."""
        return ScoreSheet(
            Msg("Turn"),
            (),
            Msg("Players tied on the most points share the win; other ties share their place."),
            12,
            (
                Msg(
                    "Each turn: points gained from matching the target, minus 1 paid for a "
                    "two-card play."
                ),
            ),
            shared=(Msg("Target"),),
            score=Msg("±", ctx="change"),
            total=Msg("Points"),
            signed=True,
        )


GAME = register(Interaction())
