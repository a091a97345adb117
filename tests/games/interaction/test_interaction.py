"""Tests for インタラクション: setup, scoring table, sealed first turn, actions, end."""

from __future__ import annotations

import json

import pytest

from tabletop.bots.runner import play_match
from tabletop.bots.worlds import Memory, resample
from tabletop.engine.actions import Action
from tabletop.engine.cards import standard_deck
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import Event
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.engine.views import BACK
from tabletop.games.interaction import (
    JOKER,
    InteractionState,
    match_points,
    rank_distance,
)

GAME = get_game("interaction")


def new(players: int = 3, seed: int = 1) -> InteractionState:
    """A fresh match."""
    state = GAME.setup(players, None, seed)
    assert isinstance(state, InteractionState)
    return state


def arrange(
    state: InteractionState,
    hands: list[list[str]],
    target: str,
    piles: list[str] | None = None,
    points: list[int] | None = None,
    stock: list[str] | None = None,
    active: int = 0,
) -> InteractionState:
    """Force a position: hands, target, pile tops and points; stock given top first."""
    n = state.players
    state.hands = [list(h) for h in hands]
    state.target = [target]
    if piles is None:
        state.phase, state.turn = "seal", 1
        state.piles = [[] for _ in range(n)]
    else:
        state.phase, state.turn = "play", 2
        state.piles = [[p] for p in piles]
    state.points = list(points or [0] * n)
    if stock is not None:
        state.stock = stock[::-1]
    state.sealed = [None] * n
    state.active = active
    state.arranged()
    return state


def snapshot(state: InteractionState) -> tuple[str, list[list[str]], list[str], list[str | None]]:
    """Everything an illegal action must leave untouched."""
    view = json.dumps(GAME.view(state, None).to_json(), sort_keys=True)
    return view, [list(h) for h in state.hands], list(state.stock), list(state.sealed)


def events_of(events: list[Event], kind: str) -> list[Event]:
    """The events of one type."""
    return [e for e in events if e.type == kind]


# ---- the seed's table of points against the seven of hearts -------------------------------
HEART_SEVEN_TABLE = [
    (["7S", "7D", "7C"], 3),  # same number (always another suit)
    (["6H", "8H"], 3),  # heart, one away
    (["5H", "9H"], 2),  # heart, two away
    (["AH", "2H", "3H", "4H", "10H", "JH", "QH", "KH"], 1),  # any other heart
    (["6S", "6D", "6C", "8S", "8D", "8C"], 2),  # other suit, one away
    (["5S", "5D", "5C", "9S", "9D", "9C"], 1),  # other suit, two away
]


@pytest.mark.parametrize(("cards", "points"), HEART_SEVEN_TABLE)
def test_seed_table_against_heart_seven(cards: list[str], points: int) -> None:
    """Every line of the seed's example table for a target of 7♥."""
    for card in cards:
        assert match_points(card, "7H") == points, card


def test_every_other_card_scores_nothing_against_heart_seven() -> None:
    """Cards matching no line of the table score 0; the table covers all 51 other cards."""
    listed = {c for cards, _ in HEART_SEVEN_TABLE for c in cards}
    rest = [c for c in standard_deck() if c != "7H" and c not in listed]
    assert len(listed) + len(rest) == 51
    assert rest  # e.g. 3S, JC, KD
    for card in rest:
        assert match_points(card, "7H") == 0, card


def test_rank_distance_is_cyclic() -> None:
    """K, A and 2 are adjacent: distances wrap round the thirteen ranks."""
    assert rank_distance("KS", "AH") == 1
    assert rank_distance("AS", "2H") == 1
    assert rank_distance("KS", "2H") == 2
    assert rank_distance("QS", "AH") == 2
    assert rank_distance("AS", "7D") == 6
    assert rank_distance("8S", "AD") == 6
    assert match_points("KH", "AH") == 3
    assert match_points("2S", "KH") == 1
    assert match_points("QD", "AD") == 2
    assert match_points("JS", "2H") == 0
    assert match_points("AS", "7S") == 1


# ---- setup --------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "stock"), [(3, 34), (4, 28)])
def test_setup_puts_joker_in_bottom_eleven(players: int, stock: int) -> None:
    """Six cards each, one target turned, the joker among the stock's bottom eleven."""
    for seed in range(20):
        state = new(players, seed)
        assert all(len(h) == 6 for h in state.hands)
        assert len(state.stock) == stock
        assert JOKER in state.stock[:11]  # stock[0] is the bottom card
        assert JOKER not in state.target
        cards = [c for h in state.hands for c in h] + state.stock + state.target
        assert sorted(cards) == sorted([*standard_deck(), JOKER])
        assert state.opening[0].type == "deal"
        assert GAME.to_act(state) == frozenset(range(players))


def test_joker_position_varies_within_bottom() -> None:
    """The joker is shuffled into the bottom eleven, not always at one spot."""
    spots = {new(3, seed).stock.index(JOKER) for seed in range(60)}
    assert len(spots) >= 6
    assert max(spots) <= 10


# ---- the simultaneous first turn ----------------------------------------------------------
def test_first_turn_choice_is_hidden_until_everyone_chose() -> None:
    """A sealed card shows only to its owner; nothing changes for the others but readiness."""
    state = new(3, 5)
    before = {s: GAME.view(state, s).to_json() for s in (1, 2, None)}
    card = state.hands[0][0]
    events = GAME.apply(state, 0, f"play {card}")
    assert events_of(events, "seal")[0].to_json(1, omniscient=False)["card"] == {"hidden": 1}
    assert events_of(events, "seal")[0].to_json(0, omniscient=False)["card"] == card
    assert GAME.view(state, 0).zone("sealed0").cards == (card,)
    for seat in (1, 2, None):
        view = GAME.view(state, seat)
        assert view.zone("sealed0").cards == (BACK,)
        assert card not in json.dumps(view.to_json())
        after = view.to_json()
        for key in ("counters", "status"):
            if seat is not None:
                assert after[key] == before[seat][key]
        assert after["to_act"] == [1, 2]
    assert state.piles == [[], [], []]
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, f"play {state.hands[0][0]}")


def test_first_turn_reveal_scores_and_leaves_five_cards() -> None:
    """When all have chosen the cards are revealed, scored, and nobody draws."""
    state = arrange(
        new(3, 2),
        [
            ["7S", "2C", "3C", "4C", "5C", "6C"],
            ["8H", "9S", "10S", "JS", "QS", "KS"],
            ["2D", "3D", "4D", "5D", "6D", "KD"],
        ],
        "7H",
    )
    stock = list(state.stock)
    GAME.apply(state, 0, "play 7S")
    GAME.apply(state, 1, "play 8H")
    events = GAME.apply(state, 2, "play KD")
    assert [e.data["seat"] for e in events_of(events, "play")] == [0, 1, 2]
    score = events_of(events, "score")[0].data
    assert score["gains"] == [3, 3, 0]
    assert state.points == [3, 3, 0]
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert state.stock == stock
    assert not events_of(events, "draw")
    assert events_of(events, "start")[0].data == {"seat": 2, "lowest": [2]}
    assert GAME.to_act(state) == frozenset((2,))
    assert GAME.view(state, 1).zone("pile0").cards == ("7S",)


def test_turn_two_start_tie_is_broken_by_the_seeded_rng() -> None:
    """Equal lowest scores: the starter is drawn from the tied seats, reproducibly."""
    starters = []
    for seed in range(24):
        state = arrange(
            new(3, seed),
            [["7S", "AC"], ["2C", "AD"], ["2D", "AS"]],
            "7H",
        )
        GAME.apply(state, 0, "play 7S")
        GAME.apply(state, 1, "play 2C")
        events = GAME.apply(state, 2, "play 2D")
        start = events_of(events, "start")[0].data
        assert start["lowest"] == [1, 2]
        starters.append(start["seat"])
        again = arrange(new(3, seed), [["7S", "AC"], ["2C", "AD"], ["2D", "AS"]], "7H")
        for seat, card in ((0, "7S"), (1, "2C"), (2, "2D")):
            GAME.apply(again, seat, f"play {card}")
        assert again.active == start["seat"]
    assert set(starters) == {1, 2}


# ---- the three actions, scoring and refill ------------------------------------------------
def play_position(points: list[int] | None = None) -> InteractionState:
    """Turn 2, seat 0 to act, target 7H, piles 7S / 8D / KC."""
    return arrange(
        new(3, 3),
        [
            ["6H", "9H", "2S", "3S", "JC"],
            ["AD", "2D", "3D", "4D", "5D"],
            ["AC", "2C", "3C", "4C", "5C"],
        ],
        "7H",
        piles=["7S", "8D", "KC"],
        points=points or [0, 0, 0],
        stock=["10D", "QD", "KD", "QS"],
    )


def test_play_on_own_pile_scores_everyone() -> None:
    """Playing to one's pile: that seat compares its new top; everyone else scores too."""
    state = play_position([1, 1, 1])
    events = GAME.apply(state, 0, "play 6H")
    assert events_of(events, "play")[0].data["where"] == ["pile"]
    assert events_of(events, "score")[0].data["gains"] == [3, 2, 0]
    assert state.points == [4, 3, 1]
    assert events_of(events, "draw")[0].to_json()["cards"] == ["10D"]
    assert len(state.hands[0]) == 5 and "10D" in state.hands[0]
    assert state.active == 1 and state.turn == 3


def test_play_on_target_changes_everyones_comparison() -> None:
    """Covering the target: every pile is compared with the new target card."""
    state = play_position()
    GAME.apply(state, 0, "target 9H")
    assert state.target == ["7H", "9H"]
    # 7S vs 9H: two away -> 1; 8D vs 9H: one away -> 2; KC vs 9H: four away -> 0
    assert state.points == [1, 2, 0]


def test_paid_double_costs_one_point_and_draws_two() -> None:
    """Both: one card to the pile, one to the target, 1 point to the bank, refill 2."""
    state = play_position([2, 0, 0])
    events = GAME.apply(state, 0, "both 6H 9H")
    play = events_of(events, "play")[0].data
    assert play["cards"] == ["6H", "9H"] and play["where"] == ["pile", "target"]
    assert play["paid"] == 1
    score = events_of(events, "score")[0].data
    # 6H vs 9H: heart, three away -> 1; 8D vs 9H -> 2; KC vs 9H -> 0
    assert score["gains"] == [1, 2, 0]
    assert score["changes"] == [0, 2, 0]
    assert state.points == [2, 2, 0]
    assert events_of(events, "draw")[0].to_json()["cards"] == ["10D", "QD"]
    assert len(state.hands[0]) == 5


def test_paid_double_refused_at_zero_points() -> None:
    """With no points the 2-card action is not offered and is refused, state untouched."""
    state = play_position([0, 5, 5])
    legal = {str(a) for a in GAME.legal_actions(state, 0)}
    assert "play 6H" in legal and "target 6H" in legal
    assert not any(a.startswith("both") for a in legal)
    before = snapshot(state)
    with pytest.raises(
        IllegalAction, match=r"^Playing two cards costs 1 point, and you have none\.$"
    ):
        GAME.apply(state, 0, "both 6H 9H")
    assert snapshot(state) == before
    assert state.points == [0, 5, 5]


def test_paid_double_offered_with_one_point() -> None:
    """One point is enough: every ordered pair of different cards is offered."""
    state = play_position([1, 0, 0])
    both = [a for a in GAME.legal_actions(state, 0) if a.verb == "both"]
    assert len(both) == 20
    assert Action("both", ("9H", "6H")) in both


@pytest.mark.parametrize(
    ("seat", "text", "reason"),
    [
        (0, "play AD", "do not hold A♦"),
        (0, "both 6H 6H", "two different"),
        (0, "both 6H", "two cards"),
        (0, "play 6H 9H", "exactly one"),
        (0, "pass 6H", "pile"),
        (1, "play AD", "not your turn"),
    ],
)
def test_illegal_actions_leave_state_unchanged(seat: int, text: str, reason: str) -> None:
    """Refused actions raise a readable reason and change nothing."""
    state = play_position([3, 0, 0])
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        GAME.apply(state, seat, text)
    assert snapshot(state) == before


def test_first_turn_refuses_target_and_double() -> None:
    """On turn 1 only a face-down card for one's own pile is allowed."""
    state = new(3, 9)
    card = state.hands[0][0]
    before = snapshot(state)
    for text in (f"target {card}", f"both {card} {state.hands[0][1]}"):
        with pytest.raises(
            IllegalAction, match=r"^On the first turn everyone places one card face down\.$"
        ):
            GAME.apply(state, 0, text)
    assert snapshot(state) == before


# ---- the joker ends the game --------------------------------------------------------------
def test_drawing_the_joker_ends_the_game_after_scoring() -> None:
    """The turn is scored, then the refill shows the joker and the game stops at once."""
    state = play_position([4, 6, 1])
    state.stock = [JOKER]
    events = GAME.apply(state, 0, "play 6H")
    kinds = [e.type for e in events]
    assert kinds == ["play", "score", "draw", "round_end", "game_end"]
    assert events_of(events, "draw")[0].data["joker"] is True
    assert state.points == [7, 8, 1]
    result = GAME.result(state)
    assert result is not None
    assert result.totals == (7, 8, 1)
    assert result.places == (2, 1, 3)
    assert result.winners == (1,)
    assert GAME.to_act(state) == frozenset()
    with pytest.raises(IllegalAction, match=r"^The match is over\.$"):
        GAME.apply(state, 1, "play AD")


def test_joker_as_second_card_of_a_double_refill_ends_too() -> None:
    """A two-card refill containing the joker also ends the game; ties share first place."""
    state = play_position([5, 5, 5])
    state.stock = [JOKER, "QS"]  # QS on top, joker below it
    GAME.apply(state, 0, "both 2S 3S")
    assert JOKER in state.hands[0] and "QS" in state.hands[0]
    result = GAME.result(state)
    assert result is not None
    # 2S vs 3S: same suit, one away -> 3 (minus 1 paid); 8D vs 3S -> 0; KC vs 3S -> 0
    assert result.totals == (7, 5, 5)
    assert result.places == (1, 2, 2)


def test_no_refill_and_no_end_without_the_joker() -> None:
    """Others keep five cards; the match continues while the joker stays in the stock."""
    state = play_position()
    GAME.apply(state, 0, "play 2S")
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert GAME.result(state) is None
    assert GAME.to_act(state) == frozenset((1,))


# ---- whole matches ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_whole_match_ends_with_a_result(players: int) -> None:
    """Computer players finish a match; the joker ended it and totals are the points."""
    state, result = play_match(GAME, players, ["thumb", "random"], seed=players)
    assert isinstance(state, InteractionState)
    assert result.totals == tuple(state.points)
    assert len(result.places) == players
    assert state.ended_by is not None
    assert JOKER in state.hands[state.ended_by]
    assert JOKER not in state.stock


def test_replay_is_deterministic_and_actions_round_trip() -> None:
    """The same seed and actions give the same match; every legal text parses back."""
    rng = Rng(4)
    state, copy = new(4, 11), new(4, 11)
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        actions = GAME.legal_actions(state, seat)
        for a in actions:
            text = str(a)
            assert str(Action.parse(text)) == text
            assert GAME.parse_action(text) == a
        chosen = actions[rng.below(len(actions))]
        assert GAME.apply(state, seat, chosen) == GAME.apply(copy, seat, str(chosen))
    assert GAME.view(state, None).to_json() == GAME.view(copy, None).to_json()
    assert GAME.result(state) == GAME.result(copy)


def test_hands_never_leak_into_other_views() -> None:
    """During random play no seat's view names a card in another seat's hand or the stock."""
    rng = Rng(8)
    state = new(3, 21)
    while GAME.to_act(state):
        for viewer in range(3):
            seen = json.dumps(GAME.view(state, viewer).to_json())
            hidden = [c for s in range(3) if s != viewer for c in state.hands[s]]
            hidden += [c for s in range(3) if s != viewer and (c := state.sealed[s])]
            hidden += state.stock
            for card in hidden:
                assert f'"{card}"' not in seen
        seat = min(GAME.to_act(state))
        actions = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, actions[rng.below(len(actions))])


def test_a_world_keeps_own_knowledge_and_joker_zone() -> None:
    """A world keeps the seat's hand and puts the joker in the bottom 11."""
    state = new(4, 13)
    told = [*state.opening, *GAME.apply(state, 2, f"play {state.hands[2][0]}")]
    for k in range(10):
        other = resample(GAME, state, 0, Memory.told(told, 0), Rng(k))
        assert isinstance(other, InteractionState)
        assert other.hands[0] == state.hands[0]
        assert other.target == state.target
        assert JOKER in other.stock[:11]
        assert len(other.stock) == len(state.stock)
        assert other.sealed[2] is not None
        cards = [c for h in other.hands for c in h] + other.stock + other.target
        cards += [c for c in other.sealed if c]
        assert sorted(cards) == sorted([*standard_deck(), JOKER])


def test_the_one_check_of_a_play_lets_through_exactly_the_legal_actions() -> None:
    """At every choice of random matches, every play, target and both of the hand's cards
    (and of a card not held) is listed by `legal` exactly when `play_refusal` finds nothing
    against it, and a refused action is told that reason."""
    import random

    from tabletop.games.interaction import play_refusal

    checked = 0
    for seed in range(3):
        state = new(4, seed)
        rnd = random.Random(seed)
        while state.result is None:
            for seat in sorted(GAME.to_act(state)):
                hand = state.hands[seat]
                stranger = next(c for c in [*standard_deck(), JOKER] if c not in hand)
                cards = [*hand, stranger]
                tries = [Action(v, (c,)) for v in ("play", "target") for c in cards]
                tries += [Action("both", (a, b)) for a in cards for b in cards]
                tries += [Action("play", tuple(hand[:2])), Action("pass")]
                legal = set(GAME.legal_actions(state, seat))
                for action in tries:
                    reason = play_refusal(state.phase, hand, state.points[seat], action)
                    assert (reason is None) == (action in legal), (action, reason)
                    if reason is not None:
                        with pytest.raises(IllegalAction) as refused:
                            GAME.apply(state, seat, action)
                        assert refused.value.reason == reason
                    checked += 1
            seat = min(GAME.to_act(state))
            GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
    assert checked > 1000
