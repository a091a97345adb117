"""ハゲタカのえじき (arrangement, Vulture Rounds): join three of six battles with three sets.

Each player holds three sets of three number cards and joins exactly three of each round's six
battles; the battle's participants bid for its score cards in three sealed bouts. Designer:
ドミッチ, on Alex Randolph's Hol's der Geier. Rules: docs/rules/hagetaka.md.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import State
from tabletop.engine.registry import register
from tabletop.engine.text import Msg
from tabletop.engine.views import HIDDEN, Counter, Move, Zone, private
from tabletop.games.info.hagetaka import INFO
from tabletop.games.vulture import (
    BATTLES,
    NUMBER,
    ROUNDS,
    VultureGame,
    VultureState,
    by_number,
    deck_order,
    hand_total,
    parse_table,
)

# ---- constants ----------------------------------------------------------------------------
SETS = 3
SET_SIZE = 3
JOINS = 3
REDRAW_AT_MOST = 10  # a set totalling this or less is redrawn
BLACK, RED = "BLACK", "RED"  # the playing cards shown to join (black) or sit out (red)
JOIN = Action("join")
SIT = Action("sit")

# ---- game info ----------------------------------------------------------------------------
LABEL = {
    "Battles joined": Msg("Battles joined"),
}
"""Zone and counter labels, built once."""


SET_LABEL = Msg("Set", ctx="three number cards")
"""Every set's label. Not numbered: a number would change as sets are used, away from the
order the log listed them in, and a set that kept its number would show everyone which of a
seat's sets (kept in order of their totals) it has used."""
COLOURS_LABEL, SHOWN_LABEL = Msg("Red/black"), Msg("Shown colour")


# ---- state --------------------------------------------------------------------------------
class HagetakaState(VultureState):
    """Shared vulture state plus the sets, joins and red/black cards of each seat."""

    COPY_FLAT = (*VultureState.COPY_FLAT, "joins", "join_card")
    COPY_NESTED = (*VultureState.COPY_NESTED, "sets", "colours")

    sets: list[list[tuple[str, ...]]]
    joins: list[int]
    colours: list[list[str]]
    join_card: list[str | None]
    choosing: frozenset[int]
    forced: tuple[int, ...]


def join_duty(joins: int, battle: int) -> str:
    """'in' if a seat must join this battle, 'out' if it may not, else 'choose'."""
    need = JOINS - joins
    if need <= 0:
        return "out"
    return "in" if need >= BATTLES - battle + 1 else "choose"


class Hagetaka(VultureGame[HagetakaState]):
    """The Vulture Rounds rules."""

    info = INFO
    zero_value = 0.5
    carry_between_battles = True

    # ---- setup and dealing ----------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> HagetakaState:
        """A new match: round 1 dealt, waiting for the first joins."""
        state = HagetakaState()
        state.init_common(players, options, seed, rounds=ROUNDS)
        state.init_vulture(parse_table(options["table"]))
        state.colours = [[BLACK, RED] for _ in range(players)]
        state.join_card = [None] * players
        state.choosing = frozenset()
        state.forced = ()
        state.opening = self._deal_round(state)
        return state

    def _deal_round(self, state: HagetakaState) -> list[Event]:
        self._fresh_deck(state)
        order = deck_order(state.deck)
        shuffles: list[list[str]] = []
        n = state.players
        state.sets = []
        redrawn: list[list[Any]] = []
        for seat in range(n):
            sets = []
            for _ in range(SETS):
                cards = self._draw(state, SET_SIZE, shuffles)
                while hand_total(cards) <= REDRAW_AT_MOST:
                    redrawn.append([seat, by_number(cards)])
                    state.discard.extend(cards)
                    cards = self._draw(state, SET_SIZE, shuffles)
                sets.append(tuple(by_number(cards)))
            state.sets.append(sorted(sets, key=hand_total))
        state.joins = [0] * n
        event = Event(
            "deal",
            {
                "round": state.match.round,
                "sets": [Secret(private(i), [list(s) for s in state.sets[i]]) for i in range(n)],
                "redrawn": redrawn,
                "deck_order": order,
                "reshuffles": Secret(HIDDEN, shuffles),
            },
        )
        return [event, *self._open_battle(state, 1)]

    # ---- battles ----------------------------------------------------------------------------
    def _open_battle(self, state: HagetakaState, battle: int) -> list[Event]:
        """Ask for joins, or settle them when nobody has a choice; end the round when done."""
        if battle > BATTLES or all(j >= JOINS for j in state.joins):
            return self._end_round(state)
        state.battle = battle
        state.bout = 0
        duty = [join_duty(j, battle) for j in state.joins]
        state.forced = tuple(i for i, d in enumerate(duty) if d == "in")
        state.choosing = frozenset(i for i, d in enumerate(duty) if d == "choose")
        if state.choosing:
            state.phase = "join"
            return []
        return self._reveal_joins(state)

    def _reveal_joins(self, state: HagetakaState) -> list[Event]:
        joined = sorted(
            {*state.forced, *(i for i in state.choosing if state.join_card[i] == BLACK)}
        )
        for i in state.choosing:
            state.colours[i] = [BLACK, RED]
            state.join_card[i] = None
        for i in joined:
            state.joins[i] += 1
        event = Event(
            "join",
            {
                "round": state.match.round,
                "battle": state.battle,
                "participants": joined,
                "forced": list(state.forced),
                "sat_out": [i for i in range(state.players) if i not in joined],
            },
        )
        state.choosing = frozenset()
        if not joined:
            skip = Event("skip", {"round": state.match.round, "battle": state.battle})
            return [event, skip, *self._open_battle(state, state.battle + 1)]
        state.participants = tuple(joined)
        choosers = []
        for i in joined:
            if len(state.sets[i]) == 1:
                state.hands[i] = list(state.sets[i].pop())
            else:
                choosers.append(i)
        if choosers:
            state.phase = "set"
            state.choosing = frozenset(choosers)
            return [event]
        return [event, *self._start_battle(state, joined)]

    def _after_battle(self, state: HagetakaState) -> list[Event]:
        return self._open_battle(state, state.battle + 1)

    # ---- whose turn, what is legal -------------------------------------------------------
    def seats_to_act(self, state: HagetakaState) -> frozenset[int]:
        """Seats still to show a colour, choose a set, or seal a bid."""
        if state.phase == "join":
            return frozenset(i for i in state.choosing if state.join_card[i] is None)
        if state.phase == "set":
            return frozenset(i for i in state.choosing if not state.hands[i])
        if state.phase == "bid":
            return frozenset(i for i in state.participants if state.bids[i] is None)
        return frozenset()

    def legal(self, state: HagetakaState, seat: int) -> list[Action]:
        """Join or sit out; then one of your sets; then one card of the set as a bid."""
        if state.phase == "join":
            return [JOIN, SIT]
        if state.phase == "set":
            return [Action("use", s) for s in dict.fromkeys(state.sets[seat])]
        return self._bid_legal(state, seat)

    def normalize(self, action: Action) -> Action:
        """A set's cards in number order."""
        if action.verb == "use" and all(a in NUMBER for a in action.args):
            return Action("use", tuple(by_number(action.args)))
        return action

    def refusal(self, state: HagetakaState, seat: int, action: Action) -> Msg:
        """Why an action is refused."""
        if state.phase == "join":
            return Msg("Show black (join) to take part in this battle or red (sit) to sit it out.")
        if state.phase == "set":
            if action.verb != "use":
                return Msg("Choose which of your sets to use in this battle.")
            return Msg("That is not one of your remaining sets.")
        return self._bid_refusal(state, seat, action)

    # ---- doing it -------------------------------------------------------------------------
    def perform(self, state: HagetakaState, seat: int, action: Action) -> list[Event]:
        """Show a colour, pick a set, or seal a bid."""
        if action.verb in ("join", "sit"):
            card = BLACK if action.verb == "join" else RED
            state.colours[seat].remove(card)
            state.join_card[seat] = card
            if any(state.join_card[i] is None for i in state.choosing):
                return []
            return self._reveal_joins(state)
        if action.verb == "use":
            state.sets[seat].remove(action.args)
            state.hands[seat] = list(action.args)
            if any(not state.hands[i] for i in state.choosing):
                return []
            state.choosing = frozenset()
            return self._start_battle(state, state.participants)
        return self._bid(state, seat, action.args[0])

    # ---- what the table shows -------------------------------------------------------------
    def _seat_zones(self, state: HagetakaState, seat: int) -> list[Zone]:
        mine = private(seat)
        card = state.join_card[seat]
        colours = tuple(state.colours[seat])
        zones = [
            Zone(f"colours{seat}", "hand", colours, seat, COLOURS_LABEL, mine),
            Zone(f"join{seat}", "row", (card,) if card else (), seat, SHOWN_LABEL, mine),
        ]
        sets = state.sets[seat]
        for k in range(SETS):
            cards = sets[k] if k < len(sets) else ()
            zones.append(Zone(f"set{seat}_{k}", "fan", cards, seat, SET_LABEL, mine))
        return zones

    def counters(self, state: HagetakaState) -> list[Counter]:
        """Shared counters plus the battles each seat has joined this round."""
        out = super().counters(state)
        for i in range(state.players):
            out.append(Counter(f"joins{i}", LABEL["Battles joined"], state.joins[i], i))
        return out

    def status(self, state: HagetakaState, seat: int | None) -> Msg:
        """What the seat must do now."""
        if state.result is not None:
            return Msg("The match is over.")
        rnd, battle = state.match.round, state.battle
        if state.phase == "join":
            if seat in self.seats_to_act(state):
                need = JOINS - state.joins[seat]
                left = BATTLES - state.battle + 1
                return Msg(
                    "Round {round}, battle {battle}: show black to join or red to sit out "
                    "({need} more of the {left} battles left).",
                    need=need,
                    left=left,
                    round=rnd,
                    battle=battle,
                )
            return Msg(
                "Round {round}, battle {battle}: waiting for everyone to show black (join) "
                "or red (sit out).",
                round=rnd,
                battle=battle,
            )
        if state.phase == "set":
            if seat in self.seats_to_act(state):
                return Msg(
                    "Round {round}, battle {battle}: choose which set to use.",
                    round=rnd,
                    battle=battle,
                )
            return Msg(
                "Round {round}, battle {battle}: waiting for the participants to choose their "
                "sets.",
                round=rnd,
                battle=battle,
            )
        return self._bid_status(state, seat)

    def tag(self, state: State, seat: int, action: Action) -> Move:
        """Buttons for the colours and sets; drag a card to bid."""
        if action.verb == "join":
            return Move("join", "button", Msg("Black: join this battle"))
        if action.verb == "sit":
            return Move("sit", "button", Msg("Red: sit this battle out"))
        if action.verb == "use":
            numbers = " ".join(str(NUMBER[c]) for c in action.args)
            return Move(str(action), "button", Msg("Use set {numbers}", numbers=numbers))
        return self._bid_tag(seat, action)

    # ---- copies for search ---------------------------------------------------------------


GAME = register(Hagetaka())
