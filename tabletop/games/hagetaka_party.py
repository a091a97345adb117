"""ハゲタカのえじき達 (Vulture Party): a big-group game of one secretly plotted battle a round.

Everyone gets three number cards and secretly plots which of six battles to fight; each battle's
plotters bid for its score cards in three sealed bouts. Designer: ドミッチ, on Hol's der Geier.
Rules: docs/rules/hagetaka-party.md.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.events import Event, Secret
from tabletop.engine.game import State
from tabletop.engine.registry import register
from tabletop.engine.text import Msg
from tabletop.engine.views import HIDDEN, PUBLIC, Counter, Move, Zone, private
from tabletop.games.info.hagetaka_party import INFO
from tabletop.games.vulture import (
    BATTLES,
    ROUNDS,
    VultureGame,
    VultureState,
    alone,
    by_number,
    deck_order,
    hand_total,
    parse_table,
)

# ---- constants ----------------------------------------------------------------------------
HAND = 3
REDRAW_BELOW = 10  # a hand totalling less than this may be redrawn once
MARKER = {b: f"P{b}" for b in range(1, BATTLES + 1)}  # plot-sheet boxes, one per battle
MARKER_BATTLE = {c: b for b, c in MARKER.items()}
PLOT = {b: Action("plot", (str(b),)) for b in range(1, BATTLES + 1)}
REDRAW = Action("redraw")


@cache
def _zone_ids(seat: int) -> tuple[str, str]:
    """A seat's plot-sheet and plot zone ids."""
    return f"sheet{seat}", f"plot{seat}"


@cache
def _plotting(seat: int) -> frozenset[str]:
    """The zones a plot that does not reveal them all changes: the seat's sheet and plot."""
    return frozenset(_zone_ids(seat))


@cache
def _counter_ids(seat: int) -> tuple[str, str]:
    """A seat's redrew and plotted counter ids."""
    return f"redrew{seat}", f"plotted{seat}"


# ---- game info ----------------------------------------------------------------------------
LABEL = {
    "Redrew": Msg("Redrew"),
}
"""Zone and counter labels, built once."""


SHEET_LABEL, PLOT_LABEL = Msg("Plot sheet"), Msg("Plotted battle")
PLOT_MOVE = {
    a: Move(str(a), "button", Msg("Plot battle {battle}", battle=b)) for b, a in PLOT.items()
}
"""The button of each plot, built once: every seat is shown them in every plot phase."""
REDRAW_MOVE = Move("redraw", "button", Msg("Redraw my hand"))


# ---- state --------------------------------------------------------------------------------
class PartyState(VultureState):
    """Shared vulture state plus plot sheets, plots and who has redrawn."""

    COPY_FLAT = (*VultureState.COPY_FLAT, "plots", "redrawn")
    COPY_NESTED = (
        *VultureState.COPY_NESTED,
        "sheets",
    )

    first: int
    sheets: list[list[str]]
    plots: list[str | None]
    revealed: bool
    redrawn: list[bool]


def redraw_refusal(state: PartyState, seat: int) -> Msg | None:
    """Why `seat` may not redraw its hand now, or None if it may: a hand under 10 may be
    redrawn once, while three other cards are there to draw. The one check for `legal`, the
    refusal and the computer players."""
    if state.redrawn[seat]:
        return Msg("You may redraw only once.")
    if hand_total(state.hands[seat]) >= REDRAW_BELOW:
        return Msg("Only a hand totalling less than {limit} may be redrawn.", limit=REDRAW_BELOW)
    if len(state.deck) + len(state.discard) < HAND:
        return Msg("There are no cards left to draw.")
    return None


class VultureParty(VultureGame[PartyState]):
    """The Vulture Party rules."""

    info = INFO
    zero_value = 0.1
    carry_between_battles = False

    # ---- setup and dealing ----------------------------------------------------------------
    def new_state(self, players: int, options: dict[str, Any], seed: int) -> PartyState:
        """A new match: round 1 dealt, everyone to plot."""
        state = PartyState()
        state.init_common(players, options, seed, rounds=ROUNDS)
        state.init_vulture(parse_table(options["table"]))
        state.first = int(options["start"])
        state.opening = self._deal_round(state)
        return state

    def _deal_round(self, state: PartyState) -> list[Event]:
        self._fresh_deck(state)
        order = deck_order(state.deck)
        shuffles: list[list[str]] = []
        n = state.players
        state.hands = [by_number(self._draw(state, HAND, shuffles)) for _ in range(n)]
        state.sheets = [[MARKER[b] for b in range(state.first, BATTLES + 1)] for _ in range(n)]
        state.plots = [None] * n
        state.revealed = False
        state.redrawn = [False] * n
        state.phase = "plot"
        state.battle = 0
        state.bout = 0
        hands = [Secret(private(i), list(h)) for i, h in enumerate(state.hands)]
        data = {"round": state.match.round, "hands": hands, "deck_order": order}
        return [Event("deal", {**data, "reshuffles": Secret(HIDDEN, shuffles)})]

    # ---- battles ----------------------------------------------------------------------------
    def _reveal_plots(self, state: PartyState) -> list[Event]:
        state.revealed = True
        plots = {str(i): MARKER_BATTLE[p or ""] for i, p in enumerate(state.plots)}
        event = Event("plot", {"round": state.match.round, "plots": plots})
        return [event, *self._open_battle(state, state.first)]

    def _open_battle(self, state: PartyState, battle: int) -> list[Event]:
        """Play the next battle that has plotters; end the round after battle 6."""
        events: list[Event] = []
        while battle <= BATTLES:
            marker = MARKER[battle]
            joined = [i for i, p in enumerate(state.plots) if p == marker]
            state.battle = battle
            state.bout = 0
            if joined:
                return events + self._start_battle(state, joined)
            events.append(Event("skip", {"round": state.match.round, "battle": battle}))
            battle += 1
        for i, p in enumerate(state.plots):
            state.sheets[i].append(p or "")
            state.sheets[i].sort(key=MARKER_BATTLE.__getitem__)
            state.plots[i] = None
        return events + self._end_round(state)

    def _after_battle(self, state: PartyState) -> list[Event]:
        return self._open_battle(state, state.battle + 1)

    # ---- whose turn, what is legal -------------------------------------------------------
    def seats_to_act(self, state: PartyState) -> frozenset[int]:
        """Everyone who has not plotted yet, then a battle's participants still to bid."""
        if state.phase == "plot":
            return frozenset(i for i, p in enumerate(state.plots) if p is None)
        if state.phase == "bid":
            return frozenset(i for i in state.participants if state.bids[i] is None)
        return frozenset()

    def legal(self, state: PartyState, seat: int) -> list[Action]:
        """Plot a battle (or first redraw a weak hand); in a battle, bid a card."""
        if state.phase == "plot":
            plots = [PLOT[b] for b in range(state.first, BATTLES + 1)]
            return plots if redraw_refusal(state, seat) is not None else [*plots, REDRAW]
        return self._bid_legal(state, seat)

    def refusal(self, state: PartyState, seat: int, action: Action) -> Msg:
        """Why an action is refused."""
        if state.phase == "plot":
            if action.verb == "redraw":
                reason = redraw_refusal(state, seat)
                assert reason is not None, "legal lists every allowed redraw"
                return reason
            return Msg("Plot one battle from {first} to {last}.", first=state.first, last=BATTLES)
        return self._bid_refusal(state, seat, action)

    # ---- doing it -------------------------------------------------------------------------
    def perform(self, state: PartyState, seat: int, action: Action) -> list[Event]:
        """Redraw, plot a battle, or seal a bid."""
        if action.verb == "redraw":
            old = state.hands[seat]
            shuffles: list[list[str]] = []
            state.hands[seat] = by_number(self._draw(state, HAND, shuffles))
            state.discard.extend(old)
            state.redrawn[seat] = True
            data = {
                "seat": seat,
                "discarded": old,
                "hand": Secret(private(seat), state.hands[seat]),
                "reshuffles": Secret(HIDDEN, shuffles),
            }
            return [Event("redraw", data)]
        if action.verb == "plot":
            marker = MARKER[int(action.args[0])]
            state.sheets[seat].remove(marker)
            state.plots[seat] = marker
            if any(p is None for p in state.plots):
                state.touched = _plotting(seat)
                return []
            return self._reveal_plots(state)
        return self._bid(state, seat, action.args[0])

    # ---- what the table shows -------------------------------------------------------------
    def _seat_zones(self, state: PartyState, seat: int) -> list[Zone]:
        mine = alone(seat)
        plot = state.plots[seat]
        seen = PUBLIC if state.revealed else mine
        sheet_id, plot_id = _zone_ids(seat)
        return [
            Zone(sheet_id, "row", tuple(state.sheets[seat]), seat, SHEET_LABEL, mine),
            Zone(plot_id, "row", (plot,) if plot else (), seat, PLOT_LABEL, seen),
        ]

    def counters(self, state: PartyState) -> list[Counter]:
        """Shared counters plus who has redrawn and (once revealed) who plotted which battle."""
        out = super().counters(state)
        counter = Counter
        redrew_label, plots, redrawn, revealed = (
            LABEL["Redrew"],
            state.plots,
            state.redrawn,
            state.revealed,
        )
        for i in range(state.players):
            p = plots[i]
            plotted = MARKER_BATTLE[p] if revealed and p else 0
            redrew_id, plotted_id = _counter_ids(i)
            out += [
                counter(redrew_id, redrew_label, int(redrawn[i]), i),
                counter(plotted_id, PLOT_LABEL, plotted, i),
            ]
        return out

    def status(self, state: PartyState, seat: int | None) -> Msg:
        """What the seat must do now."""
        if state.result is not None:
            return Msg("The match is over.")
        if state.phase == "plot":
            if seat is not None and state.plots[seat] is None:
                return Msg(
                    "Round {round}: secretly plot the battle ({first}–{last}) you will fight.",
                    round=state.match.round,
                    first=state.first,
                    last=BATTLES,
                )
            return Msg(
                "Round {round}: waiting for everyone to plot a battle.", round=state.match.round
            )
        return self._bid_status(state, seat)

    def tag(self, state: State, seat: int, action: Action) -> Move:
        """Buttons to plot and redraw; drag a card to bid."""
        if action.verb == "plot":
            move = PLOT_MOVE.get(action)
            if move is not None:
                return move
            label = Msg("Plot battle {battle}", battle=int(action.args[0]))
            return Move(str(action), "button", label)
        if action.verb == "redraw":
            return REDRAW_MOVE
        return self._bid_tag(seat, action)

    # ---- copies for search ---------------------------------------------------------------


GAME = register(VultureParty())
