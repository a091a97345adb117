"""Narration over whole random matches of every game, told to every seat and omnisciently.

Every event gets at least one omniscient line; a seat's narration names no card hidden from it
both before and after the action (mirroring `check_events` of tests/test_conformance.py); every
line renders in English and Japanese with no placeholder or raw card code left.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.engine.events import Event
from tabletop.engine.game import Game, Line, State
from tabletop.engine.registry import all_games
from tabletop.engine.text import Card, Cards, Msg
from tabletop.i18n import render

LEFTOVER = re.compile(r"\{\w*\}")
GAMES = {g.info.id: g for g in all_games()}
MAX_STEPS = 1500
FULL_AUDIENCE = 6
"""Up to this many players every seat's narration is checked at every step."""
CASES = [
    pytest.param(game_id, n, id=f"{game_id}-{n}p")
    for game_id in sorted(GAMES)
    for n in sorted({GAMES[game_id].info.min_players, GAMES[game_id].info.max_players})
]


def named(msg: Msg) -> Iterator[str]:
    """Every card code a message names, nested messages included."""
    for _key, value in msg.params:
        if isinstance(value, Card):
            yield value.code
        elif isinstance(value, Cards):
            yield from value.codes
        elif isinstance(value, Msg):
            yield from named(value)


def hidden_only(game: Game, state: State, seat: int | None) -> set[str]:
    """The codes that lie only in zones `seat` may not see."""
    seen: set[str] = set()
    unseen: set[str] = set()
    for zone in game.zones(state):
        (seen if zone.seen_by(seat) else unseen).update(zone.cards)
    return unseen - seen


def code_pattern(state: State, game: Game) -> re.Pattern[str]:
    """Every card code in the state's zones as a whole word."""
    codes = {c for z in game.zones(state) for c in z.cards if c != "??"}
    alternatives = "|".join(sorted(map(re.escape, codes), key=len, reverse=True)) or "(?!)"
    return re.compile(rf"(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])")


class Narrators:
    """One memo per viewer, as the table and the replay command keep them."""

    def __init__(self, game: Game, players: int) -> None:
        self.game = game
        self.seats: list[int | None] = [None, *range(players)]
        self.memos: dict[Any, dict[str, Any]] = {s: {} for s in self.seats}
        self.memos["omniscient"] = {}

    def omniscient(self, event: Event) -> list[Line]:
        """The omniscient narrator's lines."""
        return self.game.narrate(event.to_json(), None, self.memos["omniscient"])

    def seat(self, event: Event, seat: int | None) -> list[Line]:
        """The lines of the event as `seat` (None: a spectator) received it."""
        return self.game.narrate(event.to_json(seat, omniscient=False), seat, self.memos[seat])


def check_rendered(lines: list[Line], names: list[str], deck: str, codes: re.Pattern[str]) -> None:
    """Every line renders in both languages without placeholders or card codes."""
    for line in lines:
        for lang in ("en", "ja"):
            text = render(line.msg, lang, names, deck)
            assert text, f"empty line {line.msg!r}"
            assert not LEFTOVER.search(text), f"placeholder left in {text!r}"
            found = codes.search(text)
            assert found is None, f"raw card code in {text!r}" if found else ""


def watched(players: int, seat: int, step: int) -> list[int | None]:
    """The viewers checked at this step: everyone at small tables, else the spectator, the
    acting seat and two seats that rotate with the step (every seat still hears every event)."""
    if players <= FULL_AUDIENCE:
        return [None, *range(players)]
    return [None, *sorted({seat, (seat + 1 + step) % players, (seat + 1 + 2 * step) % players})]


def play(game: Game, players: int, seed: int) -> None:
    """A whole random match, narrated to everyone after every action."""
    rnd = random.Random(seed)
    state = game.setup(players, seed=seed)
    names = [f"Name{chr(65 + i)}" for i in range(players)]
    deck = game.info.deck
    tell = Narrators(game, players)
    batches: list[tuple[list[Event], bool]] = [(list(state.opening), True)]
    steps = 0
    audience: list[int | None] = list(tell.seats)
    before: dict[int | None, set[str]] = {}
    while True:
        events, fresh = batches.pop()
        after = {s: hidden_only(game, state, s) for s in audience}
        codes = code_pattern(state, game)
        reshuffled = any("shuffle" in ev.type for ev in events)
        for ev in events:
            lines = tell.omniscient(ev)
            assert lines, f"event {ev.type} has no omniscient line"
            check_rendered(lines, names, deck, codes)
            public = {c for line in tell.seat(ev, None) for c in named(line.msg)}
            for s in tell.seats[1:]:
                seat_lines = tell.seat(ev, s)
                if s not in audience:
                    continue
                check_rendered(seat_lines, names, deck, codes)
                mine = {c for line in seat_lines for c in named(line.msg)}
                if ev.type == "deal":
                    secret = after[s]
                elif fresh or reshuffled:
                    secret = set()
                else:
                    secret = after[s] & before[s]
                leaked = secret & mine
                if not fresh:
                    leaked |= (mine - public) & after[s] & before[s]
                assert not leaked, f"{ev.type} tells seat {s} hidden cards {sorted(leaked)}"
        if game.result(state) is not None or steps >= MAX_STEPS:
            break
        seat = rnd.choice(sorted(game.to_act(state)))
        action = rnd.choice(list(game.legal_actions(state, seat)))
        audience = watched(players, seat, steps)
        before = {s: hidden_only(game, state, s) for s in audience}
        round_before = state.match.round
        events = game.apply(state, seat, action)
        batches.append((events, state.match.round != round_before))
        steps += 1
    assert game.result(state) is not None, "the random match did not end"


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_narration_of_a_random_match(game_id: str, players: int) -> None:
    """Every event is told; no seat is told a card hidden from it; every line renders."""
    play(GAMES[game_id], players, seed=players * 7 + 1)


def test_a_round_nobody_won_names_no_best_and_a_deal_game_says_deal() -> None:
    """ "Best: you, CPU 2 (0)" when all scored alike read as if both did well: say it plainly."""
    from tabletop.games.story import scored

    level = [
        render(line.msg, "en")
        for line in scored({"round": 2, "scores": [0, 0], "totals": [3, 1]}, 0)
    ]
    assert level[:2] == ["Round 2 is over", "Everyone scored 0 this round"]
    best = [
        render(line.msg, "ja")
        for line in scored({"round": 1, "scores": [0, 4], "totals": [0, 4]}, 0, "deal")
    ]
    assert best[:2] == ["第1ディール終了", "このディールの最高：プレイヤー2（4点）"]


def test_counts_read_as_english_words_not_card_s() -> None:
    """No "(s)": one card reads "a card", several "3 cards"; Japanese counts with 枚."""
    from tabletop.games.story import passed

    one = passed({"seat": 0, "to": 1, "cards": {"hidden": 1}}, 2).msg
    two = passed({"seat": 0, "to": 1, "cards": {"hidden": 2}}, 2).msg
    assert render(one, "en") == "Player 1 passed a card to Player 2"
    assert render(two, "en") == "Player 1 passed 2 cards to Player 2"
    assert render(two, "ja") == "プレイヤー1はプレイヤー2にカード2枚を渡した"
