"""Pokered Trick pure rules: poker hands, trick winners, points and the three settlement steps."""

from __future__ import annotations

import pytest

from tabletop.games.pokered_trick_rules import (
    POT,
    poker_hand,
    score_deal,
    settle,
    trick_winner,
)


@pytest.mark.parametrize(
    ("cards", "points", "name"),
    [
        (["2S", "7H", "9D", "JC", "KS"], 0, "no hand"),
        (["4S", "4H", "9D"], 1, "one pair"),
        (["4S", "4H", "9D", "9C", "KS"], 2, "two pair"),
        (["4S", "4H", "4D", "9C"], 3, "three of a kind"),
        (["5S", "6H", "7D", "8C", "9S"], 3, "straight"),
        (["2H", "7H", "9H", "JH", "KH"], 3, "flush"),
        (["4S", "4H", "4D", "9C", "9S"], 4, "full house"),
        (["4S", "4H", "4D", "4C", "9S"], 5, "four of a kind"),
        (["5H", "6H", "7H", "8H", "9H"], 6, "straight flush"),
    ],
)
def test_every_category(cards: list[str], points: int, name: str) -> None:
    assert poker_hand(cards) == (points, name)


def test_ace_plays_high_or_low_in_a_straight_but_never_wraps() -> None:
    assert poker_hand(["AS", "2H", "3D", "4C", "5S"]) == (3, "straight")
    assert poker_hand(["10S", "JH", "QD", "KC", "AS"]) == (3, "straight")
    assert poker_hand(["QS", "KH", "AD", "2C", "3S"]) == (0, "no hand")
    assert poker_hand(["JS", "QH", "KD", "AC", "2S"]) == (0, "no hand")
    assert poker_hand(["AH", "2H", "3H", "4H", "5H"]) == (6, "straight flush")
    assert poker_hand(["10D", "JD", "QD", "KD", "AD"]) == (6, "straight flush")


def test_straight_and_flush_need_five_cards() -> None:
    assert poker_hand(["5S", "6H", "7D", "8C"]) == (0, "no hand")
    assert poker_hand(["2H", "7H", "9H", "JH"]) == (0, "no hand")


def test_jokers_never_count() -> None:
    assert poker_hand(["JK1", "JK2"]) == (0, "no hand")
    assert poker_hand(["JK1", "5S", "6H", "7D", "8C"]) == (0, "no hand")
    assert poker_hand(["JK1", "2H", "7H", "9H", "JH"]) == (0, "no hand")
    assert poker_hand(["JK1", "JK2", "9S", "9H"]) == (1, "one pair")
    assert poker_hand(["JK1", "9S", "9H", "9D"]) == (3, "three of a kind")


def test_best_single_category_from_any_subset() -> None:
    # many cards: the straight flush hides among them, and only the best category counts
    many = ["3S", "4S", "5S", "6S", "7S", "7H", "7D", "QC", "QD", "2C"]
    assert poker_hand(many) == (6, "straight flush")
    # two triples make a full house; a straight with a pair inside still is a straight
    assert poker_hand(["8S", "8H", "8D", "KS", "KH", "KD"]) == (4, "full house")
    assert poker_hand(["5S", "6H", "7D", "8C", "9S", "9H"]) == (3, "straight")
    assert poker_hand(["AS", "AH", "KD", "KC", "QS", "QH"]) == (2, "two pair")


def test_seed_photo_example() -> None:
    # a pair of 4s showing; a won or kept 5 would complete the straight
    shown = ["3H", "4S", "4D", "6C", "7S"]
    assert poker_hand(shown) == (1, "one pair")
    assert poker_hand([*shown, "5D"]) == (3, "straight")
    # four spades showing; one more spade makes the flush
    spades = ["2S", "8S", "10S", "QS", "9D"]
    assert poker_hand(spades) == (0, "no hand")
    assert poker_hand([*spades, "AS"]) == (3, "flush")


def test_trick_winner_highest_of_led_suit_ace_high() -> None:
    assert trick_winner([(0, "10H"), (1, "KH"), (2, "AD"), (3, "2H")]) == (1, False)
    assert trick_winner([(2, "KH"), (3, "AH"), (0, "QH")]) == (3, False)
    # an off-suit card never wins, however high
    assert trick_winner([(1, "3C"), (2, "AS"), (0, "2C")]) == (1, False)


def test_jokers_win_and_the_later_joker_wins() -> None:
    assert trick_winner([(0, "AH"), (1, "JK2"), (2, "KH")]) == (1, True)
    assert trick_winner([(0, "AH"), (1, "JK2"), (2, "JK1")]) == (2, True)
    assert trick_winner([(0, "JK1"), (1, "AS"), (2, "AH")]) == (0, True)
    assert trick_winner([(3, "JK1"), (0, "AS"), (1, "JK2")]) == (1, True)


def test_score_deal_adds_trick_points_and_poker_points() -> None:
    # the seed's example: two tricks and a straight are 2 + 3 = 5 points
    hidden = [("5S", "9C"), None, ("2D", "2H")]
    won = [["6H", "7D", "8C", "KS", "QS", "4H"], [], []]
    scored = score_deal([0, 2], hidden, won, [2, 0, 0])
    assert scored[0].points == 5 and scored[0].hand == "straight" and scored[0].tricks == 2
    assert scored[2].points == 1 and scored[2].poker == 1
    assert 1 not in scored


def test_seed_settlement_example_three_pays_one_receives_two() -> None:
    done = settle(
        [0, 1, 2],
        {0: 3, 1: 1, 2: 4},
        {0: 0, 1: 0, 2: 0},
        dict.fromkeys(range(3), True),
        [30, 30, 30],
        0,
    )
    assert done.chips == [31, 25, 34]
    # debtors from the starter clockwise; each pays creditors clockwise from its own left
    assert [(t["from"], t["to"], t["chips"]) for t in done.transfers] == [
        (0, 2, 1),
        (1, 2, 3),
        (1, 0, 2),
    ]
    assert done.bankrupt == [] and done.pot == 0


def test_step_one_shares_the_pot_among_trickless_declarers() -> None:
    won = {0: True, 1: False, 2: False}
    done = settle([0, 1, 2], {0: 2, 1: 2, 2: 2}, {0: 0, 1: 1, 2: 0}, won, [30, 30, 30], 7)
    steps = [(t["step"], t["from"], t["to"], t["chips"]) for t in done.transfers]
    # 7 // 2 = 3 each; the odd chip stays for step 3: equal points, seat 1 has more poker points
    assert steps == [(1, POT, 1, 3), (1, POT, 2, 3), (3, POT, 1, 1)]
    assert done.chips == [30, 34, 33] and done.pot == 0 and done.pot_winner == 1


def test_step_one_pot_smaller_than_the_group_stays() -> None:
    won = {0: True, 1: False, 2: False, 3: False}
    done = settle(
        [0, 1, 2, 3], dict.fromkeys(range(4), 0), dict.fromkeys(range(4), 0), won, [30] * 4, 2
    )
    assert [t["step"] for t in done.transfers] == [3]
    assert done.pot_winner == 0  # all equal: nearest the starter


def test_step_three_ties_go_to_poker_points_then_nearest_the_starter() -> None:
    everyone = dict.fromkeys(range(4), True)
    points = {2: 4, 3: 4, 0: 4, 1: 1}
    done = settle([2, 3, 0, 1], points, {2: 1, 3: 2, 0: 2, 1: 0}, everyone, [30] * 4, 5)
    assert done.pot_winner == 3  # seats 3 and 0 share 2 poker points; 3 sits nearer starter 2
    assert done.chips[3] == 30 + 3 + 5


def test_debtor_going_bankrupt_stops_paying() -> None:
    everyone = dict.fromkeys(range(3), True)
    done = settle(
        [0, 1, 2], {0: 1, 1: 4, 2: 3}, dict.fromkeys(range(3), 0), everyone, [2, 30, 30], 0
    )
    # seat 0 owes 3 to seat 1 (its left, paid first) and 2 to seat 2: only 2 chips
    assert [(t["from"], t["to"], t["chips"]) for t in done.transfers] == [(0, 1, 2), (2, 1, 1)]
    assert done.bankrupt == [0] and done.chips == [0, 33, 29]


def test_debtor_may_spend_chips_received_earlier() -> None:
    everyone = dict.fromkeys(range(3), True)
    done = settle(
        [0, 1, 2], {0: 5, 1: 1, 2: 3}, dict.fromkeys(range(3), 0), everyone, [30, 30, 1], 0
    )
    # seat 1 pays seat 2 first (2 chips), so seat 2 can then pay its 2 to seat 0
    assert [(t["from"], t["to"], t["chips"]) for t in done.transfers] == [
        (1, 2, 2),
        (1, 0, 4),
        (2, 0, 2),
    ]
    assert done.bankrupt == [] and done.chips == [36, 24, 1]


def test_bankrupt_seat_receives_nothing_more() -> None:
    everyone = dict.fromkeys(range(3), True)
    done = settle(
        [0, 1, 2], {0: 2, 1: 3, 2: 0}, dict.fromkeys(range(3), 0), everyone, [1, 30, 30], 0
    )
    # seat 0 pays its last chip and is out; seat 2 then skips it and pays only seat 1
    assert [(t["from"], t["to"], t["chips"]) for t in done.transfers] == [(0, 1, 1), (2, 1, 3)]
    assert done.bankrupt == [0] and done.chips == [0, 34, 27]
