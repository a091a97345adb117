"""Wild Rawz: decks, the draft, card strength, withdrawing, scoring, refusals, whole matches."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tabletop.bots.worlds import Memory, resample
from tabletop.engine.actions import Action
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import Event
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.games.wild_rawz import WildRawzState
from tabletop.games.wild_rawz_rules import (
    bonus_target,
    deck,
    number,
    round_score,
    sort_key,
    strength_table,
    trick_winner,
)

GAME = get_game("wild-rawz")


def new(players: int, seed: int = 1) -> WildRawzState:
    """A fresh match."""
    state = GAME.setup(players, None, seed)
    assert isinstance(state, WildRawzState)
    return state


def in_play(hands: list[list[str]], trump: str, leader: int = 0) -> WildRawzState:
    """A match moved to the trick phase with the given hands and trump card."""
    state = new(len(hands))
    state.hands = [sorted(h, key=sort_key) for h in hands]
    state.row = []
    state.trump = trump
    state.strengths = strength_table(trump)
    state.phase = "play"
    state.leader = state.turn = leader
    state.arranged()
    return state


def pooled(hands: list[list[str]]) -> Counter[str]:
    """All cards of several hands as a multiset."""
    return Counter(c for h in hands for c in h)


def snapshot(state: WildRawzState) -> tuple[str, list[list[str]]]:
    """Everything a refused action must leave alone: the spectator view and all hands."""
    return json.dumps(GAME.view(state, None).to_json(), sort_keys=True), [
        list(h) for h in state.hands
    ]


def refused(state: WildRawzState, seat: int, text: str) -> str:
    """Apply an illegal action, check nothing changed, return the reason."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, text)
    assert snapshot(state) == before
    return str(err.value)


def draft_out(state: WildRawzState) -> list[Event]:
    """Finish the draft, each seat taking the first card offered; the events."""
    events: list[Event] = []
    while state.phase == "draft":
        (seat,) = GAME.to_act(state)
        events += GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return events


# ---- decks and dealing ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "size", "per_colour", "row", "aside", "sideways"),
    [
        (3, 44, {"S": 1, "0": 1, "6": 1, "7": 2, "8": 1}, 7, 4, "8"),
        (4, 60, {"S": 1, "0": 1, "1": 2, "6": 2, "7": 1}, 9, 7, "7"),
    ],
)
def test_deck_and_deal(
    players: int, size: int, per_colour: dict[str, int], row: int, aside: int, sideways: str
) -> None:
    cards = deck(players)
    assert len(cards) == size
    counts = Counter(cards)
    for colour in "RYGB":
        assert sum(n for c, n in counts.items() if c[0] == colour) == size // 4
        for value, n in per_colour.items():
            assert counts[colour + value] == n
    assert counts["R9"] == 0
    state = new(players, seed=7)
    assert [len(h) for h in state.hands] == [11] * players
    assert len(state.row) == row and len(state.set_aside) == aside
    assert Counter(state.row + state.set_aside) + pooled(state.hands) == counts
    view = GAME.view(state, 0)
    assert view.zone("set_aside").cards == tuple(state.set_aside)  # face up
    assert view.zone("row").cards == tuple(state.row)
    for i in range(players):
        assert view.zone(f"sideways{i}").cards[0][1] == sideways
        if i:
            assert set(view.zone(f"hand{i}").cards) == {"??"}


def test_deal_event_hides_hands_but_shows_row_and_set_aside() -> None:
    state = new(3, seed=2)
    (deal_event,) = state.opening
    seen = deal_event.to_json(seat=1, omniscient=False)
    assert seen["hands"][1] == state.hands[1]
    assert seen["hands"][0] == {"hidden": 11}
    assert seen["row"] == state.row and seen["set_aside"] == state.set_aside


# ---- the draft -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_draft_goes_clockwise_and_last_card_is_trump(players: int) -> None:
    state = new(players, seed=11)
    row = list(state.row)
    order = []
    events = []
    while state.phase == "draft":
        (seat,) = GAME.to_act(state)
        order.append(seat)
        action = GAME.legal_actions(state, seat)[-1]
        events = GAME.apply(state, seat, action)
    assert order == [i % players for i in range(len(row) - 1)]
    assert [len(h) for h in state.hands] == [13] * players
    trump_event = events[-1]
    assert trump_event.type == "trump"
    assert state.trump == trump_event.data["card"]
    assert Counter(row) - Counter([state.trump]) <= pooled(state.hands)
    assert state.trump in row and state.row == []
    assert trump_event.data["colour"] == state.trump[0]
    assert trump_event.data["value"] == state.trump[1]
    assert GAME.to_act(state) == {0}  # the start player leads
    assert GAME.view(state, 0).zone("trump").cards == (state.trump,)


def test_draft_picks_land_in_hand_and_leave_the_row() -> None:
    state = new(3, seed=5)
    card = state.row[2]
    before = Counter(state.row)
    events = GAME.apply(state, 0, f"draft {card}")
    assert events[0].to_json() == {"type": "draft", "seat": 0, "card": card}
    assert Counter(state.row) == before - Counter([card])
    assert card in state.hands[0] and len(state.hands[0]) == 12


def test_draft_refusals_leave_state_unchanged() -> None:
    state = new(3, seed=5)
    assert (
        refused(state, 0, "draft R9") == "The red 9 is not in the face-up row."
    )  # no 9s in the deck
    assert (
        refused(state, 0, f"play {state.hands[0][0]}")
        == "First take a card from the face-up row; trump is not set yet."
    )
    assert refused(state, 1, f"draft {state.row[0]}") == "It is not your turn."


# ---- card strength ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        # the exact trump card beats other cards of the trump value
        ([(0, "Y3"), (1, "R3"), (2, "B3")], "R3", 1),
        ([(0, "R3"), (1, "Y3"), (2, "B3")], "R3", 0),
        # a card of the trump value beats the trump colour's 9
        ([(0, "R9"), (1, "G3")], "R3", 1),
        # trump colour 0 beats the trump colour's skip; trump skip beats a led 9
        ([(0, "RS"), (1, "R0")], "R3", 1),
        ([(0, "Y9"), (1, "RS"), (2, "Y8")], "R3", 1),
        # led colour: higher wins, 0 beats skip, skip beats an off colour 9
        ([(0, "Y2"), (1, "Y8"), (2, "B9")], "R3", 1),
        ([(0, "YS"), (1, "Y0")], "R3", 1),
        ([(0, "YS"), (1, "B9"), (2, "G9")], "R3", 0),
        # skip as the trump value: every skip outranks the trump colour
        ([(0, "G9"), (1, "YS")], "GS", 1),
        ([(0, "YS"), (1, "GS"), (2, "BS")], "GS", 1),
        # equal strength: the later card wins
        ([(0, "Y3"), (1, "B3"), (2, "G3")], "R3", 2),
        ([(0, "Y7"), (1, "Y7"), (2, "Y2")], "R3", 1),
        ([(0, "R5"), (1, "G4"), (2, "R5"), (3, "B5")], "R5", 2),
    ],
)
def test_strength_order(trick: list[tuple[int, str]], trump: str, winner: int) -> None:
    assert trick_winner(trick, trump) == winner


# ---- play, following, withdrawing ------------------------------------------------------------
HANDS = [["Y5", "Y8", "B2"], ["Y1", "G4", "R7"], ["B6", "G2", "GS"]]


def test_must_follow_but_withdraw_needs_no_follow() -> None:
    state = in_play([list(h) for h in HANDS], trump="R0")
    GAME.apply(state, 0, "play Y5")
    legal = {str(a) for a in GAME.legal_actions(state, 1)}
    assert legal == {"play Y1", "withdraw Y1", "withdraw G4", "withdraw R7"}
    assert refused(state, 1, "play R7") == "You must follow yellow (or withdraw a card)."
    assert refused(state, 1, "play B6") == "You do not hold blue 6."
    events = GAME.apply(state, 1, "withdraw R7")
    assert events[0].to_json() == {"type": "play", "seat": 1, "card": "R7", "withdraw": True}
    assert state.withdrawn[1] == ["R7"]
    assert GAME.view(state, 0).zone("withdrawn1").cards == ("R7",)
    assert GAME.view(state, 0).zone("trick").cards == ("Y5",)


def test_leader_cannot_withdraw() -> None:
    state = in_play([list(h) for h in HANDS], trump="R0")
    assert all(a.verb == "play" for a in GAME.legal_actions(state, 0))
    assert refused(state, 0, "withdraw B2") == (
        "The leader cannot withdraw; lead a card to the trick."
    )


def test_only_one_withdrawal_per_trick_and_withdrawer_leads_next() -> None:
    state = in_play([list(h) for h in HANDS], trump="R0")
    GAME.apply(state, 0, "play Y5")
    GAME.apply(state, 1, "withdraw G4")
    assert all(a.verb == "play" for a in GAME.legal_actions(state, 2))
    assert "Only one player may withdraw" in refused(state, 2, "withdraw GS")
    events = GAME.apply(state, 2, "play B6")
    trick = events[-1].to_json()
    assert trick == {
        "type": "trick",
        "winner": 0,
        "cards": ["Y5", "B6"],
        "seats": [0, 2],
        "withdrawn_seat": 1,
        "withdrawn_card": "G4",
        "next": 1,
    }
    assert state.tricks == [1, 0, 0]
    assert GAME.to_act(state) == {1}  # the withdrawn player leads, not the winner
    assert state.won[0] == ["Y5", "B6"]


def test_without_withdrawal_the_winner_leads() -> None:
    state = in_play([list(h) for h in HANDS], trump="R0")
    for seat, text in ((0, "play B2"), (1, "play R7"), (2, "play B6")):
        events = GAME.apply(state, seat, text)
    assert events[-1].data["winner"] == 1  # trump colour beats led blue
    assert "withdrawn_seat" not in events[-1].data
    assert GAME.to_act(state) == {1}


def test_refused_actions_change_nothing_mid_trick() -> None:
    state = in_play([list(h) for h in HANDS], trump="R0")
    GAME.apply(state, 0, "play Y5")
    assert refused(state, 1, "draft Y1") == "The draft is over: play or withdraw a card."
    assert refused(state, 1, "pass Y1") == "Play or withdraw one card from your hand."
    assert refused(state, 1, "play Y1 G4") == "Play or withdraw one card from your hand."
    assert refused(state, 2, "play B6") == "It is not your turn."


# ---- scoring ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("tricks", "withdrawn", "sideways", "expected"),
    [
        (3, ["Y5", "GS"], 8, (10, 5)),  # 8 − 5 − 0 = 3 tricks: 3 + 2 + 5
        (4, ["Y5", "GS"], 8, (6, 0)),  # one trick too many: no bonus
        (7, [], 7, (12, 5)),  # no withdrawals, exactly 7 tricks at four players
        (0, ["B4", "R3"], 7, (7, 5)),  # 7 − 4 − 3 = 0 = tricks won
        (1, ["B4", "R3", "R0"], 7, (4, 0)),  # target 0, but one trick taken
        (0, ["Y8", "R1"], 8, (2, 0)),  # target −1 can never be hit
    ],
)
def test_round_score(
    tricks: int, withdrawn: list[str], sideways: int, expected: tuple[int, int]
) -> None:
    target = bonus_target(sideways, withdrawn)
    assert round_score(tricks, withdrawn, sideways) == expected
    assert (expected[1] == 5) == (target == tricks)


def test_skip_counts_as_zero() -> None:
    assert number("YS") == 0 and number("Y0") == 0 and number("B7") == 7
    assert bonus_target(8, ["YS", "RS", "G0"]) == 8


def test_round_end_scores_and_next_round() -> None:
    state = in_play([["Y5"], ["Y1"], ["B6"]], trump="R0")
    state.tricks = [2, 3, 5]
    state.withdrawn = [["R4", "G2"], [], ["YS"]]  # targets 2, 8, 8
    GAME.apply(state, 0, "play Y5")
    GAME.apply(state, 1, "play Y1")
    events = GAME.apply(state, 2, "play B6")
    end = next(e for e in events if e.type == "round_end").to_json()
    assert end["tricks"] == [3, 3, 5]
    assert end["targets"] == [2, 8, 8]
    assert end["bonus"] == [0, 0, 0]
    assert end["scores"] == [5, 3, 6]
    assert end["totals"] == [5, 3, 6]
    deal_event = events[-1]
    assert deal_event.type == "deal" and deal_event.data["start"] == 1
    assert state.phase == "draft" and GAME.to_act(state) == {1}


def test_bonus_counted_in_round_end() -> None:
    state = in_play([["Y5"], ["Y1"], ["B6"]], trump="R0")
    state.tricks = [2, 8, 0]
    state.withdrawn = [["R4", "G3"], [], ["R8"]]  # targets 1, 8, 0
    GAME.apply(state, 0, "play Y5")
    GAME.apply(state, 1, "withdraw Y1")
    events = GAME.apply(state, 2, "play B6")
    end = next(e for e in events if e.type == "round_end").to_json()
    # seat 0 wins the last trick (3 ≠ 1); seat 1 withdrew a 1 (8 − 1 = 7 ≠ 8); seat 2 hit 0
    assert end["tricks"] == [3, 8, 0]
    assert end["bonus"] == [0, 0, 5]
    assert end["scores"] == [5, 9, 6]


# ---- whole matches ---------------------------------------------------------------------------
def random_match(players: int, seed: int) -> tuple[WildRawzState, list[dict[str, object]]]:
    """Play a whole match at random, checking action texts round-trip; return the events."""
    state = new(players, seed)
    rng = Rng(seed)
    log = [e.to_json() for e in state.opening]
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        assert len({str(a) for a in legal}) == len(legal)
        for a in legal:
            assert str(Action.parse(str(a))) == str(a)
            assert GAME.parse_action(str(a)) == a
        log += [e.to_json() for e in GAME.apply(state, seat, legal[rng.below(len(legal))])]
    return state, log


@pytest.mark.parametrize("players", [3, 4])
def test_whole_match_rounds_and_start_rotation(players: int) -> None:
    state, log = random_match(players, seed=players * 13)
    result = GAME.result(state)
    assert result is not None
    assert len(state.match.scores) == 2 * players
    deals = [e for e in log if e["type"] == "deal"]
    assert [d["start"] for d in deals] == [r % players for r in range(2 * players)]
    ends = [e for e in log if e["type"] == "round_end"]
    assert len(ends) == 2 * players
    for end in ends:
        # 13 tricks per round; each score is tricks + withdrawn + bonus
        assert sum(end["tricks"]) == 13
        for i in range(players):
            expected = end["tricks"][i] + len(end["withdrawn"][i]) + end["bonus"][i]
            assert end["scores"][i] == expected
    assert list(result.totals) == ends[-1]["totals"]
    assert log[-1]["type"] == "game_end"
    best = max(result.totals)
    assert result.winners == tuple(i for i, t in enumerate(result.totals) if t == best)


def test_at_most_one_withdrawal_in_every_trick_of_a_match() -> None:
    _, log = random_match(4, seed=3)
    plays: list[dict[str, object]] = []
    for event in log:
        if event["type"] == "play":
            plays.append(event)
        elif event["type"] == "trick":
            withdraws = [p for p in plays if p.get("withdraw")]
            assert len(withdraws) <= 1
            assert len(plays) == 4
            assert plays[0].get("withdraw") is None  # the leader played
            assert event["cards"] == [p["card"] for p in plays if not p.get("withdraw")]
            plays = []


def test_final_ties_share_the_place() -> None:
    state = in_play([["Y5"], ["Y1"], ["B6"]], trump="R0")
    state.match.round = state.match.rounds
    state.match.scores = [[10, 10, 0]]
    state.tricks = [0, 1, 0]  # after the last trick: seat 0 has 1 trick, seat 1 has 1
    GAME.apply(state, 0, "play Y5")
    GAME.apply(state, 1, "play Y1")
    events = GAME.apply(state, 2, "play B6")
    assert events[-1].type == "game_end"
    result = GAME.result(state)
    assert result is not None
    assert result.totals == (11, 11, 0)
    assert result.places == (1, 1, 3) and result.winners == (0, 1)
    assert GAME.to_act(state) == frozenset()
    assert refused(state, 0, "play Y5") == "The match is over."


def test_view_never_shows_other_hands_and_a_world_keeps_counts() -> None:
    state = new(4, seed=9)
    told = [*state.opening, *draft_out(state)]
    for seat in range(4):
        view = GAME.view(state, seat)
        for other in range(4):
            cards = view.zone(f"hand{other}").cards
            assert (cards == tuple(state.hands[other])) == (other == seat)
        text = json.dumps(view.to_json())
        assert all(m.action.split()[1] in state.hands[seat] for m in view.moves)
        assert text.count("??") == 13 * 3
    seat = min(GAME.to_act(state))
    guess = resample(GAME, state, seat, Memory.told(told, seat), Rng(4))
    assert isinstance(guess, WildRawzState)
    assert guess.hands[seat] == state.hands[seat]
    assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
    others = [i for i in range(4) if i != seat]
    assert pooled([guess.hands[i] for i in others]) == pooled([state.hands[i] for i in others])


def test_thumb_bot_plays_legal_moves() -> None:
    from tabletop.bots.runner import play_match

    state, result = play_match(GAME, 3, ["thumb", "random", "thumb"], seed=2)
    assert result is not None and len(state.match.scores) == 6


def test_a_world_keeps_drafted_cards_in_the_drafters_hand() -> None:
    """Everyone saw who took which row card: it stays in that hand until a copy is played."""
    state = new(4, seed=9)
    told = list(state.opening)
    drafted: list[list[str]] = [[] for _ in range(4)]
    while state.phase == "draft":
        (seat,) = GAME.to_act(state)
        action = GAME.legal_actions(state, seat)[0]
        drafted[seat].append(action.args[0])
        told += GAME.apply(state, seat, action)
    # seat 0 leads one of its drafted cards: it is no longer known to be held
    told += GAME.apply(state, 0, f"play {drafted[0][0]}")
    assert GAME.to_act(state) == {1}
    memory = Memory.told(told, 1)
    for k in range(20):
        guess = resample(GAME, state, 1, memory, Rng(k))
        assert isinstance(guess, WildRawzState)
        assert guess.hands[1] == state.hands[1]
        for i in (2, 3):
            assert not Counter(drafted[i]) - Counter(guess.hands[i])
        assert not Counter(drafted[0][1:]) - Counter(guess.hands[0])
        assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
        others = (0, 2, 3)
        assert pooled([guess.hands[i] for i in others]) == pooled([state.hands[i] for i in others])
