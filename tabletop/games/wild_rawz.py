"""ワイルドローツ (Wild Rawz): must-follow tricks with UNO cards, a drafted trump and withdrawing.

Rules in the project's words: docs/rules/wild-rawz.md. Designer: はぎぞう (hagizou).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.breakdown import SHARE, Cell, EventData, ScoreLine, ScoreSheet, deal_ends
from tabletop.engine.events import Event
from tabletop.engine.game import Game, Line, State
from tabletop.engine.registry import register
from tabletop.engine.text import Card, Msg, Seat
from tabletop.engine.views import Counter, Move, Zone
from tabletop.games import wild_rawz_story
from tabletop.games.common import (
    action_table,
    deal,
    deal_again_or_finish,
    hand_zones,
    secret_hands,
)
from tabletop.games.info.wild_rawz import INFO
from tabletop.games.wild_rawz_rules import (
    ALL_CODES,
    HAND_SIZE,
    ROW_SIZE,
    SIDEWAYS,
    bonus_target,
    deck,
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
COLOUR = {
    "R": Msg("red", ctx="colour"),
    "Y": Msg("yellow", ctx="colour"),
    "G": Msg("green", ctx="colour"),
    "B": Msg("blue", ctx="colour"),
}

LABEL = {
    "Draft row": Msg("Draft row"),
    "Trump": Msg("Trump"),
    "Set aside": Msg("Set aside"),
    "Trick": Msg("Trick"),
    "Sideways": Msg("Sideways"),
    "Withdrawn": Msg("Withdrawn"),
    "Won": Msg("Won"),
    "Tricks": Msg("Tricks"),
    "Bonus at": Msg("Bonus at"),
    "Round": Msg("Round"),
    "Start player": Msg("Start player"),
    "Leader": Msg("Leader"),
    "not set yet": Msg("not set yet"),
}
"""Zone and counter labels, built once."""


# ---- state --------------------------------------------------------------------------------
class WildRawzState(State):
    """Hands, the draft row, trump, the current trick and each seat's won / withdrawn cards."""

    COPY_FLAT = ("row", "set_aside", "trick", "tricks")
    COPY_NESTED = ("hands", "withdrawn", "won")

    sideways: int
    hands: list[list[str]]
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


def withdraw_refusal(state: WildRawzState) -> Msg | None:
    """Why no card may be withdrawn now, or None if one may: the leader cannot withdraw, and
    only one player may withdraw from a trick. The one check for `legal` and the refusal."""
    if not state.trick:
        return Msg("The leader cannot withdraw; lead a card to the trick.")
    if state.withdrawal is not None:
        return Msg(
            "Only one player may withdraw from a trick, and {player} already has.",
            player=Seat(state.withdrawal[0]),
        )
    return None


class WildRawz(Game[WildRawzState]):
    """The Wild Rawz rules."""

    info = INFO

    # ---- setup and dealing ----------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> WildRawzState:
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
    def seats_to_act(self, state: WildRawzState) -> frozenset[int]:
        """The one seat whose turn it is."""
        return frozenset((state.turn,))

    def legal(self, state: WildRawzState, seat: int) -> list[Action]:
        """Draft any row card; then follow the led colour if able, or withdraw any card."""
        if state.phase == "draft":
            return distinct(state.row, DRAFT)
        hand = state.hands[seat]
        if not state.trick:
            actions = distinct(hand, PLAY)
        else:
            led = state.trick[0][1][0]
            actions = distinct([c for c in hand if c[0] == led] or hand, PLAY)
        if withdraw_refusal(state) is None:
            actions += distinct(hand, WITHDRAW)
        return actions

    def refusal(self, state: WildRawzState, seat: int, action: Action) -> Msg:
        """Why an action is refused, in a player's words."""
        if action.verb not in VERBS or len(action.args) != 1:
            if state.phase == "draft":
                return Msg("Take one card from the face-up row.")
            return Msg("Play or withdraw one card from your hand.")
        card = action.args[0]
        if state.phase == "draft":
            if action.verb != "draft":
                return Msg("First take a card from the face-up row; trump is not set yet.")
            return Msg("The {card} is not in the face-up row.", card=Card(card))
        if action.verb == "draft":
            return Msg("The draft is over: play or withdraw a card.")
        if card not in state.hands[seat]:
            return Msg("You do not hold {card}.", card=Card(card))
        if action.verb == "withdraw":
            reason = withdraw_refusal(state)
            if reason is not None:
                return reason
        led = COLOUR[state.trick[0][1][0]]
        if state.withdrawal is None:
            return Msg("You must follow {colour} (or withdraw a card).", colour=led)
        return Msg("You must follow {colour}.", colour=led)

    # ---- doing it -------------------------------------------------------------------------
    def perform(self, state: WildRawzState, seat: int, action: Action) -> list[Event]:
        """Draft a row card, play a card to the trick, or withdraw a card beside one's own."""
        card = action.args[0]
        if action.verb == "draft":
            return self._draft(state, seat, card)
        state.hands[seat].remove(card)
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
        again = deal_again_or_finish(state, lambda: self._deal(state))
        return events if again is None else [*events, again]

    # ---- what the table shows -------------------------------------------------------------
    def zones(self, state: WildRawzState) -> list[Zone]:
        """Hands, the draft row, trump, set-aside cards, the trick, sideways/withdrawn/won."""
        zones = hand_zones(state.hands)
        zones.append(Zone("row", "row", tuple(state.row), label=LABEL["Draft row"]))
        trump = (state.trump,) if state.trump else ()
        zones.append(Zone("trump", "pile", trump, label=LABEL["Trump"]))
        zones.append(Zone("set_aside", "row", tuple(state.set_aside), label=LABEL["Set aside"]))
        zones.append(Zone("trick", "trick", tuple(c for _, c in state.trick), label=LABEL["Trick"]))
        side = str(state.sideways)
        for i in range(state.players):
            # The sideways card's colour is irrelevant; each seat shows a different one.
            zones.append(
                Zone(f"sideways{i}", "pile", ("RYGB"[i] + side,), owner=i, label=LABEL["Sideways"])
            )
            zones.append(
                Zone(
                    f"withdrawn{i}",
                    "row",
                    tuple(state.withdrawn[i]),
                    owner=i,
                    label=LABEL["Withdrawn"],
                )
            )
            zones.append(
                Zone(f"won{i}", "tableau", tuple(state.won[i]), owner=i, label=LABEL["Won"])
            )
        return zones

    def counters(self, state: WildRawzState) -> list[Counter]:
        """Scores, tricks, withdrawn cards, the bonus target, round, start player, trump."""
        out = super().counters(state)
        for i in range(state.players):
            out.append(Counter(f"tricks{i}", LABEL["Tricks"], state.tricks[i], owner=i))
            withdrawn = len(state.withdrawn[i])
            out.append(Counter(f"withdrawn{i}", LABEL["Withdrawn"], withdrawn, owner=i))
            target = bonus_target(state.sideways, state.withdrawn[i])
            out.append(Counter(f"target{i}", LABEL["Bonus at"], target, owner=i))
        rounds = Msg("{number}/{total}", number=state.match.round, total=state.match.rounds)
        out.append(Counter("round", LABEL["Round"], rounds))
        start = Msg("{seat}", seat=Seat(state.match.dealer))
        out.append(Counter("start", LABEL["Start player"], start))
        out.append(Counter("leader", LABEL["Leader"], Msg("{seat}", seat=Seat(state.leader))))
        trump = Msg("{card}", card=Card(state.trump)) if state.trump else LABEL["not set yet"]
        out.append(Counter("trump", LABEL["Trump"], trump))
        return out

    def status(self, state: WildRawzState, seat: int | None) -> Msg:
        """Whose turn and what they must do."""
        if state.result is not None:
            return Msg("The match is over.")
        mine, who = seat == state.turn, Seat(state.turn)
        if state.phase == "draft":
            if mine:
                return Msg("Your turn to take a card from the row; the last card left sets trump.")
            return Msg(
                "{player} to take a card from the row; the last card left sets trump.", player=who
            )
        trump = Card(state.trump or "")
        if not state.trick:
            if mine:
                return Msg("Your lead; trump is {trump} (colour and number).", trump=trump)
            return Msg(
                "{player} to lead; trump is {trump} (colour and number).", player=who, trump=trump
            )
        led = COLOUR[state.trick[0][1][0]]
        if state.withdrawal is None:
            if mine:
                return Msg(
                    "Your turn; {colour} led, trump is {trump}; one player may still withdraw.",
                    colour=led,
                    trump=trump,
                )
            return Msg(
                "{player} to play; {colour} led, trump is {trump}; one player may still withdraw.",
                player=who,
                colour=led,
                trump=trump,
            )
        gone = Seat(state.withdrawal[0])
        if mine:
            return Msg(
                "Your turn; {colour} led, trump is {trump}; {withdrawer} withdrew.",
                colour=led,
                trump=trump,
                withdrawer=gone,
            )
        return Msg(
            "{player} to play; {colour} led, trump is {trump}; {withdrawer} withdrew.",
            player=who,
            colour=led,
            trump=trump,
            withdrawer=gone,
        )

    def facts(self, state: WildRawzState) -> dict[str, Any]:
        """The round, the start player (the dealer) and the trick's leader."""
        return {**super().facts(state), "leader": state.leader}

    def hints(self, state: WildRawzState) -> dict[str, Any]:
        """The trump card, who played each trick card and who withdrew."""
        return {
            "trump": state.trump,
            "trick_seats": [s for s, _ in state.trick],
            "withdrawn_seat": state.withdrawal[0] if state.withdrawal else None,
            "zone_order": ["sideways", "withdrawn", "won"],
        }

    def tag(self, state: State, seat: int, action: Action) -> Move:
        """Click a row card to draft; drag a card to the trick or beside the sideways card."""
        card = action.args[0]
        if action.verb == "draft":
            return Move(
                str(action), "click", Msg("Take {card}", card=Card(card)), action.args, "row"
            )
        if action.verb == "withdraw":
            label = Msg("Withdraw {card}", card=Card(card))
            return Move(str(action), "drag", label, action.args, f"withdrawn{seat}")
        return Move(str(action), "drag", Msg("Play {card}", card=Card(card)), action.args, "trick")

    # ---- copies for search ---------------------------------------------------------------

    def narrate(
        self, event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]
    ) -> list[Line]:
        """What an event tells a viewer, as lines (tabletop/games/wild_rawz_story.py)."""
        return wild_rawz_story.narrate(event, viewer, memo)

    # ---- how each score came about ----------------------------------------------------
    def score_lines(self, events: Sequence[EventData], players: int) -> list[ScoreLine]:
        """Per round: tricks won + cards withdrawn + the bonus for hitting the target."""
        lines = []
        for e in deal_ends(events):
            cells, scores = [], []
            for tricks, withdrawn, bonus in zip(
                e["tricks"], e["withdrawn"], e["bonus"], strict=True
            ):
                cells.append((tricks, len(withdrawn), bonus))
                scores.append(tricks + len(withdrawn) + bonus)
            deal = int(e["round"])
            trump: Cell = Msg("{card}", card=Card(e["trump"])) if e.get("trump") else ""
            lines.append(
                ScoreLine(deal, deal, tuple(cells), tuple(scores), tuple(e["totals"]), (trump,))
            )
        return lines

    def score_sheet(self, players: int, options: Mapping[str, Any]) -> ScoreSheet:
        """A row per round: the trump, each seat's tricks, withdrawn cards and bonus."""
        return ScoreSheet(
            Msg("Round"),
            (Msg("Tricks"), Msg("Withdrawn"), Msg("Bonus")),
            SHARE,
            super().score_sheet(players, options).rows,
            (
                Msg(
                    "Score = tricks won + cards withdrawn + 5 bonus when the withdrawn numbers "
                    "leave exactly your tricks (sideways value − withdrawn numbers = tricks; a "
                    "skip counts 0)."
                ),
            ),
            shared=(Msg("Trump"),),
        )


GAME = register(WildRawz())
