"""A rule-of-thumb player for ワイルドローツ (Wild Rawz), reading only its own View.

It estimates how many more tricks its hand will take, and scores each legal move by the points
it brings now plus the chance of hitting the bonus target exactly: it wins tricks cheaply while
it needs them, dumps strong cards once it has enough, and withdraws to bank a point or to pull
its target down to what its hand can reach. In the draft it keeps the cards that are strongest
under the trumps the row can still leave.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tabletop.bots.base import SeededBot, register_bot
from tabletop.bots.search import register_search
from tabletop.bots.worlds import (
    Memory,
    avoiding,
    blank_state,
    count,
    deal_constrained,
    facts,
    register_world,
    restore_match,
    unseen_pool,
)
from tabletop.engine.game import Game
from tabletop.engine.rng import Rng
from tabletop.engine.views import View
from tabletop.games.wild_rawz import WildRawzState
from tabletop.games.wild_rawz_rules import BONUS, RANK, number, sort_key, strength, strength_table


def power(card: str, trump: str) -> float:
    """Rough chance that `card` takes a trick over the rest of the round."""
    if card == trump:
        return 1.0
    if card[1] == trump[1]:
        return 0.85
    if card[0] == trump[0]:
        return 0.3 + 0.06 * RANK[card[1]]
    return 0.02 * RANK[card[1]]


def hold(card: str, trump: str, led: str, behind: int) -> float:
    """Chance that `card`, now on top of the trick, survives the `behind` players still to act."""
    if behind <= 0:
        return 1.0
    s = strength(card, trump, led)
    if card == trump:
        q = 1.0
    elif card[1] == trump[1]:
        q = 0.92
    elif card[0] == trump[0]:
        q = 0.6 + 0.035 * RANK[card[1]]
    elif s > 0:
        q = 0.3 + 0.05 * RANK[card[1]]
    else:
        q = 0.0
    return q**behind


def bonus_chance(need: float, expected: float, cards_left: int) -> float:
    """How likely the tricks still to come land exactly on `need`."""
    if need < -0.5 or need > cards_left + 0.5:
        return 0.0
    spread = 0.6 + 0.15 * cards_left
    return math.exp(-((need - expected) ** 2) / (2 * spread * spread))


class WildRawzThumb(SeededBot):
    """Rules of thumb: chase the bonus target, win cheaply, dump surplus, withdraw for points."""

    def choose(self, view: View) -> str:
        """The move with the best estimated value; ties broken at random."""
        seat = view.seat
        assert seat is not None
        hand = list(view.zone(f"hand{seat}").cards)
        trump = view.hints.get("trump")
        if not trump:
            return self._draft(view, hand)
        trick = view.zone("trick").cards
        need = view.counter(f"target{seat}").number - view.counter(f"tricks{seat}").number
        taken = len(trick) + (view.hints.get("withdrawn_seat") is not None)
        behind = view.players - taken - 1
        led = trick[0][0] if trick else ""
        best_now = max((strength(c, trump, led) for c in trick), default=-1)
        total = sum(power(c, trump) for c in hand)
        left = len(hand) - 1
        scored: list[tuple[float, str]] = []
        for move in view.moves:
            verb, (card,) = move.act
            future = total - power(card, trump)
            if verb == "withdraw":
                gain = 1.0
                after = need - number(card)
            else:
                lead_colour = led or card[0]
                s = strength(card, trump, lead_colour)
                win = hold(card, trump, lead_colour, behind) if s >= best_now else 0.0
                gain = win
                after = need - win
            value = gain + BONUS * bonus_chance(after, future, left)
            scored.append((value, move.action))
        top = max(v for v, _ in scored)
        best = [a for v, a in scored if v >= top - 1e-9]
        return best[self.rng.below(len(best))]

    def _draft(self, view: View, hand: list[str]) -> str:
        """Take the row card that leaves the strongest hand over the trumps still possible."""
        row = list(view.zone("row").cards)
        best_value, best_action = -1.0, view.moves[0].action
        for move in view.moves:
            card = move.act.args[0]
            rest = list(row)
            rest.remove(card)
            mine = [*hand, card]
            value = sum(sum(power(c, t) for c in mine) for t in rest) / len(rest)
            if value > best_value:
                best_value, best_action = value, move.action
        return best_action


register_bot("wild-rawz", "thumb", lambda seed: WildRawzThumb(seed))


def _deal_memory(memory: Memory, players: int) -> tuple[list[list[str]], list[set[str]]]:
    """Per seat, the row cards it drafted and still holds, and the colours it failed to follow."""
    drafted: list[list[str]] = [[] for _ in range(players)]
    lacking: list[set[str]] = [set() for _ in range(players)]
    led: str | None = None
    for event in memory.since("deal"):
        kind = event.get("type")
        if kind == "draft":
            drafted[int(event["seat"])].append(str(event["card"]))
        elif kind == "play":
            seat, card = int(event["seat"]), str(event["card"])
            if card in drafted[seat]:
                drafted[seat].remove(card)
            if event.get("withdraw"):
                continue
            if led is None:
                led = card[0]
            elif card[0] != led:
                lacking[seat].add(led)
        elif kind == "trick":
            led = None
    return drafted, lacking


def _first(card: str) -> str:
    """The first character of a card code (its colour)."""
    return card[0]


def sample_world(game: Game[WildRawzState], view: View, memory: Memory, rng: Rng) -> WildRawzState:
    """A world for the search player: drafted cards stay in hand, voids kept."""
    seat = view.seat
    assert seat is not None
    n = view.players
    state = blank_state(game, n)
    state.names = view.names
    drafted, lacking = _deal_memory(memory, n)
    pool = unseen_pool(game, view)
    others = [i for i in range(n) if i != seat]
    for i in others:
        held = []
        for c in drafted[i]:
            if c in pool:
                pool.remove(c)
                held.append(c)
        drafted[i] = held
    sizes = [len(view.zone(f"hand{i}").cards) - len(drafted[i]) for i in others]
    allowed: list[Callable[[str], bool] | None] = []
    for i in others:
        gone = frozenset(lacking[i])
        allowed.append(avoiding(gone, _first))
    dealt = deal_constrained(pool, sizes, allowed, rng)
    state.hands = [list(view.zone(f"hand{i}").cards) for i in range(n)]
    for k, i in enumerate(others):
        state.hands[i] = sorted(dealt[k] + drafted[i], key=sort_key)
    state.row = list(view.zone("row").cards)
    state.set_aside = list(view.zone("set_aside").cards)
    trump = view.zone("trump").cards
    state.trump = trump[0] if trump else None
    state.strengths = strength_table(trump[0]) if trump else {}
    state.phase = "play" if trump else "draft"
    state.withdrawn = [list(view.zone(f"withdrawn{i}").cards) for i in range(n)]
    state.won = [list(view.zone(f"won{i}").cards) for i in range(n)]
    state.tricks = [count(view, f"tricks{i}") for i in range(n)]
    seats = list(view.hints.get("trick_seats") or [])
    state.trick = list(zip(seats, view.zone("trick").cards, strict=True))
    out = view.hints.get("withdrawn_seat")
    state.withdrawal = (int(out), state.withdrawn[int(out)][-1]) if out is not None else None
    state.leader = facts(view)["leader"]
    state.turn = seat
    restore_match(state, view)
    return state.arranged()


register_world("wild-rawz", sample_world)
register_search("wild-rawz")
