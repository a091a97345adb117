"""Rule-of-thumb player for ハゲタカのえじき達 (hagetaka-party).

Redraws any hand it may; plots the battle whose sampled take with this hand is best, given how
many rivals each battle can expect; bids like the hagetaka player (sampled play-outs).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tabletop.bots.base import SeededBot, register_bot
from tabletop.bots.hagetaka import (
    ALL_NUMBERS,
    WHIM,
    BattleMemory,
    choose_bid,
    numbers,
    play_out,
    playout_bid,
    sealed_bid,
    unseen_numbers,
    zones,
)
from tabletop.bots.search import register_search
from tabletop.bots.vulture_worlds import sample_vulture
from tabletop.bots.worlds import Memory, register_world
from tabletop.engine.actions import Action
from tabletop.engine.rng import Rng
from tabletop.engine.views import View
from tabletop.games.hagetaka_party import MARKER, MARKER_BATTLE, PartyState
from tabletop.games.vulture import BATTLES, NUMBER, VultureGame

P = TypeVar("P")
"""A plot, however the caller names it."""

PLOT_SAMPLES = 40
NEAR_BEST = 0.5  # battles this close to the best-looking one are all fair picks
NEAR_SHARE = 0.1


def plot_worth(
    hand: list[int],
    values: list[int],
    rivals: float,
    unseen: list[int],
    rng: Rng,
    samples: int = PLOT_SAMPLES,
) -> float:
    """Average sampled take of a battle with these score cards and about `rivals` rivals."""
    whole = int(rivals)
    frac = rivals - whole
    total = 0.0
    for _ in range(samples):
        count = whole + (1 if rng.below(1000) < frac * 1000 else 0)
        stack = list(values)
        rng.shuffle(stack)
        if count == 0:
            total += sum(stack[:3])
            continue
        pool = list(unseen)
        rng.shuffle(pool)
        hands = [pool[3 * k : 3 * k + 3] for k in range(count)]
        mine = list(hand)
        rng.shuffle(mine)
        first = mine.pop()
        total += play_out(first, mine, hands, [stack.pop()], stack, rng)
    return total / samples


def near_best(worths: dict[P, float], rng: Rng) -> P:
    """One of the plots whose worth is (nearly) the best, at random."""
    top = max(worths.values())
    # several players with similar hands should not all crowd into one battle
    near = [a for a, w in worths.items() if w >= top - max(NEAR_BEST, NEAR_SHARE * abs(top))]
    return rng.choice(near)


class PartyBot(SeededBot):
    """Redraws weak hands, plots the best-looking battle, bids by sampling."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.memory = BattleMemory()

    def choose(self, view: View) -> str:
        """Pick a redraw, a plot or a bid."""
        actions = [m.act for m in view.moves]
        if Action("redraw") in actions:
            return "redraw"
        if actions[0].verb == "plot":
            return self._plot(view, actions)
        return choose_bid(view, self.rng, self.memory)

    def _plot(self, view: View, actions: list[Action]) -> str:
        """A battle whose sampled take is (nearly) best when the others spread evenly."""
        table = view.hints["score_table"]
        hand = numbers(zones(view)[f"hand{view.seat}"])
        unseen = unseen_numbers(view)
        rivals = (view.players - 1) / len(actions)
        worths = {
            str(a): plot_worth(hand, list(table[int(a.args[0]) - 1]), rivals, unseen, self.rng)
            for a in actions
        }
        return near_best(worths, self.rng)


register_bot("hagetaka-party", "thumb", lambda seed: PartyBot(seed))

_PLOT_WORTHS: dict[tuple[tuple[int, ...], tuple[int, ...], float], float] = {}
"""`plot_worth` of a hand, a battle's score cards and a number of rivals, for playouts."""


def remembered_worth(hand: tuple[int, ...], values: tuple[int, ...], rivals: float) -> float:
    """`plot_worth` against cards nobody has seen but the hand, worked out once per process
    (from a generator seeded by the question, so the answer never depends on who asked first)."""
    key = (hand, values, rivals)
    worth = _PLOT_WORTHS.get(key)
    if worth is None:
        unseen = list(ALL_NUMBERS)
        for n in hand:
            unseen.remove(n)
        rng = Rng(hash(key) & ((1 << 62) - 1))
        worth = _PLOT_WORTHS[key] = plot_worth(list(hand), list(values), rivals, unseen, rng)
    return worth


def playout_move(state: PartyState, seat: int, legal: Sequence[Action], rng: Rng) -> int:
    """The search's model of a player in playouts: redraws and plots as the rule-of-thumb
    player does (from worths worked out once), bids by the pile's size, and now and then a
    random move."""
    if len(legal) == 1:
        return 0
    if rng.below(100) < WHIM:
        return rng.below(len(legal))
    if state.phase != "plot":
        return playout_bid(state, legal)
    if legal[-1].verb == "redraw":
        return len(legal) - 1
    return plot_pick(state, seat, [int(a.args[0]) for a in legal], rng)


def plot_pick(state: PartyState, seat: int, battles: Sequence[int], rng: Rng) -> int:
    """Which of `battles` (its index) a playouts' player plots from `seat`'s hand: one of the
    (nearly) best by the worths worked out once."""
    hand = tuple(sorted(NUMBER[c] for c in state.hands[seat]))
    rivals = (state.players - 1) / len(battles)
    worths = {
        k: remembered_worth(hand, tuple(state.table[b - 1]), rivals) for k, b in enumerate(battles)
    }
    return near_best(worths, rng)


def sealed_plot(state: PartyState, seat: int, markers: Sequence[str], rng: Rng) -> str:
    """Which of `markers` a rival plotted face down, in a sampled world: as the playouts'
    players plot (`playout_move`), from the hand the world dealt it."""
    if rng.below(100) < WHIM:
        return rng.choice(markers)
    return markers[plot_pick(state, seat, [MARKER_BATTLE[m] for m in markers], rng)]


def sample_world(game: VultureGame[PartyState], view: View, memory: Memory, rng: Rng) -> PartyState:
    """A world for the search player: unseen hands redealt, sealed bids and unrevealed plots
    picked from those hands as the playouts' players would pick them, the battle's face-down
    score cards shuffled."""
    seat = view.seat
    assert seat is not None
    n = view.players
    state, _ = sample_vulture(game, view, memory, rng, [], sealed_bid)
    counters = {c.id: c.value for c in view.counters}
    mine = [*view.zone(f"sheet{seat}").cards, *view.zone(f"plot{seat}").cards]
    state.first = min(MARKER_BATTLE[c] for c in mine)
    full = [MARKER[b] for b in range(state.first, BATTLES + 1)]
    verbs = {m.act.verb for m in view.moves}
    plotting = bool(verbs & {"plot", "redraw"})
    state.phase = "plot" if plotting else state.phase
    state.revealed = not plotting
    state.redrawn = [bool(counters[f"redrew{i}"]) for i in range(n)]
    state.plots = []
    state.sheets = []
    for i in range(n):
        shown = view.zone(f"plot{i}").cards
        if i == seat:
            plot = shown[0] if shown else None
            sheet = list(view.zone(f"sheet{i}").cards)
        else:
            plot = shown[0] if shown and shown[0] in MARKER_BATTLE else None
            if shown and plot is None:
                plot = sealed_plot(state, i, full, rng)
            sheet = [m for m in full if m != plot]
        state.plots.append(plot)
        state.sheets.append(sheet)
    return state.arranged()


register_world("hagetaka-party", sample_world)
register_search("hagetaka-party", policy=playout_move)
