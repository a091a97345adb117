"""ポーカード・トリック (Pokered Trick): declare or fold, play five must-follow tricks with two
cards kept aside, then trade chips by trick points plus the best poker hand.

Rules in the project's words: docs/rules/pokered-trick.md. Designer: ドミッチ. Pure rule helpers
(trick winner, poker hands, settlement) live in `pokered_trick_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.breakdown import EventData, ScoreLine, ScoreSheet, signed
from tabletop.engine.cards import is_joker, sort_key, standard_deck
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import Game, Line, State
from tabletop.engine.registry import register
from tabletop.engine.text import Card, Msg, Seat, Suit
from tabletop.engine.views import HIDDEN, PUBLIC, Counter, Move, Zone, private
from tabletop.games import pokered_trick_story
from tabletop.games.common import (
    PairActions,
    action_table,
    clockwise_from,
    finish,
    hand_zones,
    pair_table,
)
from tabletop.games.info.pokered_trick import INFO, MAX_MINUTES
from tabletop.games.pokered_trick_rules import (
    POT,
    poker_hand,
    score_deal,
    settle,
    settle_event,
    trick_winner,
)

# ---- constants ----------------------------------------------------------------------------
DECK = standard_deck(jokers=2)
HAND = 7
HIDE_COUNT = 2
TRICKS = HAND - HIDE_COUNT
START_CHIPS = 30
FOLD_FEE = 1
PLAY = action_table("play", DECK)
HIDE = pair_table("hide", DECK)
DECLARE = [Action("declare", ("in",)), Action("declare", ("fold",))]
TIME = [Action("time", (str(m),)) for m in range(MAX_MINUTES + 1)]
# state lists copied one level (SHALLOW) or two (NESTED) by copy_state
SHALLOW: tuple[str, ...] = (
    "chips",
    "out",
    "start_chips",
    "stock",
    "declared",
    "queue",
    "order",
    "hidden",
)
SHALLOW += ("trick", "tricks", "trick_points")
NESTED: tuple[str, ...] = ("hands", "folded", "won")

# ---- game info ----------------------------------------------------------------------------
KEPT, WON, FOLDED = Msg("Kept aside"), Msg("Won"), Msg("Folded")
HAND_NAMES = {
    "straight flush": Msg("straight flush"),
    "four of a kind": Msg("four of a kind"),
    "full house": Msg("full house"),
    "flush": Msg("flush"),
    "straight": Msg("straight"),
    "three of a kind": Msg("three of a kind"),
    "two pair": Msg("two pair"),
    "one pair": Msg("one pair"),
    "no hand": Msg("no hand"),
}
"""The poker categories' names (the rules module's names are what events record)."""

LABEL = {
    "Trick": Msg("Trick"),
    "Not dealt": Msg("Not dealt"),
    "Chips": Msg("Chips"),
    "Declared": Msg("Declared"),
    "Tricks": Msg("Tricks"),
    "Trick points": Msg("Trick points"),
    "Hand in won cards": Msg("Hand in won cards"),
    "Pot": Msg("Pot"),
    "Deal": Msg("Deal"),
    "Dealer": Msg("Dealer"),
    "Starter": Msg("Starter"),
    "Lead": Msg("Lead"),
    "Bankrupt": Msg("Bankrupt"),
    "Minutes": Msg("Minutes"),
    "bankrupt": Msg("bankrupt"),
}
"""Zone and counter labels, built once."""


# ---- state --------------------------------------------------------------------------------
class PokeredState(State):
    """Chips, pot and bankruptcies for the match; hands, kept pairs and tricks for the deal."""

    COPY_FLAT = SHALLOW
    COPY_NESTED = NESTED

    chips: list[int]
    pot: int
    out: list[bool]
    start_chips: list[int]
    phase: str  # "declare" | "hide" | "play" | "clock"
    hands: list[list[str]]
    folded: list[list[str]]
    stock: list[str]
    declared: list[str | None]  # "in" / "fold" / None (not yet, or not dealt in)
    queue: list[int]  # declaration order: dealer's left first, dealer last
    order: list[int]  # declarers clockwise from the starter
    hidden: list[tuple[str, ...] | None]
    revealed: bool
    trick: list[tuple[int, str]]
    trick_no: int
    turn: int
    won: list[list[str]]
    tricks: list[int]
    trick_points: list[int]
    clock: int


def end_limit(state: PokeredState) -> int:
    """Deals to play in `deals` mode (the option, or twice the players)."""
    return int(state.options["deals"]) or 2 * state.players


class PokeredTrick(Game[PokeredState]):
    """The Pokered Trick rules."""

    info = INFO

    # ---- setup and dealing ----------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> PokeredState:
        """A new match, first deal done."""
        state = PokeredState()
        state.init_common(players, options, seed, rounds=0)
        if options["end"] == "deals":
            state.match.rounds = end_limit(state)
        state.chips, state.out = [START_CHIPS] * players, [False] * players
        state.pot = state.clock = 0
        state.opening = [self._deal(state)]
        return state

    def _deal(self, state: PokeredState) -> Event:
        n = state.players
        dealer = state.match.dealer
        deck = list(DECK)
        state.rng.shuffle(deck)
        state.queue = [s for s in clockwise_from(dealer + 1, n) if not state.out[s]]
        state.hands = [[] for _ in range(n)]
        pos = 0
        for s in state.queue:
            state.hands[s] = sorted(deck[pos : pos + HAND], key=sort_key)
            pos += HAND
        state.stock = deck[pos:]
        state.folded, state.won = [[] for _ in range(n)], [[] for _ in range(n)]
        state.declared, state.hidden = [None] * n, [None] * n
        state.tricks, state.trick_points = [0] * n, [0] * n
        state.order, state.trick, state.trick_no, state.revealed = [], [], 0, False
        state.start_chips = list(state.chips)
        state.phase, state.turn = "declare", state.queue[0]
        return Event(
            "deal",
            {
                "round": state.match.round,
                "dealer": dealer,
                "hands": [Secret(frozenset((i,)), list(h)) for i, h in enumerate(state.hands)],
                "stock": Secret(HIDDEN, list(state.stock)),
            },
        )

    # ---- whose turn, what is legal -------------------------------------------------------
    def seats_to_act(self, state: PokeredState) -> frozenset[int]:
        """Every declarer still to keep a pair aside, or the one seat whose turn it is."""
        if state.phase == "hide":
            return frozenset(s for s in state.order if state.hidden[s] is None)
        return frozenset((state.turn,))

    def legal(self, state: PokeredState, seat: int) -> Sequence[Action]:
        """Declare in or fold; keep any two cards aside; follow suit (jokers always allowed)."""
        phase = state.phase
        if phase == "declare":
            return DECLARE
        if phase == "hide":
            return PairActions(HIDE, state.hands[seat])
        if phase == "clock":
            return TIME[state.clock : int(state.options["minutes"]) + 1]
        hand = state.hands[seat]
        if state.trick:
            led = state.trick[0][1]
            if not is_joker(led):
                suit = led[-1]
                if any(c[-1] == suit for c in hand):
                    return [PLAY[c] for c in hand if c[-1] == suit or is_joker(c)]
        return [PLAY[c] for c in hand]

    def normalize(self, action: Action) -> Action:
        """The two kept cards in deck order."""
        if action.verb == "hide" and all(a in HIDE for a in action.args):
            return Action("hide", tuple(sorted(action.args, key=sort_key)))
        return action

    def refusal(self, state: PokeredState, seat: int, action: Action) -> Msg:
        """Why an action is refused."""
        if state.phase == "declare":
            return Msg("Declare: stay in, or fold.")
        if state.phase == "clock":
            return Msg(
                "Report the minutes played so far, from {low} up to {limit} "
                "(the limit means time is up).",
                low=state.clock,
                limit=state.options["minutes"],
            )
        hand = state.hands[seat]
        if state.phase == "hide":
            if action.verb != "hide":
                return Msg("First keep two of your cards aside, face down.")
            if len(action.args) != HIDE_COUNT or len(set(action.args)) != HIDE_COUNT:
                return Msg("Keep exactly two different cards aside.")
            return Msg("You can only keep aside cards from your hand.")
        if action.verb != "play" or len(action.args) != 1:
            return Msg("Play one card from your hand.")
        if action.args[0] not in hand:
            return Msg("You do not hold {card}.", card=Card(action.args[0]))
        led = Suit(state.trick[0][1][-1])
        return Msg("You must follow {suit} (a joker may always be played).", suit=led)

    # ---- doing it -------------------------------------------------------------------------
    def perform(self, state: PokeredState, seat: int, action: Action) -> list[Event]:
        """Declare, keep a pair aside, play a card, or report the clock."""
        verb = action.verb
        if verb == "declare":
            return self._declare(state, seat, action.args[0])
        if verb == "hide":
            return self._hide(state, seat, action.args)
        if verb == "time":
            return self._time(state, seat, int(action.args[0]))
        return self._play(state, seat, action.args[0])

    def _declare(self, state: PokeredState, seat: int, choice: str) -> list[Event]:
        state.declared[seat] = choice
        data: dict[str, Any] = {"seat": seat, "choice": choice}
        if choice == "fold":
            state.folded[seat] = state.hands[seat]
            state.hands[seat] = []
            state.chips[seat] -= FOLD_FEE
            state.pot += FOLD_FEE
            data["pot"] = state.pot
        else:
            state.order.append(seat)
        events = [Event("declare", data)]
        at = state.queue.index(seat) + 1
        if at < len(state.queue):
            state.turn = state.queue[at]
            return events
        if len(state.order) >= 2:
            state.phase = "hide"
            return events
        transfers: list[dict[str, Any]] = []
        lone = state.order[0] if state.order else None
        if lone is not None and state.pot:
            transfers.append({"step": 0, "from": POT, "to": lone, "chips": state.pot})
            state.chips[lone] += state.pot
            state.pot = 0
        events.append(settle_event(transfers, lone, [], state.chips, state.pot))
        return events + self._end_deal(state)

    def _hide(self, state: PokeredState, seat: int, cards: tuple[str, ...]) -> list[Event]:
        hand = state.hands[seat]
        for c in cards:
            hand.remove(c)
        state.hidden[seat] = cards
        events = [Event("hide", {"seat": seat, "cards": Secret(frozenset((seat,)), list(cards))})]
        if all(state.hidden[s] is not None for s in state.order):
            state.phase = "play"
            state.turn = state.order[0]
        return events

    def _play(self, state: PokeredState, seat: int, card: str) -> list[Event]:
        state.hands[seat].remove(card)
        state.trick.append((seat, card))
        events = [Event("play", {"seat": seat, "card": card})]
        order = state.order
        k = len(order)
        if len(state.trick) < k:
            state.turn = order[(order.index(seat) + 1) % k]
            return events
        winner, by_joker = trick_winner(state.trick)
        cards = [c for _, c in state.trick]
        state.won[winner].extend(cards)
        state.tricks[winner] += 1
        if not by_joker:
            state.trick_points[winner] += 1
        data = {"leader": state.trick[0][0], "winner": winner, "cards": cards, "joker": by_joker}
        events.append(Event("trick", data))
        state.trick = []
        state.trick_no += 1
        state.turn = order[state.trick_no % k]
        if state.trick_no == TRICKS:
            events.extend(self._settle(state))
        return events

    def _settle(self, state: PokeredState) -> list[Event]:
        n, order = state.players, state.order
        scored = score_deal(order, state.hidden, state.won, state.trick_points)
        state.revealed = True
        reveal = Event(
            "reveal",
            {
                "hidden": [list(h) if h is not None else None for h in state.hidden],
                "hands": [scored[s].hand if s in scored else None for s in range(n)],
                "poker": [scored[s].poker if s in scored else None for s in range(n)],
                "tricks": [scored[s].tricks if s in scored else None for s in range(n)],
                "points": [scored[s].points if s in scored else None for s in range(n)],
            },
        )
        done = settle(
            order,
            {s: scored[s].points for s in order},
            {s: scored[s].poker for s in order},
            {s: state.tricks[s] > 0 for s in order},
            state.chips,
            state.pot,
        )
        state.chips, state.pot = done.chips, done.pot
        for s in done.bankrupt:
            state.out[s] = True
        ev = settle_event(done.transfers, done.pot_winner, done.bankrupt, state.chips, state.pot)
        return [reveal, ev, *self._end_deal(state)]

    # ---- end of a deal and of the match --------------------------------------------------
    def _end_deal(self, state: PokeredState) -> list[Event]:
        n = state.players
        state.out = [c <= 0 for c in state.chips]
        newly = sorted(s for s in range(n) if state.out[s] and state.start_chips[s] > 0)
        delta = [state.chips[s] - state.start_chips[s] for s in range(n)]
        state.match.record(delta)
        events = [
            Event(
                "round_end",
                {
                    "round": state.match.round,
                    "scores": delta,
                    "totals": list(state.chips),
                    "pot": state.pot,
                    "bankrupt": newly,
                },
            )
        ]
        mode = state.options["end"]
        over = (
            n - sum(state.out) < 2
            or (mode == "deals" and state.match.round >= end_limit(state))
            or (mode == "bankruptcies" and sum(state.out) >= int(state.options["bankruptcies"]))
        )
        if over:
            events.append(finish(state, totals=state.chips))
        elif mode == "time":
            state.phase = "clock"
            state.turn = self._next_dealer(state)
        else:
            events.append(self._next_deal(state))
        return events

    def _next_dealer(self, state: PokeredState) -> int:
        n = state.players
        return next(s for s in clockwise_from(state.match.dealer + 1, n) if not state.out[s])

    def _next_deal(self, state: PokeredState) -> Event:
        dealer = self._next_dealer(state)
        state.match.next_round()
        state.match.dealer = dealer
        return self._deal(state)

    def _time(self, state: PokeredState, seat: int, minutes: int) -> list[Event]:
        state.clock = minutes
        events = [Event("time", {"seat": seat, "minutes": minutes})]
        if minutes >= int(state.options["minutes"]):
            events.append(finish(state, totals=state.chips))
        else:
            events.append(self._next_deal(state))
        return events

    # ---- what the table shows -------------------------------------------------------------
    def zones(self, state: PokeredState) -> list[Zone]:
        """Hands, kept pairs, won cards, folded hands, the trick and the undealt stock."""
        zones = hand_zones(state.hands)
        for i in range(state.players):
            mine = private(i)
            kept = PUBLIC if state.revealed else mine
            hidden = tuple(state.hidden[i] or ())
            won = tuple(sorted(state.won[i], key=sort_key))
            zones.append(Zone(f"hidden{i}", "row", hidden, i, KEPT, kept))
            zones.append(Zone(f"won{i}", "tableau", won, i, WON))
            zones.append(Zone(f"folded{i}", "pile", tuple(state.folded[i]), i, FOLDED, mine))
        zones.append(Zone("trick", "trick", tuple(c for _, c in state.trick), label=LABEL["Trick"]))
        zones.append(
            Zone("stock", "pile", tuple(state.stock), label=LABEL["Not dealt"], visible=HIDDEN)
        )
        return zones

    def counters(self, state: PokeredState) -> list[Counter]:
        """Chips, the pot, declarations, tricks and points so far, the deal and the markers."""
        out = []
        for i in range(state.players):
            out.append(Counter(f"chips{i}", LABEL["Chips"], state.chips[i], owner=i))
            declared = self._declared_text(state, i)
            out.append(Counter(f"declared{i}", LABEL["Declared"], declared, owner=i))
            out.append(Counter(f"tricks{i}", LABEL["Tricks"], state.tricks[i], owner=i))
            points = state.trick_points[i]
            out.append(Counter(f"trickpoints{i}", LABEL["Trick points"], points, owner=i))
            shown = HAND_NAMES[poker_hand(state.won[i])[1]]
            out.append(Counter(f"shown{i}", LABEL["Hand in won cards"], shown, owner=i))
        out.append(Counter("pot", LABEL["Pot"], state.pot))
        if state.options["end"] == "deals":
            deal = Msg("{number}/{total}", number=state.match.round, total=end_limit(state))
        else:
            deal = Msg("{number}", number=state.match.round)
        out.append(Counter("round", LABEL["Deal"], deal))
        out.append(Counter("dealer", LABEL["Dealer"], Msg("{seat}", seat=Seat(state.match.dealer))))
        if state.order:
            out.append(
                Counter("starter", LABEL["Starter"], Msg("{seat}", seat=Seat(state.order[0])))
            )
        if state.phase == "play":
            lead = Seat(state.order[state.trick_no % len(state.order)])
            out.append(Counter("leader", LABEL["Lead"], Msg("{seat}", seat=lead)))
            trick = Msg("{number}/{total}", number=state.trick_no + 1, total=TRICKS)
            out.append(Counter("trick_no", LABEL["Trick"], trick))
        out.append(Counter("bankrupt", LABEL["Bankrupt"], sum(state.out)))
        if state.options["end"] == "time":
            clock = Msg("{number}/{total}", number=state.clock, total=state.options["minutes"])
            out.append(Counter("clock", LABEL["Minutes"], clock))
        return out

    @staticmethod
    def _declared_text(state: PokeredState, seat: int) -> Msg:
        if state.out[seat]:
            return LABEL["bankrupt"]
        if state.phase == "hide" and state.declared[seat] == "in":
            if state.hidden[seat] is not None:
                return Msg("in (ready)", ctx="declared")
            return Msg("in (choosing)", ctx="declared")
        if state.declared[seat] == "in":
            return Msg("in", ctx="declared")
        if state.declared[seat] == "fold":
            return Msg("fold", ctx="declared")
        return Msg("-", ctx="declared")

    def status(self, state: PokeredState, seat: int | None) -> Msg:
        """Whose turn and what they must do."""
        if state.result is not None:
            return Msg("The match is over.")
        if state.phase == "hide":
            if seat is not None and seat in state.order and state.hidden[seat] is None:
                return Msg("Keep two cards aside face down; the other five play the tricks.")
            return Msg("Waiting for the declarers to keep two cards aside.")
        mine, who = seat == state.turn, Seat(state.turn)
        if state.phase == "declare":
            if mine:
                return Msg(
                    "Your turn to declare: stay in, or fold and pay {fee} chip (pot {pot}).",
                    fee=FOLD_FEE,
                    pot=state.pot,
                )
            return Msg(
                "{player} to declare: stay in, or fold and pay {fee} chip (pot {pot}).",
                player=who,
                fee=FOLD_FEE,
                pot=state.pot,
            )
        if state.phase == "clock":
            limit = state.options["minutes"]
            if mine:
                return Msg("Report the minutes played (limit {limit}).", limit=limit)
            return Msg(
                "{player} to report the minutes played (limit {limit}).", player=who, limit=limit
            )
        if not state.trick:
            number = state.trick_no + 1
            if mine:
                return Msg(
                    "Your lead to trick {number} of {total}; jokers are trumps.",
                    number=number,
                    total=TRICKS,
                )
            return Msg(
                "{player} to lead trick {number} of {total}; jokers are trumps.",
                player=who,
                number=number,
                total=TRICKS,
            )
        led = state.trick[0][1]
        if is_joker(led):
            if mine:
                return Msg("Your turn; a joker was led, any card may be played.")
            return Msg("{player} to play; a joker was led, any card may be played.", player=who)
        suit = Suit(led[-1])
        if mine:
            return Msg("Your turn; {suit} led, jokers are trumps.", suit=suit)
        return Msg("{player} to play; {suit} led, jokers are trumps.", player=who, suit=suit)

    def facts(self, state: PokeredState) -> dict[str, Any]:
        """The deal and its dealer, each seat's declaration ("in", "fold" or None) and whether
        it is out of chips, the phase, the trick's number and the minutes reported."""
        return {
            **super().facts(state),
            "declared": list(state.declared),
            "out": list(state.out),
            "phase": state.phase,
            "trick_no": state.trick_no,
            "clock": state.clock,
        }

    def hints(self, state: PokeredState) -> dict[str, Any]:
        """Trick layout; a clock report is pending in phase clock."""
        hints: dict[str, Any] = {
            "zone_order": ["hidden", "won", "folded"],
        }
        if state.phase == "clock" and state.result is None:
            hints["clock"] = "minutes"
        return hints

    def tag(self, state: State, seat: int, action: Action) -> Move:
        """Buttons to declare and report time; drag two cards aside, or one to the trick."""
        verb = action.verb
        if verb == "declare":
            if action.args[0] == "in":
                label = Msg("Stay in")
            else:
                label = Msg("Fold (pay {fee} chip)", fee=FOLD_FEE)
            return Move(str(action), "button", label)
        if verb == "time":
            label = Msg("{minutes} minutes played", minutes=int(action.args[0]))
            return Move(str(action), "button", label)
        if verb == "hide":
            return Move(str(action), "drag", Msg("Keep aside"), action.args, f"hidden{seat}")
        label = Msg("Play {card}", card=Card(action.args[0]))
        return Move(str(action), "drag", label, action.args, "trick")

    # ---- copies for search ---------------------------------------------------------------

    def narrate(
        self, event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]
    ) -> list[Line]:
        """What an event tells a viewer, as lines (tabletop/games/pokered_trick_story.py)."""
        return pokered_trick_story.narrate(event, viewer, memo)

    # ---- how each score came about ----------------------------------------------------
    def score_lines(self, events: Sequence[EventData], players: int) -> list[ScoreLine]:
        """Per deal: chips paid to fold, paid to others or the pot, and received; the change
        of chips the deal recorded."""
        lines = []
        fees, paid, got = [0] * players, [0] * players, [0] * players
        for e in events:
            kind = e.get("type")
            if kind == "declare" and e.get("choice") == "fold":
                fees[int(e["seat"])] += FOLD_FEE
            elif kind == "settle":
                for move in e.get("transfers", []):
                    if isinstance(move["from"], int):
                        paid[move["from"]] += int(move["chips"])
                    if isinstance(move["to"], int):
                        got[move["to"]] += int(move["chips"])
            elif kind == "round_end":
                cells = tuple(
                    (signed(-fees[s]), signed(-paid[s]), signed(got[s])) for s in range(players)
                )
                scores = tuple(int(x) for x in e["scores"])  # the deal's own change of chips
                deal = int(e["round"])
                pot = int(e.get("pot", 0))
                lines.append(ScoreLine(deal, deal, cells, scores, tuple(e["totals"]), (pot,)))
                fees, paid, got = [0] * players, [0] * players, [0] * players
        return lines

    def score_sheet(self, players: int, options: Mapping[str, Any]) -> ScoreSheet:
        """A chip ledger: a row per deal (and the starting chips), the pot carried over."""
        state = self.setup(players, options, 0)
        deals = end_limit(state) if state.options["end"] == "deals" else 2 * players
        return ScoreSheet(
            Msg("Deal"),
            (Msg("Fold"), Msg("Paid"), Msg("Received")),
            Msg("Most chips wins; equal chips share the place (a draw)."),
            1 + deals,
            (
                Msg(
                    "Chip ledger: write each deal's fold fee, chips paid and received, the "
                    "change and the chips left; the pot carries over."
                ),
            ),
            shared=(Msg("Pot"),),
            score=Msg("±", ctx="change"),
            total=Msg("Chips"),
            signed=True,
        )


GAME = register(PokeredTrick())
