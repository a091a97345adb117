"""%triq: a running total climbs to multiples of ten; whoever runs out of cards drops out.

A go-out beating game for 2–27 players by 30-50-80; the last player still holding cards wins.
Rules in the project's words: docs/rules/triq.md (pure helpers in `triq_rules.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.breakdown import EventData, ScoreLine, ScoreSheet, deal_ends
from tabletop.engine.cards import is_joker, sort_key
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import ONE_SEAT, Game, Line, State
from tabletop.engine.registry import register
from tabletop.engine.text import EMPTY, Card, Msg, Seat, Suit
from tabletop.engine.views import HIDDEN, Counter, Move, Zone, private
from tabletop.games import triq_story
from tabletop.games.common import (
    clockwise_from,
    deal,
    deal_again_or_finish,
    hand_zones,
    secret_hands,
)
from tabletop.games.info.triq import INFO
from tabletop.games.triq_rules import (
    COUNTER,
    DECK,
    DECLINE,
    DISCARD,
    GIVE,
    PASS,
    SHIBARI_FLAG,
    SPADE_THREE,
    Ring,
    deal_size,
    flush_event,
    ordinal,
    owed_after_pass,
    play_event,
    play_moves,
    play_refusal,
    points,
)

# ---- game info ----------------------------------------------------------------------------
LABEL = {
    "Handing over": Msg("Handing over"),
    "Pile": Msg("Pile"),
    "Finished piles": Msg("Finished piles"),
    "Out of the game": Msg("Out of the game"),
    "Place": Msg("Place"),
    "Total": Msg("Total"),
    "しばり": Msg("しばり"),
    "しばり by": Msg("しばり by"),
    "Owed": Msg("Owed"),
    "Players in": Msg("Players in"),
    "Game": Msg("Game"),
    "Started by": Msg("Started by"),
}
"""Zone and counter labels, built once."""


# ---- state --------------------------------------------------------------------------------


def more_cards(n: int) -> Msg:
    """Cards still owed, as words: "1 more card", "3 more cards"."""
    if n == 1:
        return Msg("1 more card", ctx="count")
    return Msg("{count} more cards", ctx="count", count=n)


class TriqState(State):
    """Hands, the pile and its total, しばり, pending gifts and who is still in."""

    COPY_FLAT = ("removed", "flushed", "pile", "giving", "watch", "ring", "place", "dropped")
    COPY_NESTED = ("hands",)

    hands: list[list[str]]
    removed: list[str]  # leftovers of the deal, shown and out of the game
    flushed: list[str]  # cards of finished piles and discards, face up, out of the game
    pile: list[str]
    total: int
    shibari: str  # suit letter while a しばり is in force, else ""
    declarer: int  # seat that declared the しばり in force, else -1
    phase: str  # "play" | "counter" | "give" | "discard" | "over"
    turn: int
    joker_by: int  # seat whose joker the seat to act may counter with the 3 of spades
    giver: int
    receiver: int  # -1 while the しばり declarer discards
    owed: int
    giving: list[str]  # cards already chosen by the giver, not yet handed over
    causer: int  # who ended the last pile: the next active seat after them opens the next
    watch: list[int]  # seats that may be left empty-handed once a pile is settled
    ring: Ring
    place: list[int]  # 0 while still in
    dropped: list[tuple[int, list[str]]]  # seats out during the current action
    starter: int


class Triq(Game[TriqState]):
    """The %triq rules."""

    info = INFO

    # ---- setup and dealing ----------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> TriqState:
        """A new match; the first starter is drawn at random (the seed's rock-paper-scissors)."""
        state = TriqState()
        state.init_common(players, options, seed, rounds=int(options["games"]))
        state.opening = [self._deal(state, state.rng.below(players))]
        return state

    def _deal(self, state: TriqState, starter: int) -> Event:
        n = state.players
        deck = list(DECK)
        state.rng.shuffle(deck)
        hands, rest = deal(deck, n, deal_size(n))
        for h in hands:
            h.sort(key=sort_key)
        state.hands = hands
        state.removed = sorted(rest, key=sort_key)
        state.flushed = []
        state.pile = []
        state.total = 0
        state.shibari = ""
        state.declarer = state.joker_by = state.giver = state.receiver = state.causer = -1
        state.phase = "play"
        state.turn = state.starter = starter
        state.owed = 0
        state.giving = []
        state.watch = []
        state.ring = Ring(n)
        state.place = [0] * n
        state.dropped = []
        return Event(
            "deal",
            {
                "round": state.match.round,
                "starter": starter,
                "hands": secret_hands(hands),
                "removed": list(state.removed),
            },
        )

    # ---- whose turn, what is legal -------------------------------------------------------
    def seats_to_act(self, state: TriqState) -> frozenset[int]:
        """Always exactly one seat: the player, the counter decider or the giver."""
        return ONE_SEAT[state.turn]

    def legal(self, state: TriqState, seat: int) -> list[Action]:
        """Gifts one card at a time; the counter choice; else the plays the pile allows."""
        hand = state.hands[seat]
        phase = state.phase
        if phase == "give":
            return [GIVE[c] for c in hand]
        if phase == "discard":
            return [DISCARD[c] for c in hand]
        if phase == "counter":
            return [COUNTER, DECLINE] if SPADE_THREE in hand else [DECLINE]
        pile = state.pile
        top = pile[-1] if pile else None
        moves = play_moves(hand, top, state.total, state.shibari, state.joker_by >= 0)
        return moves if moves or not state.shibari else [PASS]

    def refusal(self, state: TriqState, seat: int, action: Action) -> Msg:
        """Why an action is refused, in a player's words."""
        verb, args = action
        if state.phase in ("give", "discard"):
            if verb != state.phase:
                if state.phase == "discard":
                    return Msg("First, you must discard {cards}.", cards=more_cards(state.owed))
                return Msg(
                    "First, you must give {cards} to {player}.",
                    cards=more_cards(state.owed),
                    player=Seat(state.receiver),
                )
            if len(args) != 1:
                if state.phase == "discard":
                    return Msg("Choose one card at a time to discard.")
                return Msg("Choose one card at a time to give.")
            return Msg("You do not hold {card}.", card=Card(args[0]))
        if state.phase == "counter":
            if verb == "counter":
                return Msg("You need the 3 of spades to counter the joker.")
            return Msg("Counter the joker with the 3 of spades, or decline and let the pile flush.")
        if verb == "counter":
            if state.joker_by < 0:
                return Msg("The 3 of spades only counters a joker played just before your turn.")
            return Msg("You need the 3 of spades to counter the joker.")
        if verb == "pass":
            return Msg("You may only pass when you have no card you are allowed to play.")
        if verb != "play" or not args:
            return Msg("Play a card from your hand.")
        card = args[0]
        held = card in state.hands[seat]
        top = state.pile[-1] if state.pile else None
        return play_refusal(card, args[1:], held, top, state.total, state.shibari)

    # ---- doing it -------------------------------------------------------------------------
    def perform(self, state: TriqState, seat: int, action: Action) -> list[Event]:
        """Play, counter, decline, pass or hand over one card; then settle who dropped out."""
        joker, state.joker_by = state.joker_by, -1
        verb = action.verb
        if verb == "play":
            events = self._play(state, seat, action.args)
        elif verb == "counter":
            events = self._counter(state, seat, joker)
        elif verb == "decline":
            events = [Event("decline", {"seat": seat})]
            events += self._flush(
                state, "ten", joker, state.ring.before(joker), joker, state.total // 10
            )
        elif verb == "pass":
            events = self._pass(state, seat)
        else:
            events = self._hand_one(state, seat, action.args[0])
        return events + self._settle(state)

    def _play(self, state: TriqState, seat: int, args: tuple[str, ...]) -> list[Event]:
        card = args[0]
        hand = state.hands[seat]
        opening = not state.pile
        declare = args[1:] == (SHIBARI_FLAG,)
        hand.remove(card)
        state.pile.append(card)
        if opening and is_joker(card):
            # a hand of jokers only: the joker goes down, its player drops out, the pile ends
            events = [play_event(seat, card, 0, state.total)]
            self._drop(state, seat)
            return events + self._flush(state, "joker", seat, -1, -1, 0)
        ace = int(args[1]) if card.startswith("A") else 1
        value = points(card, state.total, bool(state.shibari), ace)
        state.total += value
        if declare:
            state.shibari, state.declarer = card[-1], seat
        events = [] if state.quiet else [play_event(seat, card, value, state.total, declare)]
        ring = state.ring
        if state.total % 10 == 0:
            if is_joker(card):
                state.phase, state.joker_by, state.turn = "counter", seat, ring.after(seat)
                return events
            owed = state.total // 10
            return events + self._flush(state, "ten", seat, ring.before(seat), seat, owed)
        if is_joker(card):
            state.joker_by = seat
        if not hand and state.declarer != seat:
            self._drop(state, seat)
        state.turn = ring.after(seat)
        return events

    def _counter(self, state: TriqState, seat: int, joker: int) -> list[Event]:
        state.hands[seat].remove(SPADE_THREE)
        state.pile.append(SPADE_THREE)
        events = [play_event(seat, SPADE_THREE, 0, state.total, counter=True)]
        owed = owed_after_pass(state.total)
        return events + self._flush(state, "counter", seat, joker, seat, owed)

    def _pass(self, state: TriqState, seat: int) -> list[Event]:
        events = [Event("pass", {"seat": seat})]
        owed = owed_after_pass(state.total)
        receiver = -1 if seat == state.declarer else state.declarer
        return events + self._flush(state, "pass", seat, seat, receiver, owed)

    def _flush(
        self, state: TriqState, reason: str, causer: int, giver: int, receiver: int, owed: int
    ) -> list[Event]:
        """End the pile; the giver owes `owed` cards to the receiver (-1: to the discards)."""
        events = (
            []
            if state.quiet
            else [flush_event(reason, causer, state.total, state.pile, giver, receiver, owed)]
        )
        state.flushed.extend(state.pile)
        state.pile = []
        state.total = 0
        state.watch = [s for s in (causer, giver, receiver, state.declarer) if s >= 0]
        state.shibari, state.declarer = "", -1
        state.causer, state.giver, state.receiver = causer, giver, receiver
        state.giving = []
        if giver >= 0 and state.ring.active[giver] and owed > 0:
            hand = state.hands[giver]
            if owed < len(hand):
                state.phase = "give" if receiver >= 0 else "discard"
                state.owed, state.turn = owed, giver
                return events
            # owing as many cards as one holds, or more: hand over everything and drop out
            state.giving, state.hands[giver] = hand, []
            events += self._hand_over(state)
        return events + self._restart(state)

    def _hand_one(self, state: TriqState, seat: int, card: str) -> list[Event]:
        state.hands[seat].remove(card)
        state.giving.append(card)
        state.owed -= 1
        if state.owed:
            return []
        return self._hand_over(state) + self._restart(state)

    def _hand_over(self, state: TriqState) -> list[Event]:
        cards, giver, receiver = state.giving, state.giver, state.receiver
        state.giving, state.owed = [], 0
        if not cards:
            return []
        if receiver < 0:
            state.flushed.extend(cards)
            return [Event("discard", {"seat": giver, "cards": list(cards)})]
        hand = state.hands[receiver]
        hand.extend(cards)
        hand.sort(key=sort_key)
        secret = Secret(frozenset((giver, receiver)), list(cards))
        return [
            Event("give", {"seat": giver, "to": receiver, "count": len(cards), "cards": secret})
        ]

    def _restart(self, state: TriqState) -> list[Event]:
        """After a settled pile: the empty-handed drop out, the next seat opens a fresh pile."""
        ring = state.ring
        for s in state.watch:
            if ring.active[s] and not state.hands[s]:
                self._drop(state, s)
        state.phase = "play"
        state.turn = ring.after(state.causer)
        state.giver = state.receiver = -1
        return []

    def _drop(self, state: TriqState, seat: int) -> None:
        state.ring.remove(seat)
        cards = state.hands[seat]
        state.hands[seat] = []
        state.flushed.extend(cards)
        state.dropped.append((seat, cards))

    def _settle(self, state: TriqState) -> list[Event]:
        """Places for everyone who dropped out in this action (shared), and the game's end."""
        if not state.dropped:
            return []
        place = state.ring.count + 1
        events = []
        for seat, cards in state.dropped:
            state.place[seat] = place
            events.append(Event("out", {"seat": seat, "place": place, "cards": cards}))
        state.dropped = []
        if state.ring.count <= 1:
            events += self._end_game(state)
        return events

    def _end_game(self, state: TriqState) -> list[Event]:
        n = state.players
        for s in range(n):
            if state.ring.active[s]:
                state.place[s] = 1
        scores = [n - p for p in state.place]
        state.match.record(scores)
        events = [
            Event(
                "round_end",
                {
                    "round": state.match.round,
                    "places": list(state.place),
                    "scores": scores,
                    "totals": state.match.totals,
                },
            )
        ]
        if state.match.round >= state.match.rounds:
            state.phase = "over"
        winner = next(s for s in clockwise_from(state.starter, n) if state.place[s] == 1)
        dealt = deal_again_or_finish(state, lambda: self._deal(state, winner))
        return events if dealt is None else [*events, dealt]

    # ---- what the table shows -------------------------------------------------------------
    def zones(self, state: TriqState) -> list[Zone]:
        """Hands, the cards being handed over, the pile, finished piles, the deal's leftovers."""
        zones = hand_zones(state.hands)
        giver = state.giver if state.phase in ("give", "discard") else None
        seen = HIDDEN if giver is None else private(giver)
        zones.append(Zone("giving", "row", tuple(state.giving), giver, LABEL["Handing over"], seen))
        zones.append(Zone("pile", "trick", tuple(state.pile), label=LABEL["Pile"]))
        zones.append(Zone("flushed", "pile", tuple(state.flushed), label=LABEL["Finished piles"]))
        zones.append(Zone("removed", "row", tuple(state.removed), label=LABEL["Out of the game"]))
        return zones

    def counters(self, state: TriqState) -> list[Counter]:
        """Series points, places, the running total, しばり and the game number."""
        out = super().counters(state)
        place = LABEL["Place"]
        for i, p in enumerate(state.place):
            out.append(Counter(f"place{i}", place, ordinal(p) if p else EMPTY, owner=i))
        out.append(Counter("total", LABEL["Total"], state.total))
        shibari = Msg("{suit}", suit=Suit(state.shibari)) if state.shibari else EMPTY
        out.append(Counter("shibari", LABEL["しばり"], shibari))
        by = Msg("{seat}", seat=Seat(state.declarer)) if state.declarer >= 0 else EMPTY
        out.append(Counter("declarer", LABEL["しばり by"], by))
        out.append(Counter("owed", LABEL["Owed"], state.owed))
        out.append(Counter("left", LABEL["Players in"], state.ring.count))
        game = Msg("{number}/{total}", number=state.match.round, total=state.match.rounds)
        out.append(Counter("round", LABEL["Game"], game))
        out.append(Counter("starter", LABEL["Started by"], Msg("{seat}", seat=Seat(state.starter))))
        return out

    def status(self, state: TriqState, seat: int | None) -> Msg:
        """Whose turn and what they must do."""
        if state.result is not None:
            return Msg("The match is over.")
        mine, who = seat == state.turn, Seat(state.turn)
        count = state.owed
        if state.phase == "discard":
            if mine:
                return Msg("You must discard {cards}.", cards=more_cards(count))
            return Msg("{player} must discard {cards}.", player=who, cards=more_cards(count))
        if state.phase == "give":
            to = Seat(state.receiver)
            if mine:
                return Msg("You must give {cards} to {player}.", cards=more_cards(count), player=to)
            return Msg(
                "{giver} must give {cards} to {player}.",
                giver=who,
                cards=more_cards(count),
                player=to,
            )
        if state.phase == "counter":
            if mine:
                return Msg("You may counter the joker with the 3 of spades, or let the pile flush.")
            return Msg(
                "{player} may counter the joker with the 3 of spades, or let the pile flush.",
                player=who,
            )
        if not state.pile:
            if mine:
                return Msg("Your turn to open a fresh pile.")
            return Msg("{player} to open a fresh pile.", player=who)
        total = state.total
        if state.shibari:
            suit = Suit(state.shibari)
            if mine:
                return Msg(
                    "Your turn; the total is {total}; しばり on {suit}.", total=total, suit=suit
                )
            return Msg(
                "{player} to play; the total is {total}; しばり on {suit}.",
                player=who,
                total=total,
                suit=suit,
            )
        if mine:
            return Msg("Your turn; the total is {total}.", total=total)
        return Msg("{player} to play; the total is {total}.", player=who, total=total)

    def facts(self, state: TriqState) -> dict[str, Any]:
        """The game, the しばり suit and who declared it, each seat's place (0: still in), the
        game's starter, the phase and who receives a gift."""
        return {
            **super().facts(state),
            "shibari": state.shibari,
            "declarer": state.declarer,
            "place": list(state.place),
            "starter": state.starter,
            "phase": state.phase,
            "receiver": state.receiver,
        }

    def tag(self, state: TriqState, seat: int, action: Action) -> Move:
        """Drag a card to the pile, to the receiver's hand or to the discards; else a button."""
        verb, args = action
        text = str(action)
        if verb == "play":
            card = args[0]
            if card.startswith("A"):
                label = Msg("Play {card} as {value}", card=Card(card), value=int(args[1]))
            elif args[1:]:
                label = Msg("Play {card} and declare しばり", card=Card(card))
            else:
                label = Msg("Play {card}", card=Card(card))
            return Move(text, "drag", label, (card,), "pile")
        if verb == "counter":
            return Move(text, "drag", Msg("Counter the joker"), args, "pile")
        if verb == "give":
            to = state.receiver
            label = Msg("Give {card} to {player}", card=Card(args[0]), player=Seat(to))
            return Move(text, "drag", label, args, f"hand{to}")
        if verb == "discard":
            return Move(text, "drag", Msg("Discard {card}", card=Card(args[0])), args, "flushed")
        if verb == "decline":
            return Move(text, "button", Msg("Let the pile flush"))
        return Move(text, "button", Msg("Pass", ctx="turn"))

    # ---- copies for search ---------------------------------------------------------------

    def narrate(
        self, event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]
    ) -> list[Line]:
        """What an event tells a viewer, as lines (tabletop/games/triq_story.py)."""
        return triq_story.narrate(event, viewer, memo)

    # ---- how each score came about ----------------------------------------------------
    def score_lines(self, events: Sequence[EventData], players: int) -> list[ScoreLine]:
        """Per game of the series: the place and the score the game gave it (players − place)."""
        lines = []
        for e in deal_ends(events):
            places = [int(p) for p in e["places"]]
            deal = int(e["round"])
            lines.append(
                ScoreLine(
                    deal,
                    deal,
                    tuple((p,) for p in places),
                    tuple(int(x) for x in e["scores"]),
                    tuple(e["totals"]),
                )
            )
        return lines

    def score_sheet(self, players: int, options: Mapping[str, Any]) -> ScoreSheet:
        """A row per game of the series: place, score and total."""
        return ScoreSheet(
            Msg("Game"),
            (Msg("Place"),),
            Msg("Equal series totals share the place."),
            super().score_sheet(players, options).rows,
            (
                Msg(
                    "Each game scores players − place: the last one holding cards scores most, "
                    "the first to drop out 0."
                ),
            ),
        )


GAME = register(Triq())
