"""Pokered Trick as a game: declaring, the kept pair, tricks, settlement, bankruptcy, match end."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tabletop.bots.worlds import Memory, resample
from tabletop.engine.cards import sort_key, standard_deck
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import Event
from tabletop.engine.registry import get_game
from tabletop.engine.text import Msg, Seat
from tabletop.games.pokered_trick import PokeredState

GAME = get_game("pokered-trick")
DECK = standard_deck(jokers=2)


def rig(
    players: int,
    hands: Mapping[int, Sequence[str]],
    options: Mapping[str, Any] | None = None,
    chips: Sequence[int] | None = None,
) -> PokeredState:
    """A fresh match whose first deal gives `hands` to those seats (the rest from the deck)."""
    state = GAME.setup(players, options, seed=3)
    assert isinstance(state, PokeredState)
    if chips is not None:
        state.chips = list(chips)
        state.start_chips = list(chips)
    used = {c for h in hands.values() for c in h}
    pool = [c for c in DECK if c not in used]
    for seat in state.queue:
        given = list(hands[seat]) if seat in hands else [pool.pop() for _ in range(7)]
        state.hands[seat] = sorted(given, key=sort_key)
    state.stock = pool
    state.arranged()
    return state


def act(state: PokeredState, *moves: tuple[int, str]) -> list[Event]:
    """Apply (seat, action) pairs in turn; return every event."""
    events: list[Event] = []
    for seat, text in moves:
        events += GAME.apply(state, seat, text)
    return events


def snapshot(state: PokeredState) -> tuple[str, list[list[str]], list[int], int]:
    """The spectator view, the full hands, chips and pot."""
    view = json.dumps(GAME.view(state, None).to_json())
    return view, [list(h) for h in state.hands], list(state.chips), state.pot


def test_deal_seven_each_and_declare_from_the_dealers_left() -> None:
    state = GAME.setup(4, None, seed=9)
    assert isinstance(state, PokeredState)
    assert [len(h) for h in state.hands] == [7, 7, 7, 7] and len(state.stock) == 54 - 28
    assert state.chips == [30] * 4 and state.pot == 0
    assert state.queue == [1, 2, 3, 0]
    for seat in (1, 2, 3):
        assert GAME.to_act(state) == {seat}
        GAME.apply(state, seat, "declare fold")
    assert GAME.to_act(state) == {0}  # the dealer declares last
    assert state.pot == 3 and state.chips == [30, 29, 29, 29]
    assert state.hands[1] == [] and len(state.folded[1]) == 7
    assert state.folded[1][0] not in json.dumps(GAME.view(state, 2).to_json())


def test_lone_declarer_takes_the_whole_pot_without_tricks() -> None:
    state = GAME.setup(4, None, seed=2)
    assert isinstance(state, PokeredState)
    state.pot = 5  # carried over from earlier deals
    events = act(state, (1, "declare fold"), (2, "declare in"), (3, "declare fold"))
    events += act(state, (0, "declare fold"))
    kinds = [e.type for e in events]
    assert kinds == ["declare"] * 4 + ["settle", "round_end", "deal"]
    settle = events[4].data
    assert settle["transfers"] == [{"step": 0, "from": "pot", "to": 2, "chips": 8}]
    assert settle["pot_winner"] == 2
    assert events[5].data["scores"] == [-1, -1, 8, -1]
    assert state.chips == [29, 29, 38, 29] and state.pot == 0
    assert state.match.round == 2 and state.match.dealer == 1 and state.queue == [2, 3, 0, 1]


def test_no_declarer_carries_the_pot_over() -> None:
    state = GAME.setup(3, None, seed=4)
    assert isinstance(state, PokeredState)
    events = act(state, (1, "declare fold"), (2, "declare fold"), (0, "declare fold"))
    assert events[3].type == "settle" and events[3].data["transfers"] == []
    assert state.pot == 3 and state.chips == [29, 29, 29]
    assert state.match.round == 2 and state.phase == "declare"


def test_kept_pair_is_simultaneous_and_private() -> None:
    hands = {1: ["AS", "KS", "2H", "3H", "4D", "5C", "9C"], 3: ["AH", "KH", "2S", "3S", "4C"]}
    hands[3] += ["5D", "9D"]
    state = rig(4, hands)
    act(state, (1, "declare in"), (2, "declare fold"), (3, "declare in"), (0, "declare fold"))
    assert state.phase == "hide" and GAME.to_act(state) == {1, 3}
    events = act(state, (3, "hide 9D 2S"))  # any order; stored in deck order
    assert state.hidden[3] == ("2S", "9D")
    assert events[0].to_json(1, omniscient=False)["cards"] == {"hidden": 2}
    assert events[0].to_json(3, omniscient=False)["cards"] == ["2S", "9D"]
    assert GAME.to_act(state) == {1}
    for seat in (None, 0, 1, 2):
        assert GAME.view(state, seat).zone("hidden3").cards == ("??", "??")
    assert GAME.view(state, 3).zone("hidden3").cards == ("2S", "9D")
    act(state, (1, "hide 2H 3H"))
    # the starter is the first to declare in and leads the first trick
    assert state.phase == "play" and GAME.to_act(state) == {1} and state.order == [1, 3]


def play_hand(hands: Mapping[int, Sequence[str]], hide: Mapping[int, str]) -> PokeredState:
    """A 3-player deal where seats 0 and 1 stay in (seat 2, the first to declare, folds)."""
    state = rig(3, hands)
    act(state, (1, "declare in"), (2, "declare fold"), (0, "declare in"))
    for seat, text in hide.items():
        act(state, (seat, text))
    return state


def test_must_follow_but_jokers_may_always_be_played() -> None:
    hands = {1: ["AS", "KS", "QS", "JS", "10S", "2H", "3H"], 0: ["9S", "JK1", "4H", "5H", "6H"]}
    hands[0] += ["7D", "8D"]
    state = play_hand(hands, {1: "hide 2H 3H", 0: "hide 7D 8D"})
    act(state, (1, "play AS"))
    assert sorted(str(a) for a in GAME.legal_actions(state, 0)) == ["play 9S", "play JK1"]
    before = snapshot(state)
    with pytest.raises(
        IllegalAction, match=r"^You must follow spades \(a joker may always be played\)\.$"
    ):
        GAME.apply(state, 0, "play 4H")
    with pytest.raises(IllegalAction, match="do not hold"):
        GAME.apply(state, 0, "play KS")
    with pytest.raises(IllegalAction, match=r"^It is not your turn\.$"):
        GAME.apply(state, 1, "play KS")
    assert snapshot(state) == before


def test_after_a_joker_lead_any_card_may_be_played() -> None:
    hands = {1: ["JK1", "KS", "QS", "JS", "10S", "2H", "3H"], 0: ["9S", "AS", "4H", "5H", "6H"]}
    hands[0] += ["7D", "8D"]
    state = play_hand(hands, {1: "hide 2H 3H", 0: "hide 7D 8D"})
    act(state, (1, "play JK1"))
    assert len(GAME.legal_actions(state, 0)) == 5


def test_a_player_void_in_the_led_suit_may_play_anything() -> None:
    hands = {1: ["AS", "KS", "QS", "JS", "10S", "2H", "3H"], 0: ["9D", "8D", "4H", "5H", "6C"]}
    hands[0] += ["7C", "JK2"]
    state = play_hand(hands, {1: "hide 2H 3H", 0: "hide 6C 7C"})
    act(state, (1, "play AS"))
    assert sorted(str(a) for a in GAME.legal_actions(state, 0)) == [
        "play 4H",
        "play 5H",
        "play 8D",
        "play 9D",
        "play JK2",
    ]


def test_leads_rotate_from_the_starter_and_joker_tricks_score_nothing() -> None:
    # seat 1 starts; seat 0 leads trick 2 even though seat 1 won trick 1
    hands = {1: ["AS", "KS", "QS", "JK1", "2D", "2H", "3H"], 0: ["9S", "8S", "7S", "JK2", "3D"]}
    hands[0] += ["7D", "8D"]
    state = play_hand(hands, {1: "hide 2H 3H", 0: "hide 7D 8D"})
    ev = act(state, (1, "play AS"), (0, "play 9S"))
    assert ev[-1].type == "trick" and ev[-1].data["winner"] == 1 and ev[-1].data["joker"] is False
    assert GAME.to_act(state) == {0} and GAME.view(state, 1).counter("leader").value == Msg(
        "{seat}", seat=Seat(0)
    )
    ev = act(state, (0, "play 8S"), (1, "play JK1"))
    assert ev[-1].data == {"leader": 0, "winner": 1, "cards": ["8S", "JK1"], "joker": True}
    assert state.tricks[1] == 2 and state.trick_points[1] == 1
    ev = act(state, (1, "play KS"), (0, "play JK2"))
    assert ev[-1].data["winner"] == 0 and state.trick_points[0] == 0
    ev = act(state, (0, "play 7S"), (1, "play QS"), (1, "play 2D"), (0, "play 3D"))
    kinds = [e.type for e in ev]
    assert kinds == ["play", "play", "trick"] * 2 + ["reveal", "settle", "round_end", "deal"]
    reveal = ev[6].data
    assert reveal["hidden"] == [["7D", "8D"], ["2H", "3H"], None]
    # seat 1 won AS/9S and QS/7S (1 each) and 8S/JK1 (a joker trick: 0); its five won
    # spades make a flush (the joker does not count); seat 0 won KS/JK2 (joker: 0) and 2D/3D
    # (1), and 7D 8D KS 2D 3D make no hand
    assert reveal["tricks"] == [1, 2, None] and reveal["poker"] == [0, 3, None]
    assert reveal["hands"] == ["no hand", "flush", None] and reveal["points"] == [1, 5, None]
    # the folder's chip is the pot; nobody went without a trick, so the best declarer takes it
    assert ev[7].data["transfers"] == [
        {"step": 2, "from": 0, "to": 1, "chips": 4},
        {"step": 3, "from": "pot", "to": 1, "chips": 1},
    ]
    assert ev[7].data["chips"] == [26, 35, 29] and ev[7].data["pot"] == 0


def test_kept_cards_count_and_a_trickless_declarer_shares_the_pot() -> None:
    hands = {1: ["AS", "KS", "QS", "JS", "10S", "5H", "5D"], 0: ["9S", "8S", "7S", "6S", "2C"]}
    hands[0] += ["3C", "4C"]
    state = play_hand(hands, {1: "hide 5D 5H", 0: "hide 3C 4C"})
    events: list[Event] = []
    for lead, follow in (("AS", "9S"), ("8S", "KS"), ("QS", "7S"), ("6S", "JS"), ("10S", "2C")):
        leader = 1 if lead in state.hands[1] else 0
        events += act(state, (leader, f"play {lead}"), (1 - leader, f"play {follow}"))
    reveal = next(e.data for e in events if e.type == "reveal")
    # seat 1: five tricks, and the won spades make a straight flush: 5 + 6
    assert reveal["hands"][:2] == ["no hand", "straight flush"]
    assert reveal["points"] == [0, 11, None]
    settle = next(e.data for e in events if e.type == "settle")
    assert settle["transfers"] == [
        {"step": 1, "from": "pot", "to": 0, "chips": 1},
        {"step": 2, "from": 0, "to": 1, "chips": 11},
    ]
    end = next(e.data for e in events if e.type == "round_end")
    assert end["scores"] == [-10, 11, -1] and end["totals"] == [20, 41, 29]
    assert state.match.round == 2 and state.chips == [20, 41, 29]


def test_debtor_bankrupt_mid_payment_is_left_out_of_later_deals() -> None:
    hands = {1: ["AS", "KS", "QS", "JS", "10S", "5H", "5D"], 0: ["9S", "8S", "7S", "6S", "2C"]}
    hands[0] += ["3C", "4C"]
    state = rig(3, hands, chips=[5, 30, 30])
    act(state, (1, "declare in"), (2, "declare fold"), (0, "declare in"))
    act(state, (1, "hide 5D 5H"), (0, "hide 3C 4C"))
    events: list[Event] = []
    for lead, follow in (("AS", "9S"), ("8S", "KS"), ("QS", "7S"), ("6S", "JS"), ("10S", "2C")):
        leader = 1 if lead in state.hands[1] else 0
        events += act(state, (leader, f"play {lead}"), (1 - leader, f"play {follow}"))
    settle = next(e.data for e in events if e.type == "settle")
    # seat 0 gets the folder's chip (no trick), then owes 11 but has only 6
    assert settle["transfers"][-1] == {"step": 2, "from": 0, "to": 1, "chips": 6}
    assert settle["bankrupt"] == [0] and settle["chips"] == [0, 36, 29]
    end = next(e.data for e in events if e.type == "round_end")
    assert end["bankrupt"] == [0] and end["scores"] == [-5, 6, -1]
    # deal 2: the dealer passes to seat 1; seat 0 gets no cards and never acts
    assert state.match.dealer == 1 and state.queue == [2, 1] and state.hands[0] == []
    assert GAME.view(state, 2).counter("declared0").value == Msg("bankrupt")
    act(state, (2, "declare fold"), (1, "declare fold"))
    assert state.match.dealer == 2 and state.queue == [1, 2]
    act(state, (1, "declare fold"), (2, "declare fold"))
    assert state.match.dealer == 1  # seat 0 is skipped


def fold_deal(state: PokeredState) -> list[Event]:
    """Everyone folds in the current deal."""
    return act(state, *((s, "declare fold") for s in list(state.queue)))


def test_last_chip_spent_on_folding_ends_a_bankruptcies_match() -> None:
    state = rig(3, {}, {"end": "bankruptcies", "bankruptcies": 1}, chips=[30, 30, 1])
    events = fold_deal(state)
    assert [e.type for e in events][-3:] == ["settle", "round_end", "game_end"]
    assert events[-2].data["bankrupt"] == [2]
    result = GAME.result(state)
    assert result is not None and result.totals == (29, 29, 0)
    assert result.places == (1, 1, 3) and result.winners == (0, 1)  # equal chips: a draw
    assert GAME.to_act(state) == frozenset()


def test_bankruptcies_option_waits_for_the_given_count() -> None:
    state = rig(4, {}, {"end": "bankruptcies", "bankruptcies": 2}, chips=[30, 1, 30, 30])
    fold_deal(state)
    assert GAME.result(state) is None and state.out == [False, True, False, False]
    assert state.queue == [3, 0, 2] and state.match.dealer == 2
    state.chips[0] = 1
    fold_deal(state)
    assert GAME.result(state) is not None and state.out == [True, True, False, False]


def test_match_ends_when_one_player_is_left() -> None:
    state = rig(2, {}, None, chips=[1, 30])
    fold_deal(state)
    result = GAME.result(state)
    assert result is not None and result.totals == (0, 29) and result.winners == (1,)


@pytest.mark.parametrize(
    ("players", "options", "deals"), [(2, {}, 4), (5, {}, 10), (3, {"deals": 3}, 3)]
)
def test_number_of_deals(players: int, options: dict[str, Any], deals: int) -> None:
    state = GAME.setup(players, options, seed=1)
    assert isinstance(state, PokeredState)
    while GAME.result(state) is None:
        fold_deal(state)
    assert len(state.match.scores) == deals
    result = GAME.result(state)
    assert result is not None and result.totals == tuple(state.chips)
    assert state.pot == players * deals  # nobody ever declared: the pot kept growing


def test_time_limit_is_reported_after_each_deal() -> None:
    state = GAME.setup(3, {"end": "time", "minutes": 20}, seed=1)
    assert isinstance(state, PokeredState)
    fold_deal(state)
    assert state.phase == "clock" and GAME.to_act(state) == {1}  # the next dealer reports
    assert [str(a) for a in GAME.legal_actions(state, 1)] == [f"time {m}" for m in range(21)]
    assert GAME.view(state, 1).hints["clock"] == "minutes"
    events = act(state, (1, "time 12"))
    assert [e.type for e in events] == ["time", "deal"] and events[0].data["minutes"] == 12
    assert state.match.dealer == 1
    fold_deal(state)
    before = snapshot(state)
    report = (
        r"^Report the minutes played so far, from 12 up to 20 \(the limit means time is up\)\.$"
    )
    with pytest.raises(IllegalAction, match=report):
        GAME.apply(state, 2, "time 7")
    with pytest.raises(IllegalAction, match=report):
        GAME.apply(state, 2, "time 25")
    assert snapshot(state) == before
    events = act(state, (2, "time 20"))
    assert [e.type for e in events] == ["time", "game_end"]
    assert GAME.result(state) is not None and len(state.match.scores) == 2


def test_refusals_explain_and_change_nothing() -> None:
    state = rig(3, {1: ["AS", "KS", "QS", "JS", "10S", "5H", "5D"]})
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"^Declare: stay in, or fold\.$"):
        GAME.apply(state, 1, "declare maybe")
    with pytest.raises(IllegalAction, match=r"^It is not your turn\.$"):
        GAME.apply(state, 2, "declare in")
    assert snapshot(state) == before
    act(state, (1, "declare in"), (2, "declare in"), (0, "declare fold"))
    before = snapshot(state)
    for text, reason in (
        ("hide AS", "exactly two"),
        ("hide AS AS", "exactly two"),
        ("hide AS 2C", "from your hand"),
        ("play AS", "keep two of your cards aside"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            GAME.apply(state, 1, text)
    with pytest.raises(IllegalAction, match=r"^It is not your turn\.$"):
        GAME.apply(state, 0, "hide AS KS")
    assert snapshot(state) == before


def test_whole_match_with_thumb_bots_ends_with_chips_as_totals() -> None:
    from tabletop.bots.runner import play_match

    state, result = play_match(GAME, 5, bots=["thumb", "random"], seed=4)
    assert isinstance(state, PokeredState)
    assert result.totals == tuple(state.chips)
    assert sum(state.chips) + state.pot == 5 * 30
    assert len(result.rounds) == 10
    assert sum(sum(row) for row in result.rounds) == -state.pot  # chips only move
    best = max(state.chips)
    assert result.winners == tuple(i for i, c in enumerate(state.chips) if c == best)


def test_copy_is_independent_and_a_world_keeps_what_the_seat_knows() -> None:
    from tabletop.engine.rng import Rng

    state = GAME.setup(4, None, seed=6)
    assert isinstance(state, PokeredState)
    told = list(state.opening)
    told += act(state, (1, "declare in"), (2, "declare fold"), (3, "declare in"), (0, "declare in"))
    for seat in (1, 3, 0):
        hand = state.hands[seat]
        told += act(state, (seat, f"hide {hand[0]} {hand[1]}"))
    copy = GAME.clone(state)
    assert isinstance(copy, PokeredState)
    GAME.apply(copy, 1, str(GAME.legal_actions(copy, 1)[0]))
    assert len(state.hands[1]) == 5 and len(copy.hands[1]) == 4 and not state.trick
    guess = resample(GAME, state, 3, Memory.told(told, 3), Rng(1))
    assert isinstance(guess, PokeredState)
    assert guess.hands[3] == state.hands[3] and guess.hidden[3] == state.hidden[3]
    assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
    assert [len(f) for f in guess.folded] == [len(f) for f in state.folded]
    everything = sorted(
        [*guess.stock, *(c for h in guess.hands for c in h), *(c for f in guess.folded for c in f)]
        + [c for h in guess.hidden for c in (h or ())]
    )
    assert everything == sorted(DECK)
    assert guess.hands[1] != state.hands[1] or guess.hidden[0] != state.hidden[0]
