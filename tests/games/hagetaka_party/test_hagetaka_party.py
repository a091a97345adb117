"""ハゲタカのえじき達 (hagetaka-party): plots, redraws, battles, piles, scoring, big matches."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tabletop.bots.runner import play_match
from tabletop.bots.worlds import Memory, resample
from tabletop.engine.errors import BadOption, IllegalAction
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.engine.views import BACK
from tabletop.games.hagetaka_party import PartyState
from tabletop.games.vulture import NUMBER_DECK, hand_total, round_points

GAME = get_game("hagetaka-party")


def new(players: int = 10, seed: int = 1, **options: object) -> PartyState:
    """A fresh match."""
    state = GAME.setup(players, options or None, seed)
    assert isinstance(state, PartyState)
    return state


def plot_all(state: PartyState, plots: dict[int, int], default: int = 1) -> list:
    """Every seat plots: the given battle, else `default`; the events of the last plot."""
    events: list = []
    for seat in range(state.players):
        events = GAME.apply(state, seat, f"plot {plots.get(seat, default)}")
    return events


def rig(state: PartyState, hands: dict[int, list[str]], pile: list[str], stack: list[str]):
    """Replace hands, the turned pile and the face-down score cards (turned from the end)."""
    for seat, hand in hands.items():
        state.hands[seat] = list(hand)
    state.pile = list(pile)
    state.stack = list(stack)
    state.arranged()


def test_deal_three_each_from_the_whole_deck() -> None:
    state = new(25)
    assert all(len(h) == 3 for h in state.hands)
    assert Counter([c for h in state.hands for c in h]) == Counter(NUMBER_DECK)
    assert state.deck == [] and GAME.to_act(state) == frozenset(range(25))


def test_plots_are_hidden_until_everyone_has_plotted() -> None:
    state = new(5)
    before = GAME.view(state, 1)
    GAME.apply(state, 0, "plot 4")
    view = GAME.view(state, 1)
    assert view.zone("plot0").cards == (BACK,)
    assert BACK in view.zone("sheet0").cards
    assert view.counters == before.counters and view.status == before.status
    assert GAME.view(state, 0).zone("plot0").cards == ("P4",)
    assert "P4" in GAME.view(state, 0).zone("plot0").cards
    assert GAME.view(state, None).zone("plot0").cards == (BACK,)
    events = plot_all_rest(state, 1)
    plot = next(e for e in events if e.type == "plot")
    assert plot.data["plots"]["0"] == 4
    assert GAME.view(state, 1).zone("plot0").cards == ("P4",)
    assert GAME.view(state, 1).counter("plotted0").value == 4


def plot_all_rest(state: PartyState, battle: int) -> list:
    """Seats that have not plotted yet plot `battle`; the events of the last plot."""
    events: list = []
    for seat in sorted(GAME.to_act(state)):
        events = GAME.apply(state, seat, f"plot {battle}")
    return events


def test_battles_run_in_order_and_skip_empty_ones() -> None:
    state = new(4)
    events = plot_all(state, {0: 2, 1: 2, 2: 4, 3: 4})
    types = [e.type for e in events]
    assert types[:3] == ["plot", "skip", "battle"]
    assert state.battle == 2 and state.participants == (0, 1)
    assert GAME.to_act(state) == {0, 1}


def test_tie_cancels_highest_and_all_cancel_carries_within_battle() -> None:
    state = new(4)
    plot_all(state, {0: 3, 1: 3, 2: 3, 3: 3})
    rig(state, {0: ["N12", "N1", "N2"], 1: ["N12", "N3", "N4"], 2: ["N12", "N5", "N6"],
                3: ["N7", "N8", "N9"]}, ["V4"], ["V3", "V2", "V-2"])  # fmt: skip
    for seat in range(3):
        GAME.apply(state, seat, "bid N12")
    events = GAME.apply(state, 3, "bid N7")
    bout = next(e for e in events if e.type == "bout")
    assert bout.data["cancelled"] == [12] and bout.data["winner"] == 3
    # bout 2: everyone plays a different pair of equal numbers → all cancel
    rig(state, {0: ["N1", "N2"], 1: ["N1", "N4"], 2: ["N5", "N6"], 3: ["N5", "N9"]},
        ["V-2"], ["V3", "V2"])  # fmt: skip
    for seat, card in ((0, "N1"), (1, "N1"), (2, "N5"), (3, "N5")):
        events = GAME.apply(state, seat, f"bid {card}")
    bout = next(e for e in events if e.type == "bout")
    assert bout.data["winner"] is None and bout.data["carried"] == ["V-2"]
    # bout 3 plays itself: the pile −2 + 2 = 0 goes to the highest unique number
    third = [e for e in events if e.type == "bout"][-1]
    assert third.data["bout"] == 3 and third.data["total"] == 0
    assert third.data["winner"] == 3  # last cards 2, 4, 6, 9
    # nobody plotted battles 4–6, so the round ends and records what seat 3 took
    round_end = next(e for e in events if e.type == "round_end")
    assert round_end.data["taken"][3] == ["V4", "V-2", "V2"]
    assert round_end.data["scores"][3] == 4


def test_pile_left_after_third_bout_is_discarded() -> None:
    state = new(3)
    plot_all(state, {0: 1, 1: 1, 2: 5})
    rig(state, {0: ["N3", "N4", "N5"], 1: ["N3", "N4", "N5"]}, ["V1"], ["V0", "V2"])
    for card in ("N3", "N4"):
        for seat in (0, 1):
            events = GAME.apply(state, seat, f"bid {card}")
    last = [e for e in events if e.type == "bout"][-1]
    assert last.data["discarded"] == ["V1", "V2", "V0"]
    assert state.pile == [] and state.taken[0] == state.taken[1] == []


def test_lone_participant_takes_three_random_cards() -> None:
    state = new(3)
    events = plot_all(state, {0: 6, 1: 2, 2: 2})
    battle2 = [e for e in events if e.type == "battle"]
    assert battle2 and battle2[0].data["participants"] == [1, 2]
    for _ in range(2):
        for seat in sorted(GAME.to_act(state)):
            events = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    lone = next(e for e in events if e.type == "lone")
    assert lone.data["seat"] == 0 and len(lone.data["drawn"]) == 3
    assert Counter(lone.data["drawn"]) <= Counter(["V-5", "V-4", "V8", "V9", "V10"])
    assert state.match.round == 2  # battle 6 was the last: round 1 is scored


def test_redraw_only_for_weak_hands_and_only_once() -> None:
    state = new(4)
    state.hands[0] = ["N1", "N2", "N6"]  # 9: may redraw
    state.hands[1] = ["N1", "N2", "N7"]  # 10: may not
    state.arranged()
    assert "redraw" in [str(a) for a in GAME.legal_actions(state, 0)]
    assert "redraw" not in [str(a) for a in GAME.legal_actions(state, 1)]
    before = json.dumps([GAME.view(state, None).to_json(), state.hands])
    with pytest.raises(
        IllegalAction, match=r"^Only a hand totalling less than 10 may be redrawn\.$"
    ):
        GAME.apply(state, 1, "redraw")
    assert json.dumps([GAME.view(state, None).to_json(), state.hands]) == before
    events = GAME.apply(state, 0, "redraw")
    assert events[0].data["discarded"] == ["N1", "N2", "N6"]
    assert sorted(state.discard) == ["N1", "N2", "N6"]
    assert len(state.hands[0]) == 3 and state.redrawn[0]
    assert GAME.to_act(state) == {0, 1, 2, 3}  # still to plot
    state.hands[0] = ["N1", "N2", "N3"]
    state.arranged()
    with pytest.raises(IllegalAction, match=r"^You may redraw only once\.$"):
        GAME.apply(state, 0, "redraw")


def test_no_redraw_when_no_cards_are_left() -> None:
    state = new(25)
    state.hands[0] = ["N1", "N2", "N3"]
    state.arranged()
    assert hand_total(state.hands[0]) < 10
    assert "redraw" not in [str(a) for a in GAME.legal_actions(state, 0)]


def test_start_option_limits_plots() -> None:
    state = new(5, start=3)
    assert [str(a) for a in GAME.legal_actions(state, 0)][:4] == [
        "plot 3",
        "plot 4",
        "plot 5",
        "plot 6",
    ]
    with pytest.raises(IllegalAction, match=r"^Plot one battle from 3 to 6\.$"):
        GAME.apply(state, 0, "plot 2")
    with pytest.raises(BadOption):
        new(5, start=4)
    events = plot_all(state, {}, default=3)
    assert events[0].type == "plot" and events[1].type == "battle"


def test_round_two_hands_shown_to_battle_participants_only() -> None:
    state = new(4)
    state.match.round = 2
    events = plot_all(state, {0: 1, 1: 1, 2: 3, 3: 3})
    assert next(e for e in events if e.type == "battle").data["shown"]
    assert BACK not in GAME.view(state, 1).zone("hand0").cards
    assert set(GAME.view(state, 2).zone("hand0").cards) == {BACK}
    # the hands of later battles stay private
    assert set(GAME.view(state, 0).zone("hand2").cards) == {BACK}


def test_scoring_zero_is_a_tenth_and_round_three_doubles() -> None:
    assert round_points(["V0", "V2"], 0.1, round_no=1) == 2.1
    assert round_points(["V0", "V2"], 0.1, round_no=3) == 5
    assert round_points(["V-5", "V8"], 0.1, round_no=3) == 6


def test_illegal_bid_changes_nothing() -> None:
    state = new(4)
    plot_all(state, {0: 1, 1: 1, 2: 2, 3: 2})
    before = json.dumps([GAME.view(state, None).to_json(), state.hands, state.bids])
    with pytest.raises(IllegalAction, match="do not hold"):
        GAME.apply(state, 0, "bid N16")
    with pytest.raises(IllegalAction, match=r"^It is not your turn\.$"):
        GAME.apply(state, 2, "bid " + state.hands[2][0])
    with pytest.raises(IllegalAction, match=r"^Choose one number card from your hand to bid\.$"):
        GAME.apply(state, 0, "plot 3")
    assert json.dumps([GAME.view(state, None).to_json(), state.hands, state.bids]) == before


def test_whole_match_with_twenty_five_players() -> None:
    state, result = play_match(GAME, 25, bots=["thumb", "random"], seed=4)
    assert len(result.places) == 25 and len(state.match.scores) == 3
    assert result.totals == tuple(state.match.totals)
    assert 1 in result.places and GAME.to_act(state) == frozenset()


def test_copy_and_a_world_keep_what_the_seat_sees() -> None:
    state = new(6, 2)
    told = [*state.opening, *GAME.apply(state, 0, "plot 2"), *GAME.apply(state, 1, "plot 5")]
    copy = GAME.clone(state)
    GAME.apply(copy, 2, "plot 1")
    assert copy.plots[2] == "P1" and state.plots[2] is None
    det = resample(GAME, state, 3, Memory.told(told, 3), Rng(1))
    assert GAME.view(det, 3).zones == GAME.view(state, 3).zones
    cards = Counter(c for z in GAME.zones(state) for c in z.cards)
    assert Counter(c for z in GAME.zones(det) for c in z.cards) == cards
    assert GAME.to_act(det) == GAME.to_act(state)


def test_moves_are_tagged_for_their_seat() -> None:
    """Plot and redraw buttons read the battle; each seat drags its bid onto its own bid zone,
    whichever seat was tagged before (the moves are remembered between Views)."""
    game = get_game("hagetaka-party")
    state = game.setup(4, None, 9)
    plots = [m for m in game.view(state, 0).moves if m.action.startswith("plot")]
    assert [(m.action, m.gesture, m.label.params) for m in plots] == [
        (f"plot {b}", "button", (("battle", b),)) for b in range(1, 7)
    ]
    bid = game.parse_action("bid N7")
    for seat in (2, 0, 2, 1):
        move = game.tag(state, seat, bid)
        assert (move.action, move.gesture, move.cards, move.target) == (
            "bid N7",
            "drag",
            ("N7",),
            f"bid{seat}",
        )
        assert move.label.params == (("number", 7),)
