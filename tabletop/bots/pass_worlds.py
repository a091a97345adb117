"""World sampling for the pass-then-tricks games (Second Third, Seltsam-Walzer)."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.bots.worlds import (
    Memory,
    avoiding,
    blank_state,
    count,
    deal_constrained,
    facts,
    hidden_count,
    restore_match,
    unseen_pool,
)
from tabletop.engine.rng import Rng
from tabletop.engine.views import View
from tabletop.games.common import left_of
from tabletop.games.pass_tricks import PT, PassTrickGame

VoidRule = Callable[[str, str], str | None]
"""(led card, card played to it) -> the suit the player proved to lack, or None."""


def voids(memory: Memory, players: int, void_rule: VoidRule) -> list[set[str]]:
    """Per seat, the suits it failed to follow during the current deal."""
    out: list[set[str]] = [set() for _ in range(players)]
    led: str | None = None
    for event in memory.since("deal"):
        kind = event.get("type")
        if kind == "play":
            card = str(event["card"])
            if led is None:
                led = card
            else:
                lacking = void_rule(led, card)
                if lacking is not None:
                    out[int(event["seat"])].add(lacking)
        elif kind == "trick":
            led = None
    return out


def my_pass(memory: Memory, seat: int) -> list[str]:
    """The cards `seat` passed in the current deal (empty before the passes are made)."""
    for event in memory.since("deal"):
        if event.get("type") == "pass" and event.get("seat") == seat:
            cards = event.get("cards")
            if isinstance(cards, list):
                return [str(c) for c in cards]
    return []


def sample_pass_world(
    game: PassTrickGame[PT],
    view: View,
    memory: Memory,
    rng: Rng,
    suit_of: Callable[[str], str],
    void_rule: VoidRule,
    extra_zone: str | None = None,
) -> tuple[PT, list[str]]:
    """A state showing `view.seat` exactly its View, hidden cards redealt within the known.

    Returns the state and the cards dealt to `extra_zone` (face-down cards the game keeps).
    """
    seat = view.seat
    assert seat is not None
    n = view.players
    state = blank_state(game, n)
    state.names = view.names
    key = game.ORDER.__getitem__
    own_pass = view.zone(f"pass{seat}").cards
    passing = any(m.act.verb == "pass" for m in view.moves) or bool(own_pass)
    state.phase = "pass" if passing else "play"

    pool = unseen_pool(game, view)
    target = left_of(seat, n)
    known = [c for c in my_pass(memory, seat) if c in pool] if not passing else []
    for c in known:
        pool.remove(c)
    lacking = voids(memory, n, void_rule)
    others = [i for i in range(n) if i != seat]
    sizes: list[int] = []
    allowed: list[Callable[[str], bool] | None] = []
    for i in others:
        sizes.append(len(view.zone(f"hand{i}").cards) - (len(known) if i == target else 0))
        gone = frozenset(lacking[i])
        allowed.append(avoiding(gone, suit_of))
    for i in others:
        sizes.append(hidden_count(view, f"pass{i}"))
        allowed.append(None)
    if extra_zone is not None:
        sizes.append(hidden_count(view, extra_zone))
        allowed.append(None)
    dealt = deal_constrained(pool, sizes, allowed, rng)

    hands: list[list[str]] = [[] for _ in range(n)]
    hands[seat] = list(view.zone(f"hand{seat}").cards)
    state.passing = [None] * n
    state.passing[seat] = tuple(own_pass) if own_pass else None
    for k, i in enumerate(others):
        hands[i] = sorted(dealt[k] + (known if i == target else []), key=key)
        held = dealt[len(others) + k]
        state.passing[i] = tuple(sorted(held, key=key)) if held else None
    state.hands = hands
    state.given = [()] * n
    state.given[seat] = tuple(my_pass(memory, seat))

    trick_cards = list(view.zone("trick").cards)
    turn = view.to_act[0] if not passing and view.to_act else 0
    state.leader = (turn - len(trick_cards)) % n
    state.turn = turn
    state.trick = [((state.leader + k) % n, c) for k, c in enumerate(trick_cards)]
    state.won = [list(view.zone(f"won{i}").cards) for i in range(n)]
    state.tricks = [count(view, f"tricks{i}") for i in range(n)]
    if "leader" in facts(view):
        state.leader = facts(view)["leader"]
    restore_match(state, view)
    return state.arranged(), dealt[-1] if extra_zone is not None else []
