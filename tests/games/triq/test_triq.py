"""%triq: the deal table, card points, flushes and gifts, しばり, the spade-3 counter, placing."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

import pytest

from tabletop.bots.base import RandomBot
from tabletop.bots.runner import play_match
from tabletop.bots.worlds import Memory, resample
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import Event
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.games.triq import TriqState
from tabletop.games.triq_rules import DECK, deal_size, owed_after_pass, points, shibari_eligible

GAME = get_game("triq")


def table(
    hands: Sequence[Sequence[str]],
    turn: int = 0,
    pile: Sequence[str] = (),
    total: int = 0,
    shibari: str = "",
    declarer: int = -1,
) -> TriqState:
    """A state with chosen hands and pile; every other card is out of the game."""
    state = GAME.setup(len(hands), None, seed=1)
    assert isinstance(state, TriqState)
    state.hands = [list(h) for h in hands]
    state.pile = list(pile)
    used = {c for h in hands for c in h} | set(pile)
    state.removed = [c for c in DECK if c not in used]
    state.total, state.shibari, state.declarer = total, shibari, declarer
    state.turn, state.phase, state.starter = turn, "play", turn
    state.arranged()
    return state


def moves(state: TriqState, seat: int) -> set[str]:
    """The legal action texts of a seat."""
    return {str(a) for a in GAME.legal_actions(state, seat)}


def types(events: list[Event]) -> list[str]:
    """The event types, in order."""
    return [e.type for e in events]


def snapshot(state: TriqState) -> str:
    """Everything observable plus the full hands."""
    return json.dumps([GAME.view(state, None).to_json(), state.hands, state.phase, state.turn])


# ---- the deal -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "each", "left"),
    [(2, 13, 28), (3, 12, 18), (4, 11, 10), (5, 10, 4), (6, 9, 0), (7, 7, 5), (8, 6, 6),
     (9, 6, 0), (10, 5, 4), (27, 2, 0)],
)  # fmt: skip
def test_deal_table(players: int, each: int, left: int) -> None:
    assert deal_size(players) == each
    state = GAME.setup(players, None, seed=players)
    assert isinstance(state, TriqState)
    assert all(len(h) == each for h in state.hands)
    assert len(state.removed) == left
    assert sorted([*(c for h in state.hands for c in h), *state.removed]) == sorted(DECK)
    # the leftovers are shown to everyone, in the view and in the deal event
    assert list(GAME.view(state, None).zone("removed").cards) == state.removed
    deal = state.opening[0].to_json(seat=None, omniscient=False)
    assert deal["removed"] == state.removed
    assert all(h == {"hidden": each} for h in deal["hands"])


def test_first_starter_is_drawn_from_the_seed() -> None:
    starters = {GAME.setup(5, None, seed=s).opening[0].data["starter"] for s in range(30)}
    assert len(starters) > 2
    state = GAME.setup(5, None, seed=4)
    assert GAME.to_act(state) == {state.opening[0].data["starter"]}


# ---- card points --------------------------------------------------------------------------
def test_joker_completes_the_next_ten_and_is_zero_under_shibari() -> None:
    assert points("JK1", 7, False) == 3  # the seed's examples
    assert points("JK2", 24, False) == 6
    assert points("JK1", 24, True) == 0
    assert points("AS", 5, False, ace=11) == 11 and points("AS", 5, False) == 1
    assert points("KD", 3, False) == 10 and points("7C", 3, False) == 7


@pytest.mark.parametrize(("total", "after"), [(7, 10), (24, 30)])
def test_joker_play_reaches_the_ten(total: int, after: int) -> None:
    state = table([["2C", "4C"], ["JK1", "5D"], ["6H"]], turn=1, pile=["7H"], total=total)
    events = GAME.apply(state, 1, "play JK1")
    assert events[0].data["value"] == after - total and state.total == after
    assert state.phase == "counter" and GAME.to_act(state) == {2}


def test_ace_value_is_chosen_by_the_player() -> None:
    state = table([["3C", "8C", "9C"], ["AS", "5D"], ["6H"]], turn=1, pile=["9H"], total=9)
    assert {"play AS 1", "play AS 11"} <= moves(state, 1)
    with pytest.raises(IllegalAction, match=r"^Say whether the ace counts 1 or 11\.$"):
        GAME.apply(state, 1, "play AS")
    events = GAME.apply(state, 1, "play AS 11")
    flush = next(e for e in events if e.type == "flush")
    assert flush.data["total"] == 20 and flush.data["owed"] == 2 and flush.data["giver"] == 0


# ---- flushes and gifts --------------------------------------------------------------------
def test_reaching_a_multiple_of_ten_makes_the_previous_player_give() -> None:
    state = table([["3C", "8C", "9C"], ["5S", "5D"], ["6H", "2H"]], turn=1, pile=["5H"], total=15)
    events = GAME.apply(state, 1, "play 5S")
    assert types(events) == ["play", "flush"] and events[1].data["owed"] == 2
    assert state.pile == [] and state.total == 0 and "5S" in state.flushed
    assert GAME.to_act(state) == {0} and moves(state, 0) == {"give 3C", "give 8C", "give 9C"}
    assert GAME.apply(state, 0, "give 9C") == []
    # the chosen card waits in a zone only the giver sees
    assert GAME.view(state, 2).zone("giving").cards == ("??",)
    events = GAME.apply(state, 0, "give 3C")
    assert types(events) == ["give"]
    assert events[0].to_json(2, omniscient=False)["cards"] == {"hidden": 2}
    assert events[0].to_json(1, omniscient=False)["cards"] == ["9C", "3C"]
    assert sorted(state.hands[1]) == ["3C", "5D", "9C"] and state.hands[0] == ["8C"]
    # the next player after the one who made the ten opens a fresh pile
    assert GAME.to_act(state) == {2} and moves(state, 2) == {"play 6H", "play 2H"}


def test_owing_as_many_cards_as_one_holds_drops_the_giver() -> None:
    hands = [["4C"], ["8S", "5D"], ["6H", "2H"], ["9D"]]
    state = table(hands, turn=1, pile=["10H", "AH"], total=12)
    events = GAME.apply(state, 1, "play 8S")
    assert types(events) == ["play", "flush", "give", "out"]
    assert events[-1].data == {"seat": 0, "place": 4, "cards": []}
    assert sorted(state.hands[1]) == ["4C", "5D"] and state.place[0] == 4
    assert GAME.to_act(state) == {2}


def test_last_card_not_reaching_ten_drops_out_but_reaching_ten_does_not() -> None:
    state = table([["4C", "5C"], ["2S"], ["6H", "2H"]], turn=1, pile=["5H"], total=5)
    events = GAME.apply(state, 1, "play 2S")
    assert types(events) == ["play", "out"] and state.place[1] == 3
    assert GAME.to_act(state) == {2}
    state = table([["4C", "5C"], ["5S"], ["6H", "2H"]], turn=1, pile=["5H"], total=5)
    GAME.apply(state, 1, "play 5S")
    GAME.apply(state, 0, "give 4C")
    assert state.hands[1] == ["4C"] and state.place == [0, 0, 0]


# ---- opening a pile -----------------------------------------------------------------------
def test_a_fresh_pile_opens_with_a_number_card() -> None:
    state = table([["5H", "JS", "KD", "JK1", "AC"], ["2C"]])
    assert moves(state, 0) == {"play 5H", "play AC 1", "play AC 11"}
    before = snapshot(state)
    with pytest.raises(
        IllegalAction,
        match=r"^Open a fresh pile with A–10; J, Q or K only when you hold nothing else\.$",
    ):
        GAME.apply(state, 0, "play JS")
    with pytest.raises(IllegalAction, match=r"^A fresh pile may not be opened with a joker\.$"):
        GAME.apply(state, 0, "play JK1")
    assert snapshot(state) == before


def test_only_court_cards_may_open_and_flush_for_one_card() -> None:
    state = table([["9C", "8C"], ["JS", "QD", "JK1"], ["6H"]], turn=1)
    assert moves(state, 1) == {"play JS", "play QD"}
    events = GAME.apply(state, 1, "play QD")
    assert events[1].data["total"] == 10 and events[1].data["owed"] == 1
    GAME.apply(state, 0, "give 8C")
    assert "8C" in state.hands[1] and GAME.to_act(state) == {2}


def test_a_ten_opening_flushes_at_once() -> None:
    state = table([["9C", "8C"], ["10S", "3D"], ["6H"]], turn=1)
    events = GAME.apply(state, 1, "play 10S")
    assert types(events) == ["play", "flush"] and GAME.to_act(state) == {0}


def test_only_jokers_at_an_opening_drop_the_player() -> None:
    state = table([["9C", "8C"], ["JK1", "JK2"], ["6H", "2D"], ["5S"]], turn=1)
    assert moves(state, 1) == {"play JK1", "play JK2"}
    events = GAME.apply(state, 1, "play JK2")
    assert types(events) == ["play", "flush", "out"]
    assert events[1].data["reason"] == "joker" and events[1].data["owed"] == 0
    assert events[2].data == {"seat": 1, "place": 4, "cards": ["JK1"]}
    assert {"JK1", "JK2"} <= set(state.flushed) and state.hands[0] == ["9C", "8C"]
    assert GAME.to_act(state) == {2} and state.pile == []


# ---- しばり ---------------------------------------------------------------------------------
def test_shibari_eligibility() -> None:
    assert shibari_eligible("JH", "5H", 11) and shibari_eligible("JH", "5H", 13)
    assert not shibari_eligible("JH", "5H", 14) and not shibari_eligible("JS", "5H", 11)
    assert shibari_eligible("QD", "4D", 25) and not shibari_eligible("QD", "4D", 23)
    assert shibari_eligible("KC", "7C", 17) and shibari_eligible("KC", "9C", 39)
    assert not shibari_eligible("KC", "JK1", 17) and not shibari_eligible("9C", "7C", 17)
    state = table([["2C"], ["JH", "JS", "QH", "AH"], ["6H"]], turn=1, pile=["5H", "6D"], total=11)
    state.pile[-1] = "6H"
    assert "play JH shibari" in moves(state, 1) and "play JH" in moves(state, 1)
    assert "play JS shibari" not in moves(state, 1) and "play QH shibari" not in moves(state, 1)
    needs = (
        "しばり needs a card of the top card's suit: "
        "J on a total ending in 1–3, Q on 4–6, K on 7–9."
    )
    with pytest.raises(IllegalAction, match=f"^{re.escape(needs)}$"):
        GAME.apply(state, 1, "play QH shibari")


def test_shibari_restricts_the_next_plays() -> None:
    hands = [["2C"], ["JH", "3C"], ["2S", "4H", "KC", "JK1", "AD"], ["9S"]]
    state = table(hands, turn=1, pile=["8H"], total=12)
    events = GAME.apply(state, 1, "play JH shibari")
    assert events[0].data["shibari"] is True and state.total == 22
    assert state.shibari == "H" and state.declarer == 1
    assert moves(state, 2) == {"play 4H", "play KC", "play JK1"}
    with pytest.raises(
        IllegalAction, match=r"^Under しばり only hearts, J, Q, K or a joker may be played\.$"
    ):
        GAME.apply(state, 2, "play 2S")
    with pytest.raises(
        IllegalAction, match=r"^You may only pass when you have no card you are allowed to play\.$"
    ):
        GAME.apply(state, 2, "pass")
    with pytest.raises(IllegalAction, match=r"^A しばり is already in force\.$"):
        GAME.apply(state, 2, "play KC shibari")
    GAME.apply(state, 2, "play JK1")  # worth nothing under しばり
    assert state.total == 22 and state.shibari == "H"


def test_passing_under_shibari_gives_to_the_declarer() -> None:
    hands = [["2C"], ["JH", "3C"], ["2S", "5D", "9C", "8C"], ["9S"]]
    state = table(hands, turn=1, pile=["8H"], total=12)
    GAME.apply(state, 1, "play JH shibari")
    assert moves(state, 2) == {"pass"}
    events = GAME.apply(state, 2, "pass")
    assert types(events) == ["pass", "flush"] and events[1].data["owed"] == 3  # ⌈22/10⌉
    assert events[1].data["to"] == 1 and state.shibari == "" and state.declarer == -1
    for card in ("2S", "5D", "9C"):
        GAME.apply(state, 2, f"give {card}")
    assert sorted(state.hands[1]) == ["2S", "3C", "5D", "9C"]
    assert GAME.to_act(state) == {3} and state.pile == []


def test_the_declarer_who_cannot_play_discards() -> None:
    state = table([["2H", "5C"], ["JH", "3C", "4C", "6C", "7C"]], turn=1, pile=["8H"], total=12)
    GAME.apply(state, 1, "play JH shibari")
    GAME.apply(state, 0, "play 2H")
    assert moves(state, 1) == {"pass"}
    events = GAME.apply(state, 1, "pass")
    assert events[1].data["to"] is None and events[1].data["owed"] == 3
    assert GAME.to_act(state) == {1}
    assert moves(state, 1) == {"discard 3C", "discard 4C", "discard 6C", "discard 7C"}
    for card in ("3C", "4C"):
        assert GAME.apply(state, 1, f"discard {card}") == []
    events = GAME.apply(state, 1, "discard 7C")
    assert types(events) == ["discard"] and events[0].data["cards"] == ["3C", "4C", "7C"]
    assert state.hands[1] == ["6C"] and set(events[0].data["cards"]) <= set(state.flushed)
    # the pile was ended by the declarer's pass: the next player opens
    assert GAME.to_act(state) == {0} and state.shibari == ""
    # a declarer owing at least a whole hand discards it all and drops out
    state = table([["2H", "5C"], ["JH", "3C", "4C", "6C"]], turn=1, pile=["8H"], total=12)
    GAME.apply(state, 1, "play JH shibari")
    GAME.apply(state, 0, "play 2H")
    events = GAME.apply(state, 1, "pass")
    assert types(events) == ["pass", "flush", "discard", "out", "round_end", "game_end"]
    assert GAME.result(state).places == (1, 2)  # type: ignore[union-attr]


def test_shibari_with_the_last_card_keeps_the_player_in_until_it_returns() -> None:
    hands = [["2H", "5C"], ["JH"], ["3H", "4D"]]
    state = table(hands, turn=1, pile=["8H"], total=12)
    events = GAME.apply(state, 1, "play JH shibari")
    assert types(events) == ["play"] and state.place == [0, 0, 0]
    GAME.apply(state, 2, "play 3H")
    GAME.apply(state, 0, "play 2H")
    assert moves(state, 1) == {"pass"}
    events = GAME.apply(state, 1, "pass")
    assert types(events) == ["pass", "flush", "out"] and state.place[1] == 3
    assert GAME.to_act(state) == {2}


# ---- the spade-3 counter ------------------------------------------------------------------
def test_counter_is_offered_only_to_the_next_player() -> None:
    hands = [["JK1", "2C"], ["3S", "4D"], ["6H", "9H"], ["5S", "7C"]]
    state = table(hands, turn=0, pile=["7H"], total=7)
    GAME.apply(state, 0, "play JK1")
    assert GAME.to_act(state) == {1} and moves(state, 1) == {"counter 3S", "decline"}
    other = table([h[:] for h in hands], turn=0, pile=["7H"], total=7)
    other.hands[1], other.hands[2] = ["6H", "4D"], ["3S", "9H"]
    GAME.apply(other, 0, "play JK1")
    assert moves(other, 1) == {"decline"}
    with pytest.raises(IllegalAction, match=r"^You need the 3 of spades to counter the joker\.$"):
        GAME.apply(other, 1, "counter 3S")
    with pytest.raises(
        IllegalAction,
        match=r"^Counter the joker with the 3 of spades, or decline and let the pile flush\.$",
    ):
        GAME.apply(other, 1, "play 4D")
    # the pause looks the same to everyone else whether or not the 3 of spades is held
    assert GAME.view(state, 2).status == GAME.view(other, 2).status
    events = GAME.apply(state, 1, "counter 3S")
    assert types(events) == ["play", "flush", "give", "out"]
    assert events[0].data["counter"] is True and events[1].data["reason"] == "counter"
    assert events[1].data["giver"] == 0 and events[1].data["to"] == 1
    assert events[1].data["owed"] == 1
    # the joker player holds just one card: it goes to the 3 of spades and its holder drops out
    assert sorted(state.hands[1]) == ["2C", "4D"] and state.place[0] == 4
    assert GAME.to_act(state) == {2}


def test_declining_the_counter_settles_the_ten_normally() -> None:
    hands = [["JK1", "2C"], ["3S", "4D"], ["6H", "9H", "8D"]]
    state = table(hands, turn=0, pile=["7H", "10C"], total=17)
    GAME.apply(state, 0, "play JK1")
    events = GAME.apply(state, 1, "decline")
    assert types(events) == ["decline", "flush"] and events[1].data["giver"] == 2
    assert events[1].data["owed"] == 2
    GAME.apply(state, 2, "give 6H")
    GAME.apply(state, 2, "give 9H")
    assert sorted(state.hands[0]) == ["2C", "6H", "9H"]
    assert GAME.to_act(state) == {1} and state.pile == []


def test_counter_under_shibari_is_a_play_on_the_next_turn() -> None:
    hands = [["JK1", "2C", "8C", "5C", "9C"], ["3S", "4D"], ["6H", "9H"], ["JD"]]
    state = table(hands, turn=3, pile=["8D"], total=12)
    GAME.apply(state, 3, "play JD shibari")
    GAME.apply(state, 0, "play JK1")
    assert state.total == 22 and GAME.to_act(state) == {1}
    assert moves(state, 1) == {"counter 3S", "play 4D"}
    events = GAME.apply(state, 1, "counter 3S")
    assert events[1].data["owed"] == 3 and events[1].data["giver"] == 0
    assert state.shibari == "" and GAME.to_act(state) == {0}
    GAME.apply(state, 0, "give 2C")
    GAME.apply(state, 0, "give 8C")
    assert moves(state, 0) == {"give 5C", "give 9C"}
    GAME.apply(state, 0, "give 5C")
    assert sorted(state.hands[1]) == ["2C", "4D", "5C", "8C"] and GAME.to_act(state) == {2}
    # 3S played out of turn order later is an ordinary 3
    state = table([["3S", "4D"], ["2C"]], turn=0, pile=["5H"], total=5)
    assert "counter 3S" not in moves(state, 0)
    with pytest.raises(
        IllegalAction,
        match=r"^The 3 of spades only counters a joker played just before your turn\.$",
    ):
        GAME.apply(state, 0, "counter 3S")
    GAME.apply(state, 0, "play 3S")
    assert state.total == 8


# ---- placing ------------------------------------------------------------------------------
def test_last_out_wins_and_places_follow_the_order_out() -> None:
    state = table([["2H"], ["4C"], ["6H", "5D"]], turn=0, pile=["3D"], total=3)
    events = GAME.apply(state, 0, "play 2H")
    assert events[-1].data == {"seat": 0, "place": 3, "cards": []}
    events = GAME.apply(state, 1, "play 4C")
    assert types(events) == ["play", "out", "round_end", "game_end"]
    assert events[2].data["places"] == [3, 2, 1] and events[2].data["scores"] == [0, 1, 2]
    result = GAME.result(state)
    assert result is not None and result.winners == (2,) and GAME.to_act(state) == set()


def test_players_out_in_one_action_share_a_place() -> None:
    hands = [["5C"], [], ["5H"], ["2D", "3D"], ["4S", "2S"]]
    state = table(hands, turn=2, pile=["8H", "JH"], total=25, shibari="H", declarer=1)
    events = GAME.apply(state, 2, "play 5H")
    outs = {(e.data["seat"], e.data["place"]) for e in events if e.type == "out"}
    assert outs == {(1, 4), (2, 4)} and state.place == [0, 4, 4, 0, 0]
    assert GAME.to_act(state) == {3}


# ---- refusals and whole matches ----------------------------------------------------------
def test_refused_actions_change_nothing() -> None:
    state = table([["2C", "9D", "4H"], ["5S", "KD"], ["6H"]], turn=1, pile=["5H"], total=15)
    before = snapshot(state)
    for seat, text, reason in [
        (0, "play 2C", "not your turn"),
        (1, "play 9D", "do not hold"),
        (1, "pass", "only pass"),
        (1, "play 5S 11", "Only an ace"),
        (1, "give 5S", "Play a card"),
        (1, "decline", "Play a card"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            GAME.apply(state, seat, text)
        assert snapshot(state) == before
    GAME.apply(state, 1, "play 5S")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="give 2 more"):
        GAME.apply(state, 0, "play 2C")
    assert snapshot(state) == before


def test_a_series_is_started_by_each_previous_winner() -> None:
    state = GAME.setup(4, {"games": 3}, seed=11)
    bot = RandomBot(3)
    deals = [state.opening[0]]
    ends = []
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        events = GAME.apply(state, seat, bot.choose(GAME.view(state, seat)))
        deals += [e for e in events if e.type == "deal"]
        ends += [e for e in events if e.type == "round_end"]
    assert len(deals) == 3 and len(ends) == 3
    for end, deal in zip(ends[:2], deals[1:], strict=True):
        assert end.data["places"][deal.data["starter"]] == 1
    result = GAME.result(state)
    assert result is not None
    assert list(result.totals) == [sum(4 - e.data["places"][i] for e in ends) for i in range(4)]


@pytest.mark.parametrize("players", [2, 27])
def test_whole_matches_end_with_a_ranking(players: int) -> None:
    for seed in range(3):
        _, result = play_match(GAME, players, bots=["thumb", "random"], seed=seed)
        assert len(result.places) == players and result.winners
        assert all(result.places[w] == 1 for w in result.winners)
        # a place is shared only by players who dropped out together
        for place in set(result.places):
            assert 1 <= place <= players
            assert place + result.places.count(place) - 1 <= players


def test_a_world_redeals_only_what_the_seat_cannot_see() -> None:
    state = GAME.setup(5, None, seed=9)
    assert isinstance(state, TriqState)
    guess = resample(GAME, state, 2, Memory.told(state.opening, 2), Rng(4))
    assert isinstance(guess, TriqState)
    assert guess.hands[2] == state.hands[2] and guess.removed == state.removed
    assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
    assert sorted(c for h in guess.hands for c in h) == sorted(c for h in state.hands for c in h)
    assert guess.hands != state.hands


def test_owed_rounds_up() -> None:
    assert owed_after_pass(22) == 3 and owed_after_pass(30) == 3 and owed_after_pass(1) == 1
