"""Whole random matches of every game, every message rendered in English and Japanese.

For each step and each seat: the status line, every zone and counter label, every counter
value that is a message, every move label, and the refusal of an action the seat may not take.
Rendered text must keep no `{placeholder}`, name no raw card code of that state's zones, and a
message with a real Japanese translation must read differently in Japanese.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator

import pytest

from tabletop.engine.errors import IllegalAction
from tabletop.engine.game import Game, State
from tabletop.engine.registry import all_games
from tabletop.engine.text import Msg
from tabletop.engine.views import View
from tabletop.i18n import render_value
from tabletop.i18n.catalog import catalogue

LEFTOVER = re.compile(r"\{\w*\}")
JA = catalogue("ja")
GAMES = {g.info.id: g for g in all_games()}
MAX_STEPS = 400


def code_pattern(state: State, game: Game) -> re.Pattern[str]:
    """Every card code in the state's zones as a whole word."""
    codes = {c for z in game.zones(state) for c in z.cards if c != "??"}
    alternatives = "|".join(sorted(map(re.escape, codes), key=len, reverse=True)) or "(?!)"
    return re.compile(rf"(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])")


def messages(view: View) -> Iterator[Msg]:
    """Every message of a View."""
    yield view.status
    for zone in view.zones:
        yield zone.label
    for counter in view.counters:
        yield counter.label
        if isinstance(counter.value, Msg):
            yield counter.value
    for move in view.moves:
        yield move.label


def refusal(game: Game, state: State, seat: int, rnd: random.Random) -> Msg | None:
    """The reason the seat's copy of some other card play is refused (None if it is legal)."""
    legal = {str(a) for a in game.legal_actions(state, seat)}
    cards = [c for z in game.zones(state) for c in z.cards if c != "??"]
    tries = [f"play {rnd.choice(cards)}"] if cards else []
    tries += ["pass", "bogus X1"]
    for text in tries:
        if text in legal:
            continue
        before = json.dumps(game.view(state, seat).to_json(), sort_keys=True)
        try:
            game.apply(state, seat, text)
        except IllegalAction as err:
            assert json.dumps(game.view(state, seat).to_json(), sort_keys=True) == before
            return err.reason
        raise AssertionError(f"{text!r} was applied though not listed as legal")
    return None


def check(msg: Msg, view: View, codes: re.Pattern[str]) -> None:
    """One message rendered both ways."""
    deck = str(view.hints.get("deck", "standard"))
    en = render_value(msg, "en", view.names, deck)
    ja = render_value(msg, "ja", view.names, deck)
    for text in (en, ja):
        assert not LEFTOVER.search(text), f"placeholder left in {text!r} ({msg!r})"
        found = codes.search(text)
        assert found is None, f"raw card code {found.group(0)!r} in {text!r}" if found else ""
    translated = JA.get((msg.context, msg.text))
    if translated is not None and translated != msg.text:
        assert ja != en, f"{msg!r} reads the same in Japanese: {ja!r}"
    assert Msg.from_json(json.loads(json.dumps(msg.to_json()))) == msg


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_message_of_a_random_match_renders_in_both_languages(game_id: str, seed: int) -> None:
    game = GAMES[game_id]
    players = min(game.info.min_players + seed - 1, game.info.max_players)
    rnd = random.Random(seed)
    options = {"games": 2} if game_id == "triq" else {}
    state = game.setup(players, options, seed)
    seen: set[str] = set()
    for _ in range(MAX_STEPS):
        codes = code_pattern(state, game)
        for seat in (None, *range(players)):
            view = game.view(state, seat)
            assert view.hints.get("deck") == game.info.deck
            data = view.to_json()
            assert View.from_json(json.loads(json.dumps(data))).to_json() == data
            for msg in messages(view):
                check(msg, view, codes)
                seen.add(msg.text)
            if seat is not None:
                reason = refusal(game, state, seat, rnd)
                if reason is not None:
                    check(reason, view, codes)
                    seen.add(reason.text)
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = rnd.choice(acting)
        game.apply(state, seat, rnd.choice(list(game.legal_actions(state, seat))))
    assert len(seen) >= 10, f"only {len(seen)} distinct messages seen"
    result = game.result(state)
    if result is not None:
        check(result.tiebreak, game.view(state, None), code_pattern(state, game))
