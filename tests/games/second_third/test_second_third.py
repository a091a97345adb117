"""Second Third: the seed's scoring examples, trick winners, passing, dealing, refusals."""

from __future__ import annotations

import json

import pytest

from tabletop.bots.worlds import Memory, resample
from tabletop.engine.errors import IllegalAction
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.games.second_third import SecondThirdState
from tabletop.games.second_third_rules import score, suit_points, trick_winner

GAME = get_game("second-third")


def cards_with_points(spades: int, hearts: int, diamonds: int, clubs: int) -> list[str]:
    """Won cards worth the given points per suit, using plain (non-ace) cards."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return (
        [r + "S" for r in ranks[:spades]]
        + [r + "H" for r in ranks[:hearts]]
        + [r + "D" for r in ranks[:diamonds]]
        + [r + "C" for r in ranks[:clubs]]
    )


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        ((5, 6, 1, 4), 2),  # example 1: H6 S5 C4 D1 → −6+5+4−1
        ((5, 5, 0, 5), 5),  # example 2: H5 S5 C5 D0 → −5+5+5−0
        ((3, 6, 1, 2), -2),  # example 3: H6 S3 C2 D1 → −6+3+2−1
    ],
)
def test_seed_scoring_examples(points: tuple[int, int, int, int], expected: int) -> None:
    assert score(cards_with_points(*points)) == expected


def test_ace_counts_two_points() -> None:
    assert suit_points(["AH", "2H", "AS"]) == {"S": 2, "H": 3, "D": 0, "C": 0}
    # the seed's remark: taking no trick leaves only the last card, worth −1
    assert score(["5D"]) == -1
    assert score(["AD"]) == -2


def test_trick_winner_follows_led_suit_and_trump() -> None:
    assert trick_winner([(0, "10H"), (1, "KH"), (2, "AD"), (3, "2H")]) == 1
    assert trick_winner([(0, "10H"), (1, "KH"), (2, "2S"), (3, "AH")]) == 2
    assert trick_winner([(0, "10H"), (1, "3S"), (2, "2S"), (3, "AC")]) == 1
    assert trick_winner([(2, "4C"), (3, "AD"), (0, "KH"), (1, "3C")]) == 2


@pytest.mark.parametrize(
    ("players", "ver2", "hand", "down", "deck"),
    [
        (3, False, 12, 0, 36),
        (4, False, 13, 0, 52),
        (5, False, 10, 2, 52),
        (3, True, 11, 3, 36),
        (4, True, 12, 4, 52),
    ],
)
def test_deal_sizes(players: int, ver2: bool, hand: int, down: int, deck: int) -> None:
    state = GAME.setup(players, {"ver2": ver2}, seed=1)
    assert isinstance(state, SecondThirdState)
    assert all(len(h) == hand for h in state.hands)
    assert len(state.face_down) == down
    assert len({c for h in state.hands for c in h} | set(state.face_down)) == deck
    if players == 3:
        assert all(c[:-1] not in {"2", "3", "4", "5"} for h in state.hands for c in h)


def passed(seed: int = 5) -> SecondThirdState:
    """A 4-player state after everyone passed their two lowest cards."""
    state = GAME.setup(4, None, seed)
    assert isinstance(state, SecondThirdState)
    for seat in range(4):
        GAME.apply(state, seat, f"pass {state.hands[seat][0]} {state.hands[seat][1]}")
    return state


def test_pass_is_simultaneous_and_goes_left() -> None:
    state = GAME.setup(4, None, 5)
    assert isinstance(state, SecondThirdState)
    original = [list(h) for h in state.hands]
    assert GAME.to_act(state) == {0, 1, 2, 3}
    GAME.apply(state, 2, f"pass {original[2][1]} {original[2][0]}")  # order does not matter
    assert GAME.to_act(state) == {0, 1, 3}
    assert original[2][0] not in json.dumps(GAME.view(state, 3).to_json())
    for seat in (0, 1, 3):
        GAME.apply(state, seat, f"pass {original[seat][0]} {original[seat][1]}")
    for seat in range(4):
        giver = (seat - 1) % 4
        assert set(original[giver][:2]) <= set(state.hands[seat])
        assert len(state.hands[seat]) == 13
    assert GAME.to_act(state) == {0}  # the dealer leads


def test_must_follow_refusal_leaves_state_unchanged() -> None:
    state = passed()
    lead = state.hands[0][0]
    GAME.apply(state, 0, f"play {lead}")
    hand = state.hands[1]
    off = [c for c in hand if c[-1] != lead[-1]]
    assert len(off) < len(hand), "seed 5 gives seat 1 a card of the led suit"
    before = json.dumps(GAME.view(state, None).to_json()), [list(h) for h in state.hands]
    with pytest.raises(IllegalAction, match="must follow"):
        GAME.apply(state, 1, f"play {off[0]}")
    with pytest.raises(IllegalAction, match="do not hold"):
        GAME.apply(state, 1, f"play {state.hands[2][0]}")
    with pytest.raises(IllegalAction, match=r"^It is not your turn\.$"):
        GAME.apply(state, 3, f"play {state.hands[3][0]}")
    assert (json.dumps(GAME.view(state, None).to_json()), state.hands) == before


def test_last_card_is_taken_not_played_and_round_scores() -> None:
    state = passed()
    while state.match.round == 1:
        seat = min(GAME.to_act(state))
        events = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    kinds = [e.type for e in events]
    assert kinds[:3] == ["play", "trick", "round_end"] and kinds[3] == "deal"
    end = events[2].data
    assert len(end["last_cards"]) == 4
    assert sum(sum(p) for p in end["suit_points"]) == 52 + 4  # four aces count double
    assert end["scores"] == [
        -p[0] + p[1] + p[2] - p[3]
        for p in (sorted(row, reverse=True) for row in end["suit_points"])
    ]
    assert state.match.dealer == 1 and GAME.to_act(state) == {0, 1, 2, 3}


def test_match_has_one_deal_per_player_and_ties_share() -> None:
    """Seed 10, always the last legal action: seats 0 and 2 finish level on 1 and share first."""
    state = GAME.setup(3, None, 10)
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    result = GAME.result(state)
    assert result is not None
    assert result.rounds == ((-1, 1, 2), (2, -8, 0), (0, -1, -1))
    assert result.totals == (1, -8, 1)
    assert result.places == (1, 3, 1)
    assert result.winners == (0, 2)


def test_a_world_keeps_passed_cards_with_the_left_neighbour() -> None:
    """A seat knows the two cards it passed sit in its left neighbour's hand until played."""
    state = GAME.setup(5, None, 5)
    assert isinstance(state, SecondThirdState)
    given = list(state.hands[0][:2])
    told = list(state.opening)
    for seat in range(5):
        told += GAME.apply(state, seat, f"pass {state.hands[seat][0]} {state.hands[seat][1]}")
    memory = Memory.told(told, 0)
    unseen = sorted(c for i in range(1, 5) for c in state.hands[i]) + sorted(state.face_down)
    for k in range(20):
        guess = resample(GAME, state, 0, memory, Rng(k))
        assert isinstance(guess, SecondThirdState)
        assert guess.hands[0] == state.hands[0]
        assert set(given) <= set(guess.hands[1])
        assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
        assert len(guess.face_down) == 2
        redealt = [c for i in range(1, 5) for c in guess.hands[i]] + guess.face_down
        assert sorted(redealt) == sorted(unseen)
