"""The wire form of every seat's View equals `View.build`, byte for byte, at every step.

The host writes each seat's `view` and `patch` frames from `ViewTexts`, which shares the work
between seats and keeps texts from the moment before; `Game.view` (through `View.build`) is
the one rule of what a seat may see. This differential test plays whole matches of every game
at its smallest, usual and largest table, with random and rule-of-thumb players on several
seeds, and at every step compares, for every seat and a spectator, the frame the host would
send with the View's own JSON text, and the patch the host would send with the View it must
make of the client's last one. The host's three ways of building the texts (from nothing,
from the moment before, from the zones the actions touched) and its batching of several
actions into one update are all taken. The last tests patch the text path to leak a hidden
card or drop a seen one, and see the check fail.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tabletop.bench import usual_count
from tabletop.bots.base import feed, make_bot
from tabletop.engine.game import Game
from tabletop.engine.registry import all_games, get_game
from tabletop.net import messages as msg
from tabletop.net.framing import HEADER


def _text(obj: Any) -> str:
    """JSON text as the host writes it."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def play_and_compare(game: Game, players: int, seed: int, policy: str, steps: int = 10_000) -> int:
    """Play one match (`policy`: "random" or "thumb" for every seat) and check every seat's and
    a spectator's wire frames against `Game.view` at every update; the updates checked."""
    state = game.setup(players, None, seed)
    rnd = random.Random(seed)
    bots = {s: make_bot(game.info.id, policy, seed * 100 + s) for s in range(players)}
    feed(bots, state.opening)
    audience: list[int | None] = [None, *range(players)]
    cache = msg.TextCache(limit=200)
    texts: msg.ViewTexts | None = None
    touched: frozenset[str] | None = frozenset()
    sent: dict[int | None, tuple[msg.SeatView, str, dict[str, Any] | None]] = {}
    seq = updates = 0
    while True:
        # As the host does: from the moment before with what the actions touched, from the
        # moment before alone, or (a client joining late, a host resumed) from nothing.
        way = rnd.random()
        prev = None if way < 0.1 else texts
        texts = msg.ViewTexts(game, state, cache, prev, touched if way > 0.3 else None)
        touched = frozenset()
        updates += 1
        views = {seat: game.view(state, seat) for seat in audience}
        for seat, engine_view in views.items():
            want = _text({"type": "view", "seq": seq, **engine_view.to_json()})
            view = texts.seat_view(seat)
            assert view.frame(seq) == want, f"view of seat {seat} at step {seq}"
            assert view.frame_bytes(seq)[HEADER:] == want.encode("utf-8")
            wanted = None
            if seat in sent:
                last, had, was = sent[seat]
                patch = view.patch(seq, last)
                if patch is not None:
                    assert view.patch_bytes(seq, last)[HEADER:] == patch.encode("utf-8")
                    was = json.loads(had) if was is None else was
                    got = msg.apply_patch(was, msg.parse_host(json.loads(patch)))
                    wanted = json.loads(want)
                    assert got == wanted, f"patch of seat {seat} at step {seq}"
            sent[seat] = (view, want, wanted)
        if state.result is not None or seq >= steps:
            return updates
        # One action, or now and then two applied before the host writes the frames.
        for n in range(2 if rnd.random() < 0.15 else 1):
            acting = sorted(game.to_act(state))
            if not acting:
                break
            seat = rnd.choice(acting)
            action = bots[seat].choose(views[seat] if n == 0 else game.view(state, seat))
            events = game.apply(state, seat, action)
            feed(bots, events)
            more = state.touched
            touched = None if touched is None or more is None else touched | more
            seq += 1
            if state.result is not None:
                break


def counts(game: Game) -> list[int]:
    """The smallest, usual and largest table of a game."""
    info = game.info
    return sorted({info.min_players, usual_count(game), info.max_players})


def cases(big: bool) -> list[Any]:
    """Every game at each of its table sizes: those over eight seats (`big`) or the others."""
    return [
        pytest.param(game, n, id=f"{game.info.id}-{n}p")
        for game in all_games()
        for n in counts(game)
        if (n > 8) == big
    ]


@pytest.mark.parametrize(("game", "players"), cases(big=False))
def test_wire_views_equal_engine_views(game: Game, players: int) -> None:
    """A random and a rule-of-thumb match: every frame is the View."""
    updates = play_and_compare(game, players, 1000 + players, "random")
    updates += play_and_compare(game, players, 2000 + players, "thumb")
    assert updates > 2


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), cases(big=False))
def test_wire_views_equal_engine_views_on_more_seeds(game: Game, players: int) -> None:
    """Two more seeds of each: every frame is the View."""
    updates = 0
    for seed in (3, 4):
        for policy in ("random", "thumb"):
            updates += play_and_compare(game, players, 1000 * seed + players, policy)
    assert updates > 4


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), cases(big=True))
def test_wire_views_equal_engine_views_at_big_tables(game: Game, players: int) -> None:
    """%triq and Vulture Party at full tables: a random match (and a rule-of-thumb one of
    %triq, whose matches are short)."""
    updates = play_and_compare(game, players, 7, "random")
    if game.info.id == "triq":
        updates += play_and_compare(game, players, 8, "thumb")
    assert updates > 2


MUTANTS = {
    "leak-in-view": "view of seat 0",
    "drop-own-cards": "view of seat",
    "leak-in-patch": "patch of seat",
}


@pytest.mark.parametrize("mutant", MUTANTS)
def test_a_text_path_that_leaks_or_drops_fails(
    monkeypatch: pytest.MonkeyPatch, mutant: str
) -> None:
    """The cheater's text path: seat 0 reads seat 1's hand, or a seat loses its own cards, in
    a full view or only in a patch; the comparison catches each."""
    if mutant == "leak-in-view":
        real = msg.ViewTexts.zone_text

        def zone_text(self: msg.ViewTexts, index: int, seat: int | None) -> str:
            zone = self._zones[index]
            if seat == 0 and zone.visible and 1 in zone.visible and zone.cards:
                return self._faces[index]
            return real(self, index, seat)

        monkeypatch.setattr(msg.ViewTexts, "zone_text", zone_text)
        monkeypatch.setattr(msg.ViewTexts, "seat_zones", _all_zone_texts)
    elif mutant == "drop-own-cards":
        real_zones = msg.ViewTexts.seat_zones

        def seat_zones(self: msg.ViewTexts, seat: int | None) -> list[str]:
            zones = list(real_zones(self, seat))
            for i in range(self.zone_count):
                if seat is not None and self._zones[i].visible and seat in self._zones[i].visible:
                    zones[i] = self.zone_text(i, None)
            return zones

        monkeypatch.setattr(msg.ViewTexts, "seat_zones", seat_zones)
    else:
        real_plan = msg.ViewTexts.plan

        def plan(self: msg.ViewTexts) -> Any:
            out = real_plan(self)
            if out is None:
                return None
            # Every seat outside a changed hand is handed its faces as the patch entry.
            return [(i, self._faces[i], special) for i, _common, special in out]

        monkeypatch.setattr(msg.ViewTexts, "plan", plan)
    game = get_game("hagetaka")
    with pytest.raises(AssertionError, match=MUTANTS[mutant]):
        for seed in (1, 2, 3):
            play_and_compare(game, 3, seed, "random", steps=30)


def _all_zone_texts(self: msg.ViewTexts, seat: int | None) -> list[str]:
    return [self.zone_text(i, seat) for i in range(self.zone_count)]
