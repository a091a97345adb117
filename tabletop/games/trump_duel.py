"""トランプ◆デュエル (Trump Duel): two players outbid each other's display for J-Q-K score cards.

Rules in the project's words: docs/rules/trump-duel.md. Designer: オシノ (recipeofbodoge).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine.actions import Action
from tabletop.engine.breakdown import EventData, ScoreLine, ScoreSheet
from tabletop.engine.cards import SUITS
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import Game, Line, State
from tabletop.engine.registry import register
from tabletop.engine.text import EMPTY, Card, Cards, Msg, Seat, Suit
from tabletop.engine.views import HIDDEN, Counter, Move, Zone, private
from tabletop.games import trump_duel_story
from tabletop.games.common import finish, hand_zones, secret_hands
from tabletop.games.info.trump_duel import INFO
from tabletop.games.trump_duel_rules import (
    CANCEL,
    DRAW_DECK,
    EFFECT,
    EXCHANGE,
    HAND_ORDER,
    HAND_SIZE,
    PLAY,
    PROMPTS,
    SCORE_DECK,
    SCORE_ORDER,
    TAKE,
    WIN_POINTS,
    answers,
    beats_ten,
    play_refusal,
    points,
    suit_of,
    total,
)

# ---- constants ----------------------------------------------------------------------------
JOKER = "JK1"
MAX_ROUNDS = len(SCORE_DECK)  # every round hands out at least one score card

# ---- game info ----------------------------------------------------------------------------
LABEL = {
    "Display": Msg("Display"),
    "Won": Msg("Won"),
    "Opens the round": Msg("Opens the round"),
    "Draw deck": Msg("Draw deck"),
    "Discards": Msg("Discards"),
    "Score deck": Msg("Score deck"),
    "At stake": Msg("At stake"),
    "Points": Msg("Points", ctx="sets"),
    "Score cards": Msg("Score cards"),
    "Cancels held": Msg("Cancels held"),
    "To beat": Msg("To beat"),
    "Round": Msg("Round"),
    "Extra score card next round": Msg("Extra score card next round"),
}
"""Zone and counter labels, built once."""


def to_beat(state: TrumpDuelState) -> int | None:
    """The total the next play must top: the display of whoever played last (None before the
    round's opening play and once the round is won)."""
    if state.phase == "play":
        return None if state.first_play else total(state.display[1 - state.actor])
    if state.phase == "cancel":  # the canceller answers the play it cancels from
        return total(state.display[1 - state.actor])
    if state.phase in ("order", "exchange"):  # the player who just played orders its effects
        return total(state.display[state.actor])
    return None


def effect(seat: int, suit: str, what: str, **fields: Any) -> Event:
    """An `effect` event: who used which suit's effect, what happened, and its details."""
    return Event("effect", {"seat": seat, "suit": suit, "what": what, **fields})


# ---- state --------------------------------------------------------------------------------
def top_first(pile: list[str]) -> Secret:
    """A face-down pile in drawing order (the top, drawn next, first), secret to every seat."""
    return Secret(HIDDEN, pile[::-1])


class TrumpDuelState(State):
    """Hands, decks, displays, score cards and the pending sub-phase of the duel."""

    COPY_FLAT = ("deck", "discards", "score_deck", "prize", "cancels", "pending", "gained")
    COPY_NESTED = ("hands", "taken", "display", "cancelled")

    hands: list[list[str]]
    deck: list[str]  # top is the end
    discards: list[str]
    score_deck: list[str]  # top is the end
    prize: list[str]
    taken: list[list[str]]
    display: list[list[str]]
    cancelled: list[list[str]]
    first: int  # the joker's holder, who opens the round
    first_play: bool  # the round's opening play is still to come
    phase: str  # play | cancel | order | exchange | end_effect | take | over
    actor: int
    cancels: list[int]  # cancels each seat holds against the other's next play
    pending: list[str]  # effect cards of the current play still to resolve, in order
    take_from: int
    gained: list[int]
    extra_flip: bool


class TrumpDuel(Game[TrumpDuelState]):
    """The Trump Duel rules."""

    info = INFO
    log_fields_added_in_2: ClassVar[dict[str, frozenset[str]]] = {
        "deal": frozenset({"deck_order", "score_order"}),
        "reshuffle": frozenset({"order"}),
    }
    """Event fields a format-1 replay log did not record (`engine.log`)."""

    # ---- setup and dealing ----------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> TrumpDuelState:
        """Shuffle both decks, deal seven each, pick the first player, turn a score card."""
        state = TrumpDuelState()
        state.init_common(players, options, seed, rounds=MAX_ROUNDS)
        state.deck = list(DRAW_DECK)
        state.rng.shuffle(state.deck)
        state.score_deck = list(SCORE_DECK)
        state.rng.shuffle(state.score_deck)
        dealt = [state.deck.pop() for _ in range(2 * HAND_SIZE)]
        state.hands = [sorted(dealt[seat::2], key=HAND_ORDER.__getitem__) for seat in (0, 1)]
        state.discards, state.prize, state.pending = [], [], []
        state.taken, state.display, state.cancelled = [[], []], [[], []], [[], []]
        state.cancels, state.gained = [0, 0], [0, 0]
        state.take_from, state.extra_flip = 0, False
        state.first = state.rng.below(2)  # the seed's rock-paper-scissors
        state.opening = [self._start_round(state)]
        return state

    def _start_round(self, state: TrumpDuelState) -> Event:
        """Turn the round's score card(s) and give the opening play to the joker's holder."""
        flips = 2 if state.extra_flip and len(state.score_deck) >= 2 else 1
        state.prize = [state.score_deck.pop() for _ in range(flips)]
        state.extra_flip = False
        state.first_play = True
        state.phase = "play"
        state.actor = state.first
        state.match.dealer = state.first
        data = {"round": state.match.round, "first": state.first, "prize": list(state.prize)}
        data.update(hands=secret_hands(state.hands), deck=len(state.deck))
        data.update(score_deck=len(state.score_deck), deck_order=top_first(state.deck))
        return Event("deal", {**data, "score_order": top_first(state.score_deck)})

    # ---- whose turn, what is legal -------------------------------------------------------
    def seats_to_act(self, state: TrumpDuelState) -> frozenset[int]:
        """The one seat whose play or choice is awaited."""
        return frozenset((state.actor,))

    def legal(self, state: TrumpDuelState, seat: int) -> list[Action]:
        """Plays that beat the opposing display (or pass); or the choices of a sub-phase."""
        phase = state.phase
        hand = state.hands[seat]
        if phase == "play":
            if state.first_play:
                return [PLAY[c] for c in hand]
            return answers(hand, total(state.display[1 - seat]))
        if phase == "cancel":
            return [CANCEL[c] for c in state.pending]
        if phase == "order":
            return [EFFECT[suit_of(c)] for c in state.pending]
        if phase == "exchange":
            return [EXCHANGE[c] for c in hand]
        if phase == "end_effect":
            return [EFFECT[s] for s in SUITS if any(suit_of(c) == s for c in state.display[seat])]
        return [TAKE[c] for c in state.display[state.take_from]]

    def normalize(self, action: Action) -> Action:
        """A two-card play in hand order."""
        if action.verb == "play" and len(action.args) == 2:
            a, b = action.args
            if a in HAND_ORDER and b in HAND_ORDER and HAND_ORDER[b] < HAND_ORDER[a]:
                return Action("play", (b, a))
        return action

    def refusal(self, state: TrumpDuelState, seat: int, action: Action) -> Msg:
        """Why an action is refused, in a player's words."""
        if state.phase != "play":
            return PROMPTS[state.phase]
        if action.verb == "pass":
            return Msg("The opening play of a round cannot be a pass.")
        if action.verb != "play":
            return Msg("Play one or two cards from your hand, or pass.")
        target = total(state.display[1 - seat])
        reason = play_refusal(state.hands[seat], action.args, state.first_play, target)
        return reason or Msg("{action} is not allowed now.", action=str(action))

    # ---- doing it -------------------------------------------------------------------------
    def perform(self, state: TrumpDuelState, seat: int, action: Action) -> list[Event]:
        """Carry out a play, a pass or a sub-phase choice."""
        verb = action.verb
        if verb == "play":
            return self._play(state, seat, action.args)
        if verb == "pass":
            return [Event("pass", {"seat": seat}), *self._win_round(state, 1 - seat, "pass")]
        card = action.args[0]
        if verb == "cancel":
            return self._cancel(state, seat, [card])
        if verb == "exchange":
            source = state.pending.pop(0)
            return [*self._exchange(state, seat, source, card), *self._run_pending(state, seat)]
        if verb == "take":
            return [*self._take(state, seat, card), *self._close_round(state, False)]
        if state.phase == "order":
            chosen = next(c for c in state.pending if suit_of(c) == card)
            state.pending.remove(chosen)
            state.pending.insert(0, chosen)
            return self._run_pending(state, seat)
        return self._end_effect(state, seat, card)

    def _play(self, state: TrumpDuelState, seat: int, cards: tuple[str, ...]) -> list[Event]:
        other = 1 - seat
        target = None if state.first_play else total(state.display[other])
        for card in cards:
            self._leave(state, seat, card)
        state.discards.extend(state.display[seat])
        state.display[seat] = list(cards)
        state.cancelled[seat] = []
        state.first_play = False
        special = target is not None and beats_ten(cards, target)
        events = [Event("play", {"seat": seat, "cards": list(cards), "total": total(cards)})]
        if special:
            return events + self._win_round(state, seat, "one_beats_ten")
        state.pending = list(cards)
        held, state.cancels[other] = state.cancels[other], 0
        if held:
            if held < len(cards) and suit_of(cards[0]) != suit_of(cards[1]):
                state.phase, state.actor = "cancel", other
                return events
            return events + self._cancel(state, other, list(cards[:held]))
        return events + self._resolve_play(state, seat)

    def _cancel(self, state: TrumpDuelState, canceller: int, cards: list[str]) -> list[Event]:
        seat = 1 - canceller
        events = []
        for card in cards:
            state.pending.remove(card)
            state.cancelled[seat].append(card)
            events.append(effect(canceller, "D", "cancel", target=card))
        return events + self._resolve_play(state, seat)

    def _resolve_play(self, state: TrumpDuelState, seat: int) -> list[Event]:
        """Arm live diamonds, then order and apply the other live effects."""
        events = []
        for card in [c for c in state.pending if suit_of(c) == "D"]:
            state.pending.remove(card)
            state.cancels[seat] += 1
            events.append(effect(seat, "D", "guard", card=card))
        if len(state.pending) == 2 and suit_of(state.pending[0]) != suit_of(state.pending[1]):
            state.phase, state.actor = "order", seat
            return events
        return events + self._run_pending(state, seat)

    def _run_pending(self, state: TrumpDuelState, seat: int) -> list[Event]:
        """Apply the pending effects in order until one needs a choice; then pass the turn."""
        events: list[Event] = []
        other = 1 - seat
        while state.pending:
            suit = suit_of(state.pending[0])
            hand = state.hands[seat]
            if suit == "H" and len(hand) > 1:
                state.phase, state.actor = "exchange", seat
                return events
            source = state.pending.pop(0)
            if suit == "H":
                events += self._exchange(state, seat, source, hand[0] if hand else None)
            elif suit == "C":
                events += self._draw_effect(state, seat, "draw", source)
            elif state.hands[other]:
                victim = state.hands[other][state.rng.below(len(state.hands[other]))]
                self._leave(state, other, victim)
                state.discards.append(victim)
                events.append(effect(seat, "S", "attack", card=source, discarded=victim))
            else:
                events.append(effect(seat, "S", "none", card=source))
        state.phase, state.actor = "play", other
        return events

    def _exchange(
        self, state: TrumpDuelState, seat: int, source: str, card: str | None
    ) -> list[Event]:
        if card is None:
            return [effect(seat, "H", "none", card=source)]
        self._leave(state, seat, card)
        state.discards.append(card)
        drawn, events = self._draw(state, seat, 1)
        hidden = Secret(private(seat), drawn)
        return [*events, effect(seat, "H", "exchange", card=source, discarded=card, drawn=hidden)]

    def _draw_effect(
        self, state: TrumpDuelState, seat: int, what: str, source: str | None
    ) -> list[Event]:
        drawn, events = self._draw(state, seat, 1)
        source_field = {"card": source} if source is not None else {}
        hidden = Secret(private(seat), drawn)
        return [*events, effect(seat, "C", what, **source_field, drawn=hidden)]

    def _draw(self, state: TrumpDuelState, seat: int, n: int) -> tuple[list[str], list[Event]]:
        """Draw n cards, shuffling the discards into a new deck whenever the deck is empty."""
        drawn: list[str] = []
        events = []
        for _ in range(n):
            if not state.deck:
                state.deck, state.discards = state.discards, []
                if not state.deck:
                    break
                state.rng.shuffle(state.deck)
                order = top_first(state.deck)
                events.append(Event("reshuffle", {"cards": len(state.deck), "order": order}))
            drawn.append(state.deck.pop())
        state.hands[seat].extend(drawn)
        state.hands[seat].sort(key=HAND_ORDER.__getitem__)
        return drawn, events

    def _leave(self, state: TrumpDuelState, seat: int, card: str) -> None:
        state.hands[seat].remove(card)

    # ---- round end ------------------------------------------------------------------------
    def _win_round(self, state: TrumpDuelState, winner: int, how: str) -> list[Event]:
        """Score cards to the winner; end the match, or refill and start the loser's effect."""
        loser = 1 - winner
        before = points(state.taken[winner])
        state.taken[winner].extend(state.prize)
        state.taken[winner].sort(key=SCORE_ORDER.__getitem__)
        after = points(state.taken[winner])
        state.gained = [0, 0]
        state.gained[winner] = after - before
        state.cancels = [0, 0]
        state.pending = []
        data = {"winner": winner, "by": how, "score_cards": list(state.prize), "points": after}
        events = [Event("round_won", data)]
        state.prize = []
        if after >= WIN_POINTS or not state.score_deck:
            return events + self._close_round(state, True)
        state.first = winner
        for seat in (loser, winner):
            need = HAND_SIZE - len(state.hands[seat])
            if need > 0:
                drawn, reshuffles = self._draw(state, seat, need)
                events += reshuffles
                events.append(Event("draw", {"seat": seat, "cards": Secret(private(seat), drawn)}))
        suits = {suit_of(c) for c in state.display[loser]}
        if len(suits) > 1:
            state.phase = "end_effect"
            state.actor = loser
            return events
        if suits:
            return events + self._end_effect(state, loser, suits.pop())
        return events + self._close_round(state, False)

    def _end_effect(self, state: TrumpDuelState, seat: int, suit: str) -> list[Event]:
        """The loser's one effect: take from a display, draw, or turn an extra score card."""
        if suit in "SH":
            state.take_from = 1 - seat if suit == "S" else seat
            source = state.display[state.take_from]
            if len(source) > 1:
                state.phase, state.actor = "take", seat
                return []
            return [*self._take(state, seat, source[0]), *self._close_round(state, False)]
        if suit == "C":
            return [
                *self._draw_effect(state, seat, "round_draw", None),
                *self._close_round(state, False),
            ]
        state.extra_flip = len(state.score_deck) >= 2
        what = "extra_score_card" if state.extra_flip else "none"
        return [effect(seat, "D", what), *self._close_round(state, False)]

    def _take(self, state: TrumpDuelState, seat: int, card: str) -> list[Event]:
        state.display[state.take_from].remove(card)
        state.hands[seat].append(card)
        state.hands[seat].sort(key=HAND_ORDER.__getitem__)
        suit = "S" if state.take_from != seat else "H"
        return [effect(seat, suit, "take", taken=card)]

    def _close_round(self, state: TrumpDuelState, final: bool) -> list[Event]:
        """Discard the displays, record the round, then finish or start the next round."""
        for seat in (0, 1):
            state.discards.extend(state.display[seat])
            state.display[seat] = []
            state.cancelled[seat] = []
        state.match.record(state.gained)
        data = {"round": state.match.round, "scores": list(state.gained)}
        data.update(totals=state.match.totals, score_cards=[len(t) for t in state.taken])
        events = [Event("round_end", data)]
        if final:
            state.phase = "over"
            events.append(finish(state, lambda seat: (len(state.taken[seat]),)))
            return events
        state.match.round += 1
        events.append(self._start_round(state))
        return events

    # ---- what the table shows -------------------------------------------------------------
    def zones(self, state: TrumpDuelState) -> list[Zone]:
        """Hands, displays, both decks, the discards, the score cards at stake and taken."""
        zones = hand_zones(state.hands)
        for i in (0, 1):
            label = LABEL["Display"]
            if state.cancelled[i]:
                label = Msg("Display ({cards} cancelled)", cards=Cards(state.cancelled[i]))
            zones.append(Zone(f"display{i}", "row", tuple(state.display[i]), owner=i, label=label))
            won = LABEL["Won"]
            zones.append(Zone(f"taken{i}", "tableau", tuple(state.taken[i]), owner=i, label=won))
            joker = (JOKER,) if state.first == i else ()
            opens = LABEL["Opens the round"]
            zones.append(Zone(f"joker{i}", "pile", joker, owner=i, label=opens))
        deck = LABEL["Draw deck"]
        zones.append(Zone("deck", "pile", tuple(state.deck), label=deck, visible=HIDDEN))
        zones.append(Zone("discards", "pile", tuple(state.discards), label=LABEL["Discards"]))
        score_deck = LABEL["Score deck"]
        zones.append(
            Zone("score_deck", "stack", tuple(state.score_deck), label=score_deck, visible=HIDDEN)
        )
        zones.append(Zone("prize", "row", tuple(state.prize), label=LABEL["At stake"]))
        return zones

    def counters(self, state: TrumpDuelState) -> list[Counter]:
        """Points, score cards, held cancels, the total to beat and the round."""
        out = []
        for i in (0, 1):
            out.append(Counter(f"score{i}", LABEL["Points"], points(state.taken[i]), owner=i))
            out.append(Counter(f"cards{i}", LABEL["Score cards"], len(state.taken[i]), owner=i))
            out.append(Counter(f"guard{i}", LABEL["Cancels held"], state.cancels[i], owner=i))
        beat = to_beat(state)
        out.append(Counter("beat", LABEL["To beat"], EMPTY if beat is None else beat))
        out.append(Counter("round", LABEL["Round"], state.match.round))
        extra = int(state.extra_flip)
        out.append(Counter("extra", LABEL["Extra score card next round"], extra))
        return out

    def status(self, state: TrumpDuelState, seat: int | None) -> Msg:
        """Whose turn and what they must do."""
        if state.result is not None:
            winners = state.result.winners
            if len(winners) > 1:
                return Msg("The duel is over: a draw.")
            if seat == winners[0]:
                return Msg("The duel is over: you win.")
            return Msg("The duel is over: {player} wins.", player=Seat(winners[0]))
        mine, who = seat == state.actor, Seat(state.actor)
        if state.phase != "play":
            return (
                PROMPTS[state.phase] if mine else Msg("Waiting for {player} to choose.", player=who)
            )
        if state.first_play:
            if mine:
                return Msg("You open the round with a single card.")
            return Msg("{player} opens the round with a single card.", player=who)
        beat = total(state.display[1 - state.actor])
        if beat == 20:
            if mine:
                return Msg("Only 1+1 beats 20: show two 1s, or pass.")
            return Msg("{player} must show 1+1 to beat 20, or pass.", player=who)
        if beat == 10:
            if mine:
                return Msg("Show more than 10 with one or two cards, or a single 1; or pass.")
            return Msg(
                "{player} must show more than 10 with one or two cards, or a single 1; or pass.",
                player=who,
            )
        if mine:
            return Msg("You must show more than {beat} with one or two cards, or pass.", beat=beat)
        return Msg(
            "{player} must show more than {beat} with one or two cards, or pass.",
            player=who,
            beat=beat,
        )

    def facts(self, state: TrumpDuelState) -> dict[str, Any]:
        """The round and the sub-phase (the loser choosing which effect comes first: "order")."""
        return {**super().facts(state), "phase": state.phase}

    def tag(self, state: TrumpDuelState, seat: int, action: Action) -> Move:
        """Drag cards to play, click cards to choose, buttons for passing and effects."""
        verb, args = action.verb, action.args
        if verb == "play":
            label = Msg("Play {cards}", cards=Cards(args))
            return Move(str(action), "drag", label, args, f"display{seat}")
        if verb == "pass":
            return Move(str(action), "button", Msg("Pass (lose the round)"))
        if verb == "effect":
            suit = Suit(args[0])
            if state.phase == "order":
                label = Msg("Use {suit} first", suit=suit)
            else:
                label = Msg("Use the {suit} effect", suit=suit)
            return Move(str(action), "button", label)
        card = Card(args[0])
        if verb == "cancel":
            label = Msg("Cancel {card}", card=card)
        elif verb == "exchange":
            label = Msg("Exchange {card}", card=card)
        else:
            label = Msg("Take {card}", card=card, ctx="into hand")
        return Move(str(action), "click", label, args)

    # ---- copies for search ---------------------------------------------------------------

    def narrate(
        self, event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]
    ) -> list[Line]:
        """What an event tells a viewer, as lines (tabletop/games/trump_duel_story.py)."""
        return trump_duel_story.narrate(event, viewer, memo)

    # ---- how each score came about ----------------------------------------------------
    def score_lines(self, events: Sequence[EventData], players: int) -> list[ScoreLine]:
        """Per round: the score cards the winner took, cards held, points gained."""
        lines = []
        won: dict[int, list[str]] = {}
        for e in events:
            if e.get("type") == "round_won":
                won = {int(e["winner"]): [str(c) for c in e.get("score_cards", [])]}
            elif e.get("type") == "round_end":
                held = e.get("score_cards", [0] * players)
                cells = tuple(
                    (Msg("{cards}", cards=Cards(won[s])) if won.get(s) else "", held[s])
                    for s in range(players)
                )
                deal = int(e["round"])
                lines.append(ScoreLine(deal, deal, cells, tuple(e["scores"]), tuple(e["totals"])))
                won = {}
        return lines

    def score_sheet(self, players: int, options: Mapping[str, Any]) -> ScoreSheet:
        """A row per round: score cards won and held, points gained and held."""
        return ScoreSheet(
            Msg("Round"),
            (Msg("Score cards won"), Msg("Held")),
            Msg("Equal points: more score cards ranks higher; still equal, the game is a draw."),
            12,
            (
                Msg(
                    "Score-card triples: three of a suit 1 point, three of a rank 1 point, "
                    "J-Q-K 1 point; each card in one set only. Reaching 3 points wins at once."
                ),
            ),
            score=Msg("Gained"),
            total=Msg("Points", ctx="sets"),
        )


GAME = register(TrumpDuel())
