"""Rule-of-thumb player for ハゲタカのえじき (hagetaka), with helpers the party bot shares.

Bids are chosen by sampling: for each card in hand, play out the rest of the battle many times
against opponents who hold what the view allows (shown hands, else cards nobody has seen) and
play at random, and keep the card with the best average take. Joins go to the battles that are
worth most per expected rival; strong sets are kept for the valuable battles.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Sequence
from typing import Any

from tabletop.bots.base import SeededBot, register_bot
from tabletop.bots.search import register_search
from tabletop.bots.vulture_worlds import sample_vulture
from tabletop.bots.worlds import (
    Memory,
    count,
    facts,
    hidden_count,
    register_world,
)
from tabletop.engine.actions import Action
from tabletop.engine.rng import Rng
from tabletop.engine.views import BACK, View
from tabletop.games.hagetaka import BLACK, JOINS, RED, SETS, HagetakaState, join_duty
from tabletop.games.vulture import (
    BATTLES,
    SCORE_VALUE,
    VultureGame,
    VultureState,
    by_number,
    hand_total,
    pile_total,
)

SAMPLES = 90
WHIM = 15  # percent of playout moves made at random, so the playouts' players vary
ZERO_BONUS = 0.3  # the 0 card only breaks ties, but a tie-break is worth a little
LONE_SHARE = 0.6  # a lone participant takes three of the five score cards
ALL_NUMBERS = [n for n in range(1, 16) for _ in range(5)]


# ---- reading the view ---------------------------------------------------------------------
def counters(view: View) -> dict[str, Any]:
    """Counter values by id."""
    return {c.id: c.value for c in view.counters}


def zones(view: View) -> dict[str, tuple[str, ...]]:
    """Zone cards by id."""
    return {z.id: z.cards for z in view.zones}


def numbers(cards: Sequence[str]) -> list[int]:
    """The numbers of the face-up number cards among some codes."""
    return [int(c[1:]) for c in cards if c != BACK and c.startswith("N")]


def unseen_numbers(view: View) -> list[int]:
    """The 75 number cards minus every one this seat can see."""
    left = Tally(ALL_NUMBERS)
    for z in view.zones:
        left.subtract(numbers(z.cards))
    return [n for n, k in left.items() for _ in range(max(k, 0))]


def participants(view: View) -> list[int]:
    """Seats in the current battle."""
    c = counters(view)
    return [i for i in range(view.players) if c.get(f"in{i}")]


def score_value(card: str) -> int:
    """Face value of a score card code (V-3 → -3)."""
    return int(card[1:])


# ---- the battle simulator ---------------------------------------------------------------
def winner(bids: Sequence[int], total: int) -> int | None:
    """Index of the unique highest (total ≥ 0) or unique lowest bid; None if all cancel."""
    counts = Tally(bids)
    alive = [(b, i) for i, b in enumerate(bids) if counts[b] == 1]
    if not alive:
        return None
    return (max(alive) if total >= 0 else min(alive))[1]


def pile_worth(values: Sequence[int]) -> float:
    """What a pile is worth to whoever takes it (the 0 card a little)."""
    return sum(values) + ZERO_BONUS * sum(1 for v in values if v == 0)


def play_out(
    first: int,
    mine: list[int],
    rivals: list[list[int]],
    pile: list[int],
    stack: list[int],
    rng: Rng,
) -> float:
    """My take for the rest of a battle when I bid `first` now and everyone else is random."""
    got = 0.0
    pile = list(pile)
    mine = list(mine)
    rivals = [list(r) for r in rivals]
    bid = first
    while True:
        bids = [bid]
        for r in rivals:
            bids.append(r.pop(rng.below(len(r))))
        w = winner(bids, sum(pile))
        if w is not None:
            if w == 0:
                got += pile_worth(pile)
            pile = []
        if not mine or not stack:
            return got
        pile.append(stack.pop())
        bid = mine.pop(rng.below(len(mine)))


def best_bid(
    hand: list[int],
    rivals: list[list[int] | int],
    pile: list[int],
    unturned: list[int],
    unseen: list[int],
    rng: Rng,
    samples: int = SAMPLES,
) -> int:
    """The card of `hand` with the best sampled take; a rival is known cards or a hand size."""
    totals = dict.fromkeys(sorted(set(hand)), 0.0)
    for _ in range(samples):
        pool = list(unseen)
        rng.shuffle(pool)
        hands = []
        for r in rivals:
            if isinstance(r, int):
                hands.append(pool[:r])
                del pool[:r]
            else:
                hands.append(list(r))
        stack = list(unturned)
        rng.shuffle(stack)
        for card in totals:
            rest = list(hand)
            rest.remove(card)
            totals[card] += play_out(card, rest, hands, pile, list(stack), rng)
    return max(totals, key=lambda c: (totals[c], -c))


class BattleMemory:
    """Remembers hands shown in rounds 2–3 after their owners have sealed a bid."""

    def __init__(self) -> None:
        self.seen: dict[tuple[Any, Any, int], tuple[list[int], int]] = {}

    def rival(self, view: View, seat: int) -> list[int] | int:
        """Known cards of a rival for this bout, or how many unknown cards they hold."""
        c = counters(view)
        z = zones(view)
        key = (c.get("round"), c.get("battle"), seat)
        hand = z.get(f"hand{seat}", ())
        played = numbers(z.get(f"played{seat}", ()))
        if hand and BACK not in hand:
            self.seen[key] = (numbers(hand), len(played))
            return numbers(hand)
        if key in self.seen:
            cards, at = self.seen[key]
            left = list(cards)
            for n in played[at:]:
                if n in left:
                    left.remove(n)
            return left
        return len(hand) + len(z.get(f"bid{seat}", ()))


def choose_bid(view: View, rng: Rng, memory: BattleMemory) -> str:
    """The bid with the best sampled take this battle."""
    me = view.seat
    assert me is not None
    c = counters(view)
    z = zones(view)
    hand = numbers(z[f"hand{me}"])
    if len(set(hand)) == 1:
        return view.moves[0].action
    table = view.hints["score_table"][int(c["battle"]) - 1]
    unturned = list(table)
    for v in facts(view)["flipped"]:
        if v in unturned:
            unturned.remove(v)
    unseen = unseen_numbers(view)
    rivals = []
    for i in participants(view):
        if i == me:
            continue
        rival = memory.rival(view, i)
        if not isinstance(rival, int) and BACK in z[f"hand{i}"]:
            for n in rival:  # remembered from an earlier view, so not yet counted as seen
                if n in unseen:
                    unseen.remove(n)
        rivals.append(rival)
    pile = [score_value(x) for x in z["pile"]]
    card = best_bid(hand, rivals, pile, unturned, unseen, rng)
    return f"bid N{card}"


def bid_rank(cards: int, pile: int, unturned: Sequence[int]) -> int:
    """Which of `cards` distinct cards to bid in a playout, counted from the lowest: the
    pile's place by size among the battle's score cards still face down (a large pile of
    either sign is worth a high card, to take it or to escape it)."""
    if cards == 1 or not unturned:
        return cards - 1
    size = abs(pile)
    below = sum(1.0 if abs(v) < size else 0.5 if abs(v) == size else 0.0 for v in unturned)
    return min(cards - 1, int(below / len(unturned) * cards))


def playout_bid(state: VultureState, legal: Sequence[object]) -> int:
    """A vulture bid in a playout, by `bid_rank` (the legal bids run from the lowest)."""
    unturned = [SCORE_VALUE[c] for c in state.stack]
    return bid_rank(len(legal), pile_total(state.pile), unturned)


def sealed_bid(state: VultureState, bids: Sequence[str], rng: Rng) -> int:
    """Which of `bids` (distinct cards, low to high) a rival sealed, in a sampled world: as the
    playouts' players bid (`playout_bid`, now and then at random)."""
    if rng.below(100) < WHIM:
        return rng.below(len(bids))
    return playout_bid(state, bids)


# ---- joining and sets ---------------------------------------------------------------------
def battle_worth(table: Sequence[Sequence[int]], battle: int, rivals: float, extra: int) -> float:
    """A rough share of a battle's score cards for one of `rivals + 1` participants."""
    return LONE_SHARE * (sum(table[battle - 1]) + extra) / (1.0 + rivals)


def expected_rivals(joins: Sequence[int], seat: int, now: int) -> float:
    """Expected number of other seats joining a battle, from their joins before battle `now`."""
    out = 0.0
    for i, joined in enumerate(joins):
        if i != seat:
            out += max(0.0, min(1.0, (JOINS - joined) / (BATTLES + 1 - now)))
    return out


def battle_worths(
    table: Sequence[Sequence[int]], joins: Sequence[int], seat: int, now: int, stake: int
) -> tuple[float, list[float]]:
    """Worth to `seat` of battle `now` (with the pile carried into it) and of each later one."""
    rivals = expected_rivals(joins, seat, now)
    current = battle_worth(table, now, rivals, stake)
    return current, [battle_worth(table, b, rivals, 0) for b in range(now + 1, BATTLES + 1)]


def joins_now(
    table: Sequence[Sequence[int]], joins: Sequence[int], seat: int, now: int, stake: int
) -> bool:
    """Join when this battle is among the best of those left, as many as the seat must join."""
    current, later = battle_worths(table, joins, seat, now, stake)
    return sum(1 for w in later if w > current) < JOINS - joins[seat]


def set_rank(sets: int, lone: bool, current: float, later: Sequence[float]) -> int:
    """Which of `sets` sets to use, counted from the weakest: the weakest when alone or when
    better battles remain for the others, the strongest for the best battle."""
    if lone:
        return 0
    better = sum(1 for w in sorted(later, reverse=True)[: sets - 1] if w > current)
    return max(0, sets - 1 - better)


class HagetakaBot(SeededBot):
    """Joins the battles worth most per rival, saves strong sets for them, bids by sampling."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.memory = BattleMemory()

    def choose(self, view: View) -> str:
        """Pick a join, a set or a bid."""
        verbs = {m.act.verb for m in view.moves}
        if "bid" in verbs:
            return choose_bid(view, self.rng, self.memory)
        if "join" in verbs:
            return "join" if joins_now(*self._situation(view)) else "sit"
        if "use" in verbs:
            return self._pick_set(view)
        return view.moves[0].action

    @staticmethod
    def _situation(
        view: View,
    ) -> tuple[Sequence[Sequence[int]], list[int], int, int, int]:
        """The table, every seat's joins, this seat, the battle and the pile carried into it."""
        c = counters(view)
        joins = [int(c[f"joins{i}"]) for i in range(view.players)]
        seat = view.seat
        assert seat is not None
        return view.hints["score_table"], joins, seat, int(c["battle"]), int(c["stake"])

    def _pick_set(self, view: View) -> str:
        """Weakest set when alone or when better battles remain, strongest for the best one."""
        sets = [
            m.action for m in sorted(view.moves, key=lambda m: sum(int(x[1:]) for x in m.act.args))
        ]
        current, later = battle_worths(*self._situation(view))
        return sets[set_rank(len(sets), len(participants(view)) == 1, current, later)]


register_bot("hagetaka", "thumb", lambda seed: HagetakaBot(seed))


def playout_move(state: HagetakaState, seat: int, legal: Sequence[Action], rng: Rng) -> int:
    """The search's model of a player in playouts: joins and sets as the rule-of-thumb player
    chooses them, bids by the pile's size, and now and then a random move."""
    if len(legal) == 1:
        return 0
    if rng.below(100) < WHIM:
        return rng.below(len(legal))
    if state.phase == "bid":
        return playout_bid(state, legal)
    situation = (state.table, state.joins, seat, state.battle, pile_total(state.pile))
    if state.phase == "join":
        return 0 if joins_now(*situation) else 1
    order = sorted(range(len(legal)), key=lambda k: hand_total(legal[k].args))
    current, later = battle_worths(*situation)
    return order[set_rank(len(order), len(state.participants) == 1, current, later)]


def sample_world(
    game: VultureGame[HagetakaState], view: View, memory: Memory, rng: Rng
) -> HagetakaState:
    """A world for the search player: unseen sets, hands and bids redealt; hidden colours
    guessed; the battle's face-down score cards shuffled."""
    seat = view.seat
    assert seat is not None
    n = view.players
    others = [i for i in range(n) if i != seat]
    set_zones = [f"set{i}_{k}" for i in others for k in range(SETS)]
    state, dealt = sample_vulture(game, view, memory, rng, set_zones, sealed_bid)
    state.joins = [count(view, f"joins{i}") for i in range(n)]
    state.sets = []
    state.colours = []
    state.join_card = []
    for i in range(n):
        if i == seat:
            sets = [tuple(view.zone(f"set{i}_{k}").cards) for k in range(SETS)]
            colours = list(view.zone(f"colours{i}").cards)
            shown = view.zone(f"join{i}").cards
            card = shown[0] if shown else None
        else:
            sets = sorted(
                (tuple(by_number(dealt[f"set{i}_{k}"])) for k in range(SETS)), key=hand_total
            )
            card = rng.choice((BLACK, RED)) if hidden_count(view, f"join{i}") else None
            colours = [c for c in (BLACK, RED) if c != card]
        state.sets.append([s for s in sets if s])
        state.colours.append(colours)
        state.join_card.append(card)
    verbs = {m.act.verb for m in view.moves}
    duty = [join_duty(j, state.battle) for j in state.joins]
    state.forced = tuple(i for i, d in enumerate(duty) if d == "in")
    if verbs & {"join", "sit"}:
        state.phase = "join"
        state.choosing = frozenset(i for i, d in enumerate(duty) if d == "choose")
    elif "use" in verbs:
        state.phase = "set"
        state.choosing = frozenset(state.participants)
    else:
        state.choosing = frozenset()
    return state.arranged()


register_world("hagetaka", sample_world)
register_search("hagetaka", policy=playout_move)
