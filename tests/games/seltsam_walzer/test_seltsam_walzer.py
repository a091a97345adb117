"""Tests for へんてこワルツ (Seltsam-Walzer): seed examples, trick winners, passing, scoring."""

from __future__ import annotations

import random
from collections import Counter as Tally

import pytest

from tabletop.bots.worlds import Memory, resample
from tabletop.engine.actions import Action
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import Event
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.games.pass_tricks import PassTrickState as WalzerState
from tabletop.games.seltsam_walzer_rules import (
    DECK,
    colour_detail,
    deal_scores,
    playable,
    trick_winner,
)
from tabletop.i18n import card_name

GAME = get_game("seltsam-walzer")


def new(players: int = 4, seed: int = 7) -> WalzerState:
    """A fresh match."""
    state = GAME.setup(players, None, seed)
    assert isinstance(state, WalzerState)
    return state


def staged(
    hands: list[list[str]], turn: int = 0, won: list[list[str]] | None = None
) -> WalzerState:
    """A match in the play phase with chosen hands, `turn` to lead."""
    state = new(len(hands))
    state.hands = [list(h) for h in hands]
    state.passing = [None] * len(hands)
    state.phase = "play"
    state.trick = []
    state.leader = state.turn = turn
    state.won = [list(w) for w in won] if won else [[] for _ in hands]
    state.tricks = [0] * len(hands)
    state.arranged()
    return state


def snapshot(state: WalzerState) -> tuple[object, ...]:
    """Everything a refused action must leave untouched."""
    return (
        GAME.view(state, None).to_json(),
        [list(h) for h in state.hands],
        list(state.passing),
        list(state.trick),
        [list(w) for w in state.won],
        state.phase,
        state.turn,
    )


def plays(state: WalzerState, seat: int) -> set[str]:
    """The cards `seat` may play now."""
    return {a.args[0] for a in GAME.legal_actions(state, seat)}


def pass_all(state: WalzerState) -> list[Event]:
    """Every seat passes its first two cards; the events of the last pass."""
    events: list[Event] = []
    for seat in range(state.players):
        events = GAME.apply(state, seat, Action("pass", tuple(state.hands[seat][:2])))
    return events


def play_out(state: WalzerState, rng: random.Random) -> list[Event]:
    """Random legal play until the match ends; all events."""
    events: list[Event] = []
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        events += GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return events


# ---- the seed's worked examples -----------------------------------------------------------
def test_seed_example_1_single_fewest() -> None:
    """3, 2, 0 and 6 cards: only the player with 2 is the fewest; 0 cards never counts."""
    won = [["B1", "B2", "B3"], ["B10", "B11"], [], ["B4", "B5", "B6", "B7", "B8", "B9"]]
    detail = colour_detail(won, "B")
    assert detail["counts"] == [3, 2, 0, 6]
    assert detail["fewest"] == [1]
    # fewest: (10 + 11) × 2; the others: count × 2; no blue: 0
    assert detail["points"] == [6, 42, 0, 12]


def test_seed_example_2_shared_fewest() -> None:
    """4, 4, 0 and 6 cards: both players with 4 are the fewest and score their numbers."""
    won = [["R1", "R2", "R3", "R4"], ["R11", "R12", "R13", "R14"], [], list(DECK[4:10])]
    detail = colour_detail(won, "R")
    assert detail["counts"] == [4, 4, 0, 6]
    assert detail["fewest"] == [0, 1]
    assert detail["points"] == [10, 50, 0, 6]


# ---- scoring ------------------------------------------------------------------------------
def test_colour_factors_for_fewest_and_others() -> None:
    """Red ×1, blue ×2, green ×3, both on number sums and on card counts."""
    won = [["R5", "B5", "G5"], ["R1", "R2", "B1", "B2", "G1", "G2"], []]
    assert colour_detail(won, "R")["points"] == [5, 2, 0]
    assert colour_detail(won, "B")["points"] == [10, 4, 0]
    assert colour_detail(won, "G")["points"] == [15, 6, 0]
    assert deal_scores(won) == [30, 12, 0]


def test_x_cards_score_nothing() -> None:
    """X cards add nothing, and holding X does not make a seat a holder of any colour."""
    assert deal_scores([["X1", "X2", "X3"], ["G8"], []]) == [0, 24, 0]


def test_sole_holder_of_a_colour_is_the_fewest() -> None:
    """A seat alone in a colour scores every number it took there."""
    greens = [c for c in DECK if c[0] == "G"]
    assert deal_scores([greens, ["R1"], ["R2", "R3"]]) == [36 * 3, 1, 2]


def test_nobody_holds_a_colour() -> None:
    """A colour nobody took has no fewest seat and scores 0 for all."""
    detail = colour_detail([["R1"], [], []], "G")
    assert detail["fewest"] == [] and detail["points"] == [0, 0, 0]


# ---- trick winners (RULINGS order) --------------------------------------------------------
def test_exactly_one_x_wins() -> None:
    """A lone X beats the led colour's top card, whether it was led or followed."""
    assert trick_winner([(0, "R14"), (1, "X2"), (2, "R13"), (3, "B11")]) == 1
    assert trick_winner([(2, "X1"), (3, "R14"), (0, "G8")]) == 2


def test_two_x_after_coloured_lead_highest_led_colour() -> None:
    """Two or more X with a coloured lead: the led colour's highest card wins."""
    assert trick_winner([(0, "B3"), (1, "X1"), (2, "B9"), (3, "X2")]) == 2
    assert trick_winner([(1, "G2"), (2, "X3"), (3, "R14"), (0, "X1")]) == 1


def test_two_x_after_x_lead_highest_number_any_colour() -> None:
    """Two or more X with an X lead: the highest non-X number wins, colour ignored."""
    assert trick_winner([(0, "X1"), (1, "G8"), (2, "X3"), (3, "B5")]) == 1
    assert trick_winner([(3, "X2"), (0, "R2"), (1, "X1")]) == 0


def test_x_lead_equal_numbers_later_card_wins() -> None:
    """Equal numbers after an X lead with two X: the one played later wins."""
    assert trick_winner([(0, "X1"), (1, "R7"), (2, "B7"), (3, "X2")]) == 2
    assert trick_winner([(1, "X3"), (2, "G7"), (3, "X1"), (0, "R7")]) == 0


def test_all_x_last_x_wins() -> None:
    """Only X cards in the trick: the last one played wins."""
    assert trick_winner([(1, "X3"), (2, "X1"), (0, "X2")]) == 0


def test_no_x_highest_of_led_colour() -> None:
    """No X: the highest card of the led colour; higher numbers of other colours do not count."""
    assert trick_winner([(0, "G3"), (1, "R14"), (2, "G5"), (3, "B11")]) == 2
    assert trick_winner([(2, "B4"), (0, "R9"), (1, "G8")]) == 2


# ---- following ----------------------------------------------------------------------------
def test_must_follow_but_x_always_playable() -> None:
    """Holding the led colour: that colour or an X, nothing else."""
    state = staged([["R3"], ["R5", "B2", "X1"], ["B1"], ["G1"]])
    GAME.apply(state, 0, "play R3")
    assert plays(state, 1) == {"R5", "X1"}
    assert playable(["R5", "B2", "X1"], "R") == ["R5", "X1"]


def test_void_in_led_colour_may_play_anything() -> None:
    """Without the led colour any card may be played."""
    state = staged([["R3"], ["G5", "B2", "X1"], ["B1"], ["G1"]])
    GAME.apply(state, 0, "play R3")
    assert plays(state, 1) == {"G5", "B2", "X1"}


def test_x_lead_frees_the_whole_trick() -> None:
    """After an X lead every later player may play any card, all trick long."""
    state = staged([["X1", "R1"], ["R5", "B2"], ["R6", "G3"], ["R7", "X2"]])
    GAME.apply(state, 0, "play X1")
    assert plays(state, 1) == {"R5", "B2"}
    GAME.apply(state, 1, "play B2")
    assert plays(state, 2) == {"R6", "G3"}
    GAME.apply(state, 2, "play R6")
    assert plays(state, 3) == {"R7", "X2"}


def test_x_lead_only_frees_its_trick() -> None:
    """The trick after an X-led trick is must-follow again."""
    state = staged([["X1", "R1"], ["R5", "B2"], ["R6", "G3"], ["G7", "B8"]])
    for seat, card in enumerate(["X1", "B2", "R6", "G7"]):
        GAME.apply(state, seat, f"play {card}")
    assert state.turn == 0 and state.tricks[0] == 1
    GAME.apply(state, 0, "play R1")
    assert plays(state, 1) == {"R5"}


def test_illegal_follow_is_refused_and_changes_nothing() -> None:
    """Playing off-colour while holding the led colour: a clear reason, nothing changed."""
    state = staged([["R3", "G1"], ["R5", "B2", "X1"], ["B1", "B4"], ["G2", "G3"]])
    GAME.apply(state, 0, "play R3")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"^You must follow red \(or play an X\)\.$"):
        GAME.apply(state, 1, "play B2")
    with pytest.raises(IllegalAction, match=r"^You do not hold green 8\.$"):
        GAME.apply(state, 1, "play G8")
    with pytest.raises(IllegalAction, match=r"^It is not your turn\.$"):
        GAME.apply(state, 2, "play B1")
    with pytest.raises(IllegalAction, match=r"^Play one card from your hand\.$"):
        GAME.apply(state, 1, "pass R5 X1")
    assert snapshot(state) == before


# ---- passing ------------------------------------------------------------------------------
def test_all_36_cards_dealt() -> None:
    """12 each at three players, 9 each at four, every card once."""
    for players, each in ((3, 12), (4, 9)):
        state = new(players)
        assert [len(h) for h in state.hands] == [each] * players
        assert sorted(c for h in state.hands for c in h) == sorted(DECK)


def test_pass_goes_left_after_everyone_chose() -> None:
    """Passes are secret until all chose; then each pair goes to the left neighbour."""
    state = new(3, seed=11)
    original = [list(h) for h in state.hands]
    chosen = [tuple(h[:2]) for h in original]
    assert GAME.to_act(state) == {0, 1, 2}
    assert GAME.apply(state, 1, Action("pass", chosen[1])) == []
    assert GAME.to_act(state) == {0, 2}
    view0 = GAME.view(state, 0).to_json()
    assert view0["zones"][4]["id"] == "pass1"
    assert view0["zones"][4]["cards"] == ["??", "??"]
    seen = [c for z in view0["zones"] if z["id"] != "hand0" for c in z["cards"]]
    assert set(seen) == {"??"}
    assert not any(c in view0["status"] for c in chosen[1])
    GAME.apply(state, 0, Action("pass", chosen[0]))
    events = GAME.apply(state, 2, Action("pass", chosen[2]))
    assert [e.type for e in events] == ["pass", "pass", "pass"]
    for seat in range(3):
        giver = (seat - 1) % 3
        expected = (set(original[seat]) - set(chosen[seat])) | set(chosen[giver])
        assert set(state.hands[seat]) == expected
        assert len(state.hands[seat]) == 12
    first = events[0].to_json(seat=2, omniscient=False)
    assert first == {"type": "pass", "seat": 0, "to": 1, "cards": {"hidden": 2}}
    assert events[0].to_json(seat=1, omniscient=False)["cards"] == list(chosen[0])
    assert state.phase == "play" and GAME.to_act(state) == {state.match.dealer}


def test_pass_text_is_normalized_and_refusals() -> None:
    """`pass` takes two different held cards in any order; bad passes change nothing."""
    state = new(4, seed=3)
    a, b = state.hands[0][0], state.hands[0][1]
    other = state.hands[1][0]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"^Pass exactly two different cards\.$"):
        GAME.apply(state, 0, f"pass {a} {a}")
    with pytest.raises(IllegalAction, match=r"^Pass exactly two different cards\.$"):
        GAME.apply(state, 0, f"pass {a}")
    with pytest.raises(IllegalAction, match=f"do not hold {card_name(other, 'en', 'walzer')}"):
        GAME.apply(state, 0, f"pass {a} {other}")
    with pytest.raises(IllegalAction, match=r"^First choose two cards to pass to your left\.$"):
        GAME.apply(state, 0, f"play {a}")
    assert snapshot(state) == before
    GAME.apply(state, 0, f"pass {b} {a}")
    assert state.passing[0] == (a, b)
    with pytest.raises(IllegalAction, match=r"^It is not your turn\.$"):
        GAME.apply(state, 0, f"pass {state.hands[0][0]} {state.hands[0][1]}")


def test_every_legal_action_text_round_trips() -> None:
    """Text of every legal action parses back to an equal, normalized action."""
    state = new(4, seed=5)
    rng = random.Random(5)
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        for a in legal:
            assert str(Action.parse(str(a))) == str(a)
            assert GAME.parse_action(str(a)) == a
        GAME.apply(state, seat, rng.choice(legal))


# ---- whole matches ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_whole_match(players: int) -> None:
    """As many deals as players, dealer moving left and leading trick 1; scores add up."""
    state = new(players, seed=42 + players)
    events = list(state.opening)
    rng = random.Random(players)
    events += play_out(state, rng)
    deals = [e for e in events if e.type == "deal"]
    assert [e.data["dealer"] for e in deals] == list(range(players))
    first_plays = [events[events.index(d) + 1 :] for d in deals]
    for d, rest in zip(deals, first_plays, strict=True):
        first_play = next(e for e in rest if e.type == "play")
        assert first_play.data["seat"] == d.data["dealer"]
    ends = [e for e in events if e.type == "round_end"]
    assert len(ends) == players
    # 36 / players tricks in each of `players` deals
    assert sum(1 for e in events if e.type == "trick") == 36
    for end in ends:
        taken = Tally(c for w in end.data["won"] for c in w)
        assert sorted(taken) == sorted(DECK) and set(taken.values()) == {1}
        assert end.data["scores"] == deal_scores(end.data["won"])
    result = GAME.result(state)
    assert result is not None and events[-1].type == "game_end"
    assert list(result.totals) == ends[-1].data["totals"]
    assert GAME.to_act(state) == frozenset()
    with pytest.raises(IllegalAction, match=r"^The match is over\.$"):
        GAME.apply(state, 0, "play R1")


def _last_trick(prior: list[list[int]], won: list[list[str]]) -> WalzerState:
    """The final deal of a 3-player match one trick from its end."""
    state = staged([["R1"], ["R2"], ["R3"]], won=won)
    state.match.round = 3
    state.match.dealer = 2
    for row in prior:
        state.match.record(row)
    return state


def test_final_tie_broken_by_last_deal() -> None:
    """Equal totals: the better score in the last deal ranks higher."""
    # last deal: seat 2 takes R1 R2 R3 and is alone in red (6); seat 0 takes G1 (3)
    state = _last_trick([[10, 13, 10], [0, 0, 7]], [["G1"], [], []])
    for seat in range(3):
        GAME.apply(state, seat, f"play R{seat + 1}")
    result = GAME.result(state)
    assert result is not None
    assert state.match.scores[-1] == [3, 0, 6]
    assert list(result.totals) == [13, 13, 23]
    assert result.places == (2, 3, 1)


def test_final_tie_still_equal_is_shared() -> None:
    """Equal totals and equal last-deal scores share the place."""
    # last deal: seat 1 alone in blue (1 + 2) × 2 = 6, seat 2 alone in red 1 + 2 + 3 = 6
    state = _last_trick([[20, 5, 0], [0, 0, 5]], [["G1"], ["B1", "B2"], []])
    for seat in range(3):
        GAME.apply(state, seat, f"play R{seat + 1}")
    result = GAME.result(state)
    assert result is not None
    assert state.match.scores[-1] == [3, 6, 6]
    assert list(result.totals) == [23, 11, 11]
    assert result.places == (1, 2, 2)
    assert result.winners == (0,)


def test_views_never_show_other_hands() -> None:
    """Through a whole match, a seat sees its own hand and public cards, never another hand."""
    state = new(4, seed=9)
    rng = random.Random(9)
    while GAME.to_act(state):
        for viewer in range(4):
            view = GAME.view(state, viewer)
            for z in view.zones:
                if z.id.startswith(("hand", "pass")) and z.owner != viewer:
                    assert set(z.cards) <= {"??"}
            assert all(m.action.split()[1] in state.hands[viewer] for m in view.moves)
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_copy_and_a_world_keep_what_the_seat_knows() -> None:
    """Copies are independent; a world keeps what the seat knows."""
    state = new(4, seed=21)
    events = pass_all(state)
    copy = GAME.clone(state)
    GAME.apply(copy, state.match.dealer, GAME.legal_actions(copy, 0)[0])
    assert len(state.hands[0]) == 9 and len(copy.hands[0]) == 8
    given = events[0].data["cards"].value
    guess = resample(GAME, state, 0, Memory.told([*state.opening, *events], 0), Rng(1))
    assert isinstance(guess, WalzerState)
    assert guess.hands[0] == state.hands[0]
    assert set(given) <= set(guess.hands[1])
    assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
    assert sorted(c for h in guess.hands for c in h) == sorted(DECK)


# ---- the computer player ------------------------------------------------------------------
def test_thumb_bot_plays_a_whole_match() -> None:
    """Thumb players finish a match choosing only legal moves."""
    from tabletop.bots.runner import play_match

    state, result = play_match(GAME, 3, bots=["thumb"], seed=2)
    assert result.places and len(state.match.scores) == 3


def test_thumb_bot_keeps_x_and_high_cards_when_passing() -> None:
    """The bot passes its two lowest numbered cards, never an X."""
    from tabletop.bots.base import make_bot

    state = staged([["R1", "B2", "G8", "X1"], ["R2"], ["R3"]])
    state.phase = "pass"
    state.arranged()
    choice = make_bot("seltsam-walzer", "thumb", 1).choose(GAME.view(state, 0))
    assert choice == "pass R1 B2"
