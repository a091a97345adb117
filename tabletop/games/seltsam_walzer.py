"""へんてこワルツ (Seltsam-Walzer): must-follow tricks where a lone X wins; take the fewest
cards of a colour and your numbers count, otherwise only your card count does.

Rules in the project's words: docs/rules/seltsam-walzer.md. Designer: note post (author of the
note). Pure rule helpers live in `seltsam_walzer_rules`.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.events import Event
from tabletop.engine.game import Game, GameInfo, State
from tabletop.engine.registry import register
from tabletop.engine.rng import Rng
from tabletop.engine.views import Counter, Move, Zone, private
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
from tabletop.games.seltsam_walzer_rules import (
    COLOUR_NAMES,
    DECK,
    ORDER,
    X,
    deal_details,
    deal_scores,
    playable,
    sort_key,
    trick_winner,
)

# ---- constants ----------------------------------------------------------------------------
PASS_COUNT = 2
CARD_KEY = ORDER.__getitem__  # sort key for cards known to be real codes
PLAY = action_table("play", DECK)
PASS = pair_table("pass", DECK)

# ---- game info ----------------------------------------------------------------------------
INFO = GameInfo(
    id="seltsam-walzer",
    title="へんてこワルツ",
    title_en="Seltsam-Walzer",
    designer="note post (author of the note)",
    min_players=3,
    max_players=4,
    summary=(
        "Must-follow tricks in three colours plus three wild X cards that win a trick only when "
        "they are alone in it. In each colour, holding the fewest cards scores their numbers; "
        "holding more scores just the card count."
    ),
)


# ---- state --------------------------------------------------------------------------------
class WalzerState(State):
    """Hands, pending passes, the current trick and every seat's taken cards."""

    COPY_FLAT = ("passing", "given", "trick", "tricks")
    COPY_NESTED = ("hands", "won")

    hands: list[list[str]]
    passing: list[tuple[str, ...] | None]
    given: list[tuple[str, ...]]
    phase: str  # "pass" | "play"
    leader: int
    turn: int
    trick: list[tuple[int, str]]
    won: list[list[str]]
    tricks: list[int]


class SeltsamWalzer(Game):
    """The Seltsam-Walzer rules."""

    info = INFO

    # ---- setup and dealing ----------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        """A new match of as many deals as players, the first one dealt."""
        state = WalzerState()
        state.init_common(players, options, seed, rounds=players)
        state.opening = [self._deal(state)]
        return state

    def _deal(self, state: WalzerState) -> Event:
        players = state.players
        deck = list(DECK)
        state.rng.shuffle(deck)
        hands, _ = deal(deck, players, len(DECK) // players)
        for h in hands:
            h.sort(key=CARD_KEY)
        state.hands = hands
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
            },
        )

    # ---- whose turn, what is legal -------------------------------------------------------
    def seats_to_act(self, state: State) -> frozenset[int]:
        """Everyone still to choose a pass, or the one seat whose turn it is."""
        assert isinstance(state, WalzerState)
        if state.phase == "pass":
            return frozenset(i for i, p in enumerate(state.passing) if p is None)
        return frozenset((state.turn,))

    def legal(self, state: State, seat: int) -> list[Action]:
        """Any two cards to pass; then the led colour or an X if you hold the led colour."""
        assert isinstance(state, WalzerState)
        hand = state.hands[seat]
        if state.phase == "pass":
            return pairs(PASS, hand)
        led = state.trick[0][1][0] if state.trick else None
        return [PLAY[c] for c in playable(hand, led)]

    def normalize(self, action: Action) -> Action:
        """Passed cards in table order."""
        if action.verb == "pass":
            return Action("pass", tuple(sorted(action.args, key=sort_key)))
        return action

    def refusal(self, state: State, seat: int, action: Action) -> str:
        """Why an action is refused."""
        assert isinstance(state, WalzerState)
        hand = state.hands[seat]
        if state.phase == "pass":
            if action.verb != "pass":
                return "First choose two cards to pass to your left."
            if len(action.args) != PASS_COUNT or len(set(action.args)) != PASS_COUNT:
                return "Pass exactly two different cards."
            missing = next(c for c in action.args if c not in hand)
            return f"You do not hold {missing}."
        if action.verb != "play" or len(action.args) != 1:
            return "Play one card from your hand."
        card = action.args[0]
        if card not in hand:
            return f"You do not hold {card}."
        led = COLOUR_NAMES[state.trick[0][1][0]]
        return f"You must follow {led} (or play an X)."

    # ---- doing it -------------------------------------------------------------------------
    def perform(self, state: State, seat: int, action: Action) -> list[Event]:
        """Choose a pass, or play a card to the trick."""
        assert isinstance(state, WalzerState)
        if action.verb == "pass":
            return self._choose_pass(state, seat, action.args)
        return self._play(state, seat, action.args[0])

    def _choose_pass(self, state: WalzerState, seat: int, cards: tuple[str, ...]) -> list[Event]:
        hand = state.hands[seat]
        for c in cards:
            hand.remove(c)
        state.passing[seat] = cards
        if any(p is None for p in state.passing):
            return []
        events = pass_left(state.hands, state.passing, CARD_KEY)
        state.given = [g or () for g in state.passing]
        state.passing = [None] * state.players
        state.phase = "play"
        return events

    def _play(self, state: WalzerState, seat: int, card: str) -> list[Event]:
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
        events.append(Event("trick", {"leader": state.leader, "winner": winner, "cards": cards}))
        state.trick = []
        state.leader = state.turn = winner
        if not state.hands[winner]:
            events.extend(self._end_round(state))
        return events

    def _end_round(self, state: WalzerState) -> list[Event]:
        details = deal_details(state.won)
        scores = [sum(d["points"][i] for d in details.values()) for i in range(state.players)]
        state.match.record(scores)
        events = [
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
        if state.match.round >= state.match.rounds:
            last = state.match.scores[-1]
            events.append(finish(state, lambda seat: (last[seat],), note="last deal's score"))
            return events
        state.match.next_round()
        events.append(self._deal(state))
        return events

    # ---- what the table shows -------------------------------------------------------------
    def zones(self, state: State) -> list[Zone]:
        """Hands, cards being passed, the trick and each seat's taken cards (face up)."""
        assert isinstance(state, WalzerState)
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
                Zone(f"won{i}", "tableau", tuple(sorted(w, key=CARD_KEY)), owner=i, label="Taken")
            )
        return zones

    def counters(self, state: State) -> list[Counter]:
        """Match scores, tricks, this deal's score so far, deal number, dealer and leader."""
        assert isinstance(state, WalzerState)
        out = super().counters(state)
        now = deal_scores(state.won)
        for i in range(state.players):
            out.append(Counter(f"tricks{i}", "Tricks", state.tricks[i], owner=i))
            out.append(Counter(f"now{i}", "This deal", now[i], owner=i))
        out.append(Counter("round", "Deal", f"{state.match.round}/{state.match.rounds}"))
        out.append(Counter("dealer", "Dealer", state.match.dealer))
        out.append(Counter("leader", "Leader", state.leader))
        return out

    def status(self, state: State, seat: int | None) -> str:
        """Whose turn and what they must do."""
        assert isinstance(state, WalzerState)
        if state.result is not None:
            return "The match is over."
        if state.phase == "pass":
            if seat is not None and state.passing[seat] is None:
                return f"Choose two cards to pass to {state.names[left_of(seat, state.players)]}."
            return "Waiting for everyone to pass two cards."
        who = "You" if seat == state.turn else state.names[state.turn]
        if not state.trick:
            return f"{who} to lead."
        led = state.trick[0][1][0]
        if led == X:
            return f"{who} to play; an X was led, so any card may follow."
        return f"{who} to play; {COLOUR_NAMES[led]} led (follow it or play an X)."

    def hints(self, state: State) -> dict[str, Any]:
        """The Seltsam-Walzer card art and a trick layout."""
        return {"deck": "walzer", "layout": "trick"}

    def tag(self, state: State, seat: int, action: Action) -> Move:
        """Drag cards: two to the passing row, one to the trick."""
        if action.verb == "pass":
            return Move(str(action), "drag", "Pass", action.args, f"pass{seat}")
        return Move(str(action), "drag", f"Play {action.args[0]}", action.args, "trick")

    # ---- copies for search ---------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """Redeal the cards `seat` cannot see among the other hands and pending passes.

        Cards `seat` passed this deal stay with the neighbour that received them until played.
        """
        assert isinstance(state, WalzerState)
        new = self.copy_state(state)
        assert isinstance(new, WalzerState)
        others = [i for i in range(state.players) if i != seat]
        target = left_of(seat, state.players)
        known = [c for c in state.given[seat] if c in new.hands[target]]
        pool = [c for i in others for c in new.hands[i] if c not in known]
        pool += [c for i in others for c in (new.passing[i] or ())]
        rng.shuffle(pool)
        pos = 0
        for i in others:
            k = len(new.hands[i]) - (len(known) if i == target else 0)
            kept = known if i == target else []
            new.hands[i] = sorted(kept + pool[pos : pos + k], key=sort_key)
            pos += k
            given = new.passing[i]
            if given is not None:
                new.passing[i] = tuple(sorted(pool[pos : pos + len(given)], key=sort_key))
                pos += len(given)
        return new


GAME = register(SeltsamWalzer())
