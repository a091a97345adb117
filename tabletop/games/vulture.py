"""Shared rules of ドミッチ's two ハゲタカのえじき games (`hagetaka`, `hagetaka-party`).

Number cards `N1..N15` (five of each), score cards `V-5..V10`, the score-card table as editable
data, bout resolution with cancelling ties and carried piles, and `VultureGame`, the base class
holding the bidding part of a battle that both games share. Rules: docs/rules/hagetaka.md and
docs/rules/hagetaka-party.md.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, ClassVar, TypeVar

from tabletop.engine.actions import Action
from tabletop.engine.breakdown import EventData, ScoreLine, ScoreSheet
from tabletop.engine.errors import BadOption
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import Game, Line, State
from tabletop.engine.text import Card, Msg
from tabletop.engine.views import HIDDEN, Counter, Move, Zone, private
from tabletop.games import vulture_story
from tabletop.games.common import HAND, action_table, finish

# ---- constants ----------------------------------------------------------------------------
NUMBER_CODES = tuple(f"N{n}" for n in range(1, 16))
NUMBER_DECK = NUMBER_CODES * 5  # five colours; colour never matters
NUMBER = {c: n for n, c in enumerate(NUMBER_CODES, start=1)}
LOW_VALUE, HIGH_VALUE = -5, 10  # the score cards that exist
SCORE_CODE = {v: f"V{v}" for v in range(LOW_VALUE, HIGH_VALUE + 1)}
SCORE_VALUE = {c: v for v, c in SCORE_CODE.items()}
ZERO = SCORE_CODE[0]
BATTLES = 6
BATTLE_CARDS = 5
BOUTS = 3
ROUNDS = 3
LONE_TAKE = 3
BID = action_table("bid", NUMBER_CODES)
LABEL = {
    "deck": Msg("Numbers", ctx="the pile of number cards"),
    "discard": Msg("Discards"),
    "box": Msg("Score deck", ctx="the score cards still to be turned up"),
    "stack": Msg("This battle"),
    "pile": Msg("At stake", ctx="the pot of score cards"),
    "used": Msg("Used score cards"),
    "bid": Msg("Sealed bid"),
    "played": Msg("Played"),
    "taken": Msg("Taken this round"),
    "score": Msg("Score"),
    "now": Msg("This round"),
    "zeros": Msg("0 cards"),
    "in": Msg("In this battle"),
    "round": Msg("Round"),
    "battle": Msg("Battle"),
    "bout": Msg("Bout"),
    "flipped": Msg("Turned this battle"),
}
"""Zone and counter labels, built once."""

BID_MOVES_KEPT = 4096
"""At most this many bid moves are remembered (they depend only on the seat and the card)."""
_BID_MOVES: dict[tuple[int, Action], Move] = {}

Table = tuple[tuple[int, ...], ...]
TABLE_FORM = Msg("The score-card table must be text like 0,1,1,2,3/-1,1,2,3,4/...")


# ---- the score-card table -----------------------------------------------------------------
def parse_table(text: str) -> Table:
    """Read `a,b,c,d,e/...` (six battles of five values, -5..10); BadOption says what is wrong."""
    if not isinstance(text, str):
        raise BadOption(TABLE_FORM)
    rows = text.replace(";", "/").split("/")
    if len(rows) != BATTLES:
        raise BadOption(
            Msg(
                "The score-card table needs {battles} battles separated by '/', not {found}.",
                battles=BATTLES,
                found=len(rows),
            )
        )
    table = []
    for b, row in enumerate(rows, start=1):
        parts = [p.strip() for p in row.split(",")]
        if len(parts) != BATTLE_CARDS:
            raise BadOption(
                Msg(
                    "Battle {battle} of the score-card table needs {cards} values, not {found}.",
                    battle=b,
                    cards=BATTLE_CARDS,
                    found=len(parts),
                )
            )
        values = []
        for p in parts:
            try:
                v = int(p)
            except ValueError:
                raise BadOption(
                    Msg("Battle {battle}: {text} is not a whole number.", battle=b, text=repr(p))
                ) from None
            if not LOW_VALUE <= v <= HIGH_VALUE:
                raise BadOption(
                    Msg(
                        "Battle {battle}: score cards run from {low} to {high}, not {value}.",
                        battle=b,
                        low=LOW_VALUE,
                        high=HIGH_VALUE,
                        value=v,
                    )
                )
            values.append(v)
        table.append(tuple(sorted(values)))
    return tuple(table)


def table_text(table: Table) -> str:
    """The canonical text of a table (values sorted within each battle)."""
    return "/".join(",".join(str(v) for v in row) for row in table)


# ---- pure rules ---------------------------------------------------------------------------
def number(code: str) -> int:
    """The number on a number card (N7 → 7)."""
    return NUMBER[code]


def hand_total(cards: Sequence[str]) -> int:
    """Sum of the numbers on some number cards."""
    return sum(NUMBER[c] for c in cards)


def by_number(cards: Sequence[str]) -> list[str]:
    """Number cards sorted low to high."""
    return sorted(cards, key=NUMBER.__getitem__)


def pile_total(cards: Sequence[str]) -> int:
    """Face value of a pile of score cards (the 0 card adds nothing)."""
    return sum(SCORE_VALUE[c] for c in cards)


@cache
def alone(seat: int) -> frozenset[int]:
    """The visibility mark of one seat's own zones (`views.private(seat)`, made once)."""
    return private(seat)


@cache
def together(seats: tuple[int, ...]) -> frozenset[int]:
    """The visibility mark of zones these seats all see (made once per set of seats)."""
    return frozenset(seats)


@cache
def _seat_ids(players: int) -> tuple[tuple[str, str, str, str], ...]:
    """Each seat's hand, bid, played and taken zone ids."""
    return tuple((f"hand{i}", f"bid{i}", f"played{i}", f"taken{i}") for i in range(players))


@cache
def _counter_ids(players: int) -> tuple[tuple[str, str, str, str], ...]:
    """Each seat's score, round points, 0 cards and taking-part counter ids."""
    return tuple((f"score{i}", f"now{i}", f"zeros{i}", f"in{i}") for i in range(players))


@cache
def _sealing(players: int, seat: int) -> frozenset[str]:
    """The zones a sealed bid that does not end the bout changes: the seat's hand and bid."""
    hand_id, bid_id, _played_id, _taken_id = _seat_ids(players)[seat]
    return frozenset((hand_id, bid_id))


def bout_winner(bids: Sequence[tuple[int, str]], total: int) -> tuple[int | None, list[int]]:
    """Who takes a pile worth `total` from (seat, card) bids, and the cancelled numbers.

    Equal numbers cancel whatever their size; of the rest the highest takes a pile worth 0 or
    more, the lowest a negative one. None when every number cancelled.
    """
    counts = Tally(NUMBER[c] for _, c in bids)
    cancelled = sorted(n for n, k in counts.items() if k > 1)
    alive = [(NUMBER[c], seat) for seat, c in bids if counts[NUMBER[c]] == 1]
    if not alive:
        return None, cancelled
    return (max(alive) if total >= 0 else min(alive))[1], cancelled


def doubles(round_no: int) -> bool:
    """The last round counts double."""
    return round_no == ROUNDS


def round_points(cards: Sequence[str], zero_value: float, round_no: int) -> float:
    """Points of the score cards taken in round `round_no`: the 0 card is worth `zero_value`.

    In the doubled last round every value counts twice and the 0 card counts 1.
    """
    zeros = sum(1 for c in cards if c == ZERO)
    base = pile_total(cards)
    points = 2 * base + zeros if doubles(round_no) else base + zeros * zero_value
    return int(points) if float(points).is_integer() else round(points, 6)


# ---- state --------------------------------------------------------------------------------
class VultureState(State):
    """What both games share: number and score cards, the battle under way, points taken."""

    COPY_FLAT: ClassVar[tuple[str, ...]] = (
        "deck",
        "discard",
        "box",
        "stack",
        "pile",
        "flipped",
        "used",
        "bids",
        "zeros",
    )
    COPY_NESTED: ClassVar[tuple[str, ...]] = ("hands", "played", "taken")

    table: Table
    deck: list[str]
    discard: list[str]
    box: list[str]
    stack: list[str]
    pile: list[str]
    flipped: list[str]
    used: list[str]
    hands: list[list[str]]
    bids: list[str | None]
    played: list[list[str]]
    taken: list[list[str]]
    zeros: list[int]
    phase: str
    battle: int
    bout: int
    participants: tuple[int, ...]
    shown: bool

    def init_vulture(self, table: Table) -> None:
        """Fill the shared fields once `init_common` has run."""
        n = self.players
        self.table = table
        self.deck = []
        self.discard = []
        self.box = [SCORE_CODE[v] for _ in range(ROUNDS) for row in table for v in row]
        self.stack = []
        self.pile = []
        self.flipped = []
        self.used = []
        self.hands = [[] for _ in range(n)]
        self.bids = [None] * n
        self.played = [[] for _ in range(n)]
        self.taken = [[] for _ in range(n)]
        self.zeros = [0] * n
        self.phase = "deal"
        self.battle = 0
        self.bout = 0
        self.participants = ()
        self.shown = False


def deck_order(deck: list[str]) -> Secret:
    """The number-card deck in drawing order (the next card first), secret to every seat."""
    return Secret(HIDDEN, deck[::-1])


VS = TypeVar("VS", bound=VultureState)
"""The State of a vulture game."""


class VultureGame(Game[VS]):
    """Base of both games: number deck, bidding, bouts, lone participants, round scoring."""

    zero_value: float = 0.5
    carry_between_battles: bool = True
    log_fields_added_in_2: ClassVar[dict[str, frozenset[str]]] = {
        "deal": frozenset({"deck_order", "reshuffles"}),
        "redraw": frozenset({"reshuffles"}),
        "battle": frozenset({"stack"}),
        "lone": frozenset({"stack", "spent"}),
    }
    """Event fields a format-1 replay log did not record (`engine.log`)."""

    def __init__(self) -> None:
        self._owners: dict[int, dict[str, int]] = {}
        """Per player count, the seat owning each zone of a seat (for `zone`)."""

    def _after_battle(self, state: VS) -> list[Event]:
        """Open the next battle or end the round."""
        raise NotImplementedError

    def _deal_round(self, state: VS) -> list[Event]:
        """Deal a new round's number cards and open its first phase."""
        raise NotImplementedError

    def _seat_zones(self, state: VS, seat: int) -> list[Zone]:
        """The game's own zones of one seat (sets, colour cards, plot markers)."""
        return []

    # ---- number cards -----------------------------------------------------------------
    def _fresh_deck(self, state: VS) -> None:
        """All 75 number cards shuffled into the deck (every one is back by a round's end)."""
        state.deck = list(NUMBER_DECK)
        state.discard = []
        state.rng.shuffle(state.deck)

    def _draw(self, state: VS, k: int, shuffles: list[list[str]] | None = None) -> list[str]:
        """Draw k number cards, shuffling the discard pile into the deck when it runs out.

        Each new deck is added to `shuffles` (if given) in drawing order, for the log.
        """
        out = []
        for _ in range(k):
            if not state.deck:
                state.deck, state.discard = state.discard, []
                state.rng.shuffle(state.deck)
                if shuffles is not None:
                    shuffles.append(state.deck[::-1])
            out.append(state.deck.pop())
        return out

    # ---- a battle ---------------------------------------------------------------------
    def _open_stack(self, state: VS) -> None:
        """Take the battle's five score cards from the box and shuffle them face down."""
        stack = [SCORE_CODE[v] for v in state.table[state.battle - 1]]
        for c in stack:
            state.box.remove(c)
        state.rng.shuffle(stack)
        state.stack = stack
        state.flipped = []

    def _start_battle(self, state: VS, participants: Sequence[int]) -> list[Event]:
        """A battle with its participants (hands already in place): lone take or bouts."""
        state.participants = tuple(sorted(participants))
        self._open_stack(state)
        if len(state.participants) == 1:
            return self._lone(state, state.participants[0])
        state.shown = state.match.round >= 2
        audience = frozenset(state.participants)
        hands = {
            str(i): Secret(audience if state.shown else private(i), by_number(state.hands[i]))
            for i in state.participants
        }
        event = Event(
            "battle",
            {
                "round": state.match.round,
                "battle": state.battle,
                "participants": list(state.participants),
                "shown": state.shown,
                "hands": hands,
                "stack": Secret(HIDDEN, state.stack[::-1]),
            },
        )
        state.phase = "bid"
        state.bout = 0
        state.bids = [None] * state.players
        return [event, *self._flip(state)]

    def _lone(self, state: VS, seat: int) -> list[Event]:
        """A lone participant takes three random score cards of five (and any carried pile)."""
        carried = list(state.pile)
        stack = Secret(HIDDEN, state.stack[::-1])
        spent = Secret(private(seat), by_number(state.hands[seat]))
        drawn = state.stack[-LONE_TAKE:]
        took = carried + drawn
        del state.stack[-LONE_TAKE:]
        state.pile = []
        self._take(state, seat, took)
        state.discard.extend(state.hands[seat])
        state.hands[seat] = []
        event = Event(
            "lone",
            {
                "round": state.match.round,
                "battle": state.battle,
                "seat": seat,
                "carried": carried,
                "drawn": drawn,
                "points": self._points(state, seat),
                "stack": stack,
                "spent": spent,
            },
        )
        return [event, *self._close_battle(state)]

    def _take(self, state: VS, seat: int, cards: Sequence[str]) -> None:
        state.taken[seat].extend(cards)
        state.zeros[seat] += sum(1 for c in cards if c == ZERO)

    def _points(self, state: VS, seat: int) -> float:
        """This round's points so far for a seat."""
        return round_points(state.taken[seat], self.zero_value, state.match.round)

    def _flip(self, state: VS) -> list[Event]:
        """Turn the next score card onto the pile; the last bout plays itself."""
        state.bout += 1
        card = state.stack.pop()
        state.pile.append(card)
        state.flipped.append(card)
        events = [
            Event(
                "flip",
                {
                    "round": state.match.round,
                    "battle": state.battle,
                    "bout": state.bout,
                    "card": card,
                    "pile": list(state.pile),
                },
            )
        ]
        if all(len(state.hands[i]) == 1 for i in state.participants):
            for i in state.participants:
                state.bids[i] = state.hands[i].pop()
            events.extend(self._resolve(state))
        return events

    def _bid(self, state: VS, seat: int, card: str) -> list[Event]:
        """Seal one number card; when every participant has, reveal and resolve the bout."""
        state.hands[seat].remove(card)
        state.bids[seat] = card
        if any(state.bids[i] is None for i in state.participants):
            state.touched = _sealing(state.players, seat)
            return []
        return self._resolve(state)

    def _resolve(self, state: VS) -> list[Event]:
        bids = [(i, state.bids[i] or "") for i in state.participants]
        for i, c in bids:
            state.played[i].append(c)
            state.bids[i] = None
        head = {"round": state.match.round, "battle": state.battle, "bout": state.bout}
        events = [Event("bid", {**head, "bids": {str(i): c for i, c in bids}})]
        total = pile_total(state.pile)
        winner, cancelled = bout_winner(bids, total)
        data: dict[str, Any] = {
            **head,
            "pile": list(state.pile),
            "total": total,
            "cancelled": cancelled,
            "winner": winner,
        }
        last = state.bout == BOUTS
        if winner is not None:
            self._take(state, winner, state.pile)
            state.pile = []
        elif last and not self.carry_between_battles:
            data["discarded"] = list(state.pile)
            state.used.extend(state.pile)
            state.pile = []
        else:
            data["carried"] = list(state.pile)
        events.append(Event("bout", data))
        if not last:
            events.extend(self._flip(state))
            return events
        events.extend(self._close_battle(state))
        return events

    def _close_battle(self, state: VS) -> list[Event]:
        """Put away the battle's number and score cards, then go on."""
        for i in state.participants:
            state.discard.extend(state.played[i])
            state.played[i] = []
        state.used.extend(state.stack)
        state.stack = []
        state.participants = ()
        state.shown = False
        return self._after_battle(state)

    # ---- rounds -----------------------------------------------------------------------
    def _end_round(self, state: VS) -> list[Event]:
        """Score the round; deal the next one or finish the match."""
        scores = [self._points(state, i) for i in range(state.players)]
        state.match.record(scores)
        data: dict[str, Any] = {
            "round": state.match.round,
            "taken": [list(t) for t in state.taken],
            "scores": scores,
            "totals": state.match.totals,
        }
        for t in state.taken:
            state.used.extend(t)
            t.clear()
        last = state.match.round >= state.match.rounds
        if last and state.pile:
            data["discarded"] = list(state.pile)
            state.used.extend(state.pile)
            state.pile = []
        events = [Event("round_end", data)]
        state.phase = "over" if last else "deal"
        if last:
            events.append(finish(state))
            return events
        state.match.next_round()
        events.extend(self._deal_round(state))
        return events

    # ---- shared parts of the rule hooks -----------------------------------------------
    def _bid_legal(self, state: VS, seat: int) -> list[Action]:
        return [BID[c] for c in dict.fromkeys(by_number(state.hands[seat]))]

    def _bid_refusal(self, state: VS, seat: int, action: Action) -> Msg:
        if action.verb != "bid" or len(action.args) != 1:
            return Msg("Choose one number card from your hand to bid.")
        return Msg("You do not hold {card}.", card=Card(action.args[0]))

    def _hand_mark(self, state: VS, seat: int) -> frozenset[int]:
        """Participants see each other's hands in rounds 2–3, except a hand already bid from."""
        if state.shown and state.bids[seat] is None and seat in state.participants:
            return together(state.participants)
        return alone(seat)

    def zones(self, state: VS) -> list[Zone]:
        """Decks and piles, then each seat's own zones, hand, sealed bid, played and taken."""
        zone = Zone
        zones = [
            zone("deck", "stack", tuple(state.deck), None, LABEL["deck"], HIDDEN),
            zone("discard", "pile", tuple(state.discard), None, LABEL["discard"], None),
            zone("box", "stack", tuple(state.box), None, LABEL["box"], HIDDEN),
            zone("stack", "stack", tuple(state.stack), None, LABEL["stack"], HIDDEN),
            zone("pile", "row", tuple(state.pile), None, LABEL["pile"], None),
            zone("used", "pile", tuple(state.used), None, LABEL["used"], None),
        ]
        own = self._own_zones
        for i in range(state.players):
            zones += own(state, i)
        return zones

    def _own_zones(self, state: VS, seat: int) -> list[Zone]:
        """One seat's zones: the game's own, then hand, sealed bid, played and taken."""
        hand_id, bid_id, played_id, taken_id = _seat_ids(state.players)[seat]
        bid = state.bids[seat]
        hand = tuple(by_number(state.hands[seat]))
        return [
            *self._seat_zones(state, seat),
            Zone(hand_id, "hand", hand, seat, HAND, self._hand_mark(state, seat)),
            Zone(bid_id, "row", (bid,) if bid else (), seat, LABEL["bid"], alone(seat)),
            Zone(played_id, "row", tuple(state.played[seat]), seat, LABEL["played"], None),
            Zone(taken_id, "tableau", tuple(state.taken[seat]), seat, LABEL["taken"], None),
        ]

    def zone(self, state: VS, zone_id: str) -> Zone:
        """A seat's zone built alone (the shared ones through `zones`)."""
        owners = self._owners.get(state.players)
        if owners is None:
            owners = self._owners[state.players] = {
                z.id: seat for seat in range(state.players) for z in self._own_zones(state, seat)
            }
        seat = owners.get(zone_id)
        if seat is None:
            return super().zone(state, zone_id)
        return next(z for z in self._own_zones(state, seat) if z.id == zone_id)

    def counters(self, state: VS) -> list[Counter]:
        """Match totals, this round's points, 0 cards, and where the match stands."""
        counter = Counter
        n = state.players
        totals = state.match.totals
        score_label = LABEL["score"]
        out = [counter(ids[0], score_label, totals[i], i) for i, ids in enumerate(_counter_ids(n))]
        round_no = state.match.round
        now_label, zeros_label, in_label = LABEL["now"], LABEL["zeros"], LABEL["in"]
        taken, zeros, participants, zero_value = (
            state.taken,
            state.zeros,
            state.participants,
            self.zero_value,
        )
        for i, (_score_id, now_id, zeros_id, in_id) in enumerate(_counter_ids(n)):
            out += [
                counter(now_id, now_label, round_points(taken[i], zero_value, round_no), i),
                counter(zeros_id, zeros_label, zeros[i], i),
                counter(in_id, in_label, int(i in participants), i),
            ]
        flipped = " ".join(str(SCORE_VALUE[c]) for c in state.flipped)
        rounds = Msg("{number}/{total}", number=state.match.round, total=state.match.rounds)
        out += [
            counter("round", LABEL["round"], rounds),
            counter("battle", LABEL["battle"], state.battle),
            counter("bout", LABEL["bout"], state.bout),
            counter("stake", LABEL["pile"], pile_total(state.pile)),
            counter("flipped", LABEL["flipped"], flipped),
        ]
        return out

    def _bid_status(self, state: VS, seat: int | None) -> Msg:
        high = pile_total(state.pile) >= 0
        if seat is not None and seat in state.participants and state.bids[seat] is None:
            if high:
                return Msg(
                    "Round {round}, battle {battle}, bout {bout}: seal a number card; "
                    "the highest unique number takes the pile.",
                    round=state.match.round,
                    battle=state.battle,
                    bout=state.bout,
                )
            return Msg(
                "Round {round}, battle {battle}, bout {bout}: seal a number card; "
                "the lowest unique number takes the pile.",
                round=state.match.round,
                battle=state.battle,
                bout=state.bout,
            )
        if high:
            return Msg(
                "Round {round}, battle {battle}, bout {bout}: waiting for sealed bids; "
                "the highest unique number takes the pile.",
                round=state.match.round,
                battle=state.battle,
                bout=state.bout,
            )
        return Msg(
            "Round {round}, battle {battle}, bout {bout}: waiting for sealed bids; "
            "the lowest unique number takes the pile.",
            round=state.match.round,
            battle=state.battle,
            bout=state.bout,
        )

    def facts(self, state: VS) -> dict[str, Any]:
        """The round and the values of the score cards turned up for the battle, in order."""
        return {**super().facts(state), "flipped": [SCORE_VALUE[c] for c in state.flipped]}

    def hints(self, state: VS) -> dict[str, Any]:
        """The score-card table the players consult."""
        return {
            "score_table": [list(r) for r in state.table],
            "zone_order": ["bid", "played", "taken"],
        }

    def _bid_tag(self, seat: int, action: Action) -> Move:
        key = (seat, action)
        move = _BID_MOVES.get(key)
        if move is None:
            card = action.args[0]
            label = Msg("Bid {number}", number=NUMBER[card])
            move = Move(str(action), "drag", label, action.args, f"bid{seat}")
            if len(_BID_MOVES) < BID_MOVES_KEPT:
                _BID_MOVES[key] = move
        return move

    def narrate(
        self, event: Mapping[str, Any], viewer: int | None, memo: dict[str, Any]
    ) -> list[Line]:
        """What an event tells a viewer, as lines (tabletop/games/vulture_story.py)."""
        return vulture_story.narrate(event, viewer, memo)

    # ---- how each score came about ----------------------------------------------------
    def score_lines(self, events: Sequence[EventData], players: int) -> list[ScoreLine]:
        """Per round: battles joined, score cards taken, 0 cards, the round's rate (the last
        round doubles, a 0 then counts 1).
        """
        lines = []
        joined: list[set[int]] = [set() for _ in range(players)]
        for e in events:
            kind = e.get("type")
            if kind == "join":
                for seat in e.get("participants", []):
                    joined[int(seat)].add(int(e["battle"]))
            elif kind == "plot":
                for seat, battle in e.get("plots", {}).items():
                    joined[int(seat)].add(int(battle))
            elif kind == "lone":
                joined[int(e["seat"])].add(int(e["battle"]))
            elif kind == "round_end":
                deal = int(e["round"])
                cells, scores = [], []
                for seat, taken in enumerate(e["taken"]):
                    zeros = sum(1 for card in taken if card == ZERO)
                    battles = " ".join(str(b) for b in sorted(joined[seat]))
                    values = " ".join(str(SCORE_VALUE[card]) for card in taken)
                    cells.append((battles, values, zeros))
                    scores.append(round_points(taken, self.zero_value, deal))
                rate = "×2" if doubles(deal) else "×1"
                lines.append(
                    ScoreLine(deal, deal, tuple(cells), tuple(scores), tuple(e["totals"]), (rate,))
                )
                joined = [set() for _ in range(players)]
        return lines

    def score_sheet(self, players: int, options: Mapping[str, Any]) -> ScoreSheet:
        """The plot sheet: a row per round with battles, score cards taken and 0 cards."""
        return ScoreSheet(
            Msg("Round"),
            (Msg("Battles"), Msg("Taken"), Msg("0s")),
            Msg(
                "Equal totals: the player who took more 0 cards ranks higher (a 0 is worth a "
                "fraction of a point); still equal, the place is shared."
            ),
            ROUNDS,
            (
                Msg(
                    "Plot sheet: before each round write the battles you will join; after it, "
                    "the score cards taken. Score = their sum + {zero} a 0 card; round 3 "
                    "scores double (a 0 counts 1).",
                    zero=self.zero_value,
                ),
            ),
            shared=(Msg("Rate"),),
        )
