"""What Second Third and Seltsam-Walzer share: pass two cards left, then one-card tricks.

A game built on this supplies its deck tables and five rules — which cards may be played, who
wins a trick, when a deal is over, how it is scored, and how the refusal to follow is worded —
and inherits the passing, the trick bookkeeping, the zones and the search copies. Moves by
number (`choices`, `apply_nth`) pick a card from the playable cards and a pass from the pairs
in hand, with no list of actions built; `playout` plays every pass and then whole tricks at
a time from the same rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self, TypeVar

from tabletop.engine.actions import Action
from tabletop.engine.events import Event
from tabletop.engine.game import NOBODY, ONE_SEAT, Game, Line, State
from tabletop.engine.rng import Rng
from tabletop.engine.text import Card, Msg, Seat
from tabletop.engine.views import Counter, Move, Zone, private
from tabletop.games import story
from tabletop.games.common import (
    PairActions,
    hand_zones,
    left_of,
    pair_positions,
    pass_left,
    secret_hands,
)

PASS_COUNT = 2


LABEL = {
    "Passing": Msg("Passing"),
    "Trick": Msg("Trick"),
    "Tricks": Msg("Tricks"),
    "This deal": Msg("This deal"),
    "Deal": Msg("Deal"),
    "Dealer": Msg("Dealer"),
}
"""Zone and counter labels, built once."""


class PassTrickState(State):
    """Hands, pending passes, the cards each seat passed, the trick and the cards won.

    `playable_cards` holds the cards the seat `playable_seat` may play now, once asked (-1:
    none, and always -1 unless a card is to be played); it may be that seat's hand itself,
    so it is read, never changed.
    """

    COPY_FLAT: ClassVar[tuple[str, ...]] = ("passing", "given", "trick", "tricks")
    COPY_NESTED: ClassVar[tuple[str, ...]] = ("hands", "won")

    hands: list[list[str]]
    passing: list[tuple[str, ...] | None]
    given: list[tuple[str, ...]]
    phase: str  # "pass" | "play"
    leader: int
    turn: int
    trick: list[tuple[int, str]]
    won: list[list[str]]
    tricks: list[int]
    playable_seat: int = -1
    playable_cards: Sequence[str] = ()

    def copy(self, rng: Rng | None = None) -> Self:
        """An independent copy (see State.copy) that has not yet asked what is playable."""
        new = super().copy(rng)
        new.playable_seat = -1
        return new

    def arranged(self) -> Self:
        """Declare a position set up by hand (see State.arranged)."""
        self.playable_seat = -1
        return super().arranged()

    def start_deal(self, hands: list[list[str]], leader: int) -> None:
        """Take fresh hands: everyone passes first, then `leader` leads."""
        n = len(hands)
        self.hands = hands
        self.passing = [None] * n
        self.given = [()] * n
        self.phase = "pass"
        self.leader = self.turn = leader
        self.trick = []
        self.won = [[] for _ in range(n)]
        self.tricks = [0] * n
        self.playable_seat = -1


PT = TypeVar("PT", bound=PassTrickState)
"""The State of a game of the pass-and-trick family."""


class PassTrickGame(Game[PT]):
    """Base of the pass-then-tricks games; subclasses set the tables and the rule hooks."""

    ORDER: ClassVar[dict[str, int]]
    PLAY: ClassVar[dict[str, Action]]
    PASS: ClassVar[dict[str, dict[str, Action]]]
    WON_LABEL: ClassVar[Msg] = Msg("Won")

    # ---- dealing: the match is as many deals as players ------------------------------------
    def blank(self) -> PT:
        """An empty State of the game's own type, to set the match up on."""
        raise NotImplementedError

    def deal_cards(self, state: PT) -> list[list[str]]:
        """Shuffle and deal the next deal (`state.start_deal`); returns the hands."""
        raise NotImplementedError

    def deal_secrets(self, state: PT) -> dict[str, Any]:
        """What else the deal event holds after the hands (secrets marked); default nothing."""
        return {}

    def new_state(self, players: int, options: dict[str, Any], seed: int) -> PT:
        """A new match of as many deals as players, the first one dealt."""
        state = self.blank()
        state.init_common(players, options, seed, rounds=players)
        state.opening = [self.deal_event(state)]
        return state

    def deal_event(self, state: PT) -> Event:
        """Deal the next deal; the event that tells it."""
        hands = self.deal_cards(state)
        data = {
            "round": state.match.round,
            "dealer": state.match.dealer,
            "hands": secret_hands(hands),
            **self.deal_secrets(state),
        }
        return Event("deal", data)

    # ---- rule hooks -----------------------------------------------------------------------
    def playable(self, hand: list[str], lead: str | None) -> Sequence[str]:
        """The cards of `hand` that may go to a trick whose first card is `lead` (None: to
        lead it); may be the hand itself, unchanged."""
        raise NotImplementedError

    def follow_refusal(self, state: PT, card: str) -> Msg:
        """Why a held card may not be played to the current trick."""
        raise NotImplementedError

    def trick_winner(self, trick: list[tuple[int, str]]) -> int:
        """The seat that wins a complete trick."""
        raise NotImplementedError

    def deal_over(self, state: PT) -> bool:
        """True once the last trick of the deal has been taken."""
        raise NotImplementedError

    def end_round(self, state: PT) -> list[Event]:
        """Score the deal, then deal again or finish the match."""
        raise NotImplementedError

    def play_status(self, state: PT, mine: bool) -> Msg:
        """The status line while `state.turn` is to lead or play (`mine`: the viewer's turn)."""
        raise NotImplementedError

    # ---- the shared protocol --------------------------------------------------------------
    def seats_to_act(self, state: PT) -> frozenset[int]:
        """Everyone still to choose a pass, or the one seat whose turn it is."""
        if state.phase == "pass":
            return frozenset(i for i, p in enumerate(state.passing) if p is None)
        return frozenset((state.turn,))

    def legal(self, state: PT, seat: int) -> Sequence[Action]:
        """Any two cards to pass; then the cards the game's rule allows."""
        if state.phase == "pass":
            return PairActions(self.PASS, state.hands[seat])
        return list(map(self.PLAY.__getitem__, self._playable_now(state, seat)))

    def _playable_now(self, state: PT, seat: int) -> Sequence[str]:
        """The cards `seat` may play now (asked once per turn)."""
        if state.playable_seat != seat:
            lead = state.trick[0][1] if state.trick else None
            state.playable_cards = self.playable(state.hands[seat], lead)
            state.playable_seat = seat
        return state.playable_cards

    # `choices` and `apply_nth` run once per action in every playout: they read the cards
    # `perform` found playable for the seat it named (`playable_seat` is -1 unless a card is
    # to be played), or count the pairs in a passing hand, and play the card or pass the pair
    # without going through `apply` and `perform`
    def choices(self, state: PT, seat: int) -> int:
        """How many legal actions `seat` has (see Game.choices): its playable cards, or while
        it is to pass the pairs of cards in its hand, counted."""
        if state.playable_seat == seat:
            return len(state.playable_cards)
        if self._to_pass(state, seat):
            n = len(state.hands[seat])
            return n * (n - 1) // 2
        return super().choices(state, seat)

    def apply_nth(self, state: PT, seat: int, index: int) -> list[Event]:
        """Play the `index`-th playable card or pass the `index`-th pair (in PairActions'
        order), no list of actions built (see Game.apply_nth)."""
        if state.playable_seat == seat:
            cards = state.playable_cards
            if 0 <= index < len(cards):
                state.offered_seat = -1
                state.touched = None
                return self._play(state, seat, cards[index])
        elif self._to_pass(state, seat):
            hand = state.hands[seat]
            pairs = pair_positions(len(hand))
            if 0 <= index < len(pairs):
                state.offered_seat = -1
                state.touched = None
                first, second = pairs[index]
                return self._choose_pass(state, seat, (hand[first], hand[second]))
        return super().apply_nth(state, seat, index)

    @staticmethod
    def _to_pass(state: PT, seat: int) -> bool:
        """True if `seat` is still to choose its pass (read from the seats kept acting)."""
        acting = state.acting
        return state.phase == "pass" and acting is not None and seat in acting

    def normalize(self, action: Action) -> Action:
        """Passed cards in deck order."""
        args = action.args
        if action.verb == "pass" and len(args) == PASS_COUNT:
            first, second = args
            order = self.ORDER
            if first in order and second in order and order[first] > order[second]:
                return Action("pass", (second, first))
        return action

    def refusal(self, state: PT, seat: int, action: Action) -> Msg:
        """Why an action is refused."""
        hand = state.hands[seat]
        if state.phase == "pass":
            if action.verb != "pass":
                return Msg("First choose two cards to pass to your left.")
            if len(action.args) != PASS_COUNT or len(set(action.args)) != PASS_COUNT:
                return Msg("Pass exactly two different cards.")
            missing = next(c for c in action.args if c not in hand)
            return Msg("You do not hold {card}.", card=Card(missing))
        if action.verb != "play" or len(action.args) != 1:
            return Msg("Play one card from your hand.")
        card = action.args[0]
        if card not in hand:
            return Msg("You do not hold {card}.", card=Card(card))
        return self.follow_refusal(state, card)

    def perform(self, state: PT, seat: int, action: Action) -> list[Event]:
        """Choose a pass, or play a card to the trick."""
        verb, args = action
        if verb == "pass":
            return self._choose_pass(state, seat, args)
        return self._play(state, seat, args[0])

    def _play(self, state: PT, seat: int, card: str) -> list[Event]:
        """Play a legal card; name the seats to act next, and what the next player may play
        (every caller asks next)."""
        state.hands[seat].remove(card)
        trick = state.trick
        trick.append((seat, card))
        quiet = state.quiet
        events = [] if quiet else [Event("play", {"seat": seat, "card": card})]
        n = state.players
        if len(trick) < n:
            state.turn = turn = (seat + 1) % n
            lead: str | None = trick[0][1]
        else:
            lead = None
            leader = state.leader
            cards = self._take_trick(state)
            turn = state.turn
            if not quiet:
                events.append(Event("trick", {"leader": leader, "winner": turn, "cards": cards}))
            if self.deal_over(state):
                events.extend(self._end_deal(state))
                return events
        state.acting = ONE_SEAT[turn]
        state.playable_cards = self.playable(state.hands[turn], lead)
        state.playable_seat = turn
        return events

    def _take_trick(self, state: PT) -> list[str]:
        """Give the complete trick to its winner, who leads next; returns its cards."""
        turn = self.trick_winner(state.trick)
        cards = [c for _, c in state.trick]
        state.won[turn].extend(cards)
        state.tricks[turn] += 1
        state.trick = []
        state.leader = state.turn = turn
        return cards

    def _end_deal(self, state: PT) -> list[Event]:
        """Score the deal once its last trick is taken; name the seats to act next."""
        state.playable_seat = -1
        events = self.end_round(state)
        # a round ended at a playout's horizon was not dealt again: no seat acts
        over = state.result is not None or state.acting == NOBODY
        state.acting = NOBODY if over else self.seats_to_act(state)
        return events

    def playout(self, state: PT, rng: Rng) -> None:
        """Random play making exactly Game.playout's moves: every pending pass in seat order,
        and from a trick's lead whole tricks to the deal's end, straight from the rule hooks
        without the bookkeeping of single moves (the seats to act, the cards offered)."""
        below = rng.below
        playable, deal_over = self.playable, self.deal_over
        round_no, horizon = state.match.round, state.horizon
        while acting := (state.acting if state.acting is not None else self.to_act(state)):
            if horizon and state.match.round != round_no:
                return
            if state.phase == "pass":
                for seat in sorted(acting):
                    hand = state.hands[seat]
                    n = len(hand)
                    first, second = pair_positions(n)[below(n * (n - 1) // 2)]
                    self._set_aside(state, seat, (hand[first], hand[second]))
                self._exchange(state)
            elif state.trick:  # a trick already begun is finished one move at a time
                seat = min(acting)
                self.apply_nth(state, seat, below(self.choices(state, seat)))
            else:
                hands, n, seat = state.hands, state.players, state.turn
                while True:
                    trick, lead = state.trick, None
                    for _ in range(n):
                        cards = playable(hands[seat], lead)
                        card = cards[below(len(cards))]
                        hands[seat].remove(card)
                        trick.append((seat, card))
                        if lead is None:
                            lead = card
                        seat = (seat + 1) % n
                    self._take_trick(state)
                    seat = state.turn
                    if deal_over(state):
                        break
                self._end_deal(state)
            state.offered_seat = -1
            state.touched = None

    def _choose_pass(self, state: PT, seat: int, cards: tuple[str, ...]) -> list[Event]:
        """Set a seat's two cards aside; once everyone has, exchange them."""
        self._set_aside(state, seat, cards)
        if None in state.passing:
            acting = state.acting
            if acting is not None:
                state.acting = acting - ONE_SEAT[seat]
            return []
        return self._exchange(state)

    @staticmethod
    def _set_aside(state: PT, seat: int, cards: tuple[str, ...]) -> None:
        """Take the cards a seat passes out of its hand until everyone has chosen."""
        hand = state.hands[seat]
        for c in cards:
            hand.remove(c)
        state.passing[seat] = cards

    def _exchange(self, state: PT) -> list[Event]:
        """Give every seat's chosen cards to the left at once; the leader is to play."""
        events = pass_left(state.hands, state.passing, self.ORDER.__getitem__, state.quiet)
        state.given = [g or () for g in state.passing]
        state.passing = [None] * state.players
        state.phase = "play"
        turn = state.turn
        state.acting = ONE_SEAT[turn]
        state.playable_cards = self.playable(state.hands[turn], None)
        state.playable_seat = turn
        return events

    # ---- what the table shows -------------------------------------------------------------
    def zones(self, state: PT) -> list[Zone]:
        """Hands, cards being passed, the trick and each seat's won cards (face up)."""
        zones = hand_zones(state.hands)
        passing = LABEL["Passing"]
        for i, p in enumerate(state.passing):
            zones.append(
                Zone(f"pass{i}", "row", tuple(p or ()), owner=i, label=passing, visible=private(i))
            )
        zones.append(Zone("trick", "trick", tuple(c for _, c in state.trick), label=LABEL["Trick"]))
        key = self.ORDER.__getitem__
        for i, w in enumerate(state.won):
            zones.append(
                Zone(f"won{i}", "tableau", tuple(sorted(w, key=key)), owner=i, label=self.WON_LABEL)
            )
        return zones

    def trick_counters(self, state: PT, now: Sequence[float]) -> list[Counter]:
        """Scores, tricks, this deal's score so far, the deal number and the dealer."""
        out = Game.counters(self, state)
        tricks, this_deal = LABEL["Tricks"], LABEL["This deal"]
        for i in range(state.players):
            out.append(Counter(f"tricks{i}", tricks, state.tricks[i], owner=i))
            out.append(Counter(f"now{i}", this_deal, now[i], owner=i))
        deal = Msg("{number}/{total}", number=state.match.round, total=state.match.rounds)
        out.append(Counter("round", LABEL["Deal"], deal))
        out.append(Counter("dealer", LABEL["Dealer"], Msg("{seat}", seat=Seat(state.match.dealer))))
        return out

    def status(self, state: PT, seat: int | None) -> Msg:
        """Whose turn and what they must do."""
        if state.result is not None:
            return Msg("The match is over.")
        if state.phase == "pass":
            if seat is not None and state.passing[seat] is None:
                to = Seat(left_of(seat, state.players))
                return Msg("Choose two cards to pass to {player}.", player=to)
            return Msg("Waiting for everyone to pass two cards.")
        return self.play_status(state, seat == state.turn)

    def tag(self, state: State, seat: int, action: Action) -> Move:
        """Drag cards: two to the passing row, one to the trick."""
        if action.verb == "pass":
            return Move(str(action), "drag", Msg("Pass"), action.args, f"pass{seat}")
        label = Msg("Play {card}", card=Card(action.args[0]))
        return Move(str(action), "drag", label, action.args, "trick")

    def narrate(
        self, event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]
    ) -> list[Line]:
        """What an event tells a viewer, as lines (tabletop/games/story.py)."""
        return story.common(event, viewer, memo, "deal")
