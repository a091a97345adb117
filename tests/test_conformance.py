"""One conformance suite over every registered game and every player count.

Random legal play (driven by hypothesis) checks after every action that: cards are conserved,
no serialized View or event shows a card its seat may not see, `legal_actions` is non-empty
exactly for the seats in `to_act`, every action's text round-trips, illegal actions raise and
change nothing, clones are independent, a world the game's sampler deals for a seat about to
choose looks the same to it (the one world-builder, shared with the search player), an action
that names the zones it changed changed no other zone and no counter, `choices` and
`apply_nth` (play by number) agree with `legal_actions` and `apply`; and that every match
ends, the same seed gives the same log, and logs replay.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections import Counter as Multiset
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.bots.worlds import Memory, resample
from tabletop.engine.actions import Action
from tabletop.engine.errors import IllegalAction, ParseError
from tabletop.engine.events import Event
from tabletop.engine.game import Game, Result, State
from tabletop.engine.log import LogWriter, replay
from tabletop.engine.registry import all_games, get_game
from tabletop.engine.rng import SECURE_FROM, Rng
from tabletop.engine.text import Msg
from tabletop.engine.views import BACK, Counter, View, Zone

WORD = re.compile(r"[^\W\d_]")
"""A letter of any script: a counter value with one is words, which must be a Msg."""

MAX_STEPS = 20_000
FULL_AUDIENCE = 6
"""Up to this many players every seat's views and events are checked after every action; at
bigger tables the spectator, the acting seats and a rotating pair of other seats are, so the
cost grows with the seat count instead of its square while every seat is still checked often."""
TOKEN = re.compile(r"[A-Za-z0-9+\-]+")

CASES = [
    pytest.param(game, n, id=f"{game.info.id}-{n}p")
    for game in all_games()
    for n in range(game.info.min_players, game.info.max_players + 1)
]


def all_cards(game: Game, state: State, zones: list[Zone] | None = None) -> Multiset[str]:
    """Every card in every zone (the state's, unless given), unmasked."""
    return Multiset(c for z in zones or game.zones(state) for c in z.cards)


def snapshot(game: Game, state: State, viewers: list[int | None]) -> str:
    """Everything observable about a state as text: every card, counter, acting seat and
    legal action, and the views of `viewers`."""
    return json.dumps(
        {
            "zones": [z.to_json() for z in game.zones(state)],
            "counters": [c.to_json() for c in game.counters(state)],
            "to_act": sorted(game.to_act(state)),
            "scores": state.match.scores,
            "legal": [[str(a) for a in game.legal_actions(state, s)] for s in range(state.players)],
            "views": [game.view(state, s).to_json() for s in viewers],
        },
        sort_keys=True,
        default=str,
    )


def hidden_only(
    game: Game, state: State, seats: list[int | None], zones: list[Zone] | None = None
) -> dict[int | None, set[str]]:
    """For each seat, the codes that lie only in zones it may not see (of the state's zones,
    unless given)."""
    zones = zones or game.zones(state)
    out: dict[int | None, set[str]] = {}
    for seat in seats:
        seen: set[str] = set()
        unseen: set[str] = set()
        for z in zones:
            (seen if z.seen_by(seat) else unseen).update(z.cards)
        out[seat] = unseen - seen
    return out


def tokens(obj: Any) -> set[str]:
    """Every word-like token in a JSON-serialized object."""
    return set(TOKEN.findall(json.dumps(obj, ensure_ascii=False)))


def check_views(game: Game, state: State, seats: list[int | None], zones: list[Zone]) -> None:
    """No serialized view names a card hidden from its seat; masked zones hold only backs
    (`zones`: the state's)."""
    hidden = hidden_only(game, state, seats, zones)
    for seat in seats:
        view = game.view(state, seat)
        data = view.to_json()
        leaked = hidden[seat] & tokens(data)
        assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)} in its view"
        check_messages(view)
        for zone in view.zones:
            if not zone.seen_by(seat):
                assert set(zone.cards) <= {BACK}, f"zone {zone.id} is masked but shows faces"


def check_messages(view: View) -> None:
    """Everything a player reads is a message value, and the View names its card family."""
    labels = [view.status, *(z.label for z in view.zones), *(m.label for m in view.moves)]
    labels += [c.label for c in view.counters]
    assert all(isinstance(m, Msg) for m in labels), "a status or label is not a Msg"
    words = [c.id for c in view.counters if isinstance(c.value, str) and WORD.search(c.value)]
    assert not words, f"counters {words} hold words, not a Msg"
    assert view.hints.get("deck") == get_game(view.game).info.deck


def check_events(
    game: Game,
    state: State,
    events: list[Event],
    before: dict[int | None, set[str]] | None,
    audience: list[int | None],
    zones: list[Zone],
) -> None:
    """Per-seat events never name a card hidden from that seat.

    1. A seat's copy of an event may name, beyond what the spectator's copy names, only cards
       that seat sees before or after the action (else a Secret was given to the wrong seats).
    2. No copy may name a card hidden from its seat both before and after the action (else a
       secret was left unwrapped). A `deal` event is checked against
       every card hidden after it. When the action started a new round (`before` is None) only
       its `deal` events are checked. An action that reshuffles cards may show a card and hide
       it again where it was (thrown away, shuffled back, drawn again): it gets only check 1.
    """
    public = set().union(*(tokens(ev.to_json(None, omniscient=False)) for ev in events))
    reshuffled = any("shuffle" in ev.type for ev in events)
    hidden_after = hidden_only(game, state, audience, zones)
    for s in audience:
        after = hidden_after[s]
        for ev in events:
            mine = tokens(ev.to_json(s, omniscient=False))
            if ev.type == "deal":
                secret = after
            elif before is None or reshuffled:
                secret = set()
            else:
                secret = after & before[s]
            leaked = secret & mine
            if before is not None and s is not None:
                leaked |= (mine - public) & after & before[s]
            assert not leaked, f"event {ev.type} shows seat {s} hidden cards {sorted(leaked)}"


def check_legal(game: Game, state: State) -> None:
    """legal_actions is non-empty exactly for the seats in to_act, and texts round-trip."""
    acting = game.to_act(state)
    for seat in range(state.players):
        legal = game.legal_actions(state, seat)
        assert bool(legal) == (seat in acting), f"seat {seat}: to_act and legal_actions disagree"
        assert game.choices(state, seat) == len(legal), f"seat {seat}: choices miscounts"
        for action in legal:
            text = str(action)
            assert str(Action.parse(text)) == text
            assert game.parse_action(text) == action, f"{text!r} does not parse back"


def check_illegal(game: Game, state: State, rnd: random.Random, viewers: list[int | None]) -> None:
    """An action from the wrong seat and a nonsense action are refused without change."""
    acting = sorted(game.to_act(state))
    before = snapshot(game, state, viewers)
    idle = [s for s in range(state.players) if s not in acting]
    tries: list[tuple[int, str]] = [(acting[0], "play ZZ9"), (acting[0], "nonsense")]
    if idle:
        tries.append((rnd.choice(idle), str(game.legal_actions(state, acting[0])[0])))
    for seat, text in tries:
        with pytest.raises(IllegalAction) as err:
            game.apply(state, seat, text)
        assert err.value.reason, "an IllegalAction must carry a reason"
    with pytest.raises(ParseError):
        game.apply(state, acting[0], "  ")
    assert snapshot(game, state, viewers) == before, "a refused action changed the state"


def check_clone(game: Game, state: State, rnd: random.Random, viewers: list[int | None]) -> None:
    """A clone starts identical and playing on it leaves the original untouched."""
    before = snapshot(game, state, viewers)
    clone = game.clone(state)
    assert snapshot(game, clone, viewers) == before, "a clone differs from its original"
    for _ in range(5):
        acting = sorted(game.to_act(clone))
        if not acting:
            break
        seat = rnd.choice(acting)
        game.apply(clone, seat, rnd.choice(game.legal_actions(clone, seat)))
    assert snapshot(game, state, viewers) == before, "playing on a clone changed the original"


def check_numbered(game: Game, state: State, seed: int, viewers: list[int | None]) -> None:
    """On clones, `apply_nth` does what `apply` does with the same-numbered legal action (with
    or without the legal actions asked first), and a number outside them, or from a seat that
    need not act, is refused without change."""
    before = snapshot(game, state, viewers)
    rnd = random.Random(seed)
    acting = sorted(game.to_act(state))
    seat = rnd.choice(acting)
    by_name, by_number, asked = (game.clone(state, quiet=False) for _ in range(3))
    count = game.choices(by_number, seat)
    index = rnd.randrange(count)
    for bad in (-1, count):
        with pytest.raises(IllegalAction) as err:
            game.apply_nth(by_number, seat, bad)
        assert err.value.reason
    idle = [s for s in range(state.players) if s not in acting]
    if idle:
        with pytest.raises(IllegalAction):
            game.apply_nth(by_number, rnd.choice(idle), 0)
    assert snapshot(game, by_number, viewers) == before, "a refused number changed the state"
    named = game.apply(by_name, seat, game.legal_actions(by_name, seat)[index])
    game.legal_actions(asked, seat)
    for clone in (by_number, asked):
        numbered = game.apply_nth(clone, seat, index)
        assert [e.to_json(None, omniscient=True) for e in numbered] == [
            e.to_json(None, omniscient=True) for e in named
        ], "apply_nth told another story than apply"
        assert snapshot(game, clone, viewers) == snapshot(game, by_name, viewers), (
            "apply_nth left another state than apply"
        )
    assert snapshot(game, state, viewers) == before, "playing on clones changed the original"


class Told:
    """What each seat was told so far, as its Memory: the match's events, handed over lazily
    (only the seats whose worlds are checked pay for them)."""

    def __init__(self, opening: list[Event]) -> None:
        self.events = list(opening)
        self.memories: dict[int, tuple[Memory, int]] = {}

    def memory(self, seat: int) -> Memory:
        """`seat`'s memory of every event so far."""
        memory, fed = self.memories.get(seat, (Memory(), 0))
        memory.add(e.to_json(seat, omniscient=False) for e in self.events[fed:])
        self.memories[seat] = (memory, len(self.events))
        return memory


def check_world(game: Game, state: State, seat: int, told: Told, seed: int) -> None:
    """A world the game's sampler deals from what a seat about to choose was shown looks
    exactly the same to it, holds the same cards and waits for the same seats."""
    world = resample(game, state, seat, told.memory(seat), Rng(seed))
    assert game.view(world, seat).to_json() == game.view(state, seat).to_json(), (
        f"the world sampler changed what seat {seat} sees"
    )
    assert all_cards(game, world) == all_cards(game, state), "the sampler lost or made cards"
    assert game.to_act(world) == game.to_act(state), "the sampler changed who acts"


def check_touched(
    game: Game,
    state: State,
    before: tuple[list[Zone], list[Counter]],
    after: tuple[list[Zone], list[Counter]],
) -> None:
    """Where an action named the only zones it changed (`State.touched`), building just those
    one at a time turns the zones `before` it into those `after` it, and no counter changed."""
    touched = state.touched
    if touched is None:
        return
    zones, counters = before
    assert touched <= {z.id for z in zones}, f"unknown zones named: {sorted(touched)}"
    rebuilt = [game.zone(state, z.id) if z.id in touched else z for z in zones]
    assert rebuilt == after[0], "a zone changed that the action did not name"
    same = after[1] == counters and all(
        type(c.value) is type(b.value) for c, b in zip(after[1], counters, strict=True)
    )
    assert same, "a counter changed under an action that named its zones"


def watched(everyone: list[int | None], seat: int, step: int) -> list[int | None]:
    """The viewers whose events are checked at this step: all of them at small tables, else
    the spectator, the acting seat and two other seats that rotate with the step."""
    if len(everyone) <= FULL_AUDIENCE + 1:
        return everyone
    players = len(everyone) - 1
    return sorted(
        {None, seat, (seat + 1 + step) % players, (seat + 1 + 2 * step) % players},
        key=lambda s: -1 if s is None else s,
    )


def play_checked(
    game: Game, players: int, seed: int, rnd: random.Random, checks: bool = True
) -> tuple[list[str], Result]:
    """Play a whole random match (with every check unless told not to); log lines, result."""
    out = io.StringIO()
    state = game.setup(players, None, seed)
    writer = LogWriter(out, game, state)
    # The state's zones, made again after each action and after the checks that play on
    # copies (the other checks between actions leave the state as it is, and say so if not).
    zones = game.zones(state)
    counters = game.counters(state) if checks else []
    cards = all_cards(game, state, zones)
    everyone: list[int | None] = [None, *range(players)]
    told = Told(state.opening)
    if checks:
        at_setup = hidden_only(game, state, everyone, zones)
        check_events(game, state, state.opening, at_setup, everyone, zones)
    for step in range(MAX_STEPS):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = rnd.choice(acting)
        audience = watched(everyone, seat, step)
        if checks:
            check_legal(game, state)
            check_views(game, state, [everyone[step % len(everyone)], *acting[:1]], zones)
            if step % 7 == 0:
                check_illegal(game, state, rnd, audience)
            if step % 13 == 5:
                check_clone(game, state, random.Random(step), audience)
                check_numbered(game, state, step, audience)
                choosing = [s for s in acting if len(game.legal_actions(state, s)) > 1]
                if choosing:
                    check_world(game, state, choosing[step % len(choosing)], told, step)
                zones = game.zones(state)
        action = rnd.choice(game.legal_actions(state, seat))
        hidden_before = hidden_only(game, state, audience, zones) if checks else {}
        round_before = state.match.round
        was = (zones, counters)
        events = game.apply(state, seat, str(action))
        writer.action(seat, action, events)
        told.events.extend(events)
        zones = game.zones(state)
        counters = game.counters(state) if checks else []
        if checks:
            check_touched(game, state, was, (zones, counters))
            same_round = state.match.round == round_before
            before = hidden_before if same_round else None
            check_events(game, state, events, before, audience, zones)
        assert all_cards(game, state, zones) == cards, f"cards not conserved after {action}"
    else:
        pytest.fail(f"{game.info.id} did not end within {MAX_STEPS} actions")
    result = game.result(state)
    assert result is not None and len(result.places) == players
    assert result.winners and all(result.places[w] == 1 for w in result.winners)
    check_legal(game, state)
    return out.getvalue().splitlines(), result


PARTY = 12
"""From this many players on a case is party-scale: one random match instead of two."""

SEEDS = st.one_of(st.integers(0, 2**31 - 1), st.integers(SECURE_FROM, 2**129))
"""Short seeds (Mersenne Twister) and real-match seeds (the hash generator)."""


def conforms(game: Game, players: int, seed: int, rnd: random.Random) -> None:
    """Random legal play keeps every invariant, and its log replays."""
    lines, result = play_checked(game, players, seed, rnd)
    replayed = replay(lines)
    assert game.result(replayed.state) == result
    assert replayed.actions == sum(1 for line in lines if '"type":"action"' in line)


@pytest.mark.parametrize(("game", "players"), [c for c in CASES if c.values[1] < PARTY])
@settings(
    max_examples=2,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=SEEDS, rnd=st.randoms(use_true_random=False))
def test_random_play_conforms(game: Game, players: int, seed: int, rnd: random.Random) -> None:
    """Random legal play keeps every invariant, and its log replays (two matches a case)."""
    conforms(game, players, seed, rnd)


@pytest.mark.parametrize(("game", "players"), [c for c in CASES if c.values[1] >= PARTY])
@settings(
    max_examples=1,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=SEEDS, rnd=st.randoms(use_true_random=False))
def test_random_play_conforms_at_party_tables(
    game: Game, players: int, seed: int, rnd: random.Random
) -> None:
    """The same at party-scale tables, one match a case (every seat count still played)."""
    conforms(game, players, seed, rnd)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_same_seed_same_log(game: Game, players: int) -> None:
    """The same seed and the same choices give the identical log, for both generators."""
    for seed in (7, SECURE_FROM + 7):
        first, _ = play_checked(game, players, seed, random.Random(1), checks=False)
        second, _ = play_checked(game, players, seed, random.Random(1), checks=False)
        assert first == second
    other = game.setup(players, None, 8)
    assert [e.to_json() for e in other.opening] != [
        json.loads(line) for line in first[1 : 1 + len(other.opening)]
    ], "a different seed dealt the same cards"


@pytest.mark.parametrize(("game", "players"), CASES)
def test_play_by_number_is_play_by_name(game: Game, players: int) -> None:
    """A whole quiet match played by number (`choices`, `apply_nth`, as playouts play) ends
    exactly as the same choices made by name (`legal_actions`, `apply`)."""
    for seed in (11, SECURE_FROM + 11):
        by_name = game.setup(players, None, seed, quiet=True)
        by_number = game.setup(players, None, seed, quiet=True)
        pick_name, pick_number = Rng(seed), Rng(seed)
        for _ in range(MAX_STEPS):
            acting = sorted(game.to_act(by_name))
            assert sorted(game.to_act(by_number)) == acting
            if not acting:
                break
            seat = acting[-1]
            legal = game.legal_actions(by_name, seat)
            game.apply(by_name, seat, legal[pick_name.below(len(legal))])
            game.apply_nth(by_number, seat, pick_number.below(game.choices(by_number, seat)))
        assert game.result(by_number) == game.result(by_name) is not None
        assert by_number.match.scores == by_name.match.scores
