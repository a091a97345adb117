"""The search's tree of its seat's own moves (Seltsam-Walzer's search): how it picks a move at
a node, that it reaches the seat's later moves, what it reports, and that it still decides
from the seat's observations only."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.bots import search
from tabletop.bots.search import SearchBot, make_search
from tabletop.bots.worlds import Memory, resample
from tabletop.engine.game import Game, State
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.engine.views import View
from tabletop.ui.table.hint import suggest

GAME = "seltsam-walzer"


def tree_bot(iterations: int, seed: int = 5) -> SearchBot:
    """Seltsam-Walzer's search player with a fixed number of playouts (no clock)."""
    factory = make_search(GAME, iterations=iterations)
    assert factory is not None
    bot = factory(seed)
    assert isinstance(bot, SearchBot) and bot.tree
    return bot


def mid_deal(seed: int = 3, cards_played: int = 6) -> tuple[Game, State, int, View, Memory]:
    """A match played at random past its passes and `cards_played` cards; the seat to play,
    its View and what it was shown."""
    game = get_game(GAME)
    state = game.setup(4, None, seed)
    memories = [Memory() for _ in range(4)]
    for seat, memory in enumerate(memories):
        memory.add(e.to_json(seat, omniscient=False) for e in state.opening)
    chooser, played = Rng(seed), 0
    while True:
        seat = min(game.to_act(state))
        view = game.view(state, seat)
        if played >= cards_played and len(view.moves) > 1:
            return game, state, seat, view, memories[seat]
        played += view.moves[0].action.startswith("play")
        events = game.apply_nth(state, seat, chooser.below(game.choices(state, seat)))
        for i, memory in enumerate(memories):
            memory.add(e.to_json(i, omniscient=False) for e in events)


def test_untried_moves_come_first_then_the_highest_bound() -> None:
    """Every legal move is tried once before any twice; then the best mean wins among equally
    tried moves, and a move counts as offered only when it was legal."""
    node, rng = search._Node(), Rng(1)
    first = set()
    for _ in range(3):
        move = search._choose(node, ["a", "b", "c"], rng, 1.0)
        first.add(move)
        node.kids[move].tried += 1
        node.kids[move].value += {"a": 1.0, "b": 5.0, "c": 0.0}[move]
    assert first == {"a", "b", "c"}
    assert search._choose(node, ["a", "b", "c"], rng, 1.0) == "b"
    assert search._choose(node, ["a", "c"], rng, 1.0) == "a"
    assert [node.kids[m].offered for m in "abc"] == [5, 4, 5]


def test_the_tree_chooses_the_seats_later_moves_and_plays_its_most_tried(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Below its candidates the tree picks the seat's own later moves of the round; it plays
    the candidate tried most, and reports that candidate's tries and expected points."""
    _game, _state, _seat, view, memory = mid_deal()
    nodes: list[Any] = []
    choose = search._choose

    def recording(node: Any, legal: Any, rng: Rng, spread: float) -> Any:
        nodes.append(node)
        return choose(node, legal, rng, spread)

    monkeypatch.setattr(search, "_choose", recording)
    bot = tree_bot(400)
    bot.observe(memory.events)
    chosen = bot.choose(view)
    root = nodes[0]
    assert any(node is not root for node in nodes)  # later own moves were chosen by the tree
    tries = {move: kid.tried for move, kid in root.kids.items()}
    assert sum(tries.values()) == bot.playouts == 400
    assert tries[chosen] == max(tries.values())
    estimate = bot.estimate
    assert estimate is not None and estimate.action == chosen
    assert estimate.best is None and estimate.worlds == tries[chosen]


def test_the_tree_decides_from_the_seats_observations_only() -> None:
    """Mid-deal, a world with the other hands redealt shows the seat the same View, and the
    tree (deep enough to reach its later moves) makes the same decision in both."""
    game, state, seat, view, memory = mid_deal(seed=8)
    other = resample(game, state, seat, memory, Rng(4))
    hidden = [z.cards for z in game.zones(state) if not z.seen_by(seat)]
    assert [z.cards for z in game.zones(other) if not z.seen_by(seat)] != hidden
    assert game.view(other, seat).to_json() == view.to_json()
    decided = []
    for shown in (view, game.view(other, seat)):
        bot = tree_bot(300)
        bot.observe(memory.events)
        decided.append(bot.choose(shown))
    assert decided[0] == decided[1]


def test_a_hint_from_the_tree_gives_its_expected_points() -> None:
    """The tree compares no two moves deal by deal, so its hint tells the expected points over
    the deals it tried and claims no share of deals."""
    _game, _state, _seat, view, memory = mid_deal()
    found = suggest(GAME, view, [memory.events], think=None, iterations=200)
    assert found.reason is not None
    assert found.reason.text == (
        "Expected this round: {points} points (over {worlds} ways the unseen cards might lie)."
    )
    assert 0 < int(found.reason.param("worlds")) <= 200
