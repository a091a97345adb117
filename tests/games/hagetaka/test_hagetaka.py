"""ハゲタカのえじき (hagetaka): bouts, cancelling ties, carried piles, joins, sets, scoring."""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest

from tabletop.bots.runner import play_match
from tabletop.bots.worlds import Memory, resample
from tabletop.engine.errors import BadOption, IllegalAction
from tabletop.engine.game import parse_options
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.engine.views import BACK
from tabletop.games.common import finish
from tabletop.games.hagetaka import HagetakaState, join_duty
from tabletop.games.info.vulture import DEFAULT_TABLE
from tabletop.games.vulture import (
    NUMBER_DECK,
    bout_winner,
    hand_total,
    parse_table,
    round_points,
    table_text,
)
from tabletop.i18n import render

GAME = get_game("hagetaka")


def new(players: int = 4, seed: int = 1, **options: str) -> HagetakaState:
    """A fresh match."""
    state = GAME.setup(players, options or None, seed)
    assert isinstance(state, HagetakaState)
    return state


def settle_joins(state: HagetakaState, joiners: set[int]) -> None:
    """Answer the pending join question: the given seats join, the others sit out."""
    for seat in sorted(GAME.to_act(state)):
        GAME.apply(state, seat, "join" if seat in joiners else "sit")


def pick_first_sets(state: HagetakaState) -> None:
    """Every participant still to choose uses its first listed set."""
    if state.phase != "set":
        return
    for seat in sorted(GAME.to_act(state)):
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])


def rig(state: HagetakaState, hands: dict[int, list[str]], pile: list[str], stack: list[str]):
    """Replace the participants' hands, the turned pile and the face-down score cards."""
    for seat, hand in hands.items():
        state.hands[seat] = list(hand)
    state.pile = list(pile)
    state.stack = list(stack)  # the next card turned is the last one
    state.arranged()


def battle_one(players: int = 4, joiners: frozenset[int] = frozenset({0, 1, 2})) -> HagetakaState:
    """A match in the bidding of battle 1 with the given participants."""
    state = new(players)
    settle_joins(state, set(joiners))
    pick_first_sets(state)
    assert state.phase == "bid"
    assert state.participants == tuple(sorted(joiners))
    return state


# ---- pure rules ---------------------------------------------------------------------------
def test_equal_numbers_cancel_even_the_highest() -> None:
    # 15 and 15 cancel, so the 7 is the highest number left and takes the positive card
    assert bout_winner([(0, "N15"), (1, "N15"), (2, "N7"), (3, "N3")], 4) == (2, [15])


def test_negative_goes_to_lowest_unique_after_cancelling() -> None:
    # the two 1s cancel; the lowest number left is the 4
    assert bout_winner([(0, "N1"), (1, "N9"), (2, "N1"), (3, "N4")], -3) == (3, [1])
    assert bout_winner([(0, "N6"), (1, "N2")], -1) == (1, [])


def test_zero_pile_goes_to_highest() -> None:
    assert bout_winner([(0, "N6"), (1, "N2")], 0) == (0, [])


def test_everyone_cancels() -> None:
    assert bout_winner([(0, "N5"), (1, "N5"), (2, "N9"), (3, "N9")], 3) == (None, [5, 9])


def test_round_points_zero_card_and_round_three() -> None:
    assert round_points(["V0", "V3", "V-2"], 0.5, round_no=1) == 1.5
    assert round_points(["V0", "V3", "V-2"], 0.5, round_no=3) == 3  # 2 × 1 + 1 for the 0
    assert round_points(["V-5", "V-4"], 0.5, round_no=3) == -18
    assert round_points([], 0.5, round_no=3) == 0


def test_join_duty() -> None:
    assert join_duty(0, 1) == "choose"
    assert join_duty(0, 4) == "in"  # three battles left, three joins needed
    assert join_duty(1, 5) == "in"
    assert join_duty(1, 4) == "choose"
    assert join_duty(3, 2) == "out"


# ---- the score-card table option -----------------------------------------------------------
def test_default_table() -> None:
    table = parse_table(DEFAULT_TABLE)
    assert table[0] == (0, 1, 1, 2, 3)
    assert table[5] == (-5, -4, 8, 9, 10)
    assert table_text(table) == DEFAULT_TABLE


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("0,1,1,2,3/-1,1,2,3,4", "6 battles"),
        ("0,1,1,2/-1,1,2,3,4/-2,2,3,4,5/-3,3,4,5,6/-4,4,6,7,8/-5,-4,8,9,10", "5 values"),
        ("0,1,1,2,x/-1,1,2,3,4/-2,2,3,4,5/-3,3,4,5,6/-4,4,6,7,8/-5,-4,8,9,10", "whole number"),
        ("0,1,1,2,3/-1,1,2,3,4/-2,2,3,4,5/-3,3,4,5,6/-4,4,6,7,8/-6,-4,8,9,10", "-5 to 10"),
        ("0,1,1,2,3/-1,1,2,3,4/-2,2,3,4,5/-3,3,4,5,6/-4,4,6,7,8/-5,-4,8,9,11", "not 11"),
    ],
)
def test_bad_table_is_refused_clearly(text: str, words: str) -> None:
    with pytest.raises(BadOption, match=words):
        GAME.setup(4, {"table": text}, 1)
    with pytest.raises(BadOption):
        parse_options(GAME, [f"table={text}"])


def test_custom_table_is_used_and_written_canonically() -> None:
    text = " 3,2,1,0,0 / 1,1,1,1,1/2,2,2,2,2/3,3,3,3,3/4,4,4,4,4/-5,5,5,5,5"
    state = new(3, table=text)
    assert state.options["table"] == "0,0,1,2,3/1,1,1,1,1/2,2,2,2,2/3,3,3,3,3/4,4,4,4,4/-5,5,5,5,5"
    settle_joins(state, {0, 1})
    pick_first_sets(state)
    assert sorted(state.stack + state.pile) == ["V0", "V0", "V1", "V2", "V3"]
    assert GAME.hints(state)["score_table"][0] == [0, 0, 1, 2, 3]


# ---- dealing -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_deal_gives_three_sets_over_ten(players: int) -> None:
    for seed in range(5):
        state = new(players, seed)
        for sets in state.sets:
            assert len(sets) == 3
            assert all(len(s) == 3 and hand_total(s) > 10 for s in sets)
        numbers = [c for sets in state.sets for s in sets for c in s]
        assert Counter(numbers + state.deck + state.discard) == Counter(NUMBER_DECK)


def test_redrawn_sets_are_recorded_and_discarded() -> None:
    for seed in range(40):
        state = new(6, seed)
        redrawn = state.opening[0].data["redrawn"]
        if redrawn:
            assert all(hand_total(cards) <= 10 for _, cards in redrawn)
            assert sorted(c for _, cards in redrawn for c in cards) == sorted(state.discard)
            return
    pytest.fail("no deal in 40 seeds redrew a set")


# ---- joining --------------------------------------------------------------------------------
def test_joins_are_sealed_until_everyone_has_shown() -> None:
    state = new(4)
    before = GAME.view(state, 1)
    GAME.apply(state, 0, "join")
    other = GAME.view(state, 1)
    assert other.zone("join0").cards == (BACK,)
    assert other.counters == before.counters and other.status == before.status
    assert GAME.view(state, 0).zone("join0").cards == ("BLACK",)
    assert state.phase == "join" and GAME.to_act(state) == {1, 2, 3}


def test_three_joins_rule_forces_and_excludes() -> None:
    state = new(3)
    # seat 0 joins battles 1–3, seat 1 sits out 1–3, seat 2 joins 1 and 2 only
    for battle, joiners in ((1, {0, 2}), (2, {0, 2}), (3, {0})):
        assert state.battle == battle
        settle_joins(state, joiners)
        pick_first_sets(state)
        if state.phase == "bid":
            for _ in range(2):
                for seat in sorted(GAME.to_act(state)):
                    GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.joins == [3, 0, 2]
    # battle 4: seat 0 is done, seat 1 must join every battle left: only seat 2 chooses
    assert state.battle == 4
    assert GAME.to_act(state) == {2}
    assert GAME.legal_actions(state, 0) == [] and GAME.legal_actions(state, 1) == []
    GAME.apply(state, 2, "sit")
    assert state.participants == (1,)
    assert state.joins == [3, 1, 2]
    events = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    assert events[0].type == "lone"
    # battle 5: seat 2 needs 1 of 2, seat 1 needs 2 of 2
    assert state.battle == 5 and GAME.to_act(state) == {2}
    with pytest.raises(IllegalAction, match=r"^It is not your turn\.$"):
        GAME.apply(state, 0, "join")


def test_everyone_done_ends_the_round_early() -> None:
    state = new(3)
    for _ in range(3):
        settle_joins(state, {0, 1, 2})
        pick_first_sets(state)
        for _ in range(2):
            for seat in sorted(GAME.to_act(state)):
                GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.match.round == 2 and state.battle == 1 and state.phase == "join"
    assert len(state.match.scores) == 1


# ---- bouts -----------------------------------------------------------------------------------
def test_tie_cancels_the_highest_bids_in_play() -> None:
    state = battle_one()
    rig(state, {0: ["N15", "N2", "N3"], 1: ["N15", "N4", "N5"], 2: ["N9", "N6", "N7"]},
        ["V3"], ["V1", "V2"])  # fmt: skip
    GAME.apply(state, 0, "bid N15")
    GAME.apply(state, 1, "bid N15")
    events = GAME.apply(state, 2, "bid N9")
    bout = next(e for e in events if e.type == "bout")
    assert bout.data["cancelled"] == [15] and bout.data["winner"] == 2
    assert state.taken[2] == ["V3"]
    assert events[0].data["bids"] == {"0": "N15", "1": "N15", "2": "N9"}


def test_all_cancel_carries_the_pile_and_sign_decides() -> None:
    state = battle_one()
    rig(state, {0: ["N5", "N2", "N3"], 1: ["N5", "N4", "N6"], 2: ["N5", "N8", "N7"]},
        ["V2"], ["V8", "V1", "V-4"])  # fmt: skip
    for seat in range(3):
        GAME.apply(state, seat, "bid N5")
    assert state.pile == ["V2", "V-4"]  # the carried 2 and the new −4: worth −2
    GAME.apply(state, 0, "bid N2")
    GAME.apply(state, 1, "bid N4")
    events = GAME.apply(state, 2, "bid N8")
    bout = next(e for e in events if e.type == "bout")
    assert bout.data["total"] == -2 and bout.data["winner"] == 0
    assert state.taken[0] == ["V2", "V-4"]


def test_pile_left_after_third_bout_carries_into_next_battle() -> None:
    state = battle_one()
    rig(state, {0: ["N5", "N2", "N3"], 1: ["N5", "N2", "N3"], 2: ["N5", "N2", "N3"]},
        ["V1"], ["V8", "V3", "V2"])  # fmt: skip
    for card in ("N5", "N2"):
        for seat in range(3):
            GAME.apply(state, seat, f"bid {card}")
    # the third bout plays the last cards by itself and cancels again
    assert state.battle == 2 and state.phase == "join"
    assert sorted(state.pile) == ["V1", "V2", "V3"]
    settle_joins(state, {0, 3})
    pick_first_sets(state)
    assert len(state.pile) == 4 and state.pile[:3] == ["V1", "V2", "V3"]


def test_lone_participant_takes_three_of_five_and_the_carried_pile() -> None:
    state = new(4)
    state.pile = ["V-1"]
    settle_joins(state, {3})
    events = GAME.apply(state, 3, GAME.legal_actions(state, 3)[0])
    lone = events[0]
    assert lone.type == "lone" and lone.data["seat"] == 3
    assert lone.data["carried"] == ["V-1"] and len(lone.data["drawn"]) == 3
    assert Counter(lone.data["drawn"]) <= Counter(["V0", "V1", "V1", "V2", "V3"])
    assert state.taken[3] == ["V-1", *lone.data["drawn"]]
    assert state.pile == [] and len(state.used) == 2
    assert state.battle == 2 and state.hands[3] == []


def round_ends(players: int, bots: list[str], seed: int) -> tuple[HagetakaState, list[dict]]:
    """Play a logged match; its final state and its round_end records."""
    log = io.StringIO()
    state, _ = play_match(GAME, players, bots, seed, None, log)
    assert isinstance(state, HagetakaState)
    records = [json.loads(line) for line in log.getvalue().splitlines()]
    return state, [r for r in records if r["type"] == "round_end"]


def test_round_scores_and_the_pile_left_after_round_three() -> None:
    """Seed 77, thumb and random: the 0 card scores ½ (1 in round 3, which doubles every card),
    and the pile carried past the last battle of round three is discarded, scoring nobody."""
    state, ends = round_ends(3, ["thumb", "random"], 77)
    assert [e["round"] for e in ends] == [1, 2, 3]
    assert ends[1]["taken"][1] == ["V0", "V1", "V2", "V2", "V4", "V3", "V-4"]
    assert ends[1]["scores"] == [20, 8.5, 31]
    assert ends[2]["taken"] == [
        ["V-5"],
        ["V2", "V0", "V3", "V4", "V2", "V1", "V3", "V5"],
        ["V6", "V8", "V7", "V6", "V9"],
    ]
    assert ends[2]["scores"] == [-10, 41, 72]
    assert ends[2]["discarded"] == ["V10"]
    assert ends[2]["totals"] == [22, 52.5, 105]
    assert state.pile == [] and state.result is not None
    assert state.result.totals == (22, 52.5, 105) and state.result.winners == (2,)


# ---- hidden information ----------------------------------------------------------------------
def test_sets_and_sealed_bids_stay_private() -> None:
    state = battle_one()
    GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    view = GAME.view(state, 1)
    assert set(view.zone("bid0").cards) == {BACK}
    assert set(view.zone("hand0").cards) == {BACK}
    assert set(view.zone("set0_0").cards) == {BACK}
    assert GAME.view(state, 0).zone("bid0").cards != (BACK,)


def test_round_two_hands_are_shown_to_participants_only() -> None:
    state = new(4)
    state.match.round = 2
    settle_joins(state, {0, 1})
    GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    events = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    assert state.shown
    assert BACK not in GAME.view(state, 1).zone("hand0").cards
    assert set(GAME.view(state, 2).zone("hand0").cards) == {BACK}
    assert set(GAME.view(state, None).zone("hand0").cards) == {BACK}
    battle = events[0]
    assert battle.type == "battle" and battle.data["shown"]
    assert battle.to_json(1, omniscient=False)["hands"]["0"] == state.hands[0]
    assert battle.to_json(2, omniscient=False)["hands"]["0"] == {"hidden": 3}
    GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    # once seat 0 has sealed a bid its remaining hand is hidden again, so the bid stays secret
    assert set(GAME.view(state, 1).zone("hand0").cards) == {BACK}


# ---- refusals --------------------------------------------------------------------------------
def everything(state: HagetakaState) -> str:
    """The spectator's view and all hands and sets, as text."""
    return json.dumps(
        [GAME.view(state, None).to_json(), state.hands, state.sets, state.bids], default=str
    )


@pytest.mark.parametrize(
    ("phase", "seat", "text", "reason"),
    [
        ("join", 0, "bid N3", "black"),
        ("set", 0, "use N1 N1 N1", "not one of your remaining sets"),
        ("set", 0, "join", "Choose which of your sets"),
        ("bid", 0, "bid N99", "do not hold"),
        ("bid", 0, "use N1 N2 N3", "Choose one number card"),
        ("bid", 3, "bid N3", "not your turn"),
    ],
)
def test_illegal_actions_change_nothing(phase: str, seat: int, text: str, reason: str) -> None:
    state = new(4)
    if phase != "join":
        settle_joins(state, {0, 1, 2})
    if phase == "bid":
        pick_first_sets(state)
    assert state.phase == phase
    before = everything(state)
    with pytest.raises(IllegalAction, match=reason):
        GAME.apply(state, seat, text)
    assert everything(state) == before


def test_set_choice_text_is_normalized() -> None:
    state = new(4)
    settle_joins(state, {0, 1})
    first = GAME.legal_actions(state, 0)[0]
    shuffled = " ".join(["use", *reversed(first.args)])
    GAME.apply(state, 0, shuffled)
    assert tuple(state.hands[0]) == first.args


# ---- whole matches --------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 6])
def test_whole_match_with_bots(players: int) -> None:
    state, result = play_match(GAME, players, bots=["thumb", "random"], seed=3)
    assert isinstance(state, HagetakaState)
    assert len(state.match.scores) == 3
    assert result.places.count(1) == len(result.winners) >= 1
    assert state.phase == "over" and GAME.to_act(state) == frozenset()


def test_equal_totals_share_first_place() -> None:
    state = new(3)
    state.match.scores = [[10.5, 10.5, 3]]
    finish(state)
    assert state.result is not None
    assert state.result.places == (1, 1, 3) and state.result.winners == (0, 1)


def test_copy_and_a_world_keep_what_the_seat_sees() -> None:
    state = new(4, 9)
    told = list(state.opening)
    for seat in sorted(GAME.to_act(state)):
        told += GAME.apply(state, seat, "join" if seat in {0, 1, 2} else "sit")
    told += GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    copy = GAME.clone(state)
    assert everything(copy) == everything(state)
    GAME.apply(copy, 1, GAME.legal_actions(copy, 1)[0])
    assert everything(copy) != everything(state)
    det = resample(GAME, state, 1, Memory.told(told, 1), Rng(5))
    assert GAME.view(det, 1).zones == GAME.view(state, 1).zones
    cards = Counter(c for z in GAME.zones(state) for c in z.cards)
    assert Counter(c for z in GAME.zones(det) for c in z.cards) == cards
    assert all(hand_total(s) > 10 for sets in det.sets for s in sets)


def test_sets_keep_the_logs_order_and_no_number_changes_when_one_is_used() -> None:
    """The deal's log lists a seat's sets in order; the table names them alike, with no number
    that would change once a set is used (and none that tells others which one was used)."""
    state = new(4)
    dealt = [list(s) for s in state.sets[0]]
    labels = {
        render(z.label, lang)
        for z in GAME.view(state, 0).zones
        if z.id.startswith("set0")
        for lang in ("en", "ja")
    }
    assert labels == {"Set", "セット"}
    settle_joins(state, {0, 1, 2})
    seats = sorted(GAME.to_act(state))
    assert state.phase == "set" and 0 in seats
    used = GAME.legal_actions(state, 0)[1]  # the second set of the log's list
    GAME.apply(state, 0, str(used))
    shown = [
        list(z.cards) for z in GAME.view(state, 0).zones if z.id.startswith("set0") and z.cards
    ]
    assert shown == [s for s in dealt if s != list(used.args)]
    assert {render(z.label) for z in GAME.view(state, 1).zones if z.id.startswith("set0")} == {
        "Set"
    }
