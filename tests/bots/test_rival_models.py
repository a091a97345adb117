"""Worlds the search deals hold what rivals are likely to hold and to have chosen, by a model of
how they play (the playouts' players, or the rule-of-thumb player), not a random deal."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from tabletop.bots.base import make_bot
from tabletop.bots.hagetaka import bid_rank
from tabletop.bots.hagetaka_party import near_best, remembered_worth
from tabletop.bots.interaction import infer_kept, last_plays, rated_best
from tabletop.bots.triq import (
    TRUST,
    Scorer,
    Sighting,
    is_thumb_pick,
    play_scorer,
    ruled_out,
    sightings,
    thumb_pick,
)
from tabletop.bots.worlds import Memory, hidden_count, unseen_pool, world_sampler
from tabletop.engine.game import Game, State
from tabletop.engine.registry import get_game
from tabletop.engine.rng import Rng
from tabletop.engine.views import View
from tabletop.games.hagetaka_party import MARKER_BATTLE, PartyState
from tabletop.games.interaction import JOKER, InteractionState
from tabletop.games.triq import TriqState
from tabletop.games.triq_rules import play_moves
from tabletop.games.vulture import NUMBER, SCORE_VALUE, VultureState, by_number, pile_total

WORLDS = 300
AGREE = 0.75
"""The model picks its own choice but now and then (WHIM) one at random: a world agrees with
the model's choice far more often than this, a random deal far less often."""


def sealed_decisions(game_id: str, zone: str, players: int) -> Iterator[tuple[int, View, int]]:
    """(seat, view, rival) where the seat chooses after `rival` sealed its choice in `zone`."""
    game: Game[State] = get_game(game_id)
    for seed in range(1, 40):
        state = game.setup(players, None, seed)
        rng = Rng(seed)
        for _ in range(400):
            acting = sorted(game.to_act(state))
            if not acting:
                break
            for seat in acting[1:]:
                view = game.view(state, seat)
                sealed = [i for i in range(players) if hidden_count(view, f"{zone}{i}")]
                if sealed and len(view.moves) > 1:
                    yield seat, view, sealed[0]
            game.apply_nth(state, acting[0], rng.below(game.choices(state, acting[0])))


def test_a_battle_that_showed_the_hands_deals_the_rivals_exactly_those_cards() -> None:
    """Vulture Rounds, rounds 2 and 3: a battle shows its participants each other's hands, so
    in every world a rival participant that has sealed its bid holds, hand and bid together,
    the cards it was shown with less what it bid since (its true cards), and only which of them
    it sealed is a guess."""
    game: Game[VultureState] = get_game("hagetaka")
    sampler = world_sampler("hagetaka")
    assert sampler is not None
    rng = Rng(19)
    checked = 0
    for seed in range(1, 30):
        state = game.setup(4, None, seed)
        memories = [Memory.told(state.opening, i) for i in range(4)]
        play = Rng(seed)
        while game.to_act(state) and checked < 6:
            acting = sorted(game.to_act(state))
            for seat in acting:
                view = game.view(state, seat)
                rivals = [i for i in state.participants if i != seat and state.bids[i]]
                if state.phase == "bid" and state.shown and seat in state.participants and rivals:
                    rival = rivals[0]
                    bid = state.bids[rival]
                    assert bid is not None
                    truth = Counter([*state.hands[rival], bid])
                    worlds = [sampler(game, view, memories[seat], rng) for _ in range(60)]
                    assert all(Counter([*w.hands[rival], w.bids[rival]]) == truth for w in worlds)
                    checked += 1
            events = game.apply_nth(state, acting[0], play.below(game.choices(state, acting[0])))
            for i, memory in enumerate(memories):
                memory.add(e.to_json(i, omniscient=False) for e in events)
        if checked >= 6:
            return
    raise AssertionError("no bid after a rival's sealed bid in a battle that showed the hands")


def model_bid(world: VultureState, rival: int) -> str:
    """The bid the playout model picks (WHIM aside) from the rival's hand and bid together."""
    bid = world.bids[rival]
    assert bid is not None
    bids = list(dict.fromkeys(by_number([*world.hands[rival], bid])))
    unturned = [SCORE_VALUE[c] for c in world.stack]
    return bids[bid_rank(len(bids), pile_total(world.pile), unturned)]


def test_a_rivals_sealed_bid_is_the_one_the_model_would_bid() -> None:
    """Vulture Rounds: over many worlds a rival's face-down bid is the model's bid for the
    hand that world dealt it, far more often than a random card would be."""
    game = get_game("hagetaka")
    sampler = world_sampler("hagetaka")
    assert sampler is not None
    rng = Rng(11)
    for checked, (seat, view, rival) in enumerate(sealed_decisions("hagetaka", "bid", 4), 1):
        worlds = [sampler(game, view, Memory(), rng) for _ in range(WORLDS)]
        choices = {w.bids[rival] for w in worlds}
        assert len(choices) > 1  # still a guess: the hands differ from world to world
        agree = sum(w.bids[rival] == model_bid(w, rival) for w in worlds) / WORLDS
        assert agree > AGREE, (seat, rival, agree)
        if checked == 5:
            return
    raise AssertionError("no decision after a rival's sealed bid")


@pytest.mark.slow
def test_a_rivals_face_down_plot_is_one_the_model_finds_best() -> None:
    """Vulture Party: a rival's face-down plot is, in most worlds, among the battles the model
    finds (nearly) best for the hand that world dealt it."""
    game = get_game("hagetaka-party")
    sampler = world_sampler("hagetaka-party")
    assert sampler is not None
    rng = Rng(13)
    checked = 0
    for _seat, view, rival in sealed_decisions("hagetaka-party", "plot", 4):
        if view.moves[0].act.verb != "plot":
            continue
        worlds: list[PartyState] = [sampler(game, view, Memory(), rng) for _ in range(WORLDS)]
        agree = 0
        for w in worlds:
            plot = w.plots[rival]
            assert plot is not None
            options = [m for m in w.sheets[rival] if m != plot] + [plot]
            hand = tuple(sorted(NUMBER[c] for c in w.hands[rival]))
            rivals = (w.players - 1) / len(options)
            worths = {
                m: remembered_worth(hand, tuple(w.table[MARKER_BATTLE[m] - 1]), rivals)
                for m in options
            }
            near = {near_best(worths, Rng(k)) for k in range(40)}
            agree += plot in near
        assert agree / WORLDS > AGREE, (rival, agree / WORLDS)
        checked += 1
        if checked == 3:
            return
    raise AssertionError("no plot chosen after a rival's face-down plot")


def interaction_decisions(seed: int) -> Iterator[tuple[InteractionState, View, Memory]]:
    """Interaction among rule-of-thumb players: (state, view, memory) at seat 0's turns."""
    game: Game[InteractionState] = get_game("interaction")
    state = game.setup(4, None, seed)
    memory = Memory.told(state.opening, 0)
    players = [make_bot("interaction", "thumb", seed + i) for i in range(4)]
    while game.to_act(state):
        seat = min(game.to_act(state))
        view = game.view(state, seat)
        if seat == 0 and state.phase == "play":
            yield state, view, memory
        events = game.apply(state, seat, players[seat].choose(view))
        memory.add(e.to_json(0, omniscient=False) for e in events)


@pytest.mark.slow
def test_a_rivals_kept_cards_make_its_last_play_the_rule_of_thumbs_choice() -> None:
    """Interaction: the cards a rival kept from its last play are drawn so that the play is
    the one the rule-of-thumb player rates best with them (the model now and then allows
    another), far more often than cards drawn at random from the unseen ones."""
    game = get_game("interaction")
    rng = Rng(17)
    model: list[float] = []
    blind: list[float] = []
    turns = (turn for seed in range(5, 12) for turn in interaction_decisions(seed))
    for state, view, memory in turns:
        seen = last_plays(memory)
        if len(seen) < 4 or state.turn < 6:
            continue
        pool = [c for c in unseen_pool(game, view) if c != JOKER]
        for rival in (1, 2, 3):
            sighting = seen[rival]
            size = len(state.hands[rival]) - sighting.drawn
            inferred = [infer_kept(sighting, size, list(pool), rng) for _ in range(WORLDS)]
            assert all(set(kept) <= set(pool) and len(kept) == size for kept in inferred)
            model.append(sum(rated_best(sighting, kept) > 0 for kept in inferred) / WORLDS)
            randomly = [rng.sample(pool, size) for _ in range(WORLDS)]
            blind.append(sum(rated_best(sighting, kept) > 0 for kept in randomly) / WORLDS)
        if len(model) >= 9:
            break
    assert len(model) >= 9, "too few turns after every rival had played"
    assert sum(model) / len(model) > 0.9
    assert sum(blind) / len(blind) < AGREE


def triq_decisions(players: int, seed: int) -> Iterator[tuple[TriqState, View, Memory]]:
    """%triq among rule-of-thumb players: (state, view, memory) at seat 0's plays."""
    game: Game[TriqState] = get_game("triq")
    state = game.setup(players, None, seed)
    memory = Memory.told(state.opening, 0)
    bots = [make_bot("triq", "thumb", seed + i) for i in range(players)]
    while game.to_act(state):
        (seat,) = game.to_act(state)
        view = game.view(state, seat)
        if seat == 0 and state.phase == "play":
            yield state, view, memory
        events = game.apply(state, seat, bots[seat].choose(view))
        memory.add(e.to_json(0, omniscient=False) for e in events)


def test_a_triq_rival_is_never_dealt_a_card_its_moves_showed_it_lacks() -> None:
    """%triq: a rival that let a ten go, did not counter a joker, passed under しばり or handed
    over a card holds none of the cards the rule-of-thumb player would have used instead (the
    true hands never do), and every world deals it none; a random deal often would."""
    game = get_game("triq")
    sampler = world_sampler("triq")
    assert sampler is not None
    rng = Rng(23)
    ruled = blind = pairs = checked = 0
    for players, seed in ((4, 1), (4, 2), (6, 3), (6, 4)):
        for state, view, memory in triq_decisions(players, seed):
            lacks = ruled_out(memory)
            pool = unseen_pool(game, view)
            for rival in range(1, players):
                hand = state.hands[rival]
                assert not lacks.get(rival, frozenset()) & set(hand), (players, seed, rival)
                ruled += len(lacks.get(rival, frozenset()) & set(pool))
            world = sampler(game, view, memory, rng)
            for rival, cards in lacks.items():
                assert not cards & set(world.hands[rival]), (players, seed, rival)
                size = len(world.hands[rival])
                blind += bool(cards & set(rng.sample(pool, size)))
                pairs += 1
            checked += 1
    assert checked > 40
    assert ruled / (checked * 3) > 1, "the moves rule out too little to matter"
    assert blind / pairs > 0.15


def explains(sighted: list[Sighting], hand: list[str]) -> bool:
    """Whether every one of a rival's plays is the model's own with this hand."""
    return all(sighting.chance(hand) > TRUST for sighting in sighted)


def fixed(score: Scorer) -> Callable[[], Scorer]:
    """A scorer that is already made."""
    return lambda: score


def test_a_triq_rival_s_true_hand_explains_each_of_its_plays_and_the_worlds_follow() -> None:
    """%triq: rebuilt from what this seat saw (the table each play was made at, what the rival
    played, handed over and was handed since), every play a rule-of-thumb rival made is the one
    the model would make with the hand it truly held; the worlds the search picks explain the
    plays far better than a plain deal of the unseen cards does."""
    game = get_game("triq")
    sampler = world_sampler("triq")
    assert sampler is not None
    rng = Rng(29)
    plays = checked = 0
    picked: list[bool] = []
    blind: list[bool] = []
    for players, seed in ((4, 5), (4, 6), (6, 7), (6, 8)):
        for state, view, memory in triq_decisions(players, seed):
            seen = sightings(memory)
            for rival, sighted in seen.items():
                if rival == 0:
                    continue
                for sighting in sighted:
                    assert sighting.chance(state.hands[rival]) > TRUST, (players, seed, rival)
                    plays += 1
            rivals = [r for r in seen if r and len(seen[r]) >= 2]
            if not rivals:
                continue
            pool = unseen_pool(game, view)
            for rival in rivals:
                world = sampler(game, view, memory, rng)
                picked.append(explains(seen[rival], world.hands[rival]))
                size = len(state.hands[rival])
                blind.append(explains(seen[rival], rng.sample(pool, size)))
            checked += 1
    assert plays > 100 and checked > 20
    assert sum(picked) / len(picked) > 0.85
    assert sum(blind) / len(blind) < 0.6


def test_the_quick_check_of_a_triq_play_agrees_with_the_rule_of_thumb() -> None:
    """`is_thumb_pick`, which stops scoring once another play beats the one asked about, says
    yes for exactly the play `thumb_pick` makes, in random hands at the tables rivals saw."""
    game = get_game("triq")
    rng = Rng(31)
    asked = 0
    for _, view, memory in triq_decisions(4, 9):
        pool = unseen_pool(game, view)
        for sighted in sightings(memory).values():
            for sighting in sighted:
                hand = sighting.hand_then(rng.sample(pool, min(6, len(pool))))
                moves = play_moves(
                    hand, sighting.top, sighting.total, sighting.shibari, sighting.joker
                )
                score = play_scorer(
                    hand, sighting.out, sighting.total, sighting.shibari, 5, len(pool)
                )
                pick = moves[thumb_pick(moves, fixed(score))]
                asked_about = [is_thumb_pick(moves, m, fixed(score)) for m in moves]
                assert asked_about == [m == pick for m in moves]
                asked += len(moves)
    assert asked > 200
