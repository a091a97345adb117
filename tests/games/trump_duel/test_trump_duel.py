"""Tests for トランプ◆デュエル (Trump Duel): plays, 1 beats 10, effects, scoring, endings."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.bots.runner import play_match
from tabletop.bots.worlds import Memory, resample
from tabletop.engine.actions import Action
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import Event
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.engine.text import EMPTY
from tabletop.games.trump_duel import TrumpDuelState
from tabletop.games.trump_duel_rules import (
    DRAW_DECK,
    HAND_ORDER,
    SCORE_DECK,
    beats_ten,
    points,
    triple_points,
)
from tabletop.i18n import render

GAME = get_game("trump-duel")


def staged(
    hands: list[list[str]],
    first: int = 0,
    displays: list[list[str]] | None = None,
    top: list[str] | None = None,
    discards: list[str] | None = None,
    prize: list[str] | None = None,
    score_deck: list[str] | None = None,
    taken: list[list[str]] | None = None,
    actor: int | None = None,
) -> TrumpDuelState:
    """A match in the play phase with chosen cards; `top` is drawn first, in order.

    Without displays it is the round's opening play by `first`; with displays, `actor` (default
    `first`) is to answer. Earlier points count as one recorded round.
    """
    state = GAME.setup(2, None, 1)
    assert isinstance(state, TrumpDuelState)
    state.hands = [sorted(h, key=HAND_ORDER.__getitem__) for h in hands]
    state.display = [list(d) for d in displays] if displays else [[], []]
    state.discards = list(discards or [])
    used = {c for part in (*state.hands, *state.display, state.discards) for c in part}
    used |= set(top or [])
    state.deck = [c for c in DRAW_DECK if c not in used] + list(reversed(top or []))
    state.prize = list(prize or ["KS"])
    state.taken = [list(t) for t in taken] if taken else [[], []]
    gone = set(state.prize) | {c for t in state.taken for c in t}
    state.score_deck = (
        list(score_deck) if score_deck is not None else [c for c in SCORE_DECK if c not in gone]
    )
    state.match.scores = [[points(t) for t in state.taken]]
    state.first = first
    state.first_play = not displays
    state.phase = "play"
    state.actor = first if actor is None else actor
    state.cancels = [0, 0]
    state.cancelled = [[], []]
    state.pending = []
    state.arranged()
    return state


def legal(state: TrumpDuelState) -> set[str]:
    """Texts of the acting seat's legal actions."""
    return {str(a) for a in GAME.legal_actions(state, state.actor)}


def act(state: TrumpDuelState, text: str) -> list[Event]:
    """Apply an action for the seat that must act."""
    return GAME.apply(state, state.actor, text)


def snapshot(state: TrumpDuelState) -> tuple[object, ...]:
    """Everything a refused action must leave untouched."""
    return (
        GAME.view(state, None).to_json(),
        [list(h) for h in state.hands],
        list(state.deck),
        state.phase,
        state.actor,
        list(state.cancels),
    )


def refused(state: TrumpDuelState, text: str, seat: int | None = None) -> str:
    """Apply an action that must be refused; check nothing changed; return the reason."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, state.actor if seat is None else seat, text)
    assert snapshot(state) == before
    return str(err.value)


def of_type(events: list[Event], kind: str) -> list[dict[str, object]]:
    """The omniscient JSON of the events of one type."""
    return [e.to_json() for e in events if e.type == kind]


# ---- scoring --------------------------------------------------------------------------------
def test_triple_points_by_kind() -> None:
    """Same rank 1, mixed J-Q-K 1, same-suit J-Q-K 2, anything else 0."""
    assert triple_points("KS", "KH", "KD") == 1
    assert triple_points("JS", "QH", "KD") == 1
    assert triple_points("JH", "QH", "KH") == 2
    assert triple_points("JS", "JH", "QD") == 0


def test_four_kings_score_one_point() -> None:
    """KKKK is still one triple (the seed's example)."""
    assert points(["KS", "KH", "KD", "KC"]) == 1


def test_same_suit_jqk_scores_two() -> None:
    """Same-suit J-Q-K scores for the suit and for the run."""
    assert points(["JC", "QC", "KC"]) == 2


def test_best_disjoint_split() -> None:
    """Cards are split into disjoint triples the best way, not greedily."""
    # KH KS KD (1) + JH QH KC (1) = 2, but JH QH KH (2) + KS KD KC (1) = 3
    assert points(["KH", "KS", "KD", "KC", "JH", "QH"]) == 3
    assert points(["JH", "QH", "KH", "JS", "QS", "KS"]) == 4
    assert points(["JH", "QS", "KD", "KS"]) == 1  # one card is left over
    assert points(["JH", "JS"]) == 0


# ---- plays -----------------------------------------------------------------------------------
def test_opening_play_is_one_card_and_no_pass() -> None:
    """The round's opening play is a single card; passing and pairs are refused."""
    state = staged([["3S", "5H", "9C"], ["2D", "4D"]])
    assert legal(state) == {"play 3S", "play 5H", "play 9C"}
    assert refused(state, "pass") == "The opening play of a round cannot be a pass."
    assert refused(state, "play 3S 5H") == "The opening play of a round is a single card."
    assert refused(state, "play 4D") == "You do not hold 4♦."
    assert refused(state, "play 2D", seat=1) == "It is not your turn."


def test_play_must_strictly_exceed() -> None:
    """Plays must total more than the opposing display; equal totals are refused."""
    state = staged([["2H", "4S", "5C", "8D"], []], first=1, displays=[[], ["7S"]], actor=0)
    options = legal(state)
    assert "play 8D" in options and "pass" in options
    assert "play 2H 5C" not in options  # 7 only ties
    assert "play 2H 8D" in options and "play 4S 5C" in options
    assert "play 5C" not in options
    reason = refused(state, "play 5C 2H")
    assert reason == "Your cards total 7; you must show more than 7 (not equal)."


def test_two_card_play_text_round_trips() -> None:
    """Two-card plays are normalized to hand order and their texts parse back."""
    state = staged([["2H", "9S"], ["3C"]], first=1, displays=[[], ["3C"]], actor=0)
    for action in GAME.legal_actions(state, 0):
        assert GAME.parse_action(str(action)) == action
    assert GAME.parse_action("play 9S 2H") == Action("play", ("2H", "9S"))


def test_pass_loses_the_round() -> None:
    """A pass after the opening play gives the round to the other seat."""
    state = staged([["AS", "6C"], ["3C", "4C"]], first=0, displays=[["9H"], []], actor=1)
    events = act(state, "pass")
    won = of_type(events, "round_won")[0]
    assert won["winner"] == 0 and won["by"] == "pass" and won["score_cards"] == ["KS"]
    assert state.taken[0] == ["KS"] and state.first == 0


def test_one_beats_ten() -> None:
    """A single 1 beats any display totalling 10, ends the round, and applies no effect."""
    state = staged(
        [["4H", "6S"], ["AC", "2D"]], first=0, displays=[["4D", "6C"], []], actor=1, top=["9S"]
    )
    assert beats_ten(("AC",), 10)
    assert "play AC" in legal(state)
    assert "play AC 2D" not in legal(state)  # only a single 1 beats a 10
    events = act(state, "play AC")
    assert of_type(events, "round_won")[0]["by"] == "one_beats_ten"
    assert not [e for e in of_type(events, "effect") if e["seat"] == 1 and e["suit"] == "C"]
    assert state.taken[1] == ["KS"] and state.first == 1


def test_one_and_one_beat_twenty_but_not_ten() -> None:
    """1+1 beats 10+10; it does not beat 10, and a single 1 does not beat 20."""
    twenty = staged([["3H"], ["AS", "AH", "5C"]], first=0, displays=[["10S", "10H"], []], actor=1)
    assert legal(twenty) == {"play AS AH", "pass"}
    act(twenty, "play AS AH")
    assert twenty.taken[1] == ["KS"]
    ten = staged([["3H"], ["AS", "AH"]], first=0, displays=[["10S"], []], actor=1)
    assert legal(ten) == {"play AS", "play AH", "pass"}
    assert not beats_ten(("AS",), 20) and not beats_ten(("AS", "AH"), 10)


def test_one_on_a_nine_is_an_ordinary_loss() -> None:
    """The special rule needs exactly 10: a single 1 does not answer 9."""
    state = staged([["3H"], ["AS", "9C"]], first=0, displays=[["9S"], []], actor=1)
    assert legal(state) == {"play AS 9C", "pass"}


# ---- effects on play -------------------------------------------------------------------------
def test_spade_discards_a_random_opposing_card() -> None:
    """A spade throws one card of the opponent's hand face up onto the discards."""
    state = staged([["3S", "8H"], ["2C", "5D", "7H"]])
    events = act(state, "play 3S")
    attack = of_type(events, "effect")[0]
    assert attack["what"] == "attack" and attack["discarded"] in {"2C", "5D", "7H"}
    assert len(state.hands[1]) == 2 and state.discards == [attack["discarded"]]
    assert state.actor == 1 and state.phase == "play"


def test_spade_against_an_empty_hand_does_nothing() -> None:
    """With no cards to hit the spade's effect does nothing."""
    state = staged([["2C"], ["5S", "6D"]], first=0, displays=[["4C"], []], actor=1)
    state.hands[0] = []
    events = act(state, "play 5S")
    assert of_type(events, "effect")[0]["what"] == "none"
    assert state.actor == 0 and legal(state) == {"pass"}


def test_heart_exchanges_a_chosen_card() -> None:
    """A heart asks which hand card to discard, then draws the top card."""
    state = staged([["4H", "2S", "9C"], ["3D"]], top=["7D"])
    act(state, "play 4H")
    assert state.phase == "exchange" and legal(state) == {"exchange 2S", "exchange 9C"}
    assert refused(state, "exchange 3D") == (
        "Choose a card of your hand to discard for a fresh one (heart)."
    )
    events = act(state, "exchange 2S")
    assert state.hands[0] == ["7D", "9C"] and state.discards == ["2S"]
    info = of_type(events, "effect")[0]
    assert info["discarded"] == "2S" and info["drawn"] == ["7D"]
    hidden = events[-1].to_json(1, omniscient=False)
    assert "7D" not in str(hidden)
    assert state.actor == 1


def test_club_draws_a_card() -> None:
    """A club draws the top card of the draw deck."""
    state = staged([["6C", "2S"], ["3D"]], top=["10H"])
    act(state, "play 6C")
    assert state.hands[0] == ["2S", "10H"]


def test_two_clubs_draw_two() -> None:
    """Two clubs draw two cards, with no order to choose."""
    state = staged([["2S"], ["3C", "6C", "8D"]], displays=[["5H"], []], actor=1, top=["4H", "9S"])
    act(state, "play 3C 6C")
    assert state.hands[1] == ["4H", "8D", "9S"] and state.actor == 0


def test_player_orders_two_effects() -> None:
    """Heart and club: the player chooses the order; club first lets the heart swap the draw."""
    state = staged([["2S"], ["3C", "4H", "8D"]], displays=[["5H"], []], actor=1, top=["9S", "10S"])
    act(state, "play 3C 4H")
    assert state.phase == "order" and legal(state) == {"effect C", "effect H"}
    act(state, "effect C")
    assert state.hands[1] == ["8D", "9S"] and state.phase == "exchange"
    act(state, "exchange 9S")
    assert state.hands[1] == ["8D", "10S"] and state.actor == 0


def test_diamond_cancels_a_chosen_card_of_the_next_play() -> None:
    """The diamond's owner picks which card of the next opposing play loses its effect."""
    state = staged([["3D", "9C"], ["2S", "4C", "10H"]], top=["5H", "6H"])
    act(state, "play 3D")
    assert state.cancels == [1, 0]
    act(state, "play 2S 4C")
    assert state.phase == "cancel" and state.actor == 0
    assert legal(state) == {"cancel 2S", "cancel 4C"}
    act(state, "cancel 2S")
    assert state.hands[0] == ["9C"]  # the spade did nothing
    assert state.hands[1] == ["5H", "10H"]  # the club still drew
    assert state.cancelled[1] == ["2S"] and state.cancels == [0, 0]
    assert str(GAME.view(state, 0).zone("display1").label) == "Display (2♠ cancelled)"


def test_cancelled_diamond_cancels_nothing() -> None:
    """Cancelling an opposing diamond stops its own cancel; an uncancelled one arms."""
    state = staged([["3D", "9C"], ["5D", "6S", "10H"]], top=["5H", "6H"])
    act(state, "play 3D")
    act(state, "play 5D 6S")
    act(state, "cancel 5D")
    assert state.cancels == [0, 0]
    assert len(state.hands[0]) == 0  # the spade hit my last card
    other = staged([["3D", "9C", "2H"], ["5D", "6S", "10H"]])
    act(other, "play 3D")
    act(other, "play 5D 6S")
    act(other, "cancel 6S")
    assert other.cancels == [0, 1] and len(other.hands[0]) == 2


def test_single_card_cancel_is_automatic() -> None:
    """Against a single card the held cancel applies without a choice."""
    state = staged([["3D", "9C"], ["7C", "10H"]], top=["5H"])
    act(state, "play 3D")
    events = act(state, "play 7C")
    assert of_type(events, "effect")[0]["what"] == "cancel"
    assert state.hands[1] == ["10H"] and state.actor == 0


def test_deck_reshuffles_when_empty() -> None:
    """Drawing from an empty deck first shuffles the discards into a new deck."""
    state = staged([["6C", "2S"], ["3D"]], discards=["4H", "5H", "7S"])
    state.deck = []
    events = act(state, "play 6C")
    assert of_type(events, "reshuffle") == [
        {"type": "reshuffle", "cards": 3, "order": ["7S", "5H", "4H"]}
    ]
    assert "7S" in state.hands[0] and sorted(state.deck) == ["4H", "5H"] and state.discards == []


def test_card_just_thrown_away_is_reshuffled_too() -> None:
    """A heart's discard made this turn is among the discards shuffled into the new deck."""
    state = staged([["4H", "2S", "9C"], ["3D"]], discards=["5C", "6C"])
    state.deck = []
    act(state, "play 4H")
    events = act(state, "exchange 9C")
    assert of_type(events, "reshuffle")[0]["cards"] == 3
    assert state.discards == [] and len(state.deck) == 2
    assert state.hands[0][0] == "2S" and state.hands[0][1] in {"5C", "6C", "9C"}


# ---- round end ---------------------------------------------------------------------------------
def test_round_end_refills_loser_first_then_loser_effect() -> None:
    """Winner takes score cards and joker; loser draws to 7, then winner; then the club draws."""
    state = staged(
        [["2H"], ["4S"]],
        first=0,
        displays=[["9C"], ["5S", "3S"]],
        actor=0,
        top=[f"{r}D" for r in ("A", "2", "3", "4", "5", "6")] + [f"{r}H" for r in "3456789"],
    )
    events = act(state, "pass")
    draws = of_type(events, "draw")
    assert [d["seat"] for d in draws] == [0, 1]
    assert draws[0]["cards"] == ["AD", "2D", "3D", "4D", "5D", "6D"]
    assert state.taken[1] == ["KS"] and state.first == 1
    # the loser's display is a single club: its draw is automatic (8 cards next round)
    assert len(state.hands[0]) == 8 and len(state.hands[1]) == 7
    assert state.phase == "play" and state.actor == 1 and state.first_play
    assert state.display == [[], []] and "9C" in state.discards


def test_loser_chooses_one_effect_and_takes_a_card() -> None:
    """With two suits the loser picks one effect; a spade takes a card of the winner's display."""
    state = staged([["2H"], ["4S"]], first=0, displays=[["9C", "3S"], ["5D", "8H"]], actor=0)
    act(state, "pass")
    assert state.phase == "end_effect" and legal(state) == {"effect C", "effect S"}
    act(state, "effect S")
    assert state.phase == "take" and legal(state) == {"take 5D", "take 8H"}
    act(state, "take 8H")
    assert "8H" in state.hands[0] and len(state.hands[0]) == 8
    assert "5D" in state.discards and state.phase == "play"


def test_loser_heart_takes_back_own_card() -> None:
    """A heart loser takes a card of their own last display."""
    state = staged([["2H"], ["4S"]], first=0, displays=[["9H", "3H"], ["10D", "6S"]], actor=0)
    act(state, "pass")
    assert legal(state) == {"take 3H", "take 9H"}
    act(state, "take 9H")
    assert "9H" in state.hands[0]


def test_loser_diamond_adds_a_score_card_next_round() -> None:
    """A diamond loser turns two score cards next round."""
    state = staged([["2H"], ["4S"]], first=0, displays=[["9D"], ["10S"]], actor=0)
    act(state, "pass")
    assert len(state.prize) == 2 and not state.extra_flip


def test_loser_without_display_has_no_effect() -> None:
    """A responder who passes at once has no display and no effect."""
    state = staged([["2H"], ["4S", "8C"]], first=0, displays=[["9D"], []], actor=1)
    act(state, "pass")
    assert len(state.hands[1]) == 7 and len(state.prize) == 1 and state.phase == "play"


# ---- endings -------------------------------------------------------------------------------------
def test_three_points_end_the_game_at_once() -> None:
    """Reaching 3 points wins immediately, before any refill."""
    state = staged(
        [["2H"], ["4S"]],
        displays=[["9D"], ["10S"]],
        actor=0,
        prize=["KH"],
        taken=[[], ["JH", "QH", "KS", "KD", "KC"]],
    )
    events = act(state, "pass")
    assert [e.type for e in events][-2:] == ["round_end", "game_end"]
    result = GAME.result(state)
    assert result is not None and result.winners == (1,) and result.totals == (0, 3)
    assert GAME.to_act(state) == frozenset() and state.hands[0] == ["2H"]
    assert refused(state, "pass", seat=0) == "The match is over."


def test_last_score_card_ends_on_points() -> None:
    """With the score deck empty the last taking ends the game: more points wins."""
    state = staged(
        [["2H"], ["4S"]],
        displays=[["9D"], ["10S"]],
        actor=0,
        prize=["JC"],
        score_deck=[],
        taken=[["KS", "KH", "KD"], ["JS", "QD"]],
    )
    act(state, "pass")
    result = GAME.result(state)
    assert result is not None and result.winners == (0,) and result.places == (1, 2)


def test_last_score_card_tie_broken_by_card_count() -> None:
    """Equal points: more score cards wins."""
    state = staged(
        [["2H"], ["4S"]],
        displays=[["9D"], ["10S"]],
        actor=0,
        prize=["JC"],
        score_deck=[],
        taken=[["KS", "KH", "KD"], ["JS", "QS", "KC", "QD"]],
    )
    act(state, "pass")
    result = GAME.result(state)
    assert result is not None and result.totals == (1, 1) and result.winners == (1,)


def test_full_tie_is_a_draw() -> None:
    """Equal points and equal card counts: both share first place."""
    state = staged(
        [["2H"], ["4S"]],
        displays=[["9D"], ["10S"]],
        actor=0,
        prize=["JC"],
        score_deck=[],
        taken=[["KS", "KH", "KD", "QC"], ["JS", "QS", "KC"]],
    )
    act(state, "pass")
    result = GAME.result(state)
    assert result is not None and result.places == (1, 1) and result.winners == (0, 1)


def test_whole_match_ends_with_a_result() -> None:
    """Random matches end, with points consistent with the score cards taken."""
    for seed in range(20):
        state, result = play_match(GAME, 2, ["random"], seed=seed)
        assert isinstance(state, TrumpDuelState)
        assert result.totals == tuple(points(t) for t in state.taken)
        assert max(result.totals) >= 3 or not state.score_deck


def test_views_hide_the_other_hand() -> None:
    """A seat sees its own hand, only backs of the other, and the deck face down."""
    state = GAME.setup(2, None, 3)
    view = GAME.view(state, 0)
    assert "??" not in view.zone("hand0").cards
    assert set(view.zone("hand1").cards) == {"??"}
    assert set(view.zone("deck").cards) == {"??"}
    assert view.zone("prize").cards == tuple(state.prize)
    assert view.hints["deck"] == "standard"


def test_random_play_keeps_cards_and_refuses_nonsense() -> None:
    """Over random play, all 53 cards stay in play and nonsense is refused unchanged."""
    rnd = random.Random(5)
    state = GAME.setup(2, None, 11)
    assert isinstance(state, TrumpDuelState)
    while GAME.to_act(state):
        seat = state.actor
        zones = GAME.zones(state)
        assert sum(len(z.cards) for z in zones) == 53
        refused(state, "play 10X")
        act(state, str(rnd.choice(GAME.legal_actions(state, seat))))


def test_copy_and_a_world_keep_what_a_seat_knows() -> None:
    """Clones are independent; a world keeps own cards and publicly taken cards."""
    state = staged([["2H"], ["4S"]], first=0, displays=[["9C", "3S"], ["5D", "8H"]], actor=0)
    told = [*act(state, "pass"), *act(state, "effect S"), *act(state, "take 8H")]
    clone = GAME.clone(state)
    assert isinstance(clone, TrumpDuelState)
    clone.hands[0].clear()
    assert state.hands[0]
    guess = resample(GAME, state, 1, Memory.told(told, 1), Rng(3))
    assert isinstance(guess, TrumpDuelState)
    assert guess.hands[1] == state.hands[1] and "8H" in guess.hands[0]
    assert len(guess.hands[0]) == len(state.hands[0])
    assert sorted(guess.hands[0] + guess.deck) == sorted(state.hands[0] + state.deck)


def test_thumb_bot_plays_legal_moves_to_the_end() -> None:
    """The rule-of-thumb player finishes matches against itself and random."""
    against_random = [play_match(GAME, 2, ["thumb", "random"], seed=s)[1] for s in range(4)]
    assert [r.totals for r in against_random] == [(3, 0), (3, 0), (3, 1), (3, 0)]
    assert all(r.winners == (0,) for r in against_random)
    mirror = [play_match(GAME, 2, ["thumb"], seed=s)[1] for s in range(4)]
    assert [r.totals for r in mirror] == [(0, 3), (1, 3), (1, 3), (2, 2)]
    assert [r.winners for r in mirror] == [(1,), (1,), (1,), (0, 1)]


# ---- words: the total to beat, why a play does not top 10 or 20, a won round ----------
NAMES = ("Ann", "Bob")


def _reason(state: TrumpDuelState, text: str, lang: str) -> str:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, state.actor, text)
    return render(err.value.reason, lang, names=NAMES)


def _beat(state: TrumpDuelState) -> object:
    return next(c.value for c in GAME.view(state, 0).counters if c.id == "beat")


def test_the_total_to_beat_stays_on_while_effects_are_chosen() -> None:
    state = staged([["2H", "5C", "8D"], ["3S", "9C"]], first=0)
    assert _beat(state) == EMPTY, "nothing to beat before the round's opening play"
    act(state, "play 2H")
    assert state.phase == "exchange"  # Ann chooses the card her heart exchanges
    assert _beat(state) == 2
    act(state, "exchange 5C")
    assert state.phase == "play" and state.actor == 1
    assert _beat(state) == 2


def test_a_play_that_does_not_top_twenty_is_told_only_one_and_one_beats_it() -> None:
    state = staged([["3H"], ["9S", "8C", "AS"]], first=0, displays=[["10S", "10H"], []], actor=1)
    english = _reason(state, "play 9S 8C", "en")
    assert "20" in english and "1+1" in english
    assert "1+1" in _reason(state, "play 9S 8C", "ja")
    assert "1+1" in render(GAME.status(state, 1), "en") and "20" in render(GAME.status(state, 1))


def test_a_play_that_does_not_top_ten_is_told_a_single_one_beats_it() -> None:
    state = staged([["3H"], ["9S", "AS", "AC"]], first=0, displays=[["4D", "6C"], []], actor=1)
    english = _reason(state, "play 9S AS", "en")
    assert "a single 1" in english and "1 beats 10" in english
    assert "1を1枚" in _reason(state, "play 9S AS", "ja")
    assert "a single 1" in render(GAME.status(state, 1), "en")


def _told(events: list[Event], viewer: int, lang: str, memo: dict[str, Any]) -> list[str]:
    lines = []
    for event in events:
        for line in GAME.narrate(event.to_json(viewer, omniscient=False), viewer, memo):
            lines.append(render(line.msg, lang, names=NAMES))
    return lines


def test_a_won_round_says_whether_its_score_cards_made_a_point() -> None:
    # Bob passes: Ann takes the K♠ alone, which makes no set of three
    state = staged([["3H"], ["9S"]], first=0, displays=[["8D"], []], actor=1)
    events = act(state, "pass")
    english = _told(events, 1, "en", {})
    assert "Ann wins the round and takes K♠ (no new set of three: points still 0)" in english
    japanese = _told(events, 0, "ja", {})
    assert "あなたがラウンドに勝ち、♠Kを獲得（新しい3枚の組はなく0ポイントのまま）" in japanese
    assert not any("得点0" in line for line in japanese)
    # with two kings already taken, the third makes a set: a point
    state = staged(
        [["3H"], ["9S"]], first=0, displays=[["8D"], []], actor=1, taken=[["KH", "KD"], []]
    )
    events = act(state, "pass")
    assert "You win the round and take K♠ (a new set of three: points now 1)" in _told(
        events, 0, "en", {"points": {0: 0}}
    )


def test_one_and_one_beating_twenty_is_told_as_such() -> None:
    state = staged([["3H"], ["AS", "AH", "5C"]], first=0, displays=[["10S", "10H"], []], actor=1)
    lines = _told(act(state, "play AS AH"), 0, "en", {})
    assert "1+1 beats 20!" in lines and "1 beats 10!" not in lines


def test_the_one_check_of_a_play_lets_through_exactly_the_legal_plays() -> None:
    """At every play of random matches, every one- and two-card play of the hand is listed by
    `legal` exactly when `play_refusal` finds nothing against it, and a refused play is told
    that reason."""
    from itertools import combinations

    from tabletop.games.trump_duel_rules import play_refusal, total

    checked = 0
    for seed in range(6):
        state = GAME.setup(2, None, seed)
        rnd = random.Random(seed)
        while state.result is None:
            seat = state.actor
            if state.phase == "play":
                hand = state.hands[seat]
                legal = {str(a) for a in GAME.legal_actions(state, seat)}
                target = total(state.display[1 - seat])
                plays = [(c,) for c in hand] + list(combinations(hand, 2))
                for cards in plays:
                    text = str(GAME.normalize(Action("play", cards)))
                    reason = play_refusal(hand, cards, state.first_play, target)
                    assert (reason is None) == (text in legal), (text, reason)
                    if reason is not None:
                        with pytest.raises(IllegalAction) as refused:
                            GAME.apply(state, seat, text)
                        assert refused.value.reason == reason
                    checked += 1
            GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
    assert checked > 1000
