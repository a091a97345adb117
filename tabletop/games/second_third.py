"""セカンドサード (Second Third): must-follow tricks, spades trump; the 2nd and 3rd suits score.

Rules in the project's words: docs/rules/second-third.md. Designer: ドミッチ (domi).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import ORDER, RANKS, SUIT_NAMES, SUITS, sort_key, standard_deck
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import Game, GameInfo, Option, State
from tabletop.engine.registry import register
from tabletop.engine.views import HIDDEN, Counter, Move, Zone, private
from tabletop.games.common import (
    action_table,
    deal,
    finish,
    hand_zones,
    left_of,
    pair_table,
    pairs,
    pass_left,
    secret_hands,
)

# ---- constants ----------------------------------------------------------------------------
TRUMP = "S"
PASS_COUNT = 2
SHORT_RANKS = RANKS[4:]  # 6..A for three players
RANK_ORDER = {r: i for i, r in enumerate(RANKS)}
FULL_DECK = standard_deck()
PLAY = action_table("play", FULL_DECK)
PASS = pair_table("pass", FULL_DECK)
# (hand size, cards set face down) by player count, for the seed's version and for ver.2
HAND_SIZES = {
    False: {3: (12, 0), 4: (13, 0), 5: (10, 2)},
    True: {3: (11, 3), 4: (12, 4), 5: (10, 2)},
}

# ---- game info ----------------------------------------------------------------------------
INFO = GameInfo(
    id="second-third",
    title="セカンドサード",
    title_en="Second Third",
    designer="ドミッチ (domi)",
    min_players=3,
    max_players=5,
    summary=(
        "Must-follow tricks with spades as trump. Your most-taken suit and your least-taken "
        "suit count against you; the second and third count for you."
    ),
    options=(
        Option(
            "ver2",
            False,
            "Designer's revision: 3 players hold 11 (3 face down), 4 players 12 (4 face down).",
            choices=(False, True),
        ),
    ),
)


# ---- state --------------------------------------------------------------------------------
class SecondThirdState(State):
    """Hands, pending passes, the current trick and each seat's won cards."""

    COPY_FLAT = ("passing", "given", "face_down", "trick", "tricks")
    COPY_NESTED = ("hands", "won")

    hands: list[list[str]]
    passing: list[tuple[str, ...] | None]
    given: list[tuple[str, ...]]  # the cards each seat passed this deal (known to it)
    face_down: list[str]
    phase: str  # "pass" | "play"
    leader: int
    turn: int
    trick: list[tuple[int, str]]
    won: list[list[str]]
    tricks: list[int]


def suit_points(cards: list[str]) -> dict[str, int]:
    """Points per suit: 1 per card, an ace 2."""
    points = dict.fromkeys(SUITS, 0)
    for c in cards:
        points[c[-1]] += 2 if c[0] == "A" else 1
    return points


def score(cards: list[str]) -> int:
    """−1st + 2nd + 3rd − 4th over the suits sorted by points, highest first."""
    first, second, third, fourth = sorted(suit_points(cards).values(), reverse=True)
    return -first + second + third - fourth


def trick_winner(trick: list[tuple[int, str]]) -> int:
    """The seat that wins a complete trick: highest spade, else highest of the led suit."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        s, b = card[-1], best[-1]
        if (s == b and RANK_ORDER[card[:-1]] > RANK_ORDER[best[:-1]]) or (
            s == TRUMP and b != TRUMP
        ):
            best_seat, best = seat, card
    return best_seat


class SecondThird(Game):
    """The Second Third rules."""

    info = INFO

    # ---- setup and dealing ----------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        """A new match, first deal done."""
        state = SecondThirdState()
        state.init_common(players, options, seed, rounds=players)
        state.opening = [self._deal(state)]
        return state

    def _deal(self, state: SecondThirdState) -> Event:
        players = state.players
        each, down = HAND_SIZES[bool(state.options["ver2"])][players]
        deck = standard_deck(ranks=SHORT_RANKS) if players == 3 else list(FULL_DECK)
        state.rng.shuffle(deck)
        hands, rest = deal(deck, players, each)
        for h in hands:
            h.sort(key=sort_key)
        state.hands = hands
        state.face_down = rest[:down]
        state.passing = [None] * players
        state.given = [()] * players
        state.phase = "pass"
        state.leader = state.turn = state.match.dealer
        state.trick = []
        state.won = [[] for _ in range(players)]
        state.tricks = [0] * players
        return Event(
            "deal",
            {
                "round": state.match.round,
                "dealer": state.match.dealer,
                "hands": secret_hands(hands),
                "face_down": Secret(HIDDEN, list(state.face_down)),
            },
        )

    # ---- whose turn, what is legal -------------------------------------------------------
    def seats_to_act(self, state: State) -> frozenset[int]:
        """Everyone still to choose a pass, or the one seat whose turn it is."""
        assert isinstance(state, SecondThirdState)
        if state.phase == "pass":
            return frozenset(i for i, p in enumerate(state.passing) if p is None)
        return frozenset((state.turn,))

    def legal(self, state: State, seat: int) -> list[Action]:
        """Any two cards to pass; then a card of the led suit if held, else any card."""
        assert isinstance(state, SecondThirdState)
        hand = state.hands[seat]
        if state.phase == "pass":
            return pairs(PASS, hand)
        if state.trick:
            led = state.trick[0][1][-1]
            follow = [PLAY[c] for c in hand if c[-1] == led]
            if follow:
                return follow
        return [PLAY[c] for c in hand]

    def normalize(self, action: Action) -> Action:
        """Passed cards in deck order."""
        args = action.args
        if action.verb == "pass" and len(args) == PASS_COUNT:
            first, second = args
            if first in ORDER and second in ORDER and ORDER[first] > ORDER[second]:
                return Action("pass", (second, first))
        return action

    def refusal(self, state: State, seat: int, action: Action) -> str:
        """Why an action is refused."""
        assert isinstance(state, SecondThirdState)
        hand = state.hands[seat]
        if state.phase == "pass":
            if action.verb != "pass":
                return "First choose two cards to pass to your left."
            if len(action.args) != PASS_COUNT or len(set(action.args)) != PASS_COUNT:
                return "Pass exactly two different cards."
            return "You can only pass cards from your hand."
        if action.verb != "play" or len(action.args) != 1:
            return "Play one card from your hand."
        card = action.args[0]
        if card not in hand:
            return f"You do not hold {card}."
        led = state.trick[0][1][-1]
        return f"You must follow {SUIT_NAMES[led]}."

    # ---- doing it -------------------------------------------------------------------------
    def perform(self, state: State, seat: int, action: Action) -> list[Event]:
        """Choose a pass, or play a card to the trick."""
        assert isinstance(state, SecondThirdState)
        if action.verb == "pass":
            return self._choose_pass(state, seat, action.args)
        return self._play(state, seat, action.args[0])

    def _choose_pass(
        self, state: SecondThirdState, seat: int, cards: tuple[str, ...]
    ) -> list[Event]:
        hand = state.hands[seat]
        for c in cards:
            hand.remove(c)
        state.passing[seat] = cards
        if any(p is None for p in state.passing):
            return []
        events = pass_left(state.hands, state.passing, sort_key)
        state.given = [g or () for g in state.passing]
        state.passing = [None] * state.players
        state.phase = "play"
        return events

    def _play(self, state: SecondThirdState, seat: int, card: str) -> list[Event]:
        state.hands[seat].remove(card)
        state.trick.append((seat, card))
        events = [Event("play", {"seat": seat, "card": card})]
        n = state.players
        if len(state.trick) < n:
            state.turn = (seat + 1) % n
            return events
        winner = trick_winner(state.trick)
        cards = [c for _, c in state.trick]
        state.won[winner].extend(cards)
        state.tricks[winner] += 1
        state.trick = []
        state.leader = state.turn = winner
        events.append(Event("trick", {"winner": winner, "cards": cards}))
        if len(state.hands[0]) == 1:
            events.extend(self._end_round(state))
        return events

    def _end_round(self, state: SecondThirdState) -> list[Event]:
        last = [h[0] for h in state.hands]
        for seat, card in enumerate(last):
            state.won[seat].append(card)
            state.hands[seat] = []
        scores = [score(w) for w in state.won]
        state.match.record(scores)
        events = [
            Event(
                "round_end",
                {
                    "round": state.match.round,
                    "last_cards": last,
                    "suit_points": [[suit_points(w)[s] for s in SUITS] for w in state.won],
                    "scores": scores,
                    "totals": state.match.totals,
                },
            )
        ]
        if state.match.round >= state.match.rounds:
            events.append(finish(state))
            return events
        state.match.next_round()
        events.append(self._deal(state))
        return events

    # ---- what the table shows -------------------------------------------------------------
    def zones(self, state: State) -> list[Zone]:
        """Hands, cards being passed, the trick, each seat's won cards, cards out of play."""
        assert isinstance(state, SecondThirdState)
        zones = hand_zones(state.hands)
        for i, p in enumerate(state.passing):
            zones.append(
                Zone(
                    f"pass{i}", "row", tuple(p or ()), owner=i, label="Passing", visible=private(i)
                )
            )
        zones.append(Zone("trick", "trick", tuple(c for _, c in state.trick), label="Trick"))
        for i, w in enumerate(state.won):
            zones.append(
                Zone(f"won{i}", "tableau", tuple(sorted(w, key=sort_key)), owner=i, label="Won")
            )
        zones.append(
            Zone("out", "pile", tuple(state.face_down), label="Out of play", visible=HIDDEN)
        )
        return zones

    def counters(self, state: State) -> list[Counter]:
        """Scores, tricks, live suit points and the deal number."""
        assert isinstance(state, SecondThirdState)
        out = super().counters(state)
        for i in range(state.players):
            out.append(Counter(f"tricks{i}", "Tricks", state.tricks[i], owner=i))
            out.append(Counter(f"now{i}", "This deal", score(state.won[i]), owner=i))
        out.append(Counter("round", "Deal", f"{state.match.round}/{state.match.rounds}"))
        out.append(Counter("dealer", "Dealer", state.match.dealer))
        return out

    def status(self, state: State, seat: int | None) -> str:
        """Whose turn and what they must do."""
        assert isinstance(state, SecondThirdState)
        if state.result is not None:
            return "The match is over."
        if state.phase == "pass":
            if seat is not None and state.passing[seat] is None:
                return f"Choose two cards to pass to {state.names[left_of(seat, state.players)]}."
            return "Waiting for everyone to pass two cards."
        who = "You" if seat == state.turn else state.names[state.turn]
        if state.trick:
            led = SUIT_NAMES[state.trick[0][1][-1]]
            return f"{who} to play; {led} led, spades are trump."
        return f"{who} to lead; spades are trump."

    def hints(self, state: State) -> dict[str, Any]:
        """Trick layout with the trump suit."""
        return {"deck": "standard", "layout": "trick", "trump": TRUMP}

    def tag(self, state: State, seat: int, action: Action) -> Move:
        """Drag cards: two to the passing row, one to the trick."""
        if action.verb == "pass":
            return Move(str(action), "drag", "Pass", action.args, f"pass{seat}")
        return Move(str(action), "drag", f"Play {action.args[0]}", action.args, "trick")

    # ---- copies for search ---------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: Any) -> State:
        """Redeal every card `seat` cannot see among the other hands and the face-down cards.

        Cards `seat` passed this deal stay with the left neighbour that received them until
        played.
        """
        assert isinstance(state, SecondThirdState)
        new = self.copy_state(state)
        assert isinstance(new, SecondThirdState)
        others = [i for i in range(state.players) if i != seat]
        target = left_of(seat, state.players)
        known = [c for c in state.given[seat] if c in new.hands[target]]
        pool = [c for i in others for c in new.hands[i] if c not in known] + new.face_down
        pool += [c for i in others for c in (new.passing[i] or ())]
        rng.shuffle(pool)
        pos = 0
        for i in others:
            kept = known if i == target else []
            k = len(new.hands[i]) - len(kept)
            new.hands[i] = sorted(kept + pool[pos : pos + k], key=sort_key)
            pos += k
            if new.passing[i] is not None:
                k = len(new.passing[i] or ())
                new.passing[i] = tuple(sorted(pool[pos : pos + k], key=sort_key))
                pos += k
        new.face_down = pool[pos:]
        return new


GAME = register(SecondThird())
