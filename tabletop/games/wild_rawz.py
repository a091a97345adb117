"""ワイルドローツ (Wild Rawz): must-follow tricks with UNO cards, a drafted trump and withdrawing.

Rules in the project's words: docs/rules/wild-rawz.md. Designer: はぎぞう (hagizou).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.events import Event
from tabletop.engine.game import Game, GameInfo, State
from tabletop.engine.registry import register
from tabletop.engine.views import Counter, Move, Zone
from tabletop.games.common import (
    action_table,
    deal,
    deal_again_or_finish,
    hand_zones,
    secret_hands,
)
from tabletop.games.wild_rawz_rules import (
    ALL_CODES,
    COLOUR_NAMES,
    HAND_SIZE,
    ROW_SIZE,
    SIDEWAYS,
    bonus_target,
    deck,
    describe,
    round_score,
    sort_key,
    strength_table,
    winner_with,
)

# ---- constants ----------------------------------------------------------------------------
DRAFT = action_table("draft", ALL_CODES)
PLAY = action_table("play", ALL_CODES)
WITHDRAW = action_table("withdraw", ALL_CODES)
VERBS = ("draft", "play", "withdraw")

# ---- game info ----------------------------------------------------------------------------
INFO = GameInfo(
    id="wild-rawz",
    title="ワイルドローツ",
    title_en="Wild Rawz",
    designer="はぎぞう (hagizou)",
    min_players=3,
    max_players=4,
    summary=(
        "Must-follow tricks with UNO cards, where the card nobody drafts sets both the trump "
        "colour and the trump number. Withdraw from a trick to score a card and steer your "
        "bonus: hit exactly the number of tricks your sideways card asks for."
    ),
)


# ---- state --------------------------------------------------------------------------------
class WildRawzState(State):
    """Hands, the draft row, trump, the current trick and each seat's won / withdrawn cards."""

    COPY_FLAT = ("row", "set_aside", "trick", "tricks")
    COPY_NESTED = ("hands", "drafted", "withdrawn", "won")

    sideways: int
    hands: list[list[str]]
    drafted: list[list[str]]  # drafted cards not yet matched by a play of the same code
    row: list[str]
    set_aside: list[str]
    trump: str | None
    strengths: dict[str, dict[str, int]]
    phase: str  # "draft" | "play"
    leader: int
    turn: int
    trick: list[tuple[int, str]]
    withdrawal: tuple[int, str] | None
    withdrawn: list[list[str]]
    won: list[list[str]]
    tricks: list[int]


def distinct(cards: list[str], table: dict[str, Action]) -> list[Action]:
    """One action per distinct card of a sorted list (duplicates share a code)."""
    out: list[Action] = []
    prev = ""
    for c in cards:
        if c != prev:
            out.append(table[c])
            prev = c
    return out


class WildRawz(Game):
    """The Wild Rawz rules."""

    info = INFO

    # ---- setup and dealing ----------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        """A new match, first deal done."""
        state = WildRawzState()
        state.init_common(players, options, seed, rounds=2 * players)
        state.sideways = SIDEWAYS[players]
        state.opening = [self._deal(state)]
        return state

    def _deal(self, state: WildRawzState) -> Event:
        players = state.players
        cards = deck(players)
        state.rng.shuffle(cards)
        size = ROW_SIZE[players]
        state.row = sorted(cards[:size], key=sort_key)
        hands, rest = deal(cards[size:], players, HAND_SIZE)
        for h in hands:
            h.sort(key=sort_key)
        state.hands = hands
        state.drafted = [[] for _ in range(players)]
        state.set_aside = sorted(rest, key=sort_key)
        state.trump = None
        state.strengths = {}
        state.phase = "draft"
        state.leader = state.turn = state.match.dealer
        state.trick = []
        state.withdrawal = None
        state.withdrawn = [[] for _ in range(players)]
        state.won = [[] for _ in range(players)]
        state.tricks = [0] * players
        return Event(
            "deal",
            {
                "round": state.match.round,
                "start": state.match.dealer,
                "sideways": state.sideways,
                "hands": secret_hands(hands),
                "row": list(state.row),
                "set_aside": list(state.set_aside),
            },
        )

    # ---- whose turn, what is legal -------------------------------------------------------
    def seats_to_act(self, state: State) -> frozenset[int]:
        """The one seat whose turn it is."""
        assert isinstance(state, WildRawzState)
        return frozenset((state.turn,))

    def legal(self, state: State, seat: int) -> list[Action]:
        """Draft any row card; then follow the led colour if able, or withdraw any card."""
        assert isinstance(state, WildRawzState)
        if state.phase == "draft":
            return distinct(state.row, DRAFT)
        hand = state.hands[seat]
        if not state.trick:
            return distinct(hand, PLAY)
        led = state.trick[0][1][0]
        follow = [c for c in hand if c[0] == led]
        actions = distinct(follow or hand, PLAY)
        if state.withdrawal is None:
            actions += distinct(hand, WITHDRAW)
        return actions

    def refusal(self, state: State, seat: int, action: Action) -> str:
        """Why an action is refused, in a player's words."""
        assert isinstance(state, WildRawzState)
        if action.verb not in VERBS or len(action.args) != 1:
            if state.phase == "draft":
                return "Take one card from the face-up row, e.g. `draft R5`."
            return "Play or withdraw one card from your hand, e.g. `play R5` or `withdraw Y3`."
        card = action.args[0]
        if state.phase == "draft":
            if action.verb != "draft":
                return "First take a card from the face-up row; trump is not set yet."
            return f"{card} is not in the face-up row."
        if action.verb == "draft":
            return "The draft is over: play or withdraw a card."
        if card not in state.hands[seat]:
            return f"You do not hold {card}."
        if action.verb == "withdraw":
            if not state.trick:
                return "The leader cannot withdraw; lead a card to the trick."
            if state.withdrawal is not None:
                who = state.names[state.withdrawal[0]]
                return f"Only one player may withdraw from a trick, and {who} already has."
        led = COLOUR_NAMES[state.trick[0][1][0]]
        if state.withdrawal is None:
            return f"You must follow {led} (or withdraw a card)."
        return f"You must follow {led}."

    # ---- doing it -------------------------------------------------------------------------
    def perform(self, state: State, seat: int, action: Action) -> list[Event]:
        """Draft a row card, play a card to the trick, or withdraw a card beside one's own."""
        assert isinstance(state, WildRawzState)
        card = action.args[0]
        if action.verb == "draft":
            return self._draft(state, seat, card)
        state.hands[seat].remove(card)
        if card in state.drafted[seat]:
            state.drafted[seat].remove(card)
        if action.verb == "withdraw":
            state.withdrawn[seat].append(card)
            state.withdrawal = (seat, card)
            events = [Event("play", {"seat": seat, "card": card, "withdraw": True})]
        else:
            state.trick.append((seat, card))
            events = [Event("play", {"seat": seat, "card": card})]
        if len(state.trick) + (state.withdrawal is not None) < state.players:
            state.turn = (seat + 1) % state.players
            return events
        events.extend(self._close_trick(state))
        return events

    def _draft(self, state: WildRawzState, seat: int, card: str) -> list[Event]:
        state.row.remove(card)
        insort(state.hands[seat], card, key=sort_key)
        state.drafted[seat].append(card)
        events = [Event("draft", {"seat": seat, "card": card})]
        if len(state.row) > 1:
            state.turn = (seat + 1) % state.players
            return events
        trump = state.row.pop()
        state.trump = trump
        state.strengths = strength_table(trump)
        state.phase = "play"
        state.leader = state.turn = state.match.dealer
        events.append(Event("trump", {"card": trump, "colour": trump[0], "value": trump[1]}))
        return events

    def _close_trick(self, state: WildRawzState) -> list[Event]:
        trick = state.trick
        winner = winner_with(trick, state.strengths[trick[0][1][0]])
        cards = [c for _, c in trick]
        state.won[winner].extend(cards)
        state.tricks[winner] += 1
        data: dict[str, Any] = {"winner": winner, "cards": cards, "seats": [s for s, _ in trick]}
        nxt = winner
        if state.withdrawal is not None:
            nxt = state.withdrawal[0]
            data["withdrawn_seat"], data["withdrawn_card"] = state.withdrawal
        data["next"] = nxt
        state.trick = []
        state.withdrawal = None
        state.leader = state.turn = nxt
        events = [Event("trick", data)]
        if not state.hands[0]:
            events.extend(self._end_round(state))
        return events

    def _end_round(self, state: WildRawzState) -> list[Event]:
        results = [
            round_score(state.tricks[i], state.withdrawn[i], state.sideways)
            for i in range(state.players)
        ]
        scores = [s for s, _ in results]
        state.match.record(scores)
        events = [
            Event(
                "round_end",
                {
                    "round": state.match.round,
                    "trump": state.trump,
                    "tricks": list(state.tricks),
                    "withdrawn": [list(w) for w in state.withdrawn],
                    "targets": [bonus_target(state.sideways, w) for w in state.withdrawn],
                    "bonus": [b for _, b in results],
                    "scores": scores,
                    "totals": state.match.totals,
                },
            )
        ]
        events.append(deal_again_or_finish(state, lambda: self._deal(state)))
        return events

    # ---- what the table shows -------------------------------------------------------------
    def zones(self, state: State) -> list[Zone]:
        """Hands, the draft row, trump, set-aside cards, the trick, sideways/withdrawn/won."""
        assert isinstance(state, WildRawzState)
        zones = hand_zones(state.hands)
        zones.append(Zone("row", "row", tuple(state.row), label="Draft row"))
        trump = (state.trump,) if state.trump else ()
        zones.append(Zone("trump", "pile", trump, label="Trump"))
        zones.append(Zone("set_aside", "row", tuple(state.set_aside), label="Set aside"))
        zones.append(Zone("trick", "trick", tuple(c for _, c in state.trick), label="Trick"))
        side = str(state.sideways)
        for i in range(state.players):
            # The sideways card's colour is irrelevant; each seat shows a different one.
            zones.append(
                Zone(f"sideways{i}", "pile", ("RYGB"[i] + side,), owner=i, label="Sideways")
            )
            zones.append(
                Zone(f"withdrawn{i}", "row", tuple(state.withdrawn[i]), owner=i, label="Withdrawn")
            )
            zones.append(Zone(f"won{i}", "tableau", tuple(state.won[i]), owner=i, label="Won"))
        return zones

    def counters(self, state: State) -> list[Counter]:
        """Scores, tricks, withdrawn cards, the bonus target, round, start player, trump."""
        assert isinstance(state, WildRawzState)
        out = super().counters(state)
        for i in range(state.players):
            out.append(Counter(f"tricks{i}", "Tricks", state.tricks[i], owner=i))
            out.append(Counter(f"withdrawn{i}", "Withdrawn", len(state.withdrawn[i]), owner=i))
            target = bonus_target(state.sideways, state.withdrawn[i])
            out.append(Counter(f"target{i}", "Bonus at", target, owner=i))
        out.append(Counter("round", "Round", f"{state.match.round}/{state.match.rounds}"))
        out.append(Counter("start", "Start player", state.match.dealer))
        out.append(Counter("leader", "Leader", state.leader))
        out.append(Counter("trump", "Trump", state.trump or "-"))
        return out

    def status(self, state: State, seat: int | None) -> str:
        """Whose turn and what they must do."""
        assert isinstance(state, WildRawzState)
        if state.result is not None:
            return "The match is over."
        who = "You" if seat == state.turn else state.names[state.turn]
        if state.phase == "draft":
            return f"{who} to take a card from the row; the last card left sets trump."
        trump = f"trump is {describe(state.trump or '')} (colour and number)"
        if not state.trick:
            return f"{who} to lead; {trump}."
        led = COLOUR_NAMES[state.trick[0][1][0]]
        if state.withdrawal is None:
            return f"{who} to play; {led} led, {trump}; one player may still withdraw."
        return f"{who} to play; {led} led, {trump}; {state.names[state.withdrawal[0]]} withdrew."

    def hints(self, state: State) -> dict[str, Any]:
        """UNO art, trick layout, trump card, who played each trick card and who withdrew."""
        assert isinstance(state, WildRawzState)
        return {
            "deck": "uno",
            "layout": "trick",
            "trump": state.trump,
            "trick_seats": [s for s, _ in state.trick],
            "withdrawn_seat": state.withdrawal[0] if state.withdrawal else None,
            "zone_order": ["sideways", "withdrawn", "won"],
        }

    def tag(self, state: State, seat: int, action: Action) -> Move:
        """Click a row card to draft; drag a card to the trick or beside the sideways card."""
        card = action.args[0]
        if action.verb == "draft":
            return Move(str(action), "click", f"Take {card}", action.args, "row")
        if action.verb == "withdraw":
            return Move(str(action), "drag", f"Withdraw {card}", action.args, f"withdrawn{seat}")
        return Move(str(action), "drag", f"Play {card}", action.args, "trick")

    # ---- copies for search ---------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: Any) -> State:
        """Redeal the other hands among themselves: every other card is face up.

        A card a seat drafted from the face-up row stays in its hand until that seat plays or
        withdraws a card of the same code (everyone saw it taken).
        """
        assert isinstance(state, WildRawzState)
        new = self.copy_state(state)
        assert isinstance(new, WildRawzState)
        others = [i for i in range(state.players) if i != seat]
        pool: list[str] = []
        for i in others:
            unknown = list(new.hands[i])
            for c in new.drafted[i]:
                unknown.remove(c)
            pool += unknown
        rng.shuffle(pool)
        pos = 0
        for i in others:
            kept = new.drafted[i]
            k = len(new.hands[i]) - len(kept)
            new.hands[i] = sorted(kept + pool[pos : pos + k], key=sort_key)
            pos += k
        return new


GAME = register(WildRawz())
