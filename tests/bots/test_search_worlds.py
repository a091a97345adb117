"""World sampling for the search player: what a sampled world shows, and that it cannot cheat."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tabletop.bots.base import bot_names, make_bot
from tabletop.bots.search import SearchBot, make_search
from tabletop.bots.worlds import (
    Memory,
    blank_state,
    deal_constrained,
    resample,
    restore_match,
    world_sampler,
)
from tabletop.engine.game import Game, State
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.engine.views import View

CASES = [
    ("hagetaka", 4),
    ("hagetaka-party", 4),
    ("hagetaka-party", 12),
    ("interaction", 4),
    ("pokered-trick", 4),
    ("second-third", 4),
    ("second-third", 3),
    ("seltsam-walzer", 4),
    ("triq", 4),
    ("triq", 6),
    ("trump-duel", 2),
    ("wild-rawz", 4),
]


def all_cards(game: Game, state: State) -> Counter[str]:
    """Every card of a state, counted, wherever it lies."""
    return Counter(c for z in game.zones(state) for c in z.cards)


def decisions(game: Game, players: int, seed: int, limit: int) -> Any:
    """Play a match with random players; yield (state, seat, view, memory) at real choices
    (copies: play goes on after each)."""
    state = game.setup(players, None, seed)
    memories = [Memory() for _ in range(players)]
    for seat, memory in enumerate(memories):
        memory.add(e.to_json(seat, omniscient=False) for e in state.opening)
    players_ = [make_bot(game.info.id, "random", seed + i) for i in range(players)]
    for _ in range(limit):
        acting = game.to_act(state)
        if not acting:
            return
        for seat in sorted(acting):
            view = game.view(state, seat)
            if len(view.moves) > 1:
                memory = Memory()
                memory.add(memories[seat].events)
                yield game.clone(state), seat, view, memory
        seat = min(acting)
        events = game.apply(state, seat, players_[seat].choose(game.view(state, seat)))
        for i, memory in enumerate(memories):
            memory.add(e.to_json(i, omniscient=False) for e in events)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_sampled_world_shows_the_seat_exactly_its_view(game_id: str, players: int) -> None:
    """Every sampled world shows the seat its View and holds every card exactly once."""
    game = get_game(game_id)
    assert "search" in bot_names(game_id)
    sampler = world_sampler(game_id)
    assert sampler is not None
    rng = Rng(5)
    checked = 0
    for state, seat, view, memory in decisions(game, players, seed=3, limit=150):
        world = sampler(game, view, memory, rng)
        assert game.view(world, seat).to_json() == view.to_json()
        assert all_cards(game, world) == all_cards(game, state)
        assert game.to_act(world) == game.to_act(state)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("game_id", ["hagetaka", "wild-rawz", "pokered-trick"])
def test_match_bookkeeping_is_read_from_the_counters(game_id: str) -> None:
    """Round, dealer and half-point totals come back from the typed counters unchanged."""
    game = get_game(game_id)
    state = game.setup(4, None, 1)
    state.match.round, state.match.dealer = 3, 2
    state.match.scores = [[4.5, 0, 1, 2], [1, 2, 0.5, 0]]
    view = game.view(state, 0)
    world = blank_state(game, 4)
    restore_match(world, view)
    assert world.match.round == 3
    assert world.match.rounds == state.match.rounds
    if any(c.id == "dealer" for c in view.counters):
        assert world.match.dealer == 2
    if any(c.id.startswith("score") for c in view.counters):
        assert world.match.totals == state.match.totals


def test_voids_and_passed_cards_are_respected() -> None:
    """Second Third: a seat that failed to follow holds none of that suit in any world, and
    the two cards the seat passed stay with its left neighbour until played."""
    game = get_game("second-third")
    sampler = world_sampler("second-third")
    assert sampler is not None
    rng = Rng(1)
    seen_void = seen_pass = False
    for state, seat, view, memory in decisions(game, 4, seed=11, limit=120):
        led = None
        lacking: dict[int, set[str]] = {}
        for event in memory.since("deal"):
            if event["type"] == "play":
                if led is None:
                    led = event["card"][-1]
                elif event["card"][-1] != led:
                    lacking.setdefault(event["seat"], set()).add(led)
            elif event["type"] == "trick":
                led = None
        passed = [
            c
            for e in memory.since("deal")
            if e["type"] == "pass" and e["seat"] == seat
            for c in e["cards"]
        ]
        for _ in range(3):
            world = sampler(game, view, memory, rng)
            for other, suits in lacking.items():
                if other != seat:
                    assert not any(c[-1] in suits for c in world.hands[other])  # type: ignore[attr-defined]
                    seen_void = True
            left = (seat + 1) % 4
            for c in passed:
                if c in state.hands[left]:  # type: ignore[attr-defined]
                    assert c in world.hands[left]  # type: ignore[attr-defined]
                    seen_pass = True
    assert seen_void and seen_pass


def test_constrained_deal_keeps_every_card_and_the_constraints() -> None:
    """Slots get their sizes, every card once, and a slot refusing red cards gets none."""
    pool = [f"{r}{s}" for r in "23456" for s in "HS"]
    out = deal_constrained(pool, [4, 6], [lambda c: c[-1] != "H", None], Rng(3))
    assert [len(s) for s in out] == [4, 6]
    assert sorted(out[0] + out[1]) == sorted(pool)
    assert all(c[-1] == "S" for c in out[0])
    with pytest.raises(ValueError):
        deal_constrained(pool, [3, 3], [None, None], Rng(3))


def search_bot(game_id: str, seed: int = 7) -> SearchBot:
    """A search player with a tiny iteration budget (deterministic, no clock)."""
    factory = make_search(game_id, iterations=6)
    assert factory is not None
    bot = factory(seed)
    assert isinstance(bot, SearchBot)
    return bot


def hidden_part(game: Game, state: State, seat: int) -> list[tuple[str, ...]]:
    """The cards of every zone `seat` may not see."""
    return [z.cards for z in game.zones(state) if not z.seen_by(seat)]


def choice(game_id: str, view: View, memory: Memory) -> str:
    """What a fresh search player decides from this view and memory."""
    bot = search_bot(game_id)
    bot.observe(memory.events)
    return bot.choose(view)


@pytest.mark.parametrize("game_id", sorted({g for g, _ in CASES}))
def test_same_observations_same_decision(game_id: str) -> None:
    """Two matches that showed the seat the same things, with different hidden cards, lead
    to the same decision with the same seed: at the first choice (the same hand, other hands
    redealt) and later in the match (a world sampled from the seat's observations)."""
    game = get_game(game_id)
    players = dict(CASES)[game_id]
    found = list(decisions(game, players, seed=21, limit=80))
    assert found
    rng = Rng(99)
    for state, seat, view, memory in (found[0], found[len(found) // 2]):
        other = resample(game, state, seat, memory, rng)
        assert game.view(other, seat).to_json() == view.to_json()
        sampler = world_sampler(game_id)
        assert sampler is not None
        twin = sampler(game, view, memory, rng)
        hidden = hidden_part(game, state, seat)
        differs = any(hidden_part(game, w, seat) != hidden for w in (other, twin)) or not any(
            hidden
        )
        assert differs
        mine = choice(game_id, view, memory)
        assert mine in [m.action for m in view.moves]
        assert choice(game_id, game.view(other, seat), memory) == mine
        assert choice(game_id, game.view(twin, seat), memory) == mine


def test_a_reading_of_the_memory_is_worked_out_again_once_events_are_added() -> None:
    """`Memory.reading` gives the same answer as reading afresh, before and after an add."""
    memory = Memory()
    calls: list[int] = []

    def count_events(m: Memory) -> int:
        calls.append(1)
        return len(m.events)

    assert memory.reading(count_events) == memory.reading(count_events) == 0
    memory.add([{"type": "deal"}])
    assert memory.reading(count_events) == 1
    assert len(calls) == 2
